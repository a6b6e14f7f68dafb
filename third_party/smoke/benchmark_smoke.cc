// //third_party:benchmark_main links and runs.
#include <benchmark/benchmark.h>

#include <cstdint>

static void BM_Popcount(benchmark::State& state) {
  uint64_t x = 0x0123456789abcdefULL;
  for (auto _ : state) {
    benchmark::DoNotOptimize(__builtin_popcountll(x));
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  }
}
BENCHMARK(BM_Popcount);
