// The symbolic (Z3) value domain: the same names as domain.h / fp.h over
// Z3 terms, so the unchanged GCN_SALU / GCN_VALU definitions instantiate
// into formulas (semantics/z3/z3_defs.cc).
//
//   ZBool        Z3 Bool
//   ZU32, ZU64   Z3 bit-vectors; every operator is the C++ *unsigned* one
//                (z3++'s own < >> / are signed, so they are not used here)
//   ZF32, ZF64   IEEE values kept as their bit patterns (a bit-vector), so
//                select/abs/neg/asU32 keep NaN payloads exactly as the
//                concrete domain does; arithmetic converts to the Z3 FP sort,
//                rounds in the MODE direction, and converts back. A NaN that
//                an operation creates gets the host's default NaN pattern
//                (z3FpDefaultNan*), because that is what the concrete
//                semantics produce; NaN operands propagate like
//                fp.h's propagateNan.
//
// Host integers mix with Z values as in C++ (converted to the Z value's
// width); ZBool never converts to bool, so a definition that branches on a
// value (`if (x == 0u)`) does not compile here: that is the rule of
// domain.h enforced by the type system.
//
// Helpers are written in the same shape as the concrete fast code where that
// code is a bit trick (bitrev's swap network, mulhi via a 64-bit product,
// findLsb/findMsbFromTop by binary search), so prove/z3_helpers_test.cc
// proves that shape equal to a spec-shaped formulation for all inputs;
// popcount is the spec's sum of bits itself (the concrete domain uses the
// host's popcount, checked against it on samples).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <type_traits>

#include "semantics/domain/fp.h"

namespace gcn::sem {

// The context the Z values live in (one per thread, set by Z3Scope).
z3::context& z3ctx();
class Z3Scope {
 public:
  explicit Z3Scope(z3::context& c);
  ~Z3Scope();
  Z3Scope(const Z3Scope&) = delete;
  Z3Scope& operator=(const Z3Scope&) = delete;

