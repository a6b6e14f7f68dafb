// The floating-point domain of valu_fp.h over Z3: the same function names
// (fpmin, fldexp, cvtToI32, hadd, ...) taking ZF32 / ZF64 values and f16
// bit patterns in a ZU32, so the unchanged definitions of valu_fp_*.cc
// instantiate into formulas (z3_defs.cc).
//
// Each function mirrors its concrete counterpart's rules (flushing per MODE,
// NaN quieting and propagation, the NaN patterns the host produces, -0/+0,
// saturation) with Z3's IEEE operations (fp.add, fp.roundToIntegral,
// fp.to_sbv ...). Where the concrete code computes in a wider format and
// rounds once (f16 through double, f32 rcp/sqrt through double), the model
// uses the single IEEE rounding directly: double rounding from p >= 2q+2
// bits is innocuous for + - * / sqrt (Figueroa 1995), and round-to-odd
// makes the fma cases exact. prove/z3_fp_test.cc checks every function
// against the concrete one bit for bit, over every MODE setting, on edge
// and random values.
//
// Operations without an exact model (the transcendental approximations
// rsq/exp/log/sin/cos with their ULP bounds, trig_preop's table) call
// z3Unsupported(): the instruction is then reported "unsupported by the Z3
// model", never given an invented meaning.
#pragma once

#include <string>

#include "semantics/domain/valu_fp.h"
#include "semantics/domain/z3_domain.h"

namespace gcn::sem {

// Records that the running definition used a function with no Z3 model
// (Z3Wave::step reports it with the instruction's name).
void z3Unsupported(const std::string& what);
// The concrete domain's f16 NaN for invalid operations (through double).
uint32_t z3FpDefaultNan16();

namespace zfp {
using z3::expr;
template <int W> struct Fmt;
template <> struct Fmt<16> { static constexpr unsigned E = 5, M = 10; };
template <> struct Fmt<32> { static constexpr unsigned E = 8, M = 23; };
template <> struct Fmt<64> { static constexpr unsigned E = 11, M = 52; };
// A format wide enough that scaling by 2^n (|n| <= 4096 + 1100) is exact.
constexpr unsigned kWideE = 15;
constexpr int kWideBias = (1 << (kWideE - 1)) - 1;

inline z3::context& C() { return z3ctx(); }
inline expr mk(Z3_ast a) { return expr(C(), a); }
template <int W> inline expr bv(uint64_t v) { return C().bv_val(v, unsigned(W)); }
template <int W> inline z3::sort sort() { return C().fpa_sort(Fmt<W>::E, Fmt<W>::M + 1); }
template <int W> inline z3::sort wideSort() { return C().fpa_sort(kWideE, Fmt<W>::M + 1); }
template <int W> constexpr uint64_t kAll = W == 64 ? ~0ull : (1ull << W) - 1;
template <int W> constexpr uint64_t kSign = 1ull << (W - 1);
template <int W> constexpr uint64_t kExp = ((1ull << Fmt<W>::E) - 1) << Fmt<W>::M;
template <int W> constexpr uint64_t kMant = (1ull << Fmt<W>::M) - 1;
template <int W> constexpr uint64_t kQuiet = 1ull << (Fmt<W>::M - 1);
template <int W> constexpr uint64_t kMax = kExp<W> - 1;                       // largest finite
template <int W> constexpr uint64_t kOne = uint64_t((1 << (Fmt<W>::E - 1)) - 1) << Fmt<W>::M;
template <int W> inline uint64_t defaultNan() {
  return W == 16 ? z3FpDefaultNan16() : W == 32 ? z3FpDefaultNan32() : z3FpDefaultNan64();
}

inline expr rm(Round r) { return zdetail::rm(r); }
inline expr rne() { return rm(Round::NEAREST_EVEN); }
template <int W> inline Round rnd(const FpMode& m) { return W == 32 ? m.round32 : m.round64; }
template <int W> inline bool denIn(const FpMode& m) { return W == 32 ? m.denorm_in32 : m.denorm_in64; }
template <int W> inline bool denOut(const FpMode& m) { return W == 32 ? m.denorm_out32 : m.denorm_out64; }

// bits <-> FP terms
template <int W> inline expr fp(const expr& b) { return mk(Z3_mk_fpa_to_fp_bv(C(), b, sort<W>())); }
template <int W> inline expr fpConst(uint64_t b) { return fp<W>(bv<W>(b)); }
// A NaN result gets the concrete domain's default NaN.
template <int W> inline expr bits(const expr& f) {
  return z3::ite(mk(Z3_mk_fpa_is_nan(C(), f)), bv<W>(defaultNan<W>()), mk(Z3_mk_fpa_to_ieee_bv(C(), f)));
}
// Exact change of format (NaNs are the caller's business).
template <int To> inline expr convert(const expr& f, Round r = Round::NEAREST_EVEN) {
  return mk(Z3_mk_fpa_to_fp_float(C(), rm(r), f, sort<To>()));
}

// classification on bits
template <int W> inline expr mag(const expr& b) { return b & bv<W>(~kSign<W> & kAll<W>); }
template <int W> inline expr isNan(const expr& b) { return z3::ugt(mag<W>(b), bv<W>(kExp<W>)); }
template <int W> inline expr isSNan(const expr& b) { return isNan<W>(b) && (b & bv<W>(kQuiet<W>)) == bv<W>(0); }
template <int W> inline expr isInf(const expr& b) { return mag<W>(b) == bv<W>(kExp<W>); }
template <int W> inline expr isZero(const expr& b) { return mag<W>(b) == bv<W>(0); }
template <int W> inline expr isDenorm(const expr& b) {
  return (b & bv<W>(kExp<W>)) == bv<W>(0) && (b & bv<W>(kMant<W>)) != bv<W>(0);
}
template <int W> inline expr sign(const expr& b) { return (b & bv<W>(kSign<W>)) != bv<W>(0); }
template <int W> inline expr signOf(const expr& b) { return b & bv<W>(kSign<W>); }
template <int W> inline expr quiet(const expr& b) { return b | bv<W>(kQuiet<W>); }
template <int W> inline expr flush(const expr& b) {
  return z3::ite((b & bv<W>(kExp<W>)) == bv<W>(0), b & bv<W>(kSign<W>), b);
}
template <int W> inline expr in(const FpMode& m, const expr& b) { return denIn<W>(m) ? b : flush<W>(b); }
template <int W> inline expr out(const FpMode& m, const expr& b) { return denOut<W>(m) ? b : flush<W>(b); }
template <int W> inline expr nanOr(const expr& x, const expr& r) { return z3::ite(isNan<W>(x), quiet<W>(x), r); }
// sign | exponent all ones | quiet: the spec's NAN / -NAN
template <int W> inline expr signedNan(const expr& neg) {
  return z3::ite(neg, bv<W>(kSign<W> | kExp<W> | kQuiet<W>), bv<W>(kExp<W> | kQuiet<W>));
}

// IEEE comparisons of the values the bits hold
#define GCN_ZFP_CMP(name, api)                                                \
  template <int W> inline expr name(const expr& a, const expr& b) { return mk(api(C(), fp<W>(a), fp<W>(b))); }
GCN_ZFP_CMP(lt, Z3_mk_fpa_lt) GCN_ZFP_CMP(le, Z3_mk_fpa_leq) GCN_ZFP_CMP(gt, Z3_mk_fpa_gt)
GCN_ZFP_CMP(ge, Z3_mk_fpa_geq) GCN_ZFP_CMP(eq, Z3_mk_fpa_eq)
#undef GCN_ZFP_CMP

// Format-generic operations on bits (W = 16, 32, 64).
template <int W> inline expr roundInt(const expr& x, Round r) {
  return mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_round_to_integral(C(), rm(r), fp<W>(x)))));
}

