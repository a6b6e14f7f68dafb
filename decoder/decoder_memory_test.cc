// Memory-family decoder tests: one line per case, bytes -> llvm-mc-16 text.
// Words are assembled by hand from the field layouts in
// shared/spec/clrx/GcnInstrs{Ds,Mubuf,Mtbuf,Mimg,Flat,Vintrp}.md (plus the
// errata in isa/errata/memory.inc where llvm-mc differs), written as the two
// little-endian dwords of the instruction.
#include <gtest/gtest.h>

#include <string>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "isa/target.h"

namespace gcn {
namespace {

struct Decoded {
  DecodeStatus status;
  std::string text;
};

Decoded dis(const char* cpu, uint32_t w0, uint32_t w1, size_t len = 8, bool strict = false) {
  Target t;
  std::string err;
  EXPECT_TRUE(targetFromName(cpu, &t, &err)) << err;
  uint8_t b[8];
  for (int i = 0; i < 4; ++i) {
    b[i] = uint8_t(w0 >> (8 * i));
    b[4 + i] = uint8_t(w1 >> (8 * i));
  }
  Inst inst;
  DecodeOptions o;
  o.strict = strict;
  DecodeResult r = decode(t, b, len, &inst, o);
  return {r.status, r.ok() ? printInst(inst) : std::string()};
}

#define EXPECT_DIS(cpu, w0, w1, want) EXPECT_EQ(dis(cpu, w0, w1).text, want)
#define EXPECT_REJ(cpu, w0, w1, st) EXPECT_EQ(dis(cpu, w0, w1).status, DecodeStatus::st)

// DS: OFFSET 0-15 (OFFSET0 0-7, OFFSET1 8-15), GDS 16 / OP 17-24 (GFX8/9),
// GDS 17 / OP 18-25 (GFX6/7); ADDR, DATA0, DATA1, VDST in dword1.
TEST(DecoderMemory, Ds) {
  EXPECT_DIS("gfx900", 0xD8010010, 0x00000201, "ds_add_u32 v1, v2 offset:16 gds");
  EXPECT_DIS("gfx900", 0xD86E0201, 0x04000001, "ds_read2_b32 v[4:5], v1 offset0:1 offset1:2");
  EXPECT_DIS("gfx900", 0xD86C0000, 0x04000001, "ds_read_b32 v4, v1");
  EXPECT_DIS("gfx900", 0xD8200000, 0x00030201, "ds_cmpst_b32 v1, v2, v3");
  EXPECT_DIS("gfx900", 0xD87A801F, 0x03000001, "ds_swizzle_b32 v3, v1 offset:swizzle(QUAD_PERM,3,3,1,0)");
  EXPECT_DIS("gfx900", 0xD87A041F, 0x03000001, "ds_swizzle_b32 v3, v1 offset:swizzle(SWAP,1)");
  EXPECT_DIS("gfx900", 0xD87A001C, 0x03000001, "ds_swizzle_b32 v3, v1 offset:swizzle(BROADCAST,4,0)");
  // AND bit 0 is shadowed by OR bit 0: llvm prints BITMASK_PERM "00111" and
  // assembles that text to 0xe0 (DS_SWIZZLE_BITMASK_LOSSY).
  EXPECT_DIS("gfx900", 0xD87A00E1, 0x00000000, "ds_swizzle_b32 v0, v0 offset:swizzle(BROADCAST,32,7)");
  EXPECT_DIS("gfx900", 0xD87A00E0, 0x00000000, "ds_swizzle_b32 v0, v0 offset:swizzle(BROADCAST,32,7)");
  EXPECT_REJ("gfx900", 0xD87A00E1, 0x00000000, OK);
  EXPECT_EQ(dis("gfx900", 0xD87A00E1, 0, 8, true).status, DecodeStatus::RESERVED_BITS);
  EXPECT_DIS("gfx900", 0xD97F0004, 0x03000001, "ds_ordered_count v3, v1 offset:4 gds");
  EXPECT_DIS("gfx803", 0xD9330005, 0x00000001, "ds_gws_init v1 offset:5 gds");
  EXPECT_DIS("tahiti", 0xD8020010, 0x00000201, "ds_add_u32 v1, v2 offset:16 gds");
  // Unused register fields must be zero; gws ops need gds; ds_nop no offset.
  EXPECT_REJ("gfx900", 0xD8000000, 0x04000201, INVALID_OPERAND);
  EXPECT_REJ("gfx900", 0xD9320000, 0x00000001, INVALID_OPERAND);
  EXPECT_REJ("gfx900", 0xD8280005, 0x00000000, INVALID_OPERAND);
  EXPECT_REJ("gfx900", 0xD87D0000, 0x03000201, INVALID_OPERAND);  // ds_permute_b32 gds
  EXPECT_EQ(dis("gfx900", 0xD8000000, 0x00000201, 4).status, DecodeStatus::TRUNCATED);
  // GFX8/9 bit 25: refused in rows with neither vdst nor data0, kept
  // elsewhere (DS_BIT25_NO_DATA).
  EXPECT_DIS("gfx900", 0xD9A40000, 0x00000000, "ds_min_src2_f64 v0");
  EXPECT_REJ("gfx900", 0xDBA40000, 0x00000000, INVALID_OPERAND);
  EXPECT_REJ("gfx803", 0xDBA40000, 0x00000000, INVALID_OPERAND);
  EXPECT_REJ("gfx900", 0xDA280000, 0x00000000, INVALID_OPERAND);  // ds_nop
  EXPECT_DIS("gfx900", 0xDA6C0000, 0x00000000, "ds_read_b32 v0, v0");
  EXPECT_DIS("gfx803", 0xDB3B0000, 0x00000000, "ds_gws_barrier v0 gds");
}

// MUBUF: OFFSET 0-11, OFFEN 12, IDXEN 13, GLC 14, ADDR64 15 (GFX6/7), LDS 16,
// SLC 17 (GFX8/9; 54 on GFX6/7), OP 18-24; VADDR, VDATA, SRSRC (x4), TFE 55,
// SOFFSET 56-63.
TEST(DecoderMemory, Mubuf) {
  EXPECT_DIS("gfx900", 0xE0500000, 0x00010201, "buffer_load_dword v2, off, s[4:7], s0");
  EXPECT_DIS("gfx900", 0xE0525FFF, 0x00810201,
             "buffer_load_dword v[2:3], v1, s[4:7], s0 offen offset:4095 glc slc tfe");
  EXPECT_DIS("gfx900", 0xE0503000, 0xF0010201, "buffer_load_dword v2, v[1:2], s[4:7], 0.5 idxen offen");
  EXPECT_DIS("gfx900", 0xE0510000, 0x00010201, "buffer_load_dword off, s[4:7], s0 lds");
  EXPECT_DIS("gfx900", 0xE0F54004, 0x00010201, "buffer_store_lds_dword s[4:7], s0 offset:4 lds glc");
  EXPECT_DIS("gfx900", 0xE03C0000, 0x00010201, "buffer_store_format_d16_xyzw v[2:3], off, s[4:7], s0");
  EXPECT_DIS("gfx803", 0xE03C0000, 0x00010201, "buffer_store_format_d16_xyzw v[2:5], off, s[4:7], s0");
  EXPECT_DIS("gfx900", 0xE1080000, 0x7C1B0201, "buffer_atomic_add v2, off, ttmp[0:3], m0");
  EXPECT_DIS("gfx900", 0xE0F80004, 0x00810201, "buffer_wbinvl1");
  EXPECT_DIS("tahiti", 0xE0308000, 0x00010204, "buffer_load_dword v2, v[4:5], s[4:7], s0 addr64");
  EXPECT_REJ("gfx900", 0xE0500000, 0xFF010201, INVALID_OPERAND);  // literal soffset
  EXPECT_REJ("gfx900", 0xE0500000, 0x001F0201, INVALID_OPERAND);  // srsrc 31
  EXPECT_REJ("gfx900", 0xE0500000, 0x001A0201, INVALID_OPERAND);  // srsrc xnack_mask
  EXPECT_REJ("gfx900", 0xE0510000, 0x00810201, INVALID_OPERAND);  // lds + tfe
  EXPECT_REJ("gfx900", 0xE0550000, 0x00010201, UNKNOWN_OPCODE);   // dwordx2 + lds
  EXPECT_REJ("gfx900", 0xE0F84000, 0x00010201, INVALID_OPERAND);  // wbinvl1 glc
  EXPECT_EQ(dis("gfx900", 0xE0508000, 0x00010201, 8, true).status, DecodeStatus::RESERVED_BITS);
  EXPECT_EQ(dis("gfx900", 0xE0508000, 0x00010201).text, "buffer_load_dword v2, off, s[4:7], s0");
}

// MTBUF: GFX8/9 OP 15-18, DFMT 19-22, NFMT 23-25; TFE (55) ignored by llvm.
TEST(DecoderMemory, Mtbuf) {
  EXPECT_DIS("gfx900", 0xEBA00000, 0x00010201,
             "tbuffer_load_format_x v2, off, s[4:7], s0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]");
  EXPECT_DIS("gfx900", 0xE8087005, 0x00C10201,
             "tbuffer_load_format_x v2, v[1:2], s[4:7], s0 idxen offen offset:5 glc slc");
  EXPECT_DIS("gfx803", 0xE80D8000, 0x00010201, "tbuffer_load_format_d16_xyzw v[2:5], off, s[4:7], s0");
  EXPECT_REJ("gfx900", 0xE8080000, 0x7D010201, INVALID_OPERAND);  // null soffset
}

// MIMG: DMASK 8-11, UNORM 12, GLC 13, DA 14, R128/A16 15, TFE 16, LWE 17,
// OP 18-24, SLC 25; VADDR, VDATA, SRSRC 48-52 (x4), SSAMP 53-57 (x4), D16 63.
TEST(DecoderMemory, Mimg) {
  EXPECT_DIS("gfx900", 0xF0800F00, 0x00410201, "image_sample v[2:5], v1, s[4:11], s[8:11] dmask:0xf");
  EXPECT_DIS("gfx900", 0xF0808100, 0x00410201, "image_sample v2, v1, s[4:11], s[8:11] dmask:0x1 a16");
  EXPECT_DIS("gfx803", 0xF0808100, 0x00410201, "image_sample v2, v1, s[4:11], s[8:11] dmask:0x1 r128");
  EXPECT_DIS("gfx900", 0xF0000F00, 0x80010201, "image_load v[2:3], v1, s[4:11] dmask:0xf d16");
  EXPECT_DIS("gfx900", 0xF0010F00, 0x00010201, "image_load v[2:6], v1, s[4:11] dmask:0xf tfe");
  EXPECT_DIS("gfx900", 0xF1000100, 0x00010201, "image_gather4 v[2:5], v1, s[4:11], s[0:3] dmask:0x1");
  EXPECT_DIS("gfx900", 0xF0400700, 0x00010201, "image_atomic_swap v2, v1, s[4:11] dmask:0x7");
  EXPECT_DIS("gfx900", 0xF0440F00, 0x00010201, "image_atomic_cmpswap v[2:5], v1, s[4:11] dmask:0xf");
  EXPECT_REJ("gfx900", 0xF0000101, 0x00010201, INVALID_OPERAND);  // bit 0
  EXPECT_REJ("gfx900", 0xF0000100, 0x00410201, INVALID_OPERAND);  // ssamp on image_load
  EXPECT_REJ("gfx900", 0xF0400100, 0x80010201, INVALID_OPERAND);  // atomic d16
}

// FLAT (GFX9): OFFSET 0-12, LDS 13, SEG 14-15, GLC 16, SLC 17, OP 18-24;
// VADDR, VDATA, SADDR 48-54, NV 55, VDST 56-63.
TEST(DecoderMemory, Flat) {
  EXPECT_DIS("gfx900", 0xDC501FFF, 0x03000201, "flat_load_dword v3, v[1:2] offset:8191");
  EXPECT_DIS("gfx900", 0xDC700000, 0x00000201, "flat_store_dword v[1:2], v2");
  EXPECT_DIS("gfx900", 0xDD090000, 0x03000201, "flat_atomic_add v3, v[1:2], v2 glc");
  EXPECT_DIS("gfx900", 0xDD080000, 0x00000201, "flat_atomic_add v[1:2], v2");
  EXPECT_DIS("gfx900", 0xDC509FF8, 0x037F0201, "global_load_dword v3, v[1:2], off offset:-8");
  EXPECT_DIS("gfx900", 0xDC508000, 0x03040201, "global_load_dword v3, v1, s[4:5]");
  EXPECT_DIS("gfx900", 0xDC50A000, 0x007F0201, "global_load_dword v[1:2], off lds");
  EXPECT_DIS("gfx900", 0xDC504000, 0x03040201, "scratch_load_dword v3, off, s4");
  EXPECT_DIS("gfx900", 0xDC504000, 0x037F0001, "scratch_load_dword v3, v1, off");
  EXPECT_DIS("gfx803", 0xDC500004, 0x03000201, "flat_load_dword v3, v[1:2] offset:4");
  EXPECT_DIS("bonaire", 0xDC300000, 0x03000201, "flat_load_dword v3, v[1:2]");
  EXPECT_REJ("gfx900", 0xDC50C000, 0x03000201, UNKNOWN_OPCODE);   // seg 3
  EXPECT_REJ("gfx900", 0xDC500000, 0x03010201, INVALID_OPERAND);  // flat with saddr
  EXPECT_REJ("gfx900", 0xDC708000, 0x006B0903, INVALID_OPERAND);  // odd vcc saddr
}

// EXP: EN 0-3, TGT 4-9, COMPR 10, DONE 11, VM 12; VSRC0-3 in dword1.
TEST(DecoderMemory, Exp) {
  EXPECT_DIS("gfx900", 0xC400180F, 0x04030201, "exp mrt0 v1, v2, v3, v4 done vm");
  EXPECT_DIS("gfx900", 0xC400040F, 0x00000201, "exp mrt0 v1, v1, v2, v2 compr");
  EXPECT_DIS("gfx803", 0xC40000C5, 0x04030201, "exp pos0 v1, off, v3, off");
  EXPECT_DIS("tahiti", 0xF800020F, 0x04030201, "exp param0 v1, v2, v3, v4");
}

// VINTRP: VSRC 0-7, ATTRCHAN 8-9, ATTR 10-15, OP 16-17, VDST 18-25.
TEST(DecoderMemory, Vintrp) {
  EXPECT_DIS("gfx900", 0xD40C0901, 0, "v_interp_p1_f32_e32 v3, v1, attr2.y");
  EXPECT_DIS("gfx900", 0xD40E0001, 0, "v_interp_mov_f32_e32 v3, p20, attr0.x");
  EXPECT_DIS("gfx900", 0xD40E0007, 0, "v_interp_mov_f32_e32 v3, invalid_param_7, attr0.x");
  EXPECT_DIS("tahiti", 0xC80C0901, 0, "v_interp_p1_f32 v3, v1, attr2.y");
}

// Every ds_swizzle offset decodes to one whose text reads back to it.
TEST(DecoderMemory, SwizzleOffsetsAreCanonical) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  int changed = 0;
  for (uint32_t off = 0; off < 0x10000; ++off) {
    uint32_t w[2] = {0xD87A0000u | off, 0};
    Inst a, b;
    ASSERT_TRUE(decode(t, reinterpret_cast<const uint8_t*>(w), 8, &a).ok()) << off;
    const uint32_t c = uint32_t(a[Fld::OFFSET]);
    changed += c != off;
    if (off & 0x8000) {
      EXPECT_EQ(c, off);
    }
    w[0] = 0xD87A0000u | c;
    ASSERT_TRUE(decode(t, reinterpret_cast<const uint8_t*>(w), 8, &b).ok()) << off;
    EXPECT_EQ(uint32_t(b[Fld::OFFSET]), c) << off;
    EXPECT_EQ(printInst(a), printInst(b)) << off;
  }
  EXPECT_GT(changed, 0);
}

}  // namespace
}  // namespace gcn
