// VOP1/VOP2/VOPC (all forms), VOP3, VOP3B, VOP3P: which words llvm-mc-16
// decodes and which field values it keeps. LLVM's VOP profiles decide, per
// instruction, whether a source has floating-point modifiers (neg/abs),
// integer modifiers (sext; NEG bit in VOP3, SEXT bit in SDWA) or none, and
// whether clamp/omod/op_sel exist; bits of a missing modifier are fixed 0 in
// its encoding (word rejected) except where noted. See isa/errata/vop.inc
// and vop3.inc for the evidence.
#include "decoder/canon.h"

#include "decoder/row_info.h"

#include "isa/index.h"
#include "isa/legality.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"

namespace gcn {
namespace {

bool is16(OpType t) {
  return isSourceType(t) && typeBits(t) == 16;
}

const OperandSpec* srcSpec(const RowInfo& ri, const InstDesc& d, int si) {
  int k = ri.src[si];
  return k < 0 ? nullptr : &d.operand[k];
}

Fld srcFld(int si) { return si == 0 ? Fld::SRC0 : si == 1 ? Fld::SRC1 : Fld::SRC2; }


void clearField(Inst* in, Fld f, bool* clean) {
  if ((*in)[f]) {
    (*in)[f] = 0;
    *clean = false;
  }
}

bool validSel(int v) { return v >= 0 && v <= 6; }

// A VGPR range must end at v255 (llvm rejects v[255:256]).
bool vgprRangeBad(const Inst& in, const InstDesc& d) {
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    int dw = typeDwords(op.type);
    if (dw < 2) continue;
    int v;
    if (op.role == Role::vdst) v = in[Fld::VDST] & 0xff;
    else if (op.role == Role::src0 || op.role == Role::src1 || op.role == Role::src2) {
      int c = in[srcFld(op.role == Role::src0 ? 0 : op.role == Role::src1 ? 1 : 2)];
      if (c < opc::kVgpr0) continue;
      v = c - opc::kVgpr0;
    } else continue;
    if (!vectorTupleFits(v, dw)) return true;
  }
  return false;
}

// Is a VGPR-only source (type vN) holding something else?
bool vgprOnlyBad(const Inst& in, const InstDesc& d) {
  const RowInfo& ri = rowInfo(d);
  if (vgprRangeBad(in, d)) return true;
  for (int si = 0; si < 3; ++si) {
    const OperandSpec* s = srcSpec(ri, d, si);
    if (!s || isSourceType(s->type) || s->type == OpType::interpparam) continue;
    if (isVectorRegType(s->type)) {
      int c = in[srcFld(si)];
      if (c < opc::kVgpr0 && registerOperandTakesInlineConstant(d, in.gen, *s) &&
          isInlineConstant(in.gen, c))
        continue;
      // lds_direct is accepted where LLVM's class is VRegOrLds (readfirstlane).
      if (c < opc::kVgpr0 && !(c == opc::kLdsDirect && (ri.facts & RF_READFIRSTLANE)))
        return true;
    }
  }
  return false;
}

// The register-only scalar operands of an Inst (vopScalarCodeOk).
bool scalarOperandsOk(const Inst& in, const InstDesc& d) {
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (!isScalarRegType(op.type)) continue;
    if (op.role == Role::src2 && in.form == Form::E64) {  // else an implicit vcc
      if (!vopScalarCodeOk(op, in[Fld::SRC2])) return false;
    } else if (op.role == Role::sdst && !vopScalarCodeOk(op, in[Fld::VDST])) {
      return false;
    }
  }
  return true;
}

// SDWA omod (GFX9) exists only for float results (LLVM HasSDWAOMod; the
// rule is in row_info.cc).
bool sdwaOmodOk(const InstDesc& d) { return rowInfo(d).facts & RF_SDWA_OMOD; }

