// The constant-bus rule of isa/legality.h on instructions written as text
// (and, for reads the assembler refuses, a legal one with a field changed).
#include "isa/legality.h"

#include <gtest/gtest.h>

#include <string>

#include "isa/target_testing.h"
#include "text/parser.h"

namespace gcn {
namespace {

Inst parsed(const Target& t, const char* text) {
  Inst in;
  ParseError pe;
  EXPECT_TRUE(parseInst(t, text, &in, &pe)) << text << ": " << pe.message;
  return in;
}

int reads(const char* text, const char* cpu = "gfx900") {
  const Target t = targetOrDie(cpu);
  return constantBusReads(parsed(t, text));
}

TEST(ConstantBus, CountsDistinctScalarValues) {
  EXPECT_EQ(reads("v_add_f32 v0, v1, v2"), 0);
  EXPECT_EQ(reads("v_add_f32_e64 v0, s1, v2"), 1);
  EXPECT_EQ(reads("v_add_f32_e64 v0, s1, s1"), 1);  // one register, read twice
  EXPECT_EQ(reads("v_add_f32 v0, 0x12345678, v1"), 1);
  EXPECT_EQ(reads("v_add_f32 v0, 0.5, v1"), 0);  // inline constants are free
  EXPECT_EQ(reads("v_mov_b32 v0, src_lds_direct"), 0);
}

TEST(ConstantBus, CountsImplicitReads) {
  EXPECT_EQ(reads("v_cndmask_b32 v0, 1, v0, vcc"), 1);       // e32: VCC
  EXPECT_EQ(reads("v_addc_co_u32 v0, vcc, v1, v2, vcc"), 1);  // e32 carry-in
  EXPECT_EQ(reads("v_movrels_b32 v0, v1", "gfx803"), 1);      // M0 (no v_movrel* on GFX9)
  EXPECT_EQ(reads("v_div_fmas_f32 v0, v1, v2, v3"), 1);       // VCC
  EXPECT_EQ(reads("v_madmk_f32 v0, v1, 0x41000000, v2"), 1);  // K
}

TEST(ConstantBus, TwoReadsBreakTheLimit) {
  const Target t = targetOrDie("gfx900");
  Inst in = parsed(t, "v_div_fmas_f32 v0, v1, v2, v3");
  in[Fld::SRC0] = 1;  // s1 beside the implicit VCC
  EXPECT_EQ(constantBusReads(in), 2);
  EXPECT_GT(constantBusReads(in), constantBusLimit(t.gen));
  in[Fld::SRC1] = 1;  // the same s1 again: still two values
  EXPECT_EQ(constantBusReads(in), 2);
}

}  // namespace
}  // namespace gcn
