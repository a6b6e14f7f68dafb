// Vector ALU encodings (VOP1, VOP2, VOPC in e32/e64/SDWA/DPP form, VOP3,
// VOP3B, VOP3P, VOP3 interp): one line per case, `dwords -> expected text`
// or `dwords -> expected status`. Words are built from the field layouts of
// shared/spec/clrx/GcnInstrs{Vop1,Vop2,Vopc,Vop3,Vop3p}.md and GcnSdwaDpp.md
// (GFX9 SDWA and VOP3P op_sel_hi as in isa/errata/vop*.inc):
//   VOP2  [8:0] SRC0 [16:9] VSRC1 [24:17] VDST [30:25] OP [31] 0
//   VOP1  [8:0] SRC0 [16:9] OP [24:17] VDST [31:25] 0x3f
//   VOPC  [8:0] SRC0 [16:9] VSRC1 [24:17] OP [31:25] 0x3e
//   VOP3 (GFX8/9) [7:0] VDST [10:8] ABS [14:11] OP_SEL [15] CLAMP [25:16] OP
//        [31:26] 0x34 | [8:0] SRC0 [17:9] SRC1 [26:18] SRC2 [28:27] OMOD [31:29] NEG
//   VOP3 (GFX6/7) [11] CLAMP [25:17] OP; VOP3B: [14:8] SDST instead of ABS/OP_SEL
//   VOP3P [10:8] NEG_HI [13:11] OP_SEL [14] OP_SEL_HI[2] [15] CLAMP [22:16] OP
//        [31:23] 0x1a7 | sources, [28:27] OP_SEL_HI[1:0], [31:29] NEG_LO
//   SDWA  dword1 [7:0] SRC0 [10:8] DST_SEL [12:11] DST_UNUSED [13] CLAMP
//        [15:14] OMOD (GFX9) [18:16] SRC0_SEL [19] SEXT [20] NEG [21] ABS [23] S0
//        [26:24] SRC1_SEL [27] SEXT [28] NEG [29] ABS [31] S1; GFX9 VOPC:
//        [14:8] SDST [15] SD
//   DPP   dword1 [7:0] SRC0 [16:8] DPP_CTRL [19] BOUND_CTRL [20..23] NEG/ABS
//        [27:24] BANK_MASK [31:28] ROW_MASK
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

constexpr uint32_t V(int n) { return 256u + uint32_t(n); }

constexpr uint32_t vop2(uint32_t op, uint32_t vdst, uint32_t vsrc1, uint32_t src0) {
  return op << 25 | vdst << 17 | vsrc1 << 9 | src0;
}
constexpr uint32_t vop1(uint32_t op, uint32_t vdst, uint32_t src0) {
  return 0x3fu << 25 | vdst << 17 | op << 9 | src0;
}
constexpr uint32_t vopc(uint32_t op, uint32_t vsrc1, uint32_t src0) {
  return 0x3eu << 25 | op << 17 | vsrc1 << 9 | src0;
}
struct V3 {
  uint32_t op, vdst = 0, src0 = V(1), src1 = V(2), src2 = V(3), abs = 0, neg = 0,
                  clamp = 0, omod = 0, opsel = 0;
};
std::vector<uint32_t> vop3(const V3& v) {
  return {0x34u << 26 | v.op << 16 | v.clamp << 15 | v.opsel << 11 | v.abs << 8 | v.vdst,
          v.neg << 29 | v.omod << 27 | v.src2 << 18 | v.src1 << 9 | v.src0};
}
std::vector<uint32_t> vop3gfx6(const V3& v) {
  return {0x34u << 26 | v.op << 17 | v.clamp << 11 | v.abs << 8 | v.vdst,
          v.neg << 29 | v.omod << 27 | v.src2 << 18 | v.src1 << 9 | v.src0};
}
struct V3P {
  uint32_t op, src0 = V(1), src1 = V(2), src2 = V(3), neg = 0, neg_hi = 0, opsel = 0,
               opsel_hi = 7, clamp = 0;
};
std::vector<uint32_t> vop3p(const V3P& v) {
  return {0x1a7u << 23 | v.op << 16 | v.clamp << 15 | (v.opsel_hi >> 2 & 1) << 14 |
              v.opsel << 11 | v.neg_hi << 8,
          v.neg << 29 | (v.opsel_hi & 3) << 27 | v.src2 << 18 | v.src1 << 9 | v.src0};
}
struct Sdwa {
  uint32_t src0 = 1, dst_sel = 6, dst_unused = 2, clamp = 0, omod = 0, src0_sel = 6,
           sext0 = 0, neg0 = 0, abs0 = 0, s0 = 0, src1_sel = 6, sext1 = 0, neg1 = 0,
           abs1 = 0, s1 = 0;
};
uint32_t sdwa(const Sdwa& s) {
  return s.src0 | s.dst_sel << 8 | s.dst_unused << 11 | s.clamp << 13 | s.omod << 14 |
         s.src0_sel << 16 | s.sext0 << 19 | s.neg0 << 20 | s.abs0 << 21 | s.s0 << 23 |
         s.src1_sel << 24 | s.sext1 << 27 | s.neg1 << 28 | s.abs1 << 29 | s.s1 << 31;
}
uint32_t sdwaVopc(uint32_t src0, uint32_t sdst, uint32_t sd, uint32_t src0_sel,
                  uint32_t src1_sel) {
  return src0 | sdst << 8 | sd << 15 | src0_sel << 16 | src1_sel << 24;
}
uint32_t dpp(uint32_t src0, uint32_t ctrl, uint32_t bound, uint32_t negabs, uint32_t bank,
             uint32_t row) {
  return src0 | ctrl << 8 | bound << 19 | negabs << 20 | bank << 24 | row << 28;
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
  if (!r.ok()) return "<status " + std::to_string(int(r.status)) + ">";
  return printInst(inst);
}

