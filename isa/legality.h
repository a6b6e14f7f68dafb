// Operand legality rules that the decoder's canonicalisation and fast
// paths, the encoder's validation and the parser all ask. A rule written
// here is written nowhere else.
#pragma once

#include <string>

#include "isa/gen.h"
#include "isa/inst.h"
#include "isa/inst_desc.h"
#include "isa/operand_kinds.h"

namespace gcn {

// Code of TTMP0: GFX9 dropped TBA/TMA (108..111) and moved the trap
// temporaries down to take their place.
constexpr int ttmpBase(Gen g) { return g >= Gen::GFX9 ? 108 : 112; }
// One past the last TTMP code.
constexpr int ttmpEnd() { return 124; }

// A code of an SGPR or a TTMP: the registers whose 64-bit and wider ranges
// must start at an even (2 dwords) or 4-aligned (wider) code. Specials
// (vcc, exec, flat_scratch, ...) are not tuples of these and keep their own
// fixed codes.
bool isTupleScalar(Gen g, int code);
// The alignment of a `dwords`-wide range of SGPRs or TTMPs.
constexpr int scalarTupleAlign(int dwords) { return dwords >= 4 ? 4 : dwords == 2 ? 2 : 1; }
// The code a `dwords`-wide range at `code` decodes as: an SGPR or TTMP
// tuple aligned down (llvm-mc's reading of a misaligned one), any other
// code as it is.
inline int alignedScalarCode(Gen g, int code, int dwords) {
  return isTupleScalar(g, code) ? code - code % scalarTupleAlign(dwords) : code;
}

// A tuple of `dwords` vector registers from register `first` stays within
// its file: llvm refuses v[255:256].
constexpr bool vectorTupleFits(int first, int dwords) {
  return first >= 0 && first + dwords <= kRegsPerVectorFile;
}

// Whether inline-constant code `code` (128..208 integers, 240..248 floats)
// may stand in a source operand of type `t` on `g`. Every source type takes
// every constant its generation has: a float constant in an integer operand
// is its bit pattern at the operand's width (the f16 pattern for 16-bit
// integer and packed operands, VOP_INT16_FLOAT_INLINE), 1/(2*pi) exists
// from GFX8 on.
bool inlineConstantOk(Gen g, OpType t, int code);

// The decoder's rule for one code of an operand that names a scalar
// register or a constant: a scalar register type or a source, in a role
// whose field is an operand code (sdst, ssrc0/1, src0..2, sdata, sbase).
// KEPT: names something here and may stand in this operand. ALIGNED: a
// misaligned SGPR/TTMP tuple, which llvm-mc decodes aligned down (the
// aligned code in *aligned; the spec wants alignment, strict decoding
// refuses). REFUSED: names nothing on g, or a constant, the literal or
// lds_direct in a register type (sN). UNRULED: VGPRs (codes 256 and up),
// a source's literal, and operands outside these roles: other rules decide.
enum class ScalarCodeFate : uint8_t { KEPT, ALIGNED, REFUSED, UNRULED };
// Whether scalarCodeFate rules operand op's codes below 256 at all
// (inline: the full decoder asks it of every operand).
inline bool scalarCodeRuled(const OperandSpec& op) {
  if (!isSourceType(op.type) && !isScalarRegType(op.type)) return false;
  switch (op.role) {
    case Role::src0: case Role::src1: case Role::ssrc0: case Role::ssrc1:
    case Role::sdst: case Role::src2: case Role::sdata: case Role::sbase:
      return true;
    default:
      return false;
  }
}
ScalarCodeFate scalarCodeFate(Gen g, const OperandSpec& op, int code, int* aligned = nullptr);

// Whether GFX8/9 DS bit 25 must be 0 in row d: llvm reads it as the AGPR
// bit of the vdst or data0 register (gfx90a) and fixes it at 0 in a row
// with neither (ds_*_src2_*, ds_nop, ds_gws_sema_*; the one operand of the
// other gws rows is llvm's data0), DS_BIT25_NO_DATA.
bool dsBit25Fixed(const InstDesc& d);

// How source si (0..2) of a VOP row takes modifiers in this Inst's form:
// FP = neg/abs, INT = sext (VOP3 NEG bit / SDWA SEXT bit), IGNORED = bits
// accepted but dropped (GFX9 integer op_sel rows), NONE = bits must be 0.
// The decoder refuses NONE bits and drops IGNORED ones and an INT source's
// abs; validateInst refuses every one of these.
enum class SrcMods : uint8_t { NONE, FP, INT, IGNORED };
SrcMods vopSrcMods(const Inst& in, const InstDesc& d, int si);

// Whether a VOP3-form (e64, native VOP3/VOP3B) Inst of VOP row d may set
// clamp / omod on g: the decoder refuses a word that does, the assembler
// the text.
bool vop3ClampOk(const InstDesc& d, Gen g);
bool vop3OmodOk(const InstDesc& d);

// Whether src_lds_direct (254) may be source `src` (0..2) of a VOP row in
// `form`: src0 only, not in SDWA/DPP, and not in a reversed-operand row
// (F_REV), as llvm-mc's assembler rules it (VOP_LDS_DIRECT).
bool ldsDirectOk(const InstDesc& d, Form form, int src);

// The constant bus (GFX6-9): a VALU instruction may read one scalar value
// that is not an inline constant: an SGPR, TTMP or special register (one
// range counted once however often it is read), or the literal. Implicit
// reads count: VCC of the e32/SDWA/DPP carry and v_cndmask rows, VCC of
// v_div_fmas (F_READS_VCC), M0 of v_movrel* (F_READS_M0), the madmk/madak K.
// lds_direct is not a constant-bus read, as in llvm-mc. `in` must be a VALU
// row (VOP1/2/C/3/3B/3P).
int constantBusReads(const Inst& in);

// Vector register files (CDNA AccVGPRs): an ACC bit may be set only for an
// operand whose file the bit chooses (operandFile's by_acc_bit) that the
// row has; an AGPR-only or
// VGPR-only operand has its file fixed by the row (gfx908's decoder ignores
// the C/D bit, MAI_ACC_CD_GFX908). Sources of F_SRC_NO_SGPR rows are VGPRs
// or inline constants. "" when `in` keeps these rules, else what it breaks.
std::string vectorFileRule(const Inst& in);
// MFMA words llvm's disassembler decodes but its assembler refuses: a C
// (src2) tuple wider than 4 registers that overlaps D without being D.
// llvm-mc's message, "" if none applies; validateInst refuses these Insts
// and the strict decoder their words.
std::string maiAssemblerRule(const Inst& in);
// DPP_CTRL 0x150..0x15f: row_newbcast:0..15 (GFX90A on).
constexpr bool isRowNewbcast(int ctrl) { return ctrl >= 0x150 && ctrl <= 0x15f; }
// DPP controls by generation and row: row_newbcast needs GFX90A, and a
// 64-bit-operand row's DPP form (F_DPP64) takes only row_newbcast.
// llvm-mc's message, or "".
std::string dppControlRule(const Inst& in);
// The ACC bits row d may set on g (bit i: its operand of accBit i is avN,
// or a GFX90A+ memory data operand).
int accBitsAllowed(const InstDesc& d, Gen g);
// GFX90A and GFX940: a VGPR or AGPR operand of two or more registers starts
// at an even register. llvm's disassembler prints odd tuples that its
// assembler refuses (VGPR_TUPLE_ALIGN_DECODED): validateInst refuses these
// Insts and the strict decoder their words. llvm-mc's message, or "".
std::string vgprAlignmentRule(const Inst& in);
// GFX940 dot products (F_DOT) take no op_sel: op_sel 0 and op_sel_hi all
// ones, the encoding of neither written. llvm's disassembler prints other
// values that its assembler refuses (DOT_OPSEL_GFX940): validateInst
// refuses these Insts and the strict decoder their words.
std::string dotOpSelRule(const Inst& in);
// SDWA forms that only select src0's byte or word (F_SDWA_SRC_SEL): llvm-mc-19
// refuses sext() there, which its disassembler prints
// (FP8_SDWA_MODS_DECODED). llvm-mc's message, or "".
std::string sdwaSrcSelRule(const Inst& in);
constexpr int constantBusLimit(Gen) { return 1; }

}  // namespace gcn
