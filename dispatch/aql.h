// The HSA objects a kernel can see in memory: the AQL kernel dispatch packet
// (hsa_kernel_dispatch_packet_t, HSA Platform System Architecture spec,
// 64 bytes) and the queue (amd_queue_t, HSA ABI seed "AMD Queue", 256
// bytes). Kernels read them through the dispatch ptr / queue ptr SGPRs:
// clang-16 code reads workgroup_size_* and grid_size_* from the packet
// (the OpenCL get_local_size/get_global_size of code object v4), and the
// aperture bases from the queue (GFX8 flat addressing of LDS/scratch).
//
// amd_queue_t fields past read_dispatch_id_field_base_byte_offset (the
// scratch descriptor and backing memory) are not in the seed's table; their
// offsets follow ROCR's amd_hsa_queue.h, which the seed's field list ends
// at.
#pragma once

#include <cstdint>

#include "dispatch/grid.h"
#include "semantics/memory/memory.h"

namespace gcn::dispatch {

namespace packet {
constexpr uint32_t kSize = 64;
constexpr uint32_t kHeader = 0;            // u16
constexpr uint32_t kSetup = 2;             // u16: dimensions in bits 1:0
constexpr uint32_t kWorkgroupSizeX = 4;    // u16 x3
constexpr uint32_t kGridSizeX = 12;        // u32 x3
constexpr uint32_t kPrivateSegmentSize = 24;  // u32
constexpr uint32_t kGroupSegmentSize = 28;    // u32
constexpr uint32_t kKernelObject = 32;        // u64
constexpr uint32_t kKernargAddress = 40;      // u64
constexpr uint32_t kCompletionSignal = 56;    // u64
// header: type KERNEL_DISPATCH (2), barrier bit 8, system-scope acquire
// (bits 10:9) and release (bits 12:11) fences.
constexpr uint16_t kDispatchHeader = 2 | 1u << 8 | 2u << 9 | 2u << 11;
}  // namespace packet

namespace queue {
constexpr uint32_t kSize = 256;
constexpr uint32_t kType = 0;              // u32 (0: MULTI, 1: SINGLE)
constexpr uint32_t kFeatures = 4;          // u32 (1: KERNEL_DISPATCH)
constexpr uint32_t kBaseAddress = 8;       // u64: the packet ring
constexpr uint32_t kDoorbellSignal = 16;   // u64
constexpr uint32_t kRingSize = 24;         // u32: packets
constexpr uint32_t kId = 32;               // u64
constexpr uint32_t kWriteDispatchId = 56;  // u64
constexpr uint32_t kGroupApertureHi = 64;  // u32
constexpr uint32_t kPrivateApertureHi = 68;  // u32
constexpr uint32_t kMaxCuId = 72;          // u32
constexpr uint32_t kMaxWaveId = 76;        // u32
constexpr uint32_t kReadDispatchId = 128;  // u64
constexpr uint32_t kReadDispatchIdOffset = 136;  // u32
// ROCR amd_hsa_queue.h (beyond the seed's table):
constexpr uint32_t kScratchResourceDescriptor = 144;  // u32 x4
constexpr uint32_t kScratchBackingMemoryLocation = 160;  // u64
constexpr uint32_t kScratchBackingMemoryByteSize = 168;  // u64
constexpr uint32_t kScratchWorkitemByteSize = 176;       // u32
}  // namespace queue

// Flat apertures (the 64-bit HSA model): what the amdkfd driver uses on
// GFX9 (LDS at 1 << 48, scratch at 2 << 48, 4 GiB each). GFX7/8 use the
// same values here: kernels learn them from amd_queue_t either way.
constexpr uint64_t kSharedApertureBase = 1ull << 48;
constexpr uint64_t kPrivateApertureBase = 2ull << 48;
constexpr uint64_t kApertureBytes = 1ull << 32;

// Where the dispatch maps things in the emulated global address space
// (below 2^47, away from address 0 so null pointers fault).
constexpr uint64_t kImageBase = 0x0000000100000000ull;    // code object image
constexpr uint64_t kQueueBase = 0x0000000200000000ull;    // amd_queue_t
constexpr uint64_t kRingBase = kQueueBase + 0x1000;       // packet ring (1 page)
constexpr uint32_t kRingPackets = 64;
constexpr uint64_t kKernargBase = 0x0000000300000000ull;  // kernarg segment
constexpr uint64_t kBufferBase = 0x0000001000000000ull;   // buffer arguments
constexpr uint64_t kScratchBase = 0x00007f0000000000ull;  // queue scratch

struct PacketFields {
  int dims = 1;
  Dim3 block, grid;
  uint32_t private_segment_size = 0, group_segment_size = 0;
  uint64_t kernel_object = 0, kernarg_address = 0, completion_signal = 0;
};
// 64 bytes at p.
void writeDispatchPacket(uint8_t* p, const PacketFields& f);

struct QueueFields {
  uint64_t ring = 0;
  uint32_t ring_packets = 0;
  uint64_t write_dispatch_id = 0, read_dispatch_id = 0;
  uint32_t group_aperture_hi = 0, private_aperture_hi = 0;
  uint32_t scratch_rsrc[4] = {};
  uint64_t scratch_base = 0, scratch_bytes = 0;
  uint32_t scratch_workitem_bytes = 0;
};
// 256 bytes at p.
void writeQueue(uint8_t* p, const QueueFields& f);

// Maps amd_queue_t at `queue_addr` and, after it, the ring q names (q.ring,
// q.ring_packets packets), then writes q and p as packet 0: the queue and
// dispatch pointers a launcher hands its kernels.
bool mapQueue(sem::MemorySystem& mem, uint64_t queue_addr, const QueueFields& q,
              const PacketFields& p, std::string* err);

// The private segment buffer V# (GcnMemHandling.md buffer resource; what
// ROCR's InitScratchSRD builds): swizzled, ADD_TID, element size
// 2 << elem_size_code bytes, index stride 64, stride 0, NUM_RECORDS = the
// queue's scratch bytes. With element size 4 it addresses exactly as
// sem::scratchSwizzle (scratch_*/flat scratch of the emulator).
void scratchResource(uint64_t base, uint32_t num_records, uint32_t elem_size_code, uint32_t out[4]);

}  // namespace gcn::dispatch
