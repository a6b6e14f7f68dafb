// IEEE half -> f32, exactly, for every reader of half values: f16 VALU
// operands (valu_fp.h's h2d), buffer formats (memory/mem_format.cc) and
// MFMA operands (defs/mfma.cc, in loops that must vectorise).
#pragma once

#include <cstdint>
#include <cstring>

namespace gcn::sem {

// The low 16 bits of h as the f32 of the same value, without branches:
// the half's exponent and mantissa placed as a float's are the value times
// 2^-112 (a half subnormal lands on a float subnormal), rescaled by an exact
// multiply (exact in every rounding mode; the emulator never sets DAZ);
// infinities and NaNs keep their mantissa, signalling bit included, under
// an all-ones exponent.
inline float halfToF32(uint32_t h) {
  const uint32_t mag = (h & 0x7fffu) << 13;
  float f;
  std::memcpy(&f, &mag, 4);
  f *= 0x1p112f;
  uint32_t x;
  std::memcpy(&x, &f, 4);
  x = (h & 0x7c00u) == 0x7c00u ? 0x7f800000u | mag : x;
  x |= (h & 0x8000u) << 16;
  std::memcpy(&f, &x, 4);
  return f;
}

// halfToF32 of eight values (the low 16 bits of each of h[0..7]) into
// out[0..7], in vector registers: GCC leaves a loop of halfToF32 calls
// scalar. Through memory, so that no vector type crosses a call boundary
// (inlined, the copies vanish).
__attribute__((always_inline)) inline void halfToF32x8(const uint32_t* h, float* out) {
  typedef uint32_t U __attribute__((vector_size(32)));
  typedef float F __attribute__((vector_size(32)));
  U x;
  std::memcpy(&x, h, sizeof x);
  const U mag = (x & 0x7fffu) << 13;
  const U scaled = (U)((F)mag * 0x1p112f);
  const U special = (U)((x & 0x7c00u) == 0x7c00u);
  const U r = ((special & (mag | 0x7f800000u)) | (~special & scaled)) | (x & 0x8000u) << 16;
  std::memcpy(out, &r, sizeof r);
}

}  // namespace gcn::sem
