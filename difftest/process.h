// Runs an external tool as an isolated worker: argv, bytes on stdin, stdout
// and stderr captured, killed after a timeout. A crash or hang is reported
// in the result, never propagated to the caller.
#pragma once

#include <string>
#include <vector>

namespace gcn::difftest {

struct ProcResult {
  bool started = false;   // false: the program could not be executed (see error)
  bool timed_out = false;
  int exit_code = -1;     // valid when !signaled && !timed_out
  int signal = 0;         // terminating signal (SIGABRT, SIGSEGV, ...), 0 if none
  std::string out, err;
  std::string error;      // why it could not be started
  bool crashed() const { return started && !timed_out && signal != 0; }
  bool ok() const { return started && !timed_out && signal == 0 && exit_code == 0; }
  std::string describe() const;  // "exit 1", "killed by SIGSEGV", "timeout after 30 s"
};

// Runs argv[0] (searched in PATH) with `input` on stdin. Thread-safe.
// stdout_terminal: the tool's stdout is a pseudo-terminal in raw mode, not a
// pipe. Programs that buffer a pipe's output (LLVM's tools) write a
// terminal's at once, so what they printed before a crash is not lost and
// the input that crashed them is the one after their last answer.
ProcResult runProcess(const std::vector<std::string>& argv, const std::string& input,
                      double timeout_seconds, bool stdout_terminal = false);

// Is `program` executable (a path, or a name found in PATH)?
bool programExists(const std::string& program);

}  // namespace gcn::difftest
