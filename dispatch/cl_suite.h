// The OpenCL-binary suite: corpus/opencl's hand-written kernels (vadd,
// reduce, cbuf), assembled by CLRX in the AMD OpenCL 1.2, AMD OpenCL 2.0
// and GalliumCompute formats for several processors, each run through
// launchClKernel() and compared with a host reference. Used by the
// cl_suite test and by `gcnref verify`.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "dispatch/launch.h"

namespace gcn::dispatch {

struct ClSuiteEntry {
  std::string file;       // path of the binary
  std::string name;       // "vadd.amd.gfx600"
  std::string kernel;     // "vadd"
  std::string processor;  // "gfx600" (the file name's; Gallium binaries need it)
};

// Every <kernel>.<format>.<processor>.bin in `dir` plus the builds the
// suite requires (listed even when missing, so a missing one fails).
std::vector<ClSuiteEntry> clSuiteEntries(const std::string& dir);

struct ClSuiteResult {
  ClSuiteEntry entry;
  bool pass = false;
  std::string error;
  LaunchResult run;
};
ClSuiteResult runClSuiteEntry(const ClSuiteEntry& e, const LaunchOptions& o = {});

// corpus/opencl, found as findKernelDir finds corpus/kernels.
std::string findClDir(const std::string& hint);

std::vector<ClSuiteResult> runClSuite(const std::string& dir, const LaunchOptions& o,
                                      std::FILE* out);

}  // namespace gcn::dispatch