template <int W> inline expr minmax(const FpMode& m, expr a, expr b, bool is_max) {
  a = in<W>(m, a), b = in<W>(m, b);
  const expr same = eq<W>(a, b);
  const expr a_lt = lt<W>(a, b) || (same && sign<W>(a) && !sign<W>(b));
  const expr b_lt = lt<W>(b, a) || (same && sign<W>(b) && !sign<W>(a));
  expr r = is_max ? z3::ite(b_lt, a, b) : z3::ite(a_lt, a, b);
  r = z3::ite(isNan<W>(a), z3::ite(isNan<W>(b), quiet<W>(a), b), z3::ite(isNan<W>(b), a, r));
  if (m.ieee)
    r = z3::ite(isSNan<W>(a) || isSNan<W>(b), z3::ite(isSNan<W>(a), quiet<W>(a), quiet<W>(b)), r);
  return out<W>(m, r);
}
template <int W> inline expr min3(const FpMode& m, expr a, expr b, expr c, int kind) {
  a = in<W>(m, a), b = in<W>(m, b), c = in<W>(m, c);
  const bool mx = kind == 1;  // 0 min3, 1 max3, 2 med3
  auto mm = [&](const expr& x, const expr& y, bool is_max) { return minmax<W>(m, x, y, is_max); };
  expr plain = kind == 2 ? mm(mm(a, b, false), mm(mm(a, b, true), c, false), true) : mm(mm(a, b, mx), c, mx);
  const bool nan_max = kind == 1;  // med3 takes the MIN of the other two
  return z3::ite(isNan<W>(a), mm(b, c, nan_max),
                 z3::ite(isNan<W>(b), mm(a, c, nan_max), z3::ite(isNan<W>(c), mm(a, b, nan_max), plain)));
}

// x * 2^n, n a signed 32-bit value clamped to [-lim, lim]; one rounding in r.
template <int W> inline expr ldexpRaw(const expr& x, const expr& n32, int lim, Round r) {
  const expr n = z3::ite(z3::sgt(n32, C().bv_val(lim, 32)), C().bv_val(lim, 32),
                         z3::ite(z3::slt(n32, C().bv_val(-lim, 32)), C().bv_val(-lim, 32), n32));
  const expr ew = (n + C().bv_val(kWideBias, 32)).extract(kWideE - 1, 0);
  const expr p2 = mk(Z3_mk_fpa_fp(C(), C().bv_val(0, 1), ew, C().bv_val(0, Fmt<W>::M)));
  const expr xw = mk(Z3_mk_fpa_to_fp_float(C(), rne(), fp<W>(x), wideSort<W>()));
  const expr prod = mk(Z3_mk_fpa_mul(C(), rne(), xw, p2));  // exact in the wide format
  return mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_float(C(), rm(r), prod, sort<W>()))));
}
// frexp of a finite nonzero x: the wide format holds every value normalised.
template <int W> inline expr wideBits(const expr& x) {
  return mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_float(C(), rne(), fp<W>(x), wideSort<W>()))));
}
template <int W> inline expr frexpExpRaw(const expr& x) {  // 32-bit exponent
  const expr ew = wideBits<W>(x).extract(Fmt<W>::M + kWideE - 1, Fmt<W>::M);
  return z3::zext(ew, 32 - kWideE) - C().bv_val(kWideBias - 1, 32);
}
template <int W> inline expr frexpMantRaw(const expr& x) {
  const expr wb = wideBits<W>(x);
  const expr mw = z3::concat(wb.extract(Fmt<W>::M + kWideE, Fmt<W>::M + kWideE),
                             z3::concat(C().bv_val(kWideBias - 1, kWideE), wb.extract(Fmt<W>::M - 1, 0)));
  const expr f = mk(Z3_mk_fpa_to_fp_bv(C(), mw, wideSort<W>()));
  return mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_float(C(), rne(), f, sort<W>()))));
}

