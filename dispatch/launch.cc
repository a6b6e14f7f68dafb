#include "dispatch/launch.h"

#include <cstring>

#include "dispatch/aql.h"
#include "dispatch/initial_state.h"
#include "dispatch/kernarg.h"
#include "dispatch/run_groups.h"

namespace gcn::dispatch {
namespace {

uint64_t alignUp(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }


std::string dimText(const Dim3& d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

// The dynamic call stack a kernel with uses_dynamic_stack gets on top of its
// static private segment (HIP's default stack limit).
constexpr uint32_t kDynamicStackBytes = 1024;

}  // namespace

bool launchKernel(const codeobj::CodeObject& co, const std::string& kernel, Dim3 grid_size,
                  Dim3 block, const std::vector<ArgValue>& args, const LaunchOptions& o,
                  LaunchResult* r, std::string* err) {
  *r = LaunchResult();
  const codeobj::KernelInfo* k = co.findKernel(kernel);
  if (!k) {
    std::string names;
    for (const auto& ki : co.kernels()) names += (names.empty() ? "" : ", ") + ki.name;
    *err = "no kernel '" + kernel + "' in the code object (kernels: " +
           (names.empty() ? "none" : names) + ")";
    return false;
  }
  const codeobj::KernelMeta& meta = *k->meta;
  const Target& target = co.isaTarget();
  const Gen gen = target.gen;
  if ((k->has_kernel_descriptor && k->kd.enable_wavefront_size32) || meta.wavefront_size == 32) {
    *err = "kernel " + kernel + " is compiled for wave32, which GCN does not have";
    return false;
  }

  Grid grid;
  if (!makeGrid(grid_size, block, o.dims, &grid, err)) return false;
  if (meta.max_flat_workgroup_size && block.volume() > meta.max_flat_workgroup_size) {
    *err = "work-group of " + std::to_string(block.volume()) + " work-items exceeds kernel " +
           kernel + "'s max_flat_workgroup_size " + std::to_string(meta.max_flat_workgroup_size);
    return false;
  }
  if (meta.reqd_workgroup_size.size() == 3) {
    const auto& q = meta.reqd_workgroup_size;
    if (q[0] != block.x || q[1] != block.y || q[2] != block.z) {
      *err = "kernel " + kernel + " requires work-group size (" + std::to_string(q[0]) + "," +
             std::to_string(q[1]) + "," + std::to_string(q[2]) + "), got " + dimText(block);
      return false;
    }
  }

  sem::MemorySystem mem;
  // Code object image (code, descriptors, read-only data).
  std::vector<uint8_t> image;
  uint64_t image_vaddr = 0;
  if (!co.loadImage(&image, &image_vaddr, err)) return false;
  if (!mem.global.map(kImageBase, image.size(), err, image.data(), "code object")) return false;
  auto device = [&](uint64_t vaddr) { return kImageBase + (vaddr - image_vaddr); };

  sem::Program prog;
  prog.matrix_numerics = o.matrix_numerics;
  // GFX90A and GFX940 hold VGPRs and AccVGPRs in one file, the AccVGPRs
  // from ACCUM_OFFSET on (AMDGPUUsage, COMPUTE_PGM_RSRC3).
  if (isCdna2On(target.gen) && k->has_kernel_descriptor)
    prog.file_row0[kAgprFile] = int(codeobj::accumOffset(k->kd));
  // A CP that preloads kernargs starts past the block for CPs that do not.
  const StateRequest req = stateRequest(*k, gen);
  const uint32_t skip = req.kernarg_preload ? codeobj::kKernargPreloadSkip : 0;
  if (k->code.size() <= skip) {
    *err = "kernel " + kernel + " preloads kernargs but has no code past its first " +
           std::to_string(skip) + " bytes";
    return false;
  }
  if (!sem::buildProgramFromBytes(target, k->code.data() + skip, k->code.size() - skip,
                                  device(k->entry_vaddr + skip), o.path, &prog, err)) {
    *err = "kernel " + kernel + ": " + *err;
    return false;
  }

  // Buffers, each followed by an unmapped 64 KiB guard.
  std::vector<uint64_t> addr(args.size(), 0);
  uint64_t next = kBufferBase;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != ArgValue::Kind::BUFFER) continue;
    addr[i] = next;
    const uint64_t n = args[i].bytes.size();
    if (n && !mem.global.map(next, n, err, args[i].bytes.data(), "arg" + std::to_string(i)))
      return false;
    next = alignUp(next + n, 1u << 16) + (1u << 16);
  }

