#include "codeobj/opencl/hsa_user_sgprs.h"

namespace gcn::codeobj::opencl {

std::string hsaUserSgprLayout(const UserSgprEnables& u) {
  const struct {
    bool on;
    unsigned n;
    const char* what;
  } kOrder[] = {
      {u.private_segment_buffer, 4, "private segment buffer"},
      {u.dispatch_ptr, 2, "dispatch packet"},
      {u.queue_ptr, 2, "queue"},
      {u.kernarg_segment_ptr, 2, "kernarg segment"},
      {u.dispatch_id, 2, "dispatch id"},
      {u.flat_scratch_init, 2, "flat scratch init"},
      {u.private_segment_size, 1, "private segment size"},
      {u.grid_workgroup_count_x, 1, "grid workgroup count x"},
      {u.grid_workgroup_count_y, 1, "grid workgroup count y"},
      {u.grid_workgroup_count_z, 1, "grid workgroup count z"},
  };
  std::string r;
  unsigned s = 0;
  for (const auto& e : kOrder) {
    if (!e.on) continue;
    if (!r.empty()) r += ", ";
    r += e.n == 1 ? "s" + std::to_string(s)
                  : "s[" + std::to_string(s) + ":" + std::to_string(s + e.n - 1) + "]";
    r += std::string(" ") + e.what;
    s += e.n;
  }
  return r.empty() ? "none" : r;
}

void fillFromAmdKernelCode(const AmdKernelCode& checked, Gen gen, const std::string& where,
                           std::vector<std::string>* problems, Kernel* k) {
  const AmdKernelCode& a = k->akc;
  k->rsrc1 = a.rsrc1;
  k->rsrc2 = a.rsrc2;
  k->sgprs = a.wavefront_sgpr_count;
  k->vgprs = a.workitem_vgpr_count;
  k->lds_bytes = a.workgroup_group_segment_byte_size;
  k->scratch_bytes = a.workitem_private_segment_byte_size;
  checkAmdKernelCode(checked, gen, where + ": amd_kernel_code_t", problems);
  k->facts.emplace_back("user SGPRs", hsaUserSgprLayout(a.user_sgprs));
}

}  // namespace gcn::codeobj::opencl
