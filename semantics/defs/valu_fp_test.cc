// Floating-point VALU semantics: per-instruction edge cases (NaN, inf,
// denormals, -0, clamp, omod, MODE rounding and denormal controls,
// saturating conversions, EXEC masking, v_cmpx), accuracy bounds of the
// transcendental approximations against long-double references, and the
// division sequence LLVM emits (div_scale/rcp/fma/div_fmas/div_fixup)
// giving correctly rounded quotients. Every run goes through both paths.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <memory>
#include <random>

#include "semantics/sem_testing.h"
#include "semantics/domain/valu_fp.h"

namespace gcn::sem {
namespace {

uint32_t fb(float f) { return asU32(f); }
float bf(uint32_t u) { return asF32(u); }
constexpr uint32_t kQNan = 0x7fc00000u, kSNan = 0x7fa00000u, kInf = 0x7f800000u;
constexpr uint32_t kDenorm = 0x00000001u, kMinus0 = 0x80000000u;
// MODE: default 0x3c0 = RNE, f32 denormals flushed, f64/f16 kept, DX10 clamp, IEEE.
constexpr uint32_t kMode = 0x3c0u;
constexpr uint32_t modeRound(uint32_t r32, uint32_t r64) { return (kMode & ~0xfu) | r32 | r64 << 2; }

class Fp : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override { w = std::make_unique<WaveState>(); w->reset(Gen::GFX9); }
  void run(const std::string& text, const char* cpu = "gfx900") {
    std::string err;
    ASSERT_TRUE(testing::runText(targetOrDie(cpu), text + "\ns_endpgm", *w, &err, GetParam()))
        << err << "\n" << text;
  }
  void all(int reg, uint32_t v) { for (int l = 0; l < 64; ++l) w->v[reg][l] = v; }
  void all64(int reg, double d) { all(reg, uint32_t(asU64(d))); all(reg + 1, uint32_t(asU64(d) >> 32)); }
  double get64(int reg, int lane = 0) { return asF64(uint64_t(w->v[reg + 1][lane]) << 32 | w->v[reg][lane]); }
  // Runs a one-source f32 instruction on x; returns lane 0's result bits.
  uint32_t op1(const std::string& mn, uint32_t x, uint32_t mode = kMode) {
    w->setMode(mode);
    all(0, x);
    all(1, 0xdeadbeef);
    run(mn + " v1, v0");
    return w->v[1][0];
  }
  uint32_t op2(const std::string& mn, uint32_t a, uint32_t b, uint32_t mode = kMode) {
    w->setMode(mode);
    all(0, a);
    all(1, b);
    run(mn + " v2, v0, v1");
    return w->v[2][0];
  }
  std::unique_ptr<WaveState> w;
};

TEST_P(Fp, ExecMaskedLanesNeverWritten) {
  w->setExec(0x0f0f0000000000f0ull);
  all(0, fb(1.5f)), all(1, fb(2.0f));
  for (int r = 2; r < 12; ++r) all(r, 0xdeadbeef);
  run("v_mul_f32 v2, v0, v1\nv_fma_f32 v3, v0, v1, v0\nv_add_f64 v[4:5], v[0:1], v[0:1]\n"
      "v_add_f16 v6, v0, v1\nv_pk_add_f16 v7, v0, v1\nv_cvt_i32_f32 v8, v0\nv_rcp_f32 v9, v1\n"
      "v_fma_mix_f32 v10, v0, v1, v0", "gfx906");
  for (int l = 0; l < 64; ++l) {
    const bool on = (w->exec() >> l) & 1;
    for (int r = 2; r < 11; ++r) {
      if (on) EXPECT_NE(w->v[r][l], 0xdeadbeefu) << "v" << r << " lane " << l;
      else EXPECT_EQ(w->v[r][l], 0xdeadbeefu) << "v" << r << " lane " << l;
    }
  }
  EXPECT_EQ(w->v[2][4], fb(3.0f));
  EXPECT_EQ(w->v[9][4], fb(0.5f));
}

TEST_P(Fp, AddMulNanInfZero) {
  EXPECT_EQ(op2("v_add_f32", fb(1.0f), kSNan), kSNan | 0x00400000u);  // quieted, payload kept
  EXPECT_EQ(op2("v_mul_f32", kQNan | 5, fb(2.0f)), kQNan | 5);
  EXPECT_EQ(op2("v_add_f32", kInf, kInf | kMinus0) & 0x7fc00000u, kQNan);  // inf - inf = NaN
  EXPECT_EQ(op2("v_mul_f32", 0, kInf) & 0x7fc00000u, kQNan);
  EXPECT_EQ(op2("v_add_f32", kMinus0, kMinus0), kMinus0);
  EXPECT_EQ(op2("v_add_f32", kMinus0, 0), 0u);
  EXPECT_EQ(op2("v_sub_f32", fb(1.0f), fb(1.0f), modeRound(2, 0)), kMinus0);  // x - x = -0 rounding down
  EXPECT_EQ(op2("v_subrev_f32", fb(1.0f), fb(3.0f)), fb(2.0f));
  // mul_legacy: 0 * inf and 0 * NaN are +0
  EXPECT_EQ(op2("v_mul_legacy_f32", 0, kInf), 0u);
  EXPECT_EQ(op2("v_mul_legacy_f32", kQNan, kMinus0), 0u);
  EXPECT_EQ(op2("v_mul_legacy_f32", fb(2.0f), fb(3.0f)), fb(6.0f));
  // f64 and f16
  w->setMode(kMode);
  all64(0, 1.0), all64(2, 0x1p-60);
  run("v_add_f64 v[4:5], v[0:1], v[2:3]\nv_mul_f64 v[6:7], v[0:1], v[2:3]");
  EXPECT_EQ(get64(4), 1.0);
  EXPECT_EQ(get64(6), 0x1p-60);
  EXPECT_EQ(op2("v_add_f16", 0x3c00, 0x3c00), 0x4000u);        // 1 + 1 = 2
  EXPECT_EQ(op2("v_mul_f16", 0x7bff, 0x4000), 0x7c00u);        // max * 2 = inf
  EXPECT_EQ(op2("v_sub_f16", 0x3c00, 0x7e01), 0x7e01u);        // NaN propagates
  EXPECT_EQ(op2("v_add_f16", 0x0001, 0x0001), 0x0002u);        // f16 denormals kept by default
}

TEST_P(Fp, DenormalControls) {
  // f32: default flushes inputs and outputs
  EXPECT_EQ(op2("v_add_f32", kDenorm, kDenorm), 0u);
  EXPECT_EQ(op2("v_mul_f32", fb(0x1p-100f), fb(0x1p-30f)), 0u);
  const uint32_t den32 = kMode | 0x30u;
  EXPECT_EQ(op2("v_add_f32", kDenorm, kDenorm, den32), 2u);
  EXPECT_EQ(op2("v_mul_f32", fb(0x1p-100f), fb(0x1p-30f), den32), fb(0x1p-130f));
  // inputs allowed, outputs flushed
  EXPECT_EQ(op2("v_add_f32", kDenorm, kDenorm, kMode | 0x10u), 0u);
  // f16 uses the f64 controls: flush them
  EXPECT_EQ(op2("v_add_f16", 0x0001, 0x0001, kMode & ~0xc0u), 0u);
  EXPECT_EQ(op2("v_mul_f16", 0x8001, 0x3c00, kMode & ~0xc0u), 0x8000u);  // sign kept
  // min/max/compare see flushed inputs
  EXPECT_EQ(op2("v_max_f32", kDenorm, 0), 0u);
  w->setMode(kMode);
  all(0, kDenorm), all(1, 0);
  run("v_cmp_eq_f32 vcc, v0, v1");
  EXPECT_EQ(w->vcc(), ~0ull);
}

TEST_P(Fp, RoundingModes) {
  const uint32_t one = fb(1.0f), tiny = fb(0x1p-30f);
  EXPECT_EQ(op2("v_add_f32", one, tiny, modeRound(0, 0)), one);
  EXPECT_EQ(op2("v_add_f32", one, tiny, modeRound(1, 0)), one + 1);  // +inf
  EXPECT_EQ(op2("v_add_f32", one, tiny, modeRound(2, 0)), one);      // -inf
  EXPECT_EQ(op2("v_sub_f32", one, tiny, modeRound(3, 0)), fb(1.0f) - 1);  // toward zero
  // int -> float rounds per MODE
  EXPECT_EQ(op1("v_cvt_f32_i32", 0x01000001u, modeRound(0, 0)), fb(16777216.0f));
  EXPECT_EQ(op1("v_cvt_f32_i32", 0x01000001u, modeRound(1, 0)), fb(16777218.0f));
  EXPECT_EQ(op1("v_cvt_f32_u32", 0xffffffffu, modeRound(3, 0)), fb(4294967040.0f));
  // f16 rounding uses MODE[3:2]
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(1.0f + 0x1p-20f), modeRound(0, 0)), 0x3c00u);
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(1.0f + 0x1p-20f), modeRound(0, 1)), 0x3c01u);
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(-70000.0f), modeRound(0, 3)), 0xfbffu);  // RTZ: -max
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(-70000.0f), modeRound(0, 0)), 0xfc00u);  // -inf
  EXPECT_EQ(op2("v_add_f16", 0x3c00, 0x0001, modeRound(0, 1)), 0x3c01u);
  EXPECT_EQ(op2("v_add_f16", 0x3c00, 0x8001, modeRound(0, 3)), 0x3bffu);
  // f64 -> f32 rounds per the f32 mode
  w->setMode(modeRound(1, 0));
  all64(0, 1.0 + 0x1p-40);
  run("v_cvt_f32_f64 v2, v[0:1]");
  EXPECT_EQ(w->v[2][0], fb(1.0f) + 1);
}

