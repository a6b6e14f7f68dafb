// One row per instruction: the single description from which the decoder,
// encoder, printer, parser, emulator and Z3 model are derived.
//
// Rows live in isa/tables/<encoding>.inc as
//
//   GCN_INST(mnemonic, ENC, op_gfx6, op_gfx7, op_gfx8, op_gfx9, "operands", flags)
//
// * mnemonic: LLVM's lower-case spelling without _e32/_e64/_sdwa/_dpp.
// * ENC: the encoding of the row's basic form (VOP1/VOP2/VOPC rows also have
//   derived e64/SDWA/DPP forms, see flags). A VOP3-only instruction is VOP3
//   (or VOP3B when it writes an SGPR carry/condition), a packed one VOP3P.
// * op_gfxN: opcode in that generation's opcode space of ENC, or NA (-1)
//   when the instruction does not exist there. For VOP1/VOP2/VOPC rows this is
//   the short (e32) opcode; the e64 opcode is derived per generation
//   (GFX6/7: VOPC+0, VOP2+0x100, VOP1+0x180; GFX8/9: VOPC+0, VOP2+0x100,
//   VOP1+0x140). An instruction whose VOP3 opcode does not follow that rule
//   is written as its own VOP3 row.
// * operands: space separated `role:type` in LLVM's printed order for the
//   row's *widest* form (e64 for VOP1/VOP2/VOPC rows). See Role and OpType.
//   In e32/SDWA/DPP forms, an `sdst:s64` or `src2:s64` operand of a
//   VOP2/VOPC row is the implicit VCC and prints as "vcc".
// * flags: FLAG_A | FLAG_B ... (see InstFlag), 0 for none.
#pragma once

#include <cstdint>
#include <string_view>

#include "isa/encoding.h"
#include "isa/gen.h"

