// GFX940's 8-bit float formats: FP8 is E4M3 with exponent bias 8, BF8 is
// E5M2 with bias 16; neither has infinities or a negative zero, and 0x80 is
// their one NaN (llvm's Float8E4M3FNUZ / Float8E5M2FNUZ).
#pragma once

#include <cmath>
#include <cstdint>

namespace gcn::sem {

struct Fp8Format {
  int mant, bias, emax;  // mantissa bits, exponent bias, largest exponent field
};
constexpr Fp8Format kFp8{3, 8, 15}, kBf8{2, 16, 31};

// The byte's value, exactly (0x80: a quiet NaN).
inline float fp8Decode(uint32_t x, const Fp8Format& t) {
  x &= 0xff;
  if (x == 0x80) return std::nanf("");
  const int e = int(x & 0x7f) >> t.mant, m = int(x) & ((1 << t.mant) - 1);
  const float mag = e == 0 ? std::ldexp(float(m), 1 - t.bias - t.mant)
                           : std::ldexp(float(m | (1 << t.mant)), e - t.bias - t.mant);
  return (x & 0x80) ? -mag : mag;
}

}  // namespace gcn::sem
