// The emulator benchmarks' programs, shared by emulator_bench (inner-loop
// rates) and dispatch_bench (dispatch rates beside the inner loop's, in one
// run): a VALU-heavy loop, an LDS-heavy loop and a global-memory loop.
#pragma once

#include <cstdint>
#include <string>

#include "semantics/emulator/wave_state.h"

namespace gcn::sem::bench {

inline std::string repeat(const std::string& s, int n) {
  std::string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

// `body` repeated `copies` times inside a loop of `iters` iterations (three
// SALU loop-control instructions per iteration).
inline std::string loop(const std::string& body, int copies, int iters) {
  return "s_mov_b32 s0, " + std::to_string(iters) + "\nloop:\n" + repeat(body, copies) +
         "s_sub_u32 s0, s0, 1\n"
         "s_cmp_lg_u32 s0, 0\n"
         "s_cbranch_scc1 loop\n"
         "s_endpgm\n";
}

// 32 VALU ops + 3 SALU loop ops per iteration.
inline std::string valuHeavy() {
  return loop(
      "v_add_u32 v1, v1, v0\n"
      "v_add_f32 v2, v2, v3\n"
      "v_add_co_u32 v4, vcc, v4, v1\n"
      "v_cndmask_b32 v5, v5, v1, vcc\n"
      "v_mov_b32 v6, v4\n"
      "v_addc_co_u32 v7, vcc, v7, v6, vcc\n"
      "v_add_f32_e64 v8, |v2|, -v3\n"
      "v_cmp_eq_u32 vcc, v1, v5\n",
      4, 2000);
}

// LDS store/load round trips (each wave its own 256 bytes of LDS).
inline std::string ldsHeavy() {
  return "v_lshlrev_b32 v1, 2, v0\n" + loop("ds_write_b32 v1, v2\n"
                                             "ds_read_b32 v3, v1\n"
                                             "v_add_u32 v2, v2, v3\n",
                                             4, 1000);
}

// Global loads and stores, unit stride: each wave reads and writes its own
// 256 bytes at s[2:3] + v1 (initWave sets both when asked).
inline std::string globalHeavy() {
  return loop("global_store_dword v1, v2, s[2:3]\n"
              "global_load_dword v3, v1, s[2:3]\n"
              "v_add_u32 v2, v2, v3\n",
              4, 1000);
}
constexpr uint64_t kGlobalHeavyBase = 0x1000000000ull;
inline uint64_t globalHeavyBytes(uint32_t waves) { return uint64_t(waves) * 256; }
// The benchmarks' initial wave: v0 = lane + group, v3 = 1.0f, and for the
// global-memory loop its base address and per-lane offsets.
inline void initWave(WaveState& w, uint32_t group, bool global_mem) {
  for (int l = 0; l < kLanes; ++l) {
    w.v[0][l] = uint32_t(l) + group;
    w.v[3][l] = 0x3f800000;
  }
  if (!global_mem) return;
  w.setS64(2, kGlobalHeavyBase);
  for (int l = 0; l < kLanes; ++l) w.v[1][l] = w.wave_id * 256u + uint32_t(l) * 4;
}

}  // namespace gcn::sem::bench
