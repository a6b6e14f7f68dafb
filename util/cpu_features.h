// The x86 features of the CPU we run on, for the hand-vectorised paths that
// pick an implementation at run time: the semantics' handler clones, the
// decoder's AVX-512 fill and its quick records. Each user names its
// own environment switch, so a test or benchmark can force its portable path
// on a machine that has the features.
#pragma once

#include <cstdint>

namespace gcn {

enum CpuFeature : uint32_t {
  CPU_AVX2 = 1u << 0,
  CPU_FMA = 1u << 1,
  CPU_POPCNT = 1u << 2,
  CPU_AVX512F = 1u << 3,
  CPU_AVX512BW = 1u << 4,
  CPU_AVX512DQ = 1u << 5,
  CPU_AVX512VL = 1u << 6,
  CPU_AVX512VBMI = 1u << 7,
  CPU_BMI2 = 1u << 8,
};

// The CpuFeature bits this CPU has (0 off x86-64). Safe to call from a
// static initializer.
uint32_t cpuFeatures();

// Does the CPU have every feature in `need`, with `off_env` unset in the
// environment?
bool cpuHasAll(uint32_t need, const char* off_env);

}  // namespace gcn
