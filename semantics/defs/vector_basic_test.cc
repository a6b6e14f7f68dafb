// The first VALU definitions: EXEC masking, carry, modifiers, SDWA, DPP,
// cross-lane reads — each on both paths.
#include <gtest/gtest.h>

#include <memory>

#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

class Valu : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override { w = std::make_unique<WaveState>(); w->reset(Gen::GFX9); }
  void run(const std::string& text, const char* cpu = "gfx900") {
    std::string err;
    ASSERT_TRUE(testing::runText(targetOrDie(cpu), text + "\ns_endpgm", *w, &err, GetParam()))
        << err;
  }
  std::unique_ptr<WaveState> w;
};

TEST_P(Valu, ExecMaskedLanesNeverWritten) {
  for (int l = 0; l < 64; ++l) { w->v[1][l] = l; w->v[0][l] = 0xdead; }
  w->setExec(0x00000000000000f0ull);
  run("v_mov_b32 v0, v1\nv_add_u32 v2, v1, v1\nv_add_f32 v3, 1.0, v1");
  for (int l = 0; l < 64; ++l) {
    bool on = l >= 4 && l < 8;
    EXPECT_EQ(w->v[0][l], on ? uint32_t(l) : 0xdeadu) << l;
    if (!on) {
      EXPECT_EQ(w->v[2][l], 0u) << l;
    }
  }
}

TEST_P(Valu, CarryOutToVccAndSdst) {
  for (int l = 0; l < 64; ++l) { w->v[0][l] = 0xffffffff; w->v[1][l] = l & 1; }
  w->setExec(0xffffffff0000000full);
  run("v_add_co_u32 v2, vcc, v0, v1\nv_add_co_u32_e64 v3, s[10:11], v0, v1");
  uint64_t expect = 0;
  for (int l = 0; l < 64; ++l)
    if (((w->exec() >> l) & 1) && (l & 1)) expect |= 1ull << l;
  EXPECT_EQ(w->vcc(), expect);  // inactive lanes' bits are 0
  EXPECT_EQ(w->s64(10), expect);
  EXPECT_EQ(w->v[2][1], 0u);
  EXPECT_EQ(w->v[2][0], 0xffffffffu);
  // addc chains the carry in from VCC
  run("v_addc_co_u32 v4, vcc, 0, 0, vcc");
  EXPECT_EQ(w->v[4][1], 1u);
  EXPECT_EQ(w->v[4][0], 0u);
  // GFX9 v_add_u32 clamp saturates
  run("v_add_u32_e64 v5, v0, v1 clamp");
  EXPECT_EQ(w->v[5][1], 0xffffffffu);
}

TEST_P(Valu, FloatModifiers) {
  for (int l = 0; l < 64; ++l) { w->v[0][l] = 0x3f800000; w->v[1][l] = 0xc0000000; }  // 1, -2
  run("v_add_f32_e64 v2, -v0, |v1|\nv_add_f32_e64 v3, v0, v1 mul:2\nv_add_f32_e64 v4, v0, v0 clamp\n"
      "v_add_f32_e64 v5, v0, v1 clamp");
  EXPECT_EQ(w->v[2][7], 0x3f800000u);   // -1 + 2 = 1
  EXPECT_EQ(w->v[3][7], 0xc0000000u);   // (1 - 2) * 2 = -2
  EXPECT_EQ(w->v[4][7], 0x3f800000u);   // 2 clamped to 1
  EXPECT_EQ(w->v[5][7], 0u);            // -1 clamped to 0
}

TEST_P(Valu, CndmaskAndCompare) {
  for (int l = 0; l < 64; ++l) { w->v[0][l] = l; w->v[1][l] = 5; }
  w->setExec(~0ull);
  run("v_cmp_eq_u32 vcc, v0, v1\nv_cndmask_b32 v2, 60, v0, vcc\nv_cmpx_eq_u32 s[4:5], 6, v0");
  EXPECT_EQ(w->vcc(), 1ull << 5);
  EXPECT_EQ(w->v[2][5], 5u);
  EXPECT_EQ(w->v[2][6], 60u);
  EXPECT_EQ(w->exec(), 1ull << 6);
  EXPECT_EQ(w->s64(4), 1ull << 6);
}

TEST_P(Valu, ReadlaneWritelaneFirstlane) {
  for (int l = 0; l < 64; ++l) w->v[0][l] = 1000 + l;
  w->setExec(0xff00ull);
  w->s[3] = 67;  // lane 67 & 63 = 3
  run("v_readlane_b32 s0, v0, s3\nv_readfirstlane_b32 s1, v0\nv_writelane_b32 v0, s1, 60");
  EXPECT_EQ(w->s[0], 1003u);   // EXEC ignored
  EXPECT_EQ(w->s[1], 1008u);   // first active lane
  EXPECT_EQ(w->v[0][60], 1008u);
}

TEST_P(Valu, SdwaSelectsAndDstUnused) {
  for (int l = 0; l < 64; ++l) { w->v[0][l] = 0x80ff7f01; w->v[1][l] = 0x00020003; w->v[2][l] = 0xaabbccdd; }
  run("v_mov_b32_sdwa v2, sext(v0) dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_3\n"
      "v_add_u32_sdwa v3, v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_1\n"
      "v_mov_b32_sdwa v4, v0 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_3");
  EXPECT_EQ(w->v[2][0], 0xaabb80ddu);  // byte 3 (0x80) into byte 1, rest kept
  EXPECT_EQ(w->v[3][0], 0x00810000u);  // 0x7f + 0x2 = 0x81 in word 1
  EXPECT_EQ(w->v[4][0], 0x00000080u);  // word 0 = 0x0080, sign bit of the word is 0
}

