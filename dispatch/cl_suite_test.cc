// corpus/opencl's CLRX-assembled kernels in the AMD OpenCL 1.2, AMD OpenCL
// 2.0 and GalliumCompute formats, each run with its format's ABI and
// compared with the host reference; one test per (binary, semantics path).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <ostream>

#include "dispatch/cl_suite.h"

namespace gcn::dispatch {
namespace {

const std::string& clDir() {
  static const auto* d = new std::string(findClDir(""));
  return *d;
}

struct Param {
  ClSuiteEntry entry;
  sem::Path path;
};
void PrintTo(const Param& p, std::ostream* os) {
  *os << p.entry.name << (p.path == sem::Path::FAST ? " (fast)" : " (reference)");
}
std::vector<Param> params() {
  std::vector<Param> out;
  for (const ClSuiteEntry& e : clSuiteEntries(clDir()))
    for (sem::Path p : {sem::Path::FAST, sem::Path::REFERENCE}) out.push_back({e, p});
  return out;
}

TEST(ClSuite, EveryFormatAndProcessorIsBuilt) {
  ASSERT_FALSE(clDir().empty()) << "corpus/opencl binaries not found";
  const auto es = clSuiteEntries(clDir());
  EXPECT_GE(es.size(), 30u);  // 3 kernels x 10 required builds
  for (const auto& e : es) {
    FILE* f = std::fopen(e.file.c_str(), "rb");
    EXPECT_NE(f, nullptr) << e.file;
    if (f) std::fclose(f);
  }
}

class ClCaseTest : public ::testing::TestWithParam<Param> {};

TEST_P(ClCaseTest, MatchesHostReference) {
  LaunchOptions o;
  o.threads = 2;
  o.path = GetParam().path;
  const ClSuiteResult r = runClSuiteEntry(GetParam().entry, o);
  EXPECT_TRUE(r.pass) << GetParam().entry.file << ": " << r.error;
  EXPECT_GT(r.run.instructions, 0u);
}

std::string paramName(const ::testing::TestParamInfo<Param>& info) {
  std::string s = info.param.entry.name +
                  (info.param.path == sem::Path::FAST ? "_fast" : "_reference");
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Binaries, ClCaseTest, ::testing::ValuesIn(params()), paramName);

}  // namespace
}  // namespace gcn::dispatch
