// gcnref objdump of AMD OpenCL 1.2 / 2.0 and GalliumCompute binaries: the
// format and its ABI, the program's facts, per kernel the resource
// registers, user-data setup, argument layout and what else the binary
// records, then each kernel's disassembly.
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "codeobj/opencl/program.h"
#include "dispatch/cl_launch.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

using namespace gcn::codeobj;
using namespace gcn::codeobj::opencl;

void printRsrc(const Kernel& k) {
  const PgmRsrc1& r1 = k.rsrc1;
  const PgmRsrc2& r2 = k.rsrc2;
  std::printf("  COMPUTE_PGM_RSRC1 0x%08x: vgprs %u (granulated %u), sgprs granulated %u, "
              "float mode round %u/%u denorm %u/%u, dx10_clamp %d, ieee %d\n",
              r1.raw, (r1.granulated_workitem_vgpr_count + 1) * 4,
              r1.granulated_workitem_vgpr_count, r1.granulated_wavefront_sgpr_count,
              r1.float_round_mode_32, r1.float_round_mode_16_64, r1.float_denorm_mode_32,
              r1.float_denorm_mode_16_64, r1.enable_dx10_clamp, r1.enable_ieee_mode);
  std::printf("  COMPUTE_PGM_RSRC2 0x%08x: user sgprs %u, scratch %d, tgid x/y/z %d/%d/%d, "
              "tg_size %d, tidig_comp_cnt %u, lds granulated %u, exceptions 0x%x\n",
              r2.raw, r2.user_sgpr_count, r2.enable_sgpr_private_segment_wave_byte_offset,
              r2.enable_sgpr_workgroup_id_x, r2.enable_sgpr_workgroup_id_y,
              r2.enable_sgpr_workgroup_id_z, r2.enable_sgpr_workgroup_info,
              r2.enable_vgpr_workitem_id, r2.granulated_lds_size, r2.enable_exception);
  std::printf("  registers: %u SGPRs, %u VGPRs; LDS %u bytes; scratch %u bytes/work-item",
              k.sgprs, k.vgprs, k.lds_bytes, k.scratch_bytes);
  if (k.reqd_workgroup_size[0])
    std::printf("; reqd work-group size %u,%u,%u", k.reqd_workgroup_size[0],
                k.reqd_workgroup_size[1], k.reqd_workgroup_size[2]);
  std::printf("\n");
}

void printArgs(const Kernel& k) {
  std::printf("  arguments %s:\n", dispatch::describeClArgs(k).c_str());
  for (size_t i = 0; i < k.args.size(); ++i) {
    const Arg& a = k.args[i];
    std::printf("    %2zu: offset %4u size %2u %-16s", i, a.offset, a.size, argKindName(a.kind));
    if (a.kind == ArgKind::HIDDEN) std::printf(" %s", a.hidden.c_str());
    if (!a.type_name.empty()) std::printf(" '%s'", a.type_name.c_str());
    if (!a.name.empty()) std::printf(" %s", a.name.c_str());
    if (a.resource_id) std::printf(" (resource %u)", a.resource_id);
    if (a.is_const) std::printf(" const");
    std::printf("\n");
  }
}

}  // namespace

int objdumpOpenCl(const std::string& path, const std::vector<uint8_t>& file, const Args& a) {
  Program p;
  opencl::LoadOptions o;
  o.strict = false;
  o.processor = a.get("mcpu");
  std::string err;
  if (!p.load(file.data(), file.size(), &err, o)) {
    std::fprintf(stderr, "gcnref: error: %s: %s\n", path.c_str(), err.c_str());
    return 1;
  }
  const Target& t = p.isaTarget();
  std::printf("%s: %s binary (%s-bit), %s ABI\n", path.c_str(), formatName(p.format()),
              p.is64bit() ? "64" : "32", abiName(p.abi()));
  std::printf("  device %s, processor %s\n", p.device().empty() ? "(not named)" : p.device().c_str(),
              p.processor().c_str());
  for (const auto& [name, value] : p.facts()) std::printf("  %s: %s\n", name.c_str(), value.c_str());
  if (p.globalData().size()) std::printf("  global data: %zu bytes\n", p.globalData().size());

  for (const Kernel& k : p.kernels()) {
    std::printf("\nKernel %s: %zu bytes of code at file offset 0x%" PRIx64 "\n", k.name.c_str(),
                k.code.size(), k.code_offset);
    printRsrc(k);
    if (!k.user_data.empty()) {
      std::printf("  user data:\n");
      for (const UserData& u : k.user_data) {
        const std::string cls = userDataClassName(u.data_class);
        std::printf("    s[%u:%u] %s slot %u\n", u.reg_start, u.reg_start + u.reg_size - 1,
                    cls.empty() ? std::to_string(u.data_class).c_str() : cls.c_str(),
                    u.api_slot);
      }
    }
    if (p.abi() == Abi::AMD_CL12)
      std::printf("  resource ids: uav %u, constant buffer %u, printf %u, private %u\n", k.uav_id,
                  k.cb_id, k.printf_id, k.private_id);
    printArgs(k);
    if (k.has_amd_kernel_code) {
      std::printf("  amd_kernel_code_t:\n");
      std::vector<Field> fields;
      listAmdKernelCode(k.akc, &fields);
      for (const Field& f : fields)
        std::printf("    %-48s %" PRIu64 " (0x%" PRIx64 ")\n", f.name.c_str(), f.value, f.value);
    }
    for (const auto& [name, value] : k.facts)
      std::printf("  %s: %s\n", name.c_str(), value.c_str());
  }
  for (const std::string& w : p.warnings()) {
    std::printf("\nwarning: %s\n", w.c_str());
    std::fprintf(stderr, "gcnref: warning: %s\n", w.c_str());
  }
  size_t errors = 0;
  for (const Kernel& k : p.kernels())
    printDisassembly(t, k.name, k.code.data(), k.code.size(), k.code_address, &errors);
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
