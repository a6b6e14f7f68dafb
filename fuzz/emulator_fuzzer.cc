// The emulator on random valid programs and states: a differential fuzzer of
// the fast whole-wave path against the per-lane reference path.
//
// Input: byte 0 selects the processor; bytes 1..8 seed the initial wave
// state (semantics/sem_testing.h randomizeWave: random registers, EXEC,
// VCC, SCC, M0, MODE); the rest is decoded as a stream of instructions, of
// which those whose row has semantics are kept (at most kMaxInsts), followed
// by s_endpgm. One wave runs with a small budget on a small mapped memory
// (a 4 KiB region whose address is in s[0:1], as a kernarg pointer would be)
// and a 4 KiB LDS.
//   * no crash, no sanitizer report, no hang (the budget bounds the run);
//   * deterministic: the fast path run twice ends in the same state;
//   * the reference path ends in the same state (registers, SCC, hardware
//     registers, stop reason and error text, memory, LDS, GDS);
//   * Emulator::run (the dispatch path) agrees with runWave.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "text/parser.h"
#include "fuzz/fuzz_util.h"
#include "semantics/emulator/emulator.h"
#include "semantics/emulator/registry.h"
#include "semantics/sem_testing.h"

using namespace gcn;
using namespace gcn::sem;

namespace {

constexpr size_t kMaxInsts = 32;
constexpr uint64_t kBudget = 256;
constexpr uint64_t kCodeBase = 0x1000;
constexpr uint64_t kMemBase = 0x100000;
constexpr uint32_t kMemBytes = 4096;
constexpr uint32_t kLdsSize = 4096;

struct Run {
  std::unique_ptr<WaveState> w = std::make_unique<WaveState>();
  MemorySystem mem;
  Lds lds{kLdsSize};
  bool ok = false;
  std::string err;
};

void runOnce(const Program& p, const WaveState& init, const MemorySystem& mem0, Run* r) {
  *r->w = init;
  r->mem = mem0;
  r->ok = runWave(p, *r->w, &r->mem, &r->lds, kBudget, &r->err);
}

std::string diffRuns(const Run& a, const Run& b) {
  std::string d = testing::diffStates(*a.w, *b.w);
  if (a.ok != b.ok) d += "result differs; ";
  if (a.err != b.err) d += "error '" + a.err + "' vs '" + b.err + "'; ";
  if (a.w->pc != b.w->pc) d += "pc differs; ";
  if (a.w->executed != b.w->executed) d += "executed count differs; ";
  if (a.mem.global.regions().size() != b.mem.global.regions().size()) d += "regions differ; ";
  else
    for (size_t i = 0; i < a.mem.global.regions().size(); ++i)
      if (a.mem.global.regions()[i].bytes != b.mem.global.regions()[i].bytes)
        d += "memory region " + a.mem.global.regions()[i].name + " differs; ";
  if (a.lds.bytes != b.lds.bytes) d += "LDS differs; ";
  if (a.mem.gds != b.mem.gds) d += "GDS differs; ";
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  if (size_ < 9) return 0;
  const Target& t = fuzz::targetFromByte(data_[0]);
  uint64_t seed;
  std::memcpy(&seed, data_ + 1, 8);

  std::vector<Inst> insts;
  std::string listing;
  const uint8_t* p = data_ + 9;
  size_t left = size_ - 9;
  while (left >= 4 && insts.size() < kMaxInsts) {
    Inst in;
    DecodeResult r = decode(t, p, left, &in);
    if (r.ok() && findSem(in.desc().mnemonic)) {
      insts.push_back(in);
      listing += fuzz::hex(p, r.size) + " ";
    }
    p += r.size;
    left -= r.size;
  }
  Inst end;
  ParseError pe;
  if (!parseInst(t, "s_endpgm", &end, &pe)) return 0;
  insts.push_back(end);

  Program fast, ref;
  std::string err;
  const bool built = buildProgram(t, insts, kCodeBase, Path::FAST, &fast, &err);
  std::string err2;
  const bool built2 = buildProgram(t, insts, kCodeBase, Path::REFERENCE, &ref, &err2);
  FUZZ_CHECK(built == built2 && err == err2, "fast and reference builds differ", err + " vs " + err2);
  if (!built) {
    FUZZ_CHECK(!err.empty(), "build failure without a message", listing);
    return 0;
  }

  auto init = std::make_unique<WaveState>();
  std::mt19937_64 rng(seed);
  testing::randomizeWave(*init, t.gen, rng);
  init->setS64(0, kMemBase);
  init->hwreg[HW_LDS_ALLOC] = kLdsSize / 256;
  MemorySystem mem0;
  std::vector<uint8_t> fill(kMemBytes);
  for (auto& b : fill) b = uint8_t(rng());
  std::string merr;
  FUZZ_CHECK(mem0.global.map(kMemBase, kMemBytes, &merr, fill.data(), "buffer"), "map", merr);

  Run a, b, c;
  runOnce(fast, *init, mem0, &a);
  runOnce(fast, *init, mem0, &b);
  std::string d = diffRuns(a, b);
  FUZZ_CHECK(d.empty(), "fast path not deterministic", std::string(t.name) + " " + listing + ": " + d);
  runOnce(ref, *init, mem0, &c);
  d = diffRuns(a, c);
  FUZZ_CHECK(d.empty(), "fast path != reference path", std::string(t.name) + " " + listing + ": " + d);

  // The dispatch path: one workgroup of one wave.
  Run e;
  e.mem = mem0;
  DispatchSpec spec;
  spec.budget = kBudget;
  spec.lds_bytes = kLdsSize;
  spec.scratch_base = 0;  // as runWave's ExecEnv (no private segment mapped)
  spec.per_wave_results = true;
  spec.init = [&](WaveState& w, uint32_t, uint32_t) { w = *init; };
  spec.done = [&](const WaveState& w, uint32_t, uint32_t) { *e.w = w; };
  Emulator emu(1);
  DispatchResult res = emu.run(fast, spec, e.mem);
  FUZZ_CHECK(res.waves.size() == 1, "dispatch wave count", "");
  d = testing::diffStates(*a.w, *e.w);
  if (res.waves[0].stop != a.w->stop) d += "stop differs; ";
  if (res.waves[0].executed != a.w->executed) d += "executed differs; ";
  if (e.mem.global.regions()[0].bytes != a.mem.global.regions()[0].bytes) d += "memory differs; ";
  FUZZ_CHECK(d.empty(), "Emulator::run != runWave", std::string(t.name) + " " + listing + ": " + d);
  return 0;
}
