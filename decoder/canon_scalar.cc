#include "decoder/canon.h"
#include "isa/special_imm.h"

namespace gcn {

bool rowHasRole(const InstDesc& d, Role r) {
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == r) return true;
  return false;
}

// Scalar encodings: llvm-mc ignores fields an instruction does not use
// (s_getpc's SSRC0, s_memtime's OFFSET, ...); clear them so the Inst is
// canonical. SOPP is the exception: llvm-mc rejects a non-zero SIMM16 on an
// operand-less SOPP, and so do we. Returns false to reject.
bool canonicalizeScalar(Inst* in, const InstDesc& d, bool* clean) {
  auto uses = [&](Role r) { return rowHasRole(d, r); };
  auto clear = [&](Fld f) {
    if ((*in)[f]) {
      *clean = false;
      (*in)[f] = 0;
    }
  };
  switch (d.enc) {
    case Enc::SOPP:
      if (!uses(Role::simm16) && (*in)[Fld::SIMM16]) return false;
      if (d.operand[0].type == OpType::sendmsg) {
        uint32_t c = canonicalSendmsg(in->gen, uint32_t((*in)[Fld::SIMM16]));
        if (c != uint32_t((*in)[Fld::SIMM16])) {
          *clean = false;
          (*in)[Fld::SIMM16] = int32_t(c);
        }
      }
      if (d.operand[0].type == OpType::waitcnt) {
        // Only the counter fields are meaningful; llvm-mc drops the rest.
        uint32_t v = uint32_t((*in)[Fld::SIMM16]);
        uint32_t keep = in->gen == Gen::GFX9 ? 0xcf7fu : 0x0f7fu;
        if (v & ~keep) {
          *clean = false;
          (*in)[Fld::SIMM16] = int32_t(v & keep);
        }
      }
      return true;
    case Enc::SOP1: case Enc::SOP2: case Enc::SOPK: case Enc::SOPC:
      if (!uses(Role::sdst)) clear(Fld::SDST);
      if (!uses(Role::ssrc0)) clear(Fld::SSRC0);
      if (!uses(Role::ssrc1)) clear(Fld::SSRC1);
      if (!uses(Role::simm16)) clear(Fld::SIMM16);
      return true;
    case Enc::SMRD:
      if (!uses(Role::sdata)) clear(Fld::SDATA);
      if (!uses(Role::sbase)) clear(Fld::SBASE);
      if (!uses(Role::offset)) { clear(Fld::OFFSET); clear(Fld::IMM); }
      return true;
    case Enc::SMEM:
      if (!uses(Role::sdata)) clear(Fld::SDATA);
      if (!uses(Role::sbase)) clear(Fld::SBASE);
      clear(Fld::NV);  // llvm-mc neither prints nor accepts nv (errata)
      if (!uses(Role::offset)) {
        clear(Fld::OFFSET); clear(Fld::IMM); clear(Fld::SOE); clear(Fld::SOFFSET);
      } else if (!(*in)[Fld::IMM]) {
        if ((*in)[Fld::SOE]) {
          clear(Fld::OFFSET);
        } else if ((*in)[Fld::OFFSET] & ~0x7f) {
          *clean = false;
          (*in)[Fld::OFFSET] &= 0x7f;
        }
      }
      if (!(*in)[Fld::SOE]) clear(Fld::SOFFSET);
      return true;
    default:
      return true;
  }
}

}  // namespace gcn
