// The batch emulator: determinism across thread counts, workgroups and
// barriers, budget and error reporting, unsupported rows, memory faults.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "semantics/emulator/exec_env.h"
#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

const char* kProgram =
    "s_mov_b32 s1, 0\n"
    "v_mov_b32 v1, 0\n"
    "loop:\n"
    "v_add_u32 v1, v1, v0\n"
    "v_add_co_u32 v2, vcc, v1, s0\n"
    "s_add_u32 s1, s1, s0\n"
    "s_sub_u32 s0, s0, 1\n"
    "s_cmp_lg_u32 s0, 0\n"
    "s_cbranch_scc1 loop\n"
    "s_barrier\n"
    "v_add_u32 v3, v2, s1\n"
    "s_endpgm";

struct Out {
  std::vector<uint32_t> v3;
  std::vector<uint32_t> s1;
};

Out runDispatch(int threads, Path path, DispatchResult* res) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  EXPECT_TRUE(testing::build(t, kProgram, path, &p, &err)) << err;
  DispatchSpec spec;
  spec.num_groups = 24;
  spec.waves_per_group = 4;
  Out out;
  out.v3.resize(spec.num_groups * spec.waves_per_group * 64);
  out.s1.resize(spec.num_groups * spec.waves_per_group);
  spec.init = [](WaveState& w, uint32_t g, uint32_t i) {
    w.s[0] = 3 + (g * 7 + i) % 11;
    for (int l = 0; l < 64; ++l) w.v[0][l] = g * 1000 + i * 64 + l;
    w.setExec(~0ull >> (g % 5));
  };
  spec.done = [&](const WaveState& w, uint32_t, uint32_t) {
    for (int l = 0; l < 64; ++l) out.v3[w.wave_id * 64 + l] = w.v[3][l];
    out.s1[w.wave_id] = w.s[1];
  };
  MemorySystem mem;
  *res = Emulator(threads).run(p, spec, mem);
  return out;
}

TEST(Emulator, DeterministicAcrossThreadCountsAndPaths) {
  DispatchResult r1, r2, r4, rr;
  Out a = runDispatch(1, Path::FAST, &r1);
  Out b = runDispatch(2, Path::FAST, &r2);
  Out c = runDispatch(4, Path::FAST, &r4);
  Out d = runDispatch(2, Path::REFERENCE, &rr);
  ASSERT_TRUE(r1.ok()) << r1.firstError();
  EXPECT_TRUE(r2.ok() && r4.ok() && rr.ok());
  EXPECT_EQ(a.v3, b.v3);
  EXPECT_EQ(a.v3, c.v3);
  EXPECT_EQ(a.v3, d.v3);
  EXPECT_EQ(a.s1, c.s1);
  EXPECT_EQ(r1.instructions, r4.instructions);
  EXPECT_GT(r1.instructions, 24u * 4 * 20);
  // Spot check: group 0 wave 0 has s0 = 3: s1 = 3 + 2 + 1 = 6.
  EXPECT_EQ(a.s1[0], 6u);
}

TEST(Emulator, BudgetStopsRunawayWaveNamingWaveAndPc) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t, "s_nop 0\nspin:\ns_branch spin", Path::FAST, &p, &err)) << err;
  DispatchSpec spec;
  spec.num_groups = 3;
  spec.budget = 1000;
  spec.per_wave_results = true;
  MemorySystem mem;
  DispatchResult r = Emulator(2).run(p, spec, mem);
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(r.waves.size(), 3u);
  EXPECT_EQ(r.waves[2].stop, WaveStop::BUDGET);
  EXPECT_EQ(r.first_failed, 0u);
  EXPECT_NE(r.firstError().find("wave 0, pc 0x1004"), std::string::npos) << r.firstError();
  EXPECT_NE(r.firstError().find("budget"), std::string::npos);
}

// Without per-wave results a failing dispatch keeps the first failure in
// wave order and starts no group after it: a grid of runaway waves costs
// one budget per thread, not one per wave.
TEST(Emulator, FirstFailureStopsTheDispatch) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t, "s_cmp_eq_u32 s0, 5\ns_cbranch_scc0 done\nspin:\ns_branch spin\n"
                                "done:\ns_endpgm", Path::FAST, &p, &err)) << err;
  for (int threads : {1, 2}) {
    DispatchSpec spec;
    spec.num_groups = 10000;
    spec.waves_per_group = 2;
    spec.budget = 100000;
    // Waves 5 and up of the grid spin: wave 5 (group 2, wave 1) fails first.
    spec.init = [](WaveState& w, uint32_t g, uint32_t i) { w.s[0] = std::min(5u, g * 2 + i); };
    MemorySystem mem;
    DispatchResult r = Emulator(threads).run(p, spec, mem);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(r.waves.empty());
    EXPECT_EQ(r.num_waves, 20000u);
    EXPECT_EQ(r.first_failed, 5u) << threads;
    EXPECT_EQ(r.failure.stop, WaveStop::BUDGET);
    EXPECT_NE(r.firstError().find("wave 5, pc 0x1008"), std::string::npos) << r.firstError();
    EXPECT_LT(r.instructions, 10u * spec.budget) << threads;
  }
}

