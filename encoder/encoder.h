// Inst -> bytes, with the legality checks an assembler must make.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

// Checks operand legality for the Inst's form (constant bus, literal count,
// register ranges, modifiers allowed). Returns "" when legal.
std::string validateInst(const Target& t, const Inst& inst);

// Encodes to out[0..16). Returns the size in bytes, or 0 with *err set.
// Fills inst.size if non-const overload used.
size_t encodeInst(const Target& t, const Inst& inst, uint8_t out[16],
                  std::string* err);

}  // namespace gcn
