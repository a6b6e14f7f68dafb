// Inst -> assembler text in LLVM's syntax (as llvm-mc-16 / llvm-objdump-16).
#pragma once

#include <string>

#include "isa/inst.h"

namespace gcn {

// Appends the text (mnemonic, operands, modifiers; no leading tab or
// trailing newline) to *out.
void printInst(const Inst& inst, std::string* out);
std::string printInst(const Inst& inst);

}  // namespace gcn