namespace gcn {

constexpr int16_t NA = -1;

// Where an operand's value lives (and so its meaning).
#define GCN_ROLE_LIST(X)                                                      \
  X(sdst)    /* SDST: SOP*, VOP3B sdst, VOPC e64 dst */                       \
  X(ssrc0) X(ssrc1)                                                           \
  X(simm16)  /* SOPK/SOPP 16-bit immediate, printed per type */               \
  X(sdata) X(sbase) X(soffset) X(offset) /* SMRD/SMEM; offset: imm or sgpr */ \
  X(vdst) X(src0) X(src1) X(src2)                                             \
  X(k)       /* the mandatory literal of v_madmk/v_madak */                   \
  X(vsrc)    /* VINTRP source */                                              \
  X(attr)    /* VINTRP attrN.c */                                             \
  X(addr) X(data0) X(data1) /* DS */                                          \
  X(vaddr) X(vdata) X(srsrc) X(ssamp) X(saddr) /* MUBUF/MTBUF/MIMG/FLAT */    \
  X(tgt) X(vsrc0) X(vsrc1) X(vsrc2) X(vsrc3) /* EXP */

enum class Role : uint8_t {
#define X(r) r,
  GCN_ROLE_LIST(X)
#undef X
  kCount
};

// Operand types. The letter says what may be written there, the number the
// width in bits (register ranges for >32):
//   sN   scalar register (SGPR, TTMP, VCC, EXEC, M0, ...) only
//   vN   VGPR only
//   iN / uN / bN   integer source: register, inline integer/float constant or
//        literal; bN means raw bits (LLVM prints literals as hex either way)
//   fN   floating-point source: inline constants print as floats
//   pkf16 / pki16  packed 2 x 16-bit sources (VOP3P, v_pk_*)
//   pkf32 / pkb32  packed 2 x 32-bit sources (GFX90A v_pk_*_f32, v_pk_mov_b32):
//        a register pair; an inline constant is read as a 32-bit value
//   label  SOPP/SOPK branch target (simm16 is a dword offset from next pc)
//   hwreg sendmsg waitcnt  SOPP/SOPK immediates with structured syntax
//   imm16  plain 16-bit immediate printed as LLVM does for that opcode
//   exptgt interpattr  EXP target, VINTRP attribute/channel
//   smrdoff smemoff    scalar memory offset (imm or SGPR as encoded)
// An operand of a memory instruction whose width depends on modifiers
// (vdata with tfe/d16/dmask, vaddr with offen/idxen/addr64) gives its base
// width; the encoder/decoder apply the rule for that role.
#define GCN_OPTYPE_LIST(X)                                                    \
  X(s16) X(s32) X(s64) X(s128) X(s256) X(s512)                                \
  X(v16) X(v32) X(v64) X(v96) X(v128)                                         \
  X(b16) X(b32) X(b64) X(i16) X(i32) X(i64) X(u16) X(u32) X(u64)              \
  X(f16) X(f32) X(f64) X(pkf16) X(pki16) X(pkf32) X(pkb32)                    \
  X(label) X(hwreg) X(sendmsg) X(waitcnt) X(imm16) X(exptgt) X(interpattr)    \
  X(smrdoff) X(smemoff)                                                       \
  /* gpridx: s_set_gpr_idx_on/_mode mode bits, printed gpr_idx(SRC0,SRC1,    \
     SRC2,DST) (gpr_idx() for 0), raw hex when bits above the low 4 are set. \
     imm16opt: s_endpgm's optional immediate, omitted when 0, else decimal. */\
  X(gpridx) X(imm16opt)                                                       \
  /* interpparam: v_interp_mov_f32 source, raw 0/1/2 printed p10/p20/p0,    \
     other values invalid_param_N (VINTRP VSRC, VOP3 SRC1). */               \
  X(interpparam)                                                              \
  /* AccVGPRs (CDNA): aN only AGPRs; avN a VGPR or an AGPR, as the row's ACC \
     bit for that operand says (isa/vector_files.h, operand_field.h). */    \
  X(a32) X(a64) X(a128) X(a256) X(a512) X(a1024) X(av32) X(av64) X(av128)    \
  /* New kinds: a register type joins its file's group above, since      \
     isa/operand_kinds.h (sN) and the entries of isa/vector_files.h (vN, \
     aN, avN) classify them by range; a new register file's types form   \
     a group of their own, named by its entry there; any other kind is   \
     appended above this line, as X(name). */

enum class OpType : uint8_t {
#define X(t) t,
  GCN_OPTYPE_LIST(X)
#undef X
  kCount
};

// Bits of one operand value: 16, 32 or 64, or the whole range of a wider
// register operand (v96, s128, ...). Immediate kinds and packed 16-bit pairs
// count as 32 (a dword).
constexpr int typeBits(OpType t) {
  switch (t) {
    case OpType::s16: case OpType::v16: case OpType::b16: case OpType::i16:
    case OpType::u16: case OpType::f16: return 16;
    case OpType::s64: case OpType::v64: case OpType::b64: case OpType::i64:
    case OpType::u64: case OpType::f64: case OpType::a64: case OpType::av64:
    case OpType::pkf32: case OpType::pkb32: return 64;
    case OpType::v96: return 96;
    case OpType::s128: case OpType::v128: case OpType::a128: case OpType::av128: return 128;
    case OpType::s256: case OpType::a256: return 256;
    case OpType::s512: case OpType::a512: return 512;
    case OpType::a1024: return 1024;
    default: return 32;
  }
}
// Registers an operand spans.
constexpr int typeDwords(OpType t) { return typeBits(t) <= 32 ? 1 : typeBits(t) / 32; }
// Width at which an inline constant or literal is read: a packed 16-bit pair
// takes it as one 16-bit value (SEM_VOP3P_INLINE_CONSTANT).
constexpr int constantBits(OpType t) {
  return t == OpType::pkf16 || t == OpType::pki16   ? 16
         : t == OpType::pkf32 || t == OpType::pkb32 ? 32
                                                    : typeBits(t);
}

struct OperandSpec {
  Role role;
  OpType type;
};

// Row flags.
enum InstFlag : uint64_t {
  F_NONE = 0,
  F_NO_E64 = 1ull << 0,     // VOP1/2/C row without a VOP3 form
  F_NO_SDWA = 1ull << 1,    // no SDWA form on GFX8/9
  F_NO_DPP = 1ull << 2,     // no DPP form on GFX8/9
  F_VOP3B = 1ull << 4,      // e64 form is VOP3B (sdst in bits 8-14)
  F_FEAT_DOT = 1ull << 5,   // needs kFeatDot (gfx906)
  F_CACHE_CTL = 1ull << 3,  // buffer_wbl2/buffer_inv: GFX940 takes the scope bits sc0 and sc1
  F_NO_CLAMP = 1ull << 10,  // VOP3 row with source modifiers but no clamp (GFX940 fp8 conversions)
  F_SDWA_SRC_SEL = 1ull << 14,  // SDWA form that only selects src0's byte/word: dst_sel
                                // DWORD, no dst_unused, no sext (GFX940 fp8)
  F_FEAT_MADMIX = 1ull << 6,  // needs kFeatMadMix (gfx900 mad_mix)
  F_STORE = 1ull << 7,      // memory op writes memory (vdata/data is a source)
  F_LOAD = 1ull << 8,       // memory op returns data
  F_ATOMIC = 1ull << 9,     // atomic; returns data only with glc (MUBUF/FLAT)
  F_DS2 = 1ull << 11,       // DS uses offset0/offset1 instead of offset
  F_NOGDS = 1ull << 12,     // DS op cannot take gds
  F_D16 = 1ull << 13,       // 16-bit data (d16 buffer/flat/image ops)
  F_VOPC_CMPX = 1ull << 16, // writes EXEC
  F_LITERAL_K = 1ull << 17, // has the mandatory literal role k
  F_NO_MODS = 1ull << 18,   // VOP3 form takes no abs/neg/clamp/omod
  F_INT_MODS = 1ull << 19,  // VOP3 integer op: clamp allowed, no abs/neg/omod
  F_GLOBAL = 1ull << 20,    // FLAT row in GFX9's GLOBAL segment
  F_SCRATCH = 1ull << 21,   // FLAT row in GFX9's SCRATCH segment
  F_LDS_DIRECT = 1ull << 23,  // MUBUF ..._lds variants
  F_OPSEL = 1ull << 24,     // VOP3 form accepts op_sel (GFX9 16-bit ops)
  F_GDS_ONLY = 1ull << 48,  // DS op that exists only with gds=1 (ds_gws_*, ds_ordered_count): waits on other waves
  F_NO_D16 = 1ull << 49,    // MIMG op with no d16 form (atomics, get_resinfo, get_lod)
  F_NO_OMOD = 1ull << 26,   // VOP3 float-source op with integer/packed result:
                            // abs/neg/clamp but no omod (v_cvt_pk*, v_pack_b32_f16)
  F_INTERP_HIGH = 1ull << 27, // VOP3 v_interp_*_f16: `high` = bit 8 of the attr slot
  // Facts LLVM keeps per instruction; no code reads them from the mnemonic.
  F_REV = 1ull << 28,         // src0/src1 reversed (v_subrev_*, v_*rev_*): no lds_direct
  // Registers read or written outside the row's operands (isa/implicit_regs.h).
  // A vector row's implicit M0 and VCC reads are constant-bus reads.
  F_READS_M0 = 1ull << 29,    // v_movrel*, s_movrel*, s_set_gpr_idx_mode
  F_READS_VCC = 1ull << 30,   // v_div_fmas_*, s_cbranch_vccz/vccnz
  F_READS_SCC = 1ull << 42,   // s_addc/subb, s_cselect, s_cmov*, s_cbranch_scc*, s_getreg (STATUS)
  F_WRITES_SCC = 1ull << 43,  // scalar arithmetic, logic, compares
  F_READS_EXEC = 1ull << 44,  // scalar rows: saveexec/wrexec, s_cbranch_exec*
  F_WRITES_EXEC = 1ull << 45, // scalar rows: saveexec/wrexec, fork/join (v_cmpx: F_VOPC_CMPX)
  F_WRITES_M0 = 1ull << 46,   // s_set_gpr_idx_*: the VGPR index and mode live in M0
  F_LANE_READ = 1ull << 31,   // v_readlane: src1 selects the lane, sdst an SGPR
  F_LANE_WRITE = 1ull << 32,  // v_writelane: src1 selects the lane, src0 scalar data
  F_FIRST_LANE = 1ull << 33,  // v_readfirstlane: VGPR (or lds_direct) source, SGPR result
  F_SWAP = 1ull << 34,        // v_swap_b32: both operands are written
  F_SWIZZLE = 1ull << 35,     // ds_swizzle_b32: the offset is a swizzle pattern
  F_BARE = 1ull << 36,        // v_nop, v_clrexcp: no operands, no form suffix
  F_KEEP_E64 = 1ull << 37,    // VOP3 interp f32 rows print with _e64
  F_INTERP_P2 = 1ull << 38,   // second interpolation step (no omod in VOP3)
  F_SDWA_NO_OMOD = 1ull << 39,  // integer result: no omod in GFX9 SDWA
  F_GATHER4 = 1ull << 40,     // image_gather4*: dmask selects one channel
  F_FEAT_MAI = 1ull << 50,    // needs kFeatMai (MFMA, AccVGPR moves)
  F_FEAT_DOTC = 1ull << 51,   // needs kFeatDotC
  F_FEAT_FADD = 1ull << 52,   // needs kFeatFaddNoRtn
  F_SRC_NO_SGPR = 1ull << 53, // sources take VGPRs and inline constants, no
                              // scalar register (gfx908 v_accvgpr_write)
  F_NO_RTN = 1ull << 54,      // gfx908 atomic without a returning form: glc must be 0
                              // before GFX90A
  // Rows the CDNA2 processors dropped or added (GFX90A and GFX940 read the
  // gfx9 opcode column otherwise).
  F_NO_CDNA2 = 1ull << 55,    // absent on GFX90A/GFX940 (ds *_src2_*, samplers, ...)
  F_CDNA2 = 1ull << 56,       // only on GFX90A/GFX940
  F_DPP64 = 1ull << 57,       // a 64-bit-operand VOP1/VOP2 row (F_NO_DPP) with a DPP form
                              // on GFX90A/GFX940 whose control must be row_newbcast
  F_E32_BARE = 1ull << 58,    // e32 form printed without "_e32" (llvm: v_accvgpr_mov_b32)
  // Rows GFX940 (gfx940/941/942) dropped or added beyond GFX90A.
  F_NO_GFX940 = 1ull << 59,   // absent on GFX940 (v_mac_f32, lds-direct FLAT loads, ...)
  F_GFX940 = 1ull << 60,      // only on GFX940
  F_MFMA_NEG = 1ull << 61,    // MFMA whose BLGP field is a neg mask (GFX940 f64)
  F_SMFMAC = 1ull << 62,      // sparse MFMA: src2 is the index VGPR, D is also C; no BLGP
  F_DOT = 1ull << 63,         // a v_dot* row (LLVM IsDOT): GFX940 takes no op_sel on it
  F_OPSEL_SRC2 = 1ull << 47,  // two-source VOP3 row whose op_sel lists a src2 entry
                              // (v_cvt_sr_*: bits 2 and 3 pick the destination byte)
};

struct InstDesc {
  std::string_view mnemonic;
  Enc enc;
  int16_t op[kNumGens];
  std::string_view operands;  // as written in the table
  uint64_t flags;
  // Derived at start-up from `operands`.
  uint8_t num_operands;
  OperandSpec operand[8];
  bool exists(Gen g) const { return op[int(g)] != NA; }
};

// Whether row d has a DPP form on g (GFX8 on; F_DPP64 rows from GFX90A).
inline bool hasDppForm(const InstDesc& d, Gen g) {
  return !(d.flags & F_NO_DPP) || ((d.flags & F_DPP64) && isCdna2On(g));
}

const InstDesc* instsBegin();
const InstDesc* instsEnd();
int numInsts();
const InstDesc& instDesc(int id);
std::string_view roleName(Role r);
std::string_view typeName(OpType t);

}  // namespace gcn
