// Where an operand lives: the one mapping from a row's operand role to the
// normalised Inst field for the Inst's encoding and form. Decoder, printer,
// parser and the emulator all use it.
#pragma once

#include "isa/inst.h"
#include "isa/operand_kinds.h"

namespace gcn {

// The field that holds operand `op` of `in`'s row, or Fld::kCount when the
// operand is implicit (the VCC of e32/SDWA/DPP carry and condition operands)
// or has no field. A GFX9 VOPC_SDWA destination is SDST when the SD bit is
// set, else implicit VCC; with `writing` (the parser filling a fresh Inst)
// it is always SDST.
Fld operandField(const Inst& in, const OperandSpec& op, bool writing = false);

// The field of a 9-bit source role (src0..src2, ssrc0, ssrc1) whatever the
// form, for the checks that walk a row's source codes (literal, constant
// bus, unused sources); Fld::kCount for every other role.
Fld sourceRoleField(Role r);

// The ACC bit (Fld::ACC) that says whether an operand of role `r` in row d
// is an AGPR (operandFile): MFMA 0 for src0, 1 for src1, 2 for src2 and
// vdst; the one bit 0 for the data operands (vdata, vdst, data0, data1) of
// the memory encodings; -1 for roles no ACC bit covers.
int accBit(const InstDesc& d, Role r);
// The register files operand `op` of row d may name on g (vector_files.h):
// its type's, except that on GFX90A and GFX940 the data operands of the
// memory rows (VGPR-typed in the tables) may be AGPRs by the word's ACC
// bit, and MFMA C and D (AGPRs on gfx908) are in either file by ACC_CD.
FileChoice operandFile(const InstDesc& d, Gen g, const OperandSpec& op);
// Whether operand `op` of row d may be an inline constant although its type
// names registers: MFMA C (src2) from GFX90A (gfx908 takes AGPRs only);
// never SMFMAC's index VGPR.
bool registerOperandTakesInlineConstant(const InstDesc& d, Gen g, const OperandSpec& op);
// operandFile packed for the printer's per-row steps: -1 for no vector
// register, else (file << 4) | bit, the operand naming `file` always (bit
// kAlwaysBit) or when bit `bit` of the Inst's ACC field is set, the VGPRs
// otherwise. selectedFile applies it to an Inst's ACC field.
using FileSelector = int8_t;
constexpr int kAlwaysBit = 8;
FileSelector fileSelector(const InstDesc& d, Gen g, const OperandSpec& op);
// Whether a selector may pick a file other than the VGPRs.
constexpr bool selectsBeyondVgprs(FileSelector s) { return s >= ((kVgprFile + 1) << 4); }
inline int selectedFile(FileSelector s, int acc_field) {
  if (s < 0) return kVgprFile;
  const int bit = s & 15;
  return (bit == kAlwaysBit || ((acc_field >> bit) & 1)) ? s >> 4 : kVgprFile;
}
// The file whose registers operand `op` of `in` names (fileSelector on the
// Inst's ACC field): kVgprFile for a VGPR, for an operand of no vector file
// and for a source holding a constant (GFX90A MFMA C).
int operandFileOf(const Inst& in, const OperandSpec& op);

}  // namespace gcn
