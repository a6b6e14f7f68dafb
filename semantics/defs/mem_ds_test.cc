// DS semantics: loads/stores, bounds and the GFX6-8 M0 limit, alignment,
// read2/write2 offset scaling, atomics' return values, src2, swizzle,
// permute, append/consume, GDS; exec-masked lanes never touch memory.
#include <cstring>
#include <set>
#include <string>

#include "decoder/decoder.h"
#include "isa/inst_desc.h"
#include "isa/target.h"
#include "semantics/defs/mem_common.h"
#include "semantics/defs/mem_testing.h"
#include "semantics/emulator/registry.h"

namespace gcn::sem::memtest {
namespace {

using Ds = MemTest;

TEST_P(Ds, WriteReadAndExecMask) {
  lanes(1, [](int l) { return uint32_t(l * 4); });
  lanes(2, [](int l) { return uint32_t(0x1000 + l); });
  fill(3, 0xdead);
  w->setExec(0x00000000ffff0000ull);
  ok("ds_write_b32 v1, v2 offset:256\nds_read_b32 v3, v1 offset:256");
  for (int l = 0; l < 64; ++l) {
    const bool on = l >= 16 && l < 32;
    EXPECT_EQ(ldsU32(256 + l * 4), on ? 0x1000u + l : 0u) << l;
    EXPECT_EQ(w->v[3][l], on ? 0x1000u + l : 0xdeadu) << l;
  }
}

TEST_P(Ds, NarrowLoadsExtendAndD16KeepsOtherHalf) {
  setLdsU32(0, 0x8081f0ff);
  fill(1, 0);
  fill(5, 0x12345678);
  fill(6, 0x12345678);
  ok("ds_read_i8 v2, v1\nds_read_u8 v3, v1 offset:1\nds_read_i16 v4, v1 offset:2\n"
     "ds_read_u8_d16_hi v5, v1 offset:3\nds_read_i8_d16 v6, v1");
  EXPECT_EQ(w->v[2][0], 0xffffffffu);
  EXPECT_EQ(w->v[3][0], 0xf0u);
  EXPECT_EQ(w->v[4][0], 0xffff8081u);
  EXPECT_EQ(w->v[5][0], 0x00805678u);
  EXPECT_EQ(w->v[6][0], 0x1234ffffu);
}

TEST_P(Ds, D16HiWritesStoreTheHighHalf) {
  setLdsU32(0, 0xaaaaaaaau);
  fill(1, 0);
  fill(2, 0x8765cafeu);
  w->setExec(1);
  ok("ds_write_b16_d16_hi v1, v2\nds_write_b8_d16_hi v1, v2 offset:2");
  EXPECT_EQ(ldsU32(0), 0xaa658765u);
}

TEST_P(Ds, OutOfRangeReadsZeroWritesDropped) {
  lds = std::make_unique<Lds>(1024);
  fill(1, 1020);
  fill(2, 0x55);
  fill(3, 0xdead);
  ok("ds_write_b32 v1, v2 offset:4\nds_read_b32 v3, v1 offset:4\nds_write_b64 v1, v[2:3]");
  EXPECT_EQ(w->v[3][0], 0u);  // read at 1024: out of range
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(lds->bytes[i], 0) << i;  // b64 at 1020 straddles the end
}

TEST_P(Ds, Gfx8M0LimitAndAlignment) {
  setCpu("fiji");
  w->setM0(0x100);
  fill(1, 0xfc);
  fill(2, 0x77);
  lanes(4, [](int l) { return uint32_t(0x100 + l * 4); });
  ok("ds_write_b32 v1, v2\nds_write_b32 v4, v2");
  EXPECT_EQ(ldsU32(0xfc), 0x77u);
  EXPECT_EQ(ldsU32(0x100), 0u);  // at the M0 limit: dropped
  // GFX8 rounds a b32 address down to 4; GFX9 reads unaligned.
  setLdsU32(0x10, 0x44332211);
  setLdsU32(0x14, 0x88776655);
  w->setM0(0xffffffff);
  fill(5, 0x12);
  ok("ds_read_b32 v6, v5");
  EXPECT_EQ(w->v[6][0], 0x44332211u);
  setCpu("gfx900");
  fill(5, 0x12);
  ok("ds_read_b32 v6, v5");
  EXPECT_EQ(w->v[6][0], 0x66554433u);
}

TEST_P(Ds, Read2Write2OffsetScaling) {
  fill(1, 0x40);
  fill(2, 0x11111111);
  fill(3, 0x22222222);
  fill(4, 0x33333333);
  fill(5, 0x44444444);
  w->setExec(1);
  ok("ds_write2_b32 v1, v2, v3 offset0:1 offset1:3\n"             // 0x44, 0x4c
     "ds_write2st64_b32 v1, v2, v3 offset0:1 offset1:2\n"         // 0x140, 0x240
     "ds_write2_b64 v1, v[2:3], v[4:5] offset0:2 offset1:4\n"     // 0x50, 0x60
     "ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:1 offset1:3"); // 0x240, 0x640
  EXPECT_EQ(ldsU32(0x44), 0x11111111u);
  EXPECT_EQ(ldsU32(0x4c), 0x22222222u);
  EXPECT_EQ(ldsU32(0x140), 0x11111111u);
  EXPECT_EQ(ldsU64(0x50), 0x2222222211111111ull);
  EXPECT_EQ(ldsU64(0x60), 0x4444444433333333ull);
  EXPECT_EQ(ldsU64(0x240), 0x2222222211111111ull);  // st64_b64 overwrote st64_b32's 0x240
  EXPECT_EQ(ldsU64(0x640), 0x4444444433333333ull);
  ok("ds_read2_b32 v[6:7], v1 offset0:1 offset1:3\n"
     "ds_read2st64_b64 v[8:11], v1 offset0:1 offset1:3\n"
     "ds_read2_b64 v[12:15], v1 offset0:2 offset1:4");
  EXPECT_EQ(w->v[6][0], 0x11111111u);
  EXPECT_EQ(w->v[7][0], 0x22222222u);
  EXPECT_EQ(w->v[8][0], 0x11111111u);
  EXPECT_EQ(w->v[11][0], 0x44444444u);
  EXPECT_EQ(w->v[14][0], 0x33333333u);
}

TEST_P(Ds, AtomicsSerialiseInLaneOrderAndReturnPreOp) {
  fill(1, 8);
  lanes(2, [](int l) { return uint32_t(l + 1); });
  setLdsU32(8, 100);
  ok("ds_add_rtn_u32 v3, v1, v2");
  uint32_t sum = 100;
  for (int l = 0; l < 64; ++l) {
    EXPECT_EQ(w->v[3][l], sum) << l;
    sum += l + 1;
  }
  EXPECT_EQ(ldsU32(8), sum);
  // no-return form leaves VDST alone
  fill(4, 0xdead);
  ok("ds_sub_u32 v1, v2");
  EXPECT_EQ(w->v[4][0], 0xdeadu);
  EXPECT_EQ(ldsU32(8), 100u);
}

TEST_P(Ds, AtomicOperations) {
  w->setExec(1);
  fill(1, 0);
  auto one = [&](const std::string& op, uint32_t mem0, uint32_t d0, uint32_t d1, uint32_t want_mem) {
    setLdsU32(0, mem0);
    fill(2, d0);
    fill(3, d1);
    ok(op);
    EXPECT_EQ(w->v[4][0], mem0) << op;
    EXPECT_EQ(ldsU32(0), want_mem) << op;
  };
  one("ds_inc_rtn_u32 v4, v1, v2", 5, 5, 0, 0);        // old >= data: wraps to 0
  one("ds_inc_rtn_u32 v4, v1, v2", 4, 5, 0, 5);
  one("ds_dec_rtn_u32 v4, v1, v2", 0, 7, 0, 7);        // 0: reloads data
  one("ds_dec_rtn_u32 v4, v1, v2", 9, 7, 0, 7);        // old > data: reloads
  one("ds_dec_rtn_u32 v4, v1, v2", 7, 7, 0, 6);
  one("ds_min_rtn_i32 v4, v1, v2", 5, 0xfffffffe, 0, 0xfffffffe);
  one("ds_min_rtn_u32 v4, v1, v2", 5, 0xfffffffe, 0, 5);
  one("ds_max_rtn_i32 v4, v1, v2", 5, 0xfffffffe, 0, 5);
  one("ds_rsub_rtn_u32 v4, v1, v2", 5, 3, 0, 0xfffffffe);
  one("ds_cmpst_rtn_b32 v4, v1, v2, v3", 5, 5, 9, 9);   // data0 = compare, data1 = new
  one("ds_cmpst_rtn_b32 v4, v1, v2, v3", 5, 6, 9, 5);
  one("ds_mskor_rtn_b32 v4, v1, v2, v3", 0xff, 0x0f, 0x100, 0x1f0);
  one("ds_wrap_rtn_b32 v4, v1, v2, v3", 10, 4, 7, 6);
  one("ds_wrap_rtn_b32 v4, v1, v2, v3", 3, 4, 7, 10);
  one("ds_wrxchg_rtn_b32 v4, v1, v2", 3, 4, 0, 4);
  one("ds_min_rtn_f32 v4, v1, v2", 0x3f800000, 0xc0000000, 0, 0xc0000000);  // min(1, -2)
  one("ds_max_rtn_f32 v4, v1, v2", 0x7fc00000, 0x40000000, 0, 0x40000000);  // NaN loses
  one("ds_cmpst_rtn_f32 v4, v1, v2, v3", 0x80000000, 0, 0x3f800000, 0x3f800000);  // -0 == +0
  one("ds_add_rtn_f32 v4, v1, v2", 0x3f800000, 0x3f800000, 0, 0x40000000);
  // 64-bit: carry across the halves, pre-op value in a register pair
  setLdsU64(0, 0x00000000ffffffffull);
  fill(2, 1);
  fill(3, 0);
  ok("ds_add_rtn_u64 v[4:5], v1, v[2:3]");
  EXPECT_EQ(w->v[4][0], 0xffffffffu);
  EXPECT_EQ(w->v[5][0], 0u);
  EXPECT_EQ(ldsU64(0), 0x100000000ull);
}

TEST_P(Ds, Src2UsesOffsetStride) {
  w->setExec(1);
  fill(1, 0x20);
  setLdsU32(0x20, 5);
  setLdsU32(0x20 + 3 * 4, 7);
  ok("ds_add_src2_u32 v1 offset:3");
  EXPECT_EQ(ldsU32(0x20), 12u);
}

TEST_P(Ds, SwizzleModes) {
  lanes(1, [](int l) { return uint32_t(100 + l); });
  fill(2, 0xdead);
  // QUAD_PERM(3,2,1,0): lane l reads lane (l & ~3) + 3 - (l & 3)
  ok("ds_swizzle_b32 v2, v1 offset:32795");
  EXPECT_EQ(w->v[2][0], 103u);
  EXPECT_EQ(w->v[2][6], 105u);
  // SWAP,16: xor_mask 16 within each half-wave
  ok("ds_swizzle_b32 v3, v1 offset:16415");
  EXPECT_EQ(w->v[3][0], 116u);
  EXPECT_EQ(w->v[3][40], 156u);
  // BROADCAST,8,3: and_mask ~7, or_mask 3
  ok("ds_swizzle_b32 v4, v1 offset:120");
  EXPECT_EQ(w->v[4][13], 111u);
  // a disabled source lane reads 0; disabled lanes keep their VDST
  fill(5, 0xdead);
  w->setExec(~0ull & ~(1ull << 3));
  ok("ds_swizzle_b32 v5, v1 offset:32795");
  EXPECT_EQ(w->v[5][0], 0u);
  EXPECT_EQ(w->v[5][3], 0xdeadu);
}

// The decoder rewrites bitmask-mode offsets to llvm's canonical masks
// (DS_SWIZZLE_BITMASK_LOSSY): the lane mapping must not change.
TEST(DsSwizzle, CanonicalOffsetKeepsEveryLaneMapping) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  for (uint32_t off = 0; off < 0x10000; ++off) {
    const uint32_t w[2] = {0xD87A0000u | off, 0};
    Inst in;
    ASSERT_TRUE(decode(t, reinterpret_cast<const uint8_t*>(w), 8, &in).ok()) << off;
    for (int lane = 0; lane < 64; ++lane)
      ASSERT_EQ(mem::dsSwizzleSource(off, lane), mem::dsSwizzleSource(uint32_t(in[Fld::OFFSET]), lane))
          << "offset " << off << " lane " << lane;
  }
}

TEST_P(Ds, PermuteAndBpermute) {
  lanes(1, [](int l) { return uint32_t(((63 - l) * 4)); });  // reverse, as byte addresses
  lanes(2, [](int l) { return uint32_t(l * 10); });
  ok("ds_bpermute_b32 v3, v1, v2\nds_permute_b32 v4, v1, v2");
  EXPECT_EQ(w->v[3][0], 630u);
  EXPECT_EQ(w->v[3][63], 0u);
  EXPECT_EQ(w->v[4][0], 630u);  // lane 63 pushed its value to lane 0
  // offset is added to the byte address: +4 shifts by one lane
  ok("ds_bpermute_b32 v5, v1, v2 offset:4");
  EXPECT_EQ(w->v[5][0], 0u);     // (252 + 4) >> 2 = 64 -> lane 0
  EXPECT_EQ(w->v[5][1], 630u);
  // inactive source lane reads 0
  w->setExec(~1ull);
  fill(6, 0xdead);
  ok("ds_bpermute_b32 v6, v1, v2");
  EXPECT_EQ(w->v[6][63], 0u);
  EXPECT_EQ(w->v[6][0], 0xdeadu);
}

TEST_P(Ds, AppendConsumeCountActiveLanes) {
  setLdsU32(16, 40);
  w->setExec(0xf0f0ull);  // 8 lanes
  ok("ds_append v1 offset:16");
  EXPECT_EQ(w->v[1][4], 40u);
  EXPECT_EQ(ldsU32(16), 48u);
  w->setExec(0x7);
  ok("ds_consume v2 offset:16");
  EXPECT_EQ(w->v[2][0], 48u);
  EXPECT_EQ(ldsU32(16), 45u);
}

TEST_P(Ds, GdsWindowFromM0) {
  w->setM0((0x100u << 16) | 0x20);  // base 0x100, size 0x20
  fill(1, 0x10);
  fill(2, 0xabcd);
  w->setExec(1);
  ok("ds_write_b32 v1, v2 gds\nds_write_b32 v1, v2 offset:16 gds\nds_read_b32 v3, v1 gds");
  uint32_t v;
  std::memcpy(&v, &mem->gds[0x110], 4);
  EXPECT_EQ(v, 0xabcdu);
  std::memcpy(&v, &mem->gds[0x120], 4);
  EXPECT_EQ(v, 0u);  // 0x20 is past the window
  EXPECT_EQ(w->v[3][0], 0xabcdu);
  EXPECT_EQ(ldsU32(0x10), 0u);  // LDS untouched
}

TEST_P(Ds, AddtidUsesM0AndLaneId) {
  w->setM0(0x40);
  lanes(1, [](int l) { return uint32_t(l * 3); });
  ok("ds_write_addtid_b32 v1 offset:8\nds_read_addtid_b32 v2 offset:8");
  EXPECT_EQ(ldsU32(0x48 + 4 * 5), 15u);
  EXPECT_EQ(w->v[2][7], 21u);
}

TEST_P(Ds, MissingLdsIsAClearError) {
  lds.reset();
  fill(1, 0);
  EXPECT_NE(run("ds_read_b32 v2, v1").find("no LDS attached"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(BothPaths, Ds, ::testing::Values(Path::FAST, Path::REFERENCE));

// Every memory row has semantics except the ones named here (with reasons
// in the mem_*.cc headers).
TEST(MemCoverage, RowsWithAndWithoutSemantics) {
  std::set<std::string> expected_missing = {"ds_condxchg32_rtn_b128"};
  std::set<std::string> missing;
  int covered = 0;
  for (int i = 0; i < numInsts(); ++i) {
    const InstDesc& d = instDesc(i);
    if (d.enc != Enc::DS && d.enc != Enc::SMRD && d.enc != Enc::SMEM && d.enc != Enc::FLAT &&
        d.enc != Enc::MUBUF && d.enc != Enc::MTBUF)
      continue;
    if (findSem(d.mnemonic)) ++covered;
    else missing.insert(std::string(d.mnemonic));
  }
  EXPECT_EQ(missing, expected_missing);
  EXPECT_GT(covered, 450);
}

}  // namespace
}  // namespace gcn::sem::memtest
