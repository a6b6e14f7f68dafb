// Bytes as "0x05,0x40,0x82,0xd3": the form llvm-mc --disassemble reads and
// the one failure messages quote, so a reader can paste it back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gcn {

std::string hexBytes(const uint8_t* b, size_t n);

}  // namespace gcn