TEST_P(Valu, DppRowShiftBoundCtrlAndMasks) {
  for (int l = 0; l < 64; ++l) { w->v[1][l] = l; w->v[0][l] = 0xdead; w->v[2][l] = 0xdead; }
  run("v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf\n"
      "v_mov_b32_dpp v2, v1 row_shr:1 row_mask:0x1 bank_mask:0xf bound_ctrl:0");
  EXPECT_EQ(w->v[0][0], 1u);
  EXPECT_EQ(w->v[0][14], 15u);
  EXPECT_EQ(w->v[0][15], 0xdeadu);  // no source, bound_ctrl off: not written
  EXPECT_EQ(w->v[2][0], 0u);        // no source, bound_ctrl: reads 0
  EXPECT_EQ(w->v[2][5], 4u);
  EXPECT_EQ(w->v[2][16], 0xdeadu);  // row 1 masked off
}

// Every way a VALU source reaches the fast handler (pre-decoded SGPR and
// constant reads, 32-bit ones broadcast, 64-bit ones not, SCC/VCCZ/EXECZ
// through the out-of-line twin), under a full EXEC (constant chunk masks)
// and a partial one.
TEST_P(Valu, ScalarSourcesOfEveryKind) {
  for (uint64_t exec : {~0ull, 0x0000ffff0000ff00ull}) {
    SetUp();
    for (int l = 0; l < 64; ++l) {
      w->v[0][l] = l;
      w->v[1][l] = 1000 + l;
      w->v[10][l] = 0;
      w->v[11][l] = 0x3ff00000;  // 1.0
      w->v[13][l] = 0x3f800000;  // 1.0f
    }
    w->s[4] = 0x12345678;
    w->setS64(6, 0x00000000ffff0000ull);
    w->scc = true;
    w->setVcc(1);
    w->setExec(exec);
    run("v_add_u32 v5, s4, v0\n"
        "v_cndmask_b32_e64 v2, v0, v1, s[6:7]\n"
        "v_lshlrev_b64 v[6:7], 1, s[6:7]\n"
        "v_add_f64 v[8:9], 1.0, v[10:11]\n"
        "v_add_f32 v12, 0x40400000, v13\n"
        "v_mov_b32 v3, src_scc\n"
        "v_mov_b32 v4, src_vccz\n"
        "v_add_u32 v14, src_execz, v0");
    for (int l = 0; l < 64; ++l) {
      if (!((exec >> l) & 1)) {
        EXPECT_EQ(w->v[5][l], 0u) << l;
        continue;
      }
      EXPECT_EQ(w->v[5][l], 0x12345678u + l) << l;
      EXPECT_EQ(w->v[2][l], l >= 16 && l < 32 ? 1000u + l : uint32_t(l)) << l;
      EXPECT_EQ(w->v[6][l], 0xfffe0000u) << l;
      EXPECT_EQ(w->v[7][l], 1u) << l;
      EXPECT_EQ(w->v[8][l], 0u) << l;
      EXPECT_EQ(w->v[9][l], 0x40000000u) << l;  // 2.0
      EXPECT_EQ(w->v[12][l], 0x40800000u) << l;  // 4.0f
      EXPECT_EQ(w->v[3][l], 1u) << l;
      EXPECT_EQ(w->v[4][l], 0u) << l;
      EXPECT_EQ(w->v[14][l], uint32_t(l)) << l;
    }
  }
}

// f32 operations whose inputs or result leave the AVX-512 shortcut in one
// chunk only (a denormal input, a NaN): that clone hands the instruction on
// from the chunk to the baseline clone. The chunks before keep their
// results, and a destination that is also a source is written once.
TEST_P(Valu, FloatShortcutLeftInOneChunk) {
  for (uint64_t exec : {~0ull, 0xfffffffffffffff0ull}) {
    SetUp();
    for (int l = 0; l < 64; ++l) {
      w->v[2][l] = 0x3f800000;  // 1.0
      w->v[3][l] = 0x40000000;  // 2.0
      w->v[4][l] = 0x3f800000;
      w->v[6][l] = 0x3f000000;  // 0.5
      w->v[8][l] = 0xbf800000;  // -1.0
      w->v[9][l] = 0xdead;
    }
    w->v[2][40] = 0x00000001;  // denormal: flushed to +0 on input
    w->v[2][63] = 0x7fa00000;  // signalling NaN: quieted
    w->v[4][20] = 0x00000001;
    w->v[8][33] = 0x80000001;  // |x| is a denormal
    w->setExec(exec);
    run("v_add_f32 v2, v2, v3\n"
        "v_fma_f32 v4, v4, v3, v6\n"
        "v_add_f32_e64 v9, -v3, |v8|");
    for (int l = 0; l < 64; ++l) {
      if (!((exec >> l) & 1)) {
        EXPECT_EQ(w->v[2][l], 0x3f800000u) << l;
        EXPECT_EQ(w->v[9][l], 0xdeadu) << l;
        continue;
      }
      EXPECT_EQ(w->v[2][l], l == 40 ? 0x40000000u : l == 63 ? 0x7fe00000u : 0x40400000u) << l;
      EXPECT_EQ(w->v[4][l], l == 20 ? 0x3f000000u : 0x40200000u) << l;  // 0.5 or 2.5
      EXPECT_EQ(w->v[9][l], l == 33 ? 0xc0000000u : 0xbf800000u) << l;  // -2 or -1
    }
  }
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Valu, ::testing::Values(Path::FAST, Path::REFERENCE));

}  // namespace
}  // namespace gcn::sem