DecodeStatus status(const char* cpu, const std::vector<uint32_t>& dw, bool strict = false) {
  Inst inst;
  return run(cpu, bytesOf(dw), &inst, strict).status;
}

// ---- VOP2 / VOP1 / VOPC e32 ---------------------------------------------------
TEST(DecoderVop, Vop2E32) {
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, V(1))}), "v_add_f32_e32 v0, v1, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 3, 2, 5)}), "v_add_f32_e32 v3, s5, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 242)}), "v_add_f32_e32 v0, 1.0, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 248)}), "v_add_f32_e32 v0, 0.15915494, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 193)}), "v_add_f32_e32 v0, -1, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 255), 0x12345678}), "v_add_f32_e32 v0, 0x12345678, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x00, 0, 2, V(1))}), "v_cndmask_b32_e32 v0, v1, v2, vcc");
  EXPECT_EQ(dis("gfx900", {vop2(0x19, 0, 2, V(1))}), "v_add_co_u32_e32 v0, vcc, v1, v2");
  EXPECT_EQ(dis("gfx803", {vop2(0x19, 0, 2, V(1))}), "v_add_u32_e32 v0, vcc, v1, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x1c, 0, 2, V(1))}), "v_addc_co_u32_e32 v0, vcc, v1, v2, vcc");
  EXPECT_EQ(dis("gfx900", {vop2(0x17, 0, 4, V(2)), 0x41200000}),
            "v_madmk_f32 v0, v2, 0x41200000, v4");
  EXPECT_EQ(dis("gfx900", {vop2(0x25, 0, 2, 0xaa), 0xed2f89d9}),
            "v_madak_f16 v0, 42, v2, 0xed2f89d9");
  // src0 255 reads K; an inline-representable K is printed as the constant (llvm too).
  EXPECT_EQ(dis("gfx801", {vop2(0x17, 255, 131, 255), 0xffffffff}),
            "v_madmk_f32 v255, -1, 0xffffffff, v131");
  EXPECT_EQ(dis("gfx900", {vop2(0x18, 1, 2, 255), 0x3f800000}),
            "v_madak_f32 v1, 1.0, v2, 0x3f800000");
  EXPECT_EQ(dis("gfx900", {vop2(0x17, 1, 2, 255), 0x12345678}),
            "v_madmk_f32 v1, 0x12345678, 0x12345678, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x1f, 0, 2, 0xf8)}), "v_add_f16_e32 v0, 0.15915494, v2");
  EXPECT_EQ(dis("gfx600", {vop2(0x03, 0, 2, V(1))}), "v_add_f32_e32 v0, v1, v2");
  EXPECT_EQ(dis("gfx600", {vop2(0x25, 0, 2, V(1))}), "v_add_i32_e32 v0, vcc, v1, v2");
  // GFX6/7 v_readlane_b32: sdst in VDST, lane select in bits 9-16 (scalar code).
  EXPECT_EQ(dis("gfx600", {vop2(0x01, 0, 2, V(1))}), "v_readlane_b32 s0, v1, s2");
  EXPECT_EQ(dis("gfx700", {vop2(0x02, 3, 0x82, 5)}), "v_writelane_b32 v3, s5, 2");
}

TEST(DecoderVop, LiteralCanonicalForms) {
  Inst inst;
  // A literal equal to an inline constant prints (and re-encodes) inline.
  DecodeResult r = run("gfx900", bytesOf({vop1(0x01, 0, 255), 0x3f800000}), &inst);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(printInst(inst), "v_mov_b32_e32 v0, 1.0");
  EXPECT_EQ(r.size, 8);
  EXPECT_EQ(inst.size, 4);
  EXPECT_FALSE(inst.has_literal);
  EXPECT_EQ(dis("gfx900", {vop1(0x01, 0, 255), 0xffffffff}), "v_mov_b32_e32 v0, -1");
  // 16-bit operands: only the low half counts.
  EXPECT_EQ(dis("gfx900", {vop2(0x26, 0, 1, 255), 0x00010001}), "v_add_u16_e32 v0, 1, v1");
  EXPECT_EQ(dis("gfx900", {vop2(0x26, 0, 1, 255), 0x00013c00}), "v_add_u16_e32 v0, 0x3c00, v1");
  // 64-bit: integers only; 0x3ff00000 stays a literal.
  EXPECT_EQ(dis("gfx900", {vop1(0x25, 0, 255), 0x3ff00000}), "v_rcp_f64_e32 v[0:1], 0x3ff00000");
  // A float inline constant in a 16-bit integer operand stays inline and
  // prints as the float (VOP_INT16_FLOAT_INLINE).
  r = run("gfx900", bytesOf({vop2(0x26, 0, 1, 242)}), &inst);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(printInst(inst), "v_add_u16_e32 v0, 1.0, v1");
  EXPECT_EQ(r.size, 4);
  EXPECT_FALSE(inst.has_literal);
  EXPECT_EQ(inst.size, 4);
}

// Float inline constants in 16-bit integer and packed-integer sources, in
// every form that has such a source (VOP_INT16_FLOAT_INLINE).
TEST(DecoderVop, Int16FloatInlineConstants) {
  EXPECT_EQ(dis("gfx900", {vop2(0x26, 0, 1, 248)}), "v_add_u16_e32 v0, 0.15915494, v1");
  EXPECT_EQ(dis("gfx803", {vop2(0x26, 0, 1, 247)}), "v_add_u16_e32 v0, -4.0, v1");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x126, .src0 = 0xf2, .src2 = 0})), "v_add_u16_e64 v0, 1.0, v2");
  EXPECT_EQ(dis("gfx803", vop3({.op = 0x126, .src1 = 0xf0, .src2 = 0})), "v_add_u16_e64 v0, v1, 0.5");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0xa1, .vdst = 0, .src0 = 0xf0, .src2 = 0})),
            "v_cmp_lt_i16_e64 s[0:1], 0.5, v2");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x204, .src0 = 0xf2})), "v_mad_u16 v0, 1.0, v2, v3");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x12a, .src0 = 0xf0, .src2 = 0})),
            "v_lshlrev_b16_e64 v0, 0.5, v2");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x02, .src0 = 0xf7, .src2 = 0})), "v_pk_add_i16 v0, -4.0, v2");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x00, .src0 = 0xf8})),
            "v_pk_mad_i16 v0, 0.15915494, v2, v3");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x04, .src0 = 0xf0, .src2 = 0})),
            "v_pk_lshlrev_b16 v0, 0.5, v2");
  EXPECT_EQ(dis("gfx900", {vop2(0x26, 0, 1, 0xf9),
                           sdwa({.src0 = 0xf2, .dst_sel = 6, .dst_unused = 2, .src0_sel = 4,
                                 .s0 = 1})}),
            "v_add_u16_sdwa v0, 1.0, v1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
            "src0_sel:WORD_0 src1_sel:DWORD");
}

