// VGPR indexing mode (s_set_gpr_idx_on/_idx/_mode/_off, MODE.GPR_IDX_EN):
// GcnState.md "GPR indexing mode". Every program runs on both paths.
#include <gtest/gtest.h>

#include <memory>

#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

class GprIdx : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override {
    w = std::make_unique<WaveState>();
    w->reset(Gen::GFX9);
    // v<r>[lane] = r * 1000 + lane: every register and lane distinguishable.
    for (int r = 0; r < kMaxVgprs; ++r)
      for (int l = 0; l < kLanes; ++l) w->v[r][l] = uint32_t(r * 1000 + l);
  }
  bool run(const std::string& text, std::string* err, const char* cpu = "gfx900") {
    return testing::runText(targetOrDie(cpu), text + "\ns_endpgm", *w, err, GetParam());
  }
  uint32_t val(int r, int l) const { return uint32_t(r * 1000 + l); }
  std::unique_ptr<WaveState> w;
};

TEST_P(GprIdx, Src0IndexedUntilOff) {
  w->s[2] = 3;
  std::string err;
  ASSERT_TRUE(run("s_set_gpr_idx_on s2, gpr_idx(SRC0)\n"
                  "v_mov_b32 v0, v10\n"
                  "s_set_gpr_idx_off\n"
                  "v_mov_b32 v1, v10", &err)) << err;
  for (int l : {0, 17, 63}) {
    EXPECT_EQ(w->v[0][l], val(13, l));
    EXPECT_EQ(w->v[1][l], val(10, l));
  }
  EXPECT_EQ(w->mode() & kModeGprIdxEn, 0u);
  EXPECT_EQ(w->m0() & 0xffu, 3u);  // index 3, mode bits SRC0 = bit 12
  EXPECT_EQ((w->m0() >> 12) & 15u, 1u);
}

TEST_P(GprIdx, DstAndSrc1OfVop3AndVop2) {
  w->s[2] = 4;
  std::string err;
  // dst v1 -> v5, src1 v3 -> v7 (src0 v2 unchanged); e32 form too.
  ASSERT_TRUE(run("s_set_gpr_idx_on s2, gpr_idx(SRC1,DST)\n"
                  "v_add_u32_e64 v1, v2, v3\n"
                  "v_sub_u32 v20, v40, v41\n"
                  "s_set_gpr_idx_off", &err)) << err;
  for (int l : {0, 5, 63}) {
    EXPECT_EQ(w->v[5][l], val(2, l) + val(7, l));
    EXPECT_EQ(w->v[1][l], val(1, l));  // not written
    EXPECT_EQ(w->v[24][l], val(40, l) - val(45, l));
    EXPECT_EQ(w->v[20][l], val(20, l));
  }
}

TEST_P(GprIdx, SixtyFourBitOperandAndIndexChangedBySetGprIdxIdx) {
  std::string err;
  // v_lshlrev_b64 v[0:1], 1, v[4:5] with SRC1 indexed by 2 reads v[6:7];
  // after s_set_gpr_idx_idx 6 it reads v[10:11]; s_set_gpr_idx_mode
  // switches to DST only.
  ASSERT_TRUE(run("s_set_gpr_idx_on 2, gpr_idx(SRC1)\n"
                  "v_lshlrev_b64 v[0:1], 1, v[4:5]\n"
                  "s_mov_b32 s3, 6\n"
                  "s_set_gpr_idx_idx s3\n"
                  "v_lshlrev_b64 v[2:3], 1, v[4:5]\n"
                  "s_set_gpr_idx_mode gpr_idx(DST)\n"
                  "v_mov_b32 v30, v31\n"
                  "s_set_gpr_idx_off", &err)) << err;
  for (int l : {0, 63}) {
    const uint64_t a = uint64_t(val(6, l)) | uint64_t(val(7, l)) << 32;
    const uint64_t b = uint64_t(val(10, l)) | uint64_t(val(11, l)) << 32;
    EXPECT_EQ(w->v[0][l], uint32_t(a << 1));
    EXPECT_EQ(w->v[1][l], uint32_t((a << 1) >> 32));
    EXPECT_EQ(w->v[2][l], uint32_t(b << 1));
    EXPECT_EQ(w->v[3][l], uint32_t((b << 1) >> 32));
    EXPECT_EQ(w->v[36][l], val(31, l));  // dst v30 + 6
    EXPECT_EQ(w->v[30][l], val(30, l));
  }
}

