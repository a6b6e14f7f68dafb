#include "dispatch/aql.h"

#include <cstring>

namespace gcn::dispatch {
namespace {
template <class T>
void put(uint8_t* p, uint32_t off, T v) {
  std::memcpy(p + off, &v, sizeof v);
}
}  // namespace

void writeDispatchPacket(uint8_t* p, const PacketFields& f) {
  std::memset(p, 0, packet::kSize);
  put<uint16_t>(p, packet::kHeader, packet::kDispatchHeader);
  put<uint16_t>(p, packet::kSetup, uint16_t(f.dims));
  for (int d = 0; d < 3; ++d) {
    put<uint16_t>(p, packet::kWorkgroupSizeX + 2 * d, uint16_t(f.block[d]));
    put<uint32_t>(p, packet::kGridSizeX + 4 * d, f.grid[d]);
  }
  put<uint32_t>(p, packet::kPrivateSegmentSize, f.private_segment_size);
  put<uint32_t>(p, packet::kGroupSegmentSize, f.group_segment_size);
  put<uint64_t>(p, packet::kKernelObject, f.kernel_object);
  put<uint64_t>(p, packet::kKernargAddress, f.kernarg_address);
  put<uint64_t>(p, packet::kCompletionSignal, f.completion_signal);
}

void writeQueue(uint8_t* p, const QueueFields& f) {
  std::memset(p, 0, queue::kSize);
  put<uint32_t>(p, queue::kType, 0);
  put<uint32_t>(p, queue::kFeatures, 1);
  put<uint64_t>(p, queue::kBaseAddress, f.ring);
  put<uint32_t>(p, queue::kRingSize, f.ring_packets);
  put<uint64_t>(p, queue::kWriteDispatchId, f.write_dispatch_id);
  put<uint32_t>(p, queue::kGroupApertureHi, f.group_aperture_hi);
  put<uint32_t>(p, queue::kPrivateApertureHi, f.private_aperture_hi);
  put<uint32_t>(p, queue::kMaxCuId, 63);
  put<uint32_t>(p, queue::kMaxWaveId, 39);
  put<uint64_t>(p, queue::kReadDispatchId, f.read_dispatch_id);
  put<uint32_t>(p, queue::kReadDispatchIdOffset, queue::kReadDispatchId);
  for (int i = 0; i < 4; ++i) put<uint32_t>(p, queue::kScratchResourceDescriptor + 4 * i, f.scratch_rsrc[i]);
  put<uint64_t>(p, queue::kScratchBackingMemoryLocation, f.scratch_base);
  put<uint64_t>(p, queue::kScratchBackingMemoryByteSize, f.scratch_bytes);
  put<uint32_t>(p, queue::kScratchWorkitemByteSize, f.scratch_workitem_bytes);
}

void scratchResource(uint64_t base, uint32_t num_records, uint32_t elem_size_code, uint32_t out[4]) {
  out[0] = uint32_t(base);
  out[1] = uint32_t(base >> 32) & 0xffff;  // BASE_ADDRESS_HI; STRIDE 0
  out[1] |= 1u << 31;                      // SWIZZLE_ENABLE
  out[2] = num_records;
  out[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9  // DST_SEL_XYZW = X Y Z W
           | 4u << 12                        // NUM_FORMAT UINT
           | 4u << 15                        // DATA_FORMAT 32
           | (elem_size_code & 3) << 19      // ELEMENT_SIZE
           | 3u << 21                        // INDEX_STRIDE 64
           | 1u << 23;                       // ADD_TID_ENABLE
}

bool mapQueue(sem::MemorySystem& mem, uint64_t queue_addr, const QueueFields& q,
              const PacketFields& p, std::string* err) {
  if (q.ring < queue_addr + queue::kSize || q.ring_packets == 0) {
    *err = "the packet ring must follow amd_queue_t and hold a packet";
    return false;
  }
  if (!mem.global.map(queue_addr, q.ring - queue_addr + uint64_t(q.ring_packets) * packet::kSize,
                      err, nullptr, "queue"))
    return false;
  writeQueue(mem.global.translate(queue_addr, queue::kSize), q);
  writeDispatchPacket(mem.global.translate(q.ring, packet::kSize), p);
  return true;
}

}  // namespace gcn::dispatch
