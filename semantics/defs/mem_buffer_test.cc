// MUBUF/MTBUF semantics: descriptor base/stride/num_records bounds, offen/
// idxen/addr64, soffset and the instruction offset, swizzled addressing,
// atomics with/without GLC, the LDS bit, and format conversion.
#include <string>

#include "semantics/memory/mem_format.h"
#include "semantics/defs/mem_testing.h"

namespace gcn::sem::memtest {
namespace {

using Buf = MemTest;

constexpr uint64_t kBuf = 0x100000000ull;

// V# in s[8:11].
void setRsrc(WaveState& w, uint64_t base, uint32_t stride, uint32_t num_records, uint32_t dword3 = 0,
             bool swizzle = false) {
  w.s[8] = uint32_t(base);
  w.s[9] = uint32_t(base >> 32) & 0xffff;
  w.s[9] |= (stride & 0x3fff) << 16;
  w.s[9] |= uint32_t(swizzle) << 31;
  w.s[10] = num_records;
  w.s[11] = dword3;
}

TEST_P(Buf, RawBoundsReadZeroWriteDropped) {
  uint8_t* p = map(kBuf, 4096);
  for (int i = 0; i < 1024; ++i) wr32(p + 4 * i, 0x100u + i);
  setRsrc(*w, kBuf, 0, 64);  // 64 bytes
  lanes(0, [](int l) { return uint32_t(l * 4); });
  fill(1, 0xdead);
  w->s[2] = 8;  // soffset
  ok("buffer_load_dword v1, v0, s[8:11], s2 offen offset:4");
  // byte offset l*4+4 is in range while < num_records - soffset = 56
  EXPECT_EQ(w->v[1][0], 0x100u + 3);   // base + 8 + 4
  EXPECT_EQ(w->v[1][12], 0x100u + 15);
  EXPECT_EQ(w->v[1][13], 0u);          // 56: out of range
  fill(2, 0x77);
  ok("buffer_store_dword v2, v0, s[8:11], s2 offen offset:4");
  EXPECT_EQ(rd32(p + 8 + 4 + 12 * 4), 0x77u);
  EXPECT_EQ(rd32(p + 8 + 4 + 13 * 4), 0x100u + 16);  // dropped
  // dwordx4 straddling the end: in-range dwords load, the rest read 0
  fill(3, 48);
  ok("buffer_load_dwordx4 v[4:7], v3, s[8:11], s2 offen");
  EXPECT_EQ(w->v[4][0], 0x77u);  // stored above
  EXPECT_EQ(w->v[5][0], 0x77u);
  EXPECT_EQ(w->v[6][0], 0u);
  EXPECT_EQ(w->v[7][0], 0u);
}

TEST_P(Buf, StructuredIndexStrideAndRange) {
  uint8_t* p = map(kBuf, 4096);
  for (int i = 0; i < 1024; ++i) wr32(p + 4 * i, i);
  setRsrc(*w, kBuf, 16, 10);  // 10 records of 16 bytes
  lanes(0, [](int l) { return uint32_t(l); });          // index
  lanes(1, [](int l) { return uint32_t((l % 5) * 4); }); // offset within record
  ok("buffer_load_dword v2, v[0:1], s[8:11], 0 idxen offen");
  EXPECT_EQ(w->v[2][3], uint32_t(3 * 4 + 3));
  EXPECT_EQ(w->v[2][4], 0u);   // offset 16 >= stride: out of range
  EXPECT_EQ(w->v[2][10], 0u);  // index 10 >= num_records
  ok("buffer_load_dword v3, v0, s[8:11], 0 idxen offset:8");
  EXPECT_EQ(w->v[3][9], uint32_t(9 * 4 + 2));
}

TEST_P(Buf, D16HiStoresWriteTheHighHalf) {
  uint8_t* p = map(kBuf, 256);
  wr32(p, 0xaaaaaaaau);
  setRsrc(*w, kBuf, 0, 256);
  fill(2, 0x8765cafeu);
  w->setExec(1);
  ok("buffer_store_short_d16_hi v2, off, s[8:11], 0\nbuffer_store_byte_d16_hi v2, off, s[8:11], 0 offset:2");
  EXPECT_EQ(rd32(p), 0xaa658765u);
}

TEST_P(Buf, SwizzledDescriptorMatchesScratchLayout) {
  // The ABI's private segment buffer: swizzle, element size 4, index
  // stride 64, TID_ENABLE; lanes address their own interleaved dwords.
  scratch_base = kBuf;
  uint8_t* p = map(kBuf, 64 * 4 * 8);
  const uint32_t d3 = (1u << 19) | (3u << 21) | (1u << 23);
  setRsrc(*w, kBuf, 0, 0xffffffff, d3, true);
  lanes(1, [](int l) { return uint32_t(l); });
  lanes(2, [](int l) { return uint32_t(100 + l); });
  ok("buffer_store_dwordx2 v[1:2], off, s[8:11], 0 offset:8");
  for (int l : {0, 17, 63}) {
    EXPECT_EQ(rd32(p + scratchSwizzle(0, 8, l)), uint32_t(l));
    EXPECT_EQ(rd32(p + scratchSwizzle(0, 12, l)), uint32_t(100 + l));
  }
  fill(9, 0);
  ok("scratch_load_dword v3, v9, off offset:12");  // same bytes through SCRATCH
  EXPECT_EQ(w->v[3][17], 117u);
}

TEST_P(Buf, AtomicsGlcAndCmpswap) {
  uint8_t* p = map(kBuf, 256);
  setRsrc(*w, kBuf, 0, 256);
  fill(0, 16);
  fill(1, 3);
  wr32(p + 16, 5);
  w->setExec(0x3);
  ok("buffer_atomic_add v1, v0, s[8:11], 0 offen");
  EXPECT_EQ(rd32(p + 16), 11u);
  EXPECT_EQ(w->v[1][0], 3u);  // no glc: data kept
  ok("buffer_atomic_sub v1, v0, s[8:11], 0 offen glc");
  EXPECT_EQ(w->v[1][0], 11u);
  EXPECT_EQ(w->v[1][1], 8u);
  EXPECT_EQ(rd32(p + 16), 5u);
  w->setExec(1);
  fill(2, 42);
  fill(3, 5);
  ok("buffer_atomic_cmpswap v[2:3], v0, s[8:11], 0 offen glc");
  EXPECT_EQ(w->v[2][0], 5u);
  EXPECT_EQ(rd32(p + 16), 42u);
  // out of range: nothing changes, GLC returns 0
  fill(4, 1000);
  fill(5, 1);
  ok("buffer_atomic_add v5, v4, s[8:11], 0 offen glc");
  EXPECT_EQ(w->v[5][0], 0u);
}

TEST_P(Buf, Addr64OnGfx7) {
  setCpu("bonaire");
  uint8_t* p = map(kBuf, 256);
  wr32(p + 0x24, 0xcafe);
  setRsrc(*w, 0x20, 0, 0);  // base 0x20, no range check in ADDR64
  for (int l = 0; l < kLanes; ++l) {
    w->v[0][l] = uint32_t(kBuf);
    w->v[1][l] = uint32_t(kBuf >> 32);
  }
  ok("buffer_load_dword v2, v[0:1], s[8:11], 0 addr64 offset:4");
  EXPECT_EQ(w->v[2][0], 0xcafeu);
}

TEST_P(Buf, LdsBitWritesLds) {
  uint8_t* p = map(kBuf, 256);
  wr32(p + 4, 0x80);
  setRsrc(*w, kBuf, 0, 256);
  fill(0, 4);
  w->setM0(0x100);
  w->setExec(0x5);
  ok("buffer_load_sbyte v0, s[8:11], 0 offen lds");
  // "If element size is smaller than 4-byte, then stored 4-byte value will
  // be zero-extended" (GcnMemHandling.md), even for sbyte.
  EXPECT_EQ(ldsU32(0x100), 0x80u);
  EXPECT_EQ(ldsU32(0x104), 0u);  // lane 1 inactive
  EXPECT_EQ(ldsU32(0x108), 0x80u);
}

TEST_P(Buf, TypedFormatsConvert) {
  uint8_t* p = map(kBuf, 256);
  wr32(p, 0x80ff7f01u);       // bytes 01 7f ff 80
  wr32(p + 4, 0x3c00c000u);   // halves: -2.0, 1.0
  setRsrc(*w, kBuf, 0, 256);
  fill(0, 0);
  ok("tbuffer_load_format_xyzw v[1:4], off, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UNORM]\n"
     "tbuffer_load_format_xyzw v[5:8], off, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SINT]\n"
     "tbuffer_load_format_xy v[9:10], off, s[8:11], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_FLOAT] offset:4\n"
     "tbuffer_load_format_xyzw v[11:14], off, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_SNORM]");
  auto f = [](uint32_t u) { float x; std::memcpy(&x, &u, 4); return x; };
  EXPECT_FLOAT_EQ(f(w->v[1][0]), 1.0f / 255.0f);
  EXPECT_FLOAT_EQ(f(w->v[3][0]), 1.0f);
  EXPECT_EQ(w->v[6][0], 127u);
  EXPECT_EQ(w->v[8][0], 0xffffff80u);
  EXPECT_EQ(w->v[9][0], 0xc0000000u);   // -2.0
  EXPECT_EQ(w->v[10][0], 0x3f800000u);  // 1.0
  EXPECT_FLOAT_EQ(f(w->v[11][0]), 1.0f / 127.0f);
  EXPECT_FLOAT_EQ(f(w->v[12][0]), 1.0f);  // 0x7f
  EXPECT_EQ(w->v[13][0], 0u);             // missing Z
  EXPECT_EQ(w->v[14][0], 0x3f800000u);    // missing W = 1.0
  // Stores convert back, writing only the supplied components.
  fill(20, 0x3f000000);  // 0.5
  fill(21, 0xbf800000);  // -1.0
  wr32(p + 16, 0xaabbccdd);
  ok("tbuffer_store_format_xy v[20:21], off, s[8:11], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SNORM] offset:16");
  EXPECT_EQ(rd32(p + 16), 0xaabb8140u);  // 0.5*127 -> 64 (0x40), -1 -> -127 (0x81)
}

TEST_P(Buf, FormatFromResourceWithDstSel) {
  uint8_t* p = map(kBuf, 256);
  wr32(p, 0x00000007u);
  // 32-bit UINT, DST_SEL = (R, 1, 0, R)
  const uint32_t d3 = 4u | (1u << 3) | (0u << 6) | (4u << 9) | (4u << 12) | (4u << 15);
  setRsrc(*w, kBuf, 0, 256, d3);
  ok("buffer_load_format_xyzw v[1:4], off, s[8:11], 0");
  EXPECT_EQ(w->v[1][0], 7u);
  EXPECT_EQ(w->v[2][0], 1u);
  EXPECT_EQ(w->v[3][0], 0u);
  EXPECT_EQ(w->v[4][0], 7u);
  // GFX9 d16: two halves per VGPR, integer formats keep the low 16 bits
  wr32(p + 8, 0x00050006u);
  const uint32_t d3b = 4u | (5u << 3) | (6u << 6) | (7u << 9) | (4u << 12) | (5u << 15);  // 16_16 UINT
  setRsrc(*w, kBuf, 0, 256, d3b);
  ok("buffer_load_format_d16_xy v5, off, s[8:11], 0 offset:8");
  EXPECT_EQ(w->v[5][0], 0x00050006u);
}

TEST(MemFormat, HalfConversionsRoundTrip) {
  EXPECT_EQ(mem::f32ToF16(0x3f800000u), 0x3c00);
  EXPECT_EQ(mem::f32ToF16(0x477fe000u), 0x7bff);  // 65504
  EXPECT_EQ(mem::f32ToF16(0x47800000u), 0x7c00);  // 65536 -> inf
  EXPECT_EQ(mem::f32ToF16(0x33800000u), 0x0001);  // 2^-24: smallest denormal
  EXPECT_EQ(mem::f16ToF32(0x0001), 0x33800000u);
  for (uint32_t h = 0; h < 0x7c00; ++h) ASSERT_EQ(mem::f32ToF16(mem::f16ToF32(uint16_t(h))), h);
  // 10/11-bit unsigned floats: 1.0 in 11 bits is exponent 15, mantissa 0
  EXPECT_EQ(mem::unpackComponent(15u << 6, 11, mem::NF_FLOAT), 0x3f800000u);
  EXPECT_EQ(mem::packComponent(0x3f800000u, 10, mem::NF_FLOAT), 15u << 5);
  EXPECT_EQ(mem::packComponent(0xbf800000u, 11, mem::NF_FLOAT), 0u);  // negative -> 0
  // unorm/snorm saturate and round to nearest
  EXPECT_EQ(mem::packComponent(0x40000000u, 8, mem::NF_UNORM), 255u);
  EXPECT_EQ(mem::packComponent(0xc0000000u, 8, mem::NF_SNORM), 0x81u);
  EXPECT_EQ(mem::unpackComponent(0x80, 8, mem::NF_SNORM), 0xbf800000u);  // -128 clamps to -1
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Buf, ::testing::Values(Path::FAST, Path::REFERENCE));

}  // namespace
}  // namespace gcn::sem::memtest
