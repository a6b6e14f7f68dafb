// Scalar encodings (SOP1, SOP2, SOPK, SOPC, SOPP, SMRD, SMEM): one line per
// case, `dwords -> expected text` or `dwords -> expected status`. Expected
// words were assembled by hand from the field layouts in
// shared/spec/clrx/GcnInstrs{Sop1,Sop2,Sopk,Sopc,Sopp,Smrd,Smem}.md and the
// operand codes of GcnOperands.md:
//   SOP1  [7:0] SSRC0 [15:8] OP [22:16] SDST [31:23] 0x17d
//   SOP2  [7:0] SSRC0 [15:8] SSRC1 [22:16] SDST [29:23] OP [31:30] 2
//   SOPK  [15:0] SIMM16 [22:16] SDST [27:23] OP [31:28] 0xb
//   SOPC  [7:0] SSRC0 [15:8] SSRC1 [22:16] OP [31:23] 0x17e
//   SOPP  [15:0] SIMM16 [22:16] OP [31:23] 0x17f
//   SMRD  [7:0] OFFSET [8] IMM [14:9] SBASE/2 [21:15] SDST [26:22] OP [31:27] 0x18
//   SMEM  [5:0] SBASE/2 [12:6] SDATA [14] SOE [15] NV [16] GLC [17] IMM
//         [25:18] OP [31:26] 0x30 | dword1 [20:0] OFFSET [31:25] SOFFSET
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "isa/target.h"