  HiddenValues hv;
  hv.grid = grid;
  hv.queue_ptr = kQueueBase;
  hv.shared_aperture_hi = uint32_t(kSharedApertureBase >> 32);
  hv.private_aperture_hi = uint32_t(kPrivateApertureBase >> 32);
  Kernarg ka;
  if (!layoutKernarg(meta, k->kernargSize(), args, addr, k->groupSegmentSize(), hv, &ka, err))
    return false;
  r->group_segment_bytes = ka.group_segment_bytes;
  // The LDS allocation granule (64 dwords on GFX6, 128 after): accesses up
  // to the allocated size succeed on the hardware.
  const uint32_t lds_alloc =
      uint32_t(alignUp(ka.group_segment_bytes, gen == Gen::GFX6 ? 256 : 512));
  const uint64_t kernarg_map = alignUp(std::max<uint64_t>(ka.bytes.size(), 1), 64);
  ka.bytes.resize(kernarg_map, 0);
  if (!mem.global.map(kKernargBase, kernarg_map, err, ka.bytes.data(), "kernarg")) return false;

  // Scratch: one queue allocation, per wave 64 lanes * private size.
  uint32_t priv = uint32_t(alignUp(k->privateSegmentSize(), 4));
  if (meta.uses_dynamic_stack || (k->has_kernel_descriptor && k->kd.uses_dynamic_stack))
    priv += kDynamicStackBytes;
  r->private_segment_bytes = priv;
  uint64_t scratch_bytes = 0;
  if (!scratchBytes(grid, priv, &scratch_bytes, err)) return false;

  DispatchRegs regs;
  scratchResource(kScratchBase, uint32_t(std::min<uint64_t>(scratch_bytes, 0xffffffffu)),
                  req.private_element_size_code, regs.private_segment_buffer);
  regs.dispatch_ptr = kRingBase;  // packet 0 of the ring
  regs.queue_ptr = kQueueBase;
  regs.kernarg_ptr = kKernargBase;
  regs.dispatch_id = 0;
  // GFX9: the scratch base address; GFX7/8: {offset of the queue's scratch
  // from SH_HIDDEN_PRIVATE_BASE_VIMID (the scratch base here, so 0), size
  // per work-item}.
  regs.flat_scratch_init = gen >= Gen::GFX9 ? kScratchBase : uint64_t(priv) << 32;
  regs.private_segment_size = priv;
  regs.scratch_base = kScratchBase;
  regs.grid_workgroups = grid.groups;
  if (req.kernarg_preload) {
    const uint64_t first = uint64_t(k->kd.kernarg_preload_offset) * 4;
    if (first + uint64_t(req.kernarg_preload) * 4 > ka.bytes.size()) {
      *err = "kernel " + kernel + " preloads " + std::to_string(req.kernarg_preload) +
             " kernarg dwords from byte " + std::to_string(first) + ", past its " +
             std::to_string(ka.bytes.size()) + "-byte kernarg segment";
      return false;
    }
    regs.kernarg_preload.resize(req.kernarg_preload);
    std::memcpy(regs.kernarg_preload.data(), ka.bytes.data() + first, 4 * req.kernarg_preload);
  }
  regs.lds_bytes = lds_alloc;
  regs.shared_base = kSharedApertureBase;
  regs.private_base = kPrivateApertureBase;

  // Queue and packet.
  QueueFields qf;
  qf.ring = kRingBase;
  qf.ring_packets = kRingPackets;
  qf.write_dispatch_id = 1;
  qf.read_dispatch_id = 0;
  qf.group_aperture_hi = hv.shared_aperture_hi;
  qf.private_aperture_hi = hv.private_aperture_hi;
  std::memcpy(qf.scratch_rsrc, regs.private_segment_buffer, sizeof qf.scratch_rsrc);
  qf.scratch_base = kScratchBase;
  qf.scratch_bytes = scratch_bytes;
  qf.scratch_workitem_bytes = priv;
  PacketFields pf;
  pf.dims = grid.dims;
  pf.block = block;
  pf.grid = grid_size;
  pf.private_segment_size = priv;
  pf.group_segment_size = ka.group_segment_bytes;
  pf.kernel_object = device(k->descriptor_vaddr);
  pf.kernarg_address = kKernargBase;
  if (!mapQueue(mem, kQueueBase, qf, pf, err)) return false;

  GroupRun run;
  run.prog = &prog;
  run.grid = grid;
  run.lds_bytes = lds_alloc;
  run.scratch_per_lane = priv;
  run.scratch_base = kScratchBase;
  run.init = [&](sem::WaveState& w, const WaveCoord& c) { initWave(req, regs, c, gen, w); };
  const bool ok = runGroups(run, o, mem, r, err);

  if (o.inspect) o.inspect(mem);
  r->buffers.resize(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != ArgValue::Kind::BUFFER || args[i].bytes.empty()) continue;
    const uint8_t* p = mem.global.translate(addr[i], args[i].bytes.size());
    r->buffers[i].assign(p, p + args[i].bytes.size());
  }
  return ok;
}

}  // namespace gcn::dispatch