// A wave's registers are cleared only up to the VGPRs its program names;
// what a wave writes elsewhere through VGPR indexing must not reach the
// next wave run on the same state.
TEST(Emulator, NoRegisterLeaksBetweenWavesOfAWorker) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t,
                             "s_mov_b32 s4, 200\n"
                             "s_set_gpr_idx_on s4, gpr_idx(SRC0)\n"
                             "v_mov_b32 v1, v0\n"        // v1 = v200 (must start 0)
                             "s_set_gpr_idx_off\n"
                             "s_set_gpr_idx_on s4, gpr_idx(DST)\n"
                             "v_mov_b32 v0, v3\n"        // v200 = v3
                             "s_set_gpr_idx_off\n"
                             "v_mov_b32 v2, v7\n"        // v7 (named, cleared)
                             "v_mov_b32 v7, v3\n"
                             "s_endpgm",
                             Path::FAST, &p, &err))
      << err;
  EXPECT_EQ(p.vgpr_rows, 8);
  DispatchSpec spec;
  spec.num_groups = 16;
  spec.init_vgprs = 4;
  spec.check_vgpr_bound = false;  // v200 is written through indexing, legitimately
  spec.per_wave_results = true;
  spec.init = [](WaveState& w, uint32_t g, uint32_t) {
    for (int l = 0; l < 64; ++l) w.v[3][l] = g + 1;
  };
  std::vector<uint32_t> v1(16, 0xdead), v2(16, 0xdead);
  spec.done = [&](const WaveState& w, uint32_t g, uint32_t) {
    v1[g] = w.v[1][5];
    v2[g] = w.v[2][5];
  };
  MemorySystem mem;
  DispatchResult r = Emulator(1).run(p, spec, mem);
  ASSERT_TRUE(r.ok()) << r.firstError();
  for (int g = 0; g < 16; ++g) {
    EXPECT_EQ(v1[g], 0u) << "group " << g;
    EXPECT_EQ(v2[g], 0u) << "group " << g;
  }
}

// The test aid itself: a register written outside the rows the dispatch
// allowed fails the wave, naming it.
TEST(Emulator, VgprBoundCheckNamesAStrayRegister) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t, "v_mov_b32 v1, v0\ns_endpgm", Path::FAST, &p, &err)) << err;
  DispatchSpec spec;
  spec.init_vgprs = 1;
  spec.check_vgpr_bound = true;
  spec.init = [](WaveState& w, uint32_t, uint32_t) { w.v[100][7] = 1; };
  MemorySystem mem;
  DispatchResult r = Emulator(1).run(p, spec, mem);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.firstError().find("v100 (lane 7) was written"), std::string::npos)
      << r.firstError();
}

TEST(Emulator, UnsupportedRowIsAClearError) {
  Target t = targetOrDie("gfx900");
  auto w = std::make_unique<WaveState>();
  w->reset(t.gen);
  std::string err;
  EXPECT_FALSE(testing::runText(t, "s_mov_b32 s0, 1\nexp mrt0 v0, v0, v0, v0\ns_endpgm", *w, &err));
  EXPECT_NE(err.find("unsupported in the functional model: exp"), std::string::npos) << err;
  EXPECT_NE(err.find("pc 0x1004"), std::string::npos) << err;
  EXPECT_EQ(w->s[0], 1u);
}

