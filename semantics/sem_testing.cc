#include "semantics/sem_testing.h"

#include <cstdio>

#include "semantics/emulator/exec_env.h"

namespace gcn::sem::testing {

namespace {
// A wave holds ~33 K words, and setting them up was most of the
// equivalence tests' time. The words come from a splitmix64 stream seeded
// by one draw of the caller's generator (a quarter edge values, a quarter
// small integers, half any word). Word i of the stream is a function of
// seed + i * kGolden alone, and the kind is picked without a branch, so the
// fill loop has neither a loop-carried chain nor a mispredicted jump.
constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ull;
constexpr uint32_t kEdges[] = {0, 1, 2, 31, 32, 33, 63, 64, 0x7fffffff, 0x80000000,
                               0xffffffff, 0xfffffffe, 0x7f800000, 0xff800000,
                               0x7fc00000, 0x00000001, 0x807fffff, 0x3f800000, 0x10000,
                               0x1f0004, 0x200010, 0x80000001};
constexpr uint64_t kNumEdges = sizeof kEdges / sizeof kEdges[0];

inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

inline uint32_t randWord(uint64_t r) {
  // Bits 63:62 pick the kind; the index/value bits are disjoint from them.
  const uint64_t pick = (r >> 32) & 0x3fffffff;
  const uint32_t edge = kEdges[(pick * kNumEdges) >> 30];
  const uint32_t small = uint32_t((pick * 70) >> 30);
  // Masks, not a conditional: GCC made the ternary a jump, mispredicted
  // half the time.
  const uint64_t kind = r >> 62;
  const uint32_t is_edge = 0u - uint32_t(kind == 0), is_small = 0u - uint32_t(kind == 1);
  return (edge & is_edge) | (small & is_small) | (uint32_t(r) & ~(is_edge | is_small));
}

// Words *seed + 1 .. *seed + n of the stream; advances *seed past them.
void fillWords(uint32_t* dst, size_t n, uint64_t* seed) {
  const uint64_t base = *seed;
  for (size_t i = 0; i < n; ++i) dst[i] = randWord(mix64(base + (i + 1) * kGolden));
  *seed = base + n * kGolden;
}
}  // namespace

void randomizeWave(WaveState& w, Gen g, std::mt19937_64& rng) {
  w.reset(g);
  uint64_t seed = rng();
  fillWords(&w.v[0][0], sizeof w.v / sizeof w.v[0][0], &seed);
  fillWords(w.s, kScalarCodes, &seed);
  switch (rng() % 4) {
    case 0: w.setExec(~0ull); break;
    case 1: w.setExec(0); break;
    default: w.setExec(rng()); break;
  }
  w.setVcc(rng());
  w.scc = rng() & 1;
  w.setM0(uint32_t(rng() % 16));
  w.setMode(uint32_t(rng() & 0x3ff));
  w.hwreg[HW_STATUS] = uint32_t(rng()) & (3u << ST_COND_DBG_USER);
}

void runOne(const Target& t, const Inst& in, Path path, const WaveState& init, WaveState* out,
            uint32_t* next_ip, MatrixNumerics numerics) {
  Program p;
  p.matrix_numerics = numerics;
  std::string err;
  *out = init;
  if (!buildProgram(t, {in}, 0x1000, path, &p, &err)) {
    out->fail("build: " + err);
    *next_ip = 0;
    return;
  }
  ExecEnv env(*out, p);
  env.ip = p.code[0].next;
  out->pc = p.code[0].pc;
  p.code[0].fn(env, p.code[0]);
  *next_ip = env.ip;
}

std::string diffStates(const WaveState& a, const WaveState& b) {
  std::string d;
  char buf[160];
  auto add = [&](const char* s) { if (d.size() < 600) d += s; };
  for (int r = 0; r < kVecRows; ++r)
    for (int l = 0; l < kLanes; ++l)
      if (a.v[r][l] != b.v[r][l]) {
        std::snprintf(buf, sizeof buf, "%s[lane %d]: 0x%08x vs 0x%08x; ", vectorRowName(r).c_str(), l,
                      a.v[r][l], b.v[r][l]);
        add(buf);
      }
  for (int i = 0; i < kScalarCodes; ++i)
    if (a.s[i] != b.s[i]) {
      std::snprintf(buf, sizeof buf, "s-code %d: 0x%08x vs 0x%08x; ", i, a.s[i], b.s[i]);
      add(buf);
    }
  if (a.scc != b.scc) add("scc differs; ");
  for (int i = 0; i < kNumHwRegs; ++i)
    if (a.hwreg[i] != b.hwreg[i]) {
      std::snprintf(buf, sizeof buf, "hwreg %d: 0x%x vs 0x%x; ", i, a.hwreg[i], b.hwreg[i]);
      add(buf);
    }
  if (a.stop != b.stop) add("stop reason differs; ");
  if (a.error != b.error) add(("error '" + a.error + "' vs '" + b.error + "'; ").c_str());
  if (a.messages.size() != b.messages.size()) add("messages differ; ");
  if (a.vskip != b.vskip) add("vskip differs; ");
  return d;
}

bool build(const Target& t, const std::string& text, Path path, Program* p, std::string* err) {
  return buildProgramFromText(t, text, 0x1000, path, p, err);
}

bool runText(const Target& t, const std::string& text, WaveState& w, std::string* err, Path path,
             MemorySystem* mem, uint64_t budget, MatrixNumerics numerics) {
  Program p;
  if (!build(t, text, path, &p, err)) return false;
  p.matrix_numerics = numerics;
  Lds lds;
  return runWave(p, w, mem, &lds, budget, err);
}

}  // namespace gcn::sem::testing
