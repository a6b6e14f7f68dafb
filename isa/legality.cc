#include "isa/legality.h"

#include "isa/operand_field.h"
#include "isa/memory_rules.h"
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

ScalarCodeFate scalarCodeFate(Gen g, const OperandSpec& op, int code, int* aligned) {
  if (!scalarCodeRuled(op)) return ScalarCodeFate::UNRULED;
  // A register type (sN) takes no constant, literal or lds_direct: llvm-mc
  // refuses VOPC e64's SDST = 255 and prints a constant in a
  // register-only source (s_setpc_b64, s_movrels_*) as "/*invalid
  // immediate*/" (SOP1_REGISTER_ONLY_SOURCES).
  const bool src = isSourceType(op.type);
  if (code >= opc::kVgpr0) return ScalarCodeFate::UNRULED;
  if (code == opc::kLiteral) return src ? ScalarCodeFate::UNRULED : ScalarCodeFate::REFUSED;
  if (code == opc::kLdsDirect && !src) return ScalarCodeFate::REFUSED;
  if (isInlineConstant(g, code)) return src ? ScalarCodeFate::KEPT : ScalarCodeFate::REFUSED;
  const int dw = typeDwords(op.type);
  const int c = alignedScalarCode(g, code, dw);
  if (!scalarRegNameExists(g, c, dw)) return ScalarCodeFate::REFUSED;
  if (aligned) *aligned = c;
  return c == code ? ScalarCodeFate::KEPT : ScalarCodeFate::ALIGNED;
}

bool dsBit25Fixed(const InstDesc& d) {
  if (d.enc != Enc::DS) return false;
  if ((d.flags & F_GDS_ONLY) && d.num_operands > 0) return false;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::vdst || d.operand[i].role == Role::data0) return false;
  return true;
}

namespace {
// The first operand of source role si (0..2), or null.
const OperandSpec* sourceSpec(const InstDesc& d, int si) {
  for (int i = 0; i < d.num_operands; ++i)
    if (sourceIndex(d.operand[i].role) == si) return &d.operand[i];
  return nullptr;
}

// A VOP3 interp row (its attribute is an operand).
bool isVop3Interp(const InstDesc& d) {
  if (d.enc != Enc::VOP3) return false;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::attr) return true;
  return false;
}

// The first operand of some source role (src0..2) has a float type.
bool hasFloatSource(const InstDesc& d) {
  for (int si = 0; si < 3; ++si)
    if (const OperandSpec* s = sourceSpec(d, si); s && isFloatSourceType(s->type)) return true;
  return false;
}
}  // namespace

bool vop3ClampOk(const InstDesc& d, Gen g) {
  const bool int_mods = d.flags & F_INT_MODS, no_omod = d.flags & F_NO_OMOD;
  if ((d.flags & (F_NO_MODS | F_NO_CLAMP)) || (g < Gen::GFX8 && (int_mods || no_omod)))
    return false;
  // v_cndmask_b32_e64 (F_NO_OMOD, no float source): abs/neg only.
  return !(no_omod && !hasFloatSource(d));
}

SrcMods vopSrcMods(const Inst& in, const InstDesc& d, int si) {
  const OperandSpec* s = sourceSpec(d, si);
  if (!s || !isSourceType(s->type)) {
    // VGPR-only interp sources take float modifiers.
    if (s && isVop3Interp(d)) return s->type == OpType::interpparam ? SrcMods::NONE : SrcMods::FP;
    return SrcMods::NONE;
  }
  switch (in.form) {
    case Form::E32: return SrcMods::NONE;
    case Form::SDWA:
      if (isFloatSourceType(s->type)) return SrcMods::FP;
      if ((d.flags & F_NO_OMOD) && !hasFloatSource(d)) return SrcMods::FP;  // v_cndmask_b32
      return SrcMods::INT;
    default: break;
  }
  if (in.enc == Enc::VOP3P) return SrcMods::NONE;  // neg_lo/neg_hi lists
  if (d.flags & F_NO_MODS) return SrcMods::NONE;
  if (d.flags & F_INT_MODS)
    return (in.gen >= Gen::GFX9 && (d.flags & F_OPSEL) && in.form != Form::DPP)
               ? SrcMods::IGNORED : SrcMods::NONE;
  if (isFloatSourceType(s->type)) return SrcMods::FP;
  // v_cmp_class_*: the class mask (src1) takes no modifier in VOP3; llvm-mc
  // rejects the word when its NEG/ABS bit is set.
  if (d.enc == Enc::VOPC && si == 1) return SrcMods::NONE;
  if (hasFloatSource(d)) return SrcMods::INT;
  // v_cndmask_b32_e64: abs/neg on its b32 sources, on GFX6/7 too
  // (llvm-mc-16 -mcpu=tahiti and bonaire assemble
  // 'v_cndmask_b32_e64 v0, -v1, |v2|, s[2:3]'; clrxdisasm prints them).
  if (d.flags & F_NO_OMOD) return SrcMods::FP;
  return SrcMods::NONE;
}

