// How an instruction's modifier fields read: shared by pre-decoding
// (program.cc) and the vector contexts (defs/vector_ctx.h).
#pragma once

#include <cstdint>

#include "isa/inst.h"

namespace gcn::sem::vdetail {
inline bool bitOf(int32_t set, int i) { return (set >> i) & 1; }
// op_sel bits honoured by u16()/setU16(): VOP3P always; VOP3 only on GFX9
// rows that take op_sel (llvm ignores the bits elsewhere).
inline int opSelOf(const Inst& in) {
  if (in.enc == Enc::VOP3P) return in[Fld::OP_SEL];
  if (in.enc == Enc::VOP3 && in.gen >= Gen::GFX9 && (in.desc().flags & F_OPSEL))
    return in[Fld::OP_SEL];
  return 0;
}
// Does a 16-bit result keep the other half of VDST (GFX9 op_sel rows)?
inline bool keepsOtherHalf(const Inst& in) {
  return in.enc == Enc::VOP3 && in.gen >= Gen::GFX9 && (in.desc().flags & F_OPSEL);
}
}  // namespace gcn::sem::vdetail
