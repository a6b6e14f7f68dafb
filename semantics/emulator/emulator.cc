#include "semantics/emulator/emulator.h"
#include "semantics/emulator/gpr_index.h"

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>

namespace gcn::sem {

namespace {

const char* stopName(WaveStop s) {
  switch (s) {
    case WaveStop::ENDPGM: return "ended";
    case WaveStop::BARRIER: return "at barrier";
    case WaveStop::HALT: return "halted";
    case WaveStop::TRAP: return "trapped";
    case WaveStop::ERROR: return "error";
    case WaveStop::BUDGET: return "budget exhausted";
    default: return "running";
  }
}

}  // namespace

void runUntilStop(ExecEnv& env, uint64_t budget) {
  WaveState& w = env.w;
  const PInst* code = env.prog.code.data();
  for (;;) {
    w.stop = WaveStop::NONE;
    uint64_t left = budget > w.executed ? budget - w.executed : 0;
    uint32_t ip = env.ip;
    const uint64_t start = left;
    if (!needsSlowStep(w)) {
      // The hot loop: one indirect call per instruction, no decoding. The
      // next index is taken as ip + 1 and only checked against env.ip (a
      // predicted branch): reading it back as the next index put a store
      // and its reload on the chain from one instruction to the next. The
      // instruction is walked by pointer beside its index (code[ip] cost a
      // multiply by sizeof(PInst) per instruction), and env.ip is set from
      // the index, not loaded from pi.next: the two differ only at the end
      // sentinel, whose handler stops the wave.
      const PInst* pi = code + ip;
      while (left) {
        w.pc = pi->pc;
        env.ip = ip + 1;
        pi->fn(env, *pi);
        --left;
        if (__builtin_expect((env.ip != ip + 1) | (w.stop != WaveStop::NONE), 0)) {
          if (w.stop != WaveStop::NONE) break;
          ip = env.ip;
          pi = code + ip;
          continue;
        }
        ++ip;
        ++pi;
      }
    } else {
      // VSKIP or VGPR indexing (gpr_index.h); a change of either mode stops
      // the wave with VSKIP, which re-dispatches here.
      w.vgpr_dirty = std::max(w.vgpr_dirty, kMaxVgprs);  // indexed operands may reach any VGPR
      while (left) {
        const PInst& pi = code[ip];
        w.pc = pi.pc;
        env.ip = pi.next;
        stepSlow(env, pi);
        --left;
        ip = env.ip;
        if (w.stop != WaveStop::NONE) break;
      }
    }
    w.executed += start - left;
    if (w.stop == WaveStop::VSKIP) continue;
    if (w.stop == WaveStop::NONE) {  // budget spent
      w.pc = code[ip].pc;
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    "wave %u, pc 0x%" PRIx64 ": instruction budget of %" PRIu64
                    " exhausted (runaway loop?)",
                    w.wave_id, w.pc, budget);
      w.error = buf;
      w.stop = WaveStop::BUDGET;
    }
    if (w.stop == WaveStop::TRAP && w.error.empty()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "wave %u, pc 0x%" PRIx64 ": s_trap with no trap handler",
                    w.wave_id, w.pc);
      w.error = buf;
    }
    return;
  }
}

bool runWave(const Program& prog, WaveState& w, MemorySystem* mem, Lds* lds, uint64_t budget,
             std::string* err) {
  ExecEnv env(w, prog);
  env.mem = mem;
  env.lds = lds;
  env.ip = 0;
  if (mem) mem->sync.beginDispatch(w.wave_id);
  for (;;) {
    runUntilStop(env, budget);
    if (w.stop == WaveStop::BARRIER) continue;  // a lone wave passes barriers
    if (w.stop == WaveStop::WAIT) {  // a lone wave: nobody can release it
      WaveState* one = &w;
      failBlockedWaves(&one, 1, mem);
    }
    break;
  }
  if (w.stop == WaveStop::ENDPGM) return true;
  if (err) *err = w.error.empty() ? std::string("wave stopped: ") + stopName(w.stop) : w.error;
  return false;
}

