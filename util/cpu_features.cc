#include "util/cpu_features.h"

#include <cstdlib>

namespace gcn {

uint32_t cpuFeatures() {
#if defined(__x86_64__)
  // __builtin_cpu_supports takes only literals, hence one line per feature.
  static const uint32_t features = [] {
    __builtin_cpu_init();  // before main, the runtime may not have yet
    uint32_t f = 0;
    if (__builtin_cpu_supports("avx2")) f |= CPU_AVX2;
    if (__builtin_cpu_supports("fma")) f |= CPU_FMA;
    if (__builtin_cpu_supports("popcnt")) f |= CPU_POPCNT;
    if (__builtin_cpu_supports("avx512f")) f |= CPU_AVX512F;
    if (__builtin_cpu_supports("avx512bw")) f |= CPU_AVX512BW;
    if (__builtin_cpu_supports("avx512dq")) f |= CPU_AVX512DQ;
    if (__builtin_cpu_supports("avx512vl")) f |= CPU_AVX512VL;
    if (__builtin_cpu_supports("avx512vbmi")) f |= CPU_AVX512VBMI;
    if (__builtin_cpu_supports("bmi2")) f |= CPU_BMI2;
    return f;
  }();
  return features;
#else
  return 0;
#endif
}

bool cpuHasAll(uint32_t need, const char* off_env) {
  if (off_env && std::getenv(off_env)) return false;
  return (cpuFeatures() & need) == need;
}

}  // namespace gcn
