// The names of WaveState::v's rows, which prove's and exec's reports print
// and their --live-out and --state options read back.
#include "semantics/emulator/wave_state.h"

#include <gtest/gtest.h>

#include <string>

namespace gcn::sem {
namespace {

TEST(VectorRows, EveryRowsNameReadsBackAsThatRow) {
  for (int r = 0; r < kVecRows; ++r) {
    const std::string name = vectorRowName(r);
    int row = -1, count = 0;
    ASSERT_TRUE(vectorRowsOfName(name, &row, &count)) << name;
    EXPECT_EQ(row, r) << name;
    EXPECT_EQ(count, 1) << name;
  }
  EXPECT_EQ(vectorRowName(3), "v3");
  EXPECT_EQ(vectorRowName(kAgprRow0 + 3), "a3");
}

TEST(VectorRows, RangesAndNonVectorNames) {
  int row = -1, count = 0;
  ASSERT_TRUE(vectorRowsOfName("a[4:7]", &row, &count));
  EXPECT_EQ(row, kAgprRow0 + 4);
  EXPECT_EQ(count, 4);
  ASSERT_TRUE(vectorRowsOfName("v[254:255]", &row, &count));
  EXPECT_EQ(row, 254);
  EXPECT_EQ(count, 2);
  for (const char* bad : {"v256", "a[255:256]", "v[3:1]", "s5", "vcc", "v5 ", "", "a", "v5x"})
    EXPECT_FALSE(vectorRowsOfName(bad, &row, &count)) << bad;
}

}  // namespace
}  // namespace gcn::sem
