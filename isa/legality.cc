#include "isa/legality.h"

#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"

namespace gcn {

bool isTupleScalar(Gen g, int code) {
  return (code >= 0 && code < numSgprs(g)) || (code >= ttmpBase(g) && code < ttmpEnd());
}

bool inlineConstantOk(Gen g, OpType t, int code) {
  if (!isSourceType(t)) return false;
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

int constantBusReads(const Inst& in) {
  const InstDesc& d = in.desc();
  const bool short_form = in.form == Form::E32 || in.form == Form::SDWA || in.form == Form::DPP;
  int codes[8], dws[8], n = 0;
  auto read = [&](int code, int dw) {
    for (int k = 0; k < n; ++k)
      if (codes[k] == code && dws[k] == dw) return;
    codes[n] = code;
    dws[n] = dw;
    ++n;
  };
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    const Fld f = sourceRoleField(op.role);
    if (f == Fld::kCount) continue;
    if (isVectorRegType(op.type)) continue;  // VGPR-only slot
    if (op.type == OpType::interpparam) continue;
    const int dw = typeBits(op.type) == 64 ? 2 : 1;
    if (op.role == Role::src2 && op.type == OpType::s64 && short_form) {
      read(opc::kVccLo, 2);  // the e32 form's implicit VCC
      continue;
    }
    const int c = in[f];
    if (c >= opc::kVgpr0 || c == opc::kLdsDirect) continue;
    if (c == opc::kLiteral) read(opc::kLiteral, 1);
    else if (!isInlineConstant(in.gen, c)) read(c, dw);
  }
  if ((d.flags & F_LITERAL_K) && in.has_literal) read(opc::kLiteral, 1);
  if (d.flags & F_READS_M0) read(opc::kM0, 1);
  if (d.flags & F_READS_VCC) read(opc::kVccLo, 2);
  return n;
}

}  // namespace gcn
