// Register and source operands: which items a row operand's slot takes in
// this encoding and form (VGPR-only slots, scalar tuples and their
// alignment, inline constants and the literal, neg/abs/sext), and the
// dispatch of every operand item to its kind.
#include <string>

#include "isa/encoding.h"
#include "isa/gen.h"
#include "isa/index.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "text/parse_ctx.h"

namespace gcn::parse {

// Implicit vcc (e32/DPP/GFX8-SDWA sdst, src2 of v_cndmask/v_addc e32).
bool OperandArg::implicitVcc() {
  if (!noMods()) return false;
  if (it.kind != Item::REG || it.code != opc::kVccLo || it.dw != 2)
    return invalid(std::string("the ") + formText(in.form) + " form requires vcc here");
  return true;
}

// SDWA VOPC sdst: vcc (SD=0) or an SGPR pair (GFX9).
bool OperandArg::sdwaVopcSdst() {
  if (!noMods()) return false;
  if (it.kind != Item::REG || it.dw != 2 || it.code >= 256) return invalid("expected vcc or an SGPR pair");
  if (it.code == opc::kVccLo) return true;
  bool has_sd = false;
  for (const FieldSlot& s : c.ext_layout)
    if (s.fld == Fld::SD) has_sd = true;
  if (!has_sd) return invalid("only vcc is allowed as SDWA VOPC destination on " + std::string(genName(g)));
  in[Fld::SD] = 1;
  in[Fld::SDST] = it.code;
  return true;
}

// A memory operand written "off" (vaddr, saddr, an unused export source).
bool OperandArg::offOperand() {
  if (op.role == Role::vaddr) {
    if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) {
      if (memoryVaddrPresent(in)) return invalid("vaddr cannot be off with offen/idxen/addr64");
      in[Fld::VADDR] = 0;
      return true;
    }
    if (d.enc == Enc::FLAT && (d.flags & F_SCRATCH)) {
      in[Fld::VADDR] = 0;
      return true;
    }
    return invalid("vaddr cannot be off");
  }
  if (op.role == Role::saddr) {
    in[Fld::SADDR] = kSaddrOff;
    return true;
  }
  if (d.enc == Enc::EXP && op.role >= Role::vsrc0 && op.role <= Role::vsrc3) return true;  // EN handled by caller
  return invalid("'off' is not allowed here");
}

// A VGPR operand (VGPR-only slot).
bool OperandArg::vregOperand() {
  const int vsi = sourceIndex(op.role);
  const bool mods_ok = vsi >= 0 && (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) &&
                       !(d.flags & (F_NO_MODS | F_INT_MODS)) && !it.sext;
  if (has_mods && mods_ok) {
    // VGPR-only sources of VOP3 rows (v_interp_*_f16) still take neg/abs.
    if (it.neg) in[Fld::NEG] |= 1 << vsi;
    if (it.abs) in[Fld::ABS] |= 1 << vsi;
  } else if (!noMods()) {
    return false;
  }
  // A VGPR-or-LDS source slot (v_readfirstlane_b32) also takes
  // src_lds_direct, as llvm-mc prints and assembles it.
  if (it.kind == Item::REG && it.code == opc::kLdsDirect && isSrcField(f) && it.dw == 1 &&
      !memory) {
    in[f] = it.code;
    return true;
  }
  if (it.kind != Item::REG || it.code < 256) return invalid("expected a VGPR");
  if (const int file = vectorCodeFile(it.code); file != kVgprFile)
    return invalid(std::string("expected a VGPR, not ") + kVectorFiles[file].a_noun);
  if (d.enc == Enc::MIMG && f == Fld::VDATA) in[f] = it.code - 256;  // width rule reads it
  int want = memory ? operandDwords(in, op) : typeDwords(op.type);
  if (it.dw != want)
    return invalid("expected " + std::to_string(want) + " VGPR" + (want > 1 ? "s" : "") + ", got " + std::to_string(it.dw));
  if (!vectorTupleFits(it.code - opc::kVgpr0, it.dw)) return invalid("VGPR range exceeds v255");
  if (op.role == Role::vaddr) c.vaddr_col = it.col;
  // GFX940 SCRATCH: a VGPR address sets SVE (saddr may be given too).
  if (op.role == Role::vaddr && (d.flags & F_SCRATCH) && layoutHasField(in.gen, Enc::FLAT, Fld::SVE))
    in[Fld::SVE] = 1;
  in[f] = isSrcField(f) ? it.code : it.code - 256;
  return true;
}