TEST_P(Fp, FmaMadAndLiterals) {
  // fused vs not: a*a - 1 with a = 1 + 2^-12: product needs 25 bits
  const float a = 1.0f + 0x1p-12f;
  w->setMode(kMode);
  all(0, fb(a)), all(1, fb(-1.0f));
  run("v_fma_f32 v2, v0, v0, v1\nv_mad_f32 v3, v0, v0, v1\nv_madmk_f32 v4, v0, 0x40000000, v1\n"
      "v_madak_f32 v5, v0, v0, 0x3f800000\nv_mov_b32 v6, 1.0\nv_mac_f32 v6, v0, v0");
  EXPECT_EQ(bf(w->v[2][0]), 0x1p-11f + 0x1p-24f);
  EXPECT_EQ(bf(w->v[3][0]), 0x1p-11f);  // rounded product
  EXPECT_EQ(bf(w->v[4][0]), 2 * a - 1);
  EXPECT_EQ(bf(w->v[5][0]), 2.0f + 0x1p-11f);
  EXPECT_EQ(bf(w->v[6][0]), 2.0f + 0x1p-11f);
  // f16 fma is correctly rounded (round-to-odd through double)
  all(0, 0x3c01), all(1, 0x8000 | 0x3c02);  // (1+2^-10)^2 - (1+2^-9) = 2^-20
  run("v_fma_f16 v2, v0, v0, v1\nv_madak_f16 v3, v0, v0, 0x3c00");
  EXPECT_EQ(w->v[2][0] & 0xffffu, 0x0010u);  // 2^-20 = denormal 16 * 2^-24 (GFX9 keeps the high half)
  EXPECT_EQ(w->v[3][0], 0x4001u);  // 1 + 2^-9 + 2^-20 + 1 rounds to 2 + 2^-9
  // f64 fma
  all64(0, 1.0 + 0x1p-30), all64(2, -(1.0 + 0x1p-29));
  run("v_fma_f64 v[4:5], v[0:1], v[0:1], v[2:3]");
  EXPECT_EQ(get64(4), 0x1p-60);
}

