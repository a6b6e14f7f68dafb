// corpus/opencl's CLRX-assembled kernels in the AMD OpenCL 1.2, AMD OpenCL
// 2.0 and GalliumCompute formats, each run with its format's ABI and
// compared with the host reference; one test per (binary, semantics path).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <ostream>

#include "codeobj/opencl/program.h"
#include "dispatch/cl_launch.h"
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

// Launch errors name what is wrong: the kernel, the argument, the kind.
TEST(ClLaunch, BadArgumentsAreNamed) {
  ASSERT_FALSE(clDir().empty());
  codeobj::opencl::Program p;
  std::string err;
  ASSERT_TRUE(p.loadFile(clDir() + "/vadd.amd.gfx600.bin", &err)) << err;
  LaunchResult r;
  const std::vector<uint8_t> buf(4096, 0);
  EXPECT_FALSE(launchClKernel(p, "vadd", {64, 1, 1}, {64, 1, 1}, {bufferArg(buf)}, {}, &r, &err));
  EXPECT_NE(err.find("takes 4 arguments (global pointer a, global pointer b, global pointer c, "
                     "value n: 4 bytes), got 1"),
            std::string::npos)
      << err;
  EXPECT_FALSE(launchClKernel(p, "vadd", {64, 1, 1}, {64, 1, 1},
                              {bufferArg(buf), bufferArg(buf), bufferArg(buf), u64Arg(1)}, {}, &r,
                              &err));
  EXPECT_NE(err.find("argument 3 'n' of kernel vadd is a 4-byte value"), std::string::npos) << err;
  EXPECT_FALSE(launchClKernel(p, "vadd", {64, 1, 1}, {64, 1, 1},
                              {u32Arg(0), bufferArg(buf), bufferArg(buf), u32Arg(1)}, {}, &r, &err));
  EXPECT_NE(err.find("argument 0 'a' of kernel vadd is a global pointer: give buffer:FILE"),
            std::string::npos)
      << err;
  EXPECT_FALSE(launchClKernel(p, "nope", {64, 1, 1}, {64, 1, 1}, {}, {}, &r, &err));
  EXPECT_NE(err.find("no kernel 'nope' in the binary (kernels: vadd)"), std::string::npos) << err;
}

// A pointer past the buffer faults with the address and the wave named,
// never a silent wrong answer.
TEST(ClLaunch, OutOfBoundsAccessFaultsNamingTheWave) {
  ASSERT_FALSE(clDir().empty());
  codeobj::opencl::Program p;
  std::string err;
  ASSERT_TRUE(p.loadFile(clDir() + "/vadd.gallium.gfx803.bin", &err, {"gfx803"})) << err;
  LaunchResult r;
  const std::vector<uint8_t> small(16, 0);
  EXPECT_FALSE(launchClKernel(p, "vadd", {64, 1, 1}, {64, 1, 1},
                              {bufferArg(small), bufferArg(small), bufferArg(small), u32Arg(64)}, {},
                              &r, &err));
  EXPECT_NE(err.find("work-group (0,0,0), wave 0"), std::string::npos) << err;
  EXPECT_NE(err.find("not mapped"), std::string::npos) << err;
}

// The Gallium format does not name its processor.
TEST(ClLaunch, GalliumNeedsAProcessor) {
  ASSERT_FALSE(clDir().empty());
  codeobj::opencl::Program p;
  std::string err;
  EXPECT_FALSE(p.loadFile(clDir() + "/vadd.gallium.gfx803.bin", &err));
  EXPECT_NE(err.find("do not name their processor: give one (--mcpu=gfx803)"), std::string::npos)
      << err;
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
