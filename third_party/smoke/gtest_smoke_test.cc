// //third_party:gtest_main links and runs.
#include <gtest/gtest.h>

#include <string>

TEST(GtestSmoke, Works) {
  EXPECT_EQ(2 + 2, 4);
  EXPECT_EQ(std::string("gcn").size(), 3u);
}