TEST_P(Fp, MinMaxIeeeAndLegacyRules) {
  const uint32_t ieee = kMode, dx = kMode & ~0x200u;
  EXPECT_EQ(op2("v_min_f32", kQNan, fb(1.0f), ieee), fb(1.0f));
  EXPECT_EQ(op2("v_min_f32", kSNan, fb(1.0f), ieee), kSNan | 0x00400000u);  // IEEE: sNaN -> qNaN
  EXPECT_EQ(op2("v_min_f32", kSNan, fb(1.0f), dx), fb(1.0f));                // non-IEEE: other
  EXPECT_EQ(op2("v_max_f32", fb(1.0f), kSNan, ieee), kSNan | 0x00400000u);
  EXPECT_EQ(op2("v_min_f32", 0, kMinus0), kMinus0);
  EXPECT_EQ(op2("v_max_f32", kMinus0, 0), 0u);
  EXPECT_EQ(op2("v_max_f16", 0x7d00, 0x3c00, ieee), 0x7f00u);  // f16 sNaN quieted
  EXPECT_EQ(op2("v_min_f16", 0x7f00, 0xbc00, ieee), 0xbc00u);
  // legacy (GFX6/7): NaN in SRC1 wins, NaN in SRC0 loses
  w->reset(Gen::GFX7);
  w->setMode(kMode);
  all(0, kQNan), all(1, fb(1.0f));
  run("v_max_legacy_f32 v2, v0, v1\nv_min_legacy_f32 v3, v1, v0", "bonaire");
  EXPECT_EQ(w->v[2][0], fb(1.0f));
  EXPECT_EQ(w->v[3][0], kQNan);
  // min3/max3/med3
  w->reset(Gen::GFX9);
  w->setMode(kMode);
  all(0, fb(3.0f)), all(1, fb(-1.0f)), all(2, fb(2.0f)), all(3, kQNan);
  run("v_min3_f32 v4, v0, v1, v2\nv_max3_f32 v5, v0, v1, v2\nv_med3_f32 v6, v0, v1, v2\n"
      "v_med3_f32 v7, v0, v3, v2\nv_med3_f16 v8, v3, v3, v3");
  EXPECT_EQ(bf(w->v[4][0]), -1.0f);
  EXPECT_EQ(bf(w->v[5][0]), 3.0f);
  EXPECT_EQ(bf(w->v[6][0]), 2.0f);
  EXPECT_EQ(bf(w->v[7][0]), 2.0f);  // NaN in SRC1: MIN(SRC0, SRC2)
}

TEST_P(Fp, ClampAndOmod) {
  w->setMode(kMode);
  all(0, fb(0.75f)), all(1, kQNan), all(2, fb(-0.25f));
  run("v_mul_f32_e64 v3, v0, v0 mul:4\nv_mul_f32_e64 v4, v0, v0 mul:4 clamp\n"
      "v_add_f32_e64 v5, v1, v1 clamp\nv_add_f32_e64 v6, v2, v2 div:2 clamp\n"
      "v_mul_f32_e64 v7, v0, v0 div:2");
  EXPECT_EQ(bf(w->v[3][0]), 2.25f);
  EXPECT_EQ(bf(w->v[4][0]), 1.0f);
  EXPECT_EQ(w->v[5][0], 0u);  // DX10_CLAMP: NaN clamps to 0
  EXPECT_EQ(w->v[6][0], 0u);
  EXPECT_EQ(bf(w->v[7][0]), 0.28125f);
  // without DX10_CLAMP a NaN passes through clamp
  w->setMode(kMode & ~0x100u);
  run("v_add_f32_e64 v5, v1, v1 clamp");
  EXPECT_EQ(w->v[5][0], kQNan);
  // omod does nothing when the type's output denormals are enabled
  w->setMode(kMode | 0x30u);
  run("v_mul_f32_e64 v3, v0, v0 mul:4");
  EXPECT_EQ(bf(w->v[3][0]), 0.5625f);
  w->setMode(kMode);  // f64 denormals on by default: omod ignored; off: applied
  all64(8, 3.0);
  run("v_add_f64 v[10:11], v[8:9], v[8:9] mul:2");
  EXPECT_EQ(get64(10), 6.0);
  w->setMode(kMode & ~0xc0u);
  run("v_add_f64 v[10:11], v[8:9], v[8:9] mul:2");
  EXPECT_EQ(get64(10), 12.0);
  // f16 clamp and omod
  w->setMode(kMode & ~0xc0u);
  all(0, 0x3c00);
  run("v_add_f16_e64 v3, v0, v0 clamp\nv_add_f16_e64 v4, v0, v0 mul:2");
  EXPECT_EQ(w->v[3][0], 0x3c00u);
  EXPECT_EQ(w->v[4][0], 0x4400u);  // 4.0
}

