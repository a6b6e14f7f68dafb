// Every launch of the corpus (kernelCases()) on every code object built
// from its source, run through the dispatch on the emulator and compared
// with the host reference. One test per (kernel, code object, semantics
// path: fast whole-wave / per-lane reference), so a missing instruction
// semantic fails exactly the kernels that execute it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "dispatch/kernel_suite.h"

namespace gcn::dispatch {
namespace {

const std::vector<kernels::KernelCase>& cases() {
  static const auto* c = new std::vector<kernels::KernelCase>(kernels::kernelCases());
  return *c;
}
const std::string& kernelDir() {
  static const auto* d = new std::string(findKernelDir(""));
  return *d;
}
std::vector<SuiteEntry> entries() { return suiteEntries(cases(), kernelDir()); }

struct Param {
  SuiteEntry entry;
  sem::Path path;
};
std::vector<Param> params() {
  std::vector<Param> out;
  for (const SuiteEntry& e : entries())
    for (sem::Path p : {sem::Path::FAST, sem::Path::REFERENCE}) out.push_back({e, p});
  return out;
}

TEST(KernelSuite, CorpusFoundAndEveryCaseHasItsBuilds) {
  ASSERT_FALSE(kernelDir().empty()) << "corpus/kernels code objects not found";
  const auto es = entries();
  // Each case's required builds, plus gfx906 and other versions.
  EXPECT_GE(es.size(), 2 * cases().size());
  for (const auto& e : es) {
    const auto& req = cases()[e.case_index].required_variants;
    if (std::find(req.begin(), req.end(), e.variant) != req.end()) {
      FILE* f = std::fopen(e.file.c_str(), "rb");
      EXPECT_NE(f, nullptr) << e.file;
      if (f) std::fclose(f);
    }
  }
}

// The launches exercise what the dispatch must get right: several
// work-groups, 2D and 3D grids, partial groups at an edge, and multi-wave
// groups with LDS and barriers.
TEST(KernelSuite, CasesCoverTheDispatchFeatures) {
  bool multi_group = false, two_d = false, three_d = false, partial = false, partial_y_or_z = false,
       multi_wave_lds = false;
  for (const auto& c : cases()) {
    multi_group |= c.grid.x > c.block.x;
    two_d |= c.grid.y > 1;
    three_d |= c.grid.z > 1;
    partial |= c.grid.x % c.block.x != 0;
    partial_y_or_z |= c.grid.x % c.block.x != 0 && (c.grid.y > 1 || c.grid.z > 1);
    multi_wave_lds |= c.source.rfind("lds_", 0) == 0 && c.block.x * c.block.y * c.block.z > 64;
  }
  EXPECT_TRUE(multi_group);
  EXPECT_TRUE(two_d);
  EXPECT_TRUE(three_d);
  EXPECT_TRUE(partial);
  EXPECT_TRUE(partial_y_or_z);
  EXPECT_TRUE(multi_wave_lds);
}

class KernelCaseTest : public ::testing::TestWithParam<Param> {};

TEST_P(KernelCaseTest, MatchesHostReference) {
  const SuiteEntry& e = GetParam().entry;
  const auto& c = cases()[e.case_index];
  LaunchOptions o;
  o.threads = 2;
  o.path = GetParam().path;
  o.check_vgpr_bound = true;
  const SuiteResult r = runSuiteEntry(c, e, o);
  EXPECT_TRUE(r.pass) << e.file << " kernel " << c.kernel << ": " << r.error;
  if (r.pass) {
    // Every wave of the grid ran.
    uint64_t items = uint64_t(c.grid.x) * c.grid.y * c.grid.z;
    EXPECT_GE(r.run.waves, (items + 63) / 64);
    EXPECT_GT(r.run.instructions, 0u);
  }
}

// Beyond matching the host reference (floats within a tolerance): every
// entry's buffers come out byte for byte the same on one thread, on two,
// and on the per-lane reference path.
TEST(KernelSuite, ResultsAreIdenticalAcrossThreadCountsAndPaths) {
  int compared = 0;
  for (const SuiteEntry& e : entries()) {
    const auto& c = cases()[e.case_index];
    LaunchOptions one, two, ref;
    one.threads = 1;
    two.threads = 2;
    ref.threads = 2;
    ref.path = sem::Path::REFERENCE;
    const SuiteResult a = runSuiteEntry(c, e, one), b = runSuiteEntry(c, e, two),
                      r = runSuiteEntry(c, e, ref);
    if (!a.pass) continue;  // reported by MatchesHostReference
    ++compared;
    EXPECT_TRUE(a.run.buffers == b.run.buffers) << e.name << ": 1 vs 2 threads";
    EXPECT_TRUE(a.run.buffers == r.run.buffers) << e.name << ": fast vs reference path";
    // Instruction counts may differ: global_atomics' compare-and-swap
    // loops retry as often as two threads' work-groups collide.
  }
  EXPECT_GE(compared, int(entries().size()));
}

std::string testName(const ::testing::TestParamInfo<Param>& i) {
  std::string s;
  for (char ch : i.param.entry.name) s += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return s + (i.param.path == sem::Path::FAST ? "_fast" : "_reference");
}

INSTANTIATE_TEST_SUITE_P(Corpus, KernelCaseTest, ::testing::ValuesIn(params()), testName);

}  // namespace
}  // namespace gcn::dispatch