TEST_P(GprIdx, PastV255ReadsV0) {
  std::string err;
  ASSERT_TRUE(run("s_set_gpr_idx_on 200, gpr_idx(SRC0)\n"
                  "v_mov_b32 v1, v100\n"
                  "v_mov_b32 v2, v50\n"
                  "s_set_gpr_idx_off", &err)) << err;
  EXPECT_EQ(w->v[1][7], val(0, 7));    // v300 does not exist: v0
  EXPECT_EQ(w->v[2][7], val(250, 7));
}

TEST_P(GprIdx, ExecMaskStillApplies) {
  w->setExec(0x1);
  std::string err;
  ASSERT_TRUE(run("s_set_gpr_idx_on 1, gpr_idx(DST)\nv_mov_b32 v0, 7\ns_set_gpr_idx_off", &err))
      << err;
  EXPECT_EQ(w->v[1][0], 7u);
  EXPECT_EQ(w->v[1][1], val(1, 1));
}

TEST_P(GprIdx, EnabledThroughSetregOfMode) {
  w->setM0((1u << 12) | 5u);  // SRC0, index 5
  std::string err;
  // MODE bit 27 = GPR_IDX_EN: hwreg(HW_REG_MODE, 27, 1).
  ASSERT_TRUE(run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 27, 1), 1\n"
                  "v_mov_b32 v0, v1\n"
                  "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 27, 1), 0\n"
                  "v_mov_b32 v2, v1", &err)) << err;
  EXPECT_EQ(w->v[0][3], val(6, 3));
  EXPECT_EQ(w->v[2][3], val(1, 3));
}

TEST_P(GprIdx, ScalarInstructionsAreNotIndexed) {
  w->s[5] = 77;
  w->s[6] = 78;
  std::string err;
  ASSERT_TRUE(run("s_set_gpr_idx_on 1, gpr_idx(SRC0)\n"
                  "s_mov_b32 s4, s5\n"
                  "v_readfirstlane_b32 s7, v8\n"
                  "s_set_gpr_idx_off", &err)) << err;
  EXPECT_EQ(w->s[4], 77u);
  EXPECT_EQ(w->s[7], val(9, 0));  // VALU src0 indexed: v9
}

TEST_P(GprIdx, NonVgprOperandInIndexedSlotIsAClearError) {
  std::string err;
  EXPECT_FALSE(run("s_set_gpr_idx_on 1, gpr_idx(SRC0)\nv_mov_b32 v0, s1", &err));
  EXPECT_NE(err.find("unsupported in the functional model: v_mov_b32"), std::string::npos) << err;
  EXPECT_NE(err.find("src0"), std::string::npos) << err;
  EXPECT_NE(err.find("pc 0x1004"), std::string::npos) << err;
  EXPECT_NE(err.find("wave 0"), std::string::npos) << err;
  EXPECT_EQ(w->v[0][0], val(0, 0));
  // A scalar destination is no VDST to index either.
  SetUp();
  EXPECT_FALSE(run("s_set_gpr_idx_on 1, gpr_idx(DST)\nv_readfirstlane_b32 s7, v8", &err));
  EXPECT_NE(err.find("v_readfirstlane_b32 with VGPR indexing (s_set_gpr_idx_on) applied to its "
                     "non-VGPR vdst"), std::string::npos) << err;
}

INSTANTIATE_TEST_SUITE_P(Paths, GprIdx, ::testing::Values(Path::FAST, Path::REFERENCE),
                         [](const auto& i) { return i.param == Path::FAST ? "fast" : "ref"; });

}  // namespace
}  // namespace gcn::sem
