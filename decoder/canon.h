// Per-family canonicalisation after field extraction: llvm-mc ignores many
// fields an instruction does not use, and rejects some words outright. Each
// function clears ignored fields (setting *clean = false so strict mode can
// reject) and returns false when the word must be rejected.
#pragma once

#include "decoder/row_info.h"
#include "isa/inst.h"
#include "isa/legality.h"

namespace gcn {

inline bool rowHasRole(const InstDesc& d, Role r) { return rowHas(rowInfo(d), r); }

bool canonicalizeScalar(Inst* in, const InstDesc& d, bool* clean);  // canon_scalar.cc
bool canonicalizeVop(Inst* in, const InstDesc& d, bool* clean);     // canon_vop.cc
bool canonicalizeMemory(Inst* in, const InstDesc& d, bool* clean);  // canon_memory.cc

// VOP family helpers (canon_vop.cc), shared with the printer.
// v_readlane/v_writelane: codes their lane select (src1) and writelane's
// data (src0) cannot hold (VOP3_READLANE_LANE_OPERAND).
bool laneOperandCodeBad(int code);
// A register-only scalar operand of a VOP row: an explicit e64 carry-in
// or mask (src2: SReg_64_XEXEC, no constant, VGPR or exec) and an SGPR
// destination held in VDST (v_readlane, v_readfirstlane). Whether `code`
// may stand there (true for the other operands); llvm-mc prints the others
// with an "Invalid register"/"invalid immediate" comment
// (VOP_INVALID_OPERAND_COMMENT).
bool vopScalarCodeOk(const OperandSpec& op, int code);
// Rows whose e32 SRC0 of 0xf9/0xfa is a VGPR, not an SDWA/DPP marker.
bool vopNoExtension(const InstDesc& d);
// SDWA's DWORD select (dst_sel, src0_sel, src1_sel value 6).
constexpr int kSelDword = 6;
// SDWA/DPP extension checks; w is the 64-bit instruction word.
bool canonicalizeVopExt(Inst* in, const InstDesc& d, uint64_t w, bool* clean);
// Whether an operand-less row's (F_BARE: v_nop, v_clrexcp) SDWA or DPP
// form holds for extension dword `x`: the select, modifier and source bits
// are fixed 0 there. Otherwise the first dword alone is the e32 form, its
// SRC0 field ignored (VOP1_NOP_SDWA_DPP).
bool bareExtensionHolds(Gen g, Form form, uint32_t x);
// After the literal is read (in->size set): literals equal to an inline
// constant become that constant, 16-bit integer float constants a literal.
// The constant-bus rule only affects *clean; check_bus = false skips it
// when nobody reads *clean (lenient decoding).
bool canonicalizeVopLiteral(Inst* in, const InstDesc& d, bool* clean, bool check_bus = true);
// DPP dpp_ctrl values llvm-mc decodes.
bool dppCtrlValid(int ctrl, Gen g);
// The inline constant a source of type t reads for literal value L (its
// width and f16-ness decide which constants match), -1 if none.
int inlineCodeForLiteral(Gen g, OpType t, uint32_t L);  // canon_vop.cc
// Whether source literal L of type t decodes as it is: no inline constant
// has its value, and a 16-bit VOP source's has its high bits clear
// (canonicalizeVopLiteral / canonicalizeScalarLiteral change it otherwise).
bool sourceLiteralKept(Gen g, OpType t, uint32_t L, bool vop);  // canon_vop.cc
// Whether a literal dword follows the word `in` was decoded from (row d):
// a source operand holding code 255, the row's mandatory literal
// (F_LITERAL_K), or GFX7 SMRD's OFFSET 0xff with IMM = 0 (decoder.cc).
bool literalFollows(const Inst& in, const InstDesc& d);
// SOP1/SOP2/SOPC: a literal equal to an inline constant decodes as that
// constant (llvm-mc prints it so; SCALAR_LITERAL_EQUALS_INLINE); a GFX7
// SMRD literal offset <= 0xff decodes as the IMM form.
bool canonicalizeScalarLiteral(Inst* in, const InstDesc& d, bool* clean);

// ds_swizzle_b32 bitmask mode (OFFSET bit 15 clear): the character llvm-mc
// prints for lane-id bit `bit` ('0', '1', 'p' kept, 'i' inverted), and the
// masks its assembler builds from those characters, which every offset of the
// same behaviour decodes to (DS_SWIZZLE_BITMASK_LOSSY). Other offsets unchanged.
char swizzleBitmaskChar(int off, int bit);
int canonicalSwizzleOffset(int off);

}  // namespace gcn
