#include "isa/legality.h"

#include "isa/registers.h"

namespace gcn {

bool isTupleScalar(Gen g, int code) {
  return (code >= 0 && code < numSgprs(g)) || (code >= ttmpBase(g) && code < ttmpEnd());
}

bool inlineConstantOk(Gen g, OpType t, int code) {
  if (!(t >= OpType::b16 && t <= OpType::pki16)) return false;
  return isInlineConstant(g, code);
}

bool dsBit25Fixed(const InstDesc& d) {
  if (d.enc != Enc::DS) return false;
  if ((d.flags & F_GDS_ONLY) && d.num_operands > 0) return false;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::vdst || d.operand[i].role == Role::data0) return false;
  return true;
}

bool ldsDirectOk(const InstDesc& d, Form form, int src) {
  return src == 0 && form != Form::SDWA && form != Form::DPP && !(d.flags & F_REV);
}

}  // namespace gcn
