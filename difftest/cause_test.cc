// Root causes: findings of one rule share a cause whatever the instruction,
// and two rules never do.
#include "difftest/cause.h"

#include <gtest/gtest.h>

namespace gcn::difftest {
namespace {

Finding textFinding(const char* mnemonic, const char* message) {
  Finding f;
  f.kind = Kind::DECODE_TEXT;
  f.mnemonic = mnemonic;
  f.form = "e64";
  f.enc = "VOP3";
  f.their_text = std::string(mnemonic) + " v0, v1 vop3";
  f.message = message;
  return f;
}

TEST(Cause, ShapesAwayPositionsNamesAndNumbers) {
  EXPECT_EQ(shapeMessage("our parser: column 28: too many operands for v_max_f32 (unexpected 'vop3')", {"v_max_f32"}),
            "too many operands for <inst> (unexpected 'vopN')");
  EXPECT_EQ(shapeMessage("exit 1: /tmp/gcnref-diff-Ab12Cd:1:19: Error: Jump over current section!", {}),
            "Error: Jump over current section!");
  // Hex values shape whole, so 0x1e and 0xa are one shape.
  EXPECT_EQ(shapeMessage("FLAT opcode 30 (0x1e) is not defined on gfx900", {}),
            shapeMessage("FLAT opcode 10 (0xa) is not defined on gfx906", {}));
}

TEST(Cause, OneReasonOnTwoInstructionsIsOneCause) {
  Finding a = textFinding("v_max_f32", "our parser: column 28: too many operands for v_max_f32 (unexpected 'vop3')");
  Finding b = textFinding("v_cvt_f64_u32", "our parser: column 31: too many operands for v_cvt_f64_u32 (unexpected 'vop3')");
  EXPECT_EQ(causeOf(a), causeOf(b));
  EXPECT_EQ(causeOf(a), "decode.text VOP3 too many operands for <inst> (unexpected 'vopN')");
  Finding c = textFinding("v_max_f32", "our parser: column 28: too many operands for v_max_f32 (unexpected 'sdwa')");
  EXPECT_NE(causeOf(a), causeOf(c));
}

TEST(Cause, MismatchesAreTheirFieldsNotTheirInstruction) {
  Finding a, b;
  a.kind = b.kind = Kind::DECODE_MISMATCH;
  a.enc = b.enc = "SMEM";
  a.mnemonic = "s_load_dword";
  b.mnemonic = "s_buffer_atomic_inc";
  a.fields = {{"SMEM.IMM", "0", "1", ""}};
  b.fields = {{"SMEM.IMM", "0", "1", ""}};
  EXPECT_EQ(causeOf(a), causeOf(b));
  EXPECT_EQ(causeOf(a), "decode.mismatch SMEM [SMEM.IMM]");
  b.fields.push_back({"SMEM.OFFSET", "5", "6", ""});
  EXPECT_NE(causeOf(a), causeOf(b));
  // Field order does not make another cause.
  Finding c = b;
  std::swap(c.fields[0], c.fields[1]);
  EXPECT_EQ(causeOf(b), causeOf(c));
}

TEST(Cause, OurRefusalsAreSplitByTheFieldWeObjectTo) {
  Finding a;
  a.kind = Kind::DECODE_WE_REJECT;
  a.enc = "MUBUF";
  a.message = "an operand field holds a code that names no register or constant for this operand on gfx900";
  Finding b = a;
  a.fields = {{"MUBUF.SRSRC", "", "", "bits 48-52 = 0x19"}};
  b.fields = {{"MUBUF.SOFFSET", "", "", "bits 56-63 = 0xfe"}};
  EXPECT_NE(causeOf(a), causeOf(b));
  EXPECT_EQ(encodingFamily(Finding{}), "?");
}

}  // namespace
}  // namespace gcn::difftest
