#include "dispatch/run_groups.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "semantics/emulator/emulator.h"

namespace gcn::dispatch {
namespace {

constexpr uint64_t kMaxScratchBytes = 4ull << 30;

std::string dimText(const Dim3& d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

// Calls o.progress about five times a second from its own thread while
// alive, and once more when it stops.
class ProgressMonitor {
 public:
  ProgressMonitor(const LaunchOptions& o, const std::atomic<uint64_t>& done, uint64_t total)
      : o_(o), done_(done), total_(total) {
    if (o_.progress)
      thread_ = std::thread([this] {
        std::unique_lock<std::mutex> lock(mu_);
        while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; }))
          o_.progress(done_.load(), total_);
      });
  }
  ~ProgressMonitor() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    o_.progress(done_.load(), total_);
  }

 private:
  const LaunchOptions& o_;
  const std::atomic<uint64_t>& done_;
  uint64_t total_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace

bool scratchBytes(const Grid& grid, uint32_t per_lane, uint64_t* bytes, std::string* err) {
  uint64_t waves = 0;
  for (const GroupClass& c : groupClasses(grid)) waves += c.num() * Grid::wavesFor(c.size);
  const uint64_t per_wave = uint64_t(per_lane) * kWaveSize;
  if (per_wave * waves > kMaxScratchBytes) {
    *err = "scratch of " + std::to_string(per_wave * waves) + " bytes (" +
           std::to_string(per_lane) + " per work-item) exceeds the 4 GiB limit";
    return false;
  }
  *bytes = per_wave * waves;
  return true;
}

bool runGroups(const GroupRun& g, const LaunchOptions& o, sem::MemorySystem& mem,
               LaunchResult* r, std::string* err) {
  const uint64_t per_wave = uint64_t(g.scratch_per_lane) * kWaveSize;
  sem::Emulator em(o.threads);
  uint64_t wave_base = 0;
  bool ok = true;
  std::atomic<uint64_t> groups_done{0};
  const auto t0 = std::chrono::steady_clock::now();
  {
    ProgressMonitor monitor(o, groups_done, g.grid.numGroups());
    for (const GroupClass& c : groupClasses(g.grid)) {
      const uint32_t wpg = Grid::wavesFor(c.size);
      sem::DispatchSpec spec;
      spec.num_groups = uint32_t(c.num());
      spec.waves_per_group = wpg;
      spec.lds_bytes = g.lds_bytes;
      spec.budget = o.budget;
      spec.scratch_bytes_per_lane = g.scratch_per_lane;
      spec.scratch_base = g.scratch_base + per_wave * wave_base;
      spec.init_vgprs = 3;  // v0..v2: the work-item ids
      spec.check_vgpr_bound = o.check_vgpr_bound;
      spec.groups_done = &groups_done;
      const uint64_t first_wave = wave_base;
      spec.init = [&, first_wave, wpg](sem::WaveState& w, uint32_t grp, uint32_t i) {
        WaveCoord wc;
        wc.group_id = c.member(grp);
        wc.group_size = c.size;
        wc.wave_in_group = i;
        wc.waves_in_group = wpg;
        wc.scratch_wave_offset = uint32_t(per_wave * (first_wave + uint64_t(grp) * wpg + i));
        g.init(w, wc);
      };
      sem::DispatchResult res = em.run(*g.prog, spec, mem);
      ++r->dispatches;
      r->workgroups += c.num();
      r->waves += res.num_waves;
      r->instructions += res.instructions;
      wave_base += res.num_waves;
      if (!res.ok()) {
        const uint64_t wi = res.first_failed;
        const Dim3 gid = c.member(wi / wpg);
        // The emulator numbers waves within this class's dispatch: name the
        // work-group and wave of the grid instead.
        std::string e = res.failure.error.empty() ? "wave did not end with s_endpgm"
                                                  : res.failure.error;
        const size_t comma = e.find(", ");
        if (e.rfind("wave ", 0) == 0 && comma != std::string::npos &&
            e.find_first_not_of("0123456789", 5) == comma)
          e = e.substr(comma + 2);
        *err = "work-group " + dimText(gid) + ", wave " + std::to_string(wi % wpg) + ", " + e;
        ok = false;
        break;
      }
    }
  }
  r->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return ok;
}

}  // namespace gcn::dispatch