 private:
  z3::context* prev_;
};

struct ZBool {
  z3::expr e;
  ZBool(const z3::expr& x) : e(x) {}  // NOLINT: wraps a Bool term
  ZBool(bool b) : e(z3ctx().bool_val(b)) {}  // NOLINT: host constants mix in
  ZBool() : e(z3ctx().bool_val(false)) {}   // members assigned later (valu_fp_round's Cube)
};

template <int W>
struct ZBV {
  static_assert(W == 32 || W == 64, "32 or 64 bits");
  z3::expr e;
  explicit ZBV(const z3::expr& x) : e(x) {}
  // Host integers convert as C++ does (signed values sign-extend, then
  // truncate to W bits).
  template <class T, class = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
  ZBV(T v) : e(z3ctx().bv_val(uint64_t(uint64_t(v) & (W == 64 ? ~uint64_t(0) : uint64_t(0xffffffffu))), unsigned(W))) {}  // NOLINT
};
using ZU32 = ZBV<32>;
using ZU64 = ZBV<64>;

// IEEE values as bit patterns (see the file comment).
template <int W>
struct ZFP {
  z3::expr bits;
  explicit ZFP(const z3::expr& b) : bits(b) {}
  ZFP(float f) : bits(z3ctx().bv_val(uint64_t(W == 32 ? uint64_t(asU32(f)) : asU64(double(f))), unsigned(W))) {}  // NOLINT
  ZFP(double f) : bits(z3ctx().bv_val(uint64_t(W == 32 ? uint64_t(asU32(float(f))) : asU64(f)), unsigned(W))) {}  // NOLINT
};
using ZF32 = ZFP<32>;
using ZF64 = ZFP<64>;

// ---- operators (unsigned, like the concrete domain) ------------------------
namespace zdetail {
template <class T> constexpr bool kHostInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;
// C++'s usual arithmetic conversions: 64 bits if either side has 64.
template <int A, int B> using Wider = ZBV<(A == 64 || B == 64) ? 64 : 32>;
template <class T> constexpr int kBits = sizeof(T) > 4 ? 64 : 32;
template <int R, int W> inline ZBV<R> widen(const ZBV<W>& x) {
  if constexpr (R == W) return x; else return ZBV<R>(z3::zext(x.e, R - W));
}
}  // namespace zdetail

#define GCN_Z_BIN(op, fn)                                                     \
  template <int W, int V> inline auto operator op(const ZBV<W>& x, const ZBV<V>& y) { \
    using R = zdetail::Wider<W, V>;                                           \
    R a = zdetail::widen<(W == 64 || V == 64) ? 64 : 32>(x);                  \
    R b = zdetail::widen<(W == 64 || V == 64) ? 64 : 32>(y);                  \
    return R(fn);                                                             \
  }                                                                           \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline auto operator op(const ZBV<W>& x, T y) { return x op ZBV<zdetail::kBits<T>>(y); } \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline auto operator op(T x, const ZBV<W>& y) { return ZBV<zdetail::kBits<T>>(x) op y; }
GCN_Z_BIN(+, a.e + b.e)
GCN_Z_BIN(-, a.e - b.e)
GCN_Z_BIN(*, a.e * b.e)
GCN_Z_BIN(/, z3::udiv(a.e, b.e))
GCN_Z_BIN(%, z3::urem(a.e, b.e))
GCN_Z_BIN(&, a.e & b.e)
GCN_Z_BIN(|, a.e | b.e)
GCN_Z_BIN(^, a.e ^ b.e)
#undef GCN_Z_BIN
// Shifts keep the (promoted) width of the left operand, as in C++.
#define GCN_Z_SHIFT(op, fn)                                                   \
  template <int W, int V> inline ZBV<W> operator op(const ZBV<W>& a, const ZBV<V>& n) { \
    z3::expr c = V == W ? n.e : (V < W ? z3::zext(n.e, W - V) : n.e.extract(W - 1, 0)); \
    return ZBV<W>(fn(a.e, c));                                                \
  }                                                                           \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline ZBV<W> operator op(const ZBV<W>& a, T n) { return a op ZBV<W>(uint64_t(n)); } \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline auto operator op(T a, const ZBV<W>& n) { return ZBV<zdetail::kBits<T>>(a) op n; }
GCN_Z_SHIFT(<<, z3::shl)
GCN_Z_SHIFT(>>, z3::lshr)
#undef GCN_Z_SHIFT

template <int W> inline ZBV<W> operator~(const ZBV<W>& a) { return ZBV<W>(~a.e); }
template <int W> inline ZBV<W> operator-(const ZBV<W>& a) { return ZBV<W>(-a.e); }

#define GCN_Z_CMP(op, fn)                                                     \
  template <int W, int V> inline ZBool operator op(const ZBV<W>& x, const ZBV<V>& y) { \
    auto a = zdetail::widen<(W == 64 || V == 64) ? 64 : 32>(x);               \
    auto b = zdetail::widen<(W == 64 || V == 64) ? 64 : 32>(y);               \
    return ZBool(fn);                                                         \
  }                                                                           \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline ZBool operator op(const ZBV<W>& x, T y) { return x op ZBV<zdetail::kBits<T>>(y); } \
  template <int W, class T, class = std::enable_if_t<zdetail::kHostInt<T>>>   \
  inline ZBool operator op(T x, const ZBV<W>& y) { return ZBV<zdetail::kBits<T>>(x) op y; }
GCN_Z_CMP(==, a.e == b.e)
GCN_Z_CMP(!=, a.e != b.e)
GCN_Z_CMP(<, z3::ult(a.e, b.e))
GCN_Z_CMP(<=, z3::ule(a.e, b.e))
GCN_Z_CMP(>, z3::ugt(a.e, b.e))
GCN_Z_CMP(>=, z3::uge(a.e, b.e))
#undef GCN_Z_CMP

inline ZBool operator!(const ZBool& a) { return ZBool(!a.e); }
inline ZBool operator&(const ZBool& a, const ZBool& b) { return ZBool(a.e && b.e); }
inline ZBool operator|(const ZBool& a, const ZBool& b) { return ZBool(a.e || b.e); }
inline ZBool operator^(const ZBool& a, const ZBool& b) { return ZBool(a.e != b.e); }
inline ZBool operator==(const ZBool& a, const ZBool& b) { return ZBool(a.e == b.e); }
inline ZBool operator!=(const ZBool& a, const ZBool& b) { return ZBool(a.e != b.e); }

// ---- select ------------------------------------------------------------------
namespace zdetail {
template <class T, class = void> struct ZOf;  // host or Z type -> its Z type
template <int W> struct ZOf<ZBV<W>> { using type = ZBV<W>; };
template <int W> struct ZOf<ZFP<W>> { using type = ZFP<W>; };
template <> struct ZOf<ZBool> { using type = ZBool; };
template <> struct ZOf<bool> { using type = ZBool; };
template <> struct ZOf<float> { using type = ZF32; };
template <> struct ZOf<double> { using type = ZF64; };
template <class T>
struct ZOf<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  using type = std::conditional_t<(sizeof(T) > 4), ZU64, ZU32>;
};
template <class A, class B> struct Common { using type = typename ZOf<A>::type; };
template <> struct Common<ZU32, ZU64> { using type = ZU64; };
template <> struct Common<ZU64, ZU32> { using type = ZU64; };
inline z3::expr termOf(const ZBool& x) { return x.e; }
template <int W> inline z3::expr termOf(const ZBV<W>& x) { return x.e; }
template <int W> inline z3::expr termOf(const ZFP<W>& x) { return x.bits; }
template <class R> inline R make(const z3::expr& e) { return R(e); }
template <class T> struct IsZ : std::false_type {};
template <int W> struct IsZ<ZBV<W>> : std::true_type {};
template <int W> struct IsZ<ZFP<W>> : std::true_type {};
template <> struct IsZ<ZBool> : std::true_type {};
// Widens a 32-bit value to a 64-bit result (C++ promotion in ?: ).
template <class R, class X> inline R as(const X& x) {
  using ZX = typename ZOf<X>::type;
  ZX z(x);
  if constexpr (std::is_same_v<R, ZU64> && std::is_same_v<ZX, ZU32>)
    return ZU64(z3::zext(z.e, 32));
  else
    return R(termOf(z));
}
}  // namespace zdetail

