// The differential against real CLRX (clrxasm/clrxdisasm built by
// tools/build_clrx.sh) on GCN 1.0, 1.1, 1.2 and 1.4: every finding must be
// explained by a row of CLRX's profile (difftest/profiles/clrx.inc), an
// erratum the profile names, or be an illegal word. Without the built
// tools the test says so and skips.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "difftest/report.h"
#include "difftest/run.h"

namespace gcn::difftest {
namespace {

class ClrxDiff : public ::testing::TestWithParam<const char*> {};

TEST_P(ClrxDiff, EveryCauseIsAConventionAnErratumOrAnIllegalWord) {
  const std::string dir = defaultClrxDir();
  if (dir.empty()) {
    std::fprintf(stderr,
                 "\n*** SKIPPED: CLRX is not built (no clrxdisasm in ~/.cache/gcnref/clrx/bin);\n"
                 "*** run tools/build_clrx.sh to run the CLRX differential ***\n\n");
    GTEST_SKIP() << "CLRX not built: run tools/build_clrx.sh";
  }
  DiffOptions o;
  std::string err;
  ASSERT_TRUE(toolFromSpec("clrx:" + dir, &o.tool, &err)) << err;
  ASSERT_EQ(o.tool.profile, "clrx");
  ASSERT_TRUE(targetFromName(GetParam(), &o.target, &err)) << err;
  o.inputs.count = 2500;
  o.inputs.seed = 7;
  o.jobs = 2;
  o.progress = false;
  DiffResult r = runDiff(o);
  // CLRX must really have answered in both directions: CLRX is the only
  // other disassembler for GCN 1.0/1.1.
  ASSERT_TRUE(r.decode.ran) << r.decode.note;
  ASSERT_TRUE(r.encode.ran) << r.encode.note;
  EXPECT_GT(r.decode.agree_accept, r.decode.inputs / 3) << summaryText({r});
  EXPECT_GT(r.encode.agree_accept, r.encode.inputs * 3 / 4) << summaryText({r});
  // Its text is read as CLRX writes it: most words it decodes read back to
  // the same instruction.
  EXPECT_GE(r.decode.toolAgreement(), 60.0) << summaryText({r});
  EXPECT_GT(r.conventionClasses(), 0) << "the profile was not used";
  EXPECT_EQ(r.newFindings(), 0) << summaryText({r}) << "\n" << markdownReport({r});
}

INSTANTIATE_TEST_SUITE_P(Generations, ClrxDiff,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906"));

}  // namespace
}  // namespace gcn::difftest
