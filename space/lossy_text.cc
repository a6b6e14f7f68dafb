#include "space/lossy_text.h"

#include <string_view>

#include "text/printer.h"

namespace gcn {
namespace {

// Reviewed: each is a property of llvm-mc's syntax, not of gcnref.
constexpr std::string_view kLossy[] = {
    // swizzle(BITMASK_PERM,"....") prints one character per lane-id bit; masks
    // with the same per-bit effect print alike.
    "DS_SWIZZLE_BITMASK_LOSSY",
    // v_nop/v_clrexcp e64 print without _e64 and re-assemble to e32.
    "VOP1_NO_OPERAND_E64_TEXT",
    // ... and so does their SDWA form.
    "VOP1_NOP_SDWA_DPP",
};

// ds_swizzle bitmask mode: the lane each of 32 lanes reads.
bool sameSwizzleEffect(int a, int b) {
  if ((a & 0x8000) || (b & 0x8000)) return a == b;  // quad_perm / other modes
  for (int lane = 0; lane < 32; ++lane) {
    auto src = [lane](int off) {
      int and_m = off & 0x1f, or_m = (off >> 5) & 0x1f, xor_m = (off >> 10) & 0x1f;
      return ((lane & and_m) | or_m) ^ xor_m;
    };
    if (src(a) != src(b)) return false;
  }
  return true;
}

}  // namespace

const Erratum* lossyTextErratum(const Target& t, const Inst& orig, const std::string& text,
                                const Inst& parsed) {
  (void)t;
  if (orig.id != parsed.id) return nullptr;
  if (orig.desc().flags & F_SWIZZLE) {
    // llvm's printer is not idempotent here (BITMASK_PERM "00001" re-assembles
    // to masks it prints as BROADCAST): require the same lane mapping instead.
    Inst a = orig, b = parsed;
    int oa = a[Fld::OFFSET], ob = b[Fld::OFFSET];
    a[Fld::OFFSET] = a[Fld::OFFSET0] = a[Fld::OFFSET1] = 0;
    b[Fld::OFFSET] = b[Fld::OFFSET0] = b[Fld::OFFSET1] = 0;
    if (a != b || !sameSwizzleEffect(oa, ob)) return nullptr;
    return findErratum("DS_SWIZZLE_BITMASK_LOSSY");
  }
  if (printInst(parsed) != text) return nullptr;
  for (std::string_view id : kLossy) {
    const Erratum* e = findErratum(id);
    if (!e || !(e->gens & genBit(orig.gen))) continue;
    std::string_view m = orig.desc().mnemonic;
    // The row's subject names v_nop; its text covers every F_BARE row.
    if (e->subject == m || ((id == "VOP1_NO_OPERAND_E64_TEXT" || id == "VOP1_NOP_SDWA_DPP") &&
                            (orig.desc().flags & F_BARE)))
      return e;
  }
  return nullptr;
}

}  // namespace gcn
