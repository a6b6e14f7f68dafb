// FLAT / GLOBAL / SCRATCH semantics: aperture routing, GLOBAL saddr and
// signed offsets, scratch swizzling, atomics with and without GLC, faults
// naming wave/PC/lane/address, exec-masked lanes never accessing memory.
#include <string>

#include "semantics/defs/mem_testing.h"

namespace gcn::sem::memtest {
namespace {

using Flat = MemTest;

constexpr uint64_t kBuf = 0x100000000ull;

void addrPair(WaveState& w, int reg, uint64_t base, uint32_t stride) {
  for (int l = 0; l < kLanes; ++l) {
    const uint64_t a = base + uint64_t(l) * stride;
    w.v[reg][l] = uint32_t(a);
    w.v[reg + 1][l] = uint32_t(a >> 32);
  }
}

TEST_P(Flat, GlobalLoadStoreThroughFlat) {
  uint8_t* p = map(kBuf, 4096);
  addrPair(*w, 0, kBuf, 4);
  lanes(2, [](int l) { return uint32_t(l * 7); });
  ok("flat_store_dword v[0:1], v2\nflat_load_dword v3, v[0:1]\nflat_load_ubyte v4, v[0:1] offset:4");
  EXPECT_EQ(rd32(p + 4 * 9), 63u);
  EXPECT_EQ(w->v[3][9], 63u);
  EXPECT_EQ(w->v[4][9], 70u);  // offset 4: the next lane's dword
}

TEST_P(Flat, FaultNamesWavePcLaneAndAddress) {
  map(kBuf, 256);
  addrPair(*w, 0, kBuf, 4);  // lane 63 ends at kBuf + 252..255: in range
  w->v[0][37] = 0x1000;      // lane 37 points at unmapped memory
  w->v[1][37] = 0;
  w->wave_id = 3;
  const std::string err = run("s_nop 0\nglobal_load_dword v2, v[0:1], off");
  EXPECT_NE(err.find("wave 3"), std::string::npos) << err;
  EXPECT_NE(err.find("pc 0x1004"), std::string::npos) << err;
  EXPECT_NE(err.find("lane 37"), std::string::npos) << err;
  EXPECT_NE(err.find("0x1000"), std::string::npos) << err;
}

TEST_P(Flat, ExecMaskedLanesNeverAccessMemory) {
  uint8_t* p = map(kBuf, 256);
  addrPair(*w, 0, 0xdead0000ull, 4);  // unmapped everywhere...
  w->v[0][5] = uint32_t(kBuf);        // ...except lane 5
  w->v[1][5] = uint32_t(kBuf >> 32);
  fill(2, 0x1234);
  w->setExec(1ull << 5);
  ok("global_store_dword v[0:1], v2, off\nglobal_atomic_add v3, v[0:1], v2, off glc");
  EXPECT_EQ(rd32(p), 0x2468u);
  EXPECT_EQ(w->v[3][5], 0x1234u);
  EXPECT_EQ(w->v[3][4], 0u);
}

TEST_P(Flat, GlobalSaddrAndSignedOffset) {
  uint8_t* p = map(kBuf, 8192);
  for (int i = 0; i < 1024; ++i) wr32(p + 4 * i, 0x1000u + i);
  w->setS64(4, kBuf + 0x100);
  lanes(0, [](int l) { return uint32_t(l * 4); });
  ok("global_load_dword v1, v0, s[4:5] offset:-8\nglobal_load_dword v2, v0, s[4:5] offset:4095");
  EXPECT_EQ(w->v[1][0], 0x1000u + (0x100 - 8) / 4);
  EXPECT_EQ(w->v[1][3], 0x1000u + (0x100 - 8) / 4 + 3);
  uint32_t want;
  std::memcpy(&want, p + 0x100 + 4095, 4);
  EXPECT_EQ(w->v[2][0], want);  // unaligned: byte-exact
}

TEST_P(Flat, ScratchIsSwizzledPerLane) {
  scratch_base = 0x200000000ull;
  uint8_t* p = map(scratch_base, 64 * 4 * 8);
  lanes(1, [](int l) { return uint32_t(l); });
  lanes(2, [](int l) { return uint32_t(1000 + l); });
  fill(0, 4);  // private offset 4 in every lane
  ok("scratch_store_dwordx2 v0, v[1:2], off\nscratch_load_dword v3, v0, off offset:4");
  // dword k of lane l at base + k*256 + l*4
  EXPECT_EQ(rd32(p + 1 * 256 + 9 * 4), 9u);
  EXPECT_EQ(rd32(p + 2 * 256 + 9 * 4), 1009u);
  EXPECT_EQ(w->v[3][9], 1009u);
  // SADDR form: the offset comes from the SGPR, VADDR is ignored
  w->s[6] = 8;
  ok("scratch_load_dword v4, off, s6");
  EXPECT_EQ(w->v[4][20], 1020u);
}

TEST_P(Flat, ApertureRoutingToLdsAndScratch) {
  map(kBuf, 4096);
  scratch_base = 0x300000000ull;
  uint8_t* sp = map(scratch_base, 64 * 4 * 4);
  w->shared_base = 0x10000ull << 32;
  w->shared_limit = w->shared_base + 0xffffffffull;
  w->private_base = 0x20000ull << 32;
  w->private_limit = w->private_base + 0xffffffffull;
  addrPair(*w, 0, w->shared_base + 0x80, 4);
  addrPair(*w, 2, w->private_base + 8, 0);
  addrPair(*w, 4, kBuf, 4);
  lanes(6, [](int l) { return uint32_t(500 + l); });
  ok("flat_store_dword v[0:1], v6\nflat_store_dword v[2:3], v6\nflat_store_dword v[4:5], v6");
  EXPECT_EQ(ldsU32(0x80 + 4 * 10), 510u);
  EXPECT_EQ(rd32(sp + 2 * 256 + 10 * 4), 510u);  // private offset 8 = dword 2
  EXPECT_EQ(rd32(mem->global.translate(kBuf + 40, 4)), 510u);
  // atomics through the shared aperture act on LDS
  ok("flat_atomic_add v7, v[0:1], v6 glc");
  EXPECT_EQ(w->v[7][10], 510u);
  EXPECT_EQ(ldsU32(0x80 + 4 * 10), 1020u);
}

TEST_P(Flat, AtomicsReturnOnlyWithGlc) {
  uint8_t* p = map(kBuf, 256);
  addrPair(*w, 0, kBuf, 0);  // all lanes on one dword
  fill(2, 1);
  fill(3, 0xdead);
  wr32(p, 10);
  ok("flat_atomic_add v[0:1], v2\nflat_atomic_add v3, v[0:1], v2 glc");
  EXPECT_EQ(rd32(p), 10u + 128u);
  EXPECT_EQ(w->v[3][0], 74u);   // 10 + 64, then lane order
  EXPECT_EQ(w->v[3][63], 137u);
  // cmpswap: data = new value, then the compare value
  w->setExec(1);
  fill(4, 77);
  fill(5, 138);
  ok("flat_atomic_cmpswap v6, v[0:1], v[4:5] glc");
  EXPECT_EQ(w->v[6][0], 138u);
  EXPECT_EQ(rd32(p), 77u);
  ok("global_atomic_cmpswap v6, v[0:1], v[4:5], off glc");  // compare fails now
  EXPECT_EQ(w->v[6][0], 77u);
  EXPECT_EQ(rd32(p), 77u);
  // 64-bit umax with a value above 2^32
  fill(8, 0);
  fill(9, 1);
  ok("global_atomic_umax_x2 v[10:11], v[0:1], v[8:9], off glc");
  EXPECT_EQ(w->v[10][0], 77u);
  EXPECT_EQ(rd32(p + 4), 1u);
}

TEST_P(Flat, D16LoadsKeepTheOtherHalf) {
  uint8_t* p = map(kBuf, 256);
  wr32(p, 0xbeef80ffu);
  addrPair(*w, 0, kBuf, 0);
  fill(2, 0x12345678);
  fill(3, 0x12345678);
  ok("flat_load_short_d16_hi v2, v[0:1]\nflat_load_sbyte_d16 v3, v[0:1]");
  EXPECT_EQ(w->v[2][0], 0x80ff5678u);
  EXPECT_EQ(w->v[3][0], 0x1234ffffu);
}

TEST_P(Flat, D16HiStoresWriteTheHighHalf) {
  uint8_t* p = map(kBuf, 256);
  wr32(p, 0xaaaaaaaau);
  addrPair(*w, 0, kBuf, 0);
  fill(2, 0x8765cafeu);
  ok("flat_store_short_d16_hi v[0:1], v2\nflat_store_byte_d16_hi v[0:1], v2 offset:2");
  EXPECT_EQ(rd32(p), 0xaa658765u);
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Flat, ::testing::Values(Path::FAST, Path::REFERENCE));

}  // namespace
}  // namespace gcn::sem::memtest
