// How the encode direction classifies a word whose printed text one or both
// assemblers refuse. The tool's answers are given here, so the rules are
// checked without running a tool.
#include "difftest/compare.h"

#include <gtest/gtest.h>

#include "isa/target_testing.h"

namespace gcn::difftest {
namespace {

// v_cndmask_b32_e32 v10, s0, v0, vcc: two SGPRs (s0 and vcc) on the
// constant bus, which GFX9 allows one of. Both disassemblers decode it.
Input constantBusWord() { return Input{{0x00, 0x00, 0x14, 0x00, 0, 0, 0, 0}, Origin::STRUCTURED}; }

TEST(CompareEncode, BothAssemblersRefusingIsAnIllegalWordNotANewClass) {
  Target t = targetOrDie("gfx900");
  ToolAnswer a;
  a.outcome = Outcome::REJECT;
  a.message = "error: invalid operand (violates constant bus restrictions)";
  Finding f;
  EXPECT_EQ(compareEncode(t, constantBusWord(), a, &f), Verdict::DIFFER);
  EXPECT_EQ(f.kind, Kind::ENCODE_BOTH_REFUSE);
  EXPECT_TRUE(isIllegalWord(f.kind));
  EXPECT_NE(f.message.find("constant bus"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("the tool:"), std::string::npos) << f.message;
}

TEST(CompareEncode, OnlyUsRefusingIsADisagreement) {
  Target t = targetOrDie("gfx900");
  ToolAnswer a;
  a.outcome = Outcome::ACCEPT;
  a.bytes = {0x00, 0x00, 0x14, 0x00};
  Finding f;
  EXPECT_EQ(compareEncode(t, constantBusWord(), a, &f), Verdict::DIFFER);
  EXPECT_EQ(f.kind, Kind::ENCODE_WE_REJECT);
  EXPECT_FALSE(isIllegalWord(f.kind));
  EXPECT_TRUE(isAcceptance(f.kind));
  EXPECT_EQ(f.their_bytes, a.bytes);
}

TEST(CompareEncode, ToolCrashOnTextWeRefuseIsACrash) {
  Target t = targetOrDie("gfx900");
  ToolAnswer a;
  a.outcome = Outcome::CRASH;
  Finding f;
  EXPECT_EQ(compareEncode(t, constantBusWord(), a, &f), Verdict::DIFFER);
  EXPECT_EQ(f.kind, Kind::ENCODE_CRASH);
}

TEST(CompareEncode, LegalWordBothAcceptWithSameBytesAgrees) {
  Target t = targetOrDie("gfx900");
  // v_cndmask_b32_e32 v10, v1, v0, vcc
  Input in{{0x01, 0x01, 0x14, 0x00, 0, 0, 0, 0}, Origin::STRUCTURED};
  ToolAnswer a;
  a.outcome = Outcome::ACCEPT;
  a.bytes = {0x01, 0x01, 0x14, 0x00};
  Finding f;
  EXPECT_EQ(compareEncode(t, in, a, &f), Verdict::AGREE_ACCEPT) << f.message;
  a.outcome = Outcome::REJECT;
  EXPECT_EQ(compareEncode(t, in, a, &f), Verdict::DIFFER);
  EXPECT_EQ(f.kind, Kind::ENCODE_THEY_REJECT);
}

}  // namespace
}  // namespace gcn::difftest