std::string DispatchResult::firstError() const {
  if (ok()) return "";
  return failure.error.empty() ? stopName(failure.stop) : failure.error;
}

Emulator::Emulator(int threads) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  threads_ = threads;
}

namespace {

// Rows at and past `from` must be zero (DispatchSpec::check_vgpr_bound).
void checkVgprBound(WaveState& w, int from) {
  for (int r = from; r < kVecRows; ++r)
    for (int l = 0; l < kLanes; ++l)
      if (w.v[r][l]) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "v%d (lane %d) was written, but the program names only v0..v%d: "
                      "the next wave on this state would see it",
                      r, l, from - 1);
        w.error.clear();
        w.stop = WaveStop::NONE;
        w.fail(buf);
        return;
      }
}

}  // namespace

DispatchResult Emulator::run(const Program& prog, const DispatchSpec& spec,
                             MemorySystem& mem) const {
  DispatchResult res;
  const uint32_t wpg = std::clamp<uint32_t>(spec.waves_per_group, 1, kMaxWavesPerGroup);
  const uint64_t total = uint64_t(spec.num_groups) * wpg;
  res.num_waves = total;
  if (spec.per_wave_results) res.waves.resize(total);
  auto failAll = [&](const std::string& e) {
    res.first_failed = 0;
    res.failure.stop = WaveStop::ERROR;
    res.failure.error = e;
    for (auto& w : res.waves) {
      w.stop = WaveStop::ERROR;
      w.error = e;
    }
  };
  const uint64_t scratch_per_wave = uint64_t(spec.scratch_bytes_per_lane) * kLanes;
  if (scratch_per_wave && total) {
    std::string e;
    if (!mem.global.map(spec.scratch_base, scratch_per_wave * total, &e, nullptr, "scratch")) {
      failAll("cannot map scratch: " + e);
      return res;
    }
  }
  // GWS and ordered-count waits cross workgroups: such programs run their
  // groups in order on one thread, so the outcome stays deterministic.
  mem.sync.beginDispatch(0);
  const bool serial = usesWaveSync(prog);
  // Rows a wave may touch: what the program names and what init writes
  // (VGPR indexing marks the whole file, WaveState::vgpr_dirty).
  const int vgpr_rows =
      std::min<int>(kVecRows, std::max<int>(prog.vgpr_rows, int(spec.init_vgprs)));
  const int nt =
      serial ? 1 : int(std::min<uint64_t>(threads_, std::max<uint32_t>(spec.num_groups, 1)));
  // Up to 64 groups per claim, at least 16 claims per thread.
  const uint32_t chunk =
      std::clamp<uint32_t>(spec.num_groups / (16u * uint32_t(nt)), 1, 64);
  std::atomic<uint64_t> next_group{0};
  // Groups are started in increasing order, so every group before the
  // first failing one has been started when it fails: stopping there keeps
  // the first failure in wave order the same for any thread count.
  std::atomic<uint32_t> stop_after{~0u};
  std::atomic<uint64_t> executed{0};
  std::mutex fail_mu;
  auto worker = [&] {
    std::vector<std::unique_ptr<WaveState>> waves(wpg);
    for (auto& w : waves) w = std::make_unique<WaveState>();
    Lds lds(std::min(spec.lds_bytes, kLdsBytes));
    std::vector<ExecEnv> envs;
    envs.reserve(wpg);
    for (uint32_t i = 0; i < wpg; ++i) {
      envs.emplace_back(*waves[i], prog);
      envs.back().mem = &mem;
      envs.back().lds = &lds;
    }
    std::vector<uint8_t> finished(wpg);
    bool lds_dirty = false;
    uint64_t local_exec = 0;
    // Groups are claimed `chunk` at a time and finished groups reported
    // once per chunk: touching two shared counters per short group would
    // keep two threads' caches trading the line.
    uint64_t g = 0, chunk_end = 0;
    uint32_t reported = 0;
    auto report = [&] {
      if (spec.groups_done && reported) spec.groups_done->fetch_add(reported);
      reported = 0;
    };
    for (;; ++g) {
      if (g >= chunk_end) {
        report();
        g = next_group.fetch_add(chunk);
        chunk_end = std::min<uint64_t>(g + chunk, spec.num_groups);
      }
      if (g >= spec.num_groups || g > stop_after.load(std::memory_order_relaxed)) break;
      if (lds_dirty) std::fill(lds.bytes.begin(), lds.bytes.end(), 0);
      for (uint32_t i = 0; i < wpg; ++i) {
        WaveState& w = *waves[i];
        w.reset(prog.target.gen, vgpr_rows);
        w.wave_id = uint32_t(uint64_t(g) * wpg + i);
        w.wave_in_group = i;
        w.hwreg[HW_LDS_ALLOC] = lds.size() / 256;  // granules of 64 dwords
        if (wpg > 1) w.hwreg[HW_STATUS] |= 1u << 11;  // IN_TG
        if (spec.init) spec.init(w, g, i);
        envs[i].ip = 0;
        envs[i].scratch_base = spec.scratch_base + scratch_per_wave * w.wave_id;
      }
      lds_dirty = !lds.bytes.empty();
      // Waves run in turn until each ends, waits at s_barrier or blocks on
      // GWS / ordered count (WAIT: the instruction re-runs next round). The
      // barrier releases when every live wave waits at it; a round in which
      // no wave moves is a deadlock, reported on the blocked waves.
      std::fill(finished.begin(), finished.end(), 0);
      for (;;) {
        bool any_alive = false, all_at_barrier = true, moved = false;
        for (uint32_t i = 0; i < wpg; ++i) {
          if (finished[i]) continue;
          any_alive = true;
          all_at_barrier &= waves[i]->stop == WaveStop::BARRIER;
        }
        if (!any_alive) break;
        for (uint32_t i = 0; i < wpg; ++i) {
          WaveState& w = *waves[i];
          if (finished[i] || (w.stop == WaveStop::BARRIER && !all_at_barrier)) continue;
          const uint64_t before = w.executed;
          const bool released = w.stop == WaveStop::BARRIER;
          runUntilStop(envs[i], spec.budget);
          if (w.stop != WaveStop::BARRIER && w.stop != WaveStop::WAIT) finished[i] = 1;
          moved |= released || w.stop != WaveStop::WAIT || w.executed != before;
        }
        if (!moved) {
          std::vector<WaveState*> live;
          for (uint32_t i = 0; i < wpg; ++i)
            if (!finished[i]) live.push_back(waves[i].get());
          failBlockedWaves(live.data(), live.size(), &mem);
          break;
        }
      }
      for (uint32_t i = 0; i < wpg; ++i) {
        WaveState& w = *waves[i];
        if (spec.check_vgpr_bound && w.stop == WaveStop::ENDPGM && w.vgpr_dirty < kVecRows)
          checkVgprBound(w, w.vgpr_dirty);
        local_exec += w.executed;
        if (spec.per_wave_results) {
          WaveResult& r = res.waves[w.wave_id];
          r.stop = w.stop;
          r.executed = w.executed;
          r.pc = w.pc;
          r.error = w.error;
        }
        if (w.stop != WaveStop::ENDPGM) {
          std::lock_guard<std::mutex> lock(fail_mu);
          if (w.wave_id < res.first_failed) {
            res.first_failed = w.wave_id;
            res.failure.stop = w.stop;
            res.failure.executed = w.executed;
            res.failure.pc = w.pc;
            res.failure.error = w.error;
          }
          uint32_t cur = stop_after.load();
          while (!spec.per_wave_results && g < cur && !stop_after.compare_exchange_weak(cur, g)) {
          }
        }
        if (spec.done) spec.done(w, g, i);
      }
      ++reported;
    }
    report();
    executed += local_exec;
  };

  if (nt <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < nt; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
  }
  res.instructions = executed.load();
  return res;
}

}  // namespace gcn::sem
