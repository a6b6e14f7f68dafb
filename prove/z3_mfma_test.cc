// Integer MFMA and the CDNA packed/64-bit rows in the Z3 model: laws of the
// instructions proved for every input, and what the model refuses by name.
#include <gtest/gtest.h>

#include <string>

#include "isa/target_testing.h"
#include "prove/z3_equiv.h"

namespace gcn::prop {
namespace {

EquivResult check(const char* cpu, const std::string& a, const std::string& b,
                  const std::string& live_out) {
  EquivOptions o;
  o.live_out = live_out;
  return checkEquivalence(targetOrDie(cpu), a, b, o);
}

// D = A*B + C is A*B + 0, then C added lane by lane (gfx90a takes an
// inline-constant C). The adds obey EXEC and the MFMA does not
// (SEM_MFMA_EXEC): the law holds under a full EXEC.
TEST(Z3Mfma, IntegerMfmaIsLinearInC) {
  const std::string a = "s_mov_b64 exec, -1\nv_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9]\n";
  const std::string b =
      "s_mov_b64 exec, -1\nv_mfma_i32_4x4x4i8 v[0:3], v4, v5, 0\n"
      "v_add_u32 v0, v0, v6\nv_add_u32 v1, v1, v7\nv_add_u32 v2, v2, v8\nv_add_u32 v3, v3, v9\n";
  const EquivResult r = check("gfx90a", a, b, "v[0:3]");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
}

// A counterexample names the AccVGPRs it starts from as aN, as the text
// that reads them does.
TEST(Z3Mfma, CounterexampleNamesAccVgprs) {
  const EquivResult r = check("gfx90a", "v_accvgpr_mov_b32 a0, a5\n", "v_accvgpr_mov_b32 a0, a4\n", "a0");
  ASSERT_EQ(r.status, EquivResult::NOT_EQUIVALENT) << r.error << r.report;
  EXPECT_NE(r.report.find("  a5 ="), std::string::npos) << r.report;
  EXPECT_NE(r.report.find("  a4 ="), std::string::npos) << r.report;
  EXPECT_EQ(r.report.find("  v26"), std::string::npos) << r.report;
}

// The AccVGPR file round trip: the same product through a[0:3] on gfx908
// (where C and D must be AccVGPRs) and read back.
TEST(Z3Mfma, AccVgprRoundTripKeepsTheProduct) {
  const std::string a =
      "v_accvgpr_write_b32 a0, v6\nv_accvgpr_write_b32 a1, v7\n"
      "v_accvgpr_write_b32 a2, v8\nv_accvgpr_write_b32 a3, v9\n"
      "v_mfma_i32_4x4x4i8 a[0:3], v4, v5, a[0:3]\n"
      "v_accvgpr_read_b32 v0, a0\nv_accvgpr_read_b32 v1, a1\n"
      "v_accvgpr_read_b32 v2, a2\nv_accvgpr_read_b32 v3, a3\n";
  const std::string b =
      "v_accvgpr_write_b32 a4, v6\nv_accvgpr_write_b32 a5, v7\n"
      "v_accvgpr_write_b32 a6, v8\nv_accvgpr_write_b32 a7, v9\n"
      "v_mfma_i32_4x4x4i8 a[4:7], v4, v5, a[4:7]\n"
      "v_accvgpr_read_b32 v0, a4\nv_accvgpr_read_b32 v1, a5\n"
      "v_accvgpr_read_b32 v2, a6\nv_accvgpr_read_b32 v3, a7\n";
  const EquivResult r = check("gfx908", a, b, "v[0:3]");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
}

// A lane-group pattern changes the result for some input. A is all ones,
// so D is C plus sums of B bytes: a counterexample needs no multiplier
// reasoning (with free A, finding one took the solver ~10 s).
TEST(Z3Mfma, BlgpMatters) {
  const std::string ones = "s_mov_b64 exec, -1\nv_mov_b32 v4, 0x1010101\n";
  const EquivResult r = check("gfx90a", ones + "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9]\n",
                              ones + "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9] blgp:1\n", "v[0:3]");
  EXPECT_EQ(r.status, EquivResult::NOT_EQUIVALENT) << r.error;
}

// Broadcasting block 0's A to all 16 blocks (cbsz:4 abid:0): the A lanes of
// blocks 1-15 (lanes 4-63 of v4) are never read.
TEST(Z3Mfma, FullBroadcastReadsOnlyBlockZero) {
  const std::string a = "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9] cbsz:4 abid:0\n";
  const std::string b =
      "s_mov_b64 exec, -16\nv_mov_b32 v4, 0\ns_mov_b64 exec, -1\n"
      "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9] cbsz:4 abid:0\n";
  const EquivResult r = check("gfx90a", a, b, "v[0:3]");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
  // Without the broadcast those lanes matter.
  const EquivResult r2 = check("gfx90a", "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9]\n",
                               "s_mov_b64 exec, -16\nv_mov_b32 v4, 0\ns_mov_b64 exec, -1\n"
                               "v_mfma_i32_4x4x4i8 v[0:3], v4, v5, v[6:9]\n",
                               "v[0:3]");
  EXPECT_EQ(r2.status, EquivResult::NOT_EQUIVALENT) << r2.error;
}

// SMFMAC: CBSZ != 0 reads index set 0 whatever ABID says; with CBSZ = 0,
// ABID picks another set of index fields, which changes the result.
TEST(Z3Mfma, SmfmacIndexSetFollowsCbszAndAbid) {
  const EquivResult r =
      check("gfx942", "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10 cbsz:1 abid:1\n",
            "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10 cbsz:2 abid:0\n", "v0");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
  // (A all ones: D is C plus sums of the B bytes the index fields pick.)
  const std::string ones = "s_mov_b64 exec, -1\nv_mov_b32 v4, 0x1010101\nv_mov_b32 v5, v4\n";
  const EquivResult r2 =
      check("gfx942", ones + "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10 abid:0\n",
            ones + "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10 abid:1\n", "v0");
  EXPECT_EQ(r2.status, EquivResult::NOT_EQUIVALENT) << r2.error;
}

// The index fields only choose among a group's four B rows: when the four
// are equal (a group's rows are the four bytes of one B dword, here all
// the same byte), the index does not matter.
TEST(Z3Mfma, SmfmacIndexIrrelevantWhenBRowsAreEqual) {
  const std::string setup =
      "s_mov_b64 exec, -1\nv_and_b32 v6, 0xff, v6\n"
      "v_lshl_or_b32 v6, v6, 8, v6\nv_lshl_or_b32 v6, v6, 16, v6\n"
      "v_mov_b32 v7, v6\nv_mov_b32 v8, v6\nv_mov_b32 v9, v6\n";
  const EquivResult r =
      check("gfx942", setup + "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10\n",
            setup + "v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v11\n", "v0");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
}

TEST(Z3Mfma, FloatMfmaIsRefusedByName) {
  const EquivResult r = check("gfx90a", "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[6:9]\n",
                              "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[6:9]\n", "v[0:3]");
  EXPECT_EQ(r.status, EquivResult::ERROR);
  EXPECT_NE(r.error.find("v_mfma_f32_4x4x1f32: float MFMA is not in the Z3 model"), std::string::npos)
      << r.error;
}

// GFX940's 64-bit shift-add is a shift and a 64-bit add.
TEST(Z3Cdna, LshlAddU64IsShiftThenAdd) {
  const EquivResult r = check("gfx942", "v_lshl_add_u64 v[0:1], v[2:3], 3, v[4:5]\n",
                              "v_lshlrev_b64 v[0:1], 3, v[2:3]\n"
                              "v_add_co_u32 v0, vcc, v0, v4\nv_addc_co_u32 v1, vcc, v1, v5, vcc\n",
                              "v[0:1]");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
}

// v_pk_mov_b32 with op_sel:[1,0] swaps the dwords of a pair.
TEST(Z3Cdna, PkMovSwapsDwords) {
  const EquivResult r = check("gfx90a", "v_pk_mov_b32 v[0:1], v[2:3], v[2:3] op_sel:[1,0]\n",
                              "v_mov_b32 v0, v3\nv_mov_b32 v1, v2\n", "v[0:1]");
  EXPECT_EQ(r.status, EquivResult::EQUIVALENT) << r.error << r.report;
}

}  // namespace
}  // namespace gcn::prop
