#include "semantics/memory/mem_format.h"

#include <cmath>
#include <cstring>

#include "semantics/domain/half.h"
#include "semantics/domain/valu_fp.h"

namespace gcn::sem::mem {

bool dataFormat(int dfmt, DataFormat* d) {
  // {bytes, ncomp, bits x4, shift x4}; components from the lowest bit
  // (GcnMemHandling.md data format table).
  static const DataFormat kFormats[16] = {
      {0, 0, {}, {}},                                 // 0 invalid
      {1, 1, {8}, {0}},                               // 8
      {2, 1, {16}, {0}},                              // 16
      {2, 2, {8, 8}, {0, 8}},                         // 8_8
      {4, 1, {32}, {0}},                              // 32
      {4, 2, {16, 16}, {0, 16}},                      // 16_16
      {4, 3, {11, 11, 10}, {0, 11, 22}},              // 10_11_11
      {4, 3, {10, 11, 11}, {0, 10, 21}},              // 11_11_10
      {4, 4, {2, 10, 10, 10}, {0, 2, 12, 22}},        // 10_10_10_2
      {4, 4, {10, 10, 10, 2}, {0, 10, 20, 30}},       // 2_10_10_10
      {4, 4, {8, 8, 8, 8}, {0, 8, 16, 24}},           // 8_8_8_8
      {8, 2, {32, 32}, {0, 32}},                      // 32_32
      {8, 4, {16, 16, 16, 16}, {0, 16, 32, 48}},      // 16_16_16_16
      {12, 3, {32, 32, 32}, {0, 32, 64}},             // 32_32_32
      {16, 4, {32, 32, 32, 32}, {0, 32, 64, 96}},     // 32_32_32_32
      {0, 0, {}, {}},                                 // 15 reserved
  };
  if (dfmt <= 0 || dfmt >= 15) return false;
  *d = kFormats[dfmt];
  return true;
}

uint32_t getBits(const uint8_t* p, int shift, int bits) {
  uint64_t v = 0;
  const int first = shift / 8, last = (shift + bits - 1) / 8;
  for (int i = last; i >= first; --i) v = (v << 8) | p[i];
  v >>= shift % 8;
  return bits >= 32 ? uint32_t(v) : uint32_t(v & ((1ull << bits) - 1));
}

void setBits(uint8_t* p, int shift, int bits, uint32_t val) {
  for (int b = 0; b < bits; ++b) {
    const int pos = shift + b;
    const uint8_t m = uint8_t(1u << (pos % 8));
    if ((val >> b) & 1) p[pos / 8] |= m;
    else p[pos / 8] &= uint8_t(~m);
  }
}

namespace {
uint32_t bitsOf(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
float floatOf(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
int32_t sext(uint32_t raw, int bits) {
  if (bits >= 32) return int32_t(raw);
  const uint32_t sign = 1u << (bits - 1);
  return int32_t((raw ^ sign) - sign);
}
// Unsigned small floats of 10_11_11 / 11_11_10: 5-bit exponent (bias 15),
// 5 or 6 mantissa bits, no sign. Same exponent as f16, so via f16.
uint32_t ufloatToF32(uint32_t raw, int bits) {
  const int mbits = bits - 5;
  return f16ToF32(uint16_t(raw << (10 - mbits)));
}
uint32_t f32ToUfloat(uint32_t f, int bits) {
  if (f & 0x80000000u) return std::isnan(floatOf(f)) ? (((1u << bits) - 1)) : 0;  // negative -> 0
  const uint16_t h = f32ToF16(f);
  return uint32_t(h) >> (10 - (bits - 5));  // mantissa truncated
}
uint32_t roundClampUnsigned(double x, double max) {
  if (!(x > 0)) return 0;  // NaN too
  if (x >= max) return uint32_t(max);
  return uint32_t(std::nearbyint(x));
}
int32_t roundClampSigned(double x, double min, double max) {
  if (std::isnan(x)) return 0;
  if (x <= min) return int32_t(min);
  if (x >= max) return int32_t(max);
  return int32_t(std::nearbyint(x));
}
}  // namespace

uint32_t unpackComponent(uint32_t raw, int bits, int nfmt) {
  const double umax = bits >= 32 ? 4294967295.0 : double((1ull << bits) - 1);
  const double smax = bits >= 32 ? 2147483647.0 : double((1ull << (bits - 1)) - 1);
  switch (nfmt) {
    case NF_UNORM: return bitsOf(float(double(raw) / umax));
    case NF_SNORM: {
      const double v = double(sext(raw, bits)) / smax;
      return bitsOf(float(v < -1.0 ? -1.0 : v));
    }
    case NF_USCALED: return bitsOf(float(raw));
    case NF_SSCALED: return bitsOf(float(sext(raw, bits)));
    case NF_UINT: return raw;
    case NF_SINT: return uint32_t(sext(raw, bits));
    case NF_SNORM_OGL: return bitsOf(float((2.0 * sext(raw, bits) + 1.0) / umax));
    default:  // FLOAT: 32, 16, 11 and 10-bit components; other widths read 0
      if (bits == 32) return raw;
      if (bits == 16) return f16ToF32(uint16_t(raw));
      if (bits == 11 || bits == 10) return ufloatToF32(raw, bits);
      return 0;
  }
}

uint32_t packComponent(uint32_t reg, int bits, int nfmt) {
  const uint32_t mask = bits >= 32 ? ~0u : (1u << bits) - 1;
  const double umax = bits >= 32 ? 4294967295.0 : double(mask);
  const double smax = bits >= 32 ? 2147483647.0 : double((1ull << (bits - 1)) - 1);
  const double f = floatOf(reg);
  switch (nfmt) {
    case NF_UNORM: return roundClampUnsigned(f * umax, umax) & mask;
    case NF_SNORM:
    case NF_SNORM_OGL: {
      const double c = std::isnan(f) ? 0.0 : (f < -1.0 ? -1.0 : (f > 1.0 ? 1.0 : f));
      return uint32_t(roundClampSigned(c * smax, -smax, smax)) & mask;
    }
    // USCALED/SSCALED are not store formats (spec); the float is converted
    // to an integer with rounding and saturation.
    case NF_USCALED: return roundClampUnsigned(f, umax) & mask;
    case NF_SSCALED: return uint32_t(roundClampSigned(f, -smax - 1, smax)) & mask;
    case NF_UINT:
    case NF_SINT: return reg & mask;  // low bits of the register
    default:
      if (bits == 32) return reg;
      if (bits == 16) return f32ToF16(reg);
      if (bits == 11 || bits == 10) return f32ToUfloat(reg, bits);
      return 0;
  }
}

uint16_t f32ToF16(uint32_t x) { return uint16_t(d2h(double(floatOf(x)), Round::NEAREST_EVEN)); }

uint32_t f16ToF32(uint16_t h) { return bitsOf(halfToF32(h)); }

}  // namespace gcn::sem::mem
