// Assembler text (LLVM syntax) -> Inst.
#pragma once

#include <string>
#include <string_view>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

struct ParseError {
  int column = 0;  // 1-based column in the line where the problem starts
  std::string message;
};

// Parses one instruction line. Chooses the shortest legal form unless the
// mnemonic forces one with _e32/_e64/_sdwa/_dpp. On success *out is complete
// (size and literal included) and encodeInst() accepts it.
bool parseInst(const Target& t, std::string_view line, Inst* out,
               ParseError* err);

}  // namespace gcn
