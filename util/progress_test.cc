#include "util/progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace gcn {
namespace {

TEST(Progress, LineNamesCountsRateAndTimeLeft) {
  EXPECT_EQ(Progress::line("work-groups", 250, 1000, 5.0),
            "work-groups: 250/1000 (25.0 %), 50.0 /s, 15s left");
  EXPECT_EQ(Progress::line("waves", 3000000, 6000000, 2.0),
            "waves: 3000000/6000000 (50.0 %), 1.50 M/s, 2s left");
  EXPECT_EQ(Progress::line("x", 10, 10, 125.0), "x: 10/10 (100.0 %), 0.1 /s, 2m05s");
  EXPECT_EQ(Progress::line("x", 0, 10, 1.0), "x: 0/10 (0.0 %), 0.0 /s, ? left");
}

std::string captured(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;) s += char(c);
  return s;
}

TEST(Progress, SilentBeforeTheDelayAndWhenDisabled) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p("groups", 10, /*enabled=*/true, /*delay=*/3600, f);
    p.update(5);
    EXPECT_FALSE(p.shown());
  }
  {
    Progress p("groups", 10, /*enabled=*/false, /*delay=*/0, f);
    p.update(5);
    EXPECT_FALSE(p.shown());
  }
  EXPECT_EQ(captured(f), "");
  std::fclose(f);
}

TEST(Progress, DrawsInPlaceAndEndsTheLine) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  {
    Progress p("groups", 4, true, 0, f);
    p.update(1);
    EXPECT_TRUE(p.shown());
    p.update(4);
    p.finish();
  }
  const std::string s = captured(f);
  EXPECT_EQ(s.rfind("\rgroups: 1/4 (25.0 %)", 0), 0u) << s;
  EXPECT_NE(s.find("\rgroups: 4/4 (100.0 %)"), std::string::npos) << s;
  EXPECT_EQ(s.back(), '\n');
  std::fclose(f);
}

}  // namespace
}  // namespace gcn