bool canonicalizeVop3P(Inst* in, const InstDesc& d, bool* clean) {
  const RowInfo& ri = rowInfo(d);
  int n = ri.nsrc;
  int present = (1 << n) - 1;
  if (((*in)[Fld::NEG] | (*in)[Fld::NEG_HI] | (*in)[Fld::OP_SEL]) & ~present) return false;
  // Packed integer rows (v_pk_*_[iu]16, v_dot2_[iu]32_[iu]16): llvm-mc-16
  // decodes neg_lo/neg_hi of a packed-integer source on src0 only
  // (VOP3P_INT_NEG).
  for (int si = 1; si < n; ++si) {
    const OperandSpec* s = srcSpec(ri, d, si);
    if (s && s->type == OpType::pki16 && ((((*in)[Fld::NEG] | (*in)[Fld::NEG_HI]) >> si) & 1))
      return false;
  }
  // The assembler always sets op_sel_hi[2] (bit 14) of 2-source ops and the
  // disassembler ignores it: canonical value 1.
  if (n < 3 && !((*in)[Fld::OP_SEL_HI] & 4)) {
    (*in)[Fld::OP_SEL_HI] |= 4;
    *clean = false;
  }
  for (int si = 0; si < n; ++si)
    if ((*in)[srcFld(si)] == opc::kLiteral) return false;
  // Rows without modifiers (the AccVGPR moves): llvm's decoder drops them.
  if (d.flags & F_NO_MODS) {
    for (Fld f : {Fld::NEG, Fld::NEG_HI, Fld::OP_SEL, Fld::CLAMP}) clearField(in, f, clean);
    if ((*in)[Fld::OP_SEL_HI] != 7) {
      (*in)[Fld::OP_SEL_HI] = 7;
      *clean = false;
    }
  }
  return !vgprOnlyBad(*in, d) && vectorFileRule(*in).empty();
}

// MFMA: sources are registers of the row's files (no constant, no
// literal); CBSZ/ABID/BLGP take every value (llvm-mc-19 assembles and
// prints cbsz:7 abid:15 blgp:7), but SMFMAC has no BLGP. An ACC bit for an operand whose file the
// row fixes is ignored (MAI_ACC_CD_GFX908).
bool canonicalizeMai(Inst* in, const InstDesc& d, bool* clean) {
  if ((d.flags & F_SMFMAC) && (*in)[Fld::BLGP]) return false;  // llvm-mc-19 gfx940: no blgp
  const int allowed = accBitsAllowed(d, in->gen);
  if ((*in)[Fld::ACC] & ~allowed) {
    (*in)[Fld::ACC] &= allowed;
    *clean = false;
  }
  if (!maiAssemblerRule(*in).empty()) *clean = false;
  return !vgprOnlyBad(*in, d) && vectorFileRule(*in).empty();
}

}  // namespace

bool vopScalarCodeOk(const OperandSpec& op, int code) {
  if (op.role == Role::src2) return code < 128 && !(op.type == OpType::s64 && code == opc::kExecLo);
  if (op.role == Role::sdst && op.type == OpType::s32) return code < 128;
  return true;
}

bool dppCtrlValid(int ctrl, Gen g) {
  return ctrl <= 0xff || (ctrl >= 0x101 && ctrl <= 0x10f) || (ctrl >= 0x111 && ctrl <= 0x11f) ||
         (ctrl >= 0x121 && ctrl <= 0x12f) || ctrl == 0x130 || ctrl == 0x134 || ctrl == 0x138 ||
         ctrl == 0x13c || (ctrl >= 0x140 && ctrl <= 0x143) ||
         (isCdna2On(g) && isRowNewbcast(ctrl));
}

bool laneOperandCodeBad(int code) {
  return code >= opc::kVgpr0 || code == opc::kLiteral || code == opc::kLdsDirect;
}

bool vopNoExtension(const InstDesc& d) {
  // v_swap_b32's src0 is an 8-bit VGPR field: 0xf9/0xfa are v249/v250.
  return rowInfo(d).facts & RF_SWAP;
}

