// Running a grid's work-groups on the emulator, whatever ABI set up the
// memory: groups of equal actual size run as one Emulator dispatch (full
// groups, then the partial ones at the x/y/z edges); scratch is one
// contiguous allocation, wave w of the grid at w * 64 * private size.
// Failures name the work-group and wave of the grid.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "dispatch/grid.h"
#include "dispatch/launch.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"
#include "semantics/memory/memory.h"

namespace gcn::dispatch {

struct GroupRun {
  const sem::Program* prog = nullptr;
  Grid grid;
  uint32_t lds_bytes = 0;        // allocated LDS per work-group
  uint32_t scratch_per_lane = 0; // private bytes per work-item
  uint64_t scratch_base = 0;
  // Sets a wave's initial registers (`w` has been reset for the generation).
  std::function<void(sem::WaveState& w, const WaveCoord& c)> init;
};

// Scratch bytes the grid needs; false with a message above the 4 GiB limit.
bool scratchBytes(const Grid& grid, uint32_t per_lane, uint64_t* bytes, std::string* err);

// Runs every work-group; fills r's counts and seconds. False with the
// failing wave's error.
bool runGroups(const GroupRun& g, const LaunchOptions& o, sem::MemorySystem& mem,
               LaunchResult* r, std::string* err);

}  // namespace gcn::dispatch
