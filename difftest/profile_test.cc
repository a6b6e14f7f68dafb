// The tool profiles as data: rows well formed, tied to real errata where
// they say so, and matched by tool, generation, kind, cause and mnemonic.
#include "difftest/profile.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "isa/errata.h"

namespace gcn::difftest {
namespace {

TEST(Profile, GlobMatching) {
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("v_cmp*", "v_cmpx_eq_f32"));
  EXPECT_TRUE(globMatch("* Error: Jump*", "SOPP Error: Jump over current section!"));
  EXPECT_TRUE(globMatch("a*b*c", "aXXbYYc"));
  EXPECT_FALSE(globMatch("a*b*c", "aXXbYY"));
  EXPECT_FALSE(globMatch("SDWA [bytes]", "SDWA [bytes,form]"));
}

TEST(Profile, RowsAreWellFormed) {
  std::set<std::string> ids;
  const std::set<std::string> kinds = {
      "decode.mismatch", "decode.text", "accept.decode.they_reject", "accept.decode.we_reject",
      "decode.crash", "encode.mismatch", "accept.encode.they_reject", "accept.encode.we_reject",
      "illegal.both_refuse", "encode.crash", "reasm.mismatch", "reasm.we_reject"};
  for (const Convention& c : conventions()) {
    SCOPED_TRACE(std::string(c.id));
    EXPECT_TRUE(ids.insert(std::string(c.id)).second) << "duplicate id";
    EXPECT_NE(c.gens, 0);
    EXPECT_FALSE(c.tools.empty());
    EXPECT_FALSE(c.cause.empty());
    EXPECT_FALSE(c.instructions.empty());
    EXPECT_GT(c.what.size(), 30u) << "say what the tool does";
    EXPECT_GT(c.evidence.size(), 20u) << "give the input and the answers";
    for (size_t p = 0; p < c.kind.size();) {
      size_t sp = c.kind.find(' ', p);
      if (sp == std::string_view::npos) sp = c.kind.size();
      EXPECT_TRUE(kinds.count(std::string(c.kind.substr(p, sp - p))))
          << "unknown kind '" << c.kind.substr(p, sp - p) << "'";
      p = sp + 1;
    }
  }
  EXPECT_GE(conventions().size(), 20u);
}

// A SPEC_SIDE row reports its cause as an erratum: the errata it names
// must exist, and it must name at least one.
TEST(Profile, SpecSideRowsNameRealErrata) {
  const std::regex id_re(R"(\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b)");
  for (const Convention& c : conventions()) {
    if (c.finding != ConventionKind::SPEC_SIDE) continue;
    SCOPED_TRACE(std::string(c.id));
    const std::string what(c.what);
    const size_t colon = what.find(':');
    ASSERT_NE(colon, std::string::npos) << "expected 'erratum ID: ...' or 'errata A, B: ...'";
    const std::string head = what.substr(0, colon);
    int named = 0;
    for (std::sregex_iterator it(head.begin(), head.end(), id_re), end; it != end; ++it) {
      EXPECT_NE(findErratum(it->str()), nullptr) << "no erratum " << it->str();
      ++named;
    }
    EXPECT_GT(named, 0) << head;
  }
}

TEST(Profile, MatchingByToolGenerationKindCauseAndMnemonic) {
  const Convention* c = matchConvention("clrx", Gen::GFX9, Kind::ENCODE_THEY_REJECT, "SOPP",
                                        "Error: Jump over current section!", "s_branch");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->id, "CLRX_BRANCH_TARGET_ADDRESS");
  // Another tool, another kind or a cause the row does not name: no match.
  EXPECT_EQ(matchConvention("llvm-mc-16", Gen::GFX9, Kind::ENCODE_THEY_REJECT, "SOPP",
                            "Error: Jump over current section!", "s_branch"), nullptr);
  EXPECT_EQ(matchConvention("clrx", Gen::GFX9, Kind::DECODE_TEXT, "SOPP",
                            "Error: Jump over current section!", "s_branch"), nullptr);
  EXPECT_EQ(matchConvention("", Gen::GFX9, Kind::ENCODE_THEY_REJECT, "SOPP",
                            "Error: Jump over current section!", "s_branch"), nullptr);
  // The instruction filter: the class-mask row is about v_cmp(x)_class_f64.
  EXPECT_NE(matchConvention("clrx", Gen::GFX8, Kind::DECODE_TEXT, "VOPC",
                            "invalid operand for instruction: expected a N-dword operand, got a N-dword register",
                            "v_cmpx_class_f64"), nullptr);
  EXPECT_EQ(matchConvention("clrx", Gen::GFX8, Kind::DECODE_TEXT, "VOPC",
                            "invalid operand for instruction: expected a N-dword operand, got a N-dword register",
                            "v_cmp_eq_f64"), nullptr);
  // Generations: GCN 1.2's VOPC SDWA DST_SEL row is not GFX9's.
  EXPECT_NE(matchConvention("clrx", Gen::GFX8, Kind::ENCODE_MISMATCH, "SDWA", "[bytes]", "v_cmpx_gt_f16"), nullptr);
  EXPECT_EQ(matchConvention("clrx", Gen::GFX9, Kind::ENCODE_MISMATCH, "SDWA", "[bytes]", "v_cmpx_gt_f16"), nullptr);
}

TEST(Profile, ProfilesShipForClrxAndLlvmMc14And15) {
  std::set<std::string> names;
  for (const std::string& n : profileNames()) names.insert(n);
  EXPECT_TRUE(names.count("clrx"));
  EXPECT_TRUE(names.count("llvm-mc-14"));
  EXPECT_TRUE(names.count("llvm-mc-15"));
}

}  // namespace
}  // namespace gcn::difftest
