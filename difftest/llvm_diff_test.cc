// The bounded differential against llvm-mc-16 on every generation: any
// disagreement class the errata table does not know fails the test, with
// the report of the classes in the message.
#include <gtest/gtest.h>

#include "difftest/process.h"
#include "difftest/report.h"
#include "difftest/run.h"

namespace gcn::difftest {
namespace {

class LlvmDiff : public ::testing::TestWithParam<const char*> {};

TEST_P(LlvmDiff, NoNewDisagreementClasses) {
  ASSERT_TRUE(programExists("llvm-mc-16"))
      << "llvm-mc-16 is not installed; the differential needs it (apt install llvm-16)";
  DiffOptions o;
  std::string err;
  ASSERT_TRUE(toolFromSpec("llvm-mc", &o.tool, &err)) << err;
  ASSERT_TRUE(targetFromName(GetParam(), &o.target, &err)) << err;
  o.inputs.count = 10000;
  o.inputs.seed = 1;
  o.jobs = 2;
  o.progress = false;
  DiffResult r = runDiff(o);
  // The tool must actually have answered: a silent tool agrees with nothing.
  EXPECT_TRUE(r.encode.ran) << r.encode.note;
  EXPECT_GT(r.encode.agree_accept, r.encode.inputs / 2);
  if (o.target.gen >= Gen::GFX8) {
    EXPECT_TRUE(r.decode.ran) << r.decode.note;
    EXPECT_GT(r.decode.agree_accept, r.decode.inputs / 4);
  }
  EXPECT_EQ(r.newClasses(), 0) << summaryText({r}) << "\n" << markdownReport({r});
}

INSTANTIATE_TEST_SUITE_P(Generations, LlvmDiff,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906"));

}  // namespace
}  // namespace gcn::difftest