// Interpolation needs the LDS parameter layout of a pixel-shader launch,
// which the functional model does not set up: VINTRP and the GFX8/9 VOP3
// forms stop with the clear error (no row is registered under their names).
TEST(Emulator, InterpolationIsAClearError) {
  struct Case { const char* cpu; const char* text; const char* mnemonic; };
  for (const Case& c : {Case{"tahiti", "v_interp_p1_f32 v0, v1, attr0.x", "v_interp_p1_f32"},
                        Case{"gfx900", "v_interp_mov_f32 v0, p10, attr0.x", "v_interp_mov_f32"},
                        Case{"gfx900", "v_interp_p1_f32_e64 v0, v1, attr0.x", "v_interp_p1_f32"},
                        Case{"fiji", "v_interp_p1ll_f16 v0, v1, attr0.x", "v_interp_p1ll_f16"},
                        Case{"gfx900", "v_interp_p2_f16 v0, v1, attr0.x, v2", "v_interp_p2_f16"}}) {
    Target t = targetOrDie(c.cpu);
    auto w = std::make_unique<WaveState>();
    w->reset(t.gen);
    w->v[0][0] = 0x1234;
    std::string err;
    EXPECT_FALSE(testing::runText(t, std::string("s_nop 0\n") + c.text + "\ns_endpgm", *w, &err));
    EXPECT_EQ(err, std::string("wave 0, pc 0x1004: unsupported in the functional model: ") +
                       c.mnemonic) << c.cpu << " " << c.text;
    EXPECT_EQ(w->v[0][0], 0x1234u);
  }
}

TEST(Emulator, RunningOffTheEndAndBadJumps) {
  Target t = targetOrDie("gfx900");
  auto w = std::make_unique<WaveState>();
  w->reset(t.gen);
  std::string err;
  EXPECT_FALSE(testing::runText(t, "s_mov_b32 s0, 1", *w, &err));
  EXPECT_NE(err.find("past the end"), std::string::npos) << err;
  EXPECT_EQ(err.find("wave 0, pc 0x1004: "), 0u) << err;
  // The same after a taken branch (the run loop re-seats its pointer on a
  // jump): the s_nop is skipped and the end comes after the s_add.
  w->reset(t.gen);
  EXPECT_FALSE(testing::runText(t, "s_branch next\ns_nop 0\nnext:\ns_add_u32 s0, s0, 5", *w, &err));
  EXPECT_EQ(err.find("wave 0, pc 0x100c: "), 0u) << err;
  EXPECT_EQ(w->s[0], 5u);
  EXPECT_EQ(w->executed, 3u);
  w->s[4] = 0x1002; w->s[5] = 0;
  EXPECT_FALSE(testing::runText(t, "s_setpc_b64 s[4:5]\ns_endpgm", *w, &err));
  EXPECT_NE(err.find("0x1002 is not an instruction"), std::string::npos) << err;
}

TEST(Emulator, EarlyEndedWaveDoesNotDeadlockBarrier) {
  Target t = targetOrDie("gfx900");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t,
                             "s_cmp_eq_u32 s0, 0\n"
                             "s_cbranch_scc1 end\n"
                             "s_barrier\n"
                             "s_barrier\n"
                             "s_mov_b32 s1, 7\n"
                             "end:\n"
                             "s_endpgm", Path::FAST, &p, &err)) << err;
  DispatchSpec spec;
  spec.waves_per_group = 16;
  std::vector<uint32_t> s1(16);
  spec.init = [](WaveState& w, uint32_t, uint32_t i) { w.s[0] = i % 3; };
  spec.done = [&](const WaveState& w, uint32_t, uint32_t i) { s1[i] = w.s[1]; };
  MemorySystem mem;
  DispatchResult r = Emulator(1).run(p, spec, mem);
  ASSERT_TRUE(r.ok()) << r.firstError();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(s1[i], i % 3 ? 7u : 0u) << i;
}

TEST(Memory, FaultsNameLaneAndAddressAndRegionsDoNotOverlap) {
  MemorySystem mem;
  std::string err;
  ASSERT_TRUE(mem.global.map(0x10000, 256, &err));
  EXPECT_FALSE(mem.global.map(0x100f0, 32, &err));
  EXPECT_NE(err.find("overlaps"), std::string::npos);
  auto w = std::make_unique<WaveState>();
  w->reset(Gen::GFX9);
  w->pc = 0x1234;
  uint32_t x = 0;
  EXPECT_TRUE(globalRead(*w, mem.global, 0x100fc, &x, 4, 0));
  EXPECT_FALSE(globalRead(*w, mem.global, 0x100fe, &x, 4, 17));  // straddles the end
  EXPECT_NE(w->error.find("lane 17"), std::string::npos) << w->error;
  EXPECT_NE(w->error.find("0x100fe"), std::string::npos) << w->error;
  EXPECT_NE(w->error.find("pc 0x1234"), std::string::npos) << w->error;
  EXPECT_EQ(scratchSwizzle(0x1000, 4, 1), 0x1000u + 256 + 4);
}

}  // namespace
}  // namespace gcn::sem
