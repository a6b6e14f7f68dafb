// Edge cases of the CDNA rows outside MFMA (packed f32, fp8/bf8
// conversions, 64-bit DPP, AccVGPR moves), each run on both paths.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "isa/target_testing.h"
#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

class Cdna : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override { w = std::make_unique<WaveState>(); w->reset(Gen::GFX940); }
  void run(const std::string& text, const char* cpu = "gfx942") {
    std::string err;
    ASSERT_TRUE(testing::runText(targetOrDie(cpu), text + "\ns_endpgm", *w, &err, GetParam()))
        << err << "\n" << text;
  }
  void all(int reg, uint32_t v) { for (int l = 0; l < 64; ++l) w->v[reg][l] = v; }
  std::unique_ptr<WaveState> w;
};

// fp8 (E4M3, bias 8) and bf8 (E5M2, bias 16): 0x40 is 1.0 in both, 0x7f
// the largest fp8 (240), 0x80 the NaN, 0x01 the smallest fp8 subnormal
// (2^-10).
TEST_P(Cdna, Fp8Decode) {
  all(1, 0x01807f40u);  // bytes 0x40, 0x7f, 0x80, 0x01
  run("v_cvt_f32_fp8_sdwa v2, v1 src0_sel:BYTE_0\n"
      "v_cvt_f32_fp8_sdwa v3, v1 src0_sel:BYTE_1\n"
      "v_cvt_f32_fp8_sdwa v4, v1 src0_sel:BYTE_2\n"
      "v_cvt_f32_fp8_sdwa v5, v1 src0_sel:BYTE_3\n"
      "v_mov_b32 v6, 0x40\nv_cvt_f32_bf8 v7, v6\n"
      "v_cvt_pk_f32_fp8 v[8:9], v1");
  EXPECT_EQ(w->v[2][0], 0x3f800000u);   // 1.0
  EXPECT_EQ(w->v[3][0], 0x43700000u);   // 240
  EXPECT_EQ(w->v[4][0], 0x7fc00000u);   // NaN
  EXPECT_EQ(w->v[5][0], 0x3a800000u);   // 2^-10
  EXPECT_EQ(w->v[7][0], 0x3f800000u);   // bf8 1.0
  EXPECT_EQ(w->v[8][0], 0x3f800000u);   // word 0: bytes 0 and 1
  EXPECT_EQ(w->v[9][0], 0x43700000u);
}

// Encoding: nearest even, overflow and NaN to 0x80, the other word kept.
TEST_P(Cdna, Fp8EncodeRoundsAndOverflows) {
  all(1, 0x3f800000u);  // 1.0 -> 0x40
  all(2, 0x43780000u);  // 248: halfway between 240 (odd) and 256 -> 256, past 240 -> 0x80
  all(3, 0x3f880000u);  // 1.0625: halfway between 1.0 and 1.125 -> 1.0 (even) = 0x40
  all(4, 0xc1200000u);  // -10 = -1.25 * 2^3 -> sign | exp 11 | mant 2 = 0xda
  all(10, 0xaaaaaaaau);
  all(11, 0xaaaaaaaau);
  run("v_cvt_pk_fp8_f32 v10, v1, v3\n"
      "v_cvt_pk_fp8_f32 v11, v4, v2 op_sel:[0,0,1]");
  EXPECT_EQ(w->v[10][0], 0xaaaa4040u);
  EXPECT_EQ(w->v[11][0], 0x80daaaaau);
}

// Stochastic rounding: 1.0625 rounds down with random bits 0 and up with
// the top random bit set; the byte op_sel[3:2] picks.
TEST_P(Cdna, Fp8StochasticRounding) {
  all(1, 0x3f880000u);
  all(2, 0u);
  all(3, 0x80000000u);
  all(10, 0u);
  run("v_cvt_sr_fp8_f32 v10, v1, v2\n"
      "v_cvt_sr_fp8_f32 v10, v1, v3 op_sel:[0,0,1,1]");
  EXPECT_EQ(w->v[10][0], 0x41000040u);  // byte 0: 1.0; byte 3: 1.125
}

// Packed f32: op_sel/op_sel_hi pick the dword of each source, neg_lo/neg_hi
// the sign.
TEST_P(Cdna, PackedF32) {
  all(2, 0x40000000u);  // v[2:3] = (2.0, 3.0)
  all(3, 0x40400000u);
  all(4, 0x3f800000u);  // v[4:5] = (1.0, 10.0)
  all(5, 0x41200000u);
  run("v_pk_fma_f32 v[0:1], v[2:3], v[2:3], v[4:5]\n"
      "v_pk_mul_f32 v[6:7], v[2:3], v[4:5] op_sel:[1,0] op_sel_hi:[0,1]\n"
      "v_pk_add_f32 v[8:9], v[2:3], v[4:5] neg_lo:[1,0] neg_hi:[0,1]");
  EXPECT_EQ(w->v[0][0], 0x40a00000u);   // 2*2+1 = 5
  EXPECT_EQ(w->v[1][0], 0x41980000u);   // 3*3+10 = 19
  EXPECT_EQ(w->v[6][0], 0x40400000u);   // lo: 3.0 * 1.0
  EXPECT_EQ(w->v[7][0], 0x41a00000u);   // hi: 2.0 * 10.0
  EXPECT_EQ(w->v[8][0], 0xbf800000u);   // lo: -2 + 1
  EXPECT_EQ(w->v[9][0], 0xc0e00000u);   // hi: 3 - 10
}

