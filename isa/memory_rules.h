// Operand widths that depend on modifiers (vdata with tfe/d16/dmask, vaddr
// with offen/idxen/addr64, GLOBAL's saddr) and the presence rules for
// optional address operands. Shared by printer, parser and encoder.
#pragma once

#include "isa/inst.h"

namespace gcn {

// Width in dwords of operand `op` of `in`, after modifier rules.
int operandDwords(const Inst& in, const OperandSpec& op);
// MUBUF/MTBUF: vaddr used (offen|idxen|addr64); FLAT: always;
// GLOBAL: always; SCRATCH: vaddr used unless saddr is given.
bool memoryVaddrPresent(const Inst& in);
// GLOBAL/SCRATCH: SADDR is not the "off" encoding (0x7f).
bool memorySaddrPresent(const Inst& in);

}  // namespace gcn