TEST(DecoderVop, Vop1E32) {
  EXPECT_EQ(dis("gfx900", {vop1(0x01, 0, V(1))}), "v_mov_b32_e32 v0, v1");
  EXPECT_EQ(dis("gfx900", {vop1(0x00, 0, 0)}), "v_nop");
  EXPECT_EQ(status("gfx900", {vop1(0x00, 5, 0)}), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(dis("gfx900", {vop1(0x02, 5, V(1))}), "v_readfirstlane_b32 s5, v1");
  EXPECT_EQ(status("gfx900", {vop1(0x02, 5, 3)}), DecodeStatus::INVALID_OPERAND);  // src0 VGPR only
  EXPECT_EQ(dis("gfx900", {vop1(0x51, 0, V(1))}), "v_swap_b32 v0, v1");
  EXPECT_EQ(dis("gfx900", {vop1(0x51, 0, 0xf9)}), "v_swap_b32 v0, v249");  // not SDWA
  EXPECT_EQ(dis("gfx900", {vop1(0x04, 0, 3)}), "v_cvt_f64_i32_e32 v[0:1], s3");
  EXPECT_EQ(status("gfx803", {vop1(0x32, 0, V(255))}), DecodeStatus::INVALID_OPERAND);  // v[255:256]
  EXPECT_EQ(dis("gfx600", {vop1(0x01, 0, V(1))}), "v_mov_b32_e32 v0, v1");
  // lds_direct is refused only by reversed-operand opcodes (F_REV), which
  // v_bfrev_b32 is not.
  EXPECT_EQ(dis("gfx900", {vop1(0x2c, 0, 254)}), "v_bfrev_b32_e32 v0, src_lds_direct");
  EXPECT_EQ(dis("gfx900", {vop1(0x2b, 0, 254)}), "v_not_b32_e32 v0, src_lds_direct");
  EXPECT_EQ(status("gfx900", {vop2(0x03, 0, 1, 254)}), DecodeStatus::INVALID_OPERAND);  // v_subrev_f32
}

// v_nop's SDWA/DPP forms under llvm's rule; otherwise the first dword alone
// is the e32 v_nop (VOP1_NOP_SDWA_DPP).
TEST(DecoderVop, NopSdwaDpp) {
  auto sizeOf = [](const char* cpu, const std::vector<uint32_t>& dw, Form* form) {
    Inst inst;
    DecodeResult r = run(cpu, bytesOf(dw), &inst);
    *form = inst.form;
    return r.ok() ? int(r.size) : -1;
  };
  Form f;
  EXPECT_EQ(dis("gfx900", {vop1(0x00, 0, 0xf9), 0}), "v_nop");
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9), 0}, &f), 8);
  EXPECT_EQ(f, Form::SDWA);
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9), 0x00001600}, &f), 8);  // dst_sel ignored
  EXPECT_EQ(f, Form::SDWA);
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9), 0x06060600}, &f), 4);  // src selects set
  EXPECT_EQ(f, Form::E32);
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9), 0x80000000}, &f), 4);  // S1 (GFX9)
  EXPECT_EQ(sizeOf("gfx803", {vop1(0x00, 0, 0xf9), 0x80000000}, &f), 8);  // no S1 on GFX8
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9)}, &f), 4);              // no second dword
  EXPECT_EQ(dis("gfx900", {vop1(0x00, 0, 0xfa), dpp(0, 0x006, 0, 0, 6, 0)}),
            "v_nop quad_perm:[2,1,0,0] row_mask:0x0 bank_mask:0x6");
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xfa), dpp(0, 0xe4, 0, 1, 0xf, 0xf)}, &f), 4);  // neg
  EXPECT_EQ(f, Form::E32);
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xfa), dpp(1, 0xe4, 0, 0, 0xf, 0xf)}, &f), 4);  // src0
  EXPECT_EQ(dis("gfx900", {vop1(0x00, 0, 0xfa), dpp(0, 0x140, 0, 0, 0xf, 0xf)}),
            "v_nop row_mirror row_mask:0xf bank_mask:0xf");
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x00, 0, 0xf9), 0x00800000}, &f), 4);  // S0 (GFX9)
  EXPECT_EQ(f, Form::E32);
  // The words llvm-mc writes for v_nop_sdwa and v_nop_dpp (SRC0 byte 0, read
  // as v0 by both layouts) are canonical: strict decoding takes them.
  EXPECT_EQ(status("gfx900", {vop1(0x00, 0, 0xf9), 0}, true), DecodeStatus::OK);
  EXPECT_EQ(status("gfx803", {vop1(0x00, 0, 0xf9), 0}, true), DecodeStatus::OK);
  EXPECT_EQ(status("gfx900", {vop1(0x00, 0, 0xfa), dpp(0, 0, 0, 0, 0xa, 0xa)}, true), DecodeStatus::OK);
  EXPECT_EQ(status("gfx803", {vop1(0x00, 0, 0xfa), dpp(0, 0x140, 0, 0, 0xf, 0xf)}, true), DecodeStatus::OK);
  EXPECT_EQ(status("gfx900", {vop1(0x00, 0, 0xf9), 0x00001600}, true), DecodeStatus::RESERVED_BITS);
  // v_clrexcp has no SDWA/DPP form: a marker in its ignored SRC0 leaves the
  // 4-byte e32 form, as llvm-mc decodes it.
  EXPECT_EQ(sizeOf("gfx900", {vop1(0x35, 0, 0xf9), 0x00001602}, &f), 4);
  EXPECT_EQ(f, Form::E32);
  EXPECT_EQ(sizeOf("gfx803", {vop1(0x35, 0, 0xfa), 0}, &f), 4);
  EXPECT_EQ(dis("gfx900", {vop1(0x35, 0, 0xf9), 0}), "v_clrexcp");
}