template <class A, class B,
          class = std::enable_if_t<zdetail::IsZ<A>::value || zdetail::IsZ<B>::value>>
inline auto select(const ZBool& c, const A& a, const B& b) {
  using R = typename zdetail::Common<typename zdetail::ZOf<A>::type,
                                     typename zdetail::ZOf<B>::type>::type;
  return R(z3::ite(c.e, zdetail::termOf(zdetail::as<R>(a)), zdetail::termOf(zdetail::as<R>(b))));
}
// A symbolic condition choosing between host constants.
template <class A, class B,
          class = std::enable_if_t<!zdetail::IsZ<A>::value && !zdetail::IsZ<B>::value>,
          class = void>
inline auto select(const ZBool& c, const A& a, const B& b) {
  using R = typename zdetail::Common<typename zdetail::ZOf<A>::type,
                                     typename zdetail::ZOf<B>::type>::type;
  return R(z3::ite(c.e, zdetail::termOf(zdetail::as<R>(a)), zdetail::termOf(zdetail::as<R>(b))));
}

// ---- width changes -------------------------------------------------------
inline ZU64 zext64(const ZU32& x) { return ZU64(z3::zext(x.e, 32)); }
inline ZU64 sext64(const ZU32& x) { return ZU64(z3::sext(x.e, 32)); }
inline ZU32 trunc32(const ZU64& x) { return ZU32(x.e.extract(31, 0)); }
inline ZU32 lo32(const ZU64& x) { return ZU32(x.e.extract(31, 0)); }
inline ZU32 hi32(const ZU64& x) { return ZU32(x.e.extract(63, 32)); }
inline ZU64 pack64(const ZU32& lo, const ZU32& hi) { return ZU64(z3::concat(hi.e, lo.e)); }
inline ZU32 sext8(const ZU32& x) { return ZU32(z3::sext(x.e.extract(7, 0), 24)); }
inline ZU32 sext16(const ZU32& x) { return ZU32(z3::sext(x.e.extract(15, 0), 16)); }
inline ZU32 toU32(const ZBool& b) { return ZU32(z3::ite(b.e, z3ctx().bv_val(1, 32), z3ctx().bv_val(0, 32))); }
inline ZU64 toU64(const ZBool& b) { return ZU64(z3::ite(b.e, z3ctx().bv_val(1, 64), z3ctx().bv_val(0, 64))); }

