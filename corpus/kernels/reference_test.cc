// The host references: every case runs, produces outputs that depend on
// the inputs, and compareOutputs notices a changed element. (Checking the
// references against the emulator is the dispatch tests' job.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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
    EXPECT_FALSE(c.required_variants.empty());
    kernels.insert(c.kernel);
  }
  EXPECT_EQ(kernels.size(), 39u);  // 38 sources, two_kernels has two
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

KernelCase findCase(const std::string& kernel) {
  for (const KernelCase& c : kernelCases())
    if (c.kernel == kernel) return c;
  ADD_FAILURE() << "no case for " << kernel;
  return {};
}

template <typename T>
T elem(const std::vector<Arg>& a, size_t arg, size_t i) {
  T v;
  std::memcpy(&v, a[arg].bytes.data() + i * sizeof(T), sizeof(T));
  return v;
}

// The broadcast / lane-group model against single facts of AMD's matrix
// instruction calculator (lane of an operand element under each modifier).
// a[l] = l + 1, b[l] = 100 + l and C = 0 make every product exact and name
// the lanes it came from.
TEST(Reference, MfmaBcastModifiersPickTheCalculatorsLanes) {
  KernelCase c = findCase("mfma_bcast");
  for (uint32_t l = 0; l < 64; ++l) {
    float x = float(l + 1), y = float(100 + l);
    std::memcpy(c.args[3].bytes.data() + 4 * l, &x, 4);
    std::memcpy(c.args[4].bytes.data() + 4 * l, &y, 4);
  }
  for (size_t arg : {5, 6}) std::fill(c.args[arg].bytes.begin(), c.args[arg].bytes.end(), 0);
  std::vector<Arg> out = c.args;
  std::string err;
  ASSERT_TRUE(runReference(c, &out, &err)) << err;
  auto lanes = [](uint32_t la, uint32_t lb) { return float(la + 1) * float(100 + lb); };
  // 16x16x1f32 cbsz:1 abid:1 blgp:3: blocks 0, 1 take A from lanes 16..31,
  // blocks 2, 3 from 48..63; B[0][7] of block 0 sits in lane 23, of block 3 in lane 7.
  EXPECT_EQ(elem<float>(out, 0, (0 * 16 + 0) * 16 + 7), lanes(16, 23));
  EXPECT_EQ(elem<float>(out, 0, (1 * 16 + 2) * 16 + 0), lanes(18, 32));
  EXPECT_EQ(elem<float>(out, 0, (2 * 16 + 3) * 16 + 0), lanes(51, 48));
  EXPECT_EQ(elem<float>(out, 0, (3 * 16 + 15) * 16 + 7), lanes(63, 7));
  // cbsz:2 abid:2 blgp:6: every block takes A from lanes 32..47 and B from lanes 32..47.
  EXPECT_EQ(elem<float>(out, 1, (1 * 16 + 5) * 16 + 9), lanes(37, 41));
  EXPECT_EQ(elem<float>(out, 1, (3 * 16 + 0) * 16 + 15), lanes(32, 47));
  // 4x4x1f32 cbsz:3 abid:5 blgp:1: blocks 0..7 take A from lanes 20..23,
  // blocks 8..15 from 52..55; B of block b (b >= 8) comes from block b - 8's lanes.
  EXPECT_EQ(elem<float>(out, 2, (2 * 4 + 1) * 4 + 3), lanes(21, 11));
  EXPECT_EQ(elem<float>(out, 2, (9 * 4 + 2) * 4 + 1), lanes(54, 5));
}

// Float MFMA: one rounding per k step, in increasing k (not one rounding of
// the exact dot product): 1 + 2^-24 + 2^-24 rounds at each step back to 1.
TEST(Reference, MfmaRoundsEveryStepInIncreasingK) {
  KernelCase c = findCase("mfma_f32");
  auto setF = [&](size_t arg, size_t i, float v) { std::memcpy(c.args[arg].bytes.data() + 4 * i, &v, 4); };
  // Set 0, D[0][0] = C[0][0] + A[0][0] * B[0][0] + A[0][1] * B[1][0].
  setF(3, 0, 1.0f);
  setF(1, 0, 0x1p-24f);
  setF(1, 1, 0x1p-24f);
  setF(2, 0, 1.0f);
  setF(2, 32, 1.0f);
  std::vector<Arg> out = c.args;
  std::string err;
  ASSERT_TRUE(runReference(c, &out, &err)) << err;
  EXPECT_EQ(elem<float>(out, 0, 0), 1.0f);  // exact sum 1 + 2^-23 would be representable
  // i8: wrap-around in 32 bits.
  KernelCase i8 = findCase("mfma_i8");
  std::fill(i8.args[1].bytes.begin(), i8.args[1].bytes.end(), 0);
  std::fill(i8.args[2].bytes.begin(), i8.args[2].bytes.end(), 0);
  i8.args[1].bytes[0] = 0x80;  // A[0][0] = -128
  i8.args[2].bytes[0] = 0x80;  // B[0][0] = -128
  int32_t big = INT32_MAX;
  std::memcpy(i8.args[3].bytes.data(), &big, 4);
  out = i8.args;
  ASSERT_TRUE(runReference(i8, &out, &err)) << err;
  EXPECT_EQ(elem<int32_t>(out, 0, 0), int32_t(uint32_t(INT32_MAX) + 16384u));
}

TEST(Reference, MfmaKernelsNeedWholeWavesAndTheirTiling) {
  for (const char* k : {"mfma_f32", "mfma_bcast", "mfma_gemm", "mfma_spill"}) {
    KernelCase c = findCase(k);
    c.grid.x += 32;
    std::vector<Arg> out = c.args;
    std::string err;
    EXPECT_FALSE(runReference(c, &out, &err)) << k;
    EXPECT_FALSE(err.empty()) << k;
  }
}

}  // namespace
}  // namespace gcn::kernels