TEST(DecoderVop, VopcE32) {
  EXPECT_EQ(dis("gfx900", {vopc(0x41, 1, V(0))}), "v_cmp_lt_f32_e32 vcc, v0, v1");
  EXPECT_EQ(dis("gfx900", {vopc(0x51, 1, V(0))}), "v_cmpx_lt_f32_e32 vcc, v0, v1");
  EXPECT_EQ(dis("gfx900", {vopc(0xea, 2, 129)}), "v_cmp_eq_u64_e32 vcc, 1, v[2:3]");
  EXPECT_EQ(dis("gfx600", {vopc(0x01, 1, V(0))}), "v_cmp_lt_f32_e32 vcc, v0, v1");
}

// ---- e64 / VOP3 / VOP3B ------------------------------------------------------------
TEST(DecoderVop, Vop3) {
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x41, .vdst = 2, .src0 = V(0), .src1 = V(1), .src2 = 0})),
            "v_cmp_lt_f32_e64 s[2:3], v0, v1");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x41, .vdst = 106, .src0 = V(0), .src1 = V(1), .src2 = 0})),
            "v_cmp_lt_f32_e64 vcc, v0, v1");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x101, .src2 = 0, .abs = 1, .neg = 2, .clamp = 1, .omod = 1})),
            "v_add_f32_e64 v0, |v1|, -v2 clamp mul:2");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x100, .src2 = 106, .neg = 1})),
            "v_cndmask_b32_e64 v0, -v1, v2, vcc");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x288, .src0 = 0xf0, .src2 = 0, .neg = 1})),
            "v_ldexp_f32 v0, neg(0.5), v2");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x288, .src2 = 0, .neg = 2})), "v_ldexp_f32 v0, v1, sext(v2)");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x140, .src0 = 0, .src1 = 0, .src2 = 0})), "v_nop");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x145, .src1 = 0, .src2 = 0, .omod = 1})),
            "v_cvt_f32_i32_e64 v0, v1 mul:2");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x1c1})), "v_mad_f32 v0, v1, v2, v3");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x204, .opsel = 15})),
            "v_mad_u16 v0, v1, v2, v3 op_sel:[1,1,1,1]");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x29e, .src2 = 0, .opsel = 8})),
            "v_add_i16 v0, v1, v2 op_sel:[0,0,1]");
  EXPECT_EQ(dis("gfx600", vop3gfx6({.op = 0x141})), "v_mad_f32 v0, v1, v2, v3");
  EXPECT_EQ(dis("gfx600", vop3gfx6({.op = 0x103, .src2 = 0, .clamp = 1})),
            "v_add_f32_e64 v0, v1, v2 clamp");
}

