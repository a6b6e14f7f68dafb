#include "decoder/decoder.h"
#include "isa/operand_field.h"

#include <cstring>

#include "decoder/canon.h"
#include "decoder/decode_plan.h"
#include "decoder/row_info.h"
#include "isa/index.h"
#include "isa/legality.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "isa/special_imm.h"

namespace gcn {

bool literalFollows(const Inst& inst, const InstDesc& d) {
  // The row's mandatory literal (v_madmk/v_madak, s_setreg_imm32).
  if (d.flags & F_LITERAL_K) return true;
  const RowInfo& ri = rowInfo(d);
  // GFX7 SMRD: OFFSET 0xff with IMM=0 means a 32-bit literal offset follows.
  if (d.enc == Enc::SMRD && inst.gen == Gen::GFX7 && !inst[Fld::IMM] &&
      inst[Fld::OFFSET] == 0xff && rowHas(ri, Role::offset))
    return true;
  if (inst.form == Form::SDWA || inst.form == Form::DPP) return false;
  // Only operands that can hold a constant read a literal: s_set_gpr_idx_on's
  // SSRC1 is an 8-bit mode mask, so 0xff there is no literal.
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    const Fld f = sourceRoleField(op.role);
    if (isSourceType(op.type) && rowHas(ri, op.role) && f != Fld::kCount && inst[f] == opc::kLiteral)
      return true;
  }
  return false;
}

namespace {

inline uint32_t load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;  // GCN and our hosts are little-endian
}


// Inst is ~300 bytes. GCC turns its zero-initialisation and copy into
// rep stos/movs, whose start-up cost is a large part of a decode; plain
// 16-byte moves are several times faster.
typedef long long Vec16 __attribute__((vector_size(16), aligned(1), may_alias));

inline void copyInst(Inst* dst, const Inst* src) {
  char* d = reinterpret_cast<char*>(dst);
  const char* s = reinterpret_cast<const char*>(src);
  constexpr size_t kVecs = sizeof(Inst) / 16;
#pragma GCC unroll 32
  for (size_t k = 0; k < kVecs; ++k)
    reinterpret_cast<Vec16*>(d)[k] = reinterpret_cast<const Vec16*>(s)[k];
  if (sizeof(Inst) % 16) std::memcpy(d + kVecs * 16, s + kVecs * 16, sizeof(Inst) % 16);
}

// A default-constructed Inst, copied instead of constructing one.
const Inst kBlankInst{};

// Storage for an Inst that copyInst() fills (no constructor of its own).
union RawInst {
  RawInst() {}
  Inst inst;
};

// Finds the row for `op`: the one row with that opcode, or among several
// (lds variants, FLAT segments, gfx900 mad_mix vs gfx906 fma_mix) the one
// available on the target whose selector fields match the word.
int findRow(const Target& t, const EncIndex& ei, int op, uint64_t w) {
  int id = ei.rows[size_t(op)];
  if (id < 0) return -1;
  if (ei.alternatives.empty() || ei.alternatives[size_t(op)].empty()) {
    const InstDesc& d = instDesc(id);
    return t.has(d) && rowSelectorMatches(d, ei, w) ? id : -1;
  }
  for (int16_t alt : ei.alternatives[size_t(op)]) {
    const InstDesc& d = instDesc(alt);
    if (t.has(d) && rowSelectorMatches(d, ei, w)) return alt;
  }
  return -1;
}

// Applies a layout to the instruction word(s); returns false if a RESERVED
// field is non-zero.
bool applyFields(const EncIndex& ei, uint64_t w, Inst* inst) {
  int32_t* f = inst->f.data();
  if (ei.split_ok) {
    for (const EncIndex::LinOp& s : ei.lin)
      f[size_t(s.fld)] = int32_t((((w >> s.lo) & s.mask) << s.shift) + s.add);
    for (const FieldOp& s : ei.rest) {
      uint64_t bits = (w >> s.lo) & s.mask;
      int32_t& dst = f[size_t(s.fld)];
      switch (s.xform) {
        case Xform::SEXT: {
          uint64_t sign = 1ull << s.shift;
          dst = int32_t(int64_t((bits ^ sign) - sign));
          break;
        }
        case Xform::S0: if (!bits) f[size_t(Fld::SRC0)] += 256; break;
        case Xform::S1: if (!bits) f[size_t(Fld::SRC1)] += 256; break;
        case Xform::HI: dst |= int32_t(bits << s.shift); break;
        default: break;
      }
    }
    return (w & ei.reserved_mask) == 0;
  }
  for (const FieldOp& s : ei.ops) {
    uint64_t bits = (w >> s.lo) & s.mask;
    int32_t& dst = f[size_t(s.fld)];
    switch (s.xform) {
      case Xform::NONE: dst = int32_t(bits); break;
      case Xform::VGPR: dst = int32_t(bits) + 256; break;
      case Xform::SEXT: {
        uint64_t sign = 1ull << s.shift;
        dst = int32_t(int64_t((bits ^ sign) - sign));
        break;
      }
      case Xform::X2: dst = int32_t(bits * 2); break;
      case Xform::X4: dst = int32_t(bits * 4); break;
      case Xform::S0: if (!bits) f[size_t(Fld::SRC0)] += 256; break;
      case Xform::S1: if (!bits) f[size_t(Fld::SRC1)] += 256; break;
      case Xform::HI: dst |= int32_t(bits << s.shift); break;
    }
  }
  return (w & ei.reserved_mask) == 0;
}

