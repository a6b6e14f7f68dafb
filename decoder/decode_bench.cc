// In-process decode throughput (Google Benchmark): the stream `gcnref bench`
// decodes (valid instructions mixed uniformly over every row and form of the
// CPU, seed 1), uniformly random words, one word repeated, and the stream's
// instructions narrowed to K distinct ones or sorted. Counters:
// instructions per second, and the share of instructions the plan fast path
// takes.
//
//   bazel run //decoder:decode_bench -- --benchmark_filter=gfx900
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "decoder/decode_plan.h"
#include "decoder/decoder.h"
#include "space/inst_space.h"

namespace gcn {
namespace {

Target targetOf(const std::string& cpu) {
  Target t;
  std::string err;
  if (!targetFromName(cpu, &t, &err)) std::abort();
  return t;
}

std::vector<uint8_t> randomStream(size_t count) {
  std::mt19937_64 rng(7);
  std::vector<uint8_t> out;
  for (size_t i = 0; i < count; ++i) {
    uint32_t w = uint32_t(rng());
    for (int k = 0; k < 4; ++k) out.push_back(uint8_t(w >> (8 * k)));
  }
  return out;
}

void runDecode(benchmark::State& state, const Target& t, const std::vector<uint8_t>& s) {
  Inst inst;
  size_t n = 0, fast = 0;
  for (auto _ : state) {
    size_t pos = 0;
    while (pos < s.size()) {
      DecodeResult r = decode(t, s.data() + pos, s.size() - pos, &inst);
      benchmark::DoNotOptimize(inst.id);
      pos += r.size ? r.size : 4;
      ++n;
    }
  }
  // The plan share, once, outside the timed loop.
  size_t words = 0;
  for (size_t pos = 0; pos < s.size(); ++words) {
    DecodeResult r;
    if (decodeWithPlan(t, s.data() + pos, s.size() - pos, &inst, &r)) ++fast;
    else r = decode(t, s.data() + pos, s.size() - pos, &inst);
    pos += r.size ? r.size : 4;
  }
  state.SetItemsProcessed(int64_t(n));
  state.counters["plan_share"] = words ? double(fast) / double(words) : 0;
}

void BM_DecodeBenchStream(benchmark::State& state, const char* cpu) {
  const Target t = targetOf(cpu);
  static std::string last;
  static std::vector<uint8_t> s;
  if (last != cpu) {
    s = validInstructionStream(t, 400000, 1);
    last = cpu;
  }
  runDecode(state, t, s);
}

void BM_DecodeRandomWords(benchmark::State& state, const char* cpu) {
  const Target t = targetOf(cpu);
  static const std::vector<uint8_t> s = randomStream(200000);
  runDecode(state, t, s);
}

// One instruction repeated (the bench stream's first 4-byte word the fast
// path takes): no mispredictions, no cache misses, so this is the latency
// and work of the fast path alone.
void BM_DecodeOneWord(benchmark::State& state, const char* cpu) {
  const Target t = targetOf(cpu);
  const std::vector<uint8_t> bench = validInstructionStream(t, 1000, 1);
  std::vector<uint8_t> s;
  Inst inst;
  for (size_t pos = 0; pos < bench.size();) {
    DecodeResult r;
    const bool fast = decodeWithPlan(t, bench.data() + pos, bench.size() - pos, &inst, &r);
    if (!fast) r = decode(t, bench.data() + pos, bench.size() - pos, &inst);
    if (fast && r.size == 4) {
      for (int k = 0; k < 100000; ++k) s.insert(s.end(), bench.begin() + long(pos), bench.begin() + long(pos) + 4);
      break;
    }
    pos += r.size ? r.size : 4;
  }
  if (s.empty()) {
    state.SkipWithError("no 4-byte plan word in the bench stream");
    return;
  }
  runDecode(state, t, s);
}

// The bench stream's instructions, one per element.
std::vector<std::vector<uint8_t>> splitStream(const Target& t, const std::vector<uint8_t>& s) {
  std::vector<std::vector<uint8_t>> v;
  Inst inst;
  for (size_t pos = 0; pos < s.size();) {
    const DecodeResult r = decode(t, s.data() + pos, s.size() - pos, &inst);
    const size_t n = r.size ? r.size : 4;
    v.emplace_back(s.begin() + long(pos), s.begin() + long(pos + n));
    pos += n;
  }
  return v;
}

// Where the mixed stream's time goes, without hardware counters: 400k
// instructions drawn at random from only K distinct ones of the bench
// stream. Small K: plans, programs and branch history fit the core; large
// K approaches the bench stream. The gap between K = 2 and the stream is
// what mixing costs (cache footprint, mispredictions), K = 2 alone what a
// decode costs.
void BM_DecodeDistinct(benchmark::State& state) {
  const Target t = targetOf("gfx900");
  const auto v = splitStream(t, validInstructionStream(t, 400000, 1));
  std::mt19937_64 rng(3);
  const size_t k = size_t(state.range(0));
  std::vector<uint8_t> s;
  for (int i = 0; i < 400000; ++i) {
    const std::vector<uint8_t>& x = v[(rng() % k) * 97 % v.size()];
    s.insert(s.end(), x.begin(), x.end());
  }
  runDecode(state, t, s);
}

// The bench stream sorted by bytes: rows in runs, so the same plan and
// branches repeat (what a predictable stream of every row costs).
void BM_DecodeSorted(benchmark::State& state) {
  const Target t = targetOf("gfx900");
  auto v = splitStream(t, validInstructionStream(t, 400000, 1));
  std::sort(v.begin(), v.end());
  std::vector<uint8_t> s;
  for (const auto& x : v) s.insert(s.end(), x.begin(), x.end());
  runDecode(state, t, s);
}

BENCHMARK_CAPTURE(BM_DecodeBenchStream, gfx900, "gfx900")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeBenchStream, gfx803, "gfx803")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeBenchStream, gfx600, "gfx600")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeBenchStream, gfx90a, "gfx90a")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeBenchStream, gfx942, "gfx942")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeRandomWords, gfx900, "gfx900")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DecodeOneWord, gfx900, "gfx900")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeDistinct)->Arg(2)->Arg(32)->Arg(256)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeSorted)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gcn

BENCHMARK_MAIN();
