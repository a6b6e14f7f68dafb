// The kernarg segment laid out from the kernel's metadata: explicit
// arguments at their metadata offsets (checked against the values the user
// gave, in order), then the hidden arguments clang emits for code object
// v2-v5 (AMDGPUUsage "Code Object V3/V4/V5 Metadata", kernarg value kinds).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/metadata.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"

namespace gcn::dispatch {

// Dispatch facts the hidden arguments carry.
struct HiddenValues {
  Grid grid;
  uint64_t queue_ptr = 0;
  uint32_t shared_aperture_hi = 0, private_aperture_hi = 0;
};

struct Kernarg {
  std::vector<uint8_t> bytes;        // the segment (>= the descriptor's kernarg size)
  std::vector<int> meta_index;       // metadata arg index of each user argument
  std::vector<uint32_t> lds_offset;  // per user argument: LDS offset (LDS args)
  uint32_t group_segment_bytes = 0;  // static + dynamic LDS of a work-group
};

// `buffer_addr[i]` is the device address of user argument i (BUFFER
// arguments). `static_lds` is the kernel's group_segment_fixed_size.
// Errors: argument count or kind/size that does not match the metadata,
// argument kinds the dispatch cannot supply (images, samplers, pipes,
// by-value aggregates), unknown hidden kinds, arguments past the segment.
bool layoutKernarg(const codeobj::KernelMeta& meta, uint64_t kernarg_size,
                   const std::vector<ArgValue>& args, const std::vector<uint64_t>& buffer_addr,
                   uint32_t static_lds, const HiddenValues& hv, Kernarg* out, std::string* err);

// "(global_buffer, global_buffer, by_value u32)" for messages.
std::string describeExplicitArgs(const codeobj::KernelMeta& meta);

}  // namespace gcn::dispatch
