// Emulator throughput: wave-instructions/s and lane-ops/s for a VALU-heavy,
// a SALU/branchy, an LDS-heavy and a global-memory-heavy program
// (bench_programs.h); fast vs per-lane reference; 1 vs 2 threads; and one
// fast-path figure per common VALU/SALU op.
// Targets: VALU >= 150 M wave-instr/s per core, fast >= 30x
// reference, >= 1.8x on 2 threads.
//   bazel run -c opt //semantics/emulator:emulator_bench
// The label names the handler clone that ran (avx512, avx2 or baseline);
// GCN_SEM_NO_AVX512=1 / GCN_SEM_NO_AVX2=1 in the environment measure the
// others on this machine (an AVX2-only regression once went unseen).
// Counters: wave_instr/s and lane_ops/s are per wall-clock second (the
// 2-thread scaling figure); wave_instr/cpu_s is per second of process CPU
// time, the per-core figure that stays meaningful on a loaded machine.
#include <benchmark/benchmark.h>

#include <ctime>
#include <string>

#include "semantics/emulator/bench_programs.h"
#include "semantics/emulator/emulator.h"
#include "semantics/emulator/registry.h"

namespace gcn::sem {
namespace {

using bench::loop;

const std::string kSalu =
    "s_mov_b32 s0, 4000\n"
    "loop:\n"
    "s_add_u32 s2, s2, s0\n"
    "s_addc_u32 s3, s3, 0\n"
    "s_and_b32 s4, s0, 1\n"
    "s_cmp_eq_u32 s4, 0\n"
    "s_cbranch_scc1 even\n"
    "s_lshl_b32 s5, s5, 1\n"
    "s_branch next\n"
    "even:\n"
    "s_bfe_u32 s6, s2, 0x80004\n"
    "s_xor_b32 s5, s5, s6\n"
    "next:\n"
    "s_bcnt1_i32_b32 s7, s5\n"
    "s_sub_u32 s0, s0, 1\n"
    "s_cmp_lg_u32 s0, 0\n"
    "s_cbranch_scc1 loop\n"
    "s_endpgm\n";

const char* handlerIsa() {
#if GCN_SEM_X86_CLONES
  if (cpuHasAvx512()) return "avx512";
  if (cpuHasAvx2()) return "avx2";
#endif
  return "baseline";
}

double processCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Returns the wave-instructions run (0 when the run was skipped).
uint64_t runProgram(benchmark::State& st, const std::string& text, Path path, int threads,
                    uint32_t groups, bool valu_lanes, const char* needs = nullptr,
                    bool global_mem = false, const char* mcpu = "gfx900") {
  if (needs && !findSem(needs)) {
    st.SkipWithError((std::string("no semantics yet for ") + needs).c_str());
    return 0;
  }
  Target t;
  std::string err;
  targetFromName(mcpu, &t, &err);
  Program p;
  if (!buildProgramFromText(t, text, 0x1000, path, &p, &err)) {
    st.SkipWithError(err.c_str());
    return 0;
  }
  DispatchSpec spec;
  spec.num_groups = groups;
  spec.init = [global_mem](WaveState& w, uint32_t g, uint32_t) {
    bench::initWave(w, g, global_mem);
  };
  MemorySystem mem;
  if (!mem.global.map(bench::kGlobalHeavyBase, bench::globalHeavyBytes(groups), &err)) {
    st.SkipWithError(err.c_str());
    return 0;
  }
  Emulator emu(threads);
  uint64_t total = 0;
  const double cpu0 = processCpuSeconds();
  for (auto _ : st) {
    DispatchResult r = emu.run(p, spec, mem);
    if (!r.ok()) {
      st.SkipWithError(r.firstError().c_str());
      return 0;
    }
    total += r.instructions;
  }
  const double cpu = processCpuSeconds() - cpu0;
  st.SetLabel(handlerIsa());
  st.counters["wave_instr/s"] = benchmark::Counter(double(total), benchmark::Counter::kIsRate);
  st.counters["wave_instr/cpu_s"] = cpu > 0 ? double(total) / cpu : 0.0;
  if (valu_lanes)
    st.counters["lane_ops/s"] = benchmark::Counter(double(total) * kLanes, benchmark::Counter::kIsRate);
  st.counters["cpu_s"] = cpu;
  return total;
}

// Args: {path (0 fast, 1 reference), threads}. The reference path is slow:
// fewer workgroups keep the run short.
void runBench(benchmark::State& st, const std::string& text, bool valu_lanes,
              const char* needs = nullptr, bool global_mem = false) {
  const Path path = st.range(0) ? Path::REFERENCE : Path::FAST;
  runProgram(st, text, path, int(st.range(1)), path == Path::FAST ? 64 : 4, valu_lanes, needs,
             global_mem);
}

void BM_ValuHeavy(benchmark::State& st) { runBench(st, bench::valuHeavy(), true); }
void BM_SaluBranchy(benchmark::State& st) { runBench(st, kSalu, false); }
void BM_MemoryHeavy(benchmark::State& st) { runBench(st, bench::ldsHeavy(), true, "ds_read_b32"); }
void BM_GlobalMemoryHeavy(benchmark::State& st) {
  runBench(st, bench::globalHeavy(), true, "global_load_dword", true);
}

#define GCN_BENCH_ARGS ->Args({0, 1})->Args({0, 2})->Args({1, 1})->Args({1, 2})->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)
BENCHMARK(BM_ValuHeavy) GCN_BENCH_ARGS;
BENCHMARK(BM_SaluBranchy) GCN_BENCH_ARGS;
BENCHMARK(BM_MemoryHeavy) GCN_BENCH_ARGS;
BENCHMARK(BM_GlobalMemoryHeavy) GCN_BENCH_ARGS;

// One op, fast path, one thread: 32 copies per loop iteration (every op of
// the VALU-heavy mix has one, so the mix's slowest member shows).
void opBench(benchmark::State& st, const char* op) {
  runProgram(st, loop(std::string(op) + "\n", 32, 1000), Path::FAST, 1, 16, true);
}
void BM_Op_v_mov_b32(benchmark::State& st) { opBench(st, "v_mov_b32 v1, v0"); }
void BM_Op_v_add_u32(benchmark::State& st) { opBench(st, "v_add_u32 v1, v1, v0"); }
void BM_Op_v_cmp_eq_u32(benchmark::State& st) { opBench(st, "v_cmp_eq_u32 vcc, v1, v0"); }
void BM_Op_v_cndmask_b32(benchmark::State& st) { opBench(st, "v_cndmask_b32 v1, v1, v0, vcc"); }
void BM_Op_v_add_f32(benchmark::State& st) { opBench(st, "v_add_f32 v2, v2, v3"); }
void BM_Op_v_fma_f32(benchmark::State& st) { opBench(st, "v_fma_f32 v2, v2, v3, v3"); }
void BM_Op_v_add_co_u32(benchmark::State& st) { opBench(st, "v_add_co_u32 v4, vcc, v4, v1"); }
void BM_Op_v_addc_co_u32(benchmark::State& st) { opBench(st, "v_addc_co_u32 v7, vcc, v7, v6, vcc"); }
void BM_Op_v_add_f32_mods(benchmark::State& st) { opBench(st, "v_add_f32_e64 v8, |v2|, -v3"); }
void BM_Op_v_add_f32_clamp(benchmark::State& st) { opBench(st, "v_add_f32_e64 v8, v2, v3 clamp"); }
void BM_Op_s_add_u32(benchmark::State& st) { opBench(st, "s_add_u32 s2, s2, s1"); }
// The SDWA and DPP forms: what the AVX2 clone gains on them (they have no
// AVX-512 clone; on an AVX-512 host these run the AVX2 one).
void BM_Op_v_add_f32_sdwa(benchmark::State& st) {
  opBench(st, "v_add_f32_sdwa v2, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD");
}
void BM_Op_v_add_u32_sdwa(benchmark::State& st) {
  opBench(st, "v_add_u32_sdwa v1, v1, v0 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:DWORD");
}
void BM_Op_v_add_u32_dpp(benchmark::State& st) {
  opBench(st, "v_add_u32_dpp v1, v1, v0 row_shr:1 row_mask:0xf bank_mask:0xf");
}
void BM_Op_v_add_f32_dpp(benchmark::State& st) {
  opBench(st, "v_add_f32_dpp v2, v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf");
}
// MFMA throughput on gfx90a, every f32 and f16 shape, and gfx942's xf32
// and fp8 (C and D in VGPRs, fast path, one thread):
// floating-point (or integer) operations emulated per CPU second, beside
// BM_HostFmaPeak's f32 FMA rate of this machine measured in the same run.
// Target: f32 and f16 MFMA >= 10 % of that peak.
constexpr int kMfmaCopies = 32, kMfmaIters = 200;
void mfmaBench(benchmark::State& st, const char* op, double ops_per_instr,
               const char* mcpu = "gfx90a") {
  const uint32_t groups = 4;
  const uint64_t total = runProgram(st, loop(std::string(op) + "\n", kMfmaCopies, kMfmaIters),
                                    Path::FAST, 1, groups, false, nullptr, false, mcpu);
  if (!total) return;
  // Every wave runs the same loop: its MFMAs are copies * iters of the
  // copies * iters + 3 * iters + 2 instructions it executes.
  const double per_wave = double(kMfmaCopies + 3) * kMfmaIters + 2;
  const double mfmas = double(total) / per_wave * kMfmaCopies * kMfmaIters;
  const double cpu = st.counters["cpu_s"];
  st.counters["Gops/cpu_s"] = cpu > 0 ? mfmas * ops_per_instr / cpu * 1e-9 : 0.0;
}
void BM_Mfma_f32_32x32x2(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x2f32 v[0:15], v16, v17, v[0:15]", 2.0 * 32 * 32 * 2);
}
void BM_Mfma_f32_16x16x4(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_16x16x4f32 v[0:3], v16, v17, v[0:3]", 2.0 * 16 * 16 * 4);
}
void BM_Mfma_f32_32x32x1_2b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x1f32 v[0:31], v32, v33, v[0:31]", 2.0 * 32 * 32 * 1 * 2);
}
void BM_Mfma_f32_16x16x1_4b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_16x16x1f32 v[0:15], v16, v17, v[0:15]", 2.0 * 16 * 16 * 1 * 4);
}
void BM_Mfma_f16_32x32x4_2b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x4f16 v[0:31], v[32:33], v[34:35], v[0:31]",
            2.0 * 32 * 32 * 4 * 2);
}
void BM_Mfma_f16_16x16x4_4b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_16x16x4f16 v[0:15], v[16:17], v[18:19], v[0:15]",
            2.0 * 16 * 16 * 4 * 4);
}
void BM_Mfma_f16_16x16x16(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_16x16x16f16 v[0:3], v[16:17], v[18:19], v[0:3]", 2.0 * 16 * 16 * 16);
}
// gfx942's f32 inputs rounded to xf32 and its fp8 inputs.
void BM_Mfma_xf32_16x16x8_gfx942(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_16x16x8_xf32 v[0:3], v[16:17], v[18:19], v[0:3]",
            2.0 * 16 * 16 * 8, "gfx942");
}
void BM_Mfma_xf32_32x32x4_gfx942(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x4_xf32 v[0:15], v[16:17], v[18:19], v[0:15]",
            2.0 * 32 * 32 * 4, "gfx942");
}
void BM_Mfma_fp8_32x32x16_gfx942(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x16_fp8_fp8 v[0:15], v[16:17], v[18:19], v[0:15]",
            2.0 * 32 * 32 * 16, "gfx942");
}
void BM_Mfma_f16_32x32x8(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x8f16 v[0:15], v[16:17], v[18:19], v[0:15]", 2.0 * 32 * 32 * 8);
}
void BM_Mfma_bf16_32x32x8_1k(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_32x32x8bf16_1k v[0:15], v[16:17], v[18:19], v[0:15]",
            2.0 * 32 * 32 * 8);
}
void BM_Mfma_i8_32x32x8(benchmark::State& st) {
  mfmaBench(st, "v_mfma_i32_32x32x8i8 v[0:15], v16, v17, v[0:15]", 2.0 * 32 * 32 * 8);
}
void BM_Mfma_f64_16x16x4(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f64_16x16x4f64 v[0:7], v[16:17], v[18:19], v[0:7]", 2.0 * 16 * 16 * 4);
}
void BM_Mfma_f32_4x4x1_16b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_4x4x1f32 v[0:3], v16, v17, v[0:3]", 2.0 * 4 * 4 * 16);
}
void BM_Mfma_f16_4x4x4_16b(benchmark::State& st) {
  mfmaBench(st, "v_mfma_f32_4x4x4f16 v[0:3], v[16:17], v[18:19], v[0:3]", 2.0 * 4 * 4 * 4 * 16);
}

