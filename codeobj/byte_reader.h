// Bounds-checked little-endian access to an untrusted byte buffer. Every
// read of a code object goes through here, so a malformed file can produce
// an error but never an out-of-bounds read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gcn::codeobj {

class ByteView {
 public:
  ByteView() = default;
  ByteView(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

  // [off, off + len) lies inside the buffer (overflow-safe).
  bool contains(uint64_t off, uint64_t len) const {
    return off <= size_ && len <= size_ - off;
  }
  // Sub-view; callers check contains() first (returns empty otherwise).
  ByteView sub(uint64_t off, uint64_t len) const {
    if (!contains(off, len)) return {};
    return ByteView(data_ + off, size_t(len));
  }

  // Little-endian reads; false when out of range (*v untouched).
  template <typename T>
  bool read(uint64_t off, T* v) const {
    if (!contains(off, sizeof(T))) return false;
    uint64_t r = 0;
    for (size_t i = 0; i < sizeof(T); ++i) r |= uint64_t(data_[off + i]) << (8 * i);
    *v = T(r);
    return true;
  }
  // Unchecked variants for callers that validated the whole record.
  uint8_t u8(uint64_t off) const { return data_[off]; }
  uint16_t u16(uint64_t off) const { uint16_t v = 0; read(off, &v); return v; }
  uint32_t u32(uint64_t off) const { uint32_t v = 0; read(off, &v); return v; }
  uint64_t u64(uint64_t off) const { uint64_t v = 0; read(off, &v); return v; }

  // NUL-terminated string starting at off, which must end before the view
  // does; false otherwise.
  bool cstr(uint64_t off, std::string_view* out) const {
    if (off >= size_) return false;
    for (size_t i = size_t(off); i < size_; ++i)
      if (data_[i] == 0) {
        *out = std::string_view(reinterpret_cast<const char*>(data_ + off), i - size_t(off));
        return true;
      }
    return false;
  }

 private:
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

// "0x1a2b" for messages.
std::string hex(uint64_t v);

}  // namespace gcn::codeobj