template <int W> inline expr fixup(const FpMode& m, expr s0, expr s1, expr s2) {
  s0 = in<W>(m, s0), s1 = in<W>(m, s1), s2 = in<W>(m, s2);
  const expr sg = sign<W>(s1) != sign<W>(s2);
  const expr inf = z3::ite(sg, bv<W>(kSign<W> | kExp<W>), bv<W>(kExp<W>));
  const expr zero = z3::ite(sg, bv<W>(kSign<W>), bv<W>(0));
  return z3::ite(isNan<W>(s1) && !isNan<W>(s2), quiet<W>(s1),
         z3::ite(isNan<W>(s2), quiet<W>(s2),
         z3::ite(isZero<W>(s1) && isZero<W>(s2), bv<W>(kExp<W> | kQuiet<W>),
         z3::ite(isInf<W>(s1) && isInf<W>(s2), bv<W>(kSign<W> | kExp<W> | kQuiet<W>),
         z3::ite(isZero<W>(s1), inf,
         z3::ite(isInf<W>(s1), zero,
         z3::ite(isNan<W>(s0), inf, out<W>(m, s0))))))));
}

// Value of a constant table entry chosen by a small symbolic index.
template <class F> inline expr table(const expr& idx, unsigned n, unsigned w, F f) {
  expr r = C().bv_val(f(n - 1), w);
  for (int k = int(n) - 2; k >= 0; --k) r = z3::ite(idx == C().bv_val(k, idx.get_sort().bv_size()), C().bv_val(f(unsigned(k)), w), r);
  return r;
}

// Saturating FP -> int conversion of an integral-valued f64 t (bits).
inline expr satInt(const expr& t, double lo, double hi, uint32_t lo_v, uint32_t hi_v, bool is_signed, bool incl) {
  const expr lo_f = fpConst<64>(asU64(lo)), hi_f = fpConst<64>(asU64(hi)), f = fp<64>(t);
  const expr above = incl ? mk(Z3_mk_fpa_geq(C(), f, hi_f)) : mk(Z3_mk_fpa_gt(C(), f, hi_f));
  const expr below = incl ? mk(Z3_mk_fpa_leq(C(), f, lo_f)) : mk(Z3_mk_fpa_lt(C(), f, lo_f));
  const expr conv = is_signed ? mk(Z3_mk_fpa_to_sbv(C(), rm(Round::TO_ZERO), f, 32))
                              : mk(Z3_mk_fpa_to_ubv(C(), rm(Round::TO_ZERO), f, 32));
  return z3::ite(above, C().bv_val(hi_v, 32), z3::ite(below, C().bv_val(lo_v, 32), conv));
}
// Exact widening to f64 bits; a NaN becomes the default NaN (callers that
// care about NaN bits handle NaN first).
template <int W> inline expr toF64(const expr& x) {
  if constexpr (W == 64) return x;
  else return bits<64>(convert<64>(fp<W>(x)));
}

// f16 halves in a U32
inline expr h16(const ZU32& x) { return x.e.extract(15, 0); }
inline ZU32 h32(const expr& h) { return ZU32(z3::zext(h, 16)); }
// NaN conversions as the host does them (x86 cvtss2sd / cvtsd2ss, and the
// f16 paths through double): the quiet bit set, the payload's top bits kept.
inline expr nanF32ToF16(const expr& x) {  // sign | 0x7e00 | payload >> 13
  return z3::concat(z3::concat(x.extract(31, 31), C().bv_val(0x3f, 6)), x.extract(21, 13));
}
inline expr nanF16ToF32(const expr& h) {  // sign | 0x7fc00000 | payload << 13
  return z3::concat(z3::concat(h.extract(15, 15), C().bv_val(0x1ff, 9)),
                    z3::concat(h.extract(8, 0), C().bv_val(0, 13)));
}
inline expr nanF64ToF32(const expr& x) {  // sign | 0x7fc00000 | payload >> 29
  return z3::concat(z3::concat(x.extract(63, 63), C().bv_val(0x1ff, 9)), x.extract(50, 29));
}
// f16 -> f32 as float(h2d(h)): exact, NaN quieted with its payload.
inline expr h2fBits(const expr& h) {
  return z3::ite(isNan<16>(h), nanF16ToF32(h), mk(Z3_mk_fpa_to_ieee_bv(C(), convert<32>(fp<16>(h)))));
}
}  // namespace zfp

// ---- ZFP comparisons and classification (IEEE: NaN unordered, -0 == +0)
#define GCN_ZFP_OP(op, fn)                                                    \
  template <int W> inline ZBool operator op(const ZFP<W>& a, const ZFP<W>& b) { \
    return ZBool(zfp::fn<W>(a.bits, b.bits));                                 \
  }                                                                           \
  template <int W, class T, class = std::enable_if_t<std::is_floating_point_v<T>>> \
  inline ZBool operator op(const ZFP<W>& a, T b) { return a op ZFP<W>(b); }   \
  template <int W, class T, class = std::enable_if_t<std::is_floating_point_v<T>>> \
  inline ZBool operator op(T a, const ZFP<W>& b) { return ZFP<W>(a) op b; }
GCN_ZFP_OP(<, lt) GCN_ZFP_OP(<=, le) GCN_ZFP_OP(>, gt) GCN_ZFP_OP(>=, ge) GCN_ZFP_OP(==, eq)
#undef GCN_ZFP_OP
template <int W> inline ZBool operator!=(const ZFP<W>& a, const ZFP<W>& b) { return !(a == b); }
template <int W, class T, class = std::enable_if_t<std::is_floating_point_v<T>>>
inline ZBool operator!=(const ZFP<W>& a, T b) { return !(a == ZFP<W>(b)); }

template <int W> inline ZBool signBit(const ZFP<W>& x) { return ZBool(zfp::sign<W>(x.bits)); }
template <int W> inline ZBool isInfBits(const ZFP<W>& x) { return ZBool(zfp::isInf<W>(x.bits)); }
template <int W> inline ZBool isZeroBits(const ZFP<W>& x) { return ZBool(zfp::isZero<W>(x.bits)); }
template <int W> inline ZBool isSNanBits(const ZFP<W>& x) { return ZBool(zfp::isSNan<W>(x.bits)); }

