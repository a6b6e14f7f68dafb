#include "dispatch/cl_launch.h"

#include <algorithm>
#include <cstring>

#include "dispatch/aql.h"
#include "dispatch/initial_state.h"
#include "dispatch/run_groups.h"

namespace gcn::dispatch {
namespace {

using codeobj::opencl::Abi;
using codeobj::opencl::Arg;
using codeobj::opencl::ArgKind;
using codeobj::opencl::Kernel;
using codeobj::opencl::Program;
using codeobj::opencl::UserData;
using codeobj::opencl::UserDataClass;

// The emulated address map of these dispatches: all below 4 GiB.
constexpr uint64_t kCodeBase = 0x0100'0000;
constexpr uint64_t kCb0Base = 0x0200'0000;        // setup constant buffer (AMD 1.2)
constexpr uint64_t kCb1Base = 0x0201'0000;        // argument constant buffer (AMD 1.2)
constexpr uint64_t kUavTableBase = 0x0210'0000;
constexpr uint64_t kCbTableBase = 0x0220'0000;
constexpr uint64_t kInternalTableBase = 0x0230'0000;
constexpr uint64_t kGlobalDataBase = 0x0300'0000;
constexpr uint64_t kLowQueueBase = 0x0400'0000;   // amd_queue_t, then the packet ring
constexpr uint64_t kLowRingBase = kLowQueueBase + 0x1000;
constexpr uint64_t kArgAreaBase = 0x0500'0000;     // kernarg segment / Gallium input
constexpr uint64_t kLowBufferBase = 0x1000'0000;
constexpr uint64_t kBufferLimit = 0xffff'0000;
constexpr uint32_t kCb0Bytes = 4096;
constexpr uint32_t kUavEntryBytes = 32, kCbEntryBytes = 16;

uint64_t alignUp(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

void put32(std::vector<uint8_t>& b, uint64_t off, uint32_t v) {
  if (b.size() < off + 4) b.resize(off + 4, 0);
  std::memcpy(b.data() + off, &v, 4);
}
void putN(std::vector<uint8_t>& b, uint64_t off, uint64_t v, uint32_t n) {
  if (b.size() < off + n) b.resize(off + n, 0);
  for (uint32_t i = 0; i < n; ++i) b[off + i] = uint8_t(i < 8 ? v >> (8 * i) : 0);
}

// A buffer resource for plain dword access of [base, base + bytes).
void bufferResource(uint64_t base, uint32_t bytes, uint32_t out[4]) {
  out[0] = uint32_t(base);
  out[1] = uint32_t(base >> 32) & 0xffff;  // STRIDE 0, no swizzle
  out[2] = bytes;
  out[3] = 4u | 5u << 3 | 6u << 6 | 7u << 9  // DST_SEL_XYZW = X Y Z W
           | 4u << 12                        // NUM_FORMAT UINT
           | 4u << 15;                       // DATA_FORMAT 32
}

std::string argLabel(size_t i, const Arg& a) {
  return "argument " + std::to_string(i) + (a.name.empty() ? "" : " '" + a.name + "'");
}

// Everything the ABIs share: buffers, LDS offsets, global data, scratch.
struct Placed {
  std::vector<const Arg*> user;      // the kernel's non-hidden arguments
  std::vector<uint64_t> buffer;      // per user argument: device address (pointers)
  std::vector<uint32_t> lds_offset;  // per user argument: LDS offset (local pointers)
  uint32_t lds_bytes = 0;            // static + dynamic LDS
  uint64_t global_data = 0;          // 0: none
  uint32_t global_data_bytes = 0;
  uint32_t priv = 0;
  uint64_t scratch_bytes = 0;
};

bool checkArgs(const Kernel& k, const std::vector<ArgValue>& args, Placed* pl, std::string* err) {
  for (const Arg& a : k.args)
    if (a.kind != ArgKind::HIDDEN) pl->user.push_back(&a);
  if (pl->user.size() != args.size()) {
    *err = "kernel " + k.name + " takes " + std::to_string(pl->user.size()) + " arguments " +
           describeClArgs(k) + ", got " + std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = *pl->user[i];
    const ArgValue& v = args[i];
    const std::string what = argLabel(i, a) + " of kernel " + k.name;
    switch (a.kind) {
      case ArgKind::GLOBAL_POINTER:
      case ArgKind::CONSTANT_POINTER:
        if (v.kind != ArgValue::Kind::BUFFER) {
          *err = what + " is a " + codeobj::opencl::argKindName(a.kind) +
                 ": give buffer:FILE or zeros:BYTES, not " + argKindName(v.kind);
          return false;
        }
        break;
      case ArgKind::LOCAL_POINTER:
        if (v.kind != ArgValue::Kind::LDS) {
          *err = what + " is a local pointer: give lds:BYTES, not " + argKindName(v.kind);
          return false;
        }
        break;
      case ArgKind::VALUE:
        if (!v.isScalar() || v.scalarBytes() != a.size) {
          *err = what + " is a " + std::to_string(a.size) + "-byte value (" + a.type_name +
                 "): give a " + std::to_string(a.size) + "-byte scalar, not " +
                 argKindName(v.kind);
          return false;
        }
        break;
      default:
        *err = what + " is a " + codeobj::opencl::argKindName(a.kind) +
               " argument, which gcnref's dispatch does not supply (unsupported)";
        return false;
    }
  }
  return true;
}

bool placeMemory(const Program& p, const Kernel& k, const Grid& grid,
                 const std::vector<ArgValue>& args, sem::MemorySystem& mem, Placed* pl,
                 std::string* err) {
  pl->buffer.assign(args.size(), 0);
  pl->lds_offset.assign(args.size(), 0);
  uint64_t next = kLowBufferBase;
  uint32_t lds = uint32_t(alignUp(k.lds_bytes, 16));
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind == ArgValue::Kind::LDS) {
      pl->lds_offset[i] = lds;
      lds = uint32_t(alignUp(uint64_t(lds) + args[i].scalar, 16));
      continue;
    }
    if (args[i].kind != ArgValue::Kind::BUFFER) continue;
    const uint64_t n = args[i].bytes.size();
    if (next + n > kBufferLimit) {
      *err = "buffers of " + std::to_string(next + n - kLowBufferBase) +
             " bytes do not fit below 4 GiB";
      return false;
    }
    pl->buffer[i] = next;
    if (n && !mem.global.map(next, n, err, args[i].bytes.data(), "arg" + std::to_string(i)))
      return false;
    next = alignUp(next + n, 1u << 16) + (1u << 16);  // an unmapped guard after each
  }
  if (lds > 65536) {
    *err = "kernel " + k.name + " needs " + std::to_string(lds) +
           " bytes of LDS per work-group; GCN has 65536";
    return false;
  }
  pl->lds_bytes = lds;
  const codeobj::ByteView g = p.globalData();
  if (g.size()) {
    pl->global_data = kGlobalDataBase;
    pl->global_data_bytes = uint32_t(g.size());
    if (!mem.global.map(kGlobalDataBase, g.size(), err, g.data(), "global data")) return false;
  }
  pl->priv = uint32_t(alignUp(k.scratch_bytes, 4));
  return scratchBytes(grid, pl->priv, &pl->scratch_bytes, err);
}

// Patches the global data's address into the image.
bool relocate(const Kernel& k, uint64_t global_data, std::vector<uint8_t>* image,
              std::string* err) {
  using Kind = codeobj::opencl::GlobalDataReloc::Kind;
  for (const auto& r : k.relocs) {
    const uint32_t n = r.kind == Kind::ABS64 ? 8 : 4;
    if (uint64_t(r.image_offset) + n > image->size()) {
      *err = "kernel " + k.name + ": relocation at image offset " +
             std::to_string(r.image_offset) + " lies outside its " +
             std::to_string(image->size()) + "-byte image";
      return false;
    }
    if (!global_data) {
      *err = "kernel " + k.name + " refers to the global data, which the binary does not have";
      return false;
    }
    const uint64_t v = global_data + uint64_t(r.addend);
    putN(*image, r.image_offset, r.kind == Kind::ABS32_HI ? v >> 32 : v, n);
  }
  return true;
}

// The value of every argument (user and hidden) in the argument area.
bool writeArgs(const Kernel& k, const Placed& pl, const std::vector<ArgValue>& args,
               const Grid& grid, uint32_t base, std::vector<uint8_t>* area, std::string* err) {
  size_t u = 0;
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& a = k.args[i];
    const uint64_t off = uint64_t(base) + a.offset;
    if (a.size > 64 || off + a.size > (1u << 20)) {
      *err = argLabel(i, a) + " of kernel " + k.name + " lies at offset " +
             std::to_string(a.offset) + " size " + std::to_string(a.size) +
             ", outside a 1 MiB argument area";
      return false;
    }
    if (a.kind == ArgKind::HIDDEN) {
      // The runtime's own arguments: the dimension count; global offsets,
      // printf and queue pointers are 0 (no offsets, no printf, no enqueue).
      putN(*area, off, a.hidden == "griddim" ? uint64_t(grid.dims) : 0, a.size);
      continue;
    }
    const ArgValue& v = args[u];
    switch (a.kind) {
      case ArgKind::GLOBAL_POINTER:
      case ArgKind::CONSTANT_POINTER: putN(*area, off, pl.buffer[u], a.size); break;
      case ArgKind::LOCAL_POINTER: putN(*area, off, pl.lds_offset[u], a.size); break;
      default: putN(*area, off, v.scalar, a.size); break;
    }
    ++u;
  }
  return true;
}