TEST(DecoderVop, Vop3Rejects) {
  // Modifier bits of an instruction without modifiers.
  EXPECT_EQ(status("gfx900", vop3({.op = 0x1c8, .abs = 1})), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", vop3({.op = 0x145, .src1 = 0, .src2 = 0, .neg = 1})),
            DecodeStatus::INVALID_OPERAND);
  // No literal in VOP3; unused SRC2 must be 0.
  EXPECT_EQ(status("gfx900", vop3({.op = 0x1c1, .src0 = 255})), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", vop3({.op = 0x101})), DecodeStatus::INVALID_OPERAND);
  // op_sel bit of the missing src2 of a 2-source op.
  EXPECT_EQ(status("gfx900", vop3({.op = 0x29e, .src2 = 0, .opsel = 4})),
            DecodeStatus::INVALID_OPERAND);
  // Constant bus: two SGPRs. Decodes as llvm-mc does (VOP_CONSTANT_BUS);
  // strict mode rejects, and the assembler refuses the text.
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x101, .src0 = 1, .src1 = 2, .src2 = 0})),
            "v_add_f32_e64 v0, s1, s2");
  EXPECT_EQ(status("gfx900", vop3({.op = 0x101, .src0 = 1, .src1 = 2, .src2 = 0}), true),
            DecodeStatus::RESERVED_BITS);
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x101, .src0 = 1, .src1 = 1, .src2 = 0})),
            "v_add_f32_e64 v0, s1, s1");
  // op_sel bits of a row without op_sel: ignored, strict mode rejects.
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x101, .src2 = 0, .opsel = 1})), "v_add_f32_e64 v0, v1, v2");
  EXPECT_EQ(status("gfx900", vop3({.op = 0x101, .src2 = 0, .opsel = 1}), true),
            DecodeStatus::RESERVED_BITS);
  // Truncated.
  Inst inst;
  EXPECT_EQ(run("gfx900", bytesOf({vop3({.op = 0x1c1})[0]}), &inst).status,
            DecodeStatus::TRUNCATED);
  EXPECT_EQ(run("gfx900", bytesOf({vop1(0x01, 0, 255)}), &inst).status, DecodeStatus::TRUNCATED);
}

TEST(DecoderVop, Vop3B) {
  EXPECT_EQ(dis("gfx900", {0x34u << 26 | 0x1e0u << 16 | 106u << 8, V(1) | V(2) << 9 | V(3) << 18}),
            "v_div_scale_f32 v0, vcc, v1, v2, v3");
  EXPECT_EQ(dis("gfx900", {0x34u << 26 | 0x119u << 16 | 4u << 8, V(1) | V(2) << 9}),
            "v_add_co_u32_e64 v0, s[4:5], v1, v2");
}

