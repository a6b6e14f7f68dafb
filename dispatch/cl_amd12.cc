// The AMD OpenCL 1.2 ABI's side of a dispatch (the layout is described in
// cl_launch.h): constant buffers 0 and 1, the resource tables, the user
// SGPRs.
#include <algorithm>

#include "dispatch/aql.h"
#include "dispatch/cl_layout.h"

namespace gcn::dispatch::cl {
namespace {

std::vector<uint8_t> setupBuffer(const Grid& grid, bool is64, uint64_t global_data) {
  std::vector<uint8_t> cb(kCb0Bytes, 0);
  for (int d = 0; d < 3; ++d) {
    put32(cb, 4 * d, grid.grid[d]);
    put32(cb, 4 * (4 + d), grid.block[d]);
    put32(cb, 4 * (8 + d), grid.groups[d]);
    put32(cb, 4 * (24 + d), 0);  // global offset
  }
  put32(cb, 4 * 3, uint32_t(grid.dims));
  put32(cb, 4 * 32, uint32_t(global_data));
  if (is64) put32(cb, 4 * 33, uint32_t(global_data >> 32));
  return cb;
}

// The constant buffer with id `id`: setup, arguments, global data or a
// constant pointer argument's buffer.
bool constBuffer(const Kernel& k, const Placed& pl, const std::vector<ArgValue>& args,
                 uint32_t cb1_bytes, uint32_t id, uint32_t out[4], std::string* err) {
  if (id == 0) return bufferResource(kCb0Base, kCb0Bytes, out), true;
  if (id == 1) return bufferResource(kCb1Base, cb1_bytes, out), true;
  if (id == k.cb_id && pl.global_data)
    return bufferResource(pl.global_data, pl.global_data_bytes, out), true;
  for (size_t i = 0; i < pl.user.size(); ++i)
    if (pl.user[i]->kind == ArgKind::CONSTANT_POINTER && pl.user[i]->resource_id == id)
      return bufferResource(pl.buffer[i], uint32_t(args[i].bytes.size()), out), true;
  *err = "kernel " + k.name + " asks for constant buffer " + std::to_string(id) +
         ", which is neither the setup (0), the arguments (1), the global data (" +
         std::to_string(k.cb_id) + ") nor a constant pointer argument's";
  return false;
}

// UAV ids that address memory: every pointer argument's, the UAV id and
// the global-data id. Each gets the resource over all memory.
std::vector<uint32_t> uavIds(const Kernel& k, const Placed& pl) {
  std::vector<uint32_t> ids = {k.uav_id, k.cb_id};
  for (const Arg* a : pl.user)
    if (a->kind == ArgKind::GLOBAL_POINTER || a->kind == ArgKind::CONSTANT_POINTER)
      ids.push_back(a->resource_id);
  return ids;
}

}  // namespace

bool setupAmdCl12(const Program& p, const Kernel& k, const Grid& grid, const Placed& pl,
                  const std::vector<ArgValue>& args, sem::MemorySystem& mem,
                  std::vector<uint32_t>* sgprs, std::string* err) {
  std::vector<uint8_t> cb1;
  if (!writeArgs(k, pl, args, grid, 0, &cb1, err)) return false;
  cb1.resize(alignUp(std::max<size_t>(cb1.size(), 16), 16), 0);
  const uint32_t cb1_bytes = uint32_t(cb1.size());
  if (!mapBytes(mem, kCb0Base, setupBuffer(grid, p.is64bit(), pl.global_data), "constant buffer 0",
                err) ||
      !mapBytes(mem, kCb1Base, cb1, "constant buffer 1", err))
    return false;

  const std::vector<uint32_t> ids = uavIds(k, pl);
  const uint32_t max_id = *std::max_element(ids.begin(), ids.end());
  if (max_id >= 1024) {
    *err = "kernel " + k.name + ": UAV id " + std::to_string(max_id) + " is out of range (< 1024)";
    return false;
  }
  std::vector<uint8_t> uav(size_t(max_id + 1) * kUavEntryBytes, 0);
  for (uint32_t id : ids) {
    uint32_t v[4];
    bufferResource(0, 0xffffffffu, v);
    for (int j = 0; j < 4; ++j) put32(uav, uint64_t(id) * kUavEntryBytes + 4 * j, v[j]);
  }
  std::vector<uint8_t> cbt;
  std::vector<uint32_t> cb_ids = {0, 1};
  if (pl.global_data) cb_ids.push_back(k.cb_id);
  for (const Arg* a : pl.user)
    if (a->kind == ArgKind::CONSTANT_POINTER) cb_ids.push_back(a->resource_id);
  for (uint32_t id : cb_ids) {
    uint32_t v[4];
    if (id >= 1024) {
      *err = "kernel " + k.name + ": constant buffer id " + std::to_string(id) +
             " is out of range (< 1024)";
      return false;
    }
    if (!constBuffer(k, pl, args, cb1_bytes, id, v, err)) return false;
    for (int j = 0; j < 4; ++j) put32(cbt, uint64_t(id) * kCbEntryBytes + 4 * j, v[j]);
  }
  std::vector<uint8_t> internal(2 * kCbEntryBytes, 0);
  uint32_t scratch[4];
  scratchResource(kScratchBase, uint32_t(std::min<uint64_t>(pl.scratch_bytes, 0xffffffffu)), 1,
                  scratch);
  for (int j = 0; j < 4; ++j) put32(internal, kCbEntryBytes + 4 * j, scratch[j]);
  if (!mapBytes(mem, kUavTableBase, uav, "UAV table", err) ||
      !mapBytes(mem, kCbTableBase, cbt, "constant buffer table", err) ||
      !mapBytes(mem, kInternalTableBase, internal, "internal global table", err))
    return false;

  const uint32_t user_count = k.rsrc2.user_sgpr_count;
  sgprs->assign(16, 0);
  for (const UserData& u : k.user_data) {
    const std::string cls = codeobj::opencl::userDataClassName(u.data_class);
    const std::string where = "kernel " + k.name + ": user data " +
                              (cls.empty() ? std::to_string(u.data_class) : cls) + " at s" +
                              std::to_string(u.reg_start);
    if (u.reg_start + u.reg_size > user_count || u.reg_start + u.reg_size > 16) {
      *err = where + " (" + std::to_string(u.reg_size) + " registers) lies outside the " +
             std::to_string(user_count) + " user SGPRs";
      return false;
    }
    std::vector<uint32_t> val;
    auto ptr = [&](uint64_t a) { val = {uint32_t(a), uint32_t(a >> 32)}; };
    uint32_t v[4];
    switch (UserDataClass(u.data_class)) {
      case UserDataClass::PTR_UAV_TABLE: ptr(kUavTableBase); break;
      case UserDataClass::PTR_CONST_BUFFER_TABLE: ptr(kCbTableBase); break;
      case UserDataClass::PTR_INTERNAL_GLOBAL_TABLE: ptr(kInternalTableBase); break;
      case UserDataClass::IMM_CONST_BUFFER:
        if (!constBuffer(k, pl, args, cb1_bytes, u.api_slot, v, err)) return false;
        val.assign(v, v + 4);
        break;
      case UserDataClass::IMM_UAV:
        bufferResource(0, 0xffffffffu, v);
        val.assign(v, v + 4);
        break;
      default:
        *err = where + ": this class (" +
               (u.data_class <= uint32_t(UserDataClass::PTR_SAMPLER_TABLE) ||
                        u.data_class == uint32_t(UserDataClass::PTR_INDIRECT_RESOURCE)
                    ? std::string("images and samplers")
                    : std::string("not described by the AMD OpenCL 1.2 ABI")) +
               ") is unsupported by gcnref's dispatch";
        return false;
    }
    if (val.size() > u.reg_size) val.resize(u.reg_size);
    for (size_t j = 0; j < val.size(); ++j) (*sgprs)[u.reg_start + j] = val[j];
  }
  return true;
}

}  // namespace gcn::dispatch::cl
