#include "isa/memory_rules.h"

namespace gcn {
namespace {

int baseDwords(OpType t) {
  switch (t) {
    case OpType::s64: case OpType::v64: case OpType::b64: case OpType::i64:
    case OpType::u64: case OpType::f64: return 2;
    case OpType::v96: return 3;
    case OpType::s128: case OpType::v128: return 4;
    case OpType::s256: return 8;
    case OpType::s512: return 16;
    default: return 1;
  }
}

}  // namespace

bool memorySaddrPresent(const Inst& in) {
  return in[Fld::SADDR] != 0x7f;
}

bool memoryVaddrPresent(const Inst& in) {
  const InstDesc& d = in.desc();
  switch (d.enc) {
    case Enc::MUBUF:
    case Enc::MTBUF:
      return in[Fld::OFFEN] || in[Fld::IDXEN] || in[Fld::ADDR64];
    case Enc::FLAT:
      if (d.flags & F_SCRATCH) return !memorySaddrPresent(in);
      return true;
    default:
      return true;
  }
}

int operandDwords(const Inst& in, const OperandSpec& op) {
  const InstDesc& d = in.desc();
  int dw = baseDwords(op.type);
  switch (d.enc) {
    case Enc::MUBUF:
    case Enc::MTBUF:
      if (op.role == Role::vaddr)
        return (in[Fld::ADDR64] || (in[Fld::OFFEN] && in[Fld::IDXEN])) ? 2 : 1;
      if (op.role == Role::vdata || op.role == Role::vdst) {
        if ((d.flags & F_D16) && in.gen == Gen::GFX9) dw = (dw + 1) / 2;
        return dw + (in[Fld::TFE] ? 1 : 0);
      }
      return dw;
    case Enc::MIMG:
      if (op.role == Role::vdata || op.role == Role::vdst) {
        int n = __builtin_popcount(unsigned(in[Fld::DMASK]) & 0xf);
        if (n == 0) n = 1;
        if ((d.flags & F_ATOMIC)) n = dw;  // atomics: data width is the op's
        if (in[Fld::D16] && in.gen == Gen::GFX9) n = (n + 1) / 2;
        return n + (in[Fld::TFE] ? 1 : 0);
      }
      if (op.role == Role::srsrc) return in[Fld::R128] ? 4 : 8;
      return dw;
    case Enc::FLAT:
      if (op.role == Role::vaddr) {
        if (d.flags & F_SCRATCH) return 1;
        if ((d.flags & F_GLOBAL) && memorySaddrPresent(in)) return 1;
        return 2;
      }
      if ((op.role == Role::vdata || op.role == Role::vdst) && in[Fld::TFE])
        return dw + 1;
      return dw;
    default:
      return dw;
  }
}

}  // namespace gcn
