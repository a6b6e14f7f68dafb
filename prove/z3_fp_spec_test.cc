// The spec's Operation lines of the floating-point instructions
// (shared/spec/clrx/GcnInstrsVop1/2/3/c.md, MODE rules of GcnState.md),
// transcribed here with Z3's IEEE operations and classification predicates
// (fp.add, fp.roundToIntegral, fp.isSubnormal, fp.isNaN ...), independently
// of semantics/domain/z3_fp.h's bit-mask formulation, and proved equal to the Z3
// instantiation of our definitions for all inputs (Z3 checks 1
// and 3 for FP). Each instruction is proved under the generation's reset
// MODE and under a MODE with directed rounding, flushing and IEEE off.
//
// The rules every transcription shares: denormal inputs read as zero of
// the same sign unless MODE allows them; denormal results become zero
// unless MODE allows them; a NaN operand yields that operand quieted (the
// first NaN in operand order); an invalid operation yields the model's
// default NaN (the host's, z3FpDefaultNan*). Together with z3_fp_test.cc
// (the model equals the emulator bit for bit on edge values), this ties
// the emulator's host FP to the spec. Each check has a time limit
// (GCN_Z3_TIMEOUT_MS); a timeout fails the test.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "isa/operand_kinds.h"
#include "isa/target.h"
#include "prove/z3_check.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"
#include "semantics/z3/z3_ctx.h"

namespace gcn::sem {
namespace {

using E = z3::expr;

struct Spec {
  z3::context& c;
  FpMode m;
  int w;                 // operand format: 16, 32, 64
  std::vector<E> raw;    // operand bits at width w (or 32 for integer sources)

