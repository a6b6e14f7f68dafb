// The bounded differential against llvm-mc-16 on every generation, and
// against llvm-mc-19 (the peer that knows every CDNA processor) on gfx908:
// any disagreement class the errata table does not know fails the test,
// with the report of the classes in the message.
#include <gtest/gtest.h>

#include <string>

#include "difftest/process.h"
#include "difftest/report.h"
#include "difftest/run.h"

namespace gcn::difftest {
namespace {

struct Peer {
  const char* cpu;
  const char* program;  // llvm-mc-16 or llvm-mc-19
  const char* package;
};

class LlvmDiff : public ::testing::TestWithParam<Peer> {};

TEST_P(LlvmDiff, NoNewDisagreementClasses) {
  const Peer& p = GetParam();
  ASSERT_TRUE(programExists(p.program))
      << p.program << " is not installed; the differential needs it (apt install " << p.package << ")";
  DiffOptions o;
  std::string err;
  ASSERT_TRUE(toolFromSpec(std::string("llvm-mc:") + p.program, &o.tool, &err)) << err;
  ASSERT_TRUE(targetFromName(p.cpu, &o.target, &err)) << err;
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
    // The foundation issue's bar: the same text for >= 99% of the words
    // llvm-mc decodes, and its own text assembled to its bytes at that rate.
    EXPECT_GE(r.decode.toolAgreement(), 99.0) << summaryText({r});
    // Re-assembly stays just under 99% on random words: ~1% are compressed
    // exports with half-enabled pairs, which llvm's own assembler does not
    // reproduce (EXP_COMPR_EN_PAIRS); every difference must be errata-known.
    EXPECT_TRUE(r.reasm.ran);
    EXPECT_GE(r.reasm.agreement(), 98.5) << summaryText({r});
  }
  EXPECT_EQ(r.newFindings(), 0) << summaryText({r}) << "\n" << markdownReport({r});
}

INSTANTIATE_TEST_SUITE_P(
    Generations, LlvmDiff,
    ::testing::Values(Peer{"gfx600", "llvm-mc-16", "llvm-16"}, Peer{"gfx700", "llvm-mc-16", "llvm-16"},
                      Peer{"gfx803", "llvm-mc-16", "llvm-16"}, Peer{"gfx900", "llvm-mc-16", "llvm-16"},
                      Peer{"gfx906", "llvm-mc-16", "llvm-16"}, Peer{"gfx908", "llvm-mc-16", "llvm-16"},
                      Peer{"gfx908", "llvm-mc-19", "llvm-19"}, Peer{"gfx90a", "llvm-mc-16", "llvm-16"},
                      Peer{"gfx90a", "llvm-mc-19", "llvm-19"}, Peer{"gfx940", "llvm-mc-19", "llvm-19"},
                      Peer{"gfx942", "llvm-mc-19", "llvm-19"}),
    [](const ::testing::TestParamInfo<Peer>& i) {
      std::string n = std::string(i.param.cpu) + "_" + i.param.program;
      for (char& c : n)
        if (c == '-') c = '_';
      return n;
    });

}  // namespace
}  // namespace gcn::difftest
