// External tools under test, driven by command templates. The llvm-mc
// adapter is a preset of the generic one, so both share one runner.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "difftest/process.h"
#include "isa/target.h"

namespace gcn::difftest {

// How to run a tool and read its answers; README.md (section "gcnref diff")
// documents the file format. Templates expand {mcpu}, {gen} (gfx6..gfx9), {input} (a
// temporary file holding the batch; stdin when absent) and {output} (a
// temporary file the tool writes; stdout when absent).
struct ToolConfig {
  std::string name;  // for reports: "llvm-mc-16", the config file's name ...
  std::string profile;  // its conventions in difftest/profiles ("clrx", "llvm-mc-16"); "" none
  std::string syntax = "llvm";  // how its disassembly reads: llvm | clrx (clrx_text.h)
  std::string disasm_cmd;               // empty: the tool has no disassembler
  std::string disasm_input = "llvm-hex";  // llvm-hex (0x..,0x.. lines of 16) | bin
  std::string disasm_line_regex;        // group 1: instruction text of an output line
  std::string disasm_error_regex;       // stderr: group 1 line, group 2 column (llvm-hex)
  std::string disasm_error_offset_regex;  // stderr/stdout: group 1 byte offset (0x.. or decimal)
  std::string disasm_invalid_regex;     // output text meaning "not an instruction"
  std::string asm_cmd;                  // empty: the tool has no assembler
  std::string asm_output = "llvm";      // llvm ('TEXT ; encoding: [0x..]' lines) | bin
  std::string asm_error_regex;          // stderr: group 1 = failing input line (1-based)
  bool asm_all_or_nothing = false;      // a failing line leaves no output at all (clrxasm)
  // The tool's stdout: a pipe, a pseudo-terminal (runProcess), or AUTO: a
  // pipe, and once a crash has shown that the tool loses the answers in a
  // pipe's buffer, each crashed batch is resumed on a terminal up to the
  // input that kills it (see runRecovering).
  enum class Stdout : uint8_t { PIPE, TERMINAL, AUTO };
  Stdout stdout_mode = Stdout::PIPE;
  double timeout = 60;                  // seconds per batch process
  int batch = 2000;                     // inputs per process
  // The tool's own name of each processor it knows, for {device} (CLRX:
  // gfx600 -> tahiti). Empty: {device} is the processor's name.
  std::vector<std::pair<std::string, std::string>> devices;
};

// The tool's name for t's processor ({device}), or false when the config
// lists devices and t's is not among them.
bool toolDevice(const ToolConfig& c, const Target& t, std::string* device);

// "llvm-mc", "llvm-mc:PATH" (any LLVM version), "clrx", "clrx:DIR" (CLRX's
// clrxasm/clrxdisasm in DIR; default tools/build_clrx.sh's cache, else PATH)
// or "generic:FILE".
bool toolFromSpec(const std::string& spec, ToolConfig* out, std::string* err);
// tools/build_clrx.sh's cache directory when it holds a built clrxdisasm
// (${XDG_CACHE_HOME:-$HOME/.cache}/gcnref/clrx/bin), else "".
std::string defaultClrxDir();
// Parses the generic adapter's config file text (key = value lines).
bool parseToolConfig(std::string_view text, const std::string& name, ToolConfig* out,
                     std::string* err);

enum class Outcome : uint8_t { ACCEPT, REJECT, CRASH, TIMEOUT, LOST };
std::string_view outcomeName(Outcome o);

struct ToolAnswer {
  Outcome outcome = Outcome::LOST;
  std::string text;            // disassembly (ACCEPT of disasm), as the tool wrote it
  std::string read_text;       // the same in gcnref's syntax when the tool's differs
  long offset = 0;             // the input's byte offset in the batch (labels count from it)
  std::vector<uint8_t> bytes;  // encoding (ACCEPT of asm); re-encoding for llvm disasm
  std::string message;         // error line, crash description
};

// One process over a batch. `complete` answers (a prefix) are valid even
// when the process failed part-way.
struct BatchRun {
  ProcResult proc;
  std::vector<ToolAnswer> answers;
  size_t complete = 0;
  bool failed = false;        // crash, timeout, misaligned output or whole-batch error
  Outcome failure = Outcome::CRASH;  // what a singleton failure means
  std::string why;
};

// Disassembles each input (one instruction's bytes each) in one process;
// `terminal`: its stdout is a pseudo-terminal.
BatchRun disasmBatch(const ToolConfig& c, const Target& t,
                     const std::vector<std::vector<uint8_t>>& inputs, bool terminal = false);
// Assembles each line in one process.
BatchRun asmBatch(const ToolConfig& c, const Target& t, const std::vector<std::string>& lines,
                  bool terminal = false);

// Runs `n` inputs through `run(lo, hi, terminal)` (terminal: the tool's
// stdout is a pseudo-terminal); a failed batch is resumed after its
// complete prefix and the suspect input re-run alone, or bisected, until
// each failure is pinned on one input (which gets CRASH/TIMEOUT/REJECT).
// Counts processes in *procs.
// Stdout::AUTO: after a crash the suspect is run alone even when no answer
// came back; if it runs clean, the tool had lost answers it printed
// (*lost_output, shared by the batches of a run), and from then on a
// crashed batch is resumed on a terminal, which shows the exact input.
std::vector<ToolAnswer> runRecovering(size_t n, const std::function<BatchRun(size_t, size_t, bool)>& run,
                                      long* procs, ToolConfig::Stdout mode = ToolConfig::Stdout::PIPE,
                                      std::atomic<bool>* lost_output = nullptr);

// Text normalised for comparison: lower case, single spaces, no spaces
// around commas, trailing comments dropped.
std::string normaliseText(std::string_view s);

}  // namespace gcn::difftest