// ---- signed views ----------------------------------------------------------
#define GCN_Z_SCMP(name, fn)                                                  \
  inline ZBool name(const ZU32& a, const ZU32& b) { return ZBool(fn(a.e, b.e)); } \
  inline ZBool name(const ZU64& a, const ZU64& b) { return ZBool(fn(a.e, b.e)); }
GCN_Z_SCMP(slt, z3::slt) GCN_Z_SCMP(sle, z3::sle) GCN_Z_SCMP(sgt, z3::sgt) GCN_Z_SCMP(sge, z3::sge)
#undef GCN_Z_SCMP
inline ZU32 smin(const ZU32& a, const ZU32& b) { return select(slt(a, b), a, b); }
inline ZU32 smax(const ZU32& a, const ZU32& b) { return select(sgt(a, b), a, b); }
inline ZU32 umin(const ZU32& a, const ZU32& b) { return select(a < b, a, b); }
inline ZU32 umax(const ZU32& a, const ZU32& b) { return select(a > b, a, b); }
inline ZU32 sabs(const ZU32& a) { return select(slt(a, 0u), 0u - a, a); }
inline ZU32 ashr(const ZU32& x, const ZU32& n) { return ZU32(z3::ashr(x.e, n.e)); }
inline ZU64 ashr(const ZU64& x, const ZU64& n) { return ZU64(z3::ashr(x.e, n.e)); }
inline ZU64 ashr(const ZU64& x, const ZU32& n) { return ZU64(z3::ashr(x.e, z3::zext(n.e, 32))); }

// ---- counting (the fast shapes; see the file comment) ----------------------
// Popcount as the sum of the bits (the spec's BITCOUNT).
template <int W> inline ZU32 popcountT(const ZBV<W>& v) {
  z3::expr s = z3ctx().bv_val(0, 32);
  for (unsigned i = 0; i < unsigned(W); ++i) s = s + z3::zext(v.e.extract(i, i), 31);
  return ZU32(s);
}
inline ZU32 popcount(const ZU32& v) { return popcountT(v); }
inline ZU32 popcount(const ZU64& v) { return popcountT(v); }
// Lowest set bit by binary search (halves, quarters, ...), -1 for zero.
template <int W> inline ZU32 findLsbT(const ZBV<W>& v) {
  ZBV<W> x = v;
  ZU32 n = 0u;
  for (int half = W / 2; half >= 1; half /= 2) {
    const uint64_t m = (uint64_t(1) << half) - 1;
    ZBool low_empty = (x & ZBV<W>(m)) == ZBV<W>(uint64_t(0));
    n = n + select(low_empty, uint32_t(half), 0u);
    x = select(low_empty, x >> ZBV<W>(uint64_t(half)), x);
  }
  return select(v == ZBV<W>(uint64_t(0)), ~0u, n);
}
inline ZU32 findLsb(const ZU32& x) { return findLsbT(x); }
inline ZU32 findLsb(const ZU64& x) { return findLsbT(x); }
// Leading zeros by binary search from the top, -1 for zero.
template <int W> inline ZU32 findMsbFromTopT(const ZBV<W>& v) {
  ZBV<W> x = v;
  ZU32 n = 0u;
  for (int half = W / 2; half >= 1; half /= 2) {
    ZBool top_empty = (x >> ZBV<W>(uint64_t(W - half))) == ZBV<W>(uint64_t(0));
    n = n + select(top_empty, uint32_t(half), 0u);
    x = select(top_empty, x << ZBV<W>(uint64_t(half)), x);
  }
  return select(v == ZBV<W>(uint64_t(0)), ~0u, n);
}
inline ZU32 findMsbFromTop(const ZU32& x) { return findMsbFromTopT(x); }
inline ZU32 findMsbFromTop(const ZU64& x) { return findMsbFromTopT(x); }
// domain.h's bitrev: swap bits, pairs, nibbles, then a byte swap.
inline ZU32 bitrev(const ZU32& v) {
  ZU32 x = ((v >> 1u) & 0x55555555u) | ((v & 0x55555555u) << 1u);
  x = ((x >> 2u) & 0x33333333u) | ((x & 0x33333333u) << 2u);
  x = ((x >> 4u) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4u);
  return (x << 24u) | ((x & 0xff00u) << 8u) | ((x >> 8u) & 0xff00u) | (x >> 24u);
}
inline ZU64 bitrev(const ZU64& x) {
  return (zext64(bitrev(lo32(x))) << 32u) | zext64(bitrev(hi32(x)));
}
inline ZU32 mulhiU32(const ZU32& a, const ZU32& b) { return hi32(zext64(a) * zext64(b)); }
inline ZU32 mulhiI32(const ZU32& a, const ZU32& b) { return hi32(sext64(a) * sext64(b)); }