TEST(DecoderVop, Vop3Interp) {
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x274, .src0 = 0x1c5, .src1 = V(2), .src2 = 0, .abs = 2,
                                .neg = 2, .clamp = 1, .omod = 1})),
            "v_interp_p1ll_f16 v0, -|v2|, attr5.w high clamp mul:2");
  EXPECT_EQ(dis("gfx900", vop3({.op = 0x272, .src0 = 0, .src1 = 2, .src2 = 0})),
            "v_interp_mov_f32_e64 v0, p0, attr0.x");
  EXPECT_EQ(status("gfx900", vop3({.op = 0x270, .src0 = 0x100, .src1 = V(2), .src2 = 0})),
            DecodeStatus::INVALID_OPERAND);  // high on an f32 interp
}

// ---- VOP3P ---------------------------------------------------------------------------
TEST(DecoderVop, Vop3P) {
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x0f, .src2 = 0})), "v_pk_add_f16 v0, v1, v2");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x0f, .src2 = 0, .opsel_hi = 6})),
            "v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,1]");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x0e, .neg = 6, .clamp = 1})),
            "v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,1,1] clamp");
  EXPECT_EQ(dis("gfx900", vop3p({.op = 0x20, .neg = 1, .neg_hi = 2, .opsel = 4, .opsel_hi = 0})),
            "v_mad_mix_f32 v0, -v1, |v2|, v3 op_sel:[0,0,1]");
  EXPECT_EQ(dis("gfx906", vop3p({.op = 0x20, .opsel_hi = 4})),
            "v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[0,0,1]");
  EXPECT_EQ(dis("gfx906", vop3p({.op = 0x28, .neg = 5})),
            "v_dot4_i32_i8 v0, v1, v2, v3 neg_lo:[1,0,1]");
  EXPECT_EQ(status("gfx900", vop3p({.op = 0x09, .neg = 2})), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", vop3p({.op = 0x28})), DecodeStatus::UNKNOWN_OPCODE);  // gfx906 only
}

// ---- VOP3P_MAI and the AccVGPR moves (gfx908; texts as llvm-mc-19 prints them) ------------
//   VOP3P_MAI [7:0] VDST [10:8] CBSZ [14:11] ABID [15] ACC(C/D) [22:16] OP | sources,
//        [28:27] ACC(A,B) [31:29] BLGP
std::vector<uint32_t> mai(uint32_t op, uint32_t vdst, uint32_t a, uint32_t b, uint32_t c,
                          uint32_t acc = 0, uint32_t cbsz = 0, uint32_t abid = 0, uint32_t blgp = 0) {
  return {0x1a7u << 23 | op << 16 | (acc >> 2 & 1) << 15 | abid << 11 | cbsz << 8 | vdst,
          blgp << 29 | (acc & 3) << 27 | c << 18 | b << 9 | a};
}

TEST(DecoderVop, Mai) {
  EXPECT_EQ(dis("gfx908", mai(0x42, 0, V(1), V(2), V(0))), "v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]");
  EXPECT_EQ(dis("gfx908", mai(0x42, 0, V(1), V(2), V(4), 3)),
            "v_mfma_f32_4x4x1f32 a[0:3], a1, a2, a[4:7]");
  EXPECT_EQ(dis("gfx908", mai(0x42, 0, V(1), V(2), V(0), 0, 1, 2, 3)),
            "v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3] cbsz:1 abid:2 blgp:3");
  EXPECT_EQ(dis("gfx908", mai(0x40, 0, V(1), V(2), V(0))),
            "v_mfma_f32_32x32x1f32 a[0:31], v1, v2, a[0:31]");
  EXPECT_EQ(dis("gfx908", mai(0x4a, 0, V(1), V(2), V(0), 1)),
            "v_mfma_f32_4x4x4f16 a[0:3], a[1:2], v[2:3], a[0:3]");
  // gfx908's C/D are always AccVGPRs: the C/D bit is ignored (MAI_ACC_CD_GFX908).
  EXPECT_EQ(dis("gfx908", mai(0x42, 0, V(1), V(2), V(0), 4)), "v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]");
  EXPECT_EQ(status("gfx908", mai(0x42, 0, V(1), V(2), V(0), 4), true), DecodeStatus::RESERVED_BITS);
  // Sources are registers (MAI_SRC_NOT_REGISTER); a tuple ends at a255.
  EXPECT_EQ(status("gfx908", mai(0x42, 0, 1, V(2), V(0))), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx908", mai(0x42, 0, V(1), V(2), 0x80)), DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx908", mai(0x42, 254, V(1), V(2), V(0))), DecodeStatus::INVALID_OPERAND);
  // C wider than 4 registers overlapping D without being D: llvm's assembler refuses it.
  EXPECT_EQ(dis("gfx908", mai(0x41, 0, V(1), V(2), V(2))), "v_mfma_f32_16x16x1f32 a[0:15], v1, v2, a[2:17]");
  EXPECT_EQ(status("gfx908", mai(0x41, 0, V(1), V(2), V(2)), true), DecodeStatus::RESERVED_BITS);
  // The accumulator moves: plain VOP3P words without modifiers.
  EXPECT_EQ(dis("gfx908", vop3p({.op = 0x58, .src0 = V(1), .src1 = 0, .src2 = 0})), "v_accvgpr_read_b32 v0, a1");
  EXPECT_EQ(dis("gfx908", vop3p({.op = 0x59, .src0 = V(1), .src1 = 0, .src2 = 0})), "v_accvgpr_write_b32 a0, v1");
  EXPECT_EQ(dis("gfx908", vop3p({.op = 0x59, .src0 = 0xf7, .src1 = 0, .src2 = 0})), "v_accvgpr_write_b32 a0, -4.0");
  EXPECT_EQ(status("gfx908", vop3p({.op = 0x59, .src0 = 1, .src1 = 0, .src2 = 0})),
            DecodeStatus::INVALID_OPERAND);  // an SGPR (ACCVGPR_WRITE_SGPR_GFX908)
  EXPECT_EQ(status("gfx908", vop3p({.op = 0x58, .src0 = 1, .src1 = 0, .src2 = 0})),
            DecodeStatus::INVALID_OPERAND);  // ACCVGPR_READ_SRC_LOW8
  // Not on gfx906: the opcodes are free there.
  EXPECT_EQ(status("gfx906", mai(0x42, 0, V(1), V(2), V(0))), DecodeStatus::UNKNOWN_OPCODE);
  EXPECT_EQ(status("gfx906", vop3p({.op = 0x58, .src0 = V(1), .src1 = 0, .src2 = 0})),
            DecodeStatus::UNKNOWN_OPCODE);
}

