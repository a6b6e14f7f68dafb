// Bazel's clang-16 builds (corpus/kernels/built/) and the checked-in code
// objects agree on everything that matters: kernels, descriptors, metadata
// and machine code. A stale checked-in file fails here.
#include <gtest/gtest.h>

#include <cstring>

#include "codeobj/code_object.h"
#include "codeobj/test_util.h"

namespace gcn::codeobj {
namespace {

TEST(Built, MatchesCheckedInCodeObjects) {
  auto built = testing::corpusFiles(testing::corpusDir() + "/built");
  auto checked = testing::corpusFiles();
  ASSERT_EQ(built.size(), checked.size());
  for (size_t i = 0; i < built.size(); ++i) {
    SCOPED_TRACE(built[i]);
    ASSERT_EQ(testing::stem(built[i]), testing::stem(checked[i]));
    CodeObject a, b;
    std::string err;
    ASSERT_TRUE(a.loadFile(built[i], &err)) << err;
    ASSERT_TRUE(b.loadFile(checked[i], &err)) << err;
    EXPECT_EQ(a.elf().header().flags, b.elf().header().flags);
    ASSERT_EQ(a.kernels().size(), b.kernels().size());
    for (size_t k = 0; k < a.kernels().size(); ++k) {
      const KernelInfo& x = a.kernels()[k];
      const KernelInfo& y = b.kernels()[k];
      EXPECT_EQ(x.name, y.name);
      EXPECT_EQ(0, std::memcmp(x.kd.bytes, y.kd.bytes, sizeof x.kd.bytes));
      EXPECT_EQ(0, std::memcmp(x.akc.bytes, y.akc.bytes, sizeof x.akc.bytes));
      ASSERT_EQ(x.code.size(), y.code.size());
      EXPECT_EQ(0, std::memcmp(x.code.data(), y.code.data(), x.code.size())) << x.name;
      EXPECT_EQ(x.meta->kernarg_segment_size, y.meta->kernarg_segment_size);
      EXPECT_EQ(x.meta->args.size(), y.meta->args.size());
    }
  }
}

}  // namespace
}  // namespace gcn::codeobj
