// The host references: every case runs, produces outputs that depend on
// the inputs, and compareOutputs notices a changed element. (Checking the
// references against the emulator is the dispatch tests' job.)
#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "corpus/kernels/reference.h"

namespace gcn::kernels {
namespace {

TEST(Reference, EveryCaseRunsAndCoversEveryKernel) {
  std::set<std::string> kernels;
  for (const KernelCase& c : kernelCases()) {
    SCOPED_TRACE(c.kernel);
    std::vector<Arg> out = c.args;
    std::string err;
    ASSERT_TRUE(runReference(c, &out, &err)) << err;
    ASSERT_FALSE(c.outputs.empty());
    bool changed = false;
    for (const OutputCheck& o : c.outputs) changed |= out[o.arg].bytes != c.args[o.arg].bytes;
    EXPECT_TRUE(changed) << "the reference wrote nothing";
    EXPECT_EQ(compareOutputs(c, out, out), "");
    // Flip one bit of one output element: the comparison must notice (the
    // low bit is within float tolerances, so flip a high one).
    std::vector<Arg> bad = out;
    auto& bytes = bad[c.outputs[0].arg].bytes;
    bytes[bytes.size() / 2 + 1] ^= 0x40;
    EXPECT_NE(compareOutputs(c, out, bad), "");
    kernels.insert(c.kernel);
  }
  EXPECT_EQ(kernels.size(), 29u);  // 28 sources, two_kernels has two
}

TEST(Reference, HalfConversionsRoundToNearestEven) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);     // rounds up to infinity
  EXPECT_EQ(floatToHalf(1.0f + 1.0f / 2048), 0x3c00);  // tie to even
  EXPECT_EQ(floatToHalf(1.0f + 3.0f / 2048), 0x3c02);  // tie to even (up)
  EXPECT_EQ(floatToHalf(5.960464477539063e-8f), 0x0001);  // smallest subnormal
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) continue;  // NaN payloads
    EXPECT_EQ(floatToHalf(halfToFloat(uint16_t(h))), h) << h;
  }
}

TEST(Reference, WaveKernelsRejectPartialWaves) {
  for (KernelCase c : kernelCases()) {
    if (c.kernel != "wave_dpp") continue;
    c.grid.x = 100;
    std::vector<Arg> out = c.args;
    std::string err;
    EXPECT_FALSE(runReference(c, &out, &err));
    EXPECT_NE(err.find("whole 64-lane waves"), std::string::npos);
  }
}

}  // namespace
}  // namespace gcn::kernels