// ---- arithmetic ------------------------------------------------------------
template <int W> inline ZFP<W> fmad(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  return fadd(m, fmul(m, a, b), c);
}
template <int W> inline ZFP<W> fmulLegacy(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) {
  using namespace zfp;
  const expr ai = in<W>(m, a.bits), bi = in<W>(m, b.bits);
  const expr nz = !eq<W>(ai, bv<W>(0)) && !eq<W>(bi, bv<W>(0));
  return ZFP<W>(z3::ite(nz, fmul(m, a, b).bits, bv<W>(0)));
}
template <int W> inline ZFP<W> fpmin(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) {
  return ZFP<W>(zfp::minmax<W>(m, a.bits, b.bits, false));
}
template <int W> inline ZFP<W> fpmax(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) {
  return ZFP<W>(zfp::minmax<W>(m, a.bits, b.bits, true));
}
template <int W> inline ZFP<W> fpmin3(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  return ZFP<W>(zfp::min3<W>(m, a.bits, b.bits, c.bits, 0));
}
template <int W> inline ZFP<W> fpmax3(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  return ZFP<W>(zfp::min3<W>(m, a.bits, b.bits, c.bits, 1));
}
template <int W> inline ZFP<W> fpmed3(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  return ZFP<W>(zfp::min3<W>(m, a.bits, b.bits, c.bits, 2));
}
template <int W> inline ZFP<W> fpminLegacy(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) {
  using namespace zfp;
  const expr x = in<W>(m, a.bits), y = in<W>(m, b.bits);
  return ZFP<W>(out<W>(m, z3::ite(lt<W>(x, y), x, y)));
}
template <int W> inline ZFP<W> fpmaxLegacy(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b) {
  using namespace zfp;
  const expr x = in<W>(m, a.bits), y = in<W>(m, b.bits);
  return ZFP<W>(out<W>(m, z3::ite(gt<W>(x, y), x, y)));
}

// ---- integral rounding, fract, ldexp, frexp --------------------------------
template <int W> inline ZFP<W> zRoundInt(const FpMode& m, const ZFP<W>& v, Round r) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  return ZFP<W>(z3::ite(isNan<W>(x), quiet<W>(x), roundInt<W>(x, r)));
}
template <int W> inline ZFP<W> ftrunc(const FpMode& m, const ZFP<W>& x) { return zRoundInt(m, x, Round::TO_ZERO); }
template <int W> inline ZFP<W> fceil(const FpMode& m, const ZFP<W>& x) { return zRoundInt(m, x, Round::PLUS_INF); }
template <int W> inline ZFP<W> ffloor(const FpMode& m, const ZFP<W>& x) { return zRoundInt(m, x, Round::MINUS_INF); }
template <int W> inline ZFP<W> frndne(const FpMode& m, const ZFP<W>& x) { return zRoundInt(m, x, Round::NEAREST_EVEN); }
template <int W> inline ZFP<W> ffract(const FpMode& m, const ZFP<W>& v) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr d = mk(Z3_mk_fpa_sub(C(), rne(), fp<W>(x), fp<W>(roundInt<W>(x, Round::MINUS_INF))));
  const expr r0 = mk(Z3_mk_fpa_to_ieee_bv(C(), d));
  const uint64_t below_one = kOne<W> - 1;
  const expr r = out<W>(m, z3::ite(z3::ugt(r0, bv<W>(below_one)), bv<W>(below_one), r0));
  return ZFP<W>(z3::ite(isNan<W>(x), quiet<W>(x), z3::ite(isInf<W>(x), signedNan<W>(sign<W>(x)), r)));
}
template <int W> inline ZFP<W> fldexp(const FpMode& m, const ZFP<W>& v, const ZU32& e) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  return ZFP<W>(z3::ite(isNan<W>(x), quiet<W>(x), out<W>(m, ldexpRaw<W>(x, e.e, 4096, rnd<W>(m)))));
}
template <int W> inline ZFP<W> ffrexpMant(const FpMode& m, const ZFP<W>& v, bool gfx6) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr inf = gfx6 ? bv<W>(kSign<W> | kExp<W> | kQuiet<W>) : x;
  return ZFP<W>(z3::ite(isNan<W>(x), quiet<W>(x), z3::ite(isInf<W>(x), inf, z3::ite(isZero<W>(x), x, frexpMantRaw<W>(x)))));
}
template <int W> inline ZU32 ffrexpExp(const FpMode& m, const ZFP<W>& v, bool gfx6) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  return ZU32(z3::ite(isNan<W>(x) || isInf<W>(x), C().bv_val(gfx6 ? ~0u : 0u, 32),
                      z3::ite(isZero<W>(x), C().bv_val(0, 32), frexpExpRaw<W>(x))));
}

// ---- reciprocal, square root (correctly rounded in our definitions) --------
template <int W> inline ZFP<W> frcp(const FpMode& m, const ZFP<W>& v) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr q = mk(Z3_mk_fpa_div(C(), rne(), fpConst<W>(kOne<W>), fp<W>(x)));
  return ZFP<W>(nanOr<W>(x, out<W>(m, mk(Z3_mk_fpa_to_ieee_bv(C(), q)))));
}
template <int W> inline ZFP<W> fsqrt(const FpMode& m, const ZFP<W>& v) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr s = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_sqrt(C(), rne(), fp<W>(x)))));
  const expr r = z3::ite(ge<W>(x, bv<W>(0)), s, bv<W>(kSign<W> | kExp<W> | kQuiet<W>));
  return ZFP<W>(nanOr<W>(x, out<W>(m, r)));
}
template <int W> inline ZFP<W> frcpClamp(const FpMode& m, const ZFP<W>& x) {
  using namespace zfp;
  const expr r = frcp(m, x).bits;
  return ZFP<W>(z3::ite(isInf<W>(r), signOf<W>(r) | bv<W>(kMax<W>), r));
}
inline ZF32 frcpLegacy(const FpMode& m, const ZF32& x) {
  using namespace zfp;
  const expr xi = in<32>(m, x.bits), r = frcp(m, x).bits;
  return ZF32(z3::ite((isZero<32>(xi) || isInf<32>(r)) && !isNan<32>(xi), signOf<32>(xi), r));
}

// ---- approximations: no exact model ----------------------------------------
#define GCN_Z_UNSUPPORTED(ret, name, arg, why)                                \
  inline ret name(const FpMode&, const arg&) {                                \
    z3Unsupported(why " is an approximation (a ULP bound, not an IEEE operation) and is not in the Z3 model"); \
    return ret(z3ctx().bv_val(0, std::is_same_v<ret, ZF64> ? 64u : 32u));   \
  }
