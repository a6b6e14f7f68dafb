// Scalar ALU edge cases from the spec's Operation lines (GcnInstrsSop*.md).
#include <gtest/gtest.h>

#include <memory>

#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

class Salu : public ::testing::Test {
 protected:
  void SetUp() override { w = std::make_unique<WaveState>(); w->reset(Gen::GFX9); }
  // Runs `text` + s_endpgm on gfx900 (or `cpu`).
  void run(const std::string& text, const char* cpu = "gfx900") {
    std::string err;
    Target t = targetOrDie(cpu);
    w->gen = t.gen;
    w->num_sgprs = t.gen <= Gen::GFX7 ? 104 : 102;
    ASSERT_TRUE(testing::runText(t, text + "\ns_endpgm", *w, &err)) << err;
  }
  std::unique_ptr<WaveState> w;
};

TEST_F(Salu, AddU32CarryIntoScc) {
  w->s[0] = 0xffffffff; w->s[1] = 1;
  run("s_add_u32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0u); EXPECT_TRUE(w->scc);
  w->s[0] = 0xfffffffe;
  run("s_add_u32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0xffffffffu); EXPECT_FALSE(w->scc);
}

TEST_F(Salu, AddcSubbChainCarry) {
  // 64-bit add of 0x00000001_ffffffff + 1 via add/addc.
  w->s[0] = 0xffffffff; w->s[1] = 1; w->s[2] = 1; w->s[3] = 0;
  run("s_add_u32 s4, s0, s2\ns_addc_u32 s5, s1, s3");
  EXPECT_EQ(w->s[4], 0u); EXPECT_EQ(w->s[5], 2u); EXPECT_FALSE(w->scc);
  w->s[0] = 0; w->s[1] = 0; w->s[2] = 1; w->s[3] = 0;
  run("s_sub_u32 s4, s0, s2\ns_subb_u32 s5, s1, s3");
  EXPECT_EQ(w->s[4], 0xffffffffu); EXPECT_EQ(w->s[5], 0xffffffffu); EXPECT_TRUE(w->scc);
  w->scc = true; w->s[0] = 5; w->s[1] = 5;
  run("s_subb_u32 s4, s0, s1");
  EXPECT_EQ(w->s[4], 0xffffffffu); EXPECT_TRUE(w->scc);
}

TEST_F(Salu, SignedOverflowIntoScc) {
  w->s[0] = 0x7fffffff; w->s[1] = 1;
  run("s_add_i32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0x80000000u); EXPECT_TRUE(w->scc);
  w->s[0] = 0xffffffff; w->s[1] = 1;  // -1 + 1: carry but no overflow
  run("s_add_i32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0u); EXPECT_FALSE(w->scc);
  w->s[0] = 0x80000000; w->s[1] = 1;
  run("s_sub_i32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0x7fffffffu); EXPECT_TRUE(w->scc);
  w->s[0] = 0x7fff0000;
  run("s_addk_i32 s0, 0x7fff");
  EXPECT_FALSE(w->scc);
  w->s[0] = 0x7fffffff;
  run("s_addk_i32 s0, 1");
  EXPECT_EQ(w->s[0], 0x80000000u); EXPECT_TRUE(w->scc);
}

TEST_F(Salu, MinMaxSignedUnsignedAndScc) {
  w->s[0] = 0xffffffff; w->s[1] = 1;
  run("s_min_i32 s2, s0, s1\ns_cselect_b32 s6, 1, 0\ns_min_u32 s3, s0, s1\ns_cselect_b32 s7, 1, 0");
  EXPECT_EQ(w->s[2], 0xffffffffu); EXPECT_EQ(w->s[6], 1u);
  EXPECT_EQ(w->s[3], 1u); EXPECT_EQ(w->s[7], 0u);
  run("s_max_i32 s2, s0, s1\ns_max_u32 s3, s0, s1");
  EXPECT_EQ(w->s[2], 1u); EXPECT_EQ(w->s[3], 0xffffffffu); EXPECT_TRUE(w->scc);
  w->s[1] = 0xffffffff;  // equal: SSRC1 chosen, SCC = 0
  run("s_max_u32 s3, s0, s1");
  EXPECT_FALSE(w->scc);
}

TEST_F(Salu, ShiftsMaskTheCount) {
  w->s[0] = 0x80000001; w->s[1] = 33;  // 33 & 31 = 1
  run("s_lshl_b32 s2, s0, s1\ns_lshr_b32 s3, s0, s1\ns_ashr_i32 s4, s0, s1");
  EXPECT_EQ(w->s[2], 2u); EXPECT_EQ(w->s[3], 0x40000000u); EXPECT_EQ(w->s[4], 0xc0000000u);
  w->s[0] = 0; w->s[1] = 0x80000000; w->s[2] = 64 + 63;
  run("s_ashr_i64 s[4:5], s[0:1], s2\ns_lshr_b64 s[6:7], s[0:1], s2");
  EXPECT_EQ(w->s64(4), ~0ull); EXPECT_EQ(w->s64(6), 1ull); EXPECT_TRUE(w->scc);
  w->s[0] = 1; w->s[1] = 0; w->s[2] = 64;  // shift by 64 -> by 0
  run("s_lshl_b64 s[4:5], s[0:1], s2");
  EXPECT_EQ(w->s64(4), 1ull);
  w->s[0] = 0x80000000; w->s[1] = 31;
  run("s_lshl_b32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0u); EXPECT_FALSE(w->scc);
}

TEST_F(Salu, BitfieldExtract) {
  w->s[0] = 0xf0f0f0f0;
  w->s[1] = (8u << 16) | 4;  // width 8 at offset 4
  run("s_bfe_u32 s2, s0, s1\ns_bfe_i32 s3, s0, s1");
  EXPECT_EQ(w->s[2], 0x0fu); EXPECT_EQ(w->s[3], 0x0fu);
  w->s[1] = (8u << 16) | 0;
  run("s_bfe_i32 s3, s0, s1");
  EXPECT_EQ(w->s[3], 0xfffffff0u);
  w->s[1] = (0u << 16) | 4;  // width 0 -> 0
  run("s_bfe_u32 s2, s0, s1\ns_bfe_i32 s3, s0, s1");
  EXPECT_EQ(w->s[2], 0u); EXPECT_EQ(w->s[3], 0u); EXPECT_FALSE(w->scc);
  w->s[1] = (100u << 16) | 28;  // width past the top: S0 >> offset
  run("s_bfe_u32 s2, s0, s1\ns_bfe_i32 s3, s0, s1");
  EXPECT_EQ(w->s[2], 0xfu); EXPECT_EQ(w->s[3], 0xffffffffu);
  w->s[0] = 0; w->s[1] = 0x80000000; w->s[2] = (1u << 16) | 63;
  run("s_bfe_i64 s[4:5], s[0:1], s2\ns_bfe_u64 s[6:7], s[0:1], s2");
  EXPECT_EQ(w->s64(4), ~0ull); EXPECT_EQ(w->s64(6), 1ull);
  w->s[2] = (64u << 16);
  run("s_bfe_u64 s[6:7], s[0:1], s2");
  EXPECT_EQ(w->s64(6), 0x8000000000000000ull);
}

TEST_F(Salu, BfmBitsetBrevBcnt) {
  w->s[0] = 4; w->s[1] = 8;
  run("s_bfm_b32 s2, s0, s1\ns_bfm_b64 s[4:5], s0, s1");
  EXPECT_EQ(w->s[2], 0xf00u); EXPECT_EQ(w->s64(4), 0xf00ull);
  w->s[0] = 32;  // 32 & 31 = 0 -> empty mask
  run("s_bfm_b32 s2, s0, s1");
  EXPECT_EQ(w->s[2], 0u);
  w->s[2] = 0; w->s[0] = 35;
  run("s_bitset1_b32 s2, s0\ns_bitset1_b64 s[4:5], s0");
  EXPECT_EQ(w->s[2], 8u); EXPECT_EQ(w->s[5] & 8u, 8u);
  w->s[0] = 1;
  run("s_brev_b32 s2, s0\ns_bcnt1_i32_b32 s3, s0\ns_bcnt0_i32_b32 s4, s0");
  EXPECT_EQ(w->s[2], 0x80000000u); EXPECT_EQ(w->s[3], 1u); EXPECT_EQ(w->s[4], 31u);
}

TEST_F(Salu, FindFirstAndLeadingBits) {
  w->s[0] = 0; w->s[1] = 0xffffffff; w->s[2] = 0x00010000; w->s[3] = 0xfffe0000;
  run("s_ff1_i32_b32 s4, s0\ns_ff0_i32_b32 s5, s1\ns_ff1_i32_b32 s6, s2\n"
      "s_flbit_i32_b32 s7, s0\ns_flbit_i32_b32 s8, s2\ns_flbit_i32 s9, s3\ns_flbit_i32 s10, s1");
  EXPECT_EQ(w->s[4], 0xffffffffu); EXPECT_EQ(w->s[5], 0xffffffffu); EXPECT_EQ(w->s[6], 16u);
  EXPECT_EQ(w->s[7], 0xffffffffu); EXPECT_EQ(w->s[8], 15u); EXPECT_EQ(w->s[9], 15u);
  EXPECT_EQ(w->s[10], 0xffffffffu);
}

TEST_F(Salu, MovkSignExtendsAndKeepsScc) {
  w->scc = true;
  run("s_movk_i32 s0, 0x8000\ns_cmpk_eq_u32 s0, 0x8000");
  EXPECT_EQ(w->s[0], 0xffff8000u);
  EXPECT_FALSE(w->scc);  // unsigned compare zero-extends the immediate
  run("s_cmpk_eq_i32 s0, 0x8000");
  EXPECT_TRUE(w->scc);
  w->scc = false; w->s[1] = 7;
  run("s_movk_i32 s1, 0x1234");
  EXPECT_EQ(w->s[1], 0x1234u); EXPECT_FALSE(w->scc);
  w->scc = false;
  run("s_cmovk_i32 s1, 5");
  EXPECT_EQ(w->s[1], 0x1234u);
}

TEST_F(Salu, SaveexecFamily) {
  w->setExec(0x00000000ffff0000ull);
  w->s[0] = 0xffffffff; w->s[1] = 0;
  run("s_and_saveexec_b64 s[2:3], s[0:1]");
  EXPECT_EQ(w->s64(2), 0x00000000ffff0000ull);
  EXPECT_EQ(w->exec(), 0xffff0000ull); EXPECT_TRUE(w->scc);
  run("s_andn2_saveexec_b64 s[2:3], s[0:1]");
  EXPECT_EQ(w->exec(), 0x0000ffffull);
  run("s_orn2_saveexec_b64 s[2:3], s[0:1]");
  EXPECT_EQ(w->exec(), 0xffffffffffffffffull);
  w->setExec(0xf0);
  w->s[0] = 0xff; w->s[1] = 0;
  run("s_andn1_saveexec_b64 s[2:3], s[0:1]");
  EXPECT_EQ(w->exec(), 0ull); EXPECT_FALSE(w->scc); EXPECT_EQ(w->s64(2), 0xf0ull);
  w->setExec(0x0f);
  run("s_andn2_wrexec_b64 s[2:3], s[0:1]");
  EXPECT_EQ(w->exec(), 0xf0ull); EXPECT_EQ(w->s64(2), 0xf0ull);
}

TEST_F(Salu, WqmQuadmaskBitreplicate) {
  w->s[0] = 0x00100201;
  run("s_wqm_b32 s2, s0\ns_quadmask_b32 s3, s0");
  EXPECT_EQ(w->s[2], 0x00f00f0fu); EXPECT_EQ(w->s[3], 0b100101u);
  w->s[0] = 0b101;
  run("s_bitreplicate_b64_b32 s[2:3], s0");
  EXPECT_EQ(w->s64(2), 0b110011ull);
}

TEST_F(Salu, MovrelUsesM0) {
  w->s[10] = 111; w->s[11] = 222; w->setM0(2);
  run("s_movrels_b32 s0, s8\ns_movreld_b32 s20, s8");
  EXPECT_EQ(w->s[0], 111u); EXPECT_EQ(w->s[22], w->s[8]);
  w->setM0(200);
  std::string err;
  EXPECT_FALSE(testing::runText(targetOrDie("gfx900"), "s_movrels_b32 s0, s8\ns_endpgm", *w, &err));
  EXPECT_NE(err.find("SGPR index 208"), std::string::npos) << err;
  EXPECT_NE(err.find("pc 0x1000"), std::string::npos) << err;
}

TEST_F(Salu, GetregSetregMode) {
  run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xffffff03\ns_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 8)");
  EXPECT_EQ(w->s[0] & 0xf, 3u);
  EXPECT_EQ(w->fp.round32, Round::TO_ZERO);
  w->s[1] = 0xff;
  run("s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s1\ns_getreg_b32 s2, hwreg(HW_REG_MODE, 4, 4)");
  EXPECT_EQ(w->s[2], 0xfu);
  EXPECT_TRUE(w->fp.denorm_in32);
  // STATUS reflects SCC, EXECZ and VCCZ.
  w->scc = true; w->setExec(0); w->setVcc(1);
  run("s_getreg_b32 s3, hwreg(HW_REG_STATUS)");
  EXPECT_EQ(w->s[3] & 1u, 1u);
  EXPECT_EQ((w->s[3] >> ST_EXECZ) & 1u, 1u);
  EXPECT_EQ((w->s[3] >> ST_VCCZ) & 1u, 0u);
}

TEST_F(Salu, BranchesAndCalls) {
  w->s[0] = 3;
  run("s_mov_b32 s1, 0\n"
      "loop:\n"
      "s_add_u32 s1, s1, 10\n"
      "s_sub_u32 s0, s0, 1\n"
      "s_cmp_lg_u32 s0, 0\n"
      "s_cbranch_scc1 loop");
  EXPECT_EQ(w->s[1], 30u);
  run("s_getpc_b64 s[4:5]\ns_add_u32 s4, s4, 12\ns_setpc_b64 s[4:5]\ns_mov_b32 s6, 1\ns_mov_b32 s7, 2");
  EXPECT_EQ(w->s[7], 2u);
  EXPECT_EQ(w->s64(4), 0x1000ull + 4 + 12);
  w->s[6] = 0;
  run("s_call_b64 s[10:11], func\ns_branch done\nfunc:\ns_mov_b32 s6, 9\ns_setpc_b64 s[10:11]\ndone:");
  EXPECT_EQ(w->s[6], 9u);
  w->setExec(0); w->s[6] = 0;
  run("s_cbranch_execz skip\ns_mov_b32 s6, 1\nskip:");
  EXPECT_EQ(w->s[6], 0u);
}

TEST_F(Salu, ForkJoinSplitsExec) {
  // Lanes 0-3 pass, 4-63 fail: the smaller (passing) side runs first.
  w->setExec(~0ull);
  w->s[20] = 0xf; w->s[21] = 0;
  run("s_getreg_b32 s30, hwreg(HW_REG_MODE, 29, 3)\n"
      "s_cbranch_i_fork s[20:21], pass\n"
      "s_or_b32 s40, s40, 1\n"            // failing side
      "s_branch join\n"
      "pass:\n"
      "s_or_b32 s40, s40, 2\n"
      "join:\n"
      "s_cbranch_join s30\n"
      "s_mov_b64 s[42:43], exec", "bonaire");
  EXPECT_EQ(w->s[40], 3u);  // both sides ran
  EXPECT_EQ(w->s64(42), ~0xfull);  // the last path's mask: join does not restore EXEC
}

TEST_F(Salu, GfxNineExtras) {
  w->s[0] = 0x80000000; w->s[1] = 4;
  run("s_mul_hi_u32 s2, s0, s1\ns_mul_hi_i32 s3, s0, s1\ns_lshl2_add_u32 s4, s0, s1");
  EXPECT_EQ(w->s[2], 2u); EXPECT_EQ(w->s[3], 0xfffffffeu);
  EXPECT_EQ(w->s[4], 4u); EXPECT_TRUE(w->scc);
  w->s[0] = 0x12345678; w->s[1] = 0x9abcdef0;
  run("s_pack_ll_b32_b16 s2, s0, s1\ns_pack_lh_b32_b16 s3, s0, s1\ns_pack_hh_b32_b16 s4, s0, s1");
  EXPECT_EQ(w->s[2], 0xdef05678u); EXPECT_EQ(w->s[3], 0x9abc5678u); EXPECT_EQ(w->s[4], 0x9abc1234u);
  w->s[0] = 5;
  run("s_absdiff_i32 s2, s1, s0\ns_abs_i32 s3, s1");
  EXPECT_EQ(w->s[2], 0x65432115u);
  EXPECT_EQ(w->s[3], 0x65432110u);
}

TEST_F(Salu, SendmsgRecordedTrapAndHaltStop) {
  w->setM0(0x55);
  run("s_sendmsg sendmsg(MSG_INTERRUPT)");
  ASSERT_EQ(w->messages.size(), 1u);
  EXPECT_EQ(w->messages[0].m0, 0x55u);
  std::string err;
  EXPECT_FALSE(testing::runText(targetOrDie("gfx900"), "s_trap 2\ns_endpgm", *w, &err));
  EXPECT_NE(err.find("s_trap 2"), std::string::npos) << err;
  EXPECT_FALSE(testing::runText(targetOrDie("gfx900"), "s_sethalt 1\ns_endpgm", *w, &err));
  EXPECT_EQ(w->stop, WaveStop::HALT);
}

// s_setvskip takes bit S1[4:0] of S0 (bit 20 here); with VSKIP set the
// wave skips vector instructions, so v0 keeps its value.
TEST_F(Salu, SetvskipReadsTheBitS1Selects) {
  w->s[0] = 1u << 20;
  w->s[1] = 20;
  for (int l = 0; l < 64; ++l) w->v[0][l] = 7;
  run("s_setvskip s0, s1\nv_mov_b32 v0, 5");
  EXPECT_TRUE(w->vskip);
  EXPECT_EQ(w->v[0][0], 7u);
  w->s[1] = 4;  // bit 4 of S0 is clear
  run("s_setvskip s0, s1\nv_mov_b32 v0, 5");
  EXPECT_FALSE(w->vskip);
  EXPECT_EQ(w->v[0][0], 5u);
}

}  // namespace
}  // namespace gcn::sem
