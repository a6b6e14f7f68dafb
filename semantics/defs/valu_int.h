// Helpers shared by the integer VALU definitions (valu_int_*.cc): saturation,
// 16-bit signed views, byte fields. Written over the value domain like the
// definitions themselves (no host branches on values), so each works for
// scalars (reference path) and Lanes (fast path).
#pragma once

#include <cstdint>
#include <type_traits>

#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// A uniform boolean in the context's Bool type (v_cmp_f / v_cmp_t).
template <class B> inline B constBool(bool b) {
  if constexpr (IsLanes<B>::value) return B::splat(b);
  else return b;
}

// 16-bit values live zero-extended in 32-bit words; s16() is the signed
// view (sign-extended to 32 bits) for comparisons and signed arithmetic.
template <class T> inline auto s16(const T& x) { return sext16(x & 0xffffu); }

// Unsigned 16-bit saturation of a 32-bit value that may exceed 0xffff.
template <class T> inline auto satU16(const T& x) { return umin(x, 0xffffu); }
// Signed 16-bit saturation of a signed 32-bit value, result as 16 bits.
template <class T> inline auto satS16(const T& x) {
  return smax(smin(x, 0x7fffu), 0xffff8000u) & 0xffffu;
}
// Signed 32-bit saturation of a 64-bit signed value.
template <class T> inline auto satS32(const T& x) {
  auto lo = slt(x, uint64_t(0xffffffff80000000ull));
  auto hi = slt(uint64_t(0x7fffffffull), x);
  return select(lo, 0x80000000u, select(hi, 0x7fffffffu, trunc32(x)));
}

// Byte i (0..3) of a dword, zero-extended.
template <class T> inline auto byteOf(const T& x, int i) { return (x >> uint32_t(8 * i)) & 0xffu; }
// |a - b| of two unsigned values.
template <class T> inline auto absDiff(const T& a, const T& b) {
  return select(a < b, b - a, a - b);
}

// Element i of a dword split into `bits`-wide fields, zero- or
// sign-extended (the dot products).
template <class T> inline auto fieldU(const T& x, int bits, int i) {
  return (x >> uint32_t(bits * i)) & ((1u << bits) - 1u);
}
template <class T> inline auto fieldS(const T& x, int bits, int i) {
  const uint32_t m = 1u << (bits - 1);
  return (fieldU(x, bits, i) ^ m) - m;
}

// Low 24 bits, zero- or sign-extended (v_mul_*24, v_mad_*24).
template <class T> inline auto u24(const T& x) { return x & 0xffffffu; }
template <class T> inline auto i24(const T& x) { return ((x & 0xffffffu) ^ 0x800000u) - 0x800000u; }

}  // namespace gcn::sem