GCN_Z_UNSUPPORTED(ZF32, frsq, ZF32, "1/sqrt") GCN_Z_UNSUPPORTED(ZF64, frsq, ZF64, "1/sqrt")
GCN_Z_UNSUPPORTED(ZF32, frsqClamp, ZF32, "1/sqrt") GCN_Z_UNSUPPORTED(ZF64, frsqClamp, ZF64, "1/sqrt")
GCN_Z_UNSUPPORTED(ZF32, frsqLegacy, ZF32, "1/sqrt")
GCN_Z_UNSUPPORTED(ZF32, fexp2, ZF32, "2^x") GCN_Z_UNSUPPORTED(ZF32, flog2, ZF32, "log2")
GCN_Z_UNSUPPORTED(ZF32, flog2Clamp, ZF32, "log2")
GCN_Z_UNSUPPORTED(ZF32, fsin, ZF32, "sin") GCN_Z_UNSUPPORTED(ZF32, fcos, ZF32, "cos")
GCN_Z_UNSUPPORTED(ZU32, hrsq, ZU32, "1/sqrt") GCN_Z_UNSUPPORTED(ZU32, hexp2, ZU32, "2^x")
GCN_Z_UNSUPPORTED(ZU32, hlog2, ZU32, "log2") GCN_Z_UNSUPPORTED(ZU32, hsin, ZU32, "sin")
GCN_Z_UNSUPPORTED(ZU32, hcos, ZU32, "cos")
#undef GCN_Z_UNSUPPORTED
inline ZF64 trigPreop(const FpMode&, const ZF64&, const ZU32&) {
  z3Unsupported("trig_preop (a 1280-bit table of 2/PI indexed by value) is not in the Z3 model");
  return ZF64(z3ctx().bv_val(0, 64));
}

// ---- division helpers --------------------------------------------------------
template <int W> inline ZBool divScaleFlag(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  using namespace zfp;
  const expr s0 = in<W>(m, a.bits), s1 = in<W>(m, b.bits), s2 = in<W>(m, c.bits);
  const int B = W == 32 ? 96 : 768;
  const expr s12 = z3::ite(s0 != s1, s1, s2);
  const expr e = z3::ite(isZero<W>(s0), C().bv_val(0, 32), frexpExpRaw<W>(s0));
  // 2^(B + e - 1) in the wide format, compared with |s12| there (exact).
  const expr ew = (e + C().bv_val(B - 1 + kWideBias, 32)).extract(kWideE - 1, 0);
  const expr p2 = mk(Z3_mk_fpa_fp(C(), C().bv_val(0, 1), ew, C().bv_val(0, Fmt<W>::M)));
  const expr a12 = mk(Z3_mk_fpa_to_fp_float(C(), rne(), fp<W>(s12 & bv<W>(~kSign<W> & kAll<W>)), wideSort<W>()));
  return ZBool(isNan<W>(s0) || isInf<W>(s0) || mk(Z3_mk_fpa_geq(C(), a12, p2)) || isNan<W>(s12));
}
template <int W> inline ZFP<W> divScaleVal(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  using namespace zfp;
  const expr x = in<W>(m, a.bits);
  const ZFP<W> scaled = fldexp(m, ZFP<W>(x), ZU32(W == 32 ? 64u : 128u));
  const expr keep = isNan<W>(x) || isInf<W>(x) || !divScaleFlag(m, a, b, c).e;
  return ZFP<W>(z3::ite(keep, x, scaled.bits));
}
template <int W> inline ZFP<W> divFmas(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c, const ZBool& vcc) {
  using namespace zfp;
  const ZFP<W> r = ffma(m, a, b, c);
  const uint32_t S = W == 32 ? 64u : 128u;
  const expr ci = in<W>(m, c.bits);
  const expr big = ge<W>(ci & bv<W>(~kSign<W> & kAll<W>), bv<W>(kOne<W> + (1ull << Fmt<W>::M)));  // |c| >= 2
  const ZU32 n(z3::ite(big, C().bv_val(S, 32), C().bv_val(0u - S, 32)));
  return ZFP<W>(z3::ite(vcc.e, fldexp(m, r, n).bits, r.bits));
}
template <int W> inline ZFP<W> divFixup(const FpMode& m, const ZFP<W>& a, const ZFP<W>& b, const ZFP<W>& c) {
  return ZFP<W>(zfp::fixup<W>(m, a.bits, b.bits, c.bits));
}

// ---- compares ----------------------------------------------------------------
template <int W> inline ZFP<W> cmpIn(const FpMode& m, const ZFP<W>& x) { return ZFP<W>(zfp::in<W>(m, x.bits)); }
// f16 operands compare as their exact f64 values.
inline ZF64 hcmpIn(const FpMode& m, const ZU32& h) {
  using namespace zfp;
  return ZF64(bits<64>(convert<64>(fp<16>(in<16>(m, h16(h))))));
}
namespace zfp {
template <int W> inline ZBool classBit(const expr& x, const ZU32& mask) {
  auto k = [](unsigned v) { return C().bv_val(v, 32); };
  const expr n = sign<W>(x);
  const expr c = z3::ite(isNan<W>(x), z3::ite(isSNan<W>(x), k(0), k(1)),
                 z3::ite(isInf<W>(x), z3::ite(n, k(2), k(9)),
                 z3::ite(isZero<W>(x), z3::ite(n, k(5), k(6)),
                 z3::ite(isDenorm<W>(x), z3::ite(n, k(4), k(7)), z3::ite(n, k(3), k(8))))));
  return ZBool((z3::lshr(mask.e, c) & k(1)) != k(0));
}
}  // namespace zfp
template <int W> inline ZBool fpClass(const ZFP<W>& x, const ZU32& mask) { return zfp::classBit<W>(x.bits, mask); }
inline ZBool hClass(const ZU32& h, const ZU32& mask) { return zfp::classBit<16>(zfp::h16(h), mask); }

