#include "util/hex_bytes.h"

#include <cstdio>

namespace gcn {

std::string hexBytes(const uint8_t* b, size_t n) {
  std::string s;
  char buf[8];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, i ? ",0x%02x" : "0x%02x", b[i]);
    s += buf;
  }
  return s;
}

}  // namespace gcn
