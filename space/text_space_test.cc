// The text -> bytes -> text round trip on one line each, and the source
// texts it is run over.
#include "space/text_space.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "isa/index.h"
#include "isa/target_testing.h"

namespace gcn {
namespace {

TextVerdict check(const char* cpu, const char* text, std::string* why = nullptr) {
  std::string w;
  TextVerdict v = checkTextRoundTrip(targetOrDie(cpu), text, &w);
  if (why) *why = w;
  return v;
}

// Float inline constants in 16-bit integer and packed-integer sources:
// every form encodes them inline and decodes them back.
TEST(TextRoundTrip, Int16FloatInlineConstants) {
  for (const char* text :
       {"v_pk_add_i16 v5, -4.0, v2", "v_pk_add_u16 v5, 1.0, v2", "v_pk_sub_i16 v0, 0.5, v1",
        "v_pk_max_u16 v0, v1, -2.0", "v_pk_mad_i16 v0, 0.15915494, v1, v2",
        "v_pk_mul_lo_u16 v0, 2.0, v1", "v_pk_lshlrev_b16 v0, 0.5, v1",
        "v_cmp_lt_i16_e64 s[0:1], 0.5, v2", "v_cmp_eq_u16_e64 vcc, -1.0, v2",
        "v_add_u16_e64 v0, 1.0, v1", "v_add_u16_e32 v0, 1.0, v1", "v_mad_u16 v0, 1.0, v1, v2",
        "v_lshlrev_b16_e64 v0, 0.5, v1",
        "v_add_u16_sdwa v0, 1.0, v1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 "
        "src1_sel:DWORD"}) {
    std::string why;
    EXPECT_EQ(check("gfx900", text, &why), TextVerdict::HOLDS) << text << ": " << why;
  }
  for (const char* text : {"v_add_u16_e64 v0, -4.0, v1", "v_mad_i16 v0, v1, 4.0, v2",
                           "v_cmp_gt_u16_e64 s[2:3], v1, 0.5"}) {
    std::string why;
    EXPECT_EQ(check("gfx803", text, &why), TextVerdict::HOLDS) << text << ": " << why;
  }
}

// v_bfrev_b32 is not a reversed-operand opcode: lds_direct is its source.
TEST(TextRoundTrip, LdsDirectInBitReverse) {
  std::string why;
  EXPECT_EQ(check("gfx900", "v_bfrev_b32_e32 v0, src_lds_direct", &why), TextVerdict::HOLDS) << why;
  EXPECT_EQ(check("gfx900", "v_subrev_f32_e32 v0, src_lds_direct, v1"), TextVerdict::REJECTED);
}

// An operand-less row's SDWA/DPP text: the assembler's bytes decode back.
TEST(TextRoundTrip, NopExtensionForms) {
  for (const char* cpu : {"gfx803", "gfx900"})
    for (const char* text : {"v_nop_sdwa", "v_nop_e64",
                             "v_nop quad_perm:[2,1,0,0] row_mask:0x0 bank_mask:0x6",
                             "v_nop_dpp row_mirror row_mask:0xf bank_mask:0xf"}) {
      std::string why;
      EXPECT_NE(check(cpu, text, &why), TextVerdict::FAILS) << cpu << ": " << text << ": " << why;
    }
  // Printed "v_nop", which names the e32 form (reviewed lossy text).
  EXPECT_EQ(check("gfx900", "v_nop_sdwa"), TextVerdict::LOSSY);
  EXPECT_EQ(check("gfx900", "v_nop_dpp row_mirror row_mask:0xf bank_mask:0xf"), TextVerdict::HOLDS);
  EXPECT_EQ(check("gfx900", "v_nop_sdwa dst_sel:WORD_1"), TextVerdict::REJECTED);
}

TEST(TextRoundTrip, RejectedTextIsNotChecked) {
  EXPECT_EQ(check("gfx900", "v_pk_add_u16 v5, 0x3c00, v2"), TextVerdict::REJECTED);  // literal
  EXPECT_EQ(check("gfx900", "v_add_u16_e64 v0, 0x1234, v1"), TextVerdict::REJECTED);
  EXPECT_EQ(check("gfx900", "no_such_instruction v0"), TextVerdict::REJECTED);
}

TEST(TextRoundTrip, SourceSpellings) {
  const auto& s = sourceSpellings();
  for (const char* want : {"-16", "64", "0.5", "-4.0", "0.15915494", "0x3118", "0x3e22f983",
                           "0x3fc45f306dc9c882", "0x12345678"})
    EXPECT_NE(std::find(s.begin(), s.end(), want), s.end()) << want;
}

// The texts of v_pk_add_i16 put every spelling into each of its two
// sources, and each of them that the parser accepts round-trips.
TEST(TextRoundTrip, SourceTextsOfARow) {
  const Target t = targetOrDie("gfx900");
  int row = -1;
  for (int id = 0; id < numInsts(); ++id)
    if (instDesc(id).mnemonic == "v_pk_add_i16") row = id;
  ASSERT_GE(row, 0);
  std::mt19937_64 rng(1);
  long texts = 0, holds = 0;
  bool saw_src0 = false, saw_src1 = false;
  forEachSourceText(t, row, Form::NATIVE, 1, rng, [&](const std::string& text) {
    ++texts;
    saw_src0 |= text.rfind("v_pk_add_i16 v0, -4.0, ", 0) == 0;
    saw_src1 |= text.find(", v1, 0.5") != std::string::npos;
    std::string why;
    TextVerdict v = checkTextRoundTrip(t, text, &why);
    EXPECT_NE(v, TextVerdict::FAILS) << why;
    EXPECT_NE(v, TextVerdict::LOSSY) << text;
    holds += v == TextVerdict::HOLDS;
  });
  EXPECT_EQ(texts, 2 * long(sourceSpellings().size()));
  EXPECT_TRUE(saw_src0);
  EXPECT_TRUE(saw_src1);
  // Every inline constant (81 integers, 9 floats, 0.0/-0.0 and the f16 hex
  // patterns that are integers -16..64 are not) is accepted in both slots.
  EXPECT_GE(holds, 2 * 90);
}

}  // namespace
}  // namespace gcn