TEST_P(Fp, F16HalvesAndOpSel) {
  w->setMode(kMode);
  all(0, 0x4000u << 16 | 0x3c00u);  // hi 2.0, lo 1.0
  all(1, 0x4200u << 16 | 0x3800u);  // hi 3.0, lo 0.5
  all(2, 0xabcd1234u), all(3, 0xabcd1234u), all(4, 0xabcd1234u);
  // VOP2 f16: low halves, result zero-extended
  run("v_add_f16 v2, v0, v1", "gfx900");
  EXPECT_EQ(w->v[2][0], 0x3e00u);  // 1.5
  // GFX9 op_sel: high halves in, high half out, low half kept
  run("v_fma_f16 v3, v0, v1, v0 op_sel:[1,1,1,1]\nv_fma_f16 v4, v0, v1, v0", "gfx900");
  EXPECT_EQ(w->v[3][0], 0x4800u << 16 | 0x1234u);  // 2*3+2 = 8
  EXPECT_EQ(w->v[4][0], 0xabcd0000u | 0x3e00u);    // 1*0.5+1 = 1.5, high kept
  // GFX8: the same row zero-extends
  w->reset(Gen::GFX8);
  w->setMode(kMode);
  all(0, 0x4000u << 16 | 0x3c00u), all(1, 0x4200u << 16 | 0x3800u), all(4, 0xabcd1234u);
  run("v_fma_f16 v4, v0, v1, v0", "fiji");
  EXPECT_EQ(w->v[4][0], 0x3e00u);
  // SDWA selects the high word
  run("v_add_f16_sdwa v5, v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_1",
      "fiji");
  EXPECT_EQ(w->v[5][0], 0x4500u << 16);  // 2 + 3 = 5
  // v_pack_b32_f16 with neg
  w->reset(Gen::GFX9);
  w->setMode(kMode);
  all(0, 0x3c00), all(1, 0x4000);
  run("v_pack_b32_f16 v2, v0, -v1");
  EXPECT_EQ(w->v[2][0], 0xc0003c00u);
}

TEST_P(Fp, PackedAndMixed) {
  w->setMode(kMode);
  all(0, 0x4000u << 16 | 0x3c00u);  // (2, 1)
  all(1, 0x4200u << 16 | 0x3800u);  // (3, 0.5)
  all(2, fb(0.25f));
  run("v_pk_add_f16 v3, v0, v1\nv_pk_mul_f16 v4, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]\n"
      "v_pk_fma_f16 v5, v0, v1, v0 neg_lo:[1,0,0] neg_hi:[0,0,1]\nv_pk_max_f16 v6, v0, v1 clamp",
      "gfx900");
  EXPECT_EQ(w->v[3][0], 0x4500u << 16 | 0x3e00u);  // (5, 1.5)
  EXPECT_EQ(w->v[4][0], 0x4200u << 16 | 0x3c00u);  // lo = 2*0.5, hi = 1*3
  EXPECT_EQ(w->v[5][0], 0x4400u << 16 | 0x3800u);  // lo -1*0.5+1, hi 2*3-2
  EXPECT_EQ(w->v[6][0], 0x3c00u << 16 | 0x3c00u);  // clamped to 1
  // mix: f16 sources by op_sel_hi, f32 result / f16 into a half
  all(7, 0xabcd1234u), all(8, 0xabcd1234u);
  run("v_fma_mix_f32 v3, v0, v1, v2 op_sel:[1,0,0] op_sel_hi:[1,1,0]\n"
      "v_fma_mixlo_f16 v7, v0, v1, v2 op_sel_hi:[1,1,0]\n"
      "v_fma_mixhi_f16 v8, -v0, |v1|, v2 op_sel_hi:[1,1,0]\n"
      "v_dot2_f32_f16 v9, v0, v1, v2", "gfx906");
  EXPECT_EQ(bf(w->v[3][0]), 2.0f * 0.5f + 0.25f);
  EXPECT_EQ(w->v[7][0], 0xabcd0000u | 0x3a00u);    // 0.75 into the low half
  EXPECT_EQ(w->v[8][0], 0xb400u << 16 | 0x1234u);  // -0.25 into the high half
  EXPECT_EQ(bf(w->v[9][0]), 1.0f * 0.5f + 2.0f * 3.0f + 0.25f);
  all(7, 0xabcd1234u);
  run("v_mad_mixlo_f16 v7, v0, v1, v2 op_sel_hi:[1,1,0]\nv_mad_mix_f32 v3, v2, v2, v2", "gfx900");
  EXPECT_EQ(w->v[7][0], 0xabcd0000u | 0x3a00u);
  EXPECT_EQ(bf(w->v[3][0]), 0.3125f);
}