// A vector register of an operand that may name a file beyond the VGPRs
// (the CDNA AccVGPRs): aN or vN as operandFile allows; an operand whose
// file an ACC bit chooses records it there.
bool OperandArg::accVregOperand() {
  if (!noMods()) return false;
  const FileChoice choice = operandFile(c.d, c.t.gen, op);
  const int file = it.kind == Item::REG ? vectorCodeFile(it.code) : -1;
  if (file < 0 || !choice.admits(file))
    return invalid(std::string("expected ") + (choice.by_acc_bit ? "a VGPR or " : "") +
                   kVectorFiles[choice.file].a_noun);
  const bool other = file != kVgprFile;
  const int n = vectorCodeIndex(it.code);
  const int want = memory ? operandDwords(in, op) : typeDwords(op.type);
  if (it.dw != want)
    return invalid("expected " + std::to_string(want) + " registers, got " + std::to_string(it.dw));
  if (!vectorTupleFits(n, it.dw)) return invalid("register range exceeds the 256 registers of its file");
  in[f] = isSrcField(f) ? opc::kVgpr0 + n : n;
  if (choice.by_acc_bit) {
    // Operands sharing one ACC bit (memory data and vdst, MFMA C and D)
    // name the same file.
    const int bit = 1 << accBit(c.d, op.role);
    if (other ? (c.acc_vgpr_bits & bit) : (in[Fld::ACC] & bit))
      return invalid(std::string("invalid register class: data and dst should be all VGPR or ") +
                     kVectorFiles[choice.file].noun);
    if (other) in[Fld::ACC] |= bit;
    else c.acc_vgpr_bits |= bit;
  }
  return true;
}

// A scalar register operand (SGPR-only slot).
bool OperandArg::sregOperand() {
  if (!noMods()) return false;
  int want = memory ? operandDwords(in, op) : typeDwords(op.type);
  if (it.kind != Item::REG || it.code >= 256) return invalid("expected a scalar register");
  if (it.dw == 1 && want == 2 && ((it.code >= 235 && it.code <= 239) || (it.code >= 251 && it.code <= 253)))
    ;  // src_* specials name 64-bit values too
  else if (it.dw != want)
    return invalid("expected a " + std::to_string(want) + "-dword scalar register, got " + std::to_string(it.dw));
  if (isInlineConstant(g, it.code) && op.role != Role::ssrc0 && op.role != Role::ssrc1)
    return invalid("expected a scalar register");
  std::string name;
  const bool rsrc = (f == Fld::SRSRC || f == Fld::SSAMP) && memorySregTupleValid(g, it.code, it.dw);
  if (!appendScalarRegName(g, it.code, it.dw, &name) && !rsrc)
    return invalid("register does not exist on this target");
  if (it.dw == want && alignedScalarCode(g, it.code, want) != it.code)
    return invalid("register range " + name + " must start at a multiple of " +
                   std::to_string(scalarTupleAlign(want)));
  if (f == Fld::SRSRC || f == Fld::SSAMP) {
    if (!memorySregTupleValid(g, it.code, it.dw))
      return invalid("resource descriptor must be an aligned SGPR or TTMP quad");
    in[f] = it.code;
  } else if (f == Fld::SBASE) {
    if (it.code % 2) return invalid("base address must be an even SGPR");
    in[f] = it.code;
  } else {
    in[f] = it.code;
  }
  return true;
}

// A source operand: register, inline constant or literal, with modifiers.
bool OperandArg::sourceOperand() {
  const int si = sourceIndex(op.role);
  if (has_mods && !sourceModsAllowed(si)) return false;
  int code;
  if (!sourceCode(&code) || !sourceFitsSlot(code)) return false;
  if (code < 256 && !isInlineConstant(g, code) && code != opc::kLdsDirect) c.last_bus_col = it.col;
  in[f] = code;
  if (si >= 0) applySourceMods(si);
  return true;
}

