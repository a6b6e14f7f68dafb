// Assembler source -> instructions laid out from a base address: what
// `gcnref asm` and the emulator's text programs read. A source is lines of
// instructions (parseInst), labels (`name:`, alone or before an
// instruction on the same line), comments (`;`, `#`, `//` to the end of the
// line) and directives (`.text` is the only section; other directives are
// ignored with one warning).
//
// A branch operand (a row's OpType::label operand) may name a label: its
// SIMM16 becomes the dword offset from the next instruction to the label.
// Sizes do not depend on those offsets (a branch is one fixed-size word),
// so one pass lays out the addresses and a second fills in the offsets.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

struct AsmStatement {
  int line = 0;      // 1-based source line
  uint64_t pc = 0;   // byte address
  Inst inst;         // complete: encodeInst() accepts it
};

struct AsmLabel {
  std::string name;
  int line = 0;
  uint64_t pc = 0;        // address of the next statement (or the end)
  size_t statement = 0;   // index of the next statement (code.size(): the end)
};

struct AsmDiagnostic {
  int line = 0;
  int column = 0;     // 1-based
  bool error = true;  // false: a warning
  std::string message;
};

struct AsmResult {
  std::vector<AsmStatement> code;
  std::vector<AsmLabel> labels;
  std::vector<AsmDiagnostic> diagnostics;
  uint64_t end = 0;  // address after the last statement
  size_t errors() const;
};

// Every line is assembled even after an error, so all errors are reported;
// a line with an error contributes no statement.
AsmResult assemble(const Target& t, std::string_view source, uint64_t base = 0);

// The text of 1-based line `line` of `source` (without its newline), for
// printing a diagnostic with its source line.
std::string_view sourceLine(std::string_view source, int line);

}  // namespace gcn
