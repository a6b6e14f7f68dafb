#include "dispatch/initial_state.h"

#include <algorithm>

#include "dispatch/aql.h"

namespace gcn::dispatch {

StateRequest stateRequest(const codeobj::KernelInfo& k, Gen gen) {
  StateRequest r;
  // The descriptor has no grid workgroup count bits: they decode as false.
  const codeobj::UserSgprEnables& u = k.has_kernel_descriptor ? k.kd.user_sgprs : k.akc.user_sgprs;
  r.private_segment_buffer = u.private_segment_buffer;
  r.dispatch_ptr = u.dispatch_ptr;
  r.queue_ptr = u.queue_ptr;
  r.kernarg_segment_ptr = u.kernarg_segment_ptr;
  r.dispatch_id = u.dispatch_id;
  r.flat_scratch_init = u.flat_scratch_init;
  r.private_segment_size = u.private_segment_size;
  r.grid_workgroup_count[0] = u.grid_workgroup_count_x;
  r.grid_workgroup_count[1] = u.grid_workgroup_count_y;
  r.grid_workgroup_count[2] = u.grid_workgroup_count_z;
  if (!k.has_kernel_descriptor) r.private_element_size_code = k.akc.private_element_size;
  if (k.has_kernel_descriptor && isCdna2On(gen)) r.kernarg_preload = k.kd.kernarg_preload_length;
  const auto& r1 = k.rsrc1();
  const auto& r2 = k.rsrc2();
  r.user_sgpr_count = r2.user_sgpr_count;
  r.workgroup_id[0] = r2.enable_sgpr_workgroup_id_x;
  r.workgroup_id[1] = r2.enable_sgpr_workgroup_id_y;
  r.workgroup_id[2] = r2.enable_sgpr_workgroup_id_z;
  r.workgroup_info = r2.enable_sgpr_workgroup_info;
  // With architected flat scratch RSRC2 bit 0 says only that the kernel
  // uses scratch: the SPI loads no wave offset SGPR but sets FLAT_SCRATCH.
  r.architected_flat_scratch = hasArchitectedFlatScratch(gen);
  r.private_segment_wave_offset =
      !r.architected_flat_scratch && r2.enable_sgpr_private_segment_wave_byte_offset;
  r.vgpr_workitem_id = r2.enable_vgpr_workitem_id;
  // MODE: FP_ROUND 3:0, FP_DENORM 7:4, DX10_CLAMP 8, IEEE 9, EXCP_EN 18:12,
  // FP16_OVFL 23 (GFX9); the SPI loads them from the RSRC registers.
  r.mode = r1.float_round_mode_32 | r1.float_round_mode_16_64 << 2 |
           r1.float_denorm_mode_32 << 4 | r1.float_denorm_mode_16_64 << 6 |
           uint32_t(r1.enable_dx10_clamp) << 8 | uint32_t(r1.enable_ieee_mode) << 9 |
           (r2.enable_exception & 0x7f) << 12;
  if (gen >= Gen::GFX9 && r1.fp16_ovfl) r.mode |= 1u << 23;
  // GPR_ALLOC: VGPR_SIZE 13:8, SGPR_SIZE 27:24 (granulated, as RSRC1).
  r.gpr_alloc = (r1.granulated_workitem_vgpr_count & 0x3f) << 8 |
                (r1.granulated_wavefront_sgpr_count & 0xf) << 24;
  return r;
}

namespace {
// Calls f(name, count) for each enabled user SGPR register, in order.
template <class F>
void forUserSgprs(const StateRequest& r, F&& f) {
  if (r.private_segment_buffer) f("private segment buffer", 4);
  if (r.dispatch_ptr) f("dispatch ptr", 2);
  if (r.queue_ptr) f("queue ptr", 2);
  if (r.kernarg_segment_ptr) f("kernarg segment ptr", 2);
  if (r.dispatch_id) f("dispatch id", 2);
  if (r.flat_scratch_init) f("flat scratch init", 2);
  if (r.private_segment_size) f("private segment size", 1);
  static const char* cnt[3] = {"grid work-group count x", "grid work-group count y",
                               "grid work-group count z"};
  for (int d = 0; d < 3; ++d)
    if (r.grid_workgroup_count[d]) f(cnt[d], 1);
  if (r.kernarg_preload) f("preloaded kernarg dwords", int(r.kernarg_preload));
}
template <class F>
void forSystemSgprs(const StateRequest& r, F&& f) {
  static const char* id[3] = {"work-group id x", "work-group id y", "work-group id z"};
  for (int d = 0; d < 3; ++d)
    if (r.workgroup_id[d]) f(id[d], 1);
  if (r.workgroup_info) f("work-group info", 1);
  if (r.private_segment_wave_offset) f("private segment wave byte offset", 1);
}
constexpr uint32_t kMaxUserSgprs = 16;
uint32_t userLimit(const StateRequest& r) {
  return r.user_sgpr_count < kMaxUserSgprs ? r.user_sgpr_count : kMaxUserSgprs;
}
}  // namespace

std::vector<SgprSlot> sgprLayout(const StateRequest& r) {
  std::vector<SgprSlot> out;
  const uint32_t limit = userLimit(r);
  int next = 0;
  forUserSgprs(r, [&](const char* name, int n) {
    if (uint32_t(next + n) <= limit) out.push_back({next, n, name});
    next += n;
  });
  next = int(r.user_sgpr_count);
  forSystemSgprs(r, [&](const char* name, int n) {
    out.push_back({next, n, name});
    next += n;
  });
  if (r.architected_flat_scratch) out.push_back({102, 2, "flat scratch (the wave's scratch base)"});
  return out;
}

void initWave(const StateRequest& r, const DispatchRegs& d, const WaveCoord& c, Gen gen,
              sem::WaveState& w) {
  const uint32_t limit = userLimit(r);
  uint32_t next = 0;
  // Registers past the CP's user SGPR count are not written (partially
  // covered ones keep the covered dwords).
  auto put32 = [&](uint32_t v) {
    if (next < limit) w.s[next] = v;
    ++next;
  };
  auto put64 = [&](uint64_t v) {
    put32(uint32_t(v));
    put32(uint32_t(v >> 32));
  };
  if (r.private_segment_buffer)
    for (uint32_t x : d.private_segment_buffer) put32(x);
  if (r.dispatch_ptr) put64(d.dispatch_ptr);
  if (r.queue_ptr) put64(d.queue_ptr);
  if (r.kernarg_segment_ptr) put64(d.kernarg_ptr);
  if (r.dispatch_id) put64(d.dispatch_id);
  if (r.flat_scratch_init) put64(d.flat_scratch_init);
  if (r.private_segment_size) put32(d.private_segment_size);
  for (int k = 0; k < 3; ++k)
    if (r.grid_workgroup_count[k]) put32(d.grid_workgroups[k]);
  for (uint32_t i = 0; i < r.kernarg_preload; ++i)
    put32(i < d.kernarg_preload.size() ? d.kernarg_preload[i] : 0);

  uint32_t s = r.user_sgpr_count;
  auto sys = [&](uint32_t v) {
    if (s < uint32_t(w.num_sgprs)) w.s[s] = v;
    ++s;
  };
  for (int k = 0; k < 3; ++k)
    if (r.workgroup_id[k]) sys(c.group_id[k]);
  // {first_wave, 14'b0, ordered_append_term[10:0], threadgroup_size_in_waves[5:0]}
  if (r.workgroup_info) sys(uint32_t(c.wave_in_group == 0) << 31 | (c.waves_in_group & 0x3f));
  if (r.private_segment_wave_offset) sys(c.scratch_wave_offset);
  if (r.architected_flat_scratch) {
    const uint64_t base = d.scratch_base + c.scratch_wave_offset;
    w.s[102] = uint32_t(base);  // FLAT_SCRATCH_LO/HI
    w.s[103] = uint32_t(base >> 32);
  }

  const int nv = 1 + int(r.vgpr_workitem_id > 2 ? 2 : r.vgpr_workitem_id);
  // Ids run x fastest: step from lane 0's instead of dividing per lane.
  Dim3 id;
  const Dim3& sz = c.group_size;
  if (workItemId(sz, c.wave_in_group, 0, &id)) {
    const uint64_t left = sz.volume() - uint64_t(c.wave_in_group) * kWaveSize;
    const uint32_t lanes = uint32_t(std::min<uint64_t>(left, kWaveSize));
    // GFX90A and GFX940 pack the three ids into v0 (X bits 9:0, Y 19:10,
    // Z 29:20: AMDGPUUsage, "packed work-item IDs").
    const bool packed = isCdna2On(gen);
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (packed) {
        w.v[0][lane] = id.x | (nv > 1 ? id.y << 10 : 0u) | (nv > 2 ? id.z << 20 : 0u);
      } else {
        w.v[0][lane] = id.x;
        if (nv > 1) w.v[1][lane] = id.y;
        if (nv > 2) w.v[2][lane] = id.z;
      }
      if (++id.x == sz.x) {
        id.x = 0;
        if (++id.y == sz.y) {
          id.y = 0;
          ++id.z;
        }
      }
    }
  }
  w.setExec(waveExec(c.group_size, c.wave_in_group));
  w.setMode(r.mode);
  w.hwreg[sem::HW_GPR_ALLOC] = r.gpr_alloc;
  if (gen != Gen::GFX6) {
    w.shared_base = d.shared_base;
    w.shared_limit = d.shared_base ? d.shared_base + kApertureBytes - 1 : 0;
    w.private_base = d.private_base;
    w.private_limit = d.private_base ? d.private_base + kApertureBytes - 1 : 0;
  }
  if (gen >= Gen::GFX9)  // SH_MEM_BASES: PRIVATE_BASE 15:0, SHARED_BASE 31:16 (address bits 63:48)
    w.hwreg[sem::HW_SH_MEM_BASES] =
        uint32_t(d.private_base >> 48 & 0xffff) | uint32_t(d.shared_base >> 48 & 0xffff) << 16;
  if (gen == Gen::GFX7 || gen == Gen::GFX8) w.setM0(d.lds_bytes);
}

}  // namespace gcn::dispatch