// Whether the neg/abs/sext written on the item exist for source `si` of
// this row in this form.
bool OperandArg::sourceModsAllowed(int si) {
  const bool e32 = in.form == Form::E32;
  const bool vop3p = in.enc == Enc::VOP3P;
  if (si < 0) return c.fail(it.col, "operand modifiers are not allowed here");
  if (e32) return c.fail(it.col, "source modifiers need the e64 form");
  if (it.sext && in.form != Form::SDWA && in.form != Form::DPP &&
      !(in.enc == Enc::VOP3 || in.enc == Enc::VOP3B))
    return c.fail(it.col, "sext() is only allowed in the VOP3, SDWA and DPP forms");
  if (vop3p) {  // "-x" is neg_lo and neg_hi together, by opSelMod's rules
    if (d.flags & F_NO_MODS) return c.fail(it.col, "operand modifiers are not allowed here");
    if (it.abs && !isMixRow(d)) return c.fail(it.col, "abs is not allowed for packed math");
    if (it.sext) return c.fail(it.col, "sext() is not allowed here");
    return true;
  }
  const bool vop3 = in.enc == Enc::VOP3 || in.enc == Enc::VOP3B;
  if (!vop3 && in.form != Form::SDWA && in.form != Form::DPP)
    return c.fail(it.col, "operand modifiers are not allowed here");
  // What the Inst's bits hold for this source, as the decoder reads them;
  // the flags below choose only the words.
  const SrcMods m = vopSrcMods(in, d, si);
  if (vop3 && m != SrcMods::FP && m != SrcMods::INT && (d.flags & (F_NO_MODS | F_INT_MODS)))
    return c.fail(it.col, "source modifiers are not allowed for " + std::string(d.mnemonic));
  if (it.sext && m != SrcMods::INT)
    return c.fail(it.col, isFloatSourceType(op.type) ? "sext() is not allowed for a floating-point operand"
                                                     : "invalid operand for instruction: this operand takes no sext()");
  if ((it.neg || it.abs) && m != SrcMods::FP)
    return c.fail(it.col, "neg/abs modifiers need a floating-point operand");
  return true;
}

// The source's operand code: a register's, an inline constant's, or the
// literal's (VOP3, VOP3P, SDWA, DPP and a buffer's soffset take none).
bool OperandArg::sourceCode(int* code) {
  if (it.kind == Item::REG) return registerSourceCode(code);
  if (it.kind == Item::INT || it.kind == Item::FLT) {
    bool allow_lit = !(in.enc == Enc::VOP3 || in.enc == Enc::VOP3B || in.enc == Enc::VOP3P ||
                       in.form == Form::SDWA || in.form == Form::DPP);
    if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) allow_lit = false;  // soffset
    return encodeImmSource(c, it, op.type, allow_lit, code);
  }
  return invalid("unexpected " + describe(it));
}

// A register source: its width, and a scalar tuple's existence and alignment.
bool OperandArg::registerSourceCode(int* code) {
  if (const int file = vectorCodeFile(it.code); file > kVgprFile)
    return invalid(std::string(kVectorFiles[file].noun) + "s are not allowed here");
  if (it.dw == 1 && typeDwords(op.type) == 2 &&
      ((it.code >= 235 && it.code <= 239) || (it.code >= 251 && it.code <= 254)))
    ;  // src_* specials read as 64-bit under the same name
  else if (it.dw != typeDwords(op.type))
    return invalid("expected a " + std::to_string(typeDwords(op.type)) + "-dword operand, got a " +
                   std::to_string(it.dw) + "-dword register");
  *code = it.code;
  if (*code < 256) {
    std::string name;
    if (!appendScalarRegName(g, *code, it.dw, &name) && !isInlineConstant(g, *code))
      return invalid("register does not exist on this target");
    if (alignedScalarCode(g, *code, it.dw) != *code)
      return invalid("register range " + name + " must start at a multiple of " +
                     std::to_string(scalarTupleAlign(it.dw)));
  }
  return true;
}

