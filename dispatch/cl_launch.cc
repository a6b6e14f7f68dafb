#include "dispatch/cl_launch.h"

#include <algorithm>
#include <cstring>

#include "dispatch/aql.h"
#include "dispatch/cl_layout.h"
#include "dispatch/initial_state.h"
#include "dispatch/run_groups.h"

namespace gcn::dispatch {

using namespace cl;

namespace {

std::string argLabel(size_t i, const Arg& a) {
  return "argument " + std::to_string(i) + (a.name.empty() ? "" : " '" + a.name + "'");
}

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

}  // namespace

namespace cl {

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

}  // namespace cl

namespace {

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