TEST(DecoderVop, Gfx908DotC) {
  EXPECT_EQ(dis("gfx908", {vop2(0x37, 0, 2, V(1))}), "v_dot2c_f32_f16_e32 v0, v1, v2");
  EXPECT_EQ(dis("gfx908", {vop2(0x3c, 0, 2, V(1))}), "v_pk_fmac_f16_e32 v0, v1, v2");
  EXPECT_EQ(dis("gfx908", vop3({.op = 0x139, .src2 = 0, .clamp = 1})), "v_dot4c_i32_i8_e64 v0, v1, v2 clamp");
  EXPECT_EQ(status("gfx906", {vop2(0x37, 0, 2, V(1))}), DecodeStatus::UNKNOWN_OPCODE);
}

// ---- SDWA ----------------------------------------------------------------------------
TEST(DecoderVop, Sdwa) {
  EXPECT_EQ(dis("gfx900", {vop1(0x01, 0, 0xf9), sdwa({.src1_sel = 0})}),
            "v_mov_b32_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 0xf9), sdwa({.src0 = 1, .s0 = 1})}),
            "v_add_f32_sdwa v0, s1, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD "
            "src1_sel:DWORD");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 0xf9), sdwa({.clamp = 1, .omod = 1, .neg0 = 1, .abs1 = 1})}),
            "v_add_f32_sdwa v0, -v1, |v2| clamp mul:2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
            "src0_sel:DWORD src1_sel:DWORD");
  EXPECT_EQ(dis("gfx900", {vop2(0x34, 0, 2, 0xf9), sdwa({.src0_sel = 1, .sext0 = 1})}),
            "v_add_u32_sdwa v0, sext(v1), v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
            "src0_sel:BYTE_1 src1_sel:DWORD");
  EXPECT_EQ(dis("gfx803", {vop2(0x01, 0, 2, 0xf9), sdwa({.dst_sel = 4, .dst_unused = 0})}),
            "v_add_f32_sdwa v0, v1, v2 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:DWORD "
            "src1_sel:DWORD");
  EXPECT_EQ(dis("gfx900", {vopc(0x41, 1, 0xf9), sdwaVopc(0, 2, 1, 5, 6)}),
            "v_cmp_lt_f32_sdwa s[2:3], v0, v1 src0_sel:WORD_1 src1_sel:DWORD");
  EXPECT_EQ(dis("gfx900", {vopc(0x41, 1, 0xf9), sdwaVopc(0, 0, 0, 5, 6)}),
            "v_cmp_lt_f32_sdwa vcc, v0, v1 src0_sel:WORD_1 src1_sel:DWORD");
  EXPECT_EQ(dis("gfx803", {vopc(0x41, 1, 0xf9), sdwa({.src0 = 0, .clamp = 1, .src0_sel = 5})}),
            "v_cmp_lt_f32 vcc, v0, v1 clamp src0_sel:WORD_1 src1_sel:DWORD");
}