bool canonicalizeVop(Inst* in, const InstDesc& d, bool* clean) {
  if (!isVopEnc(d.enc)) return true;
  const RowInfo& ri = rowInfo(d);
  const uint32_t facts = ri.facts;
  Inst& I = *in;
  const bool gfx9 = in->gen >= Gen::GFX9;

  // Unused source fields: e32 forms cannot have them; VOP3 forms must hold 0
  // (LLVM fixes Inst{58-50}=0 etc. for a missing source).
  for (int si = 0; si < 3; ++si) {
    if (srcSpec(ri, d, si)) continue;
    if (si == 0 && (ri.facts & RF_INTERP)) continue;  // SRC0 holds the attribute
    if (si == 2 && (in->form == Form::E32 || in->form == Form::SDWA || in->form == Form::DPP))
      continue;
    if (I[srcFld(si)]) {
      if (in->form == Form::E32 || in->form == Form::SDWA || in->form == Form::DPP) {
        clearField(in, srcFld(si), clean);
        continue;
      }
      return false;
    }
  }
  // Operand-less v_nop / v_clrexcp: every other bit is fixed 0.
  if (d.num_operands == 0) {
    if (I[Fld::SRC0] || I[Fld::VDST] || I[Fld::SRC1] || I[Fld::SRC2]) return false;
  }

  if (!scalarOperandsOk(I, d)) return false;
  // v_readlane_b32 / v_writelane_b32: the lane select (src1) and writelane's
  // data (src0) are SGPR/M0/inline constants (VOP3_READLANE_LANE_OPERAND).
  if (facts & (RF_READLANE | RF_WRITELANE)) {
    if (d.enc == Enc::VOP2 && I[Fld::SRC1] >= opc::kVgpr0) I[Fld::SRC1] -= opc::kVgpr0;
    for (int si = 0; si < 2; ++si) {
      if (si == 0 && (facts & RF_READLANE)) continue;
      if (laneOperandCodeBad(I[srcFld(si)])) return false;
    }
  }
  // src_lds_direct (254): src0 only, not in SDWA/DPP, not for *rev* opcodes
  // (llvm-mc's assembler rejects the rest; VOP_LDS_DIRECT).
  for (int si = 0; si < 3; ++si) {
    if (!srcSpec(ri, d, si) || I[srcFld(si)] != opc::kLdsDirect) continue;
    if (!ldsDirectOk(d, in->form, si)) return false;
  }
  if (I.enc == Enc::VOP3P) return canonicalizeVop3P(in, d, clean);
  if (I.enc == Enc::VOP3P_MAI) return canonicalizeMai(in, d, clean);

  if (in->form == Form::E64 || I.enc == Enc::VOP3 || I.enc == Enc::VOP3B) {
    // Literals are not encodable in VOP3 on GFX6-9.
    for (int si = 0; si < 3; ++si)
      if (srcSpec(ri, d, si) && I[srcFld(si)] == opc::kLiteral) return false;
    int neg = I[Fld::NEG], abs = I[Fld::ABS];
    for (int si = 0; si < 3; ++si) {
      int bit = 1 << si;
      if (!((neg | abs) & bit)) continue;
      SrcMods m = vopSrcMods(I, d, si);
      if ((ri.facts & RF_INTERP) && si == 0) return false;  // the attribute slot
      switch (m) {
        case SrcMods::NONE: return false;
        case SrcMods::IGNORED:
          neg &= ~bit;
          abs &= ~bit;
          *clean = false;
          break;
        case SrcMods::INT:
          if (abs & bit) {  // printed only as sext(), abs is dropped
            abs &= ~bit;
            *clean = false;
          }
          break;
        case SrcMods::FP: break;
      }
    }
    I[Fld::NEG] = neg;
    I[Fld::ABS] = abs;
    if (I[Fld::CLAMP] && !vop3ClampOk(d, in->gen)) return false;
    if (I[Fld::OMOD] && !vop3OmodOk(d)) return false;
    // op_sel (GFX9 VOP3A): meaningful only on F_OPSEL rows, ignored elsewhere.
    if (gfx9 && I.enc == Enc::VOP3) {
      if (!(d.flags & F_OPSEL)) {
        clearField(in, Fld::OP_SEL, clean);
      } else {
        for (int si = 0; si < 3; ++si)
          if (!srcSpec(ri, d, si) && (I[Fld::OP_SEL] >> si & 1)) return false;
      }
    }
    if ((ri.facts & RF_INTERP)) {
      int a = I[Fld::SRC0];
      if ((a & 0x100) && !(d.flags & F_INTERP_HIGH)) return false;
      if (a & ~0x1ff) return false;
    }
    if (vgprOnlyBad(I, d)) return false;
    return true;
  }

  // e32 form (SDWA/DPP are checked in canonicalizeVopExt).
  if (in->form == Form::E32) {
    // v_swap_b32's src0 is an 8-bit VGPR field (bit 8 ignored).
    if (facts & RF_SWAP) {
      if (I[Fld::SRC0] < opc::kVgpr0) {
        I[Fld::SRC0] += opc::kVgpr0;
        *clean = false;
      }
    }
    if (vgprOnlyBad(I, d)) return false;
  }
  return true;
}

