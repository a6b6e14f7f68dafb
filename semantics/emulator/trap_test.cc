// s_trap, the trap handler entry/return (TBA, TTMP0/1, STATUS.PRIV, s_rfe)
// and the trap-related hardware registers, as small programs.
#include <gtest/gtest.h>

#include <memory>

#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

class Trap : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override { setCpu("gfx900"); }
  void setCpu(const char* c) {
    cpu = c;
    w = std::make_unique<WaveState>();
    w->reset(targetOrDie(c).gen);
  }
  bool run(const std::string& text, std::string* err) {
    return testing::runText(targetOrDie(cpu), text, *w, err, GetParam());
  }
  const char* cpu = "gfx900";
  std::unique_ptr<WaveState> w;
};

TEST_P(Trap, WithoutHandlerIsAnErrorNamingWavePcAndId) {
  std::string err;
  w->wave_id = 3;
  EXPECT_FALSE(run("s_mov_b32 s5, 1\ns_trap 5\ns_mov_b32 s6, 1\ns_endpgm", &err));
  EXPECT_EQ(err, "wave 3, pc 0x1004: s_trap 5 with no trap handler (TBA = 0)");
  EXPECT_EQ(w->stop, WaveStop::TRAP);
  EXPECT_EQ(w->s[5], 1u);
  EXPECT_EQ(w->s[6], 0u);
}

// Handler installed with s_setreg of TBA (GFX9): it sees the s_trap's PC
// and id in TTMP0/1 and PRIV set, steps past the s_trap and returns with
// the id bits still in TTMP1 (s_rfe takes PC[47:0]).
TEST_P(Trap, Gfx9HandlerEntersAndReturns) {
  std::string err;
  w->s[108] = 0x5555;  // ttmp0 before the trap
  ASSERT_TRUE(run(R"(
      s_setreg_imm32_b32 hwreg(HW_REG_TBA_LO), 0x1018
      s_trap 3
      s_getreg_b32 s13, hwreg(HW_REG_STATUS)
      s_getreg_b32 s14, hwreg(HW_REG_TBA_LO)
      s_endpgm
      s_getreg_b32 s10, hwreg(HW_REG_STATUS)
      s_mov_b32 s11, ttmp1
      s_mov_b32 s12, ttmp0
      s_add_u32 ttmp0, ttmp0, 4
      s_addc_u32 ttmp1, ttmp1, 0
      s_rfe_b64 ttmp[0:1]
    )", &err)) << err;
  EXPECT_EQ(w->s[12], 0x1008u);       // PC of the s_trap
  EXPECT_EQ(w->s[11], 3u << 16);      // trap id at TTMP1[23:16], PC[47:32] = 0
  EXPECT_EQ((w->s[10] >> ST_PRIV) & 1u, 1u);
  EXPECT_EQ((w->s[13] >> ST_PRIV) & 1u, 0u);  // s_rfe cleared PRIV
  EXPECT_EQ(w->s[14], 0x1018u);       // TBA_LO, not ttmp0
  EXPECT_EQ(w->executed, 11u);        // the trap is taken once
}

// GFX8: TBA is the tba SGPR pair; TTMPs start at code 112.
TEST_P(Trap, Gfx8HandlerThroughTbaSgprs) {
  setCpu("fiji");
  w->s[0] = 0x1010;
  w->s[1] = 0;
  std::string err;
  ASSERT_TRUE(run(R"(
      s_mov_b64 tba, s[0:1]
      s_trap 7
      s_mov_b32 s6, 2
      s_endpgm
      s_lshr_b32 s11, ttmp1, 16
      s_add_u32 ttmp0, ttmp0, 4
      s_and_b32 ttmp1, ttmp1, 0xffff
      s_rfe_b64 ttmp[0:1]
    )", &err)) << err;
  EXPECT_EQ(w->s[11], 7u);
  EXPECT_EQ(w->s[112], 0x1008u);  // ttmp0 = s_trap's PC + 4 (the handler's add)
  EXPECT_EQ(w->s[6], 2u);
}

TEST_P(Trap, HandlerOutsideTheProgramIsAClearError) {
  std::string err;
  EXPECT_FALSE(run("s_setreg_imm32_b32 hwreg(HW_REG_TBA_LO), 0x9000\ns_trap 1\ns_endpgm", &err));
  EXPECT_NE(err.find("wave 0, pc 0x1008: jump target 0x9000"), std::string::npos) << err;
}

// The model raises no FP/integer exceptions and has no single-step: MODE
// exception enables or DEBUG_EN with a handler installed stop the wave;
// without a handler they are plain MODE bits (the hardware does not trap).
TEST_P(Trap, ExceptionTrapsWithHandlerAreUnsupportedNotIgnored) {
  std::string err;
  ASSERT_TRUE(run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 12, 7), 0x4\n"
                  "s_getreg_b32 s3, hwreg(HW_REG_MODE, 12, 7)\ns_endpgm", &err)) << err;
  EXPECT_EQ(w->s[3], 4u);
  setCpu("gfx900");
  EXPECT_FALSE(run("s_setreg_imm32_b32 hwreg(HW_REG_TBA_LO), 0x1010\n"
                   "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 12, 7), 0x4\ns_endpgm", &err));
  EXPECT_NE(err.find("wave 0, pc 0x1008: unsupported in the functional model: hardware-initiated "
                     "traps (MODE.DEBUG_EN/EXCP_EN = 0x8"),
            std::string::npos) << err;
  // Installing the handler after the enables is caught too.
  setCpu("gfx900");
  EXPECT_FALSE(run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 11, 1), 1\n"
                   "s_setreg_imm32_b32 hwreg(HW_REG_TBA_LO), 0x1010\ns_endpgm", &err));
  EXPECT_NE(err.find("pc 0x1008: unsupported in the functional model"), std::string::npos) << err;
}

// TRAPSTS is a plain status register: written and read back, no trap.
TEST_P(Trap, TrapstsWriteIsRecordedWithoutTrapping) {
  std::string err;
  ASSERT_TRUE(run("s_setreg_imm32_b32 hwreg(HW_REG_TBA_LO), 0x1018\n"
                  "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 0, 7), 0x5\n"
                  "s_getreg_b32 s2, hwreg(HW_REG_TRAPSTS)\ns_endpgm\ns_mov_b32 s3, 1\ns_endpgm",
                  &err)) << err;
  EXPECT_EQ(w->s[2], 5u);
  EXPECT_EQ(w->s[3], 0u);
}

INSTANTIATE_TEST_SUITE_P(Paths, Trap, ::testing::Values(Path::FAST, Path::REFERENCE),
                         [](const auto& i) { return i.param == Path::FAST ? "fast" : "ref"; });

}  // namespace
}  // namespace gcn::sem