// Checks every scalar register and constant operand against the
// legality module's rule (scalarCodeFate): a code that names nothing
// rejects the word, a misaligned SGPR/TTMP tuple is aligned down as llvm-mc
// does (strict mode rejects instead).
bool checkOperands(const Inst& in, const InstDesc& d, Inst* out, bool* clean) {
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (!scalarCodeRuled(op)) continue;
    const Fld f = operandField(in, op);
    if (f == Fld::kCount) continue;
    int aligned = 0;
    switch (scalarCodeFate(in.gen, op, out->f[size_t(f)], &aligned)) {
      case ScalarCodeFate::REFUSED: return false;
      case ScalarCodeFate::ALIGNED:
        *clean = false;
        out->f[size_t(f)] = aligned;
        break;
      default: break;
    }
  }
  return true;
}

}  // namespace

// decode() is in decode_plan.cc, with the fast path it tries first.

DecodeResult decodeFull(const Target& t, const uint8_t* bytes, size_t len,
                        Inst* out, const DecodeOptions& opts) {
  DecodeResult r;
  r.size = 4;
  if (len < 4) {
    r.status = DecodeStatus::TRUNCATED;
    r.size = uint8_t(len);
    return r;
  }
  const GenIndex& gi = genIndex(t.gen);
  const uint32_t w0 = load32(bytes);
  const int e = gi.enc_by_prefix[w0 >> 23];
  if (e < 0) {
    r.status = DecodeStatus::UNKNOWN_ENCODING;
    return r;
  }
  Enc enc = Enc(e);
  const EncIndex* ei = &gi.enc[e];
  size_t need = size_t(ei->dwords) * 4;
  if (len < need) {
    r.status = DecodeStatus::TRUNCATED;
    return r;
  }
  uint64_t w = w0;
  if (ei->dwords > 1) w |= uint64_t(load32(bytes + 4)) << 32;
  int op = int(extractBits(w, ei->op_lo, ei->op_width));
  int id = findRow(t, *ei, op, w);
  if (id < 0) {
    r.status = DecodeStatus::UNKNOWN_OPCODE;
    return r;
  }
  const InstDesc& d = instDesc(id);
  RawInst raw;
  copyInst(&raw.inst, &kBlankInst);
  Inst& inst = raw.inst;
  inst.id = uint16_t(id);
  inst.gen = t.gen;
  inst.enc = enc;
  if (sharesOpcodeSpace(d.enc) && opcodeSpace(d.enc) == enc) {
    inst.enc = d.enc;  // the row's own layout of its space's word
    ei = &gi.enc[int(d.enc)];
  } else if (enc == Enc::VOP3 && isVopShort(d.enc) && (d.flags & F_VOP3B)) {
    inst.enc = Enc::VOP3B;
    ei = &gi.enc[int(Enc::VOP3B)];
  }
  if (isVopShort(d.enc))
    inst.form = enc == Enc::VOP3 ? Form::E64 : Form::E32;
  bool clean = applyFields(*ei, w, &inst);
  size_t size = need;
  // applyFields drops RESERVED bits (the word is then not clean); GFX8/9
  // DS bit 25 invalidates the word in some rows (dsBit25Fixed).
  if (enc == Enc::DS && t.gen >= Gen::GFX8 && dsBit25Fixed(d) && (w & ei->reserved_mask)) {
    r.status = DecodeStatus::INVALID_OPERAND;
    return r;
  }

  if (inst.form == Form::E32 && t.gen >= Gen::GFX8) {
    int src0 = inst[Fld::SRC0];
    if ((src0 == opc::kSdwa || src0 == opc::kDpp) && !vopNoExtension(d)) {
      Enc ext = src0 == opc::kSdwa ? Enc::SDWA : Enc::DPP;
      const EncIndex& xi = gi.enc[int(ext)];
      const bool has_form = xi.present && !(ext == Enc::SDWA && (d.flags & F_NO_SDWA)) &&
                            !(ext == Enc::DPP && !hasDppForm(d, t.gen));
      const Form xf = ext == Enc::SDWA ? Form::SDWA : Form::DPP;
      // An operand-less row reads no SRC0, so a marker there is ignored
      // when the row has no such form (v_clrexcp) or the extension dword is
      // not the canonical one (VOP1_NOP_SDWA_DPP).
      if ((d.flags & F_BARE) &&
          (!has_form || len < 8 || !bareExtensionHolds(t.gen, xf, load32(bytes + 4)))) {
        // The e32 form; its (ignored) SRC0 is 0 in the canonical word.
        inst[Fld::SRC0] = 0;
        clean = false;
      } else if (!has_form) {
        r.status = DecodeStatus::INVALID_OPERAND;
        return r;
      } else {
        if (len < 8) {
          r.status = DecodeStatus::TRUNCATED;
          return r;
        }
        w = w0 | uint64_t(load32(bytes + 4)) << 32;
        inst[Fld::SRC0] = 0;
        clean &= applyFields(xi, w, &inst);
        inst.form = xf;
        size = 8;
        if (!canonicalizeVopExt(&inst, d, w, &clean)) {
          r.status = DecodeStatus::INVALID_OPERAND;
          return r;
        }
      }
    }
  }

  const RowInfo ri = rowInfo(d);
  // Clear source fields the row does not use (llvm-mc ignores them too).
  static constexpr Role kSrcRoles[] = {Role::src0, Role::src1, Role::src2,
                                       Role::ssrc0, Role::ssrc1};
  if (!(ri.facts & RF_VOP)) {  // VOP: canon_vop.cc
    for (Role sr : kSrcRoles) {
      Fld f = sourceRoleField(sr);
      if (inst[f] && !rowHas(ri, sr)) {
        // VOP3 forms carry src2 as implicit VCC etc.; only clear true extras.
        clean = false;
        inst[f] = 0;
      }
    }
  }
  if (!canonicalizeScalar(&inst, d, &clean) || !canonicalizeVop(&inst, d, &clean) ||
      !canonicalizeMemory(&inst, d, &clean) || !checkOperands(inst, d, &inst, &clean)) {
    r.status = DecodeStatus::INVALID_OPERAND;
    return r;
  }
  // Words llvm-mc decodes but no assembler writes: only strict decoding
  // reads `clean`, so lenient decoding skips these rules' messages.
  if (opts.strict) {
    if (!vgprAlignmentRule(inst).empty()) clean = false;  // VGPR_TUPLE_ALIGN_DECODED
    if (!dotOpSelRule(inst).empty()) clean = false;        // DOT_OPSEL_GFX940
    if (!sdwaSrcSelRule(inst).empty()) clean = false;      // FP8_SDWA_MODS_DECODED
  }
  if (literalFollows(inst, d)) {
    if (len < size + 4) {
      r.status = DecodeStatus::TRUNCATED;
      return r;
    }
    inst.has_literal = true;
    inst.literal = load32(bytes + size);
    size += 4;
  }
  inst.size = uint8_t(size);
  // inst.size is the canonical encoding's size; r.size the bytes consumed.
  if (!canonicalizeVopLiteral(&inst, d, &clean, opts.strict) ||
      !canonicalizeScalarLiteral(&inst, d, &clean)) {
    r.status = DecodeStatus::INVALID_OPERAND;
    return r;
  }
  if (opts.strict && !clean) {
    r.status = DecodeStatus::RESERVED_BITS;
    return r;
  }
  copyInst(out, &inst);
  r.size = uint8_t(size);
  return r;
}