// ---- conversions -------------------------------------------------------------
template <int W> inline ZU32 cvtToI32(const FpMode& m, const ZFP<W>& v) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr t = roundInt<64>(toF64<W>(x), Round::TO_ZERO);
  return ZU32(z3::ite(isNan<W>(x), C().bv_val(0, 32),
                      satInt(t, -2147483648.0, 2147483647.0, 0x80000000u, 0x7fffffffu, true, true)));
}
template <int W> inline ZU32 cvtToU32(const FpMode& m, const ZFP<W>& v) {
  using namespace zfp;
  const expr x = in<W>(m, v.bits);
  const expr t = roundInt<64>(toF64<W>(x), Round::TO_ZERO);
  return ZU32(z3::ite(isNan<W>(x), C().bv_val(0, 32), satInt(t, 0.0, 4294967295.0, 0u, 0xffffffffu, false, true)));
}
inline ZU32 cvtFloorI32Z(const FpMode& m, const ZF32& v, bool rpi) {
  using namespace zfp;
  const expr x = in<32>(m, v.bits);
  const expr y = rpi ? mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_add(C(), rne(), fp<32>(x), fpConst<32>(0x3f000000u))))) : x;
  const expr f = roundInt<64>(toF64<32>(y), Round::MINUS_INF);
  return ZU32(z3::ite(isNan<32>(x), z3::ite(sign<32>(x), C().bv_val(0x80000000u, 32), C().bv_val(0x7fffffffu, 32)),
                      satInt(f, -2147483648.0, 2147483647.0, 0x80000000u, 0x7fffffffu, true, true)));
}
inline ZU32 cvtRpiI32(const FpMode& m, const ZF32& x) { return cvtFloorI32Z(m, x, true); }
inline ZU32 cvtFlrI32(const FpMode& m, const ZF32& x) { return cvtFloorI32Z(m, x, false); }
inline ZF32 cvtI32ToF32(const FpMode& m, const ZU32& x) {
  using namespace zfp;
  return ZF32(mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_signed(C(), rm(m.round32), x.e, sort<32>())))));
}
inline ZF32 cvtU32ToF32(const FpMode& m, const ZU32& x) {
  using namespace zfp;
  return ZF32(mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_unsigned(C(), rm(m.round32), x.e, sort<32>())))));
}
inline ZF64 cvtI32ToF64(const FpMode&, const ZU32& x) {
  using namespace zfp;
  return ZF64(mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_signed(C(), rne(), x.e, sort<64>())))));
}
inline ZF64 cvtU32ToF64(const FpMode&, const ZU32& x) {
  using namespace zfp;
  return ZF64(mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_unsigned(C(), rne(), x.e, sort<64>())))));
}
inline ZF32 cvtOffF32I4(const FpMode& m, const ZU32& x) {
  return ZF32(zfp::table(x.e & zfp::C().bv_val(15, 32), 16, 32, [&](unsigned k) { return asU32(cvtOffF32I4(m, k)); }));
}
inline ZF32 cvtF64ToF32(const FpMode& m, const ZF64& v) {
  using namespace zfp;
  const expr x = in<64>(m, v.bits);
  const expr r = mk(Z3_mk_fpa_to_ieee_bv(C(), convert<32>(fp<64>(x), m.round32)));
  return ZF32(out<32>(m, z3::ite(isNan<64>(x), nanF64ToF32(x), r)));
}
inline ZF64 cvtF32ToF64(const FpMode& m, const ZF32& v) {
  using namespace zfp;
  const expr x = in<32>(m, v.bits);
  const expr nan = z3::concat(z3::concat(x.extract(31, 31), C().bv_val(0xfff, 12)),
                              z3::concat(x.extract(21, 0), C().bv_val(0, 29)));
  return ZF64(z3::ite(isNan<32>(x), nan, mk(Z3_mk_fpa_to_ieee_bv(C(), convert<64>(fp<32>(x))))));
}
inline ZU32 zCvtF32ToF16(const FpMode& m, const ZF32& v, Round r) {
  using namespace zfp;
  const expr x = in<32>(m, v.bits);
  const expr h = mk(Z3_mk_fpa_to_ieee_bv(C(), convert<16>(fp<32>(x), r)));
  return h32(out<16>(m, z3::ite(isNan<32>(x), nanF32ToF16(x), h)));
}
inline ZU32 cvtF32ToF16(const FpMode& m, const ZF32& x) { return zCvtF32ToF16(m, x, m.round64); }
inline ZU32 cvtF32ToF16Rtz(const FpMode& m, const ZF32& x) { return zCvtF32ToF16(m, x, Round::TO_ZERO); }
inline ZF32 cvtF16ToF32(const FpMode& m, const ZU32& h) {
  using namespace zfp;
  return ZF32(out<32>(m, h2fBits(in<16>(m, h16(h)))));
}
inline ZF32 h2f(const FpMode& m, const ZU32& h) { return ZF32(zfp::h2fBits(zfp::in<16>(m, zfp::h16(h)))); }
inline ZU32 cvtI16ToF16(const FpMode& m, const ZU32& x) {
  using namespace zfp;
  const expr h = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_signed(C(), rm(m.round64), h16(x), sort<16>()))));
  return h32(out<16>(m, h));
}
inline ZU32 cvtU16ToF16(const FpMode& m, const ZU32& x) {
  using namespace zfp;
  const expr h = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_to_fp_unsigned(C(), rm(m.round64), h16(x), sort<16>()))));
  return h32(out<16>(m, h));
}
inline ZU32 cvtF16ToI16(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  const expr t = roundInt<64>(toF64<16>(h), Round::TO_ZERO);
  const expr r = satInt(t, -32768.0, 32767.0, 0xffff8000u, 32767u, true, false) & C().bv_val(0xffff, 32);
  return ZU32(z3::ite(isNan<16>(h), C().bv_val(0, 32), r));
}
inline ZU32 cvtF16ToU16(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  const expr t = roundInt<64>(toF64<16>(h), Round::TO_ZERO);
  return ZU32(z3::ite(isNan<16>(h), C().bv_val(0, 32), satInt(t, 0.0, 65535.0, 0u, 65535u, false, false)));
}
namespace zfp {
// RNE(x * k) clamped to [lo, hi] (in W's format), NaN -> 0, as 16 bits.
template <int W> inline expr normInt(const expr& x, double k, double lo, double hi) {
  const expr kf = fpConst<W>(W == 32 ? uint64_t(asU32(float(k))) : asU64(k));
  const expr p = mk(Z3_mk_fpa_mul(C(), rne(), fp<W>(x), kf));
  const expr f = mk(Z3_mk_fpa_round_to_integral(C(), rne(), p));
  const expr t = toF64<W>(mk(Z3_mk_fpa_to_ieee_bv(C(), f)));
  const expr r = satInt(t, lo, hi, uint32_t(int32_t(lo)), uint32_t(int32_t(hi)), lo < 0, false) & C().bv_val(0xffff, 32);
  return z3::ite(mk(Z3_mk_fpa_is_nan(C(), f)), C().bv_val(0, 32), r);
}
}  // namespace zfp
template <int W> inline ZU32 cvtNormI16(const FpMode& m, const ZFP<W>& x) {
  return ZU32(zfp::normInt<W>(zfp::in<W>(m, x.bits), 32767.0, -32767.0, 32767.0));
}
template <int W> inline ZU32 cvtNormU16(const FpMode& m, const ZFP<W>& x) {
  return ZU32(zfp::normInt<W>(zfp::in<W>(m, x.bits), 65535.0, 0.0, 65535.0));
}
inline ZU32 hcvtNormI16(const FpMode& m, const ZU32& h) {
  using namespace zfp;
  return ZU32(normInt<64>(toF64<16>(in<16>(m, h16(h))), 32767.0, -32767.0, 32767.0));
}
inline ZU32 hcvtNormU16(const FpMode& m, const ZU32& h) {
  using namespace zfp;
  return ZU32(normInt<64>(toF64<16>(in<16>(m, h16(h))), 65535.0, 0.0, 65535.0));
}
inline ZU32 cvtU8(const FpMode& m, const ZF32& x) {
  return ZU32(zfp::normInt<32>(zfp::in<32>(m, x.bits), 1.0, 0.0, 255.0));
}

