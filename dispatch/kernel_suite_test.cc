// Every launch of the corpus (kernelCases()) on every code object built
// from its source, run through the dispatch on the emulator and compared
// with the host reference. One test per (kernel, code object), so a missing
// instruction semantic fails exactly the kernels that execute it.
#include <gtest/gtest.h>

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

TEST(KernelSuite, CorpusFoundAndEveryCaseHasItsBuilds) {
  ASSERT_FALSE(kernelDir().empty()) << "corpus/kernels code objects not found";
  const auto es = entries();
  // gfx803 and gfx900 for every case, plus gfx906 and other versions.
  EXPECT_GE(es.size(), 2 * cases().size());
  for (const auto& e : es)
    if (e.variant == "gfx803" || e.variant == "gfx900") {
      FILE* f = std::fopen(e.file.c_str(), "rb");
      EXPECT_NE(f, nullptr) << e.file;
      if (f) std::fclose(f);
    }
}

class KernelCaseTest : public ::testing::TestWithParam<SuiteEntry> {};

TEST_P(KernelCaseTest, MatchesHostReference) {
  const SuiteEntry& e = GetParam();
  const auto& c = cases()[e.case_index];
  LaunchOptions o;
  o.threads = 2;
  const SuiteResult r = runSuiteEntry(c, e, o);
  EXPECT_TRUE(r.pass) << e.file << " kernel " << c.kernel << ": " << r.error;
  if (r.pass) {
    // Every wave of the grid ran.
    uint64_t items = uint64_t(c.grid.x) * c.grid.y * c.grid.z;
    EXPECT_GE(r.run.waves, (items + 63) / 64);
    EXPECT_GT(r.run.instructions, 0u);
  }
}

std::string testName(const ::testing::TestParamInfo<SuiteEntry>& i) {
  std::string s;
  for (char ch : i.param.name) s += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Corpus, KernelCaseTest, ::testing::ValuesIn(entries()), testName);

}  // namespace
}  // namespace gcn::dispatch