bool bareExtensionHolds(Gen g, Form form, uint32_t x) {
  if (form == Form::DPP) return !(x & 0x00f000ffu);  // SRC0, NEG/ABS
  // SRC0, CLAMP, SRC0_SEL/SEXT/NEG/ABS, SRC1_SEL/SEXT/NEG/ABS; DST_SEL and
  // DST_UNUSED are ignored (there is no destination).
  uint32_t must_zero = 0x3f3f20ffu;
  if (g >= Gen::GFX9) must_zero |= 0x8080c000u;  // OMOD, S0, S1
  return !(x & must_zero);
}

bool canonicalizeVopExt(Inst* in, const InstDesc& d, uint64_t w, bool* clean) {
  const RowInfo& ri = rowInfo(d);
  Inst& I = *in;
  const bool gfx9 = in->gen >= Gen::GFX9;
  if ((ri.facts & RF_BARE) && (in->form == Form::SDWA || in->form == Form::DPP)) {
    // bareExtensionHolds required zero source bytes (and GFX9 SDWA's S0
    // and S1), which the layouts read as v0: the row reads no source, and
    // 0 is what the encoder and llvm-mc write there, so the word is clean.
    I[Fld::SRC0] = 0;
    I[Fld::SRC1] = 0;
  }
  if (in->form == Form::SDWA && (ri.facts & RF_BARE)) {
    // bareExtensionHolds said yes: every field of the dword is 0 in the
    // canonical form (dst_sel/dst_unused are not printed).
    // SEG and RESERVED are not stored: nothing to clear.
    for (const FieldSlot& s : genIndex(in->gen).enc[int(Enc::SDWA)].fields)
      if (isStoredFld(s.fld) && s.fld != Fld::SRC0 && s.fld != Fld::OP) clearField(in, s.fld, clean);
    return true;
  }
  if (in->form == Form::SDWA) {
    bool vopc = d.enc == Enc::VOPC;
    if (d.enc == Enc::VOP1) {
      // The src1 byte (bits 56-61, and S1 on GFX9) must be zero.
      if (extractBits(w, 56, 6) || (gfx9 && extractBits(w, 63, 1))) return false;
      I[Fld::SRC1] = 0;
      I[Fld::SRC1_SEL] = 0;
    }
    if (vopc && gfx9) {
      // Bits 40-47 are SDST + SD.
      I[Fld::DST_SEL] = 0;
      I[Fld::DST_UNUSED] = 0;
      I[Fld::CLAMP] = 0;
      I[Fld::OMOD] = 0;
      if (!I[Fld::SD]) {
        clearField(in, Fld::SDST, clean);
      } else if (I[Fld::SDST] == opc::kVccLo) {
        I[Fld::SD] = 0;
        I[Fld::SDST] = 0;
        *clean = false;
      }
    } else {
      I[Fld::SDST] = 0;
      I[Fld::SD] = 0;
      if (vopc) {  // GFX8 VOPC: dst_sel/dst_unused ignored, clamp kept
        clearField(in, Fld::DST_SEL, clean);
        clearField(in, Fld::DST_UNUSED, clean);
      }
    }
    if (d.flags & F_SDWA_SRC_SEL) {
      // llvm-mc-19 gfx940: dst_sel other than DWORD is invalid, dst_unused
      // ignored (the result is a whole dword or pair).
      if (I[Fld::DST_SEL] != kSelDword) return false;
      clearField(in, Fld::DST_UNUSED, clean);
    } else if (!vopc || !gfx9) {
      if (!validSel(I[Fld::DST_SEL]) && !vopc) return false;
      if (!vopc && I[Fld::DST_UNUSED] == 3) {
        // Printed UNUSED_PAD; canonical encoding 0.
        I[Fld::DST_UNUSED] = 0;
        *clean = false;
      }
    }
    if (!validSel(I[Fld::SRC0_SEL])) return false;
    if (d.enc != Enc::VOP1 && !validSel(I[Fld::SRC1_SEL])) return false;
    for (int si = 0; si < 2; ++si) {
      const OperandSpec* s = srcSpec(ri, d, si);
      int bit = 1 << si;
      if (!s) continue;
      SrcMods m = vopSrcMods(I, d, si);
      if (m == SrcMods::FP && (I[Fld::SEXT] & bit)) return false;
      if (m == SrcMods::INT && ((I[Fld::NEG] | I[Fld::ABS]) & bit)) return false;
      // GFX8 sources are VGPRs; GFX9 allows SGPRs and inline constants.
      int c = I[srcFld(si)];
      if (c == opc::kLiteral) return false;
    }
    if (!gfx9) clearField(in, Fld::OMOD, clean);
    if (I[Fld::OMOD] && !sdwaOmodOk(d)) return false;
    return true;
  }
  if (in->form == Form::DPP) {
    // llvm prints "/* Invalid dpp_ctrl value */" (DPP_INVALID_CTRL)
    if (!dppCtrlValid(I[Fld::DPP_CTRL], in->gen)) return false;
    if (!dppControlRule(*in).empty()) *clean = false;  // DPP64_CTRL_DECODED
    for (int si = 0; si < 2; ++si) {
      int bit = 1 << si;
      if (!((I[Fld::NEG] | I[Fld::ABS]) & bit)) continue;
      SrcMods m = srcSpec(ri, d, si) ? vopSrcMods(I, d, si) : SrcMods::NONE;
      if (m == SrcMods::NONE) return false;
      if (m == SrcMods::INT && (I[Fld::ABS] & bit)) {  // sext() only; abs dropped
        I[Fld::ABS] &= ~bit;
        *clean = false;
      }
    }
    return true;
  }
  (void)clean;
  return true;
}