inline ZF32 asF32(const ZU32& x) { return ZF32(x.e); }
inline ZU32 asU32(const ZF32& f) { return ZU32(f.bits); }
inline ZF64 asF64(const ZU64& x) { return ZF64(x.e); }
inline ZU64 asU64(const ZF64& f) { return ZU64(f.bits); }

// ---- floating point (fp.h over Z3 FP) -------------------------------------
// The concrete domain's NaN for invalid operations (inf - inf, 0 * inf):
// whatever the host produces (x86: 0xffc00000 / 0xfff8000000000000).
uint32_t z3FpDefaultNan32();
uint64_t z3FpDefaultNan64();

namespace zdetail {
template <int W> inline z3::sort fpSort() { return W == 32 ? z3ctx().fpa_sort<32>() : z3ctx().fpa_sort<64>(); }
template <int W> inline z3::expr toFp(const z3::expr& bits) {
  z3::context& c = z3ctx();
  z3::sort s = fpSort<W>();
  return z3::expr(c, Z3_mk_fpa_to_fp_bv(c, bits, s));
}
template <int W> inline ZBV<W> defaultNan() {
  return ZBV<W>(W == 32 ? uint64_t(z3FpDefaultNan32()) : z3FpDefaultNan64());
}
// FP term -> bits; a NaN result gets the default NaN pattern.
template <int W> inline z3::expr toBits(const z3::expr& f) {
  z3::context& c = z3ctx();
  z3::expr b(c, Z3_mk_fpa_to_ieee_bv(c, f));
  return z3::ite(z3::expr(c, Z3_mk_fpa_is_nan(c, f)), defaultNan<W>().e, b);
}
inline z3::expr rm(Round r) {
  z3::context& c = z3ctx();
  switch (r) {
    case Round::PLUS_INF: return z3::expr(c, Z3_mk_fpa_rtp(c));
    case Round::MINUS_INF: return z3::expr(c, Z3_mk_fpa_rtn(c));
    case Round::TO_ZERO: return z3::expr(c, Z3_mk_fpa_rtz(c));
    default: return z3::expr(c, Z3_mk_fpa_rne(c));
  }
}
template <int W> inline Round rndOf(const FpMode& m) { return W == 32 ? m.round32 : m.round64; }
template <int W> inline bool denInOf(const FpMode& m) { return W == 32 ? m.denorm_in32 : m.denorm_in64; }
template <int W> inline bool denOutOf(const FpMode& m) { return W == 32 ? m.denorm_out32 : m.denorm_out64; }
template <int W> inline uint64_t expMask() { return W == 32 ? 0x7f800000ull : 0x7ff0000000000000ull; }
template <int W> inline uint64_t signBit() { return W == 32 ? 0x80000000ull : 1ull << 63; }
template <int W> inline uint64_t quietBit() { return W == 32 ? 0x00400000ull : 0x0008000000000000ull; }
}  // namespace zdetail

template <int W> inline ZFP<W> flushDenorm(const ZFP<W>& x) {
  using B = ZBV<W>;
  B b(x.bits);
  return ZFP<W>(select((b & B(zdetail::expMask<W>())) == B(uint64_t(0)), b & B(zdetail::signBit<W>()), b).e);
}
template <int W> inline ZFP<W> quietNan(const ZFP<W>& x) {
  return ZFP<W>((ZBV<W>(x.bits) | ZBV<W>(zdetail::quietBit<W>())).e);
}
template <int W> inline ZBool isNanBits(const ZFP<W>& x) {
  using B = ZBV<W>;
  return (B(x.bits) & ~B(zdetail::signBit<W>())) > B(zdetail::expMask<W>());
}
template <int W> inline ZFP<W> propagateNan(const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& r) {
  return select(isNanBits(a), quietNan(a), select(isNanBits(b), quietNan(b), r));
}
template <int W> inline ZFP<W> fabsBits(const ZFP<W>& x) {
  return ZFP<W>((ZBV<W>(x.bits) & ~ZBV<W>(zdetail::signBit<W>())).e);
}
template <int W> inline ZFP<W> fnegBits(const ZFP<W>& x) {
  return ZFP<W>((ZBV<W>(x.bits) ^ ZBV<W>(zdetail::signBit<W>())).e);
}