// ---- f16 ------------------------------------------------------------------
namespace zfp {
// op over the f16 values (inputs flushed per MODE), one rounding in the
// f16 mode, output flushed; then the first NaN operand quieted.
template <class F> inline ZU32 hArith(const FpMode& m, F f, std::initializer_list<expr> ops, bool fma_nan = false) {
  std::vector<expr> x;
  for (const expr& o : ops) x.push_back(in<16>(m, o));
  std::vector<expr> fx;
  for (const expr& o : x) fx.push_back(fp<16>(o));
  expr r = out<16>(m, bits<16>(f(rm(m.round64), fx)));
  const std::vector<expr> raw(ops);
  if (fma_nan)  // as ffma: a or b NaN first, then c
    r = z3::ite(isNan<16>(raw[0]), quiet<16>(raw[0]), z3::ite(isNan<16>(raw[1]), quiet<16>(raw[1]),
                z3::ite(isNan<16>(raw[2]), quiet<16>(raw[2]), r)));
  else
    r = z3::ite(isNan<16>(raw[0]), quiet<16>(raw[0]), z3::ite(isNan<16>(raw[1]), quiet<16>(raw[1]), r));
  return h32(r);
}
}  // namespace zfp
inline ZU32 hadd(const FpMode& m, const ZU32& a, const ZU32& b) {
  using namespace zfp;
  return hArith(m, [](const expr& r, const std::vector<expr>& x) { return mk(Z3_mk_fpa_add(C(), r, x[0], x[1])); }, {h16(a), h16(b)});
}
inline ZU32 hsub(const FpMode& m, const ZU32& a, const ZU32& b) {
  using namespace zfp;
  return hArith(m, [](const expr& r, const std::vector<expr>& x) { return mk(Z3_mk_fpa_sub(C(), r, x[0], x[1])); }, {h16(a), h16(b)});
}
inline ZU32 hmul(const FpMode& m, const ZU32& a, const ZU32& b) {
  using namespace zfp;
  return hArith(m, [](const expr& r, const std::vector<expr>& x) { return mk(Z3_mk_fpa_mul(C(), r, x[0], x[1])); }, {h16(a), h16(b)});
}
inline ZU32 hfma(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) {
  using namespace zfp;
  return hArith(m, [](const expr& r, const std::vector<expr>& x) { return mk(Z3_mk_fpa_fma(C(), r, x[0], x[1], x[2])); },
                {h16(a), h16(b), h16(c)}, true);
}
inline ZU32 hmad(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) { return hadd(m, hmul(m, a, b), c); }
inline ZU32 hmin(const FpMode& m, const ZU32& a, const ZU32& b) { return zfp::h32(zfp::minmax<16>(m, zfp::h16(a), zfp::h16(b), false)); }
inline ZU32 hmax(const FpMode& m, const ZU32& a, const ZU32& b) { return zfp::h32(zfp::minmax<16>(m, zfp::h16(a), zfp::h16(b), true)); }
inline ZU32 hmin3(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) {
  return zfp::h32(zfp::min3<16>(m, zfp::h16(a), zfp::h16(b), zfp::h16(c), 0));
}
inline ZU32 hmax3(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) {
  return zfp::h32(zfp::min3<16>(m, zfp::h16(a), zfp::h16(b), zfp::h16(c), 1));
}
inline ZU32 hmed3(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) {
  return zfp::h32(zfp::min3<16>(m, zfp::h16(a), zfp::h16(b), zfp::h16(c), 2));
}
inline ZU32 zhRoundInt(const FpMode& m, const ZU32& v, Round r) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  return h32(out<16>(m, z3::ite(isNan<16>(h), quiet<16>(h), roundInt<16>(h, r))));
}
inline ZU32 htrunc(const FpMode& m, const ZU32& h) { return zhRoundInt(m, h, Round::TO_ZERO); }
inline ZU32 hceil(const FpMode& m, const ZU32& h) { return zhRoundInt(m, h, Round::PLUS_INF); }
inline ZU32 hfloor(const FpMode& m, const ZU32& h) { return zhRoundInt(m, h, Round::MINUS_INF); }
inline ZU32 hrndne(const FpMode& m, const ZU32& h) { return zhRoundInt(m, h, Round::NEAREST_EVEN); }
// x - floor(x) is exact in double there, rounded to f16 in the MODE
// direction; an exact zero is +0 (the host subtracts in nearest-even).
inline ZU32 hfract(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  const expr d = mk(Z3_mk_fpa_sub(C(), rm(m.round64), fp<16>(h), fp<16>(roundInt<16>(h, Round::MINUS_INF))));
  expr r = mk(Z3_mk_fpa_to_ieee_bv(C(), d));
  r = z3::ite(isZero<16>(r), bv<16>(0), r);
  r = out<16>(m, z3::ite(z3::ugt(r, bv<16>(0x3bff)), bv<16>(0x3bff), r));
  return h32(z3::ite(isNan<16>(h), quiet<16>(h), z3::ite(isInf<16>(h), signOf<16>(h) | bv<16>(0x7e00), r)));
}
inline ZU32 hldexp(const FpMode& m, const ZU32& v, const ZU32& e) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  return h32(z3::ite(isNan<16>(h), quiet<16>(h), out<16>(m, ldexpRaw<16>(h, e.e, 64, m.round64))));
}
inline ZU32 hfrexpMant(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  return h32(z3::ite(isNan<16>(h), quiet<16>(h), z3::ite(isInf<16>(h) || isZero<16>(h), h, frexpMantRaw<16>(h))));
}
inline ZU32 hfrexpExp(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  return ZU32(z3::ite(isNan<16>(h) || isInf<16>(h) || isZero<16>(h), C().bv_val(0, 32),
                      frexpExpRaw<16>(h) & C().bv_val(0xffff, 32)));
}
inline ZU32 hrcp(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  const expr q = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_div(C(), rne(), fpConst<16>(0x3c00), fp<16>(h)))));
  return h32(z3::ite(isNan<16>(h), quiet<16>(h), out<16>(m, q)));
}
inline ZU32 hsqrt(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = in<16>(m, h16(v));
  const expr s = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_sqrt(C(), rne(), fp<16>(h)))));
  return h32(z3::ite(isNan<16>(h), quiet<16>(h), out<16>(m, z3::ite(ge<16>(h, bv<16>(0)), s, bv<16>(0xfe00)))));
}
inline ZU32 hdivFixup(const FpMode& m, const ZU32& a, const ZU32& b, const ZU32& c) {
  using namespace zfp;
  // through double: every result is then rounded to f16 and flushed per MODE
  return h32(out<16>(m, fixup<16>(m, h16(a), h16(b), h16(c))));
}

