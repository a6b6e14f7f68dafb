// Running one kernel of a code object on the emulator, as an HSA runtime
// and the CP would: the code object image, queue, packet, kernarg segment
// and buffers are placed in emulated global memory (addresses in aql.h),
// LDS and scratch are sized from the descriptor and the arguments, and
// every wave starts in the ABI's initial state (initial_state.h).
//
// Work-groups of equal actual size run as one Emulator dispatch (full
// groups, then the partial ones at the x/y/z edges); scratch is one
// contiguous queue allocation, wave w of the grid at w * 64 * private size.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"
#include "semantics/memory/memory.h"
#include "semantics/emulator/program.h"

namespace gcn::dispatch {

struct LaunchOptions {
  int threads = 0;                // emulator threads (0: one per core)
  uint64_t budget = 100'000'000;  // instructions per wave (runaway guard)
  sem::Path path = sem::Path::FAST;
  sem::MatrixNumerics matrix_numerics = sem::MatrixNumerics::FMA_CHAIN;
  int dims = 0;                   // packet dimensions (0: from grid/block)
  // Called with the emulated memory after the waves ran (also after a
  // failed run): tests look at scratch, the queue and the packet.
  std::function<void(const sem::MemorySystem&)> inspect;
  // Called about five times a second while waves run, from a monitor
  // thread, with work-groups finished and in total (progress lines).
  std::function<void(uint64_t groups_done, uint64_t groups_total)> progress;
  // sem::DispatchSpec::check_vgpr_bound (a test aid).
  bool check_vgpr_bound = false;
};

struct LaunchResult {
  // Per user argument: a BUFFER's contents after the run (else empty).
  std::vector<std::vector<uint8_t>> buffers;
  uint64_t workgroups = 0, waves = 0, instructions = 0;
  double seconds = 0;              // time spent running waves
  uint32_t group_segment_bytes = 0;  // LDS per work-group (static + dynamic)
  uint32_t private_segment_bytes = 0;  // scratch per work-item
  uint32_t dispatches = 0;         // emulator dispatches (group size classes)
};

// False with a message on bad input (unknown kernel, arguments that do not
// match the metadata, a bad grid) or when a wave fails (fault, unsupported
// instruction, budget exhausted: the message names the work-group, wave and
// PC). *r is filled as far as the run got.
bool launchKernel(const codeobj::CodeObject& co, const std::string& kernel, Dim3 grid, Dim3 block,
                  const std::vector<ArgValue>& args, const LaunchOptions& o, LaunchResult* r,
                  std::string* err);

}  // namespace gcn::dispatch
