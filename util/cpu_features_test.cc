#include "util/cpu_features.h"

#include <cstdlib>

#include <gtest/gtest.h>

namespace gcn {
namespace {

TEST(CpuFeatures, AgreesWithTheCompilerBuiltins) {
#if defined(__x86_64__)
  EXPECT_EQ((cpuFeatures() & CPU_AVX2) != 0, bool(__builtin_cpu_supports("avx2")));
  EXPECT_EQ((cpuFeatures() & CPU_AVX512F) != 0, bool(__builtin_cpu_supports("avx512f")));
  EXPECT_EQ((cpuFeatures() & CPU_AVX512VBMI) != 0, bool(__builtin_cpu_supports("avx512vbmi")));
#endif
  // No feature asked: true unless switched off.
  EXPECT_TRUE(cpuHasAll(0, nullptr));
  // A feature implies the features it is built on here (no AVX-512 CPU
  // lacks AVX2), so asking for both is asking for the larger one.
  if (cpuFeatures() & CPU_AVX512F) {
    EXPECT_TRUE(cpuHasAll(CPU_AVX2 | CPU_AVX512F, nullptr));
  }
}

TEST(CpuFeatures, EnvironmentSwitchTurnsAFeatureOff) {
  ASSERT_EQ(setenv("GCN_CPU_FEATURES_TEST_OFF", "1", 1), 0);
  EXPECT_FALSE(cpuHasAll(0, "GCN_CPU_FEATURES_TEST_OFF"));
  EXPECT_FALSE(cpuHasAll(CPU_AVX2, "GCN_CPU_FEATURES_TEST_OFF"));
  ASSERT_EQ(unsetenv("GCN_CPU_FEATURES_TEST_OFF"), 0);
  EXPECT_TRUE(cpuHasAll(0, "GCN_CPU_FEATURES_TEST_OFF"));
  EXPECT_EQ(cpuHasAll(CPU_AVX2, "GCN_CPU_FEATURES_TEST_OFF"), (cpuFeatures() & CPU_AVX2) != 0);
}

}  // namespace
}  // namespace gcn
