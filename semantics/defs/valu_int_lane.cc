// VALU moves whose register number is computed (M0-relative v_movrel*) or
// that write two registers (v_swap_b32). They are raw handlers: the register
// index is a run-time value, which the GCN_VALU contexts do not model. Both
// paths run the same loop over the lanes (per lane, EXEC-masked); there is
// nothing to vectorise beyond a row copy.
//
//   V_MOVRELD_B32   VGPR[VDST_NUMBER + M0] = SRC0
//   V_MOVRELS_B32   VDST = VGPR[SRC0_NUMBER + M0]
//   V_MOVRELSD_B32  VGPR[VDST_NUMBER + M0] = VGPR[SRC0_NUMBER + M0]
//   V_SWAP_B32      TMP = VDST; VDST = SRC0; SRC0 = TMP
//
// An index past v255 stops the wave with an error naming it (as s_movrel*
// does for SGPRs past the allocation).
#include <string>

#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/operand_read.h"
#include "semantics/emulator/registry.h"

namespace gcn::sem {
namespace {

// VGPR number `base + M0`, or -1 after failing the wave.
int relVgpr(ExecEnv& e, const PInst& pi, uint32_t base, const char* role) {
  const uint64_t idx = uint64_t(base) + e.w.m0();
  if (idx >= uint64_t(kMaxVgprs)) {
    e.w.fail(std::string(pi.mnemonic()) + ": " + role + " v" + std::to_string(base) + " + M0 (" +
             std::to_string(e.w.m0()) + ") is past v255");
    return -1;
  }
  return int(idx);
}

// Copies lanes of `src` (a VGPR row, or a scalar value splat when null) into
// row `dst` under EXEC. Reads everything first so dst == src is harmless.
void copyLanes(ExecEnv& e, int dst, const uint32_t* src_row, uint32_t scalar) {
  uint32_t tmp[kLanes];
  for (int l = 0; l < kLanes; ++l) tmp[l] = src_row ? src_row[l] : scalar;
  const uint64_t exec = e.w.exec();
  for (int l = 0; l < kLanes; ++l)
    if ((exec >> l) & 1) e.w.v[dst][l] = tmp[l];
}

void movreld(ExecEnv& e, const PInst& pi) {
  const int dst = relVgpr(e, pi, pi.dst.reg, "VDST");
  if (dst < 0) return;
  const Operand& s = pi.src[0];
  if (s.kind == OpKind::VGPR) copyLanes(e, dst, e.w.v[s.reg], 0);
  else copyLanes(e, dst, nullptr, scalarRead32(e, s));
}
void movrels(ExecEnv& e, const PInst& pi) {
  const int src = relVgpr(e, pi, pi.src[0].reg, "SRC0");
  if (src < 0) return;
  copyLanes(e, pi.dst.reg, e.w.v[src], 0);
}
void movrelsd(ExecEnv& e, const PInst& pi) {
  const int src = relVgpr(e, pi, pi.src[0].reg, "SRC0");
  const int dst = src < 0 ? -1 : relVgpr(e, pi, pi.dst.reg, "VDST");
  if (dst < 0) return;
  copyLanes(e, dst, e.w.v[src], 0);
}
void swapB32(ExecEnv& e, const PInst& pi) {
  uint32_t* a = e.w.v[pi.dst.reg];
  uint32_t* b = e.w.v[pi.src[0].reg];
  const uint64_t exec = e.w.exec();
  for (int l = 0; l < kLanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    const uint32_t t = a[l];
    a[l] = b[l];
    b[l] = t;
  }
}

}  // namespace

GCN_SEM_CUSTOM(v_movreld_b32, &movreld, &movreld);
GCN_SEM_CUSTOM(v_movrels_b32, &movrels, &movrels);
GCN_SEM_CUSTOM(v_movrelsd_b32, &movrelsd, &movrelsd);
GCN_SEM_CUSTOM(v_swap_b32, &swapB32, &swapB32);

}  // namespace gcn::sem
