// Scalar memory: SMRD/SMEM offsets (dword/byte/SGPR/GFX9 SOE forms),
// s_buffer_* bounds, stores, GFX9 atomics, s_memtime, faults.
#include <string>

#include "semantics/defs/mem_testing.h"

namespace gcn::sem::memtest {
namespace {

using Smem = MemTest;

constexpr uint64_t kBuf = 0x100000000ull;

uint8_t* filled(MemTest* t, uint64_t base) {
  uint8_t* p = t->map(base, 4096);
  for (int i = 0; i < 1024; ++i) MemTest::wr32(p + 4 * i, 0x5000u + i);
  return p;
}

TEST_P(Smem, Gfx9OffsetForms) {
  filled(this, kBuf);
  w->setS64(4, kBuf + 0x40);
  w->s[7] = 8;
  ok("s_load_dwordx2 s[10:11], s[4:5], 0x10\n"
     "s_load_dword s12, s[4:5], -0x8\n"
     "s_load_dword s13, s[4:5], s7\n"
     "s_load_dword s14, s[4:5], s7 offset:0x4\n"
     "s_load_dword s15, s[4:5], 0x13");  // low two bits ignored
  EXPECT_EQ(w->s[10], 0x5000u + (0x50 / 4));
  EXPECT_EQ(w->s[11], 0x5000u + (0x54 / 4));
  EXPECT_EQ(w->s[12], 0x5000u + (0x38 / 4));
  EXPECT_EQ(w->s[13], 0x5000u + (0x48 / 4));
  EXPECT_EQ(w->s[14], 0x5000u + (0x4c / 4));
  EXPECT_EQ(w->s[15], 0x5000u + (0x50 / 4));
}

TEST_P(Smem, SmrdDwordOffsetsAndLiteral) {
  setCpu("bonaire");
  filled(this, kBuf);
  w->setS64(4, kBuf);
  w->s[7] = 12;
  ok("s_load_dword s10, s[4:5], 0x3\ns_load_dword s11, s[4:5], s7\ns_load_dword s12, s[4:5], 0x1ff");
  EXPECT_EQ(w->s[10], 0x5003u);  // IMM: dwords
  EXPECT_EQ(w->s[11], 0x5003u);  // SGPR: bytes
  EXPECT_EQ(w->s[12], 0x5000u + 0x1ff);  // GFX7 literal: dwords
}

TEST_P(Smem, BufferLoadBoundsAndStore) {
  uint8_t* p = filled(this, kBuf);
  w->s[8] = uint32_t(kBuf);
  w->s[9] = uint32_t(kBuf >> 32);
  w->s[10] = 24;  // num_records: 6 dwords
  w->s[11] = 0;
  ok("s_buffer_load_dwordx4 s[12:15], s[8:11], 0x10");
  EXPECT_EQ(w->s[12], 0x5004u);
  EXPECT_EQ(w->s[13], 0x5005u);
  EXPECT_EQ(w->s[14], 0u);  // byte 24: out of range
  w->s[20] = 0xabc;
  w->s[21] = 0xdef;
  ok("s_buffer_store_dwordx2 s[20:21], s[8:11], 0x14");
  EXPECT_EQ(rd32(p + 0x14), 0xabcu);
  EXPECT_EQ(rd32(p + 0x18), 0x5006u);  // dropped
  w->setS64(4, kBuf);
  ok("s_store_dword s21, s[4:5], 0x100 glc");
  EXPECT_EQ(rd32(p + 0x100), 0xdefu);
}

TEST_P(Smem, Gfx9AtomicsReturnWithGlc) {
  uint8_t* p = filled(this, kBuf);
  w->setS64(4, kBuf);
  w->s[10] = 5;
  ok("s_atomic_add s10, s[4:5], 0x0");
  EXPECT_EQ(w->s[10], 5u);
  EXPECT_EQ(rd32(p), 0x5005u);
  ok("s_atomic_add s10, s[4:5], 0x0 glc");
  EXPECT_EQ(w->s[10], 0x5005u);
  EXPECT_EQ(rd32(p), 0x500au);
  w->s[12] = 7;
  w->s[13] = 0x5001;
  ok("s_atomic_cmpswap s[12:13], s[4:5], 0x4 glc");
  EXPECT_EQ(w->s[12], 0x5001u);
  EXPECT_EQ(rd32(p + 4), 7u);
}

TEST_P(Smem, MemtimeIsDeterministicAndMonotonic) {
  ok("s_nop 0\ns_memtime s[0:1]\ns_endpgm");
  const uint64_t a = w->s64(0);
  w->executed = 1000;
  ok("s_memtime s[2:3]\ns_memrealtime s[4:5]");
  EXPECT_GE(w->s64(2), a);
  EXPECT_EQ(w->s64(2), 1000u);
  EXPECT_EQ(w->s64(4), 1000u / 16);
}

TEST_P(Smem, UnmappedLoadFaults) {
  w->setS64(4, 0x7000);
  const std::string err = run("s_load_dword s0, s[4:5], 0x8");
  EXPECT_NE(err.find("0x7008"), std::string::npos) << err;
  EXPECT_NE(err.find("global load"), std::string::npos) << err;
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Smem, ::testing::Values(Path::FAST, Path::REFERENCE));

}  // namespace
}  // namespace gcn::sem::memtest
