#include "codeobj/kernel_code.h"

#include <cstring>

namespace gcn::codeobj {

AmdKernelCode decodeAmdKernelCode(ByteView b) {
  AmdKernelCode k;
  if (b.size() < kAmdKernelCodeSize) return k;
  std::memcpy(k.bytes, b.data(), kAmdKernelCodeSize);
  k.amd_code_version_major = b.u32(0);
  k.amd_code_version_minor = b.u32(4);
  k.amd_machine_kind = b.u16(8);
  k.amd_machine_version_major = b.u16(10);
  k.amd_machine_version_minor = b.u16(12);
  k.amd_machine_version_stepping = b.u16(14);
  k.kernel_code_entry_byte_offset = int64_t(b.u64(16));
  k.kernel_code_prefetch_byte_offset = int64_t(b.u64(24));
  k.kernel_code_prefetch_byte_size = b.u64(32);
  k.max_scratch_backing_memory_byte_size = b.u64(40);
  k.rsrc1 = decodeRsrc1(b.u32(48));
  k.rsrc2 = decodeRsrc2(b.u32(52));
  uint32_t p = b.u32(56);
  k.kernel_code_properties = p;
  k.user_sgprs = decodeUserSgprEnables(p, 10);
  k.enable_ordered_append_gds = (p >> 16) & 1;
  k.private_element_size = (p >> 17) & 3;
  k.is_ptr64 = (p >> 19) & 1;
  k.is_dynamic_callstack = (p >> 20) & 1;
  k.is_debug_enabled = (p >> 21) & 1;
  k.is_xnack_enabled = (p >> 22) & 1;
  k.workitem_private_segment_byte_size = b.u32(60);
  k.workgroup_group_segment_byte_size = b.u32(64);
  k.gds_segment_byte_size = b.u32(68);
  k.kernarg_segment_byte_size = b.u64(72);
  k.workgroup_fbarrier_count = b.u32(80);
  k.wavefront_sgpr_count = b.u16(84);
  k.workitem_vgpr_count = b.u16(86);
  k.reserved_vgpr_first = b.u16(88);
  k.reserved_vgpr_count = b.u16(90);
  k.reserved_sgpr_first = b.u16(92);
  k.reserved_sgpr_count = b.u16(94);
  k.debug_wavefront_private_segment_offset_sgpr = b.u16(96);
  k.debug_private_segment_buffer_sgpr = b.u16(98);
  k.kernarg_segment_alignment = b.u8(100);
  k.group_segment_alignment = b.u8(101);
  k.private_segment_alignment = b.u8(102);
  k.wavefront_size = b.u8(103);
  k.call_convention = b.u32(104);
  k.runtime_loader_kernel_symbol = b.u64(120);
  k.enabled_control_directives = b.u64(128);
  return k;
}

void listAmdKernelCode(const AmdKernelCode& k, std::vector<Field>* o) {
  o->push_back({"amd_code_version_major", k.amd_code_version_major});
  o->push_back({"amd_code_version_minor", k.amd_code_version_minor});
  o->push_back({"amd_machine_kind", k.amd_machine_kind});
  o->push_back({"amd_machine_version_major", k.amd_machine_version_major});
  o->push_back({"amd_machine_version_minor", k.amd_machine_version_minor});
  o->push_back({"amd_machine_version_stepping", k.amd_machine_version_stepping});
  o->push_back({"kernel_code_entry_byte_offset", uint64_t(k.kernel_code_entry_byte_offset)});
  o->push_back({"kernel_code_prefetch_byte_offset", uint64_t(k.kernel_code_prefetch_byte_offset)});
  o->push_back({"kernel_code_prefetch_byte_size", k.kernel_code_prefetch_byte_size});
  o->push_back({"max_scratch_backing_memory_byte_size", k.max_scratch_backing_memory_byte_size});
  listRsrc1(k.rsrc1, o);
  listRsrc2(k.rsrc2, o);
  o->push_back({"kernel_code_properties", k.kernel_code_properties});
  listUserSgprEnables(k.user_sgprs, 10, o);
  o->push_back({"  enable_ordered_append_gds", k.enable_ordered_append_gds});
  o->push_back({"  private_element_size", k.private_element_size});
  o->push_back({"  is_ptr64", k.is_ptr64});
  o->push_back({"  is_dynamic_callstack", k.is_dynamic_callstack});
  o->push_back({"  is_debug_enabled", k.is_debug_enabled});
  o->push_back({"  is_xnack_enabled", k.is_xnack_enabled});
  o->push_back({"workitem_private_segment_byte_size", k.workitem_private_segment_byte_size});
  o->push_back({"workgroup_group_segment_byte_size", k.workgroup_group_segment_byte_size});
  o->push_back({"gds_segment_byte_size", k.gds_segment_byte_size});
  o->push_back({"kernarg_segment_byte_size", k.kernarg_segment_byte_size});
  o->push_back({"workgroup_fbarrier_count", k.workgroup_fbarrier_count});
  o->push_back({"wavefront_sgpr_count", k.wavefront_sgpr_count});
  o->push_back({"workitem_vgpr_count", k.workitem_vgpr_count});
  o->push_back({"reserved_vgpr_first", k.reserved_vgpr_first});
  o->push_back({"reserved_vgpr_count", k.reserved_vgpr_count});
  o->push_back({"reserved_sgpr_first", k.reserved_sgpr_first});
  o->push_back({"reserved_sgpr_count", k.reserved_sgpr_count});
  o->push_back({"debug_wavefront_private_segment_offset_sgpr",
                k.debug_wavefront_private_segment_offset_sgpr});
  o->push_back({"debug_private_segment_buffer_sgpr", k.debug_private_segment_buffer_sgpr});
  o->push_back({"kernarg_segment_alignment", k.kernarg_segment_alignment});
  o->push_back({"group_segment_alignment", k.group_segment_alignment});
  o->push_back({"private_segment_alignment", k.private_segment_alignment});
  o->push_back({"wavefront_size", k.wavefront_size});
  o->push_back({"call_convention", k.call_convention});
  o->push_back({"runtime_loader_kernel_symbol", k.runtime_loader_kernel_symbol});
  o->push_back({"enabled_control_directives", k.enabled_control_directives});
}

void checkAmdKernelCode(const AmdKernelCode& k, Gen gen, const std::string& w,
                        std::vector<std::string>* p) {
  if (k.amd_code_version_major != 1)
    p->push_back(w + ": amd_code_version_major (byte 0) is " +
                 std::to_string(k.amd_code_version_major) +
                 ", expected AMD_KERNEL_CODE_VERSION_MAJOR (1)");
  if (k.amd_machine_kind != 1)
    p->push_back(w + ": amd_machine_kind (byte 8) is " + std::to_string(k.amd_machine_kind) +
                 ", expected AMD_MACHINE_KIND_AMDGPU (1)");
  checkRsrc1(k.rsrc1, gen, w + ": compute_pgm_rsrc1 (byte 48)", p);
  checkRsrc2(k.rsrc2, w + ": compute_pgm_rsrc2 (byte 52)", p);
  uint32_t props = k.kernel_code_properties;
  if (props & 0xfc00u)
    p->push_back(w + ": kernel_code_properties (byte 56) reserved bits 15:10 are set (" +
                 hex(props) + ")");
  if (props & 0xff800000u)
    p->push_back(w + ": kernel_code_properties (byte 56) reserved bits 31:23 are set (" +
                 hex(props) + ")");
  for (size_t i = 108; i < 120; ++i)
    if (k.bytes[i]) {
      p->push_back(w + ": reserved byte " + std::to_string(i) + " must be 0 (bytes 108..119)");
      break;
    }
  if (k.runtime_loader_kernel_symbol)
    p->push_back(w + ": runtime_loader_kernel_symbol (byte 120) must be 0 in a code object");
  if (k.rsrc2.user_sgpr_count != k.user_sgprs.count())
    p->push_back(w + ": compute_pgm_rsrc2.user_sgpr_count is " +
                 std::to_string(k.rsrc2.user_sgpr_count) + " but the enable_sgpr_* bits " +
                 "request " + std::to_string(k.user_sgprs.count()) + " user SGPRs");
  if (allocatedVgprs(k.rsrc1, gen) < k.workitem_vgpr_count)
    p->push_back(w + ": workitem_vgpr_count (byte 86) is " +
                 std::to_string(k.workitem_vgpr_count) + " but compute_pgm_rsrc1 allocates " +
                 std::to_string(allocatedVgprs(k.rsrc1, gen)));
  if (allocatedSgprs(k.rsrc1, gen) < k.wavefront_sgpr_count)
    p->push_back(w + ": wavefront_sgpr_count (byte 84) is " +
                 std::to_string(k.wavefront_sgpr_count) + " but compute_pgm_rsrc1 allocates " +
                 std::to_string(allocatedSgprs(k.rsrc1, gen)));
  if (!k.reserved_vgpr_count && k.reserved_vgpr_first)
    p->push_back(w + ": reserved_vgpr_first (byte 88) must be 0 when reserved_vgpr_count is 0");
  if (!k.reserved_sgpr_count && k.reserved_sgpr_first)
    p->push_back(w + ": reserved_sgpr_first (byte 92) must be 0 when reserved_sgpr_count is 0");
  if (k.kernarg_segment_alignment < 4 || k.kernarg_segment_alignment > 31)
    p->push_back(w + ": kernarg_segment_alignment (byte 100) is 2^" +
                 std::to_string(k.kernarg_segment_alignment) + ", must be at least 16 (2^4)");
  if (k.wavefront_size > 8)
    p->push_back(w + ": wavefront_size (byte 103) is 2^" + std::to_string(k.wavefront_size) +
                 ", must be 1..256");
  if (k.kernel_code_entry_byte_offset < int64_t(kAmdKernelCodeSize) &&
      k.kernel_code_entry_byte_offset > -int64_t(kAmdKernelCodeSize))
    p->push_back(w + ": kernel_code_entry_byte_offset (byte 16) " +
                 std::to_string(k.kernel_code_entry_byte_offset) +
                 " points into the amd_kernel_code_t itself");
}

}  // namespace gcn::codeobj
