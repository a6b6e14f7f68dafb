// What the dispatches of OpenCL binaries share (cl_launch.cc, and the AMD
// OpenCL 1.2 ABI's tables in cl_amd12.cc): the emulated address map, the
// placement of the arguments' memory and the byte writers.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "codeobj/opencl/program.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"
#include "semantics/memory/memory.h"

namespace gcn::dispatch::cl {

using codeobj::opencl::Abi;
using codeobj::opencl::Arg;
using codeobj::opencl::ArgKind;
using codeobj::opencl::Kernel;
using codeobj::opencl::Program;
using codeobj::opencl::UserData;
using codeobj::opencl::UserDataClass;

// The emulated address map of these dispatches: all below 4 GiB.
constexpr uint64_t kCodeBase = 0x0100'0000;
constexpr uint64_t kCb0Base = 0x0200'0000;        // setup constant buffer (AMD 1.2)
constexpr uint64_t kCb1Base = 0x0201'0000;        // argument constant buffer (AMD 1.2)
constexpr uint64_t kUavTableBase = 0x0210'0000;
constexpr uint64_t kCbTableBase = 0x0220'0000;
constexpr uint64_t kInternalTableBase = 0x0230'0000;
constexpr uint64_t kGlobalDataBase = 0x0300'0000;
constexpr uint64_t kLowQueueBase = 0x0400'0000;   // amd_queue_t, then the packet ring
constexpr uint64_t kLowRingBase = kLowQueueBase + 0x1000;
constexpr uint64_t kArgAreaBase = 0x0500'0000;     // kernarg segment / Gallium input
constexpr uint64_t kLowBufferBase = 0x1000'0000;
constexpr uint64_t kBufferLimit = 0xffff'0000;
constexpr uint32_t kCb0Bytes = 4096;
constexpr uint32_t kUavEntryBytes = 32, kCbEntryBytes = 16;

inline uint64_t alignUp(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

inline void put32(std::vector<uint8_t>& b, uint64_t off, uint32_t v) {
  if (b.size() < off + 4) b.resize(off + 4, 0);
  std::memcpy(b.data() + off, &v, 4);
}
inline void putN(std::vector<uint8_t>& b, uint64_t off, uint64_t v, uint32_t n) {
  if (b.size() < off + n) b.resize(off + n, 0);
  for (uint32_t i = 0; i < n; ++i) b[off + i] = uint8_t(i < 8 ? v >> (8 * i) : 0);
}

// A buffer resource for plain dword access of [base, base + bytes).
inline void bufferResource(uint64_t base, uint32_t bytes, uint32_t out[4]) {
  out[0] = uint32_t(base);
  out[1] = uint32_t(base >> 32) & 0xffff;  // STRIDE 0, no swizzle
  out[2] = bytes;
  out[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9  // DST_SEL_XYZW = X Y Z W
           | 4u << 12                        // NUM_FORMAT UINT
           | 4u << 15;                       // DATA_FORMAT 32
}

// Everything the ABIs share: buffers, LDS offsets, global data, scratch.
struct Placed {
  std::vector<const Arg*> user;      // the kernel's non-hidden arguments
  std::vector<uint64_t> buffer;      // per user argument: device address (pointers)
  std::vector<uint32_t> lds_offset;  // per user argument: LDS offset (local pointers)
  uint32_t lds_bytes = 0;            // static + dynamic LDS
  uint64_t global_data = 0;          // 0: none
  uint32_t global_data_bytes = 0;
  uint32_t priv = 0;
  uint64_t scratch_bytes = 0;
};

// The value of every argument (user and hidden) in the argument area
// (cl_launch.cc).
bool writeArgs(const Kernel& k, const Placed& pl, const std::vector<ArgValue>& args,
               const Grid& grid, uint32_t base, std::vector<uint8_t>* area, std::string* err);
// `bytes` mapped at `at`, padded to 256 bytes.
bool mapBytes(sem::MemorySystem& mem, uint64_t at, std::vector<uint8_t> bytes,
              const std::string& name, std::string* err);

// The AMD OpenCL 1.2 ABI: constant buffers 0 and 1, the UAV, constant
// buffer and internal tables in memory, and the user SGPRs the kernel's
// user-data entries ask for (cl_amd12.cc).
bool setupAmdCl12(const Program& p, const Kernel& k, const Grid& grid, const Placed& pl,
                  const std::vector<ArgValue>& args, sem::MemorySystem& mem,
                  std::vector<uint32_t>* sgprs, std::string* err);

}  // namespace gcn::dispatch::cl
