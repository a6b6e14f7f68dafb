// Dispatch throughput on real corpus kernels (clang-16 code objects): short
// kernels over a grid of 2^22 work-items, beside the emulator's inner-loop rates
// (the VALU-heavy, LDS-heavy and global-memory loops of
// semantics/emulator/bench_programs.h) measured in the same run, 1 and 2
// threads. wave_instr/s counts the whole launch (image, kernarg and buffer
// set-up, result copies); waves_only_instr/s only the time the waves ran
// (LaunchResult::seconds, what `gcnref run` reports), which the ratios use.
// The last lines print the ratios the emulator is held to:
//   short-kernel dispatch >= 20 % of the VALU-heavy inner loop,
//   memory-heavy loops    >= 35 % of it,
//   2 threads             >= 1.8x one thread on the dispatch benchmarks.
//   bazel run //dispatch:dispatch_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

#include "dispatch/kernel_suite.h"
#include "dispatch/launch.h"
#include "semantics/emulator/bench_programs.h"
#include "semantics/emulator/emulator.h"

namespace gcn::dispatch {
namespace {

constexpr uint32_t kItems = 1u << 22;

const codeobj::CodeObject* load(const char* name) {
  static std::string dir = findKernelDir("");
  auto* co = new codeobj::CodeObject;
  std::string err;
  if (dir.empty() || !co->loadFile(dir + "/" + name, &err)) return nullptr;
  return co;
}

std::vector<uint8_t> words(size_t n, uint32_t salt) {
  std::vector<uint8_t> b(n * 4);
  for (size_t i = 0; i < n; ++i) {
    const float f = float((i * 7 + salt) % 17) * 0.25f;
    std::memcpy(&b[i * 4], &f, 4);
  }
  return b;
}

void setRates(benchmark::State& st, uint64_t instructions, uint64_t waves) {
  st.counters["wave_instr/s"] = benchmark::Counter(double(instructions), benchmark::Counter::kIsRate);
  st.counters["waves/s"] = benchmark::Counter(double(waves), benchmark::Counter::kIsRate);
}

void run(benchmark::State& st, const char* file, const char* kernel, Dim3 grid, Dim3 block,
         const std::vector<ArgValue>& args) {
  static std::map<std::string, const codeobj::CodeObject*> cache;
  const codeobj::CodeObject*& co = cache[file];
  if (!co) co = load(file);
  if (!co) {
    st.SkipWithError("corpus/kernels not found (bazel run from the workspace)");
    return;
  }
  LaunchOptions o;
  o.threads = int(st.range(0));
  uint64_t instructions = 0, waves = 0;
  double wave_seconds = 0;
  for (auto _ : st) {
    LaunchResult r;
    std::string err;
    if (!launchKernel(*co, kernel, grid, block, args, o, &r, &err)) {
      st.SkipWithError(err.c_str());
      return;
    }
    instructions += r.instructions;
    waves += r.waves;
    wave_seconds += r.seconds;
  }
  setRates(st, instructions, waves);
  st.counters["waves_only_instr/s"] = wave_seconds > 0 ? double(instructions) / wave_seconds : 0.0;
}

// (out, a, b, n) kernels of 4-byte elements over kItems work-items, each
// writing `outs` results.
void elementwise(benchmark::State& st, const char* file, const char* kernel, uint32_t outs = 1) {
  run(st, file, kernel, {kItems, 1, 1}, {256, 1, 1},
      {bufferArg(std::vector<uint8_t>(size_t(4) * outs * kItems)), bufferArg(words(kItems, 1)),
       bufferArg(words(kItems, 2)), u32Arg(kItems)});
}

void BM_Dispatch_vadd_i32_gfx900(benchmark::State& st) {
  elementwise(st, "vadd_i32.gfx900.co", "vadd_i32");
}
void BM_Dispatch_vadd_i32_gfx803(benchmark::State& st) {
  elementwise(st, "vadd_i32.gfx803.co", "vadd_i32");
}
void BM_Dispatch_f32_arith_gfx900(benchmark::State& st) {
  elementwise(st, "f32_arith.gfx900.co", "f32_arith", 4);
}
void BM_Dispatch_int_ops_gfx900(benchmark::State& st) {
  elementwise(st, "int_ops.gfx900.co", "int_ops", 8);
}
void BM_Dispatch_saxpy_multi_gfx900(benchmark::State& st) {
  run(st, "saxpy_multi.gfx900.co", "saxpy_multi", {kItems, 1, 1}, {256, 1, 1},
      {bufferArg(words(kItems, 3)), bufferArg(words(kItems, 4)), f32Arg(1.5f), u32Arg(kItems)});
}
// Longer kernels, for scale: a tiled matrix product and an LDS reduction.
void BM_Dispatch_matmul_gfx900(benchmark::State& st) {
  const uint32_t m = 64, n = 64, k = 256;
  run(st, "matmul.gfx900.co", "matmul", {n, m, 1}, {16, 16, 1},
      {bufferArg(std::vector<uint8_t>(4 * m * n)), bufferArg(words(m * k, 5)),
       bufferArg(words(k * n, 6)), u32Arg(m), u32Arg(n), u32Arg(k)});
}
void BM_Dispatch_lds_reduce_gfx900(benchmark::State& st) {
  run(st, "lds_reduce.gfx900.co", "lds_reduce", {kItems, 1, 1}, {256, 1, 1},
      {bufferArg(std::vector<uint8_t>(4 * (kItems / 256))), bufferArg(words(kItems, 7)),
       u32Arg(kItems)});
}

#define GCN_THREADS ->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()
BENCHMARK(BM_Dispatch_vadd_i32_gfx900) GCN_THREADS;
BENCHMARK(BM_Dispatch_vadd_i32_gfx803) GCN_THREADS;
BENCHMARK(BM_Dispatch_f32_arith_gfx900) GCN_THREADS;
BENCHMARK(BM_Dispatch_int_ops_gfx900) GCN_THREADS;
BENCHMARK(BM_Dispatch_saxpy_multi_gfx900) GCN_THREADS;
BENCHMARK(BM_Dispatch_matmul_gfx900) GCN_THREADS;
BENCHMARK(BM_Dispatch_lds_reduce_gfx900) GCN_THREADS;

// The inner loop: one program, 64 work-groups of one wave, no set-up.
void innerLoop(benchmark::State& st, const std::string& text, bool global_mem) {
  Target t;
  std::string err;
  targetFromName("gfx900", &t, &err);
  sem::Program p;
  if (!sem::buildProgramFromText(t, text, 0x1000, sem::Path::FAST, &p, &err)) {
    st.SkipWithError(err.c_str());
    return;
  }
  sem::DispatchSpec spec;
  spec.num_groups = 64;
  spec.init = [global_mem](sem::WaveState& w, uint32_t g, uint32_t) {
    sem::bench::initWave(w, g, global_mem);
  };
  sem::MemorySystem mem;
  if (!mem.global.map(sem::bench::kGlobalHeavyBase, sem::bench::globalHeavyBytes(64), &err)) {
    st.SkipWithError(err.c_str());
    return;
  }
  sem::Emulator emu(int(st.range(0)));
  uint64_t total = 0, waves = 0;
  for (auto _ : st) {
    sem::DispatchResult r = emu.run(p, spec, mem);
    if (!r.ok()) {
      st.SkipWithError(r.firstError().c_str());
      return;
    }
    total += r.instructions;
    waves += r.num_waves;
  }
  setRates(st, total, waves);
}
void BM_Inner_valu_heavy(benchmark::State& st) { innerLoop(st, sem::bench::valuHeavy(), false); }
void BM_Inner_lds_heavy(benchmark::State& st) { innerLoop(st, sem::bench::ldsHeavy(), false); }
void BM_Inner_global_heavy(benchmark::State& st) {
  innerLoop(st, sem::bench::globalHeavy(), true);
}
BENCHMARK(BM_Inner_valu_heavy) GCN_THREADS;
BENCHMARK(BM_Inner_lds_heavy) GCN_THREADS;
BENCHMARK(BM_Inner_global_heavy) GCN_THREADS;

// Keeps every run's wave_instr/s for the ratio lines.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  // "BM_x/1/real_time" -> wave-instructions/s (dispatches: while waves ran)
  std::map<std::string, double> rate;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      // With --benchmark_repetitions the median stands for the run.
      std::string name = r.benchmark_name();
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name != "median") continue;
        name = name.substr(0, name.size() - std::string("_median").size());
      }
      auto it = r.counters.find("waves_only_instr/s");
      if (it == r.counters.end()) it = r.counters.find("wave_instr/s");
      if (it != r.counters.end() && !r.error_occurred) rate[name] = it->second;
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

