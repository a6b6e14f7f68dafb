// Grid geometry in HSA terms: `grid` counts work-items per dimension (not
// work-groups), `block` is the work-group size. Work-groups at the high edge
// of a dimension may be partial; the hardware launches them as smaller
// thread groups (COMPUTE_NUM_THREAD_* PARTIAL), so work-item ids are packed
// densely over the *actual* group size and the last wave may be partial.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn::dispatch {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint32_t operator[](int i) const { return i == 0 ? x : i == 1 ? y : z; }
  uint64_t volume() const { return uint64_t(x) * y * z; }
};

constexpr uint32_t kWaveSize = 64;
constexpr uint32_t kMaxGroupItems = 1024;  // AMDGPU max_flat_workgroup_size

struct Grid {
  Dim3 grid, block;
  int dims = 1;   // 1..3: the packet's setup.dimensions
  Dim3 groups;    // work-groups per dimension (ceil)
  uint64_t numGroups() const { return groups.volume(); }
  // Work-group id (x, y, z) of linear group g (x fastest).
  Dim3 groupId(uint64_t g) const;
  // Actual size of the group with id `id` (smaller at the high edges).
  Dim3 groupSize(const Dim3& id) const;
  static uint32_t wavesFor(const Dim3& size) {
    return uint32_t((size.volume() + kWaveSize - 1) / kWaveSize);
  }
};

// One wave's place in the grid.
struct WaveCoord {
  Dim3 group_id, group_size;     // group_size: actual (partial at the edges)
  uint32_t wave_in_group = 0, waves_in_group = 1;
  uint32_t scratch_wave_offset = 0;  // bytes from the dispatch's scratch base
};

// Validates and fills *out. `dims` = 0 derives the dimension count from the
// highest dimension with a size above 1. Errors: zero sizes, a block larger
// than 1024 work-items, more than 2^32-1 work-items per dimension.
bool makeGrid(Dim3 grid, Dim3 block, int dims, Grid* out, std::string* err);

// Work-item id of `lane` of wave `wave` in a group of actual size `size`
// (x fastest). False when the lane has no work-item (beyond the group).
bool workItemId(const Dim3& size, uint32_t wave, uint32_t lane, Dim3* id);

// EXEC of wave `wave` in a group of actual size `size`.
uint64_t waveExec(const Dim3& size, uint32_t wave);

// The groups of a grid split by their actual size: each class runs as one
// emulator dispatch (the emulator gives every group the same wave count).
// A class is a box of group ids: per dimension either the full groups or
// the one partial group at the edge (so at most 8 classes).
struct GroupClass {
  Dim3 size;         // actual group size of every member
  Dim3 first, count; // group ids first[d] .. first[d] + count[d] - 1
  uint64_t num() const { return count.volume(); }
  Dim3 member(uint64_t k) const;  // k-th member's group id (x fastest)
};
std::vector<GroupClass> groupClasses(const Grid& g);

// "64", "64,4", "8,8,4" -> Dim3 and the number of values given.
bool parseDim3(const std::string& s, Dim3* out, int* count, std::string* err);

}  // namespace gcn::dispatch
