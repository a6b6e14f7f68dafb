#include "semantics/memory/memory.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "semantics/emulator/wave_state.h"

namespace gcn::sem {

bool GlobalMemory::map(uint64_t base, uint64_t size, std::string* err,
                       const uint8_t* init, std::string name) {
  char buf[160];
  if (size == 0 || base + size < base || size > (1ull << 40)) {
    std::snprintf(buf, sizeof buf, "cannot map 0x%" PRIx64 " bytes at 0x%" PRIx64 ": bad size",
                  size, base);
    if (err) *err = buf;
    return false;
  }
  auto it = std::lower_bound(regions_.begin(), regions_.end(), base,
                             [](const MemRegion& r, uint64_t b) { return r.base < b; });
  if ((it != regions_.end() && it->base < base + size) ||
      (it != regions_.begin() && std::prev(it)->end() > base)) {
    std::snprintf(buf, sizeof buf, "region 0x%" PRIx64 "+0x%" PRIx64 " overlaps a mapped region",
                  base, size);
    if (err) *err = buf;
    return false;
  }
  MemRegion r;
  r.base = base;
  r.name = std::move(name);
  if (init) r.bytes.assign(init, init + size);
  else r.bytes.assign(size, 0);
  regions_.insert(it, std::move(r));
  return true;
}

const MemRegion* GlobalMemory::find(uint64_t addr) const {
  auto it = std::upper_bound(regions_.begin(), regions_.end(), addr,
                             [](uint64_t a, const MemRegion& r) { return a < r.base; });
  if (it == regions_.begin()) return nullptr;
  --it;
  return addr < it->end() ? &*it : nullptr;
}

std::string memFaultMessage(const char* what, uint64_t addr, uint32_t bytes, int lane,
                            const char* why) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "memory fault: %s of %u bytes at 0x%" PRIx64 " (lane %d): %s",
                what, bytes, addr, lane, why);
  return buf;
}

bool globalRead(WaveState& w, GlobalMemory& m, uint64_t addr, void* out, uint32_t n, int lane) {
  const uint8_t* p = m.translate(addr, n);
  if (!p) {
    w.fail(memFaultMessage("global load", addr, n, lane));
    std::memset(out, 0, n);
    return false;
  }
  std::memcpy(out, p, n);
  return true;
}

bool globalWrite(WaveState& w, GlobalMemory& m, uint64_t addr, const void* in, uint32_t n,
                 int lane) {
  uint8_t* p = m.translate(addr, n);
  if (!p) {
    w.fail(memFaultMessage("global store", addr, n, lane));
    return false;
  }
  std::memcpy(p, in, n);
  return true;
}

}  // namespace gcn::sem