std::string explainDecodeError(const Target& t, const uint8_t* bytes,
                               size_t len, DecodeResult r,
                               const DecodeOptions& opts) {
  char buf[256];
  uint32_t w0 = 0;
  if (len >= 4) w0 = load32(bytes);
  const GenIndex& gi = genIndex(t.gen);
  switch (r.status) {
    case DecodeStatus::OK: return "ok";
    case DecodeStatus::TRUNCATED:
      std::snprintf(buf, sizeof buf,
                    "truncated instruction: %zu byte(s) available, more needed "
                    "(encoding, extension dword or literal)", len);
      return buf;
    case DecodeStatus::UNKNOWN_ENCODING:
      std::snprintf(buf, sizeof buf,
                    "no %s encoding has prefix 0x%03x (bits 31:23 of 0x%08x)",
                    std::string(genName(t.gen)).c_str(), w0 >> 23, w0);
      return buf;
    case DecodeStatus::UNKNOWN_OPCODE: {
      int e = gi.enc_by_prefix[w0 >> 23];
      const EncIndex& ei = gi.enc[e];
      uint64_t w = w0;
      if (ei.dwords > 1 && len >= 8) w |= uint64_t(load32(bytes + 4)) << 32;
      std::snprintf(buf, sizeof buf, "%s opcode %llu (0x%llx) is not defined on %s",
                    std::string(encName(Enc(e))).c_str(),
                    (unsigned long long)extractBits(w, ei.op_lo, ei.op_width),
                    (unsigned long long)extractBits(w, ei.op_lo, ei.op_width),
                    std::string(t.name).c_str());
      return buf;
    }
    case DecodeStatus::RESERVED_BITS:
      return "reserved or unused bits are set (strict mode)";
    case DecodeStatus::INVALID_OPERAND:
      return "an operand field holds a code that names no register or constant "
             "for this operand on " + std::string(t.name) +
             " (or SDWA/DPP is not allowed for this instruction)";
  }
  (void)opts;
  return "unknown error";
}

}  // namespace gcn