namespace zdetail {
template <int W> inline ZFP<W> in(const FpMode& m, const ZFP<W>& x) {
  return denInOf<W>(m) ? x : flushDenorm(x);
}
template <int W> inline ZFP<W> out(const FpMode& m, const ZFP<W>& x) {
  return denOutOf<W>(m) ? x : flushDenorm(x);
}
template <int W, class F> inline ZFP<W> binop(const FpMode& m, ZFP<W> a, ZFP<W> b, F f) {
  a = in(m, a);
  b = in(m, b);
  z3::expr r = f(rm(rndOf<W>(m)), toFp<W>(a.bits), toFp<W>(b.bits));
  return propagateNan(a, b, out(m, ZFP<W>(toBits<W>(r))));
}
}  // namespace zdetail

#define GCN_Z_FP_BIN(name, api)                                               \
  template <int W> inline ZFP<W> name(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) { \
    return zdetail::binop<W>(m, a, b, [](const z3::expr& r, const z3::expr& x, const z3::expr& y) { \
      return z3::expr(z3ctx(), api(z3ctx(), r, x, y));                        \
    });                                                                       \
  }
GCN_Z_FP_BIN(fadd, Z3_mk_fpa_add)
GCN_Z_FP_BIN(fsub, Z3_mk_fpa_sub)
GCN_Z_FP_BIN(fmul, Z3_mk_fpa_mul)
#undef GCN_Z_FP_BIN

template <int W>
inline ZFP<W> ffma(const FpMode& m, ZFP<W> a, ZFP<W> b, ZFP<W> c) {
  using namespace zdetail;
  a = in(m, a), b = in(m, b), c = in(m, c);
  z3::context& cx = z3ctx();
  z3::expr r(cx, Z3_mk_fpa_fma(cx, rm(rndOf<W>(m)), toFp<W>(a.bits), toFp<W>(b.bits), toFp<W>(c.bits)));
  ZFP<W> rr = out(m, ZFP<W>(toBits<W>(r)));
  return select(isNanBits(a) | isNanBits(b), propagateNan(a, b, rr), propagateNan(c, c, rr));
}

// omod: a host multiply in the host's (nearest-even) mode, no MODE flushing.
template <int W> inline ZFP<W> applyOmod(const ZFP<W>& x, int omod) {
  if (omod == 0) return x;
  const double k = omod == 1 ? 2.0 : omod == 2 ? 4.0 : 0.5;
  z3::context& c = z3ctx();
  z3::expr kf = zdetail::toFp<W>(ZFP<W>(k).bits);
  z3::expr r(c, Z3_mk_fpa_mul(c, zdetail::rm(Round::NEAREST_EVEN), zdetail::toFp<W>(x.bits), kf));
  return select(isNanBits(x), quietNan(x), ZFP<W>(zdetail::toBits<W>(r)));
}
// [0,1] clamp; NaN -> 0 with DX10_CLAMP. Comparisons as the host's (-0 stays).
template <int W> inline ZFP<W> clamp01(const FpMode& m, const ZFP<W>& x) {
  z3::context& c = z3ctx();
  z3::expr f = zdetail::toFp<W>(x.bits);
  z3::expr zero = zdetail::toFp<W>(ZFP<W>(0.0).bits), one = zdetail::toFp<W>(ZFP<W>(1.0).bits);
  ZBool lt0(z3::expr(c, Z3_mk_fpa_lt(c, f, zero)));
  ZBool gt1(z3::expr(c, Z3_mk_fpa_gt(c, f, one)));
  ZFP<W> v = select(lt0, ZFP<W>(0.0), select(gt1, ZFP<W>(1.0), x));
  return select(isNanBits(x), m.dx10_clamp ? ZFP<W>(0.0) : x, v);
}

}  // namespace gcn::sem
