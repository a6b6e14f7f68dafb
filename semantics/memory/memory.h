// The memory model: a sparse 64-bit global address space of mapped regions,
// LDS per workgroup, GDS per dispatch and the scratch (private) segment.
// Accesses outside mapped memory fault; the fault message names the wave,
// PC, lane and address (WaveState::fail adds wave and PC).
//
// Regions are mapped before a dispatch and never during one, so lookups need
// no locks; data races between workgroups are the program's own (as on the
// hardware). Atomics use the GCC __atomic builtins on translated pointers.
#pragma once

#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "semantics/memory/ds_sync.h"
#include "semantics/domain/lanes.h"

namespace gcn::sem {

struct WaveState;

// Host storage of emulated memory, aligned to 64 bytes: waves of two
// threads writing neighbouring blocks of a buffer (a work-group's 256
// bytes beside the next one's) then never share a host cache line, which
// with malloc's 16-byte alignment cost two threads more than they gained.
template <class T>
struct LineAligned {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  LineAligned() = default;
  template <class U>
  LineAligned(const LineAligned<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, size_t) { ::operator delete(p, kAlign); }
  bool operator==(const LineAligned&) const { return true; }
  bool operator!=(const LineAligned&) const { return false; }
};
using HostBytes = std::vector<uint8_t, LineAligned<uint8_t>>;

struct MemRegion {
  uint64_t base = 0;
  HostBytes bytes;
  std::string name;
  uint64_t end() const { return base + bytes.size(); }
};

class GlobalMemory {
 public:
  // Maps [base, base+size), zero-filled (or copied from init). Fails on
  // overlap, zero size or wrap-around.
  bool map(uint64_t base, uint64_t size, std::string* err,
           const uint8_t* init = nullptr, std::string name = "");
  // Pointer to n bytes at addr when they lie inside one region, else null.
  uint8_t* translate(uint64_t addr, uint64_t n) {
    const MemRegion* r = find(addr);
    if (!r || n > r->end() - addr) return nullptr;
    return const_cast<uint8_t*>(r->bytes.data()) + (addr - r->base);
  }
  const MemRegion* find(uint64_t addr) const;
  const std::vector<MemRegion>& regions() const { return regions_; }
  std::vector<MemRegion>& regions() { return regions_; }

 private:
  std::vector<MemRegion> regions_;  // sorted by base, disjoint
};

constexpr uint32_t kLdsBytes = 64 * 1024;
constexpr uint32_t kGdsBytes = 64 * 1024;

// LDS of one workgroup: `size` bytes allocated (LDS_ALLOC), at most 64 KiB.
struct Lds {
  std::vector<uint8_t> bytes;
  explicit Lds(uint32_t size = kLdsBytes) : bytes(size, 0) {}
  uint32_t size() const { return uint32_t(bytes.size()); }
  // In-range pointer or null (the caller decides: DS out-of-range reads
  // return 0 and writes are dropped, as the hardware does).
  uint8_t* at(uint32_t addr, uint32_t n) {
    return (uint64_t(addr) + n <= bytes.size()) ? bytes.data() + addr : nullptr;
  }
};

struct MemorySystem {
  GlobalMemory global;
  std::vector<uint8_t> gds = std::vector<uint8_t>(kGdsBytes, 0);
  DsSync sync;  // GWS resources and the ordered count (ds_sync.h)
};

// Scratch (private segment) addressing, swizzled as the ABI sets up the
// private segment buffer (element size 4 bytes, index stride 64): the byte at
// private offset `off` of lane `lane` of a wave whose scratch starts at
// `wave_base` lives at the returned global address.
inline uint64_t scratchSwizzle(uint64_t wave_base, uint32_t off, uint32_t lane) {
  return wave_base + uint64_t(off / 4) * (4 * kLanes) + lane * 4u + off % 4;
}

// Fault text ("global load of 4 bytes at 0x... (lane 5): not mapped"); the
// caller passes it to WaveState::fail, which adds wave and PC.
std::string memFaultMessage(const char* what, uint64_t addr, uint32_t bytes, int lane,
                            const char* why = "address not mapped");

// Checked accessors for memory definitions: on a fault they stop the wave
// (w.fail) and return false.
bool globalRead(WaveState& w, GlobalMemory& m, uint64_t addr, void* out, uint32_t n, int lane);
bool globalWrite(WaveState& w, GlobalMemory& m, uint64_t addr, const void* in, uint32_t n, int lane);

}  // namespace gcn::sem
