// CLRX's syntax read into gcnref's: each rule on a line in CLRX's spelling
// (GcnSdwaDpp.md, GcnOperands.md, the encoding pages), checked both as
// text and by our parser taking the result.
#include "difftest/clrx_text.h"

#include <gtest/gtest.h>

#include "isa/target_testing.h"
#include "text/parser.h"

namespace gcn::difftest {
namespace {

std::string read(std::string_view clrx, long offset = 0) { return readClrxText(clrx, offset); }

// The read text is gcnref syntax: our parser takes it on `cpu`.
void expectParses(const char* cpu, const std::string& line) {
  Target t = targetOrDie(cpu);
  Inst in;
  ParseError pe;
  EXPECT_TRUE(parseInst(t, line, &in, &pe)) << line << ": column " << pe.column << ": " << pe.message;
}

TEST(ClrxText, EncodingWordsBecomeSuffixes) {
  EXPECT_EQ(read("v_add_f32       v0, v1, v2 vop3"), "v_add_f32_e64 v0, v1, v2");
  EXPECT_EQ(read("v_add_f16       v0, v0, v0 sdwa"), "v_add_f16_sdwa v0, v0, v0 dst_unused:UNUSED_PAD");
  expectParses("gfx900", read("v_add_f32       v0, v1, v2 vop3"));
  expectParses("gfx900", read("v_add_f16       v0, v0, v0 sdwa"));
}

TEST(ClrxText, SdwaSelectorsAndDefaults) {
  // CLRX's silence on dst_unused means PAD (LLVM's means PRESERVE); VOPC
  // has no destination selects.
  EXPECT_EQ(read("v_xor_b32 v1, v2, v3 dst_sel:byte_1 src0_sel:b1 src1_sel:word1"),
            "v_xor_b32_sdwa v1, v2, v3 dst_sel:BYTE_1 src0_sel:BYTE_1 src1_sel:WORD_1 dst_unused:UNUSED_PAD");
  EXPECT_EQ(read("v_xor_b32 v1, v2, v3 dst_sel:dword dst_unused:sext"),
            "v_xor_b32_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_SEXT");
  EXPECT_EQ(read("v_cmp_eq_f32 vcc, v0, v1 src0_sel:word0"), "v_cmp_eq_f32_sdwa vcc, v0, v1 src0_sel:WORD_0");
  EXPECT_EQ(read("v_min_i32 v0, v4, sext(v0) src1_sel:byte2"),
            "v_min_i32_sdwa v0, v4, sext(v0) src1_sel:BYTE_2 dst_unused:UNUSED_PAD");
  expectParses("gfx900", read("v_xor_b32 v1, v2, v3 dst_sel:byte_1 src0_sel:b1 src1_sel:word1"));
  expectParses("gfx803", read("v_cmp_eq_f32 vcc, v0, v1 src0_sel:word0"));
}

TEST(ClrxText, DppControls) {
  EXPECT_EQ(read("v_add_f32 v99, v1, v2 row_shl:1 bound_ctrl bank_mask:7 row_mask:9"),
            "v_add_f32_dpp v99, v1, v2 row_shl:1 bound_ctrl:1 bank_mask:7 row_mask:9");
  // Control 0 is not printed; wave shifts may omit their ':1'.
  EXPECT_EQ(read("v_max_u16 v0, v0, v69 bank_mask:15 row_mask:11"),
            "v_max_u16_dpp v0, v0, v69 bank_mask:15 row_mask:11 quad_perm:[0,0,0,0]");
  EXPECT_EQ(read("v_xor_b32 v1, v2, v3 wave_shr"), "v_xor_b32_dpp v1, v2, v3 wave_shr:1");
  EXPECT_EQ(read("v_mov_b32 v1, v2 row_bcast15"), "v_mov_b32_dpp v1, v2 row_bcast:15");
  expectParses("gfx900", read("v_add_f32 v99, v1, v2 row_shl:1 bound_ctrl bank_mask:7 row_mask:9"));
  expectParses("gfx900", read("v_max_u16 v0, v0, v69 bank_mask:15 row_mask:11"));
}

TEST(ClrxText, HardwareRegistersMessagesAndRawValues) {
  EXPECT_EQ(read("s_getreg_b32    s0, hwreg(@0, 0, 1)"), "s_getreg_b32 s0, hwreg(0, 0, 1)");
  EXPECT_EQ(read("s_setreg_b32    hwreg(mode, 0, 32), s0"), "s_setreg_b32 hwreg(1, 0, 32), s0");
  EXPECT_EQ(read("s_setreg_b32    hwreg(sq_shader_tma_hi, 6, 26), s0"), "s_setreg_b32 hwreg(19, 6, 26), s0");
  EXPECT_EQ(read("s_sendmsg sendmsg(gs, emit, 1)"), "s_sendmsg " + std::to_string(2 | 2 << 4 | 1 << 8));
  // ':0xNNNN' is the whole SIMM16 where the fields do not cover it.
  EXPECT_EQ(read("s_waitcnt       vmcnt(2) & expcnt(6) & lgkmcnt(13) :0x8de2"), "s_waitcnt 36322");
  EXPECT_EQ(read("s_sendmsghalt   sendmsg(@0) :0x8000"), "s_sendmsghalt 32768");
  expectParses("gfx900", read("s_setreg_b32    hwreg(mode, 0, 32), s0"));
  expectParses("gfx900", read("s_waitcnt       vmcnt(2) & expcnt(6) & lgkmcnt(13) :0x8de2"));
}

TEST(ClrxText, BranchLabelsCountFromTheInstruction) {
  // A label names a byte of the batch: from the instruction at byte 16,
  // byte 4228 is (4228 - 20) / 4 = 1052 dwords past the next instruction.
  EXPECT_EQ(read("s_cbranch_execnz .L4228_0", 16), "s_cbranch_execnz 1052");
  // Targets before the batch print as 64-bit wrapped numbers.
  EXPECT_EQ(read("s_branch .L18446744073709551612_0", 0), "s_branch -2");
  expectParses("gfx900", read("s_cbranch_execnz .L4228_0", 16));
}

TEST(ClrxText, MemorySpellings) {
  EXPECT_EQ(read("flat_load_dword v1, v[2:3] inst_offset:16 glc"), "flat_load_dword v1, v[2:3] offset:16 glc");
  // VADDR with neither offen, idxen nor addr64 is unused: LLVM writes off.
  EXPECT_EQ(read("buffer_load_dword v1, v5, s[0:3], s4 offset:8"), "buffer_load_dword v1, off, s[0:3], s4 offset:8");
  EXPECT_EQ(read("buffer_load_dword v1, v5, s[0:3], s4 offen"), "buffer_load_dword v1, v5, s[0:3], s4 offen");
  EXPECT_EQ(read("tbuffer_load_format_xy v[1:2], v0, s[0:3], s0 offen format:[16_16,uint]"),
            "tbuffer_load_format_xy v[1:2], v0, s[0:3], s0 offen dfmt:5 nfmt:4");
  EXPECT_EQ(read("tbuffer_load_format_x v0, v0, s[0:3], s0 offen format:[float]"),
            "tbuffer_load_format_x v0, v0, s[0:3], s0 offen nfmt:7");
  // The default format (8, unorm) is LLVM's default too.
  EXPECT_EQ(read("tbuffer_load_format_x v0, v0, s[0:3], s0 offen format:[8,unorm]"),
            "tbuffer_load_format_x v0, v0, s[0:3], s0 offen");
  // MIMG: CLRX prints no DMASK when it is 1, its default.
  EXPECT_EQ(read("image_sample_c_b_o v0, v[0:3], s[0:7], s[0:3]"), "image_sample_c_b_o v0, v[0:3], s[0:7], s[0:3] dmask:1");
  expectParses("gfx900", read("tbuffer_load_format_xy v[1:2], v0, s[0:3], s0 offen format:[16_16,uint]"));
  expectParses("gfx900", read("buffer_load_dword v1, v5, s[0:3], s4 offset:8"));
}

TEST(ClrxText, FieldNotesAndMissingSourceBitsAreDropped) {
  EXPECT_EQ(read("ds_write_b32    v230, v237 offset:59491 gds vdata1=0x3f vdst=0x98"),
            "ds_write_b32 v230, v237 offset:59491 gds");
  EXPECT_EQ(read("v_cmp_f_i32     s[0:1], v1, abs(v2) abs2"), "v_cmp_f_i32 s[0:1], v1, abs(v2)");
  // A note on a VOP3-only field marks the e64 form.
  EXPECT_EQ(read("v_cvt_f64_f32   v[0:1], v1 op_sel=0x2"), "v_cvt_f64_f32_e64 v[0:1], v1");
}

TEST(ClrxText, OperandNamesAndMnemonics) {
  EXPECT_EQ(read("exp             mrt0, off, off, v0, off compr"), "exp mrt0 off, off, v0, off compr");
  EXPECT_EQ(read("exp             ill_10, off, off, off, off"), "exp invalid_target_10 off, off, off, off");
  EXPECT_EQ(read("v_interp_mov_f32 v0, invalid_32, attr0.x"), "v_interp_mov_f32 v0, invalid_param_32, attr0.x");
  EXPECT_EQ(read("s_andn2_b32     s0, s0, shared_base"), "s_andn2_b32 s0, s0, src_shared_base");
  EXPECT_EQ(read("v_add_f32       v127, -private_base, v1"), "v_add_f32 v127, -src_private_base, v1");
  EXPECT_EQ(read("v_mov_b32       v0, lds"), "v_mov_b32 v0, src_lds_direct");
  EXPECT_EQ(read("v_cmp_lg_i32    vcc, v1, v0"), "v_cmp_ne_i32 vcc, v1, v0");
  EXPECT_EQ(read("v_cmpx_tru_u64  vcc, v[1:2], v[0:1]"), "v_cmpx_t_u64 vcc, v[1:2], v[0:1]");
  EXPECT_EQ(read("v_cmp_lg_f32    vcc, v1, v0"), "v_cmp_lg_f32 vcc, v1, v0");  // a float 'lg' is LLVM's too
  expectParses("gfx900", read("exp             mrt0, off, off, v0, off compr"));
  expectParses("gfx600", read("v_cmp_lg_i32    vcc, v1, v0"));
  expectParses("gfx900", read("v_mov_b32       v0, lds"));
}

TEST(ClrxText, UnknownSpellingsPassThrough) {
  // Left for our parser to refuse and the report to show.
  EXPECT_EQ(read("v_cmp_u_f64 s[0:1], ill_210, v[2:3]"), "v_cmp_u_f64 s[0:1], ill_210, v[2:3]");
  EXPECT_EQ(read("s_getreg_b32 s0, hwreg(no_such_reg, 0, 1)"), "s_getreg_b32 s0, hwreg(no_such_reg, 0, 1)");
  EXPECT_EQ(read(""), "");
}

}  // namespace
}  // namespace gcn::difftest
