// End-to-end dispatch throughput on real corpus kernels: setup (image,
// kernarg, buffers) plus the waves, reported as wave-instructions/s.
//   bazel run -c opt //dispatch:dispatch_bench
#include <benchmark/benchmark.h>

#include <cstring>

#include "dispatch/kernel_suite.h"
#include "dispatch/launch.h"

namespace gcn::dispatch {
namespace {

const codeobj::CodeObject* load(const char* name) {
  static std::string dir = findKernelDir("");
  auto* co = new codeobj::CodeObject;
  std::string err;
  if (dir.empty() || !co->loadFile(dir + "/" + name, &err)) return nullptr;
  return co;
}

std::vector<uint8_t> floats(size_t n) {
  std::vector<uint8_t> b(n * 4);
  for (size_t i = 0; i < n; ++i) {
    const float f = float(i % 17) * 0.25f;
    std::memcpy(&b[i * 4], &f, 4);
  }
  return b;
}

void run(benchmark::State& st, const codeobj::CodeObject* co, const char* kernel, Dim3 grid,
         Dim3 block, const std::vector<ArgValue>& args) {
  if (!co) {
    st.SkipWithError("corpus/kernels not found (bazel run from the workspace)");
    return;
  }
  LaunchOptions o;
  o.threads = int(st.range(0));
  uint64_t instructions = 0;
  for (auto _ : st) {
    LaunchResult r;
    std::string err;
    if (!launchKernel(*co, kernel, grid, block, args, o, &r, &err)) {
      st.SkipWithError(err.c_str());
      return;
    }
    instructions += r.instructions;
  }
  st.counters["wave_instr/s"] = benchmark::Counter(double(instructions), benchmark::Counter::kIsRate);
}

void BM_VaddI32(benchmark::State& st) {
  static const codeobj::CodeObject* co = load("vadd_i32.gfx900.co");
  const uint32_t n = 1u << 18;
  run(st, co, "vadd_i32", {n, 1, 1}, {256, 1, 1},
      {bufferArg(std::vector<uint8_t>(4 * n)), bufferArg(floats(n)), bufferArg(floats(n)),
       u32Arg(n)});
}
BENCHMARK(BM_VaddI32)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Matmul(benchmark::State& st) {
  static const codeobj::CodeObject* co = load("matmul.gfx900.co");
  const uint32_t m = 64, n = 64, k = 256;
  run(st, co, "matmul", {n, m, 1}, {16, 16, 1},
      {bufferArg(std::vector<uint8_t>(4 * m * n)), bufferArg(floats(m * k)),
       bufferArg(floats(k * n)), u32Arg(m), u32Arg(n), u32Arg(k)});
}
BENCHMARK(BM_Matmul)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LdsReduce(benchmark::State& st) {
  static const codeobj::CodeObject* co = load("lds_reduce.gfx900.co");
  const uint32_t n = 1u << 18;
  run(st, co, "lds_reduce", {n, 1, 1}, {256, 1, 1},
      {bufferArg(std::vector<uint8_t>(4 * (n / 256))), bufferArg(floats(n)), u32Arg(n)});
}
BENCHMARK(BM_LdsReduce)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace gcn::dispatch

BENCHMARK_MAIN();
