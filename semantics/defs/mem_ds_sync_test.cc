// ds_condxchg32_rtn_b64, GWS semaphores/barriers and ds_ordered_count
// (mem_ds.cc, mem_ds_gws.cc): values, wave ordering across the emulator's
// scheduling, and deadlocks reported as errors naming wave and PC.
#include <cstring>
#include <string>

#include "semantics/defs/mem_testing.h"

namespace gcn::sem::memtest {
namespace {

using DsSync = MemTest;

TEST_P(DsSync, Condxchg32WritesOnlyDwordsWithBit31) {
  setLdsU64(8, 0x2222222211111111ull);
  setLdsU64(64, 0x4444444433333333ull);
  w->setExec(0b111);
  w->v[1][0] = 5;            // + offset 8 = 13, aligned down to 8
  w->v[4][0] = 0x80000005u;  // bit 31: dword 0 becomes 5
  w->v[5][0] = 0x00000007u;  // no bit 31: dword 1 kept
  w->v[1][1] = 56;           // + 8 = 64
  w->v[4][1] = 0x00000001u;
  w->v[5][1] = 0xfffffffeu;  // dword 1 becomes 0x7ffffffe
  w->v[1][2] = 0xfff8;       // + 8 = 64 KiB: past the LDS, reads 0, writes dropped
  w->v[4][2] = 0x80000001u;
  w->v[5][2] = 0x80000001u;
  fill(2, 0xdead);
  fill(3, 0xdead);
  ok("ds_condxchg32_rtn_b64 v[2:3], v1, v[4:5] offset:8");
  EXPECT_EQ(ldsU64(8), 0x2222222200000005ull);
  EXPECT_EQ(w->v[2][0], 0x11111111u);
  EXPECT_EQ(w->v[3][0], 0x22222222u);
  EXPECT_EQ(ldsU64(64), 0x7ffffffe33333333ull);
  EXPECT_EQ(w->v[2][1], 0x33333333u);
  EXPECT_EQ(w->v[3][1], 0x44444444u);
  EXPECT_EQ(w->v[2][2], 0u);
  EXPECT_EQ(w->v[3][2], 0u);
  EXPECT_EQ(w->v[2][3], 0xdeadu);  // inactive lane
  EXPECT_EQ(ldsU64(0xfff8), 0u);
}

TEST_P(DsSync, LoneWaveSemaphoreCountsAndBlocksClearly) {
  fill(0, 2);
  w->setM0(0);
  // init 2, P, P, V, P: counter 2 -> 1 -> 0 -> 1 -> 0.
  ok("ds_gws_init v0 offset:5 gds\nds_gws_sema_p offset:5 gds\nds_gws_sema_p offset:5 gds\n"
     "ds_gws_sema_v offset:5 gds\nds_gws_sema_p offset:5 gds");
  EXPECT_EQ(mem->sync.gws[5].counter, 0);
  // sema_br adds the first active lane's value; M0[21:16] offsets the id.
  w->setExec(0xf0);
  for (int l = 0; l < 64; ++l) w->v[1][l] = uint32_t(l);
  w->setM0(2u << 16);
  ok("ds_gws_sema_br v1 offset:3 gds");
  EXPECT_EQ(mem->sync.gws[5].counter, 4);
  // A fifth P on a lone wave can never be released: an error, not a hang.
  const std::string err = run("ds_gws_sema_p offset:3 gds\nds_gws_sema_p offset:3 gds\n"
                              "ds_gws_sema_p offset:3 gds\nds_gws_sema_p offset:3 gds\n"
                              "ds_gws_sema_p offset:3 gds");
  EXPECT_EQ(err.find("wave 0, pc 0x1020: ds_gws_sema_p waits on GWS semaphore 5"), 0u) << err;
}

TEST_P(DsSync, MissingGdsIsAClearError) {
  mem.reset();
  EXPECT_NE(run("ds_gws_sema_v gds").find("ds_gws_sema_v: no GDS attached"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(BothPaths, DsSync, ::testing::Values(Path::FAST, Path::REFERENCE));

// Dispatch-level tests: several waves per group, groups in order.
struct DispatchOut {
  DispatchResult r;
  std::vector<uint32_t> v2;  // lane 0 of v2 per wave
};

DispatchOut dispatch(const std::string& text, uint32_t groups, uint32_t wpg, MemorySystem& mem,
             int threads = 1, Path path = Path::FAST) {
  Program p;
  std::string err;
  DispatchOut out;
  EXPECT_TRUE(testing::build(targetOrDie("gfx900"), text, path, &p, &err)) << err;
  DispatchSpec spec;
  spec.num_groups = groups;
  spec.waves_per_group = wpg;
  spec.budget = 10000;
  spec.per_wave_results = true;
  out.v2.assign(groups * wpg, 0xdeadu);
  spec.init = [](WaveState& w, uint32_t g, uint32_t i) {
    w.s[0] = i;       // wave in group
    w.s[1] = g;
    w.setM0(0);
  };
  spec.done = [&out, wpg](const WaveState& w, uint32_t g, uint32_t i) {
    out.v2[g * wpg + i] = w.v[2][0];
  };
  out.r = Emulator(threads).run(p, spec, mem);
  return out;
}

// Wave 0 waits in P for the value wave 1 stores to LDS before its V.
TEST(DsSyncDispatch, SemaphoreOrdersWavesOfAGroup) {
  for (Path path : {Path::FAST, Path::REFERENCE}) {
    MemorySystem mem;
    DispatchOut r = dispatch(R"(
      v_mov_b32 v1, 0
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc0 producer
      ds_gws_sema_p offset:3 gds
      ds_read_b32 v2, v1
      s_endpgm
    producer:
      v_mov_b32 v3, 42
      ds_write_b32 v1, v3
      ds_gws_sema_v offset:3 gds
      v_mov_b32 v2, 7
      s_endpgm
    )", 1, 2, mem, 1, path);
    ASSERT_TRUE(r.r.ok()) << r.r.firstError();
    EXPECT_EQ(r.v2[0], 42u);
    EXPECT_EQ(r.v2[1], 7u);
    EXPECT_EQ(mem.sync.gws[3].counter, 0);
  }
}

// Three waves: each stores 100 + its index, meets at the GWS barrier, then
// reads the next wave's slot. Without the barrier wave 0 would read 0.
TEST(DsSyncDispatch, BarrierReleasesWhenAllArrivedAndReloads) {
  MemorySystem mem;
  DispatchOut r = dispatch(R"(
      v_mov_b32 v0, 2
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc0 arrive
      ds_gws_init v0 offset:1 gds
    arrive:
      s_lshl_b32 s2, s0, 2
      v_mov_b32 v1, s2
      s_add_u32 s3, s0, 100
      v_mov_b32 v3, s3
      ds_write_b32 v1, v3
      ds_gws_barrier v0 offset:1 gds
      s_add_u32 s2, s0, 1
      s_cmp_eq_u32 s2, 3
      s_cselect_b32 s2, 0, s2
      s_lshl_b32 s2, s2, 2
      v_mov_b32 v1, s2
      ds_read_b32 v2, v1
      s_endpgm
    )", 1, 3, mem);
  ASSERT_TRUE(r.r.ok()) << r.r.firstError();
  EXPECT_EQ(r.v2[0], 101u);
  EXPECT_EQ(r.v2[1], 102u);
  EXPECT_EQ(r.v2[2], 100u);
  EXPECT_EQ(mem.sync.gws[1].counter, 2);  // reloaded for the next use
  EXPECT_TRUE(mem.sync.gws[1].flag);
}

TEST(DsSyncDispatch, BarrierAcrossWorkgroupsIsADeadlockError) {
  MemorySystem mem;
  DispatchOut r = dispatch(R"(
      v_mov_b32 v0, 1
      ds_gws_init v0 gds
      ds_gws_barrier v0 gds
      s_endpgm
    )", 2, 1, mem);
  ASSERT_FALSE(r.r.ok());
  EXPECT_EQ(r.r.waves[0].stop, WaveStop::ERROR);
  const std::string e = r.r.waves[0].error;
  EXPECT_EQ(e.find("wave 0, pc 0x100c: ds_gws_barrier waits on GWS barrier 0 for 1 more wave"),
            0u) << e;
  EXPECT_NE(e.find("deadlock"), std::string::npos) << e;
}

TEST(DsSyncDispatch, SBarrierWithABlockedWaveIsADeadlockError) {
  MemorySystem mem;
  DispatchOut r = dispatch(R"(
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc0 other
      s_barrier
      s_endpgm
    other:
      ds_gws_sema_p gds
      s_endpgm
    )", 1, 2, mem);
  ASSERT_FALSE(r.r.ok());
  EXPECT_NE(r.r.waves[0].error.find("wave 0, pc 0x1008: s_barrier waits for waves"),
            std::string::npos) << r.r.waves[0].error;
  EXPECT_NE(r.r.waves[1].error.find("wave 1, pc 0x1010: ds_gws_sema_p waits on GWS semaphore 0"),
            std::string::npos) << r.r.waves[1].error;
}

TEST(DsSyncDispatch, ReleaseAllLetsWaitersThroughWithoutCount) {
  MemorySystem mem;
  DispatchOut r = dispatch(R"(
      v_mov_b32 v2, 1
      s_cmp_eq_u32 s0, 2
      s_cbranch_scc1 releaser
      ds_gws_sema_p offset:9 gds
      v_mov_b32 v2, 5
      s_endpgm
    releaser:
      ds_gws_sema_release_all offset:9 gds
      v_mov_b32 v2, 6
      s_endpgm
    )", 1, 3, mem);
  ASSERT_TRUE(r.r.ok()) << r.r.firstError();
  EXPECT_EQ(r.v2, (std::vector<uint32_t>{5, 5, 6}));
  EXPECT_EQ(mem.sync.gws[9].counter, 0);
}

// Wave 1 reaches ds_ordered_count first (wave 0 waits in P until wave 1's
// V), yet the ordered count serves wave 0 first: old values follow wave
// order across groups, whatever the thread count.
const char* kOrdered = R"(
      v_mov_b32 v1, 1
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc0 second
      ds_gws_sema_p gds
      ds_ordered_count v2, v1 offset:512 gds
      s_endpgm
    second:
      ds_gws_sema_v gds
      v_mov_b32 v1, 10
      ds_ordered_count v2, v1 offset:512 gds
      s_endpgm
    )";

TEST(DsSyncDispatch, OrderedCountServesWavesInOrder) {
  for (int threads : {1, 2}) {
    MemorySystem mem;
    DispatchOut r = dispatch(kOrdered, 3, 2, mem, threads);
    ASSERT_TRUE(r.r.ok()) << r.r.firstError();
    // Adds 1, 10, 1, 10, 1, 10 in wave order.
    EXPECT_EQ(r.v2, (std::vector<uint32_t>{0, 1, 11, 12, 22, 23})) << threads;
    uint32_t total;
    std::memcpy(&total, mem.gds.data(), 4);
    EXPECT_EQ(total, 33u);
    EXPECT_EQ(mem.sync.ordered_turn, 6u);
  }
}

TEST(DsSyncDispatch, OrderedCountSwapAndMisuse) {
  MemorySystem mem;
  uint32_t init = 77;
  std::memcpy(mem.gds.data() + 8, &init, 4);
  // M0 = 8: the counter's GDS address. OFFSET1 bit 4 = swap; wave_done.
  DispatchOut r = dispatch(R"(
      s_mov_b32 m0, 8
      v_mov_b32 v1, s0
      ds_ordered_count v2, v1 offset:4608 gds
      s_endpgm
    )", 1, 2, mem);
  ASSERT_TRUE(r.r.ok()) << r.r.firstError();
  EXPECT_EQ(r.v2, (std::vector<uint32_t>{77, 0}));
  uint32_t now;
  std::memcpy(&now, mem.gds.data() + 8, 4);
  EXPECT_EQ(now, 1u);
  // A second ordered op after wave_done, and a wave whose predecessor ended
  // without releasing the turn: both errors naming wave and PC.
  MemorySystem mem2;
  DispatchOut bad = dispatch(R"(
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc0 late
      ds_ordered_count v2, v1 offset:512 gds
      ds_ordered_count v2, v1 offset:512 gds
      s_endpgm
    late:
      s_endpgm
    )", 1, 1, mem2);
  EXPECT_NE(bad.r.waves[0].error.find("wave 0, pc 0x1010: ds_ordered_count after the wave "
                                      "released its turn"),
            std::string::npos) << bad.r.waves[0].error;
  MemorySystem mem3;
  DispatchOut stuck = dispatch(R"(
      s_cmp_eq_u32 s0, 0
      s_cbranch_scc1 skip
      ds_ordered_count v2, v1 offset:512 gds
    skip:
      s_endpgm
    )", 1, 2, mem3);
  EXPECT_NE(stuck.r.waves[1].error.find("wave 1, pc 0x1008: ds_ordered_count waits for its "
                                        "ordered-count turn (wave 0"),
            std::string::npos) << stuck.r.waves[1].error;
}

}  // namespace
}  // namespace gcn::sem::memtest