// The host's own f32 FMA peak on one core: independent FMA chains in the
// widest vectors this CPU has (enough chains to cover the FMA latency).
#if GCN_SEM_X86_CLONES
__attribute__((target("avx512f"), noinline)) double hostFma512(int64_t n, float x) {
  typedef float V __attribute__((vector_size(64)));
  V acc[12];
  for (auto& a : acc) a = V{} + x;
  const V m = V{} + 0.999f, c = V{} + 1e-3f;
  for (int64_t i = 0; i < n; ++i)
    for (auto& a : acc) a = __builtin_ia32_vfmaddps512_mask(a, m, c, -1, 4);
  V s = V{};
  for (auto& a : acc) s += a;
  benchmark::DoNotOptimize(s);
  return double(n) * 12 * 16 * 2;
}
#endif
__attribute__((target("avx2,fma"), noinline)) double hostFma256(int64_t n, float x) {
  typedef float V __attribute__((vector_size(32)));
  V acc[12];
  for (auto& a : acc) a = V{} + x;
  const V m = V{} + 0.999f, c = V{} + 1e-3f;
  for (int64_t i = 0; i < n; ++i)
    for (auto& a : acc) a = __builtin_ia32_vfmaddps256(a, m, c);
  V s = V{};
  for (auto& a : acc) s += a;
  benchmark::DoNotOptimize(s);
  return double(n) * 12 * 8 * 2;
}
void BM_HostFmaPeak(benchmark::State& st) {
  double flops = 0;
  const double cpu0 = processCpuSeconds();
  for (auto _ : st) {
#if GCN_SEM_X86_CLONES
    flops += cpuHasAvx512() ? hostFma512(20000000, 1.0f) : hostFma256(20000000, 1.0f);
#else
    flops += hostFma256(20000000, 1.0f);
#endif
  }
  const double cpu = processCpuSeconds() - cpu0;
  st.SetLabel(handlerIsa());
  st.counters["Gops/cpu_s"] = cpu > 0 ? flops / cpu * 1e-9 : 0.0;
}

