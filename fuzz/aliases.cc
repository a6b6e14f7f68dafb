#include "fuzz/aliases.h"

#include <cstring>

#include "decoder/decoder.h"
#include "isa/index.h"
#include "isa/registers.h"

namespace gcn::fuzz {
namespace {

// (encoding, field) pairs whose bits the decoder may normalise, with why.
// Reviewed against decoder/canon_*.cc and decoder.cc; the rule names in
// capitals are errata rows (isa/errata/*.inc) or comments in the decoder.
struct AliasField {
  Enc enc;
  Fld fld;
  const char* why;
};

constexpr AliasField kAliasFields[] = {
    // --- register ranges ---------------------------------------------------
    // A misaligned 64..512-bit SGPR/TTMP range is aligned down, as llvm-mc
    // does (decoder.cc checkOperands); the low bits of the code are dropped.
    {Enc::SOP1, Fld::SDST, "misaligned SGPR range aligned down"},
    {Enc::SOP1, Fld::SSRC0, "misaligned SGPR range aligned down / unused source cleared"},
    {Enc::SOP2, Fld::SDST, "misaligned SGPR range aligned down"},
    {Enc::SOP2, Fld::SSRC0, "misaligned SGPR range aligned down"},
    {Enc::SOP2, Fld::SSRC1, "misaligned SGPR range aligned down"},
    {Enc::SOPC, Fld::SSRC0, "misaligned SGPR range aligned down"},
    {Enc::SOPC, Fld::SSRC1, "misaligned SGPR range aligned down"},
    {Enc::SOPK, Fld::SDST, "misaligned SGPR range aligned down"},
    {Enc::SMRD, Fld::SDATA, "misaligned SGPR range aligned down"},
    {Enc::SMEM, Fld::SDATA, "misaligned SGPR range aligned down"},
    {Enc::VOP3, Fld::SRC0, "misaligned SGPR range aligned down"},
    {Enc::VOP3, Fld::SRC1, "misaligned SGPR range aligned down"},
    {Enc::VOP3, Fld::SRC2, "misaligned SGPR range aligned down"},
    {Enc::VOP3, Fld::VDST, "VOPC e64 sdst: misaligned SGPR pair aligned down"},
    {Enc::VOP3B, Fld::SDST, "misaligned SGPR pair aligned down"},
    {Enc::VOP3B, Fld::SRC0, "misaligned SGPR range aligned down"},
    {Enc::VOP3B, Fld::SRC1, "misaligned SGPR range aligned down"},
    {Enc::VOP3B, Fld::SRC2, "misaligned SGPR pair aligned down"},
    {Enc::VOP1, Fld::SRC0, "misaligned SGPR pair aligned down; v_swap_b32's 8-bit VGPR src0"},
    {Enc::VOP2, Fld::SRC0, "misaligned SGPR pair aligned down"},
    {Enc::VOPC, Fld::SRC0, "misaligned SGPR pair aligned down"},
    {Enc::VOP3P, Fld::SRC0, "misaligned SGPR range aligned down"},
    {Enc::VOP3P, Fld::SRC1, "misaligned SGPR range aligned down"},
    {Enc::VOP3P, Fld::SRC2, "misaligned SGPR range aligned down"},
    // GFX90A and GFX940 have GDS only in ds_gws_*: the bit is cleared
    // elsewhere, as llvm-mc-19 ignores it (GDS_BIT_IGNORED_GFX90A).
    {Enc::DS, Fld::GDS, "GDS bit outside ds_gws_* on GFX90A/GFX940"},
    // --- scalar ------------------------------------------------------------
    // s_waitcnt keeps only the counter fields (canon_scalar.cc); s_sendmsg
    // keeps the fields of a valid message (canonicalSendmsg).
    {Enc::SOPP, Fld::SIMM16, "s_waitcnt non-counter bits / s_sendmsg unused fields dropped"},
    // SMRD/SMEM offsets of forms that ignore them (canon_scalar.cc):
    // SOE selects SOFFSET, OFFSET above 7 bits ignored for an SGPR offset.
    {Enc::SMRD, Fld::OFFSET, "offset of a form without one / SGPR offset code bits"},
    {Enc::SMEM, Fld::OFFSET, "offset ignored when SOE or no offset; SGPR offset is 7 bits"},
    {Enc::SMEM, Fld::SOFFSET, "soffset of a form without one"},
    {Enc::SMEM, Fld::SOE, "soe of a form without an offset"},
    {Enc::SMEM, Fld::NV, "GFX9 SMEM NV bit ignored (llvm-mc does not print it)"},
    {Enc::SMEM, Fld::SBASE, "s_dcache_wb etc.: sbase unused"},
    {Enc::SMEM, Fld::SDATA, "sdata unused by cache ops"},
    {Enc::SMEM, Fld::GLC, "glc ignored by s_memtime, s_dcache_*, s_atc_probe* (SMEM_NO_GLC_OPS)"},
    {Enc::SMRD, Fld::SBASE, "sbase unused by s_dcache_inv etc."},
    {Enc::SMRD, Fld::SDATA, "sdata unused by cache ops"},
    // --- VOP modifiers -------------------------------------------------------
    // neg/abs on sources whose modifiers llvm ignores (GFX9 integer op_sel
    // rows), abs on integer sources (printed sext only): canon_vop.cc.
    {Enc::VOP3, Fld::NEG, "neg on a source that ignores modifiers"},
    {Enc::VOP3, Fld::ABS, "abs on an integer source / a source that ignores modifiers"},
    {Enc::VOP3B, Fld::NEG, "neg on a source that ignores modifiers"},
    {Enc::VOP3B, Fld::ABS, "abs on a source that ignores modifiers"},
    // VOP3P 2-source ops: op_sel_hi[2] is always set by the assembler and
    // ignored by the disassembler; canonical 1 (canon_vop.cc).
    {Enc::VOP3P, Fld::OP_SEL_HI, "op_sel_hi[2] of 2-source ops canonical 1"},
    // --- SDWA / DPP --------------------------------------------------------
    {Enc::SDWA, Fld::DST_UNUSED, "UNUSED_PAD written 3 canonical 0; GFX8 VOPC dst_unused ignored"},
    {Enc::SDWA, Fld::DST_SEL, "GFX8 VOPC dst_sel ignored"},
    {Enc::SDWA, Fld::SD, "GFX9 VOPC_SDWA sdst=vcc canonical SD=0"},
    // GFX9 VOPC_SDWA: bits 40-47 hold SDST/SD; the clamp/omod slots of
    // the other forms do not exist there (canon_vop.cc zeroes them).
    {Enc::SDWA, Fld::CLAMP, "GFX9 VOPC_SDWA has no clamp"},
    {Enc::SDWA, Fld::OMOD, "GFX9 VOPC_SDWA / GFX8 SDWA have no omod"},
    {Enc::SDWA, Fld::SDST, "GFX9 VOPC_SDWA sdst ignored with SD=0"},
    {Enc::DPP, Fld::ABS, "abs on an integer source (sext only)"},
    // --- memory --------------------------------------------------------------
    // ds_swizzle_b32's bitmask masks become the ones llvm's assembler builds
    // from the printed text (DS_SWIZZLE_BITMASK_LOSSY): same lane mapping.
    {Enc::DS, Fld::OFFSET, "ds_swizzle_b32 bitmask masks made canonical"},
    // canon_memory.cc: fields a row does not use are ignored, as by llvm-mc.
    {Enc::FLAT, Fld::TFE, "FLAT_TFE_NV_UNSUPPORTED"},
    {Enc::FLAT, Fld::NV, "FLAT_TFE_NV_UNSUPPORTED"},
    {Enc::FLAT, Fld::VDST, "no vdst: stores, atomics without glc"},
    {Enc::FLAT, Fld::VDATA, "no vdata: loads"},
    {Enc::FLAT, Fld::SADDR, "FLAT_GLOBAL_SADDR_ODD: odd SGPR aligned down"},
    {Enc::FLAT, Fld::OFFSET, "FLAT_GFX8_OFFSET_DECODED: GFX8 has no flat offset"},
    {Enc::FLAT, Fld::VADDR, "GFX9 scratch with saddr: vaddr unused"},
    {Enc::MUBUF, Fld::OFFSET, "cache ops (buffer_wbinvl1...): no operands"},
    {Enc::MUBUF, Fld::SOFFSET, "cache ops: no operands"},
    {Enc::MUBUF, Fld::SRSRC, "cache ops: no operands"},
    {Enc::MUBUF, Fld::VADDR, "no vaddr without offen/idxen/addr64; cache ops"},
    {Enc::MUBUF, Fld::VDATA, "lds loads (lds=1) return no vdata; cache ops"},
    {Enc::MUBUF, Fld::ADDR64, "addr64 ignored where the generation or form lacks it"},
    {Enc::MUBUF, Fld::TFE, "tfe ignored for stores, atomics and lds forms"},
    {Enc::MUBUF, Fld::GLC, "cache ops: no modifiers"},
    {Enc::MUBUF, Fld::SLC, "cache ops: no modifiers"},
    {Enc::MUBUF, Fld::OFFEN, "cache ops: no modifiers"},
    {Enc::MUBUF, Fld::IDXEN, "cache ops: no modifiers"},
    {Enc::MUBUF, Fld::LDS, "cache ops: no modifiers"},
    {Enc::MTBUF, Fld::VADDR, "no vaddr without offen/idxen/addr64"},
    {Enc::MTBUF, Fld::TFE, "tfe ignored for stores"},
    {Enc::MTBUF, Fld::ADDR64, "addr64 ignored where the generation lacks it"},
    // EXP: sources of disabled channels (EN bit clear) are not read and
    // llvm prints them as "off".
    {Enc::EXP, Fld::VSRC0, "disabled channel source"},
    {Enc::EXP, Fld::VSRC1, "disabled channel source"},
    {Enc::EXP, Fld::VSRC2, "disabled channel source"},
    {Enc::EXP, Fld::VSRC3, "disabled channel source"},
    // GFX9 op_sel on VOP3 rows without F_OPSEL is ignored (canon_vop.cc).
    {Enc::VOP3, Fld::OP_SEL, "op_sel of a row without op_sel"},
    {Enc::SMRD, Fld::IMM, "s_dcache_inv / s_memtime: no offset"},
};

struct Words {
  uint64_t w = 0;
  unsigned bits = 0;
};

Words load(const uint8_t* p, size_t n) {
  Words r;
  n = n > 8 ? 8 : n;
  for (size_t i = 0; i < n; ++i) r.w |= uint64_t(p[i]) << (8 * i);
  r.bits = unsigned(n * 8);
  return r;
}

std::vector<FieldSlot> slotsOf(const Target& t, const Inst& in, std::vector<Enc>* encs) {
  const GenIndex& gi = genIndex(t.gen);
  std::vector<FieldSlot> v;
  auto add = [&](Enc e) {
    for (const FieldSlot& s : gi.enc[int(e)].fields) {
      v.push_back(s);
      encs->push_back(e);
    }
  };
  add(in.enc);
  if (in.form == Form::SDWA) add(Enc::SDWA);
  if (in.form == Form::DPP) add(Enc::DPP);
  return v;
}

uint64_t maskOf(const FieldSlot& s) {
  return (s.width >= 64 ? ~0ull : ((1ull << s.width) - 1)) << s.lo;
}

bool listed(Enc e, Fld f) {
  // RESERVED: bits the spec reserves are ignored by the lenient decoder, as
  // by llvm-mc (decoder.cc applyFields); strict decoding rejects them.
  if (f == Fld::RESERVED) return true;
  for (const AliasField& a : kAliasFields)
    if (a.enc == e && a.fld == f) return true;
  return false;
}

std::string name(Enc e, Fld f) {
  return std::string(encName(e)) + "." + std::string(fldName(f));
}

bool isSrcFld(Fld f) {
  return f == Fld::SRC0 || f == Fld::SRC1 || f == Fld::SRC2 || f == Fld::SSRC0 ||
         f == Fld::SSRC1;
}

}  // namespace

int numAliasFields() { return int(sizeof kAliasFields / sizeof kAliasFields[0]); }

AliasReport explainAliases(const Target& t, const Inst& in, const uint8_t* orig, size_t orig_len,
                           const uint8_t* enc, size_t enc_len) {
  AliasReport rep;
  const size_t inst_len = enc_len - (in.has_literal ? 4 : 0);
  const bool orig_lit = orig_len > inst_len, enc_lit = in.has_literal;
  if (orig_len < inst_len || orig_len > inst_len + 4) {
    rep.error = "sizes cannot be explained: consumed " + std::to_string(orig_len) +
                " bytes, canonical encoding " + std::to_string(enc_len);
    return rep;
  }
  const Words wo = load(orig, inst_len), we = load(enc, inst_len);
  uint64_t diff = wo.w ^ we.w;
  std::vector<Enc> slot_enc;
  const std::vector<FieldSlot> slots = slotsOf(t, in, &slot_enc);

  // Literal aliases (canonicalizeVopLiteral): the differing source field is
  // explained here and excluded from the per-field test below.
  uint32_t lit_o = 0, lit_e = 0;
  if (orig_lit) std::memcpy(&lit_o, orig + inst_len, 4);
  if (enc_lit) std::memcpy(&lit_e, enc + inst_len, 4);
  // Every source field going from [from_lo, from_hi] to [to_lo, to_hi] is
  // explained (operands sharing the one literal dword change together, e.g.
  // s_bfe_i32 s0, 1, 1 written with two literal operands): true if there was
  // at least one and they all went from the same code to the same code.
  auto srcDiff = [&](int from_lo, int from_hi, int to_lo, int to_hi) {
    int n = 0, a0 = -1, b0 = -1;
    for (size_t i = 0; i < slots.size(); ++i) {
      const FieldSlot& s = slots[i];
      if (!isSrcFld(s.fld) || s.xform != Xform::NONE || !(diff & maskOf(s))) continue;
      int a = int(extractBits(wo.w, s.lo, s.width)), b = int(extractBits(we.w, s.lo, s.width));
      if (a >= from_lo && a <= from_hi && b >= to_lo && b <= to_hi) {
        if (n++ && (a != a0 || b != b0)) return false;
        a0 = a;
        b0 = b;
        diff &= ~maskOf(s);
      }
    }
    return n > 0;
  };
  if (orig_lit && !enc_lit && in.enc == Enc::SMRD) {
    // SMRD_GFX7_LITERAL_OFFSET: a literal offset <= 0xff is the IMM form
    // (OFFSET 0xff, IMM 0 + literal L -> OFFSET L, IMM 1).
    const uint64_t off = 0xff, imm = 1u << 8;
    if ((wo.w & (off | imm)) != 0xff || (we.w & imm) == 0 || lit_o > 0xff ||
        (we.w & off) != lit_o) {
      rep.error = "SMRD literal dropped but the word is not the IMM form of its offset";
      return rep;
    }
    diff &= ~(off | imm);
    rep.used.push_back("SMRD_GFX7_LITERAL_OFFSET");
  } else if (orig_lit && !enc_lit) {
    // LITERAL_IS_INLINE: a literal equal to an inline constant is that
    // constant (llvm-mc prints it so; the word shrinks by 4 bytes).
    if (!srcDiff(255, 255, 0, 255) ) {
      rep.error = "literal dropped but no source field (or not all alike) went from literal (255) to a constant";
      return rep;
    }
    rep.used.push_back("LITERAL_IS_INLINE");
  } else if (!orig_lit && enc_lit) {
    // INLINE_FLOAT_IN_INT16: a float inline constant in a 16-bit integer
    // operand of an e32 form is a literal holding its f16 pattern (llvm).
    if (!srcDiff(240, 248, 255, 255)) {
      rep.error = "literal added but no source field went from a float constant to literal";
      return rep;
    }
    rep.used.push_back("INLINE_FLOAT_IN_INT16");
  } else if (orig_lit && enc_lit && lit_o != lit_e) {
    // LITERAL16_HIGH_BITS: a 16-bit operand's literal keeps its low half.
    if ((lit_o & 0xffff) != lit_e) {
      rep.error = "literal changed beyond dropping its high half";
      return rep;
    }
    rep.used.push_back("LITERAL16_HIGH_BITS");
  }
  if (!diff) return rep;

  // Per field: restoring the original bits of the field in the canonical
  // word must decode to the same Inst, and the field must be listed.
  std::vector<uint8_t> buf(enc, enc + enc_len);
  auto decodesSame = [&](uint64_t restore) {
    uint64_t w = (we.w & ~restore) | (wo.w & restore);
    for (size_t i = 0; i < inst_len && i < 8; ++i) buf[i] = uint8_t(w >> (8 * i));
    Inst again;
    DecodeResult r = decode(t, buf.data(), buf.size(), &again);
    return r.ok() && again == in;
  };
  uint64_t covered = 0, failed = 0;
  std::vector<std::string> failed_names;
  for (size_t i = 0; i < slots.size(); ++i) {
    const FieldSlot& s = slots[i];
    uint64_t m = maskOf(s) & diff & ~covered;
    if (!m) continue;
    // All slots of this field together (split fields, GFX9 SDWA S0/S1).
    uint64_t fm = 0;
    for (size_t j = 0; j < slots.size(); ++j)
      if (slots[j].fld == s.fld && slot_enc[j] == slot_enc[i]) fm |= maskOf(slots[j]);
    fm &= diff;
    covered |= fm;
    std::string n = name(slot_enc[i], s.fld);
    if (!listed(slot_enc[i], s.fld)) {
      rep.unreviewed = n;
      rep.error = "the decoder normalises field " + n +
                  " which is not in the reviewed alias list (fuzz/aliases.cc)";
      return rep;
    }
    rep.used.push_back(n);
    if (!decodesSame(fm)) {
      failed |= fm;
      failed_names.push_back(n);
    }
  }
  if (diff & ~covered) {
    rep.error = "bits outside every field of the layout differ";
    return rep;
  }
  // Fields normalised together (e.g. SD and SDST) only restore jointly:
  // restoring every differing bit must give the same Inst.
  if (failed && !decodesSame(diff)) {
    std::string all;
    for (const std::string& n : failed_names) all += (all.empty() ? "" : ", ") + n;
    rep.error = "restoring the original bits of " + all + " decodes to a different Inst";
  }
  return rep;
}

}  // namespace gcn::fuzz