// Field constraints of the form (VGPR-only slots, 8-bit SDWA codes ...).
bool OperandArg::sourceFitsSlot(int code) {
  const FieldSlot* slot = c.slotOf(f);
  if (!slot) {
    if (f == Fld::SRC0 && (in.form == Form::SDWA || in.form == Form::DPP))
      return invalid("no SRC0 slot");
    return invalid("this operand cannot be encoded in this form");
  }
  const bool lane_raw = d.enc == Enc::VOP2 && in.form == Form::E32 && f == Fld::SRC1 &&
                        (d.flags & (F_LANE_READ | F_LANE_WRITE));
  if (lane_raw && (code >= 256 || code == opc::kLiteral || code == opc::kLdsDirect))
    return invalid("the lane select must be an SGPR, M0 or an inline constant");
  if (slot->xform == Xform::VGPR && code < 256 && !lane_raw)
    return invalid(std::string(f == Fld::SRC1 ? "src1" : f == Fld::SRC0 ? "src0" : "operand") +
                   " must be a VGPR in the " + formText(in.form) + " form");
  if (slot->xform == Xform::NONE && slot->width < 9 && code >= 256 && !isSrcField(f))
    return invalid("operand cannot be a VGPR");
  if ((in.form == Form::SDWA) && code == opc::kLiteral) return c.fail(it.col, "literal operands are not supported");
  if (f == Fld::SOFFSET && code >= 256) return invalid("soffset must be an SGPR or an inline constant");
  if (!isSrcField(f) && f != Fld::SSRC0 && f != Fld::SSRC1 && f != Fld::SOFFSET && code >= 256)
    return invalid("expected a scalar operand");
  if ((f == Fld::SSRC0 || f == Fld::SSRC1) && code >= 256) return invalid("scalar instructions cannot read VGPRs");
  return true;
}

// neg/abs/sext as source `si`'s modifier bits. Packed math writes abs
// in NEG_HI.
void OperandArg::applySourceMods(int si) {
  if (it.neg) in[Fld::NEG] |= 1 << si;
  if (it.abs) {
    if (in.enc == Enc::VOP3P) in[Fld::NEG_HI] |= 1 << si;
    else in[Fld::ABS] |= 1 << si;
  }
  if (it.sext) {
    // DPP and VOP3 have no SEXT bit: llvm-mc encodes sext() of an integer
    // operand in that source's NEG bit (SISrcMods::SEXT == NEG).
    if (in.form != Form::SDWA) in[Fld::NEG] |= 1 << si;
    else in[Fld::SEXT] |= 1 << si;
  }
}

bool assignOperand(Ctx& c, const OperandSpec& op, const Item& it) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  const bool memory = d.enc == Enc::DS || d.enc == Enc::MUBUF || d.enc == Enc::MTBUF ||
                      d.enc == Enc::MIMG || d.enc == Enc::FLAT || d.enc == Enc::EXP ||
                      d.enc == Enc::VINTRP;
  const bool has_mods = it.neg || it.abs || it.sext;
  // The field an operand role lands in for this Inst's enc/form (kCount for
  // an implicit vcc).
  const Fld f = operandField(in, op, /*writing=*/true);
  OperandArg a{c, op, it, f, memory, has_mods};
  if (f == Fld::kCount) return a.implicitVcc();
  if (op.role == Role::sdst && op.type == OpType::s64 && in.form == Form::SDWA) return a.sdwaVopcSdst();
  if (const int r = a.specialOperand(); r != kNotMine) return r == kApplied;
  if (memory && it.kind == Item::WORD && it.word == "off") return a.offOperand();
  if (operandFile(c.d, c.t.gen, op).beyondVgprs()) {
    if (it.kind != Item::REG && registerOperandTakesInlineConstant(c.d, c.t.gen, op)) {
      // Read as a 32-bit float source: the inline codes are the same for
      // every element type, and validateInst refuses a literal here.
      const OperandSpec as_source{op.role, OpType::f32};
      OperandArg b{c, as_source, it, f, memory, has_mods};
      return b.sourceOperand();
    }
    return a.accVregOperand();
  }
  if (isVectorRegType(op.type)) return a.vregOperand();
  if (isScalarRegType(op.type)) return a.sregOperand();
  if (!isSourceType(op.type)) return a.invalid("unsupported operand kind");
  return a.sourceOperand();
}

}  // namespace gcn::parse
