// //third_party:libfuzzer works: libFuzzer under --config=fuzz, the replay
// main() otherwise. A fuzz target defines only LLVMFuzzerTestOneInput.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Trivially checkable oracle: the sum of bytes fits in 64 bits.
  uint64_t sum = 0;
  for (size_t i = 0; i < size; ++i) sum += data[i];
  if (sum > 255ULL * size) std::abort();
  return 0;
}
