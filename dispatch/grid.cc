#include "dispatch/grid.h"

#include <cstdlib>

namespace gcn::dispatch {

Dim3 Grid::groupId(uint64_t g) const {
  Dim3 id;
  id.x = uint32_t(g % groups.x);
  id.y = uint32_t(g / groups.x % groups.y);
  id.z = uint32_t(g / (uint64_t(groups.x) * groups.y));
  return id;
}

Dim3 Grid::groupSize(const Dim3& id) const {
  auto edge = [](uint32_t total, uint32_t b, uint32_t i) {
    const uint64_t start = uint64_t(i) * b;
    return uint32_t(total - start < b ? total - start : b);
  };
  return {edge(grid.x, block.x, id.x), edge(grid.y, block.y, id.y), edge(grid.z, block.z, id.z)};
}

bool makeGrid(Dim3 grid, Dim3 block, int dims, Grid* out, std::string* err) {
  const char* name[3] = {"x", "y", "z"};
  for (int d = 0; d < 3; ++d) {
    if (grid[d] == 0 || block[d] == 0) {
      *err = std::string("grid and block sizes must be at least 1 (") + name[d] + " is 0)";
      return false;
    }
  }
  if (block.volume() > kMaxGroupItems) {
    *err = "work-group of " + std::to_string(block.volume()) +
           " work-items exceeds the maximum of 1024";
    return false;
  }
  if (dims < 0 || dims > 3) {
    *err = "dimension count must be 1, 2 or 3";
    return false;
  }
  if (dims == 0) {
    dims = 1;
    for (int d = 1; d < 3; ++d)
      if (grid[d] > 1 || block[d] > 1) dims = d + 1;
  }
  for (int d = dims; d < 3; ++d) {
    if (grid[d] != 1 || block[d] != 1) {
      *err = std::string("a ") + std::to_string(dims) + "-dimensional grid needs size 1 in " +
             name[d];
      return false;
    }
  }
  out->grid = grid;
  out->block = block;
  out->dims = dims;
  // In 64 bits: a grid of up to 2^32-1 work-items plus block-1 overflows 32.
  auto groups = [](uint32_t g, uint32_t b) { return uint32_t((uint64_t(g) + b - 1) / b); };
  out->groups = {groups(grid.x, block.x), groups(grid.y, block.y), groups(grid.z, block.z)};
  return true;
}

bool workItemId(const Dim3& size, uint32_t wave, uint32_t lane, Dim3* id) {
  const uint64_t f = uint64_t(wave) * kWaveSize + lane;
  if (f >= size.volume()) return false;
  id->x = uint32_t(f % size.x);
  id->y = uint32_t(f / size.x % size.y);
  id->z = uint32_t(f / (uint64_t(size.x) * size.y));
  return true;
}

uint64_t waveExec(const Dim3& size, uint32_t wave) {
  const uint64_t first = uint64_t(wave) * kWaveSize, total = size.volume();
  if (first >= total) return 0;
  const uint64_t n = total - first;
  return n >= kWaveSize ? ~0ull : (1ull << n) - 1;
}

Dim3 GroupClass::member(uint64_t k) const {
  Dim3 id;
  id.x = first.x + uint32_t(k % count.x);
  id.y = first.y + uint32_t(k / count.x % count.y);
  id.z = first.z + uint32_t(k / (uint64_t(count.x) * count.y));
  return id;
}

std::vector<GroupClass> groupClasses(const Grid& g) {
  // Per dimension: [full groups] and [the partial one], either may be empty.
  struct Part { uint32_t first, count, size; };
  std::vector<Part> parts[3];
  for (int d = 0; d < 3; ++d) {
    const uint32_t full = g.grid[d] / g.block[d], rem = g.grid[d] % g.block[d];
    if (full) parts[d].push_back({0, full, g.block[d]});
    if (rem) parts[d].push_back({full, 1, rem});
  }
  std::vector<GroupClass> out;
  for (const Part& z : parts[2])
    for (const Part& y : parts[1])
      for (const Part& x : parts[0]) {
        GroupClass c;
        c.size = {x.size, y.size, z.size};
        c.first = {x.first, y.first, z.first};
        c.count = {x.count, y.count, z.count};
        out.push_back(c);
      }
  return out;
}

bool parseDim3(const std::string& s, Dim3* out, int* count, std::string* err) {
  uint32_t v[3] = {1, 1, 1};
  int n = 0;
  size_t i = 0;
  while (true) {
    if (n == 3) {
      *err = "'" + s + "': at most 3 comma-separated sizes";
      return false;
    }
    size_t j = s.find(',', i);
    std::string part = s.substr(i, j == std::string::npos ? std::string::npos : j - i);
    char* end = nullptr;
    unsigned long long x = part.empty() ? 0 : std::strtoull(part.c_str(), &end, 0);
    if (part.empty() || *end || part[0] == '-' || x == 0 || x > 0xffffffffull) {
      *err = "'" + s + "': size " + std::to_string(n + 1) + " ('" + part +
             "') is not an integer in 1..4294967295";
      return false;
    }
    v[n++] = uint32_t(x);
    if (j == std::string::npos) break;
    i = j + 1;
  }
  *out = {v[0], v[1], v[2]};
  if (count) *count = n;
  return true;
}

}  // namespace gcn::dispatch
