// VGPR indexing mode (GFX8/9, GcnState.md "GPR indexing mode"): while
// MODE.GPR_IDX_EN is set, M0[7:0] is added to the VGPR number of the VALU
// operands selected by M0[15:12] (bit 12 SRC0, 13 SRC1, 14 SRC2, 15 VDST).
// An indexed register past v255 is replaced by v0, as the spec says.
//
// The spec also says a non-VGPR operand in an indexed slot becomes v0; no
// other document or tool confirms it (llvm only emits VGPR operands there),
// so such an instruction stops the wave with an "unsupported in the
// functional model" error rather than guess (isa/errata/semantics.inc
// SEM_GPR_IDX_NON_VGPR). Only VALU encodings are indexed (scalar and memory
// instructions are not); v_movrel* are VALU and add all of M0 on top.
#include "semantics/emulator/gpr_index.h"

#include <string>

#include "semantics/emulator/wave_state.h"

namespace gcn::sem {
namespace {

bool isScalarEnc(Enc e) {
  return e == Enc::SOP1 || e == Enc::SOP2 || e == Enc::SOPK || e == Enc::SOPC ||
         e == Enc::SOPP || e == Enc::SMRD || e == Enc::SMEM;
}

bool isValuEnc(Enc e) {
  switch (e) {
    case Enc::VOP1: case Enc::VOP2: case Enc::VOPC: case Enc::VOP3: case Enc::VOP3B:
    case Enc::VOP3P: case Enc::SDWA: case Enc::DPP: return true;
    default: return false;
  }
}

// Offsets `o` by idx; false (wave failed) when it is not a VGPR.
bool indexOperand(ExecEnv& env, const PInst& pi, Operand& o, uint32_t idx, const char* slot) {
  if (o.kind == OpKind::NONE) return true;  // the instruction has no such operand
  if (o.kind != OpKind::VGPR) {
    env.w.fail(std::string("unsupported in the functional model: ") + pi.mnemonic() +
               " with VGPR indexing (s_set_gpr_idx_on) applied to its non-VGPR " + slot);
    return false;
  }
  const uint32_t r = o.reg + idx;
  o.reg = uint16_t(r + o.dwords > uint32_t(kMaxVgprs) ? 0 : r);
  return true;
}

void runIndexed(ExecEnv& env, const PInst& pi) {
  const uint32_t m0 = env.w.m0(), idx = m0 & 0xffu, mode = (m0 >> 12) & 15u;
  if (mode == 0) {
    pi.fn(env, pi);
    return;
  }
  PInst q = pi;  // slow path: a private copy with rewritten operands
  static const char* const kSlot[3] = {"src0", "src1", "src2"};
  for (int i = 0; i < 3; ++i)
    if (((mode >> i) & 1) && !indexOperand(env, pi, q.src[i], idx, kSlot[i])) return;
  if (((mode >> 3) & 1) && !indexOperand(env, pi, q.dst, idx, "vdst")) return;
  setSourceRows(&q);
  q.fn(env, q);
}

}  // namespace

void stepSlow(ExecEnv& env, const PInst& pi) {
  WaveState& w = env.w;
  const Enc enc = pi.inst.enc;
  const bool sentinel = pi.index + 1 == env.prog.code.size();
  if (w.vskip && !sentinel && !isScalarEnc(enc)) return;  // VSKIP: vector skipped
  if ((w.mode() & kModeGprIdxEn) && !sentinel && isValuEnc(enc)) {
    runIndexed(env, pi);
    return;
  }
  pi.fn(env, pi);
}

}  // namespace gcn::sem