  // ---- format
  unsigned eb() const { return w == 16 ? 5 : w == 32 ? 8 : 11; }
  unsigned sb() const { return w == 16 ? 11 : w == 32 ? 24 : 53; }
  z3::sort sort() const { return c.fpa_sort(eb(), sb()); }
  E mk(Z3_ast a) const { return E(c, a); }
  E F(const E& bits) const { return mk(Z3_mk_fpa_to_fp_bv(c, bits, sort())); }
  E bits(const E& f) const { return mk(Z3_mk_fpa_to_ieee_bv(c, f)); }
  E isNaN(const E& f) const { return mk(Z3_mk_fpa_is_nan(c, f)); }
  E isSub(const E& f) const { return mk(Z3_mk_fpa_is_subnormal(c, f)); }
  E isNeg(const E& f) const { return mk(Z3_mk_fpa_is_negative(c, f)); }
  E isZero(const E& f) const { return mk(Z3_mk_fpa_is_zero(c, f)); }
  E isInf(const E& f) const { return mk(Z3_mk_fpa_is_infinite(c, f)); }
  E zero(bool neg) const { return neg ? mk(Z3_mk_fpa_zero(c, sort(), true)) : mk(Z3_mk_fpa_zero(c, sort(), false)); }
  E lit(double v) const { return mk(Z3_mk_fpa_numeral_double(c, v, sort())); }
  E rmOf(Round r) const {
    switch (r) {
      case Round::PLUS_INF: return mk(Z3_mk_fpa_rtp(c));
      case Round::MINUS_INF: return mk(Z3_mk_fpa_rtn(c));
      case Round::TO_ZERO: return mk(Z3_mk_fpa_rtz(c));
      default: return mk(Z3_mk_fpa_rne(c));
    }
  }
  E rm() const { return rmOf(w == 32 ? m.round32 : m.round64); }
  E rne() const { return rmOf(Round::NEAREST_EVEN); }
  bool denIn() const { return w == 32 ? m.denorm_in32 : m.denorm_in64; }
  bool denOut() const { return w == 32 ? m.denorm_out32 : m.denorm_out64; }
  // MODE denormal rules (GcnState.md "FP_DENORM")
  E in(const E& f) const { return denIn() ? f : z3::ite(isSub(f), z3::ite(isNeg(f), zero(true), zero(false)), f); }
  E outF(const E& f) const { return denOut() ? f : z3::ite(isSub(f), z3::ite(isNeg(f), zero(true), zero(false)), f); }
  // NaN bits: the quiet bit is the mantissa's top bit
  E quiet(const E& b) const { return b | c.bv_val(uint64_t(1) << (sb() - 2), unsigned(w)); }
  E isSNaN(const E& b) const { return isNaN(F(b)) && (b & c.bv_val(uint64_t(1) << (sb() - 2), unsigned(w))) == c.bv_val(0, unsigned(w)); }
  E defaultNan() const {
    return c.bv_val(w == 16 ? uint64_t(z3FpDefaultNan16()) : w == 32 ? uint64_t(z3FpDefaultNan32()) : z3FpDefaultNan64(), unsigned(w));
  }
  // result bits of an arithmetic operation r on operands raw[0..n): the
  // first NaN operand quieted, an invalid result the default NaN, else r
  // with output denormals per MODE.
  E arith(const E& r, size_t n) const {
    E out = z3::ite(isNaN(r), defaultNan(), bits(outF(r)));
    for (int i = int(n) - 1; i >= 0; --i) out = z3::ite(isNaN(F(raw[size_t(i)])), quiet(raw[size_t(i)]), out);
    return out;
  }
  // flushed operand bits (a NaN keeps its payload: no FP round trip)
  E inBits(const E& b) const { return z3::ite(isNaN(F(b)), b, bits(in(F(b)))); }
  E a() const { return in(F(raw[0])); }
  E b() const { return in(F(raw[1])); }
  E cc() const { return in(F(raw[2])); }
};

// Results are compared as bits of the destination's width (16-bit results
// in the low half, zero-extended), or as the lane's VCC/SDST bit (CMP).
enum Dst { D16, D32, D64, CMP, I32 };

struct Entry {
  std::string text;  // one lane, e64/VOP3 form, sources v1/v2/v3 (f64: v[2:3], v[4:5], v[6:7])
  int w;             // operand format
  Dst dst;
  std::function<E(const Spec&)> spec;
  const char* cpu = "gfx900";
  // The MODEs proved: the gfx900 reset MODE (f32 flushed, f16/f64 denormals
  // on, IEEE, DX10 clamp) and directed rounding with f32 input denormals
  // only, f16/f64 flushed, IEEE off.
  std::vector<uint32_t> modes = {0x3c0, 0x01e};
};
// fma/sqrt/rcp: in MODEs that keep the operands' denormals, the solver
// sees the same operands on both sides; with input flushing it must also
// bit-blast two copies of the datapath apart (minutes). The flushing
// itself is the shared in() rule proved on every other entry, and
// z3_fp_test.cc samples these instructions in every MODE.
const std::vector<uint32_t> kF32Heavy = {0x3f0, 0x01e}, kF16Heavy = {0x3c0, 0x3cb};
// The slowest of the rest (20-50 s each) in one MODE: the one that
// exercises what they add (f32 input flushing; IEEE off for med3).
const std::vector<uint32_t> kReset = {0x3c0}, kNoIeee = {0x01e};

E bvBit(const E& mask, const E& idx) { return (z3::lshr(mask, idx) & mask.ctx().bv_val(1, 32)) != mask.ctx().bv_val(0, 32); }

std::vector<Entry> entries() {
  std::vector<Entry> v;
  // ---- VDST = SRC0 op SRC1 (VOP2) and the VOP3 multiply-adds
  auto bin = [&](const std::string& mn, int w, std::function<E(const Spec&)> f) {
    const std::string ops = w == 64 ? " v[0:1], v[2:3], v[4:5]" : "_e64 v0, v1, v2";
    v.push_back({mn + ops, w, w == 64 ? D64 : w == 32 ? D32 : D16, f});
  };
  using S = const Spec&;
  auto add = [](S s) { return s.arith(s.mk(Z3_mk_fpa_add(s.c, s.rm(), s.a(), s.b())), 2); };
  bin("v_add_f32", 32, add);
  bin("v_sub_f32", 32, [](S s) { return s.arith(s.mk(Z3_mk_fpa_sub(s.c, s.rm(), s.a(), s.b())), 2); });
  bin("v_subrev_f32", 32, [](S s) {
    Spec t = s; std::swap(t.raw[0], t.raw[1]);  // VDST = SRC1 - SRC0
    return t.arith(t.mk(Z3_mk_fpa_sub(t.c, t.rm(), t.a(), t.b())), 2); });
  bin("v_mul_f32", 32, [](S s) { return s.arith(s.mk(Z3_mk_fpa_mul(s.c, s.rm(), s.a(), s.b())), 2); });
  bin("v_add_f16", 16, add);
  bin("v_mul_f16", 16, [](S s) { return s.arith(s.mk(Z3_mk_fpa_mul(s.c, s.rm(), s.a(), s.b())), 2); });
  bin("v_add_f64", 64, add);
  v.push_back({"v_fma_f32 v0, v1, v2, v3", 32, D32, [](S s) {
    return s.arith(s.mk(Z3_mk_fpa_fma(s.c, s.rm(), s.a(), s.b(), s.cc())), 3); }, "gfx900", kF32Heavy});
  v.push_back({"v_fma_f16 v0, v1, v2, v3", 16, D16, [](S s) {
    return s.arith(s.mk(Z3_mk_fpa_fma(s.c, s.rm(), s.a(), s.b(), s.cc())), 3); }, "gfx900", kF16Heavy});
  // MAD: the product rounded (and its NaN rules applied) before the add.
  v.push_back({"v_mad_f32 v0, v1, v2, v3", 32, D32, [](S s) {
    E p = s.arith(s.mk(Z3_mk_fpa_mul(s.c, s.rm(), s.a(), s.b())), 2);
    Spec t = s; t.raw = {p, s.raw[2]};
    return t.arith(t.mk(Z3_mk_fpa_add(t.c, t.rm(), t.a(), t.b())), 2); }});

  // ---- MIN / MAX (GcnInstrsVop2.md): IEEE mode: minNum/maxNum, a
  // signalling NaN returned quieted; else a NaN operand yields the other.
  // -0 < +0.
  auto mm = [](S s, bool mx) {
    const E x = s.a(), y = s.b(), bx = s.bits(x), by = s.bits(y);
    const E x_lt = s.mk(Z3_mk_fpa_lt(s.c, x, y)) || (s.isZero(x) && s.isZero(y) && s.isNeg(x) && !s.isNeg(y));
    const E y_lt = s.mk(Z3_mk_fpa_lt(s.c, y, x)) || (s.isZero(x) && s.isZero(y) && s.isNeg(y) && !s.isNeg(x));
    const E ra = s.raw[0], rb = s.raw[1];
    E r = s.bits(s.outF(mx ? z3::ite(y_lt, x, y) : z3::ite(x_lt, x, y)));
    (void)bx, (void)by;
    r = z3::ite(s.isNaN(x), z3::ite(s.isNaN(y), s.quiet(ra), s.bits(s.outF(y))),
                z3::ite(s.isNaN(y), s.bits(s.outF(x)), r));
    if (s.m.ieee) r = z3::ite(s.isSNaN(ra), s.quiet(ra), z3::ite(s.isSNaN(rb), s.quiet(rb), r));
    return r;
  };
  for (int w : {16, 32, 64}) {
    const std::string t = w == 16 ? "f16" : w == 32 ? "f32" : "f64";
    bin("v_min_" + t, w, [mm](S s) { return mm(s, false); });
    bin("v_max_" + t, w, [mm](S s) { return mm(s, true); });
  }
  // MED3: a NaN operand -> MIN of the other two; else the median.
  v.push_back({"v_med3_f32 v0, v1, v2, v3", 32, D32, [mm](S s) {
    auto m2 = [&](const E& p, const E& q, bool mx) { Spec t = s; t.raw = {p, q}; return mm(t, mx); };
    const E x = s.raw[0], y = s.raw[1], z = s.raw[2];
    const E xi = s.inBits(x), yi = s.inBits(y), zi = s.inBits(z);
    const E med = m2(m2(xi, yi, false), m2(m2(xi, yi, true), zi, false), true);
    return z3::ite(s.isNaN(s.F(x)), m2(yi, zi, false),
                   z3::ite(s.isNaN(s.F(y)), m2(xi, zi, false), z3::ite(s.isNaN(s.F(z)), m2(xi, yi, false), med)));
  }, "gfx900", kNoIeee});

  // ---- compares (GcnInstrsVopc.md): the 16 predicates on flushed operands
  struct P { const char* n; std::function<E(S, const E&, const E&)> f; };
  auto lt = [](S s, const E& x, const E& y) { return s.mk(Z3_mk_fpa_lt(s.c, x, y)); };
  auto eq = [](S s, const E& x, const E& y) { return s.mk(Z3_mk_fpa_eq(s.c, x, y)); };
  auto gt = [](S s, const E& x, const E& y) { return s.mk(Z3_mk_fpa_gt(s.c, x, y)); };
  auto un = [](S s, const E& x, const E& y) { return s.isNaN(x) || s.isNaN(y); };
  const P preds[] = {
      {"f", [](S s, const E&, const E&) { return s.c.bool_val(false); }},
      {"lt", lt}, {"eq", eq},
      {"le", [](S s, const E& x, const E& y) { return s.mk(Z3_mk_fpa_leq(s.c, x, y)); }},
      {"gt", gt},
      {"lg", [=](S s, const E& x, const E& y) { return lt(s, x, y) || gt(s, x, y); }},
      {"ge", [](S s, const E& x, const E& y) { return s.mk(Z3_mk_fpa_geq(s.c, x, y)); }},
      {"o", [=](S s, const E& x, const E& y) { return !un(s, x, y); }},
      {"u", un},
      {"nge", [](S s, const E& x, const E& y) { return !s.mk(Z3_mk_fpa_geq(s.c, x, y)); }},
      {"nlg", [=](S s, const E& x, const E& y) { return !(lt(s, x, y) || gt(s, x, y)); }},
      {"ngt", [=](S s, const E& x, const E& y) { return !gt(s, x, y); }},
      {"nle", [](S s, const E& x, const E& y) { return !s.mk(Z3_mk_fpa_leq(s.c, x, y)); }},
      {"neq", [=](S s, const E& x, const E& y) { return !eq(s, x, y); }},
      {"nlt", [=](S s, const E& x, const E& y) { return !lt(s, x, y); }},
      {"tru", [](S s, const E&, const E&) { return s.c.bool_val(true); }},
  };
  for (const P& p : preds)
    for (int w : {16, 32, 64}) {
      const std::string t = w == 16 ? "f16" : w == 32 ? "f32" : "f64";
      const std::string ops = w == 64 ? "_e64 s[0:1], v[2:3], v[4:5]" : "_e64 s[0:1], v1, v2";
      auto f = p.f;
      v.push_back({std::string("v_cmp_") + p.n + "_" + t + ops, w, CMP, [f](S s) { return f(s, s.a(), s.b()); }});
    }
  // CLASS: bit k of SRC1 for SRC0's class, SRC0 as is (no flushing).
  auto cls = [](S s) {
    const E x = s.F(s.raw[0]), mask = s.raw[1];
    auto k = [&](unsigned i) { return s.c.bv_val(i, 32); };
    const E n = s.isNeg(x);
    const E idx = z3::ite(s.isNaN(x), z3::ite(s.isSNaN(s.raw[0]), k(0), k(1)),
                  z3::ite(s.isInf(x), z3::ite(n, k(2), k(9)),
                  z3::ite(s.isZero(x), z3::ite(n, k(5), k(6)),
                  z3::ite(s.isSub(x), z3::ite(n, k(4), k(7)), z3::ite(n, k(3), k(8))))));
    return bvBit(mask, idx);
  };
  v.push_back({"v_cmp_class_f32_e64 s[0:1], v1, v2", 32, CMP, cls});
  v.push_back({"v_cmp_class_f64_e64 s[0:1], v[2:3], v4", 64, CMP, cls});
  v.push_back({"v_cmp_class_f16_e64 s[0:1], v1, v2", 16, CMP, cls});

  // ---- integral rounding, fract (GcnInstrsVop1.md)
  auto rnd = [](Round r) {
    return [r](S s) {
      const E x = s.a();
      return z3::ite(s.isNaN(x), s.quiet(s.raw[0]), s.bits(s.mk(Z3_mk_fpa_round_to_integral(s.c, s.rmOf(r), x))));
    };
  };
  for (int w : {16, 32}) {
    const std::string t = w == 16 ? "f16" : "f32";
    const Dst d = w == 16 ? D16 : D32;
    v.push_back({"v_trunc_" + t + "_e64 v0, v1", w, d, rnd(Round::TO_ZERO)});
    v.push_back({"v_ceil_" + t + "_e64 v0, v1", w, d, rnd(Round::PLUS_INF)});
    v.push_back({"v_floor_" + t + "_e64 v0, v1", w, d, rnd(Round::MINUS_INF)});
    v.push_back({"v_rndne_" + t + "_e64 v0, v1", w, d, rnd(Round::NEAREST_EVEN)});
  }
  v.push_back({"v_floor_f64_e64 v[0:1], v[2:3]", 64, D64, rnd(Round::MINUS_INF)});
  // FRACT: SRC0 - FLOOR(SRC0), kept below 1.0; +-inf -> NaN (signed).
  v.push_back({"v_fract_f32_e64 v0, v1", 32, D32, [](S s) {
    const E x = s.a();
    const E d = s.mk(Z3_mk_fpa_sub(s.c, s.rne(), x, s.mk(Z3_mk_fpa_round_to_integral(s.c, s.rmOf(Round::MINUS_INF), x))));
    const E below1 = s.c.bv_val(0x3f7fffffu, 32);
    const E r = s.bits(s.outF(z3::ite(s.mk(Z3_mk_fpa_geq(s.c, d, s.lit(1.0))), s.F(below1), d)));
    return z3::ite(s.isNaN(x), s.quiet(s.raw[0]),
                   z3::ite(s.isInf(x), z3::ite(s.isNeg(x), s.c.bv_val(0xffc00000u, 32), s.c.bv_val(0x7fc00000u, 32)), r));
  }, "gfx900", kReset});
  // SQRT: SRC0 >= 0 ? sqrt : -NAN (correctly rounded, nearest-even).
  v.push_back({"v_sqrt_f32_e64 v0, v1", 32, D32, [](S s) {
    const E x = s.a();
    const E r = z3::ite(s.mk(Z3_mk_fpa_geq(s.c, x, s.zero(false))), s.bits(s.outF(s.mk(Z3_mk_fpa_sqrt(s.c, s.rne(), x)))),
                        s.c.bv_val(0xffc00000u, 32));
    return z3::ite(s.isNaN(x), s.quiet(s.raw[0]), r);
  }, "gfx900", kF32Heavy});
  // RCP: 1 / SRC0 (correctly rounded, nearest-even)
  v.push_back({"v_rcp_f32_e64 v0, v1", 32, D32, [](S s) {
    const E x = s.a();
    return z3::ite(s.isNaN(x), s.quiet(s.raw[0]), s.bits(s.outF(s.mk(Z3_mk_fpa_div(s.c, s.rne(), s.lit(1.0), x)))));
  }, "gfx900", kF32Heavy});

  // ---- conversions (GcnInstrsVop1.md)
  // VDST = (INT32)MAX(MIN(RNDTZINT(SRC0), INT_MAX), INT_MIN); NaN -> 0
  v.push_back({"v_cvt_i32_f32_e64 v0, v1", 32, I32, [](S s) {
    const E t = s.mk(Z3_mk_fpa_round_to_integral(s.c, s.rmOf(Round::TO_ZERO), s.a()));
    const E big = s.mk(Z3_mk_fpa_geq(s.c, t, s.lit(2147483648.0)));
    const E small = s.mk(Z3_mk_fpa_lt(s.c, t, s.lit(-2147483648.0)));
    const E conv = s.mk(Z3_mk_fpa_to_sbv(s.c, s.rmOf(Round::TO_ZERO), t, 32));
    return z3::ite(s.isNaN(t), s.c.bv_val(0, 32), z3::ite(big, s.c.bv_val(0x7fffffffu, 32),
                                                            z3::ite(small, s.c.bv_val(0x80000000u, 32), conv)));
  }, "gfx900", kReset});
  // VDST = (UINT32)MIN(RNDTZINT(SRC0), UINT_MAX); NaN and negatives -> 0
  v.push_back({"v_cvt_u32_f32_e64 v0, v1", 32, I32, [](S s) {
    const E t = s.mk(Z3_mk_fpa_round_to_integral(s.c, s.rmOf(Round::TO_ZERO), s.a()));
    const E big = s.mk(Z3_mk_fpa_geq(s.c, t, s.lit(4294967296.0)));
    const E neg = s.mk(Z3_mk_fpa_leq(s.c, t, s.zero(false)));
    const E conv = s.mk(Z3_mk_fpa_to_ubv(s.c, s.rmOf(Round::TO_ZERO), t, 32));
    return z3::ite(s.isNaN(t) || neg, s.c.bv_val(0, 32), z3::ite(big, s.c.bv_val(0xffffffffu, 32), conv));
  }, "gfx900", kReset});
  // VDST = (FLOAT)(INT32)SRC0 / (FLOAT)SRC0, rounded per MODE
  v.push_back({"v_cvt_f32_i32_e64 v0, v1", 32, D32, [](S s) {
    return s.bits(s.mk(Z3_mk_fpa_to_fp_signed(s.c, s.rm(), s.raw[0], s.sort()))); }});
  v.push_back({"v_cvt_f32_u32_e64 v0, v1", 32, D32, [](S s) {
    return s.bits(s.mk(Z3_mk_fpa_to_fp_unsigned(s.c, s.rm(), s.raw[0], s.sort()))); }});
  // VDST = (DOUBLE)SRC0 (exact); NaN quieted with its payload
  v.push_back({"v_cvt_f64_f32_e64 v[0:1], v1", 32, D64, [](S s) {
    const E x = s.a();
    const E f64 = s.mk(Z3_mk_fpa_to_fp_float(s.c, s.rne(), x, s.c.fpa_sort(11, 53)));
    const E raw = s.quiet(s.raw[0]);
    const E nan = z3::concat(raw.extract(31, 31), z3::concat(s.c.bv_val(0x7ff, 11), z3::concat(raw.extract(22, 0), s.c.bv_val(0, 29))));
    return z3::ite(s.isNaN(x), nan, E(s.c, Z3_mk_fpa_to_ieee_bv(s.c, f64)));
  }});
  // VDST = (FLOAT)SRC0 rounded per the f32 mode; NaN quieted, payload's top bits
  v.push_back({"v_cvt_f32_f64_e64 v0, v[2:3]", 64, D32, [](S s) {
    const E x = s.a();
    Spec o = s; o.w = 32;
    const E f = s.mk(Z3_mk_fpa_to_fp_float(s.c, o.rm(), x, o.sort()));
    const E raw = s.quiet(s.raw[0]);
    const E nan = z3::concat(raw.extract(63, 63), z3::concat(s.c.bv_val(0xff, 8), raw.extract(51, 29)));
    return z3::ite(s.isNaN(x), nan, o.bits(o.outF(f)));
  }});
  // VDST = CVT_HALF(SRC0) rounded per the f16 mode; NaN quieted
  v.push_back({"v_cvt_f16_f32_e64 v0, v1", 32, D16, [](S s) {
    const E x = s.a();
    Spec h = s; h.w = 16;
    const E f = s.mk(Z3_mk_fpa_to_fp_float(s.c, h.rm(), x, h.sort()));
    const E raw = s.quiet(s.raw[0]);
    const E nan = z3::concat(raw.extract(31, 31), z3::concat(s.c.bv_val(0x1f, 5), raw.extract(22, 13)));
    return z3::ite(s.isNaN(x), nan, h.bits(h.outF(f)));
  }});
  // VDST = (FLOAT)SRC0.f16 (exact)
  v.push_back({"v_cvt_f32_f16_e64 v0, v1", 16, D32, [](S s) {
    const E x = s.a();
    Spec o = s; o.w = 32;
    const E f = s.mk(Z3_mk_fpa_to_fp_float(s.c, s.rne(), x, o.sort()));
    const E raw = s.quiet(s.raw[0]);
    const E nan = z3::concat(raw.extract(15, 15), z3::concat(s.c.bv_val(0xff, 8), z3::concat(raw.extract(9, 0), s.c.bv_val(0, 13))));
    return z3::ite(s.isNaN(x), nan, o.bits(o.outF(f)));
  }});
  return v;
}

struct Tally { int proved = 0, failed = 0; };

void check(const Entry& e, uint32_t mode, Tally* tally) {
  Target t;
  std::string err;
  // 16-bit results on GFX8: GFX9's VOP3 op_sel rows keep VDST's other half.
  ASSERT_TRUE(targetFromName(e.dst == D16 ? "fiji" : e.cpu, &t, &err)) << err;
  char label[160];
  std::snprintf(label, sizeof label, "%s [MODE 0x%03x]", e.text.c_str(), mode);
  SCOPED_TRACE(label);
  Program p;
  ASSERT_TRUE(buildProgramFromText(t, e.text, 0, Path::REFERENCE, &p, &err)) << err;
  z3::context c;
  Z3Scope scope(c);
  Z3Init init(c, 1);
  const FpMode fm = FpMode::fromMode(mode);
  Z3Wave w(init, fm, t.gen);
  // Each source as wide as its operand type says: the transcriptions name
  // v1, v2, v3 (v[2:3], v[4:5] when the operation is on f64; a 32-bit
  // source of an f64 row, v_cmp_class_f64's mask, is v4).
  int src_bits[3] = {e.w, e.w, e.w};
  const InstDesc& d = p.code[0].inst.desc();
  for (int k = 0; k < d.num_operands; ++k) {
    const int i = sourceIndex(d.operand[k].role);
    if (i >= 0) src_bits[i] = typeBits(d.operand[k].type);
  }
  auto src = [&](int i) {
    if (e.w == 64)
      return src_bits[i] == 64 ? z3::concat(init.vreg(3 + 2 * i, 0).e, init.vreg(2 + 2 * i, 0).e)
                               : init.vreg(2 + 2 * i, 0).e;
    const E x = init.vreg(1 + i, 0).e;
    return src_bits[i] == 16 ? x.extract(15, 0) : x;
  };
  Spec s{c, fm, e.w, {src(0), src(1), src(2)}};
  const E old0 = init.vreg(0, 0).e, old1 = init.vreg(1, 0).e;
  const E exec0 = init.sreg(126).e.extract(0, 0) == c.bv_val(1, 1);
  const E spec = e.spec(s);
  ASSERT_TRUE(w.step(p.code[0])) << (w.unsupported.empty() ? "" : w.unsupported[0]);
  E claim = c.bool_val(true);
  switch (e.dst) {
    case D16:
      claim = w.vreg(0, 0).e == z3::ite(exec0, z3::zext(spec, 16), old0);
      break;
    case D32: case I32:
      claim = w.vreg(0, 0).e == z3::ite(exec0, spec, old0);
      break;
    case D64:
      claim = z3::concat(w.vreg(1, 0).e, w.vreg(0, 0).e) == z3::ite(exec0, spec, z3::concat(old1, old0));
      break;
    case CMP:
      claim = w.sreg(0).e == z3::ite(exec0 && spec, c.bv_val(1, 32), c.bv_val(0, 32)) &&
              w.sreg(1).e == c.bv_val(0, 32);
      break;
  }
  prop::CheckResult r = prop::proveClaim(c, claim, prop::defaultTimeoutMs());
  std::printf("[z3] %-55s %s in %.3f s\n", label, prop::verdictName(r.verdict), r.seconds);
  std::string cex;
  if (r.model)
    for (const Z3Init::Var& v : init.vars()) cex += " " + v.name + "=" + r.model->eval(v.e, true).to_string();
  EXPECT_EQ(r.verdict, prop::Verdict::PROVED)
      << label << ": " << prop::verdictName(r.verdict)
      << (r.verdict == prop::Verdict::TIMEOUT ? " (timeout counts as a failure)" : "")
      << (r.model ? "\nspec and semantics differ; counterexample:" + cex : "");
  (r.verdict == prop::Verdict::PROVED ? tally->proved : tally->failed)++;
}

// One test per transcription and MODE, so Bazel's shards split the proofs
// (a few take a minute alone: v_fract_f32, v_sqrt_f32).
struct Case {
  size_t entry;
  uint32_t mode;
};

const std::vector<Entry>& allEntries() {
  static const std::vector<Entry> es = entries();
  return es;
}

std::vector<Case> cases() {
  std::vector<Case> v;
  for (size_t i = 0; i < allEntries().size(); ++i)
    for (uint32_t mode : allEntries()[i].modes) v.push_back({i, mode});
  return v;
}

void PrintTo(const Case& k, std::ostream* os) {
  *os << allEntries()[k.entry].text << " [MODE 0x" << std::hex << k.mode << std::dec << "]";
}

class Z3FpSpec : public ::testing::TestWithParam<Case> {};

TEST_P(Z3FpSpec, OperationLineAgreesWithTheModel) {
  Tally t;
  check(allEntries()[GetParam().entry], GetParam().mode, &t);
  EXPECT_EQ(t.failed, 0);
  EXPECT_EQ(t.proved, 1);
}

INSTANTIATE_TEST_SUITE_P(Lines, Z3FpSpec, ::testing::ValuesIn(cases()));

TEST(Z3FpSpecList, TranscribesTheFpRows) { EXPECT_GT(cases().size(), 100u); }

}  // namespace
}  // namespace gcn::sem
