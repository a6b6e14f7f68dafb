// Where an operand lives: the one mapping from a row's operand role to the
// normalised Inst field for the Inst's encoding and form. Decoder, printer,
// parser and the emulator all use it.
#pragma once

#include "isa/inst.h"

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

// The ACC bit (Fld::ACC) that says whether operand `op` is an AGPR: 0 for
// src0, 1 for src1, 2 for src2 and vdst; -1 for roles no ACC bit covers.
int accBit(Role r);
// Whether operand `op` of `in` names AGPRs: always for the aN types, by the
// ACC bit for the avN types, never otherwise.
bool operandIsAgpr(const Inst& in, const OperandSpec& op);

}  // namespace gcn