// Mixed precision: fma of f32 values rounded once to f16 (round-to-odd in
// f64, as the concrete fmaToF16), and MAD then conversion.
inline ZU32 fmaToF16(const FpMode& m, const ZF32& a0, const ZF32& b0, const ZF32& c0) {
  using namespace zfp;
  const expr a = in<32>(m, a0.bits), b = in<32>(m, b0.bits), c = in<32>(m, c0.bits);
  const expr a64 = convert<64>(fp<32>(a)), b64 = convert<64>(fp<32>(b)), c64 = convert<64>(fp<32>(c));
  // Round to odd: the sum truncated, its lowest bit set when inexact, i.e.
  // when rounding down and rounding up disagree (truncation equals one of
  // them whatever the sign).
  const expr rz = mk(Z3_mk_fpa_fma(C(), rm(Round::TO_ZERO), a64, b64, c64));
  const expr rd = mk(Z3_mk_fpa_fma(C(), rm(Round::MINUS_INF), a64, b64, c64));
  const expr rp = mk(Z3_mk_fpa_fma(C(), rm(Round::PLUS_INF), a64, b64, c64));
  const expr rzb = mk(Z3_mk_fpa_to_ieee_bv(C(), rz)), rdb = mk(Z3_mk_fpa_to_ieee_bv(C(), rd)),
             rpb = mk(Z3_mk_fpa_to_ieee_bv(C(), rp));
  const expr odd = z3::ite(rdb != rpb, rzb | bv<64>(1), rzb);
  // An exact zero takes the IEEE sign for the f16 mode.
  const expr zero = mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_fma(C(), rm(m.round64), a64, b64, c64))));
  const expr s = z3::ite(isZero<64>(rzb), zero, odd);
  const expr h = out<16>(m, bits<16>(convert<16>(fp<64>(s), m.round64)));
  const expr h_nan = z3::ite(mk(Z3_mk_fpa_is_nan(C(), rz)), bv<16>(z3FpDefaultNan16()), h);
  const expr first = z3::ite(isNan<32>(a), a, z3::ite(isNan<32>(b), b, c));
  return h32(z3::ite(isNan<32>(a) || isNan<32>(b) || isNan<32>(c), nanF32ToF16(first), h_nan));
}
inline ZU32 madToF16(const FpMode& m, const ZF32& a, const ZF32& b, const ZF32& c) {
  return cvtF32ToF16(m, fmad(m, a, b, c));
}

// Output modifiers of f16 results (the VOP3 context applies them).
inline ZU32 hOmod(const FpMode& m, const ZU32& v, int omod) {
  using namespace zfp;
  if (omod == 0) return v;
  static const uint64_t kScale[4] = {0x3c00, 0x4000, 0x4400, 0x3800};
  const expr h = h16(v);
  const expr p = out<16>(m, mk(Z3_mk_fpa_to_ieee_bv(C(), mk(Z3_mk_fpa_mul(C(), rm(m.round64), fp<16>(h), fpConst<16>(kScale[omod & 3]))))));
  return h32(z3::ite(isNan<16>(h), h, p));
}
inline ZU32 hClamp(const FpMode& m, const ZU32& v) {
  using namespace zfp;
  const expr h = h16(v);
  const expr r = z3::ite(sign<16>(h), bv<16>(0), z3::ite(z3::ugt(h, bv<16>(0x3c00)), bv<16>(0x3c00), h));
  return h32(z3::ite(isNan<16>(h), m.dx10_clamp ? bv<16>(0) : h, r));
}

}  // namespace gcn::sem