bool mapBytes(sem::MemorySystem& mem, uint64_t at, std::vector<uint8_t> bytes,
              const std::string& name, std::string* err) {
  bytes.resize(alignUp(std::max<size_t>(bytes.size(), 1), 256), 0);
  return mem.global.map(at, bytes.size(), err, bytes.data(), name);
}

// ---- AMD OpenCL 1.2 ---------------------------------------------------------

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

bool setupAmdCl12(const Program& p, const Kernel& k, const Grid& grid, const Placed& pl,
                  const std::vector<ArgValue>& args, sem::MemorySystem& mem,
                  std::vector<uint32_t>* sgprs,
                  std::string* err) {
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

// The kernel as codeobj::KernelInfo for stateRequest(): amd_kernel_code_t's
// enables where the format has one, else none (user SGPRs set by the ABI).
codeobj::KernelInfo stateKernel(const Kernel& k) {
  codeobj::KernelInfo ki;
  ki.name = k.name;
  ki.has_amd_kernel_code = true;
  if (k.has_amd_kernel_code) {
    ki.akc = k.akc;
  } else {
    ki.akc.rsrc1 = k.rsrc1;
    ki.akc.rsrc2 = k.rsrc2;
    ki.akc.private_element_size = 1;  // 4-byte elements, as the HSA runtime sets
  }
  return ki;
}

}  // namespace