bool vop3OmodOk(const InstDesc& d) {
  // Float-result ops from integer sources (v_cvt_f32_i32...) do take
  // omod/clamp; pure integer rows are flagged F_INT_MODS/F_NO_MODS.
  if (d.flags & (F_NO_MODS | F_INT_MODS | F_NO_OMOD)) return false;
  // v_interp_p2_f16 / v_interp_p2_legacy_f16 (VOP3 interp rows reading the
  // high half) take no omod (llvm-mc-16).
  return !(isVop3Interp(d) && (d.flags & F_INTERP_HIGH) && (d.flags & F_INTERP_P2));
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

int accBitsAllowed(const InstDesc& d, Gen g) {
  int allowed = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    const int b = accBit(d, op.role);
    if (operandFile(d, g, op).by_acc_bit && b >= 0) allowed |= 1 << b;
  }
  return allowed;
}

std::string vectorFileRule(const Inst& in) {
  const InstDesc& d = in.desc();
  const int allowed = accBitsAllowed(d, in.gen);
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if ((d.flags & F_SRC_NO_SGPR) && !isCdna2On(in.gen) && sourceIndex(op.role) >= 0) {
      const int c = in[sourceRoleField(op.role)];
      if (c < opc::kVgpr0 && !isInlineConstant(in.gen, c))
        return "source operand must be either a VGPR or an inline constant";
    }
  }
  if (in[Fld::ACC] & ~allowed) return "ACC bit set for an operand whose register file is fixed";
  return "";
}

std::string dppControlRule(const Inst& in) {
  if (in.form != Form::DPP) return "";
  const int ctrl = in[Fld::DPP_CTRL];
  if (isRowNewbcast(ctrl) && !isCdna2On(in.gen))
    return "row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10";
  if ((in.desc().flags & F_DPP64) && !isRowNewbcast(ctrl)) return "DP ALU dpp only supports row_newbcast";
  return "";
}

std::string vgprAlignmentRule(const Inst& in) {
  if (!isCdna2On(in.gen)) return "";
  const InstDesc& d = in.desc();
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    const Fld f = operandField(in, op);
    if (f == Fld::kCount) continue;
    // Source roles hold 9-bit codes (256 + n for a register), the other
    // vector fields the register index.
    const bool code = sourceIndex(op.role) >= 0;
    if (!isVectorRegType(op.type) && !(code && isSourceType(op.type))) continue;
    int reg = in[f];
    if (code) {
      if (reg < opc::kVgpr0) continue;  // a scalar or a constant
      reg -= opc::kVgpr0;
    }
    if (operandDwords(in, op) >= 2 && (reg & 1)) return "invalid register class: vgpr tuples must be 64 bit aligned";
  }
  return "";
}

std::string dotOpSelRule(const Inst& in) {
  if (in.gen != Gen::GFX940 || !(in.desc().flags & F_DOT) || in.enc != Enc::VOP3P) return "";
  if (in[Fld::OP_SEL] || in[Fld::OP_SEL_HI] != 7) return "invalid op_sel operand";
  return "";
}

std::string sdwaSrcSelRule(const Inst& in) {
  if (in.form != Form::SDWA || !(in.desc().flags & F_SDWA_SRC_SEL)) return "";
  if (in[Fld::SEXT]) return "not a valid operand.";
  return "";
}

std::string maiAssemblerRule(const Inst& in) {
  const InstDesc& d = in.desc();
  if (d.enc != Enc::VOP3P_MAI || (d.flags & F_SMFMAC)) return "";  // SMFMAC's src2 is no C
  int dst_dw = 0, c_dw = 0;
  int dst_file = kVgprFile, c_file = kVgprFile;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (op.role == Role::vdst) dst_dw = typeDwords(op.type), dst_file = operandFileOf(in, op);
    if (op.role == Role::src2) c_dw = typeDwords(op.type), c_file = operandFileOf(in, op);
  }
  const int c = in[Fld::SRC2];
  if (dst_dw <= 4 || c < opc::kVgpr0 || dst_file != c_file) return "";
  const int dst = in[Fld::VDST], src = c - opc::kVgpr0;
  if (src != dst && src < dst + dst_dw && dst < src + c_dw)
    return "source 2 operand must not partially overlap with dst";
  return "";
}

}  // namespace gcn