// A word that breaks the constant-bus limit decodes (as llvm-mc's
// disassembler does) but is not clean: strict decoding rejects it and
// validateInst() reports it, so the assembler refuses the text
// (VOP_CONSTANT_BUS).
static bool noteConstantBus(const Inst& I, bool* clean, bool check_bus) {
  if (check_bus && constantBusReads(I) > constantBusLimit(I.gen)) *clean = false;
  return true;
}

int inlineCodeForLiteral(Gen g, OpType t, uint32_t L) {
  if (t == OpType::pkf16 || t == OpType::pki16) return packedDwordInlineCode(g, t, L);
  const int bits = is16(t) ? 16 : typeBits(t) == 64 ? 64 : 32;
  return literalInlineCode(g, L, bits, t == OpType::f16);
}

bool sourceLiteralKept(Gen g, OpType t, uint32_t L, bool vop) {
  return inlineCodeForLiteral(g, t, L) < 0 && !(vop && is16(t) && (L >> 16));
}

bool canonicalizeVopLiteral(Inst* in, const InstDesc& d, bool* clean, bool check_bus) {
  if (!isVopEnc(d.enc)) return true;
  const RowInfo& ri = rowInfo(d);
  Inst& I = *in;
  if (I.form != Form::E32 && I.form != Form::NATIVE) return noteConstantBus(I, clean, check_bus);
  if (d.flags & F_LITERAL_K) {
    // The literal is K; a src0 of 255 reads the same dword, and llvm-mc
    // decodes it (and assembles its text) as the inline constant of that
    // value when there is one: "v_madmk_f32 v1, -1, 0xffffffff, v2".
    const OperandSpec* s = srcSpec(ri, d, 0);
    if (s && isSourceType(s->type) && I[Fld::SRC0] == opc::kLiteral && I.has_literal) {
      const int code = inlineCodeForLiteral(I.gen, s->type, I.literal);
      if (code >= 0) {
        I[Fld::SRC0] = code;
        *clean = false;
      }
    }
    return noteConstantBus(I, clean, check_bus);
  }
  for (int si = 0; si < 3; ++si) {
    const OperandSpec* s = srcSpec(ri, d, si);
    if (!s || !isSourceType(s->type)) continue;
    Fld f = srcFld(si);
    int c = I[f];
    if (c == opc::kLiteral && I.has_literal) {
      uint32_t L = I.literal;
      const int code = inlineCodeForLiteral(I.gen, s->type, L);
      if (is16(s->type) && code < 0 && (L >> 16)) {
        I.literal = L & 0xffff;
        *clean = false;
      }
      if (code >= 0) {
        I[f] = code;
        I.has_literal = false;
        I.literal = 0;
        I.size = uint8_t(I.size - 4);
        *clean = false;
      }
    }
  }
  return noteConstantBus(I, clean, check_bus);
}


}  // namespace gcn