TEST_P(Fp, ConversionsSaturateAndRound) {
  EXPECT_EQ(op1("v_cvt_i32_f32", fb(-1.75f)), uint32_t(-1));
  EXPECT_EQ(op1("v_cvt_i32_f32", fb(3e9f)), 0x7fffffffu);
  EXPECT_EQ(op1("v_cvt_i32_f32", fb(-3e9f)), 0x80000000u);
  EXPECT_EQ(op1("v_cvt_i32_f32", kQNan), 0u);
  EXPECT_EQ(op1("v_cvt_u32_f32", fb(-5.0f)), 0u);
  EXPECT_EQ(op1("v_cvt_u32_f32", fb(5e9f)), 0xffffffffu);
  EXPECT_EQ(op1("v_cvt_u32_f32", kInf), 0xffffffffu);
  EXPECT_EQ(op1("v_cvt_rpi_i32_f32", fb(-2.5f)), uint32_t(-2));
  EXPECT_EQ(op1("v_cvt_rpi_i32_f32", fb(2.5f)), 3u);
  EXPECT_EQ(op1("v_cvt_flr_i32_f32", fb(-2.5f)), uint32_t(-3));
  EXPECT_EQ(op1("v_cvt_flr_i32_f32", kQNan | kMinus0), 0x80000000u);
  EXPECT_EQ(op1("v_cvt_off_f32_i4", 0x7), fb(0.4375f));
  EXPECT_EQ(op1("v_cvt_off_f32_i4", 0x8), fb(-0.5f));
  EXPECT_EQ(op1("v_cvt_f32_ubyte2", 0x00ab0000), fb(171.0f));
  EXPECT_EQ(op1("v_cvt_f32_f16", 0x0001), fb(0x1p-24f));  // f16 denormal -> f32 normal
  EXPECT_EQ(op1("v_cvt_f32_f16", 0x7d00), 0x7fa00000u | 0x00400000u);
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(0x1p-25f)), 0x0000u);         // tie to even: 0
  EXPECT_EQ(op1("v_cvt_f16_f32", fb(0x1.8p-25f)), 0x0001u);
  EXPECT_EQ(op1("v_cvt_i16_f16", 0xfbff), 0x8000u);                // -65504 -> -32768
  EXPECT_EQ(op1("v_cvt_u16_f16", 0xbc00), 0u);
  EXPECT_EQ(op1("v_cvt_f16_i16", 0xffff), 0xbc00u);
  EXPECT_EQ(op1("v_cvt_norm_i16_f16", 0xbc00), uint32_t(-32767) & 0xffff);
  EXPECT_EQ(op1("v_cvt_norm_u16_f16", 0x3800), 32768u);  // 0.5 * 65535 = 32767.5 -> even
  // packing converts
  EXPECT_EQ(op2("v_cvt_pkrtz_f16_f32", fb(1.0f + 0x1p-11f + 0x1p-20f), fb(-70000.0f)), 0xfbffu << 16 | 0x3c00u);
  EXPECT_EQ(op2("v_cvt_pknorm_i16_f32", fb(2.0f), fb(-0.5f)), uint32_t(0xc000) << 16 | 0x7fffu);
  EXPECT_EQ(op2("v_cvt_pknorm_u16_f32", kQNan, fb(1.0f)), 0xffffu << 16);
  w->setMode(kMode);
  all(0, fb(300.0f)), all(1, fb(-3.0f)), all(2, fb(2.5f)), all(3, 0x11223344u), all(5, kQNan);
  run("v_cvt_pk_u8_f32 v4, v0, 1, v3\nv_cvt_pk_u8_f32 v6, v1, 2, v3\nv_cvt_pk_u8_f32 v7, v2, 0, v3\n"
      "v_cvt_pk_u8_f32 v8, v5, 3, v3");
  EXPECT_EQ(w->v[4][0], 0x1122ff44u);
  EXPECT_EQ(w->v[6][0], 0x11003344u);
  EXPECT_EQ(w->v[7][0], 0x11223302u);  // 2.5 rounds to even
  EXPECT_EQ(w->v[8][0], 0x00223344u);  // NaN -> 0
  // f64 <-> int
  all64(0, -2147483649.0);
  run("v_cvt_i32_f64 v2, v[0:1]\nv_cvt_u32_f64 v3, v[0:1]\nv_cvt_f64_i32 v[4:5], -7\nv_cvt_f64_u32 v[6:7], -1");
  EXPECT_EQ(w->v[2][0], 0x80000000u);
  EXPECT_EQ(w->v[3][0], 0u);
  EXPECT_EQ(get64(4), -7.0);
  EXPECT_EQ(get64(6), 4294967295.0);
}

TEST_P(Fp, RoundingToIntegralFractLdexpFrexp) {
  EXPECT_EQ(op1("v_trunc_f32", fb(-2.7f)), fb(-2.0f));
  EXPECT_EQ(op1("v_ceil_f32", fb(-0.5f)), kMinus0);
  EXPECT_EQ(op1("v_floor_f32", fb(-0.5f)), fb(-1.0f));
  EXPECT_EQ(op1("v_rndne_f32", fb(2.5f)), fb(2.0f));
  EXPECT_EQ(op1("v_rndne_f32", fb(-3.5f)), fb(-4.0f));
  EXPECT_EQ(op1("v_fract_f32", fb(-0.25f)), fb(0.75f));
  EXPECT_EQ(op1("v_fract_f32", fb(-0x1p-30f)), 0x3f7fffffu);  // kept below 1
  EXPECT_EQ(op1("v_fract_f32", kInf | kMinus0), 0xffc00000u);
  EXPECT_EQ(op1("v_fract_f16", 0xbc01), 0x3bfeu);  // -(1+2^-10) -> 1 - 2^-10
  EXPECT_EQ(op1("v_floor_f16", 0xb800), 0xbc00u);
  EXPECT_EQ(op2("v_ldexp_f32", fb(1.5f), 4), fb(24.0f));
  EXPECT_EQ(op2("v_ldexp_f32", fb(1.0f), uint32_t(-200)), 0u);  // flushed
  EXPECT_EQ(op2("v_ldexp_f32", fb(1.0f), uint32_t(-140), kMode | 0x30u), fb(0x1p-140f));
  EXPECT_EQ(op2("v_ldexp_f32", fb(3.0f), uint32_t(-150), kMode | 0x30u), 2u);  // 1.5 * 2^-149 -> 2^-148 (even)
  EXPECT_EQ(op2("v_ldexp_f16", 0x3c00, 15), 0x7800u);
  EXPECT_EQ(op2("v_ldexp_f16", 0x3c00, 16), 0x7c00u);
  EXPECT_EQ(op1("v_frexp_mant_f32", fb(-12.0f)), fb(-0.75f));
  EXPECT_EQ(op1("v_frexp_exp_i32_f32", fb(-12.0f)), 4u);
  EXPECT_EQ(op1("v_frexp_exp_i32_f32", kInf), 0u);
  EXPECT_EQ(op1("v_frexp_mant_f32", kInf), kInf);
  EXPECT_EQ(op1("v_frexp_mant_f16", 0x4a00), 0x3a00u);  // 12 -> 0.75
  EXPECT_EQ(op1("v_frexp_exp_i16_f16", 0x0001), uint32_t(-23) & 0xffff);
  // GCN 1.0 differences
  w->reset(Gen::GFX6);
  w->setMode(kMode);
  all(0, kInf);
  run("v_frexp_exp_i32_f32 v1, v0\nv_frexp_mant_f32 v2, v0", "tahiti");
  EXPECT_EQ(w->v[1][0], ~0u);
  EXPECT_EQ(w->v[2][0], 0xffc00000u);
}