std::string describeClArgs(const Kernel& k) {
  std::string s = "(";
  bool first = true;
  for (const Arg& a : k.args) {
    if (a.kind == ArgKind::HIDDEN) continue;
    s += (first ? "" : ", ") + std::string(codeobj::opencl::argKindName(a.kind));
    if (!a.name.empty()) s += " " + a.name;
    if (a.kind == ArgKind::VALUE) s += ": " + std::to_string(a.size) + " bytes";
    first = false;
  }
  return s + ")";
}

bool launchClKernel(const Program& p, const std::string& kernel, Dim3 grid_size, Dim3 block,
                    const std::vector<ArgValue>& args, const LaunchOptions& o, LaunchResult* r,
                    std::string* err) {
  *r = LaunchResult();
  const Kernel* kp = p.findKernel(kernel);
  if (!kp) {
    std::string names;
    for (const Kernel& k : p.kernels()) names += (names.empty() ? "" : ", ") + k.name;
    *err = "no kernel '" + kernel + "' in the binary (kernels: " +
           (names.empty() ? "none" : names) + ")";
    return false;
  }
  const Kernel& k = *kp;
  const Gen gen = p.isaTarget().gen;
  Grid grid;
  if (!makeGrid(grid_size, block, o.dims, &grid, err)) return false;
  const uint32_t* q = k.reqd_workgroup_size;
  if (q[0] && (q[0] != block.x || q[1] != block.y || q[2] != block.z)) {
    *err = "kernel " + kernel + " requires work-group size (" + std::to_string(q[0]) + "," +
           std::to_string(q[1]) + "," + std::to_string(q[2]) + ")";
    return false;
  }

  sem::MemorySystem mem;
  std::vector<uint8_t> image = k.image;
  if (image.empty() || k.image_entry >= image.size()) {
    *err = "kernel " + kernel + " has no code";
    return false;
  }
  if (!relocate(k, p.globalData().size() ? kGlobalDataBase : 0, &image, err)) return false;
  if (!mem.global.map(kCodeBase, image.size(), err, image.data(), "code")) return false;
  sem::Program prog;
  prog.matrix_numerics = o.matrix_numerics;
  if (!sem::buildProgramFromBytes(p.isaTarget(), image.data() + k.image_entry,
                                  image.size() - k.image_entry, kCodeBase + k.image_entry, o.path,
                                  &prog, err)) {
    *err = "kernel " + kernel + ": " + *err;
    return false;
  }

  Placed pl;
  if (!checkArgs(k, args, &pl, err) || !placeMemory(p, k, grid, args, mem, &pl, err))
    return false;
  r->group_segment_bytes = pl.lds_bytes;
  r->private_segment_bytes = pl.priv;
  const uint32_t lds_alloc = uint32_t(alignUp(pl.lds_bytes, gen == Gen::GFX6 ? 256 : 512));

  const codeobj::KernelInfo ki = stateKernel(k);
  const StateRequest req = stateRequest(ki, gen);
  DispatchRegs regs;
  scratchResource(kScratchBase, uint32_t(std::min<uint64_t>(pl.scratch_bytes, 0xffffffffu)),
                  req.private_element_size_code, regs.private_segment_buffer);
  regs.private_segment_size = pl.priv;
  regs.scratch_base = kScratchBase;
  regs.grid_workgroups = grid.groups;
  regs.lds_bytes = lds_alloc;
  regs.shared_base = kSharedApertureBase;
  regs.private_base = kPrivateApertureBase;
  regs.flat_scratch_init = gen >= Gen::GFX9 ? kScratchBase : uint64_t(pl.priv) << 32;

  std::vector<uint32_t> user;  // ABI-set user SGPRs (AMD 1.2, Gallium)
  switch (p.abi()) {
    case Abi::AMD_CL12: {
      if (!setupAmdCl12(p, k, grid, pl, args, mem, &user, err)) return false;
      break;
    }
    case Abi::GALLIUM: {
      std::vector<uint8_t> in;
      for (int d = 0; d < 3; ++d) {
        put32(in, 4 * d, grid.groups[d]);
        put32(in, 4 * (3 + d), grid.grid[d]);
        put32(in, 4 * (6 + d), grid.block[d]);
      }
      if (!writeArgs(k, pl, args, grid, 0, &in, err) ||
          !mapBytes(mem, kArgAreaBase, in, "kernel input", err))
        return false;
      user = {uint32_t(kArgAreaBase), uint32_t(kArgAreaBase >> 32), uint32_t(kScratchBase),
              uint32_t(kScratchBase >> 32)};
      break;
    }
    case Abi::AMD_CL2:
    case Abi::GALLIUM_HSA: {
      if (!k.has_amd_kernel_code) {
        *err = "kernel " + kernel + " has no amd_kernel_code_t, which its ABI (" +
               codeobj::opencl::abiName(p.abi()) + ") needs";
        return false;
      }
      std::vector<uint8_t> ka;
      if (!writeArgs(k, pl, args, grid, 0, &ka, err) ||
          !mapBytes(mem, kArgAreaBase, ka, "kernarg", err))
        return false;
      QueueFields qf;
      qf.ring = kLowRingBase;
      qf.ring_packets = 1;
      qf.write_dispatch_id = 1;
      qf.group_aperture_hi = uint32_t(kSharedApertureBase >> 32);
      qf.private_aperture_hi = uint32_t(kPrivateApertureBase >> 32);
      std::memcpy(qf.scratch_rsrc, regs.private_segment_buffer, sizeof qf.scratch_rsrc);
      qf.scratch_base = kScratchBase;
      qf.scratch_bytes = pl.scratch_bytes;
      qf.scratch_workitem_bytes = pl.priv;
      PacketFields pf;
      pf.dims = grid.dims;
      pf.block = block;
      pf.grid = grid_size;
      pf.private_segment_size = pl.priv;
      pf.group_segment_size = pl.lds_bytes;
      pf.kernel_object = kCodeBase;
      pf.kernarg_address = kArgAreaBase;
      if (!mapQueue(mem, kLowQueueBase, qf, pf, err)) return false;
      regs.dispatch_ptr = kLowRingBase;
      regs.queue_ptr = kLowQueueBase;
      regs.kernarg_ptr = kArgAreaBase;
      break;
    }
  }

  GroupRun run;
  run.prog = &prog;
  run.grid = grid;
  run.lds_bytes = lds_alloc;
  run.scratch_per_lane = pl.priv;
  run.scratch_base = kScratchBase;
  const uint32_t user_count = std::min<uint32_t>(req.user_sgpr_count, 16);
  run.init = [&](sem::WaveState& w, const WaveCoord& c) {
    initWave(req, regs, c, gen, w);
    for (uint32_t i = 0; i < user.size() && i < user_count; ++i) w.s[i] = user[i];
  };
  const bool ok = runGroups(run, o, mem, r, err);
  if (o.inspect) o.inspect(mem);
  r->buffers.resize(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != ArgValue::Kind::BUFFER || args[i].bytes.empty()) continue;
    const uint8_t* b = mem.global.translate(pl.buffer[i], args[i].bytes.size());
    r->buffers[i].assign(b, b + args[i].bytes.size());
  }
  return ok;
}

}  // namespace gcn::dispatch
