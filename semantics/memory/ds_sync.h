// Dispatch-wide synchronisation state of the DS unit: the GWS resources
// (ds_gws_*: semaphores and barriers across waves) and the ordered count
// (ds_ordered_count: waves served in wave order). Definitions and the
// blocking protocol: mem_ds_gws.cc.
#pragma once

#include <cstdint>
#include <unordered_map>

namespace gcn::sem {

constexpr int kGwsResources = 64;

struct GwsResource {
  int64_t counter = 0;        // semaphore count / barrier arrivals still expected
  bool flag = false;          // barrier generation: flips when the barrier releases
  uint32_t release_gen = 0;   // bumped by ds_gws_sema_release_all
};

// Why a wave is blocked (kept while it waits; the instruction re-runs).
struct DsWaiter {
  enum Kind : uint8_t { SEMA_P, BARRIER, ORDERED } kind = SEMA_P;
  uint8_t rid = 0;
  bool flag = false;          // BARRIER: the generation it arrived in
  uint32_t release_gen = 0;   // SEMA_P: release_all generation when it blocked
};

struct DsSync {
  GwsResource gws[kGwsResources];
  uint64_t ordered_turn = 0;  // wave id whose ds_ordered_count may run
  std::unordered_map<uint32_t, DsWaiter> waiting;  // by wave id
  // A dispatch starts with no waiters and the ordered count at its first
  // wave; GWS resources keep their values (like GDS) until ds_gws_init.
  void beginDispatch(uint64_t first_wave) {
    waiting.clear();
    ordered_turn = first_wave;
  }
};

}  // namespace gcn::sem