TEST_P(Fp, TranscendentalSpecials) {
  EXPECT_EQ(op1("v_rcp_f32", kMinus0), kInf | kMinus0);
  EXPECT_EQ(op1("v_rcp_f32", kInf), 0u);
  EXPECT_EQ(op1("v_rcp_f32", kDenorm), kInf);  // flushed input
  EXPECT_EQ(op1("v_rsq_f32", fb(4.0f)), fb(0.5f));
  EXPECT_EQ(op1("v_rsq_f32", fb(-4.0f)), 0xffc00000u);
  EXPECT_EQ(op1("v_sqrt_f32", kMinus0), kMinus0);
  EXPECT_EQ(op1("v_sqrt_f32", fb(-1.0f)), 0xffc00000u);
  EXPECT_EQ(op1("v_sqrt_f32", kSNan), kSNan | 0x00400000u);
  EXPECT_EQ(op1("v_exp_f32", fb(-127.0f)), 0u);
  EXPECT_EQ(op1("v_exp_f32", fb(10.0f)), fb(1024.0f));
  EXPECT_EQ(op1("v_log_f32", fb(1.0f)), 0u);
  EXPECT_EQ(op1("v_log_f32", 0), kInf | kMinus0);
  EXPECT_EQ(op1("v_log_f32", fb(-2.0f)), 0xffc00000u);
  EXPECT_EQ(op1("v_log_f32", fb(8.0f)), fb(3.0f));
  EXPECT_EQ(op1("v_sin_f32", fb(0.25f)), fb(1.0f));
  EXPECT_EQ(op1("v_cos_f32", fb(0.5f)), fb(-1.0f));
  EXPECT_EQ(op1("v_sin_f32", kInf), 0xffc00000u);
  EXPECT_EQ(op1("v_sin_f32", fb(1000.0f)), 0u);   // out of range
  EXPECT_EQ(op1("v_cos_f32", fb(1000.0f)), fb(1.0f));
  EXPECT_EQ(op1("v_sin_f32", kSNan), kSNan);       // NaN: SRC0 as is
  EXPECT_EQ(op1("v_rcp_f16", 0x4000), 0x3800u);
  EXPECT_EQ(op1("v_sqrt_f16", 0x4400), 0x4000u);
  EXPECT_EQ(op1("v_exp_f16", 0xbc00), 0x3800u);
  EXPECT_EQ(op1("v_log_f16", 0x4400), 0x4000u);
  // legacy / clamp forms (GFX6/7)
  w->reset(Gen::GFX7);
  w->setMode(kMode);
  all(0, 0), all(1, kMinus0), all(2, fb(0.0f));
  run("v_rcp_legacy_f32 v3, v1\nv_rcp_clamp_f32 v4, v0\nv_rsq_legacy_f32 v5, v0\n"
      "v_rsq_clamp_f32 v6, v0\nv_log_clamp_f32 v7, v0", "bonaire");
  EXPECT_EQ(w->v[3][0], kMinus0);
  EXPECT_EQ(w->v[4][0], 0x7f7fffffu);
  EXPECT_EQ(w->v[5][0], 0u);
  EXPECT_EQ(w->v[6][0], 0x7f7fffffu);
  EXPECT_EQ(w->v[7][0], 0xff7fffffu);
}

// Accuracy bounds (valu_fp.h): ulp distance to a long-double reference.
long double ulpF(float r) { return std::ldexp(1.0L, std::ilogb(r == 0 ? FLT_MIN : r) - 23); }
long double ulpD(double r) { return std::ldexp(1.0L, std::ilogb(r == 0 ? DBL_MIN : r) - 52); }

TEST(FpAccuracy, TranscendentalsWithinStatedBounds) {
  FpMode m = FpMode::fromMode(kMode);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> pos(-30, 30), rev(-256, 256);
  for (int i = 0; i < 20000; ++i) {
    const float x = std::ldexp(1.0f + float(rng() & 0x7fffff) * 0x1p-23f, int(pos(rng)));
    const long double lx = x;
    auto err = [&](int k, float r, long double ref, long double bound_ulps, long double abs = 0) {
      const long double e = std::fabs(r - ref);
      const long double u = e / ulpF(r);
      EXPECT_TRUE(e <= abs || u <= bound_ulps) << k << " x=" << x << " r=" << r << " ref=" << double(ref);
    };
    err(0, frcp(m, x), 1.0L / lx, 0.5L + 0x1p-30L);
    err(1, frsq(m, x), 1.0L / std::sqrt(lx), 1.0L);
    err(2, fsqrt(m, x), std::sqrt(lx), 0.5L + 0x1p-30L);
    err(3, flog2(m, x), std::log2(lx), 1.0L);
    const float e = pos(rng) * 4;
    err(4, fexp2(m, e), std::exp2((long double)e), 1.0L);
    const float s = rev(rng);
    // independent reference: no argument reduction
    const long double arg = 6.283185307179586476925286766559L * (long double)s;
    err(5, fsin(m, s), std::sin(arg), 1.0L, 0x1p-50L);
    err(6, fcos(m, s), std::cos(arg), 1.0L, 0x1p-50L);
    const double xd = double(x) * (1.0 + double(rng()) * 0x1p-60);
    const double rr = frsq(m, xd);
    EXPECT_LE(std::fabs(rr - 1.0L / std::sqrt((long double)xd)) / ulpD(rr), 1.0L) << xd;
    const double rc = frcp(m, xd);
    EXPECT_LE(std::fabs(rc - 1.0L / (long double)xd) / ulpD(rc), 0.5L + 0x1p-10L) << xd;
  }
  // f16: every finite positive input
  for (uint32_t h = 0x0400; h < 0x7c00; ++h) {
    const long double x = h2d(h);
    auto ulpH = [](uint32_t r) { return std::ldexp(1.0L, std::ilogb((long double)h2d(r)) - 10); };
    auto check = [&](uint32_t r, long double ref, const char* what) {
      if (hIsInf(r) || (r & 0x7c00) == 0) return;  // overflow / denormal results
      EXPECT_LE(std::fabs(h2d(r) - ref) / ulpH(r), 1.0L) << what << " h=" << h;
    };
    check(hrcp(m, h), 1.0L / x, "rcp");
    check(hrsq(m, h), 1.0L / std::sqrt(x), "rsq");
    check(hsqrt(m, h), std::sqrt(x), "sqrt");
    check(hlog2(m, h), std::log2(x), "log");
    if (x < 15) check(hexp2(m, h), std::exp2(x), "exp");
  }
}