namespace gcn {
namespace {

std::vector<uint8_t> bytesOf(const std::vector<uint32_t>& dw) {
  std::vector<uint8_t> b;
  for (uint32_t w : dw)
    for (int k = 0; k < 4; ++k) b.push_back(uint8_t(w >> (8 * k)));
  return b;
}

DecodeResult run(const char* cpu, const std::vector<uint8_t>& b, Inst* inst,
                 bool strict = false) {
  Target t;
  std::string err;
  EXPECT_TRUE(targetFromName(cpu, &t, &err)) << err;
  DecodeOptions o;
  o.strict = strict;
  return decode(t, b.data(), b.size(), inst, o);
}

std::string dis(const char* cpu, const std::vector<uint32_t>& dw) {
  Inst inst;
  DecodeResult r = run(cpu, bytesOf(dw), &inst);
  if (r.status != DecodeStatus::OK) return "<status " + std::to_string(int(r.status)) + ">";
  EXPECT_EQ(r.size, inst.size);
  return printInst(inst);
}

DecodeStatus status(const char* cpu, const std::vector<uint32_t>& dw, bool strict = false) {
  Inst inst;
  return run(cpu, bytesOf(dw), &inst, strict).status;
}

// ---- SOP1 -----------------------------------------------------------------
TEST(Sop1, SgprToSgpr) { EXPECT_EQ(dis("gfx900", {0xBE800001}), "s_mov_b32 s0, s1"); }
TEST(Sop1, Gfx6Opcode) { EXPECT_EQ(dis("tahiti", {0xBE800301}), "s_mov_b32 s0, s1"); }
TEST(Sop1, InlineInt) { EXPECT_EQ(dis("gfx900", {0xBE8500C1}), "s_mov_b32 s5, -1"); }
TEST(Sop1, InlineFloat) { EXPECT_EQ(dis("gfx900", {0xBE8000F2}), "s_mov_b32 s0, 1.0"); }
TEST(Sop1, Literal) {
  EXPECT_EQ(dis("gfx900", {0xBE8000FF, 0x12345678}), "s_mov_b32 s0, 0x12345678");
}
TEST(Sop1, LiteralTruncated) {
  Inst inst;
  EXPECT_EQ(run("gfx900", bytesOf({0xBE8000FF}), &inst).status, DecodeStatus::TRUNCATED);
}
TEST(Sop1, Exec64) { EXPECT_EQ(dis("gfx900", {0xBE82017E}), "s_mov_b64 s[2:3], exec"); }
TEST(Sop1, Special64) { EXPECT_EQ(dis("gfx900", {0xBE8001FB}), "s_mov_b64 s[0:1], src_vccz"); }
TEST(Sop1, TtmpGfx9) { EXPECT_EQ(dis("gfx900", {0xBEEC0001}), "s_mov_b32 ttmp0, s1"); }
TEST(Sop1, TbaGfx8) { EXPECT_EQ(dis("gfx803", {0xBEEC0001}), "s_mov_b32 tba_lo, s1"); }
TEST(Sop1, NoSource) { EXPECT_EQ(dis("gfx900", {0xBE841C00}), "s_getpc_b64 s[4:5]"); }
TEST(Sop1, IgnoredSourceLenientStrict) {
  EXPECT_EQ(dis("gfx900", {0xBE841C05}), "s_getpc_b64 s[4:5]");
  EXPECT_EQ(status("gfx900", {0xBE841C05}, true), DecodeStatus::RESERVED_BITS);
}
TEST(Sop1, MisalignedTtmpAlignsDownGfx9) {
  EXPECT_EQ(dis("gfx900", {0xBEED0100}), "s_mov_b64 ttmp[0:1], s[0:1]");
}
TEST(Sop1, MisalignedTbaRejectedGfx8) {
  EXPECT_EQ(status("gfx803", {0xBEED0100}), DecodeStatus::INVALID_OPERAND);
}
TEST(Sop1, RegisterOnlySourceRejectsConstant) {  // s_setpc_b64 2
  EXPECT_EQ(status("gfx900", {0xBE801D82}), DecodeStatus::INVALID_OPERAND);
}
TEST(Sop1, LdsDirectRejected) {
  EXPECT_EQ(status("gfx900", {0xBE8000FE}), DecodeStatus::INVALID_OPERAND);
}
TEST(Sop1, NullRejected) {
  EXPECT_EQ(status("gfx900", {0xBE80007D}), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", {0xBEFD0000}), DecodeStatus::INVALID_OPERAND);
}
TEST(Sop1, Gfx9SpecialsOnlyOnGfx9) {
  EXPECT_EQ(dis("gfx900", {0xBE8000EB}), "s_mov_b32 s0, src_shared_base");
  EXPECT_EQ(status("gfx803", {0xBE8000EB}), DecodeStatus::INVALID_OPERAND);
}

// ---- SOP2 -----------------------------------------------------------------
TEST(Sop2, Basic) { EXPECT_EQ(dis("gfx900", {0x80000201}), "s_add_u32 s0, s1, s2"); }
TEST(Sop2, ConstAndVcc) { EXPECT_EQ(dis("gfx900", {0x80006AC1}), "s_add_u32 s0, -1, vcc_lo"); }
TEST(Sop2, UnknownOpcode) {  // OP 0x3f is unassigned on GFX9
  EXPECT_EQ(status("gfx900", {0x9F800000}), DecodeStatus::UNKNOWN_OPCODE);
}

// ---- SOPK -----------------------------------------------------------------
TEST(Sopk, HexImm) { EXPECT_EQ(dis("gfx900", {0xB0003889}), "s_movk_i32 s0, 0x3889"); }
TEST(Sopk, HwregWhole) { EXPECT_EQ(dis("gfx900", {0xB881F801}), "s_getreg_b32 s1, hwreg(HW_REG_MODE)"); }
TEST(Sopk, HwregField) {
  EXPECT_EQ(dis("gfx900", {0xB88118C2}), "s_getreg_b32 s1, hwreg(HW_REG_STATUS, 3, 4)");
}
TEST(Sopk, Label) { EXPECT_EQ(dis("gfx900", {0xBA800004}), "s_call_b64 s[0:1], 4"); }
TEST(Sopk, SetregImm32) {
  EXPECT_EQ(dis("gfx900", {0xBA00F801, 0x12345678}),
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678");
}
TEST(Sopk, SetregImm32Truncated) {
  EXPECT_EQ(status("gfx900", {0xBA00F801}), DecodeStatus::TRUNCATED);
}

// ---- SOPC -----------------------------------------------------------------
TEST(Sopc, Compare) { EXPECT_EQ(dis("gfx900", {0xBF000100}), "s_cmp_eq_i32 s0, s1"); }
TEST(Sopc, GprIdx) {
  EXPECT_EQ(dis("gfx900", {0xBF110900}), "s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)");
}
TEST(Sopc, GprIdxImmIsNotARegister) {  // SSRC1 = 0xfe is mode bits, not lds_direct
  EXPECT_EQ(dis("gfx900", {0xBF11FE91}), "s_set_gpr_idx_on 17, 0xfe");
}

// ---- SOPP -----------------------------------------------------------------
TEST(Sopp, Nop) { EXPECT_EQ(dis("gfx900", {0xBF800000}), "s_nop 0"); }
TEST(Sopp, Endpgm) {
  EXPECT_EQ(dis("gfx900", {0xBF810000}), "s_endpgm");
  EXPECT_EQ(dis("gfx900", {0xBF810005}), "s_endpgm 5");
}
TEST(Sopp, Branch) { EXPECT_EQ(dis("gfx900", {0xBF820003}), "s_branch 3"); }
TEST(Sopp, Waitcnt) {
  EXPECT_EQ(dis("gfx900", {0xBF8C0F70}), "s_waitcnt vmcnt(0)");
  EXPECT_EQ(dis("gfx900", {0xBF8CC07F}), "s_waitcnt lgkmcnt(0)");
}
TEST(Sopp, Sendmsg) {
  EXPECT_EQ(dis("gfx900", {0xBF900022}), "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)");
  EXPECT_EQ(dis("gfx900", {0xBF900001}), "s_sendmsg sendmsg(MSG_INTERRUPT)");
}
TEST(Sopp, Imm16) {
  EXPECT_EQ(dis("gfx900", {0xBF8F0003}), "s_setprio 3");
  EXPECT_EQ(dis("gfx900", {0xBF920041}), "s_trap 0x41");
}
TEST(Sopp, OperandlessWithImmRejected) {  // s_barrier with SIMM16 = 3
  EXPECT_EQ(status("gfx900", {0xBF8A0003}), DecodeStatus::INVALID_OPERAND);
}
TEST(Sopp, Truncated) {
  Inst inst;
  EXPECT_EQ(run("gfx900", {0x00, 0x00, 0x80}, &inst).status, DecodeStatus::TRUNCATED);
}

// ---- SMRD (GFX6/GFX7) -------------------------------------------------------
TEST(Smrd, ImmOffset) { EXPECT_EQ(dis("tahiti", {0xC0000310}), "s_load_dword s0, s[2:3], 0x10"); }
TEST(Smrd, SgprOffset) {
  EXPECT_EQ(dis("tahiti", {0xC0420205}), "s_load_dwordx2 s[4:5], s[2:3], s5");
}
TEST(Smrd, LiteralOffsetGfx7) {
  EXPECT_EQ(dis("bonaire", {0xC00002FF, 0x00012345}), "s_load_dword s0, s[2:3], 0x12345");
}
// llvm-mc assembles "s_load_dword s0, s[2:3], 0x1" to the IMM form, so a
// literal that fits 8 bits decodes as that form (8 bytes consumed, 4 canonical).
TEST(Smrd, SmallLiteralOffsetGfx7IsTheImmForm) {
  for (uint32_t lit : {0x0u, 0x1u, 0xffu}) {
    Inst inst;
    DecodeResult r = run("bonaire", bytesOf({0xC00002FF, lit}), &inst);
    ASSERT_EQ(r.status, DecodeStatus::OK);
    EXPECT_EQ(r.size, 8);
    EXPECT_EQ(inst.size, 4);
    EXPECT_FALSE(inst.has_literal);
    EXPECT_EQ(inst[Fld::IMM], 1);
    EXPECT_EQ(uint32_t(inst[Fld::OFFSET]), lit);
  }
  EXPECT_EQ(dis("bonaire", {0xC00002FF, 0x100}), "s_load_dword s0, s[2:3], 0x100");
}
TEST(Smrd, LiteralOffsetTruncated) {
  EXPECT_EQ(status("bonaire", {0xC00002FF}), DecodeStatus::TRUNCATED);
}
TEST(Smrd, NoLiteralOnGfx6) {
  EXPECT_EQ(status("tahiti", {0xC00002FF}), DecodeStatus::INVALID_OPERAND);
}
TEST(Smrd, Memtime) { EXPECT_EQ(dis("tahiti", {0xC7830000}), "s_memtime s[6:7]"); }
TEST(Smrd, M0DataRejected) {
  EXPECT_EQ(status("tahiti", {0xC03E0310}), DecodeStatus::INVALID_OPERAND);
}

// ---- SMEM (GFX8/GFX9) -------------------------------------------------------
TEST(Smem, ImmOffset) {
  EXPECT_EQ(dis("gfx900", {0xC0020001, 0x00000010}), "s_load_dword s0, s[2:3], 0x10");
  EXPECT_EQ(dis("gfx803", {0xC0020001, 0x00000010}), "s_load_dword s0, s[2:3], 0x10");
}
TEST(Smem, NegativeOffsetGfx9) {
  EXPECT_EQ(dis("gfx900", {0xC0020001, 0x001FFFF0}), "s_load_dword s0, s[2:3], -0x10");
}
TEST(Smem, UnsignedOffsetGfx8) {
  EXPECT_EQ(dis("gfx803", {0xC0020001, 0x000FFFF0}), "s_load_dword s0, s[2:3], 0xffff0");
}
TEST(Smem, SgprOffset) {
  EXPECT_EQ(dis("gfx900", {0xC0000001, 0x00000004}), "s_load_dword s0, s[2:3], s4");
}
TEST(Smem, SoeWithImm) {
  EXPECT_EQ(dis("gfx900", {0xC0024001, 0x0A000010}), "s_load_dword s0, s[2:3], s5 offset:0x10");
}
TEST(Smem, Glc) {
  EXPECT_EQ(dis("gfx900", {0xC0070101, 0}), "s_load_dwordx2 s[4:5], s[2:3], 0x0 glc");
}
TEST(Smem, BufferBase) {
  EXPECT_EQ(dis("gfx900", {0xC0220002, 0x10}), "s_buffer_load_dword s0, s[4:7], 0x10");
}
TEST(Smem, AtcProbeImmData) {
  EXPECT_EQ(dis("gfx900", {0xC09A01C1, 0x10}), "s_atc_probe 7, s[2:3], 0x10");
}
TEST(Smem, NoOperands) { EXPECT_EQ(dis("gfx900", {0xC0840000, 0}), "s_dcache_wb"); }
TEST(Smem, MemtimeIgnoresGlc) {
  EXPECT_EQ(dis("gfx900", {0xC0910000, 0}), "s_memtime s[0:1]");
  EXPECT_EQ(status("gfx900", {0xC0910000, 0}, true), DecodeStatus::RESERVED_BITS);
}
TEST(Smem, MemtimeImmRejected) {
  EXPECT_EQ(status("gfx900", {0xC0920000, 0}), DecodeStatus::INVALID_OPERAND);
}
TEST(Smem, ExecDataRejected) {
  EXPECT_EQ(status("gfx900", {0xC0021F81, 0x10}), DecodeStatus::INVALID_OPERAND);
}
TEST(Smem, NullSoffsetRejected) {
  EXPECT_EQ(status("gfx900", {0xC0004001, 0xFA000000}), DecodeStatus::INVALID_OPERAND);
}
TEST(Smem, RangePastEndRejected) {  // s_buffer_load_dword s0, s[100:103], ...
  EXPECT_EQ(status("gfx900", {0xC0220032, 0x10}), DecodeStatus::INVALID_OPERAND);
}
TEST(Smem, Truncated) { EXPECT_EQ(status("gfx900", {0xC0020001}), DecodeStatus::TRUNCATED); }

}  // namespace
}  // namespace gcn
