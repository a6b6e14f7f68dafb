// Running one kernel of an AMD OpenCL 1.2, AMD OpenCL 2.0 or GalliumCompute
// binary (codeobj/opencl) on the emulator with the call convention of its
// format, everything placed below 4 GiB so 32-bit binaries address it too:
//
//   AMD OpenCL 1.2 (AmdAbi.md): the kernel's CAL user-data entries filled
//     by class. Constant buffer 0 holds the setup (global size 0-2, work
//     dimensions 3, local size 4-6, group counts 8-10, global offset 24-26,
//     the global data's address at 32 (32-33 in 64-bit binaries)),
//     constant buffer 1 the arguments at their metadata offsets. The UAV
//     table (32-byte entries by resource id) holds, for every pointer
//     argument's id, the UAV id and the global-data id, one buffer resource
//     over all memory (base 0); pointer arguments hold their buffer's byte
//     address, so V# + pointer reaches the buffer. Local pointers hold
//     their LDS offset. Images, samplers and the classes the document does
//     not describe are refused by name.
//   AMD OpenCL 2.0 and GalliumCompute with AMDHSA: amd_kernel_code_t's user
//     SGPRs as for HSA code objects (setup buffer = the dispatch packet,
//     argument buffer = the kernarg segment holding the runtime's setup
//     arguments and then the user's).
//   GalliumCompute: s[0:1] -> group counts (0-2), global size (3-5), local
//     size (6-8), then the arguments; s[2:3] the scratch address.
// System SGPRs and work-item VGPRs follow COMPUTE_PGM_RSRC2 in every case.
#pragma once

#include <string>
#include <vector>

#include "codeobj/opencl/program.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"
#include "dispatch/launch.h"

namespace gcn::dispatch {

// `args` are the kernel's arguments without the HIDDEN ones, in order,
// with the `gcnref run --arg` kinds (buffers for pointers, lds: for local
// pointers, scalars of the argument's size). Errors as launchKernel's.
bool launchClKernel(const codeobj::opencl::Program& p, const std::string& kernel, Dim3 grid,
                    Dim3 block, const std::vector<ArgValue>& args, const LaunchOptions& o,
                    LaunchResult* r, std::string* err);

// "(global pointer a, value n: 4 bytes)" for messages and `gcnref objdump`.
std::string describeClArgs(const codeobj::opencl::Kernel& k);

}  // namespace gcn::dispatch
