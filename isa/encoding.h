// Encodings (instruction formats) and their bit fields, as data.
//
// Every encoding's layout lives in isa/tables/<encoding>.inc next to its
// opcode rows, written with these macros:
//
//   GCN_ENCODING(ENC, gens, dwords, match_mask, match_value)
//     ENC is recognised in dword0 when (dword0 & match_mask) == match_value on
//     the given generations. `dwords` is the size without literal/extension.
//   GCN_FIELD(ENC, gens, FLD, lo, width, XFORM)
//     Bits [lo, lo+width) of the (up to 64-bit) instruction word hold field
//     FLD; bits 32..63 are dword1. XFORM says how the raw bits map to the
//     normalised value stored in Inst (see Xform).
//
// SDWA and DPP are extension dwords that follow a VOP1/VOP2/VOPC dword whose
// SRC0 is 0xf9/0xfa; their layouts use ENC = SDWA / DPP with lo relative to
// the start of the instruction (so they start at bit 32).
#pragma once

#include <cstdint>
#include <string_view>

#include "isa/gen.h"

namespace gcn {

#define GCN_ENC_LIST(X) \
  X(SOP2) X(SOPK) X(SOP1) X(SOPC) X(SOPP) X(SMRD) X(SMEM)       \
  X(VOP2) X(VOP1) X(VOPC) X(VOP3) X(VOP3B) X(VOP3P) X(SDWA) X(DPP) \
  X(VINTRP) X(DS) X(MUBUF) X(MTBUF) X(MIMG) X(EXP) X(FLAT) X(VOP3P_MAI)

enum class Enc : uint8_t {
#define X(e) e,
  GCN_ENC_LIST(X)
#undef X
  kCount
};
constexpr int kNumEncs = int(Enc::kCount);
std::string_view encName(Enc e);
// The encodings whose rows also have e64/SDWA/DPP forms.
constexpr bool isVopShort(Enc e) { return e == Enc::VOP1 || e == Enc::VOP2 || e == Enc::VOPC; }
// The vector ALU encodings: the short forms, VOP3/VOP3B, VOP3P and MAI.
constexpr bool isVopEnc(Enc e) {
  return isVopShort(e) || e == Enc::VOP3 || e == Enc::VOP3B || e == Enc::VOP3P ||
         e == Enc::VOP3P_MAI;
}
// The encoding whose dword0 prefix and opcode space an encoding's rows use:
// VOP3B rows are VOP3 opcodes, VOP3P_MAI rows VOP3P opcodes; the row then
// says which field layout the word has.
constexpr Enc opcodeSpace(Enc e) {
  return e == Enc::VOP3B ? Enc::VOP3 : e == Enc::VOP3P_MAI ? Enc::VOP3P : e;
}
// Encodings that exist only as another's opcodes (no prefix of their own).
constexpr bool sharesOpcodeSpace(Enc e) { return opcodeSpace(e) != e; }

// Normalised instruction fields. One name per meaning, whatever the encoding:
// e.g. SRC1 is VOP2's VSRC1, VOP3's SRC1 and GFX9 SDWA's SRC1+S1 alike, always
// as a 9-bit operand code (256+n for vN). Fields that can only hold a VGPR
// (VDST, VADDR, VDATA, ...) hold the VGPR index 0..255.
#define GCN_FLD_LIST(X)                                                       \
  X(OP)                                                                       \
  /* scalar ALU */                                                            \
  X(SDST) X(SSRC0) X(SSRC1) X(SIMM16)                                         \
  /* scalar memory */                                                         \
  X(SBASE) X(SDATA) X(SOFFSET) X(OFFSET) X(IMM) X(GLC) X(D16) X(SOE)          \
  /* vector ALU */                                                            \
  X(VDST) X(SRC0) X(SRC1) X(SRC2) X(NEG) X(ABS) X(CLAMP) X(OMOD)              \
  X(OP_SEL) X(OP_SEL_HI) X(NEG_HI)                                            \
  /* SDWA: SEXT is a per-source bit set like NEG/ABS; SD selects SDST for    \
     GFX9 VOPC_SDWA (0 = VCC) */                                              \
  X(DST_SEL) X(DST_UNUSED) X(SRC0_SEL) X(SRC1_SEL) X(SEXT) X(SD)              \
  /* DPP */                                                                   \
  X(DPP_CTRL) X(BOUND_CTRL) X(ROW_MASK) X(BANK_MASK)                          \
  /* VINTRP's source (its ATTR and ATTRCHAN are below) */                    \
  X(VSRC)                                                                     \
  /* DS */                                                                    \
  X(OFFSET0) X(OFFSET1) X(GDS) X(ADDR) X(DATA0) X(DATA1)                      \
  /* MUBUF / MTBUF / MIMG / FLAT */                                           \
  X(VADDR) X(VDATA) X(SRSRC) X(SSAMP) X(SADDR) X(OFFEN) X(IDXEN) X(ADDR64)    \
  X(LDS) X(SLC) X(TFE) X(DFMT) X(NFMT) X(DMASK) X(UNORM) X(DA) X(R128)        \
  X(LWE)                                                                      \
  /* ACC, a per-source bit set like NEG: bit i set = source i is an AGPR    \
     (bit 2 also vdst) in VOP3P_MAI; in GFX90A's memory encodings ACC bit 0 \
     makes the data operands AGPRs. SCC: GFX90A's cache bit beside GLC/SLC  \
     (gfx940's sc1). */                                                      \
  X(ACC) X(SCC)                                                               \
  /* The Inst's last 64 bytes: fields the decoder's quick records never     \
     read from the word (decode_quick_build.cc), so that chunk is one        \
     constant store. They are the rows no kernel is dense in: GFX90A's NV,  \
     VINTRP's attribute, EXP's fields, MFMA's broadcast and lane-group       \
     controls, GFX940 SCRATCH's VGPR-address enable SVE. */                  \
  X(NV) X(ATTR) X(ATTRCHAN)                                                   \
  X(EN) X(TGT) X(COMPR) X(DONE) X(VM) X(VSRC0) X(VSRC1) X(VSRC2) X(VSRC3)     \
  X(CBSZ) X(ABID) X(BLGP) X(SVE)                                              \
  /* Fields of the word an Inst does not store (fieldValue gives them):     \
     FLAT's SEG is always its row's (selectorValue); RESERVED, bits the     \
     spec marks reserved/unused, is zero in every Inst. */                    \
  X(SEG) X(RESERVED)

enum class Fld : uint8_t {
#define X(f) f,
  GCN_FLD_LIST(X)
#undef X
  kCount
};
constexpr int kNumFlds = int(Fld::kCount);
// The fields an Inst stores, in Inst::f: every one before SEG.
constexpr int kNumStoredFlds = int(Fld::SEG);
constexpr bool isStoredFld(Fld f) { return int(f) < kNumStoredFlds; }
std::string_view fldName(Fld f);

// How raw field bits become the normalised Inst value (and back).
enum class Xform : uint8_t {
  NONE,   // value = bits
  VGPR,   // value = 256 + bits (an 8-bit VGPR field feeding a 9-bit source)
  SEXT,   // value = sign-extended bits
  X2,     // value = bits * 2 (SMRD/SMEM SBASE holds an SGPR pair index)
  S0,     // GFX9 SDWA S0 bit: 0 means SRC0 is a VGPR (SRC0 += 256)
  S1,     // GFX9 SDWA S1 bit: 0 means SRC1 is a VGPR (SRC1 += 256)
  HI,     // upper bits of a field split in two (value |= bits << lowwidth)
  X4,     // value = bits * 4 (MUBUF/MTBUF/MIMG SRSRC/SSAMP hold an SGPR quad index)
};

struct FieldLayout {
  Enc enc;
  GenMask gens;
  Fld fld;
  uint8_t lo;
  uint8_t width;
  Xform xform;
};

struct EncodingInfo {
  Enc enc;
  GenMask gens;
  uint8_t dwords;
  uint32_t match_mask;
  uint32_t match_value;
};

// Tables assembled from isa/tables/*.inc.
const FieldLayout* fieldLayoutsBegin();
const FieldLayout* fieldLayoutsEnd();
const EncodingInfo* encodingsBegin();
const EncodingInfo* encodingsEnd();

}  // namespace gcn
