// The batch emulator: runs pre-decoded programs on many waves, workgroups
// and dispatches across a thread pool.
//
// * A workgroup (up to 16 waves sharing one LDS) runs on one worker thread:
//   its waves run in turn until each ends or reaches s_barrier; when all live
//   waves wait, the barrier releases. Scheduling is a fixed function of the
//   program, so results do not depend on the thread count.
// * Workgroups are distributed over the threads; per-wave results are stored
//   by wave index and errors reported in wave order (deterministic).
// * Each wave has an instruction budget; a runaway wave stops with an error
//   naming the wave and PC. Faults and unsupported instructions stop the
//   wave with a message; nothing aborts the process.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "semantics/emulator/exec_env.h"
#include "semantics/memory/memory.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::sem {

constexpr int kMaxWavesPerGroup = 16;

struct DispatchSpec {
  uint32_t num_groups = 1;
  uint32_t waves_per_group = 1;     // 1..16
  uint32_t lds_bytes = kLdsBytes;   // per workgroup, <= 64 KiB
  uint64_t budget = 10'000'000;     // instructions per wave
  uint32_t scratch_bytes_per_lane = 0;  // private segment size (0: none)
  uint64_t scratch_base = 0x7f0000000000ull;  // where per-wave scratch is mapped
  // Initialises a wave before it runs (called on a worker thread; must be a
  // pure function of its arguments). WaveState has been reset() for the
  // program's generation, with EXEC = all ones.
  std::function<void(WaveState&, uint32_t group, uint32_t wave_in_group)> init;
  // Called with each wave's final state (on a worker thread, in any order;
  // write only to per-wave storage). Optional.
  std::function<void(const WaveState&, uint32_t group, uint32_t wave_in_group)> done;
  // Rows of WaveState::v `init` may write (v0..v{init_vgprs-1}; the
  // default covers the AccVGPRs too). A wave's registers are
  // cleared only up to what the program names (Program::vgpr_rows) and this,
  // so a kernel using 8 VGPRs does not pay for clearing 256.
  uint32_t init_vgprs = kVecRows;
  // Keep every wave's WaveResult (DispatchResult::waves). Without it only
  // the first failure in wave order is kept, and once a wave has failed no
  // work-group after its own is started: a grid of runaway waves stops at
  // the first one instead of spending the budget on every wave.
  bool per_wave_results = false;
  // Test aid: after each wave, VGPRs past the rows the wave was allowed to
  // touch must still be zero, else the wave fails naming the register (a
  // handler writing a register its operands do not name would leak state
  // into the next wave run on the same WaveState).
  bool check_vgpr_bound = false;
  // Incremented as work-groups finish (progress reports). Optional.
  std::atomic<uint64_t>* groups_done = nullptr;
};

struct WaveResult {
  WaveStop stop = WaveStop::NONE;
  uint64_t executed = 0;
  uint64_t pc = 0;        // where the wave stopped
  std::string error;      // empty unless stop is ERROR/BUDGET/TRAP/deadlock
};

struct DispatchResult {
  static constexpr uint64_t kNoFailure = ~0ull;
  uint64_t num_waves = 0;         // waves of the dispatch (num_groups * waves_per_group)
  uint64_t instructions = 0;      // total wave-instructions executed
  // With DispatchSpec::per_wave_results: index group * waves_per_group +
  // wave_in_group. Empty otherwise.
  std::vector<WaveResult> waves;
  // The first wave in wave order that did not end with s_endpgm.
  uint64_t first_failed = kNoFailure;
  WaveResult failure;
  bool ok() const { return first_failed == kNoFailure; }
  std::string firstError() const;
};

class Emulator {
 public:
  // threads <= 0: one per hardware core.
  explicit Emulator(int threads = 0);
  int threads() const { return threads_; }
  DispatchResult run(const Program& prog, const DispatchSpec& spec, MemorySystem& mem) const;

 private:
  int threads_;
};

// Runs one wave to completion without a workgroup (barriers pass at once).
// Returns false with the wave's error (naming wave and PC) unless the wave
// ended with s_endpgm.
bool runWave(const Program& prog, WaveState& w, MemorySystem* mem, Lds* lds,
             uint64_t budget, std::string* err);

// Runs `w` from its current instruction index until it stops or the budget
// is spent. The building block of both of the above.
void runUntilStop(ExecEnv& env, uint64_t budget);

// GWS / ordered count (mem_ds_gws.cc): whether the program has instructions
// that make waves wait for each other, and the deadlock report: every wave
// of `waves` still blocked (WAIT) or at a barrier stops with an error naming
// it, its PC and what it waits for.
bool usesWaveSync(const Program& prog);
void failBlockedWaves(WaveState* const* waves, size_t n, MemorySystem* mem);

}  // namespace gcn::sem