#define GCN_MFMA_ARGS ->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)
BENCHMARK(BM_HostFmaPeak) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f32_32x32x2) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f32_16x16x4) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f32_32x32x1_2b) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f32_16x16x1_4b) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f16_32x32x8) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_xf32_16x16x8_gfx942) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_xf32_32x32x4_gfx942) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_fp8_32x32x16_gfx942) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f16_32x32x4_2b) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f16_16x16x4_4b) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f16_16x16x16) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_bf16_32x32x8_1k) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_i8_32x32x8) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f64_16x16x4) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f32_4x4x1_16b) GCN_MFMA_ARGS;
BENCHMARK(BM_Mfma_f16_4x4x4_16b) GCN_MFMA_ARGS;

#define GCN_OP_ARGS ->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)
BENCHMARK(BM_Op_v_mov_b32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_u32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_cmp_eq_u32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_cndmask_b32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_f32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_fma_f32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_co_u32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_addc_co_u32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_f32_mods) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_f32_clamp) GCN_OP_ARGS;
BENCHMARK(BM_Op_s_add_u32) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_f32_sdwa) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_u32_sdwa) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_u32_dpp) GCN_OP_ARGS;
BENCHMARK(BM_Op_v_add_f32_dpp) GCN_OP_ARGS;

}  // namespace
}  // namespace gcn::sem

BENCHMARK_MAIN();