void printRatios(const RatioReporter& rep) {
  auto get = [&](const std::string& name) {
    auto it = rep.rate.find(name + "/real_time");
    return it == rep.rate.end() ? 0.0 : it->second;
  };
  const double valu = get("BM_Inner_valu_heavy/1");
  if (valu <= 0) return;
  std::printf("\nratios to the VALU-heavy inner loop on one thread (%.1f M wave-instr/s):\n",
              valu / 1e6);
  for (const auto& [name, r] : rep.rate) {
    const std::string base = name.substr(0, name.find('/'));
    if (name.find("/1/") == std::string::npos || base == "BM_Inner_valu_heavy") continue;
    const double two = get(base + "/2");
    const bool memory = base.rfind("BM_Inner_", 0) == 0;
    std::printf("  %-32s %6.1f %% of VALU-heavy (target %s)", base.c_str(), 100.0 * r / valu,
                memory ? ">= 35 %" : base.find("matmul") != std::string::npos ||
                                             base.find("lds_reduce") != std::string::npos
                                         ? "none: long kernel"
                                         : ">= 20 %");
    if (two > 0) std::printf("; 2 threads %.2fx (target >= 1.8x)", two / r);
    std::printf("\n");
  }
}

}  // namespace
}  // namespace gcn::dispatch

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  gcn::dispatch::RatioReporter rep;
  benchmark::RunSpecifiedBenchmarks(&rep);
  gcn::dispatch::printRatios(rep);
  return 0;
}