TEST(DecoderVop, SdwaRejects) {
  // Select value 7 (llvm-mc crashes, SDWA_SEL_7).
  EXPECT_EQ(status("gfx900", {vop1(0x01, 0, 0xf9), sdwa({.src0_sel = 7, .src1_sel = 0})}),
            DecodeStatus::INVALID_OPERAND);
  // VOP1: the src1 byte must be zero.
  EXPECT_EQ(status("gfx900", {vop1(0x01, 0, 0xf9), sdwa({.src1_sel = 6})}),
            DecodeStatus::INVALID_OPERAND);
  // Integer source with neg; float source with sext; omod on an integer result.
  EXPECT_EQ(status("gfx900", {vop2(0x34, 0, 2, 0xf9), sdwa({.neg0 = 1})}),
            DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", {vop2(0x01, 0, 2, 0xf9), sdwa({.sext0 = 1})}),
            DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(dis("gfx900", {vop1(0x05, 0, 0xf9), sdwa({.omod = 1, .src1_sel = 0})}),
            "v_cvt_f32_i32_sdwa v0, v1 mul:2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
            "src0_sel:DWORD");
  EXPECT_EQ(status("gfx900", {vop1(0x01, 0, 0xf9), sdwa({.omod = 2, .src1_sel = 0})}),
            DecodeStatus::INVALID_OPERAND);
  // No SDWA form: 64-bit operands, v_mac_f32 on GFX9.
  EXPECT_EQ(status("gfx900", {vop1(0x25, 0, 0xf9), sdwa({.src1_sel = 0})}),
            DecodeStatus::INVALID_OPERAND);
  EXPECT_EQ(status("gfx900", {vop2(0x16, 0, 2, 0xf9), sdwa({})}), DecodeStatus::INVALID_OPERAND);
  // The extension dword is missing.
  Inst inst;
  EXPECT_EQ(run("gfx900", bytesOf({vop1(0x01, 0, 0xf9)}), &inst).status, DecodeStatus::TRUNCATED);
}

// ---- DPP -----------------------------------------------------------------------------
TEST(DecoderVop, Dpp) {
  EXPECT_EQ(dis("gfx900", {vop1(0x01, 0, 0xfa), dpp(1, 0xe4, 1, 0, 0xf, 0xf)}),
            "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf bound_ctrl:1");
  EXPECT_EQ(dis("gfx803", {vop2(0x01, 0, 2, 0xfa), dpp(1, 0x101, 0, 0x5, 0x3, 0x5)}),
            "v_add_f32_dpp v0, -v1, -v2 row_shl:1 row_mask:0x5 bank_mask:0x3");
  EXPECT_EQ(dis("gfx900", {vop2(0x01, 0, 2, 0xfa), dpp(1, 0x142, 0, 0x2, 0xf, 0xf)}),
            "v_add_f32_dpp v0, |v1|, v2 row_bcast:15 row_mask:0xf bank_mask:0xf");
  EXPECT_EQ(dis("gfx900", {vop2(0x33, 0, 2, 0xfa), dpp(1, 0x140, 0, 0x4, 0xf, 0xf)}),
            "v_ldexp_f16_dpp v0, v1, sext(v2) row_mirror row_mask:0xf bank_mask:0xf");
  EXPECT_EQ(status("gfx900", {vop1(0x01, 0, 0xfa), dpp(1, 0x100, 0, 0, 0xf, 0xf)}),
            DecodeStatus::INVALID_OPERAND);  // undefined DPP_CTRL
  EXPECT_EQ(status("gfx900", {vop1(0x01, 0, 0xfa), dpp(1, 0xe4, 0, 1, 0xf, 0xf)}),
            DecodeStatus::INVALID_OPERAND);  // neg on v_mov_b32
  EXPECT_EQ(status("gfx900", {vopc(0x41, 1, 0xfa), dpp(0, 0xe4, 0, 0, 0xf, 0xf)}),
            DecodeStatus::INVALID_OPERAND);  // no VOPC DPP
}

// Words llvm-mc decodes although no assembler writes them: lenient
// decoding takes them as they are, strict decoding refuses them (errata
// VGPR_TUPLE_ALIGN_DECODED). From llvm-mc-19 -mcpu=gfx90a: v_lshlrev_b64
// v[2:3], 1, v[4:5] is 0xd28f0002 0x00020881; VDST = 3 is the odd tuple
// that llvm-mc-19 --disassemble prints as v[3:4].
TEST(DecoderVop, OddVgprTupleOnlyStrictRefuses) {
  EXPECT_EQ(dis("gfx90a", {0xd28f0002u, 0x00020881u}), "v_lshlrev_b64 v[2:3], 1, v[4:5]");
  EXPECT_EQ(status("gfx90a", {0xd28f0002u, 0x00020881u}, true), DecodeStatus::OK);
  EXPECT_EQ(dis("gfx90a", {0xd28f0003u, 0x00020881u}), "v_lshlrev_b64 v[3:4], 1, v[4:5]");
  EXPECT_EQ(status("gfx90a", {0xd28f0003u, 0x00020881u}, true), DecodeStatus::RESERVED_BITS);
  // gfx908 has no alignment rule.
  EXPECT_EQ(status("gfx908", {0xd28f0003u, 0x00020881u}, true), DecodeStatus::OK);
}

}  // namespace
}  // namespace gcn
