// //third_party:rapidcheck and :rapidcheck_gtest link and run.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

RC_GTEST_PROP(RapidcheckSmoke, ReverseTwiceIsIdentity,
              (const std::vector<int>& v)) {
  auto r = v;
  std::reverse(r.begin(), r.end());
  std::reverse(r.begin(), r.end());
  RC_ASSERT(r == v);
}

RC_GTEST_PROP(RapidcheckSmoke, XorSelfIsZero, (uint32_t x)) {
  RC_ASSERT((x ^ x) == 0u);
}

// rc::check without the gtest macros, and a property that must fail.
TEST(RapidcheckSmoke, FindsCounterexample) {
  const bool ok = rc::check("every vector is shorter than 3",
                            [](const std::vector<int>& v) {
                              RC_ASSERT(v.size() < 3u);
                            });
  EXPECT_FALSE(ok);
}
