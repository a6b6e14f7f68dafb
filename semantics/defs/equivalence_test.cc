// Fast path == per-lane reference path, for every registered row, on every
// generation where the row exists, over the row's operand space
// (space/inst_space.h) and random states. New definitions are covered
// automatically. Rows whose fast and reference handlers are one function
// (scalar rows, whole-wave ops) compare a path with itself: they are counted
// apart, and a per-lane (GCN_VALU) row must have two.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "decoder/decoder.h"
#include "space/inst_space.h"
#include "semantics/emulator/registry.h"
#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

using testing::diffStates;
using testing::randomizeWave;
using testing::runOne;

// One test per processor, so Bazel's shards split them; each names the
// least it must check (distinct rows, instances), about 90 % of what it
// checks today.
struct CpuCase {
  const char* cpu;
  int min_distinct_rows, min_instances;
};

void PrintTo(const CpuCase& k, std::ostream* os) { *os << k.cpu; }

class Equivalence : public ::testing::TestWithParam<CpuCase> {};

TEST_P(Equivalence, FastMatchesReferenceForEveryRegisteredRow) {
  const char* cpu = GetParam().cpu;
  std::mt19937_64 rng(12345);
  int rows_checked = 0, instances = 0, distinct_rows = 0, same_rows = 0;
  auto w0 = std::make_unique<WaveState>();
  auto wf = std::make_unique<WaveState>();
  auto wr = std::make_unique<WaveState>();
  {
    Target t = targetOrDie(cpu);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      const SemDef* sem = findSem(d.mnemonic);
      if (!t.has(d) || !sem) continue;
      ++rows_checked;
      bool distinct = false;
      for (Handler h : sem->fast) distinct |= h && h != sem->ref;
      ++(distinct ? distinct_rows : same_rows);
      if (sem->kind == SemKind::VALU) {
        EXPECT_TRUE(distinct) << d.mnemonic << ": a per-lane row whose fast path is its reference";
      }
      for (Form form : formsOf(t, d)) {
        int n = 0;
        forEachCandidate(t, row, form, 6, 6, rng, [&](const Candidate& c) {
          Inst in;
          if (!decode(t, c.bytes, c.len, &in).ok() || in.id != row || n >= 12) return;
          ++n;
          for (int rep = 0; rep < 3; ++rep) {
            randomizeWave(*w0, t.gen, rng);
            uint32_t ipf = 0, ipr = 0;
            runOne(t, in, Path::FAST, *w0, wf.get(), &ipf);
            runOne(t, in, Path::REFERENCE, *w0, wr.get(), &ipr);
            ++instances;
            std::string diff = diffStates(*wf, *wr);
            ASSERT_EQ(diff, "") << cpu << " " << debugString(in);
            ASSERT_EQ(ipf, ipr) << cpu << " " << debugString(in);
          }
        });
      }
    }
  }
  std::printf("%s: %d row checks: %d with distinct fast and reference code, %d where both "
              "paths are one function; %d instances\n",
              cpu, rows_checked, distinct_rows, same_rows, instances);
  // What the test proves is in the distinct rows; the rest are scalar,
  // whole-wave and memory rows, which the semantic property tests and the
  // kernel suite check instead.
  EXPECT_GE(distinct_rows, GetParam().min_distinct_rows);
  EXPECT_GE(instances, GetParam().min_instances);
}

INSTANTIATE_TEST_SUITE_P(Cpus, Equivalence,
                         ::testing::Values(CpuCase{"tahiti", 318, 32900},
                                           CpuCase{"bonaire", 325, 35300},
                                           CpuCase{"fiji", 355, 47100},
                                           CpuCase{"gfx900", 408, 55300},
                                           CpuCase{"gfx906", 416, 55800},
                                           CpuCase{"gfx908", 550, 58500},
                                           CpuCase{"gfx90a", 560, 58800},
                                           CpuCase{"gfx942", 556, 58600}),
                         [](const ::testing::TestParamInfo<CpuCase>& i) {
                           return std::string(i.param.cpu);
                         });

}  // namespace
}  // namespace gcn::sem