TEST_P(Fp, DivisionSequenceIsCorrectlyRounded) {
  // LLVM's f32 fdiv expansion (denormals on, as LLVM brackets it with MODE).
  const char* seq =
      "v_div_scale_f32 v2, s[0:1], v1, v1, v0\n"
      "v_div_scale_f32 v3, vcc, v0, v1, v0\n"
      "v_rcp_f32 v4, v2\n"
      "v_fma_f32 v5, -v2, v4, 1.0\n"
      "v_fma_f32 v4, v5, v4, v4\n"
      "v_mul_f32 v5, v3, v4\n"
      "v_fma_f32 v6, -v2, v5, v3\n"
      "v_fma_f32 v5, v6, v4, v5\n"
      "v_fma_f32 v2, -v2, v5, v3\n"
      "v_div_fmas_f32 v2, v2, v4, v5\n"
      "v_div_fixup_f32 v7, v2, v1, v0";
  std::mt19937 rng(11);
  w->setMode(kMode | 0x30u);
  for (int l = 0; l < 64; ++l) {
    w->v[0][l] = fb(std::ldexp(1.0f + float(rng() & 0x7fffff) * 0x1p-23f, int(rng() % 40) - 20));
    w->v[1][l] = fb(std::ldexp(1.0f + float(rng() & 0x7fffff) * 0x1p-23f, int(rng() % 40) - 20));
  }
  w->v[0][0] = fb(1.0f), w->v[1][0] = 0;                // 1/0 = inf
  w->v[0][1] = 0, w->v[1][1] = 0;                       // 0/0 = NaN
  w->v[0][2] = fb(5.0f), w->v[1][2] = kInf;             // x/inf = 0
  w->v[0][3] = fb(-6.0f), w->v[1][3] = fb(3.0f);
  run(seq);
  EXPECT_EQ(w->v[7][0], kInf);
  EXPECT_EQ(w->v[7][1], kQNan);
  EXPECT_EQ(w->v[7][2], 0u);
  EXPECT_EQ(w->v[7][3], fb(-2.0f));
  for (int l = 4; l < 64; ++l)
    EXPECT_EQ(w->v[7][l], fb(bf(w->v[0][l]) / bf(w->v[1][l]))) << bf(w->v[0][l]) << "/" << bf(w->v[1][l]);
}

TEST_P(Fp, DivHelpersPerSpec) {
  w->setMode(kMode);
  // div_scale: SRC0 inf -> flag; huge numerator relative to SRC0 -> scaled by 2^64
  all(0, fb(1.0f)), all(1, fb(0x1p100f)), all(2, kInf);
  run("v_div_scale_f32 v3, vcc, v0, v0, v1\nv_div_scale_f32 v4, s[2:3], v2, v0, v2\n"
      "v_div_scale_f32 v5, s[4:5], v0, v0, v0");
  EXPECT_EQ(w->v[3][0], fb(0x1p64f));
  EXPECT_EQ(w->vcc(), ~0ull);
  EXPECT_EQ(w->v[4][0], kInf);
  EXPECT_EQ(w->s64(2), ~0ull);
  EXPECT_EQ(w->v[5][0], fb(1.0f));
  EXPECT_EQ(w->s64(4), 0ull);
  // div_fmas scales only where VCC is set
  all(0, fb(1.0f)), all(1, fb(2.0f)), all(2, fb(3.0f));
  w->setVcc(0x2);
  run("v_div_fmas_f32 v3, v0, v1, v2");
  EXPECT_EQ(bf(w->v[3][0]), 5.0f);
  EXPECT_EQ(bf(w->v[3][1]), 5.0f * 0x1p64f);
  // div_fixup special cases (f32, f64, f16)
  all(0, fb(7.0f)), all(1, 0), all(2, fb(-2.0f)), all(3, kInf);
  run("v_div_fixup_f32 v4, v0, v1, v2\nv_div_fixup_f32 v5, v0, v3, v2\nv_div_fixup_f32 v6, v0, v1, v1\n"
      "v_div_fixup_f32 v7, v0, v2, v2");
  EXPECT_EQ(w->v[4][0], kInf | kMinus0);  // -2 / 0
  EXPECT_EQ(w->v[5][0], kMinus0);         // -2 / inf
  EXPECT_EQ(w->v[6][0], kQNan);           // 0 / 0
  EXPECT_EQ(w->v[7][0], fb(7.0f));        // ordinary: the quotient
}

TEST_P(Fp, TrigPreopSegmentsSumToTwoOverPi) {
  w->setMode(kMode);
  all64(0, 1.0);
  run("v_trig_preop_f64 v[2:3], v[0:1], 0\nv_trig_preop_f64 v[4:5], v[0:1], 1\n"
      "v_trig_preop_f64 v[6:7], v[0:1], 2");
  const long double two_over_pi = 0.636619772367581343075535053490057448L;
  EXPECT_EQ(get64(2), 0x1.45f306dc9c882p-1);  // 2/pi truncated to 53 bits
  const long double sum = (long double)get64(2) + get64(4) + get64(6);
  EXPECT_LT(std::fabs(sum - two_over_pi), 1e-19L);
  EXPECT_LT(get64(4), 0x1p-53);
  // a large input shifts the window past its exponent
  all64(0, 0x1p100);
  run("v_trig_preop_f64 v[2:3], v[0:1], 0");
  EXPECT_LT(get64(2), 0x1p-46);
  EXPECT_GT(get64(2), 0.0);
}

