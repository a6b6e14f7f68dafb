// Grid geometry, argument specs, the kernarg layout and the initial wave
// state, checked against real clang-16 code objects of corpus/kernels
// (which SGPRs their code reads tells where the ABI puts each value).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <set>
#include <tuple>

#include "codeobj/code_object.h"
#include "dispatch/aql.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"
#include "dispatch/initial_state.h"
#include "dispatch/kernarg.h"
#include "dispatch/kernel_suite.h"
#include "dispatch/launch.h"

namespace gcn::dispatch {
namespace {

codeobj::CodeObject load(const std::string& name) {
  codeobj::CodeObject co;
  std::string err;
  const std::string dir = findKernelDir("");
  EXPECT_FALSE(dir.empty()) << "corpus/kernels not found";
  EXPECT_TRUE(co.loadFile(dir + "/" + name, &err)) << name << ": " << err;
  return co;
}

// --- grid ------------------------------------------------------------------

TEST(Grid, PartialGroupsAreClassedAndCoverTheGridOnce) {
  Grid g;
  std::string err;
  ASSERT_TRUE(makeGrid({20, 13, 5}, {8, 4, 2}, 0, &g, &err)) << err;
  EXPECT_EQ(g.dims, 3);
  EXPECT_EQ(g.groups.x, 3u);
  EXPECT_EQ(g.groups.y, 4u);
  EXPECT_EQ(g.groups.z, 3u);
  const auto classes = groupClasses(g);
  EXPECT_EQ(classes.size(), 8u);  // full/partial in each of x, y, z
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> seen;
  uint64_t items = 0;
  for (const auto& c : classes) {
    for (uint64_t k = 0; k < c.num(); ++k) {
      const Dim3 id = c.member(k);
      EXPECT_TRUE(seen.insert({id.x, id.y, id.z}).second);
      const Dim3 s = g.groupSize(id);
      EXPECT_EQ(s.x, c.size.x);
      EXPECT_EQ(s.y, c.size.y);
      EXPECT_EQ(s.z, c.size.z);
      items += s.volume();
    }
  }
  EXPECT_EQ(seen.size(), g.numGroups());
  EXPECT_EQ(items, 20u * 13u * 5u);
}

TEST(Grid, WorkItemIdsArePackedOverTheActualGroupSize) {
  // A partial 3x5x2 group: 30 work-items in one wave, x fastest.
  const Dim3 s{3, 5, 2};
  EXPECT_EQ(Grid::wavesFor(s), 1u);
  EXPECT_EQ(waveExec(s, 0), (1ull << 30) - 1);
  Dim3 id;
  ASSERT_TRUE(workItemId(s, 0, 17, &id));  // 17 = 2 + 3 * (0 + 5 * 1)
  EXPECT_EQ(id.x, 2u);
  EXPECT_EQ(id.y, 0u);
  EXPECT_EQ(id.z, 1u);
  EXPECT_FALSE(workItemId(s, 0, 30, &id));
  // 100 work-items: a full wave and a 36-lane one.
  EXPECT_EQ(Grid::wavesFor({100, 1, 1}), 2u);
  EXPECT_EQ(waveExec({100, 1, 1}, 0), ~0ull);
  EXPECT_EQ(waveExec({100, 1, 1}, 1), (1ull << 36) - 1);
}

TEST(Grid, GroupCountsOfTheLargestGridsDoNotOverflow) {
  Grid g;
  std::string err;
  ASSERT_TRUE(makeGrid({0xffffffffu, 1, 1}, {256, 1, 1}, 0, &g, &err)) << err;
  EXPECT_EQ(g.groups.x, 16777216u);
  EXPECT_EQ(g.numGroups(), 16777216u);
  ASSERT_TRUE(makeGrid({7, 0xffffffffu, 0xfffffff0u}, {1, 1024, 1}, 0, &g, &err)) << err;
  EXPECT_EQ(g.groups.y, 4194304u);
  EXPECT_EQ(g.groups.z, 0xfffffff0u);
}

TEST(Grid, BadSizesAreErrors) {
  Grid g;
  std::string err;
  EXPECT_FALSE(makeGrid({0, 1, 1}, {1, 1, 1}, 0, &g, &err));
  EXPECT_NE(err.find("at least 1"), std::string::npos) << err;
  EXPECT_FALSE(makeGrid({4096, 1, 1}, {2048, 1, 1}, 0, &g, &err));
  EXPECT_NE(err.find("1024"), std::string::npos) << err;
  EXPECT_FALSE(makeGrid({64, 2, 1}, {64, 1, 1}, 1, &g, &err));
  Dim3 d;
  int n = 0;
  EXPECT_TRUE(parseDim3("64,4", &d, &n, &err));
  EXPECT_EQ(n, 2);
  EXPECT_EQ(d.y, 4u);
  EXPECT_FALSE(parseDim3("64,,4", &d, &n, &err));
  EXPECT_FALSE(parseDim3("1,2,3,4", &d, &n, &err));
  EXPECT_FALSE(parseDim3("-1", &d, &n, &err));
}

// --- argument specs ------------------------------------------------------

TEST(ArgSpec, ScalarsBuffersAndLds) {
  ArgValue a;
  std::string err;
  ASSERT_TRUE(parseArgSpec("i32:-5", &a, &err)) << err;
  EXPECT_EQ(a.kind, ArgValue::Kind::I32);
  EXPECT_EQ(a.scalar, 0xfffffffbu);
  ASSERT_TRUE(parseArgSpec("u64:0x100000000", &a, &err)) << err;
  EXPECT_EQ(a.scalar, 1ull << 32);
  ASSERT_TRUE(parseArgSpec("f32:1.5", &a, &err)) << err;
  EXPECT_EQ(a.scalar, 0x3fc00000u);
  ASSERT_TRUE(parseArgSpec("f64:-2", &a, &err)) << err;
  EXPECT_EQ(a.scalar, 0xc000000000000000ull);
  ASSERT_TRUE(parseArgSpec("zeros:12", &a, &err)) << err;
  EXPECT_EQ(a.kind, ArgValue::Kind::BUFFER);
  EXPECT_EQ(a.bytes.size(), 12u);
  ASSERT_TRUE(parseArgSpec("lds:256", &a, &err)) << err;
  EXPECT_EQ(a.kind, ArgValue::Kind::LDS);
  EXPECT_EQ(a.scalar, 256u);
  for (const char* bad : {"u32:-1", "u32:0x100000000", "i32:3000000000", "x:1", "u32", "f32:abc",
                          "buffer:/nonexistent/file", "u32:12z"}) {
    EXPECT_FALSE(parseArgSpec(bad, &a, &err)) << bad;
    EXPECT_NE(err.find(bad), std::string::npos) << err;
  }
}

// --- kernarg ---------------------------------------------------------------

HiddenValues hidden(Dim3 grid, Dim3 block) {
  HiddenValues hv;
  std::string err;
  EXPECT_TRUE(makeGrid(grid, block, 0, &hv.grid, &err));
  hv.queue_ptr = 0x1234000;
  hv.shared_aperture_hi = 0x10000;
  hv.private_aperture_hi = 0x20000;
  return hv;
}

TEST(Kernarg, ExplicitArgumentsAtTheirMetadataOffsets) {
  codeobj::CodeObject co = load("vadd_i32.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("vadd_i32");
  ASSERT_NE(k, nullptr);
  std::vector<ArgValue> args = {bufferArg({}), bufferArg({}), bufferArg({}), u32Arg(1000)};
  Kernarg ka;
  std::string err;
  ASSERT_TRUE(layoutKernarg(*k->meta, k->kernargSize(), args, {0x1000, 0x2000, 0x3000, 0}, 0,
                            hidden({1000, 1, 1}, {64, 1, 1}), &ka, &err))
      << err;
  ASSERT_GE(ka.bytes.size(), 28u);
  uint64_t p[3];
  uint32_t n;
  std::memcpy(p, ka.bytes.data(), 24);
  std::memcpy(&n, ka.bytes.data() + 24, 4);
  EXPECT_EQ(p[0], 0x1000u);
  EXPECT_EQ(p[1], 0x2000u);
  EXPECT_EQ(p[2], 0x3000u);
  EXPECT_EQ(n, 1000u);
}

TEST(Kernarg, MismatchesAreClearErrors) {
  codeobj::CodeObject co = load("vadd_i32.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("vadd_i32");
  ASSERT_NE(k, nullptr);
  Kernarg ka;
  std::string err;
  const HiddenValues hv = hidden({64, 1, 1}, {64, 1, 1});
  EXPECT_FALSE(layoutKernarg(*k->meta, k->kernargSize(), {bufferArg({})}, {0}, 0, hv, &ka, &err));
  EXPECT_NE(err.find("takes 4 arguments"), std::string::npos) << err;
  EXPECT_NE(err.find("1 given"), std::string::npos) << err;
  EXPECT_FALSE(layoutKernarg(*k->meta, k->kernargSize(),
                             {bufferArg({}), u32Arg(1), bufferArg({}), u32Arg(1)}, {0, 0, 0, 0}, 0,
                             hv, &ka, &err));
  EXPECT_NE(err.find("argument 1"), std::string::npos) << err;
  EXPECT_NE(err.find("buffer"), std::string::npos) << err;
  EXPECT_FALSE(layoutKernarg(*k->meta, k->kernargSize(),
                             {bufferArg({}), bufferArg({}), bufferArg({}), u64Arg(1)},
                             {0, 0, 0, 0}, 0, hv, &ka, &err));
  EXPECT_NE(err.find("argument 3"), std::string::npos) << err;
  EXPECT_FALSE(layoutKernarg(*k->meta, k->kernargSize(),
                             {bufferArg({}), bufferArg({}), bufferArg({}), ldsArg(16)},
                             {0, 0, 0, 0}, 0, hv, &ka, &err));
  EXPECT_NE(err.find("argument 3"), std::string::npos) << err;
}

TEST(Kernarg, DynamicLdsFollowsTheStaticSegment) {
  codeobj::CodeObject co = load("lds_dynamic.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("lds_dynamic");
  ASSERT_NE(k, nullptr);
  const auto& meta = *k->meta;
  std::vector<ArgValue> args;
  int lds_arg = -1;
  for (const auto& a : meta.args) {
    if (a.isHidden()) continue;
    if (a.value_kind == "global_buffer") args.push_back(bufferArg({}));
    else if (a.value_kind == "dynamic_shared_pointer") { lds_arg = int(args.size()); args.push_back(ldsArg(256)); }
    else args.push_back(u32Arg(7));
  }
  ASSERT_GE(lds_arg, 0);
  Kernarg ka;
  std::string err;
  ASSERT_TRUE(layoutKernarg(meta, k->kernargSize(), args, std::vector<uint64_t>(args.size(), 0),
                            100, hidden({64, 1, 1}, {64, 1, 1}), &ka, &err))
      << err;
  const auto& a = meta.args[size_t(ka.meta_index[size_t(lds_arg)])];
  uint32_t off;
  std::memcpy(&off, ka.bytes.data() + a.offset, 4);
  EXPECT_GE(off, 100u);  // after the static LDS, aligned
  EXPECT_EQ(off % (a.pointee_align ? a.pointee_align : 4), 0u);
  EXPECT_EQ(ka.group_segment_bytes, off + 256);
  // More than 64 KiB of LDS is refused.
  args[size_t(lds_arg)] = ldsArg(65536);
  EXPECT_FALSE(layoutKernarg(meta, k->kernargSize(), args, std::vector<uint64_t>(args.size(), 0),
                             100, hidden({64, 1, 1}, {64, 1, 1}), &ka, &err));
  EXPECT_NE(err.find("64 KiB"), std::string::npos) << err;
}

codeobj::KernelArg hiddenArg(const char* kind, uint64_t off, uint64_t size) {
  codeobj::KernelArg a;
  a.value_kind = kind;
  a.offset = off;
  a.size = size;
  return a;
}

TEST(Kernarg, HiddenArgumentsOfCodeObjectV5) {
  // What clang emits after the explicit arguments (AMDGPUUsage v5 table).
  codeobj::KernelMeta m;
  m.name = "k";
  m.args = {hiddenArg("hidden_block_count_x", 0, 4), hiddenArg("hidden_block_count_y", 4, 4),
            hiddenArg("hidden_block_count_z", 8, 4), hiddenArg("hidden_group_size_x", 12, 2),
            hiddenArg("hidden_group_size_y", 14, 2), hiddenArg("hidden_group_size_z", 16, 2),
            hiddenArg("hidden_remainder_x", 18, 2), hiddenArg("hidden_remainder_y", 20, 2),
            hiddenArg("hidden_remainder_z", 22, 2), hiddenArg("hidden_global_offset_x", 40, 8),
            hiddenArg("hidden_grid_dims", 64, 2), hiddenArg("hidden_private_base", 192, 4),
            hiddenArg("hidden_shared_base", 196, 4), hiddenArg("hidden_queue_ptr", 200, 8)};
  Kernarg ka;
  std::string err;
  ASSERT_TRUE(layoutKernarg(m, 256, {}, {}, 0, hidden({100, 30, 1}, {64, 8, 1}), &ka, &err)) << err;
  ASSERT_EQ(ka.bytes.size(), 256u);
  auto u32at = [&](size_t o) { uint32_t v; std::memcpy(&v, ka.bytes.data() + o, 4); return v; };
  auto u16at = [&](size_t o) { uint16_t v; std::memcpy(&v, ka.bytes.data() + o, 2); return v; };
  EXPECT_EQ(u32at(0), 1u);   // full groups in x: 100 / 64
  EXPECT_EQ(u32at(4), 3u);   // 30 / 8
  EXPECT_EQ(u32at(8), 1u);
  EXPECT_EQ(u16at(12), 64u);
  EXPECT_EQ(u16at(14), 8u);
  EXPECT_EQ(u16at(18), 36u);  // 100 % 64
  EXPECT_EQ(u16at(20), 6u);   // 30 % 8
  EXPECT_EQ(u16at(22), 0u);
  EXPECT_EQ(u16at(64), 2u);
  EXPECT_EQ(u32at(192), 0x20000u);
  EXPECT_EQ(u32at(196), 0x10000u);
  EXPECT_EQ(u32at(200), 0x1234000u);
  m.args.push_back(hiddenArg("hidden_something_new", 208, 8));
  EXPECT_FALSE(layoutKernarg(m, 256, {}, {}, 0, hidden({64, 1, 1}, {64, 1, 1}), &ka, &err));
  EXPECT_NE(err.find("hidden_something_new"), std::string::npos) << err;
}

// --- initial state ---------------------------------------------------------

TEST(InitialState, Gfx803PrivateArrayLayoutIsWhatItsCodeReads) {
  // private_array.gfx803's prologue: s_load_dword s4, s[4:5], 0x4 (packet
  // workgroup_size_x), s_load_dword s5, s[6:7], 0x10 (kernarg), flat scratch
  // from s8/s9 + s11, V# s[0:3] + s11, work-group id in s10.
  codeobj::CodeObject co = load("private_array.gfx803.co");
  const codeobj::KernelInfo* k = co.findKernel("private_array");
  ASSERT_NE(k, nullptr);
  const StateRequest r = stateRequest(*k, Gen::GFX8);
  const auto layout = sgprLayout(r);
  std::vector<std::tuple<int, int, std::string>> got;
  for (const auto& s : layout) got.emplace_back(s.first, s.count, s.name);
  const std::vector<std::tuple<int, int, std::string>> want = {
      {0, 4, "private segment buffer"}, {4, 2, "dispatch ptr"}, {6, 2, "kernarg segment ptr"},
      {8, 2, "flat scratch init"}, {10, 1, "work-group id x"},
      {11, 1, "private segment wave byte offset"}};
  EXPECT_EQ(got, want);

  DispatchRegs d;
  scratchResource(kScratchBase, 1u << 20, r.private_element_size_code, d.private_segment_buffer);
  d.dispatch_ptr = kRingBase;
  d.kernarg_ptr = kKernargBase;
  d.flat_scratch_init = uint64_t(388) << 32;
  d.lds_bytes = 512;
  d.shared_base = kSharedApertureBase;
  d.private_base = kPrivateApertureBase;
  WaveCoord c;
  c.group_id = {5, 0, 0};
  c.group_size = {40, 1, 1};  // a partial group
  c.scratch_wave_offset = 7 * 64 * 388;
  sem::WaveState w;
  w.reset(Gen::GFX8);
  initWave(r, d, c, Gen::GFX8, w);
  EXPECT_EQ(w.s64(4), kRingBase);
  EXPECT_EQ(w.s64(6), kKernargBase);
  EXPECT_EQ(w.s[8], 0u);
  EXPECT_EQ(w.s[9], 388u);
  EXPECT_EQ(w.s[10], 5u);
  EXPECT_EQ(w.s[11], 7u * 64 * 388);
  EXPECT_EQ(uint64_t(w.s[0]) | uint64_t(w.s[1] & 0xffff) << 32, kScratchBase);
  EXPECT_EQ(w.exec(), (1ull << 40) - 1);
  for (uint32_t l = 0; l < 40; ++l) EXPECT_EQ(w.v[0][l], l);
  EXPECT_EQ(w.m0(), 512u);  // GFX8: M0 = LDS size
  // MODE from RSRC1 (llvm-objdump: float_denorm_mode_32 0, _16_64 3, dx10
  // clamp, ieee): f32 denormals flushed on gfx803.
  EXPECT_EQ(w.mode() & 0x3ff, 0xc0u | 1u << 8 | 1u << 9);
}

TEST(InitialState, ModeComesFromRsrc1) {
  // gfx900 keeps f32 denormals (.amdhsa_float_denorm_mode_32 3), unlike the
  // reset default of the wave state.
  codeobj::CodeObject co = load("private_array.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("private_array");
  ASSERT_NE(k, nullptr);
  sem::WaveState w;
  w.reset(Gen::GFX9);
  ASSERT_NE(w.mode() & 0x30, 0x30u);
  initWave(stateRequest(*k, Gen::GFX9), DispatchRegs(), WaveCoord(), Gen::GFX9, w);
  EXPECT_EQ(w.mode() & 0x3ff, 0xf0u | 1u << 8 | 1u << 9);
}

TEST(InitialState, Grid3dGetsAllWorkGroupAndWorkItemIds) {
  codeobj::CodeObject co = load("grid3d.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("grid3d");
  ASSERT_NE(k, nullptr);
  const StateRequest r = stateRequest(*k, Gen::GFX9);
  EXPECT_TRUE(r.workgroup_id[0] && r.workgroup_id[1] && r.workgroup_id[2]);
  EXPECT_EQ(r.vgpr_workitem_id, 2u);
  const auto layout = sgprLayout(r);
  ASSERT_GE(layout.size(), 3u);
  // The system SGPRs start right after the user SGPRs.
  EXPECT_EQ(layout[layout.size() - 3].first, int(r.user_sgpr_count));
  DispatchRegs d;
  WaveCoord c;
  c.group_id = {2, 1, 3};
  c.group_size = {4, 4, 2};
  sem::WaveState w;
  w.reset(Gen::GFX9);
  initWave(r, d, c, Gen::GFX9, w);
  const uint32_t u = r.user_sgpr_count;
  EXPECT_EQ(w.s[u], 2u);
  EXPECT_EQ(w.s[u + 1], 1u);
  EXPECT_EQ(w.s[u + 2], 3u);
  // Lane 29 = x 1, y 3, z 1 of a 4x4x2 group.
  EXPECT_EQ(w.v[0][29], 1u);
  EXPECT_EQ(w.v[1][29], 3u);
  EXPECT_EQ(w.v[2][29], 1u);
  EXPECT_EQ(w.exec(), (1ull << 32) - 1);
}

// Every lane of every wave of odd-sized groups gets workItemId's ids (the
// initial state steps through them instead of dividing per lane), and
// lanes past the group keep zeros.
TEST(InitialState, WorkItemIdsOfEveryLaneMatchWorkItemId) {
  codeobj::CodeObject co = load("grid3d.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("grid3d");
  ASSERT_NE(k, nullptr);
  const StateRequest r = stateRequest(*k, Gen::GFX9);
  for (Dim3 size : {Dim3{7, 5, 3}, Dim3{64, 1, 1}, Dim3{1, 9, 13}, Dim3{3, 1, 1}, Dim3{10, 10, 10}}) {
    WaveCoord c;
    c.group_size = size;
    c.waves_in_group = Grid::wavesFor(size);
    for (uint32_t wv = 0; wv < c.waves_in_group; ++wv) {
      c.wave_in_group = wv;
      auto w = std::make_unique<sem::WaveState>();
      w->reset(Gen::GFX9);
      initWave(r, DispatchRegs(), c, Gen::GFX9, *w);
      for (uint32_t lane = 0; lane < 64; ++lane) {
        Dim3 id{0, 0, 0};
        workItemId(size, wv, lane, &id);
        EXPECT_EQ(w->v[0][lane], id.x) << size.x << "x" << size.y << "x" << size.z << " wave "
                                       << wv << " lane " << lane;
        EXPECT_EQ(w->v[1][lane], id.y) << "lane " << lane;
        EXPECT_EQ(w->v[2][lane], id.z) << "lane " << lane;
      }
    }
  }
}

TEST(InitialState, CodeObjectV2UsesAmdKernelCode) {
  codeobj::CodeObject co = load("vadd_i32.v2.gfx900.co");
  const codeobj::KernelInfo* k = co.findKernel("vadd_i32");
  ASSERT_NE(k, nullptr);
  ASSERT_TRUE(k->has_amd_kernel_code);
  const StateRequest r = stateRequest(*k, Gen::GFX9);
  EXPECT_TRUE(r.private_segment_buffer);
  EXPECT_TRUE(r.dispatch_ptr);
  EXPECT_TRUE(r.kernarg_segment_ptr);
  EXPECT_EQ(r.user_sgpr_count, 8u);
  const auto layout = sgprLayout(r);
  ASSERT_EQ(layout.size(), 4u);
  EXPECT_EQ(layout[2].name, "kernarg segment ptr");
  EXPECT_EQ(layout[2].first, 6);
  EXPECT_EQ(layout[3].name, "work-group id x");
  EXPECT_EQ(layout[3].first, 8);
}

TEST(InitialState, WorkGroupInfoAndUserSgprLimit) {
  StateRequest r;
  r.private_segment_buffer = r.dispatch_ptr = r.queue_ptr = r.kernarg_segment_ptr = true;
  r.dispatch_id = r.flat_scratch_init = r.private_segment_size = true;  // 4+2+2+2+2+2+1 = 15
  r.grid_workgroup_count[0] = r.grid_workgroup_count[1] = true;         // 17 > 16
  r.user_sgpr_count = 16;
  r.workgroup_info = true;
  DispatchRegs d;
  d.private_segment_size = 99;
  d.grid_workgroups = {11, 22, 33};
  WaveCoord c;
  c.wave_in_group = 0;
  c.waves_in_group = 4;
  c.group_size = {256, 1, 1};
  sem::WaveState w;
  w.reset(Gen::GFX9);
  w.s[16] = 0xdead;
  initWave(r, d, c, Gen::GFX9, w);
  EXPECT_EQ(w.s[14], 99u);
  EXPECT_EQ(w.s[15], 11u);           // count x: the 16th user SGPR
  EXPECT_EQ(w.s[16], 0x80000004u);   // work-group info, not count y
  const auto layout = sgprLayout(r);
  EXPECT_EQ(layout.back().name, "work-group info");
  EXPECT_EQ(layout.back().first, 16);
}

// GFX940 (architected flat scratch): private_array.gfx942's RSRC2 bit 0 is
// set, yet no wave offset SGPR follows the work-group id; FLAT_SCRATCH holds
// the wave's scratch base instead. The same bit on GFX90A loads the offset.
TEST(InitialState, Gfx940SetsFlatScratchInsteadOfAWaveOffset) {
  codeobj::CodeObject co = load("private_array.gfx942.co");
  const codeobj::KernelInfo* k = co.findKernel("private_array");
  ASSERT_NE(k, nullptr);
  ASSERT_TRUE(k->rsrc2().enable_sgpr_private_segment_wave_byte_offset);
  const StateRequest r = stateRequest(*k, Gen::GFX940);
  EXPECT_TRUE(r.architected_flat_scratch);
  EXPECT_FALSE(r.private_segment_wave_offset);
  const auto layout = sgprLayout(r);
  ASSERT_FALSE(layout.empty());
  EXPECT_EQ(layout.back().first, 102);
  EXPECT_EQ(layout.back().count, 2);
  for (const auto& s : layout) EXPECT_NE(s.name, "private segment wave byte offset");
  DispatchRegs d;
  d.scratch_base = 0x1234500000ull;
  WaveCoord c;
  c.group_size = {64, 1, 1};
  c.scratch_wave_offset = 0x8000;
  sem::WaveState w;
  w.reset(Gen::GFX940);
  const int after_ids = int(r.user_sgpr_count) + 1;  // work-group id x only
  w.s[after_ids] = 0xdead;
  initWave(r, d, c, Gen::GFX940, w);
  EXPECT_EQ(w.s[102], 0x34508000u);
  EXPECT_EQ(w.s[103], 0x12u);
  EXPECT_EQ(w.s[after_ids], 0xdeadu);

  const StateRequest r90a = stateRequest(*k, Gen::GFX90A);
  EXPECT_FALSE(r90a.architected_flat_scratch);
  EXPECT_TRUE(r90a.private_segment_wave_offset);
}

// --- launch ----------------------------------------------------------------

TEST(Launch, EachWaveGetsItsOwnScratch) {
  // private_array.gfx803 stores 2 * gid + 1 at private offset 12
  // (buffer_store_dword v2, off, s[0:3], 0 offset:12 after s0 += s11): with
  // the V# and wave byte offset right, wave w's lane l writes its own
  // element of the queue's scratch, at the address scratchSwizzle gives.
  codeobj::CodeObject co = load("private_array.gfx803.co");
  const uint32_t n = 256;
  std::vector<uint8_t> in(8 * n * 4, 0);
  LaunchOptions o;
  uint32_t priv = 0;
  std::vector<uint32_t> got;
  o.inspect = [&](const sem::MemorySystem& m) {
    const codeobj::KernelInfo* k = co.findKernel("private_array");
    priv = (k->privateSegmentSize() + 3) / 4 * 4;
    for (uint32_t w = 0; w < n / 64; ++w)
      for (uint32_t l = 0; l < 64; ++l) {
        const uint64_t a = sem::scratchSwizzle(kScratchBase + uint64_t(w) * 64 * priv, 12, l);
        const sem::MemRegion* r = m.global.find(a);
        uint32_t v = 0xdeadbeef;
        if (r) std::memcpy(&v, r->bytes.data() + (a - r->base), 4);
        got.push_back(v);
      }
  };
  LaunchResult r;
  std::string err;
  ASSERT_TRUE(launchKernel(co, "private_array", {n, 1, 1}, {64, 1, 1},
                           {bufferArg(std::vector<uint8_t>(4 * n)), bufferArg(in), u32Arg(n)}, o,
                           &r, &err))
      << err;
  EXPECT_EQ(r.waves, n / 64);
  EXPECT_EQ(r.private_segment_bytes, priv);
  ASSERT_EQ(got.size(), size_t(n));
  for (uint32_t gid = 0; gid < n; ++gid) EXPECT_EQ(got[gid], 2 * gid + 1) << "work-item " << gid;
}

TEST(Launch, PacketAndQueueAreInMemory) {
  codeobj::CodeObject co = load("vadd_i32.gfx900.co");
  LaunchOptions o;
  std::vector<uint8_t> pkt(packet::kSize), q(queue::kSize);
  o.inspect = [&](const sem::MemorySystem& m) {
    auto copy = [&](uint64_t a, std::vector<uint8_t>* out) {
      const sem::MemRegion* r = m.global.find(a);
      ASSERT_NE(r, nullptr);
      std::memcpy(out->data(), r->bytes.data() + (a - r->base), out->size());
    };
    copy(kRingBase, &pkt);
    copy(kQueueBase, &q);
  };
  LaunchResult r;
  std::string err;
  const uint32_t n = 100;
  ASSERT_TRUE(launchKernel(co, "vadd_i32", {n, 1, 1}, {64, 1, 1},
                           {bufferArg(std::vector<uint8_t>(4 * n)),
                            bufferArg(std::vector<uint8_t>(4 * n)),
                            bufferArg(std::vector<uint8_t>(4 * n)), u32Arg(n)},
                           o, &r, &err))
      << err;
  auto u16 = [](const std::vector<uint8_t>& b, size_t o) { uint16_t v; std::memcpy(&v, &b[o], 2); return v; };
  auto u32 = [](const std::vector<uint8_t>& b, size_t o) { uint32_t v; std::memcpy(&v, &b[o], 4); return v; };
  auto u64 = [](const std::vector<uint8_t>& b, size_t o) { uint64_t v; std::memcpy(&v, &b[o], 8); return v; };
  EXPECT_EQ(u16(pkt, 0) & 0xff, 2u);  // KERNEL_DISPATCH
  EXPECT_EQ(u16(pkt, 2), 1u);         // 1 dimension
  EXPECT_EQ(u16(pkt, 4), 64u);        // workgroup_size_x
  EXPECT_EQ(u32(pkt, 12), n);         // grid_size_x
  EXPECT_EQ(u64(pkt, 40), kKernargBase);
  const codeobj::KernelInfo* k = co.findKernel("vadd_i32");
  EXPECT_EQ(u64(pkt, 32), kImageBase + k->descriptor_vaddr);  // the image starts at vaddr 0
  EXPECT_EQ(u64(q, 8), kRingBase);
  EXPECT_EQ(u32(q, 64), uint32_t(kSharedApertureBase >> 32));
  EXPECT_EQ(u32(q, 68), uint32_t(kPrivateApertureBase >> 32));
  EXPECT_EQ(r.waves, 2u);
  EXPECT_EQ(r.dispatches, 2u);  // the full group and the 36-item one
}

// --- launch errors ---------------------------------------------------------

TEST(Launch, BadLaunchesAreClearErrors) {
  codeobj::CodeObject co = load("vadd_i32.gfx900.co");
  LaunchResult r;
  std::string err;
  const std::vector<ArgValue> args = {bufferArg(std::vector<uint8_t>(256)),
                                      bufferArg(std::vector<uint8_t>(256)),
                                      bufferArg(std::vector<uint8_t>(256)), u32Arg(64)};
  EXPECT_FALSE(launchKernel(co, "nope", {64, 1, 1}, {64, 1, 1}, args, {}, &r, &err));
  EXPECT_NE(err.find("no kernel 'nope'"), std::string::npos) << err;
  EXPECT_NE(err.find("vadd_i32"), std::string::npos) << err;
  EXPECT_FALSE(launchKernel(co, "vadd_i32", {64, 1, 1}, {64, 1, 1}, {u32Arg(1)}, {}, &r, &err));
  EXPECT_NE(err.find("takes 4 arguments"), std::string::npos) << err;
  EXPECT_FALSE(launchKernel(co, "vadd_i32", {4096, 1, 1}, {512, 1, 1}, args, {}, &r, &err));
  EXPECT_NE(err.find("max_flat_workgroup_size"), std::string::npos) << err;
  EXPECT_FALSE(launchKernel(co, "vadd_i32", {64, 1, 1}, {0, 1, 1}, args, {}, &r, &err));
}

}  // namespace
}  // namespace gcn::dispatch
