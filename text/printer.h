// Inst -> assembler text in LLVM's syntax (as llvm-mc-16 / llvm-objdump-16).
#pragma once

#include <cstddef>
#include <string>

#include "isa/inst.h"

namespace gcn {

// Appends the text (mnemonic, operands, modifiers; no leading tab or
// trailing newline) to *out.
void printInst(const Inst& inst, std::string* out);
std::string printInst(const Inst& inst);
// Writes the same text to buf[0, cap) and returns its length, or SIZE_MAX
// if buf is too small (nothing usable is in buf then). Printing may write up
// to 2 characters past the text's end, so cap >= length + 2 always does.
// For callers that collect many lines in one buffer (gcnref disasm).
size_t printInst(const Inst& inst, char* buf, size_t cap);
// The same text by the general printer alone, without the per-opcode print
// plans (print_plan.cc): what the plans are measured against.
void printInstWithoutPlans(const Inst& inst, std::string* out);

}  // namespace gcn
