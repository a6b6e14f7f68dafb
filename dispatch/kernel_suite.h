// The kernel suite: every launch of corpus/kernels' kernelCases() run on
// the emulator through launchKernel() for each code object built from its
// source (gfx803, gfx900, gfx906 where present, and the other code object
// versions: <source>.v2.gfx900.co ...), outputs compared with the host
// reference (runReference / compareOutputs). Used by the kernel_suite test
// (one test per entry) and by `gcnref verify`.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "corpus/kernels/reference.h"
#include "dispatch/args.h"
#include "dispatch/launch.h"

namespace gcn::dispatch {

struct SuiteEntry {
  size_t case_index = 0;   // into kernels::kernelCases()
  std::string variant;     // "gfx900", "v2.gfx900", ...
  std::string file;        // path of the code object
  std::string name;        // "<kernel>.<variant>" (unique)
};

// Entries for the code objects in `dir`. The gfx803 and gfx900 builds of
// every case are always listed (a missing file fails when run).
std::vector<SuiteEntry> suiteEntries(const std::vector<kernels::KernelCase>& cases,
                                     const std::string& dir);

struct SuiteResult {
  SuiteEntry entry;
  bool pass = false;
  std::string error;  // why it failed (launch error, fault, mismatch)
  LaunchResult run;
};
SuiteResult runSuiteEntry(const kernels::KernelCase& c, const SuiteEntry& e,
                          const LaunchOptions& o = {});

// The test case's arguments as dispatch arguments.
std::vector<ArgValue> toArgValues(const std::vector<kernels::Arg>& args);

// corpus/kernels, looked up from `hint` (if not empty), then
// $BUILD_WORKSPACE_DIRECTORY (bazel run), $TEST_SRCDIR/$TEST_WORKSPACE
// (bazel test), and the current directory. "" when not found.
std::string findKernelDir(const std::string& hint);

// Runs every entry; prints a per-entry table to `out` (if not null).
// Returns the results in entry order.
std::vector<SuiteResult> runKernelSuite(const std::string& dir, const LaunchOptions& o,
                                        std::FILE* out);

}  // namespace gcn::dispatch
