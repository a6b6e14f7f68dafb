// Replays the committed corpora (corpus/regression/<cpu>.msgpack) against
// this build: any change in decoding, printing, assembling or semantics of
// a recorded instruction fails here, naming the record and what differs.
// After an intended change, regenerate (corpus/README.md, "Regenerating").
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "regress/codec.h"
#include "regress/replay.h"

namespace gcn::regress {
namespace {

class CorpusReplay : public ::testing::TestWithParam<const char*> {};

TEST_P(CorpusReplay, MatchesThisBuild) {
  const std::string path = std::string("corpus/regression/") + GetParam() + ".msgpack";
  std::ifstream f(path, std::ios::binary);
  ASSERT_TRUE(f) << "cannot open " << path;
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string data = ss.str();
  Corpus c;
  std::string err;
  ASSERT_TRUE(readCorpus(reinterpret_cast<const uint8_t*>(data.data()), data.size(), &c, &err))
      << path << ": " << err;
  EXPECT_EQ(c.header.cpu, GetParam());
  EXPECT_GE(c.records.size(), 1000u) << "a committed corpus holds a few thousand records";
  CheckSummary s = checkCorpus(c);
  EXPECT_GT(s.with_state, s.records / 2) << "most records should carry a wave state";
  std::string report;
  for (size_t i = 0; i < s.mismatches.size() && i < 40; ++i) {
    const Mismatch& m = s.mismatches[i];
    const Record& r = c.records[m.record];
    report += "record " + std::to_string(m.record) + " (byte offset " + std::to_string(c.offsets[m.record]) +
              ", '" + (r.reject.empty() ? r.text : "<rejected>") + "'): " + m.what + "\n";
  }
  EXPECT_TRUE(s.mismatches.empty()) << path << ": " << s.mismatches.size() << " mismatches in "
                                    << s.failed_records << " records; first ones:\n"
                                    << report;
}

INSTANTIATE_TEST_SUITE_P(Cpus, CorpusReplay,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906",
                                           "gfx908", "gfx90a", "gfx940"),
                         [](const ::testing::TestParamInfo<const char*>& i) { return std::string(i.param); });

}  // namespace
}  // namespace gcn::regress