// 64-bit DPP row_newbcast: every lane of a row reads lane n of that row.
TEST_P(Cdna, Dpp64RowNewbcast) {
  for (int l = 0; l < 64; ++l) {
    w->v[2][l] = uint32_t(l);
    w->v[3][l] = uint32_t(100 + l);
  }
  run("v_mov_b64_dpp v[0:1], v[2:3] row_newbcast:5 row_mask:0xf bank_mask:0xf");
  for (int l = 0; l < 64; ++l) {
    EXPECT_EQ(w->v[0][l], uint32_t((l & ~15) + 5)) << l;
    EXPECT_EQ(w->v[1][l], uint32_t(100 + (l & ~15) + 5)) << l;
  }
}

// The AccVGPR file is apart from the VGPRs on gfx908 (a5 is not v5).
TEST_P(Cdna, AccVgprFileIsSeparate) {
  w->reset(Gen::GFX9);
  all(1, 7u);
  run("v_accvgpr_write_b32 a5, v1\nv_accvgpr_read_b32 v2, a5", "gfx908");
  EXPECT_EQ(w->v[2][0], 7u);
  EXPECT_EQ(w->v[5][0], 0u);
  EXPECT_EQ(w->v[kAgprRow0 + 5][0], 7u);
}

// v_accvgpr_mov_b32 copies an AccVGPR lane by lane, in the lanes EXEC
// enables (gfx90a; gfx908 has no such row).
TEST_P(Cdna, AccVgprMoveCopiesEnabledLanes) {
  w->reset(Gen::GFX90A);
  for (int l = 0; l < 64; ++l) {
    w->v[kAgprRow0 + 1][l] = 0x1000u + uint32_t(l);
    w->v[kAgprRow0][l] = 0xdeadu;
  }
  run("s_mov_b32 exec_lo, -1\ns_mov_b32 exec_hi, 0\nv_accvgpr_mov_b32 a0, a1", "gfx90a");
  for (int l = 0; l < 64; ++l)
    EXPECT_EQ(w->v[kAgprRow0][l], l < 32 ? 0x1000u + uint32_t(l) : 0xdeadu) << l;
}

// v_lshl_add_u64 shifts by S1's low three bits (5 here, a shift past the
// low dword) before the 64-bit add.
TEST_P(Cdna, LshlAddU64ShiftsByThreeBits) {
  all(2, 0x80000000u);  // v[2:3] = 0x1'8000'0000
  all(3, 0x1u);
  all(4, 0xfdu);        // S1[2:0] = 5
  all(6, 0x10u);        // v[6:7] = 0x10
  all(7, 0u);
  run("v_lshl_add_u64 v[0:1], v[2:3], v4, v[6:7]");
  EXPECT_EQ(w->v[0][0], 0x10u);
  EXPECT_EQ(w->v[1][0], 0x30u);
}

// v_dot2c_f32_f16 accumulates both half products into VDST: 10 + 1*3 + 2*4.
TEST_P(Cdna, Dot2cF32F16UsesBothHalves) {
  all(0, 0x41200000u);  // 10.0
  all(1, 0x40003c00u);  // (1.0, 2.0) in f16
  all(2, 0x44004200u);  // (3.0, 4.0)
  run("v_dot2c_f32_f16 v0, v1, v2");
  EXPECT_EQ(w->v[0][0], 0x41a80000u);  // 21.0
}

// v_pk_fmac_f16: each half of VDST += the product of the same halves:
// (1*3 + 0.5, 2*4 + 1) = (3.5, 9.0).
TEST_P(Cdna, PkFmacF16PairsTheHalves) {
  w->reset(Gen::GFX90A);
  all(0, 0x3c003800u);  // (0.5, 1.0) in f16
  all(1, 0x40003c00u);  // (1.0, 2.0)
  all(2, 0x44004200u);  // (3.0, 4.0)
  run("v_pk_fmac_f16 v0, v1, v2", "gfx90a");
  EXPECT_EQ(w->v[0][0], 0x48804300u);
}

// v_dot8c_i32_i4 multiplies signed nibbles: 100 + 1*2 + (-1)*3 = 99.
TEST_P(Cdna, Dot8cI32I4SignedNibbles) {
  w->reset(Gen::GFX90A);
  all(0, 100u);
  all(1, 0x000000f1u);  // nibbles 1, -1
  all(2, 0x00000032u);  // nibbles 2, 3
  run("v_dot8c_i32_i4 v0, v1, v2", "gfx90a");
  EXPECT_EQ(w->v[0][0], 99u);
}

INSTANTIATE_TEST_SUITE_P(Paths, Cdna, ::testing::Values(Path::FAST, Path::REFERENCE),
                         [](const ::testing::TestParamInfo<Path>& i) {
                           return i.param == Path::FAST ? "fast" : "reference";
                         });

}  // namespace
}  // namespace gcn::sem
