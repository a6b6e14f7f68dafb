#include "codeobj/user_sgprs.h"

namespace gcn::codeobj {
namespace {

struct EnableBit {
  const char* name;  // as AMDGPUUsage names it, after "enable_sgpr_"
  bool UserSgprEnables::*member;
  uint32_t sgprs;
};

// Indexed by bit number.
constexpr EnableBit kBits[] = {
    {"private_segment_buffer", &UserSgprEnables::private_segment_buffer, 4},
    {"dispatch_ptr", &UserSgprEnables::dispatch_ptr, 2},
    {"queue_ptr", &UserSgprEnables::queue_ptr, 2},
    {"kernarg_segment_ptr", &UserSgprEnables::kernarg_segment_ptr, 2},
    {"dispatch_id", &UserSgprEnables::dispatch_id, 2},
    {"flat_scratch_init", &UserSgprEnables::flat_scratch_init, 2},
    {"private_segment_size", &UserSgprEnables::private_segment_size, 1},
    {"grid_workgroup_count_x", &UserSgprEnables::grid_workgroup_count_x, 1},
    {"grid_workgroup_count_y", &UserSgprEnables::grid_workgroup_count_y, 1},
    {"grid_workgroup_count_z", &UserSgprEnables::grid_workgroup_count_z, 1},
};
constexpr int kNumBits = int(sizeof kBits / sizeof kBits[0]);

}  // namespace

uint32_t UserSgprEnables::count() const {
  uint32_t n = 0;
  for (const EnableBit& b : kBits) n += (this->*b.member) ? b.sgprs : 0;
  return n;
}

UserSgprEnables decodeUserSgprEnables(uint32_t properties, int nbits) {
  UserSgprEnables u;
  for (int i = 0; i < nbits && i < kNumBits; ++i) u.*kBits[i].member = (properties >> i) & 1;
  return u;
}

void listUserSgprEnables(const UserSgprEnables& u, int nbits, std::vector<Field>* out) {
  for (int i = 0; i < nbits && i < kNumBits; ++i)
    out->push_back({std::string("  enable_sgpr_") + kBits[i].name, u.*kBits[i].member});
}

}  // namespace gcn::codeobj
