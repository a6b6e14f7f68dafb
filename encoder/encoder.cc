// Inst -> bytes: the exact inverse of decoder.cc's field extraction, driven by
// the same layouts (genIndex(g).enc[...].fields), plus the legality checks an
// assembler makes (validateInst).
#include "encoder/encoder.h"

#include <cstdio>
#include <cstring>
#include <string>

#include "isa/index.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"

namespace gcn {
namespace {

std::string fldStr(Fld f) { return std::string(fldName(f)); }

// Bit position of a HI slot: the total width of the field's non-HI slots (the
// low part), whatever order the table lists them in.
unsigned lowWidth(const std::vector<FieldSlot>& fields, Fld f) {
  unsigned w = 0;
  for (const FieldSlot& s : fields)
    if (s.fld == f && s.xform != Xform::HI && s.xform != Xform::S0 && s.xform != Xform::S1)
      w += s.width;
  return w;
}

bool hasHi(const std::vector<FieldSlot>& fields, Fld f) {
  for (const FieldSlot& s : fields)
    if (s.fld == f && s.xform == Xform::HI) return true;
  return false;
}

unsigned hiWidth(const std::vector<FieldSlot>& fields, Fld f) {
  unsigned w = 0;
  for (const FieldSlot& s : fields)
    if (s.fld == f && s.xform == Xform::HI) w += s.width;
  return w;
}

bool hasXform(const std::vector<FieldSlot>& fields, Xform x) {
  for (const FieldSlot& s : fields)
    if (s.xform == x) return true;
  return false;
}

// Writes the fields of `inst` into *w following `fields`. `override_src0`
// (>= 0) replaces SRC0 (the SDWA/DPP marker in dword0).
bool packFields(const std::vector<FieldSlot>& fields, const Inst& inst, int override_src0,
                Enc enc, uint64_t* w, std::string* err, const std::vector<Fld>& skip = {}) {
  bool row_src0 = false, row_src1 = false;
  const InstDesc& row = inst.desc();
  for (int i = 0; i < row.num_operands; ++i) {
    row_src0 |= row.operand[i].role == Role::src0;
    row_src1 |= row.operand[i].role == Role::src1;
  }
  const bool laneOpRaw = row.enc == Enc::VOP2 && inst.form == Form::E32 &&
                         (row.flags & (F_LANE_READ | F_LANE_WRITE));
  const bool has_s0 = hasXform(fields, Xform::S0);
  const bool has_s1 = hasXform(fields, Xform::S1);
  // Fields written by a NONE slot; a field with no slot must be zero (it
  // cannot be encoded), except for derived/implicit ones.
  for (const FieldSlot& s : fields) {
    bool skipped = false;
    for (Fld k : skip) skipped |= k == s.fld;
    if (skipped) continue;
    int64_t v = fieldValue(inst, s.fld);
    if (s.fld == Fld::SRC0 && override_src0 >= 0) v = override_src0;
    uint64_t bits = 0;
    const uint64_t mask = s.width >= 64 ? ~0ull : ((1ull << s.width) - 1);
    switch (s.xform) {
      case Xform::NONE: {
        if ((s.fld == Fld::SRC0 && has_s0) || (s.fld == Fld::SRC1 && has_s1)) {
          // GFX9 SDWA: 8-bit code, the S0/S1 bit says "not a VGPR".
          if (v >= opc::kVgpr0) v -= opc::kVgpr0;
        }
        unsigned total = s.width + (hasHi(fields, s.fld) ? hiWidth(fields, s.fld) : 0);
        uint64_t tmask = total >= 63 ? ~0ull : ((1ull << total) - 1);
        if (v < 0 || (uint64_t(v) & ~tmask)) {
          *err = "field " + fldStr(s.fld) + " of " + std::string(encName(enc)) + ": value " +
                 std::to_string(v) + " does not fit in " + std::to_string(total) + " bits";
          return false;
        }
        bits = uint64_t(v) & mask;
        break;
      }
      case Xform::VGPR:
        if (laneOpRaw && s.fld == Fld::SRC1 && v >= 0 && v < opc::kVgpr0) {
          // GFX6/7 v_readlane_b32/v_writelane_b32 (VOP2): VSRC1 holds the
          // scalar lane select as a raw code (decoder/canon_vop.cc).
          bits = uint64_t(v);
          break;
        }
        if (v == 0) {
          // A source the row does not use (the decoder clears it to 0).
          bits = 0;
          break;
        }
        if (v < opc::kVgpr0 || v > opc::kVgpr0 + 255) {
          *err = "field " + fldStr(s.fld) + " of " + std::string(encName(enc)) +
                 " can only hold a VGPR";
          return false;
        }
        bits = uint64_t(v - opc::kVgpr0);
        break;
      case Xform::SEXT: {
        int64_t lo = -(int64_t(1) << (s.width - 1)), hi = (int64_t(1) << (s.width - 1)) - 1;
        if (v < lo || v > hi) {
          *err = "field " + fldStr(s.fld) + ": value " + std::to_string(v) +
                 " is outside the signed " + std::to_string(s.width) + "-bit range [" +
                 std::to_string(lo) + ", " + std::to_string(hi) + "]";
          return false;
        }
        bits = uint64_t(v) & mask;
        break;
      }
      case Xform::X2:
        if (v < 0 || (v & 1) || uint64_t(v / 2) > mask) {
          *err = "field " + fldStr(s.fld) + ": register pair index " + std::to_string(v) +
                 " must be even and below " + std::to_string(2 * (mask + 1));
          return false;
        }
        bits = uint64_t(v / 2);
        break;
      case Xform::X4:
        if (v < 0 || (v & 3) || uint64_t(v / 4) > mask) {
          *err = "field " + fldStr(s.fld) + ": SGPR tuple " + std::to_string(v) +
                 " must start at a multiple of 4 below " + std::to_string(4 * (mask + 1));
          return false;
        }
        bits = uint64_t(v / 4);
        break;
      case Xform::S0: {
        int64_t s0 = override_src0 >= 0 ? override_src0 : inst[Fld::SRC0];
        // v_nop_sdwa has no SRC0: S0 stays 0, as llvm-mc writes it.
        bits = row_src0 && s0 < opc::kVgpr0 ? 1 : 0;
        break;
      }
      case Xform::S1:
        bits = row_src1 && inst[Fld::SRC1] < opc::kVgpr0 ? 1 : 0;
        break;
      case Xform::HI: {
        unsigned low = lowWidth(fields, s.fld);
        bits = (uint64_t(v) >> low) & mask;
        break;
      }
    }
    *w |= (bits & mask) << s.lo;
  }
  return true;
}

void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

}  // namespace

size_t encodeInst(const Target& t, const Inst& inst, uint8_t out[16], std::string* err) {
  std::string dummy;
  if (!err) err = &dummy;
  if (inst.id >= numInsts()) {
    *err = "invalid instruction id";
    return 0;
  }
  const InstDesc& d = inst.desc();
  if (inst.gen != t.gen) {
    *err = "instruction was built for " + std::string(genName(inst.gen)) + ", target is " +
           std::string(t.name);
    return 0;
  }
  if (!t.has(d)) {
    *err = std::string(d.mnemonic) + " is not available on " + std::string(t.name);
    return 0;
  }
  const GenIndex& gi = genIndex(t.gen);
  Enc enc = inst.enc;
  if (int(enc) >= kNumEncs || !gi.enc[int(enc)].present) {
    *err = std::string(encName(enc)) + " encoding does not exist on " + std::string(t.name);
    return 0;
  }
  Enc space = opcodeSpace(enc);
  int op = opcodeIn(d, t.gen, space);
  if (op < 0) {
    *err = std::string(d.mnemonic) + " has no " + std::string(encName(space)) + " opcode on " +
           std::string(t.name);
    return 0;
  }
  if ((inst.form == Form::E64) != (space == Enc::VOP3 && isVopShort(d.enc))) {
    *err = "form/encoding mismatch";
    return 0;
  }
  const EncIndex& ei = gi.enc[int(enc)];
  Inst tmp = inst;
  tmp[Fld::OP] = op;
  uint64_t w = ei.match_value;  // the encoding's fixed prefix bits
  int src0_override = -1;
  Enc ext = Enc::kCount;
  if (inst.form == Form::SDWA || inst.form == Form::DPP) {
    if (!isVopShort(enc)) {
      *err = "SDWA/DPP forms exist only for VOP1/VOP2/VOPC";
      return 0;
    }
    ext = inst.form == Form::SDWA ? Enc::SDWA : Enc::DPP;
    if (!gi.enc[int(ext)].present) {
      *err = std::string(encName(ext)) + " does not exist on " + std::string(t.name);
      return 0;
    }
    if ((ext == Enc::SDWA && (d.flags & F_NO_SDWA)) || (ext == Enc::DPP && !hasDppForm(d, t.gen))) {
      *err = std::string(d.mnemonic) + " has no " + std::string(encName(ext)) + " form";
      return 0;
    }
    src0_override = ext == Enc::SDWA ? opc::kSdwa : opc::kDpp;
  }
  // Fields the extension layout places in dword0 (GFX9 SDWA's raw SRC1)
  // replace the base layout's slots for them.
  std::vector<Fld> skip;
  if (ext != Enc::kCount)
    for (const FieldSlot& s : gi.enc[int(ext)].fields)
      if (s.lo < 32 && s.fld != Fld::SRC0) skip.push_back(s.fld);
  if (!packFields(ei.fields, tmp, src0_override, enc, &w, err, skip)) return 0;
  size_t size = size_t(ei.dwords) * 4;
  if (ext != Enc::kCount) {
    const EncIndex& xi = gi.enc[int(ext)];
    uint64_t x = 0;
    if (!packFields(xi.fields, tmp, -1, ext, &x, err)) return 0;
    w |= x;
    size = 8;
  }
  store32(out, uint32_t(w));
  if (size >= 8) store32(out + 4, uint32_t(w >> 32));
  if (inst.has_literal) {
    if (ext != Enc::kCount) {
      *err = "a literal is not allowed in SDWA/DPP forms";
      return 0;
    }
    store32(out + size, inst.literal);
    size += 4;
  }
  return size;
}

// ---------------------------------------------------------------------------
// validateInst

namespace {


bool isValuInst(const Inst& in) { return isVopEnc(in.desc().enc); }

bool shortForm(const Inst& in) {
  return in.form == Form::E32 || in.form == Form::SDWA || in.form == Form::DPP;
}

std::string regText(Gen g, int code, int dw) {
  std::string s;
  if (code >= opc::kVgpr0) appendVgprName(code - opc::kVgpr0, dw, &s);
  else if (!appendScalarRegName(g, code, dw, &s)) s = "operand code " + std::to_string(code);
  return s;
}

}  // namespace

std::string validateInst(const Target& t, const Inst& in) {
  if (in.id >= numInsts()) return "invalid instruction id";
  const InstDesc& d = in.desc();
  if (!t.has(d)) return std::string(d.mnemonic) + " is not available on " + std::string(t.name);
  const Gen g = t.gen;
  const bool valu = isValuInst(in);
  const bool vop3 = isVopEnc(in.enc) && !isVopShort(in.enc);  // VOP3, VOP3B, VOP3P, MAI
  const bool ext = in.form == Form::SDWA || in.form == Form::DPP;

  int literals = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    Fld f = sourceRoleField(op.role);
    if (f == Fld::kCount) continue;
    if (op.role == Role::src2 && op.type == OpType::s64 && shortForm(in)) continue;  // implicit vcc
    if (!isValueType(op.type)) continue;
    int code = in[f];
    int dw = typeDwords(op.type);
    if (code == opc::kLdsDirect && valu &&
        !ldsDirectOk(d, in.form, f == Fld::SRC0 ? 0 : f == Fld::SRC1 ? 1 : 2))
      return "lds_direct cannot be used with this instruction or operand";
    if (code == opc::kLiteral) {
      if (vop3 && valu) return "literal operands are not allowed in VOP3 forms on " + std::string(genName(g));
      if (ext) return "literal operands are not allowed in SDWA/DPP forms";
      if (!in.has_literal) return "literal operand without a literal value";
      ++literals;
      continue;
    }
    if (code >= opc::kVgpr0) {
      if (isScalarRegType(op.type))
        return "operand " + std::to_string(i + 1) + " must be a scalar register, not " +
               regText(g, code, dw);
      if (!vectorTupleFits(code - opc::kVgpr0, dw)) return "VGPR range " + regText(g, code, dw) + " exceeds v255";
      continue;
    }
    if (registerOperandTakesInlineConstant(d, g, op)) {  // GFX90A MFMA C
      if (isInlineConstant(g, code)) continue;
      return "operand " + std::to_string(i + 1) + " must be a register or an inline constant";
    }
    // v_readfirstlane_b32's VGPR-or-LDS source also takes src_lds_direct.
    if (isVectorRegType(op.type) && !(code == opc::kLdsDirect && dw == 1))
      return "operand " + std::to_string(i + 1) + " must be a VGPR";
    if (isSourceType(op.type) ? inlineConstantOk(g, op.type, code) : isInlineConstant(g, code)) continue;
    if (code == opc::kSdwa || code == opc::kDpp) return "operand code 0xf9/0xfa is not a source";
    std::string name;
    if (!appendScalarRegName(g, code, dw, &name))
      return "operand " + std::to_string(i + 1) + ": code " + std::to_string(code) +
             " names no " + std::to_string(dw) + "-dword register on " + std::string(genName(g));
    if (alignedScalarCode(g, code, dw) != code)
      return "register range " + name + " must start at a multiple of " + std::to_string(scalarTupleAlign(dw));
  }
  if (literals > 1 && in.has_literal) {
    // Several operands may share the one literal dword; parser reports
    // distinct values. Nothing to do here.
  }
  if (valu) {
    const int bus = constantBusReads(in);
    if (bus > constantBusLimit(g))
      return "invalid operand (violates constant bus restrictions): at most one SGPR or "
             "literal may be read per VALU instruction on " + std::string(genName(g)) +
             " (this one reads " + std::to_string(bus) + ")";
  }
  // Destination registers.
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (op.role != Role::sdst && op.role != Role::sdata) continue;
    if (!isScalarRegType(op.type)) continue;
    Fld f;
    if (op.role == Role::sdata) f = Fld::SDATA;
    else if (in.enc == Enc::VOP3B) f = Fld::SDST;
    else if (in.enc == Enc::VOP3) f = Fld::VDST;
    else if (shortForm(in)) {
      if (op.type != OpType::s64) f = Fld::VDST;
      else if (in.form == Form::SDWA && in[Fld::SD]) f = Fld::SDST;
      else continue;
    } else f = Fld::SDST;
    int code = in[f];
    int dw = typeDwords(op.type);
    std::string name;
    if (!appendScalarRegName(g, code, dw, &name)) {
      if (d.enc == Enc::SOPK || d.enc == Enc::SOP1 || d.enc == Enc::SOP2) {
        // LLVM allows only registers here.
      }
      return "destination operand " + std::to_string(i + 1) + ": code " + std::to_string(code) +
             " is not a " + std::to_string(dw) + "-dword scalar register";
    }
    if (alignedScalarCode(g, code, dw) != code)
      return "register range " + name + " must start at a multiple of " + std::to_string(scalarTupleAlign(dw));
  }
  // Modifiers allowed for the form.
  if (valu && (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B)) {
    if ((d.flags & F_NO_MODS) && (in[Fld::NEG] || in[Fld::ABS] || in[Fld::CLAMP] || in[Fld::OMOD]))
      return std::string(d.mnemonic) + " takes no source or output modifiers";
    if ((d.flags & F_INT_MODS) && (in[Fld::NEG] || in[Fld::ABS] || in[Fld::OMOD]))
      return std::string(d.mnemonic) + " is an integer operation: only clamp is allowed";
    if (in[Fld::OMOD] && !vop3OmodOk(d))
      return std::string(d.mnemonic) + " does not take an output modifier";
    if (in[Fld::CLAMP] && !vop3ClampOk(d, in.gen)) return std::string(d.mnemonic) + " does not take clamp";
    // Per source, as the decoder reads the bits (vopSrcMods): an integer
    // source's abs and IGNORED bits would be dropped, NONE bits refused.
    for (int si = 0; si < 3; ++si) {
      const int bit = 1 << si;
      if (!((in[Fld::NEG] | in[Fld::ABS]) & bit)) continue;
      const SrcMods m = vopSrcMods(in, d, si);
      if (m == SrcMods::FP || (m == SrcMods::INT && !(in[Fld::ABS] & bit))) continue;
      return std::string(d.mnemonic) + ": source " + std::to_string(si) + " takes no " +
             (m == SrcMods::INT ? "abs" : "neg/abs") + " modifier";
    }
    if (in[Fld::OP_SEL] && !(d.flags & F_OPSEL)) return std::string(d.mnemonic) + " does not take op_sel";
  }
  if (in.form == Form::E32 && (in[Fld::NEG] || in[Fld::ABS] || in[Fld::CLAMP] || in[Fld::OMOD]))
    return "modifiers need the e64 form";
  if (std::string m = vectorFileRule(in); !m.empty()) return m;
  if (std::string m = maiAssemblerRule(in); !m.empty()) return m;
  if (std::string m = vgprAlignmentRule(in); !m.empty()) return m;
  if (std::string m = dppControlRule(in); !m.empty()) return m;
  if (std::string m = dotOpSelRule(in); !m.empty()) return m;
  if (std::string m = sdwaSrcSelRule(in); !m.empty()) return m;
  // Memory combinations the decoder reads (as llvm's disassembler does) but
  // an assembler refuses (llvm-mc's validateInstruction).
  if (std::string m = memoryAssemblerRule(in); !m.empty()) return m;
  return "";
}

}  // namespace gcn
