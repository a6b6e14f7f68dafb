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

// AccVGPR rules (gfx908): the ACC bits a row may set, the no-SGPR source of
// v_accvgpr_write_b32, and MFMA's C/D overlap rule.
TEST(VectorFiles, AccBitsAndSources) {
  const Target t = targetOrDie("gfx908");
  Inst in = parsed(t, "v_mfma_f32_4x4x1f32 a[0:3], a1, v2, a[0:3]");
  EXPECT_EQ(in[Fld::ACC], 1);
  EXPECT_EQ(accBitsAllowed(in.desc(), in.gen), 3);  // A and B; gfx908's C/D are AGPR-only
  EXPECT_EQ(vectorFileRule(in), "");
  in[Fld::ACC] = 4;
  EXPECT_NE(vectorFileRule(in), "");
  Inst w = parsed(t, "v_accvgpr_write_b32 a0, 1");
  EXPECT_EQ(vectorFileRule(w), "");
  w[Fld::SRC0] = 1;  // s1
  EXPECT_EQ(vectorFileRule(w), "source operand must be either a VGPR or an inline constant");
}

TEST(VectorFiles, MfmaCMayNotPartlyOverlapD) {
  const Target t = targetOrDie("gfx908");
  EXPECT_EQ(maiAssemblerRule(parsed(t, "v_mfma_f32_16x16x1f32 a[0:15], v1, v2, a[0:15]")), "");
  EXPECT_EQ(maiAssemblerRule(parsed(t, "v_mfma_f32_16x16x1f32 a[0:15], v1, v2, a[16:31]")), "");
  Inst in = parsed(t, "v_mfma_f32_16x16x1f32 a[0:15], v1, v2, a[16:31]");
  in[Fld::SRC2] = opc::kVgpr0 + 2;  // a[2:17]
  EXPECT_EQ(maiAssemblerRule(in), "source 2 operand must not partially overlap with dst");
  // Four-register C/D may overlap (llvm checks only wider tuples).
  Inst small = parsed(t, "v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]");
  small[Fld::SRC2] = opc::kVgpr0 + 2;
  EXPECT_EQ(maiAssemblerRule(small), "");
}

// The scalar-code rule the decoder's checkOperands and the decode plans
// both ask (scalarCodeFate).
ScalarCodeFate fate(Gen g, Role r, OpType t, int code, int* aligned = nullptr) {
  return scalarCodeFate(g, OperandSpec{r, t}, code, aligned);
}

TEST(ScalarCodes, ConstantsOnlyInSourceTypes) {
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::b32, 130), ScalarCodeFate::KEPT);  // 2
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::b32, 248), ScalarCodeFate::KEPT);  // 1/(2*pi)
  EXPECT_EQ(fate(Gen::GFX7, Role::ssrc0, OpType::b32, 248), ScalarCodeFate::REFUSED);
  // s_setpc_b64's register-only source, an SDST.
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::s64, 130), ScalarCodeFate::REFUSED);
  EXPECT_EQ(fate(Gen::GFX9, Role::sdst, OpType::s64, 255), ScalarCodeFate::REFUSED);
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::s32, 254), ScalarCodeFate::REFUSED);
  // A source's literal and VGPRs: other rules.
  EXPECT_EQ(fate(Gen::GFX9, Role::src0, OpType::f32, 255), ScalarCodeFate::UNRULED);
  EXPECT_EQ(fate(Gen::GFX9, Role::src0, OpType::f32, 300), ScalarCodeFate::UNRULED);
  EXPECT_EQ(fate(Gen::GFX9, Role::vaddr, OpType::s64, 3), ScalarCodeFate::UNRULED);
}

TEST(ScalarCodes, MisalignedTuplesAlignDown) {
  int a = -1;
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::b64, 3, &a), ScalarCodeFate::ALIGNED);
  EXPECT_EQ(a, 2);
  EXPECT_EQ(fate(Gen::GFX9, Role::sdata, OpType::s128, 6, &a), ScalarCodeFate::ALIGNED);
  EXPECT_EQ(a, 4);
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::b64, 4), ScalarCodeFate::KEPT);
  // ttmp1 is a TTMP from GFX9 on (109), tba_hi before: no pair to align.
  EXPECT_EQ(fate(Gen::GFX9, Role::ssrc0, OpType::b64, 109, &a), ScalarCodeFate::ALIGNED);
  EXPECT_EQ(a, 108);
  EXPECT_EQ(fate(Gen::GFX8, Role::ssrc0, OpType::b64, 109), ScalarCodeFate::REFUSED);
  EXPECT_EQ(alignedScalarCode(Gen::GFX8, 113, 2), 112);  // ttmp1 on GFX8
  EXPECT_EQ(alignedScalarCode(Gen::GFX9, opc::kVccLo + 1, 2), opc::kVccLo + 1);
}

TEST(ScalarCodes, VectorTuplesEndAtTheLastRegister) {
  EXPECT_TRUE(vectorTupleFits(254, 2));
  EXPECT_FALSE(vectorTupleFits(255, 2));
  EXPECT_FALSE(vectorTupleFits(-1, 1));
}

}  // namespace
}  // namespace gcn