TEST_P(Fp, ComparesOrderedUnorderedAndCmpx) {
  w->setMode(kMode);
  for (int l = 0; l < 64; ++l) {
    w->v[0][l] = (l & 3) == 0 ? kQNan : fb(float(l & 7));
    w->v[1][l] = fb(3.0f);
  }
  uint64_t lt = 0, nge = 0, o = 0, u = 0, lg = 0, neq = 0;
  for (int l = 0; l < 64; ++l) {
    const bool nan = (l & 3) == 0;
    const float x = float(l & 7);
    if (!nan && x < 3) lt |= 1ull << l;
    if (nan || !(x >= 3)) nge |= 1ull << l;
    if (!nan) o |= 1ull << l;
    if (nan) u |= 1ull << l;
    if (!nan && x != 3) lg |= 1ull << l;
    if (nan || x != 3) neq |= 1ull << l;
  }
  run("v_cmp_lt_f32 vcc, v0, v1\nv_cmp_nge_f32_e64 s[0:1], v0, v1\nv_cmp_o_f32_e64 s[2:3], v0, v1\n"
      "v_cmp_u_f32_e64 s[4:5], v0, v1\nv_cmp_lg_f32_e64 s[6:7], v0, v1\nv_cmp_neq_f32_e64 s[8:9], v0, v1\n"
      "v_cmp_tru_f32_e64 s[10:11], v0, v1\nv_cmp_f_f32_e64 s[12:13], v0, v1");
  EXPECT_EQ(w->vcc(), lt);
  EXPECT_EQ(w->s64(0), nge);
  EXPECT_EQ(w->s64(2), o);
  EXPECT_EQ(w->s64(4), u);
  EXPECT_EQ(w->s64(6), lg);
  EXPECT_EQ(w->s64(8), neq);
  EXPECT_EQ(w->s64(10), ~0ull);
  EXPECT_EQ(w->s64(12), 0ull);
  // v_cmpx writes EXEC (inactive lanes stay 0)
  w->setExec(0xffffffff00000000ull);
  run("v_cmpx_lt_f32 vcc, v0, v1");
  EXPECT_EQ(w->exec(), lt & 0xffffffff00000000ull);
  EXPECT_EQ(w->vcc(), lt & 0xffffffff00000000ull);
  // f64 and f16, -0 == +0
  w->setExec(~0ull);
  all64(2, -0.0), all64(4, 0.0), all(6, 0x8000), all(7, 0x0000);
  run("v_cmp_eq_f64 vcc, v[2:3], v[4:5]\nv_cmp_eq_f16_e64 s[0:1], v6, v7\nv_cmp_gt_f16_e64 s[2:3], v6, v7");
  EXPECT_EQ(w->vcc(), ~0ull);
  EXPECT_EQ(w->s64(0), ~0ull);
  EXPECT_EQ(w->s64(2), 0ull);
}

TEST_P(Fp, CmpClass) {
  w->setMode(kMode);
  const uint32_t vals[10] = {kSNan, kQNan, kInf | kMinus0, fb(-1.0f), 0x80000001u, kMinus0, 0, 1, fb(1.0f), kInf};
  for (int l = 0; l < 64; ++l) w->v[0][l] = vals[l % 10], w->v[1][l] = 1u << (l % 10);
  run("v_cmp_class_f32 vcc, v0, v1\ns_movk_i32 s20, 0x3fc\nv_cmp_class_f32_e64 s[0:1], v0, s20");
  EXPECT_EQ(w->vcc(), ~0ull);  // each value is in its own class (denormals not flushed)
  uint64_t ordinary = 0;
  for (int l = 0; l < 64; ++l) if (l % 10 >= 2) ordinary |= 1ull << l;
  EXPECT_EQ(w->s64(0), ordinary);
  const uint32_t hv[10] = {0x7d00, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0, 1, 0x3c00, 0x7c00};
  for (int l = 0; l < 64; ++l) w->v[2][l] = hv[l % 10];
  w->setExec(~0ull);
  run("v_cmpx_class_f16 vcc, v2, v1");
  EXPECT_EQ(w->exec(), ~0ull);
  // f64
  all64(4, -0x1p-1060);  // negative denormal
  all(6, 1u << 4);
  run("v_cmp_class_f64 vcc, v[4:5], v6");
  EXPECT_EQ(w->vcc(), ~0ull);
}

TEST_P(Fp, LegacyMadMullitCube) {
  w->reset(Gen::GFX7);
  w->setMode(kMode);
  all(0, 0), all(1, kInf), all(2, fb(2.0f)), all(3, fb(1.0f));
  run("v_mad_legacy_f32 v4, v0, v1, v2\nv_mullit_f32 v5, v2, v2, v3\nv_mullit_f32 v6, v2, v2, v0\n"
      "v_mov_b32 v7, 1.0\nv_mac_legacy_f32 v7, v1, v0", "bonaire");
  EXPECT_EQ(bf(w->v[4][0]), 2.0f);  // 0 * inf = 0 (legacy) + 2
  EXPECT_EQ(bf(w->v[5][0]), 4.0f);
  EXPECT_EQ(w->v[6][0], 0xff7fffffu);
  EXPECT_EQ(bf(w->v[7][0]), 1.0f);
  w->reset(Gen::GFX9);
  w->setMode(kMode);
  all(0, fb(0.5f)), all(1, fb(-0.25f)), all(2, fb(-2.0f));  // z major, negative
  run("v_cubeid_f32 v3, v0, v1, v2\nv_cubema_f32 v4, v0, v1, v2\nv_cubesc_f32 v5, v0, v1, v2\n"
      "v_cubetc_f32 v6, v0, v1, v2");
  EXPECT_EQ(bf(w->v[3][0]), 5.0f);
  EXPECT_EQ(bf(w->v[4][0]), -4.0f);
  EXPECT_EQ(bf(w->v[5][0]), -0.5f);  // SIGN(SF2) * SF0
  EXPECT_EQ(bf(w->v[6][0]), 0.25f);  // -SF1
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Fp, ::testing::Values(Path::FAST, Path::REFERENCE));

}  // namespace
}  // namespace gcn::sem
