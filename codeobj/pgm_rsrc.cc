#include "codeobj/pgm_rsrc.h"

namespace gcn::codeobj {
namespace {

uint32_t bits(uint32_t v, int hi, int lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }

}  // namespace

PgmRsrc1 decodeRsrc1(uint32_t v) {
  PgmRsrc1 r;
  r.raw = v;
  r.granulated_workitem_vgpr_count = bits(v, 5, 0);
  r.granulated_wavefront_sgpr_count = bits(v, 9, 6);
  r.priority = bits(v, 11, 10);
  r.float_round_mode_32 = bits(v, 13, 12);
  r.float_round_mode_16_64 = bits(v, 15, 14);
  r.float_denorm_mode_32 = bits(v, 17, 16);
  r.float_denorm_mode_16_64 = bits(v, 19, 18);
  r.priv = bits(v, 20, 20);
  r.enable_dx10_clamp = bits(v, 21, 21);
  r.debug_mode = bits(v, 22, 22);
  r.enable_ieee_mode = bits(v, 23, 23);
  r.bulky = bits(v, 24, 24);
  r.cdbg_user = bits(v, 25, 25);
  r.fp16_ovfl = bits(v, 26, 26);
  r.reserved = bits(v, 31, 27);
  return r;
}

PgmRsrc2 decodeRsrc2(uint32_t v) {
  PgmRsrc2 r;
  r.raw = v;
  r.enable_sgpr_private_segment_wave_byte_offset = bits(v, 0, 0);
  r.user_sgpr_count = bits(v, 5, 1);
  r.enable_trap_handler = bits(v, 6, 6);
  r.enable_sgpr_workgroup_id_x = bits(v, 7, 7);
  r.enable_sgpr_workgroup_id_y = bits(v, 8, 8);
  r.enable_sgpr_workgroup_id_z = bits(v, 9, 9);
  r.enable_sgpr_workgroup_info = bits(v, 10, 10);
  r.enable_vgpr_workitem_id = bits(v, 12, 11);
  r.enable_exception_address_watch = bits(v, 13, 13);
  r.enable_exception_memory = bits(v, 14, 14);
  r.granulated_lds_size = bits(v, 23, 15);
  r.enable_exception = bits(v, 30, 24);
  r.reserved = bits(v, 31, 31);
  return r;
}

void listRsrc1(const PgmRsrc1& r, std::vector<Field>* o) {
  o->push_back({"compute_pgm_rsrc1", r.raw});
  o->push_back({"  granulated_workitem_vgpr_count", r.granulated_workitem_vgpr_count});
  o->push_back({"  granulated_wavefront_sgpr_count", r.granulated_wavefront_sgpr_count});
  o->push_back({"  priority", r.priority});
  o->push_back({"  float_round_mode_32", r.float_round_mode_32});
  o->push_back({"  float_round_mode_16_64", r.float_round_mode_16_64});
  o->push_back({"  float_denorm_mode_32", r.float_denorm_mode_32});
  o->push_back({"  float_denorm_mode_16_64", r.float_denorm_mode_16_64});
  o->push_back({"  priv", r.priv});
  o->push_back({"  enable_dx10_clamp", r.enable_dx10_clamp});
  o->push_back({"  debug_mode", r.debug_mode});
  o->push_back({"  enable_ieee_mode", r.enable_ieee_mode});
  o->push_back({"  bulky", r.bulky});
  o->push_back({"  cdbg_user", r.cdbg_user});
  o->push_back({"  fp16_ovfl", r.fp16_ovfl});
}

void listRsrc2(const PgmRsrc2& r, std::vector<Field>* o) {
  o->push_back({"compute_pgm_rsrc2", r.raw});
  o->push_back({"  enable_sgpr_private_segment_wave_byte_offset",
                r.enable_sgpr_private_segment_wave_byte_offset});
  o->push_back({"  user_sgpr_count", r.user_sgpr_count});
  o->push_back({"  enable_trap_handler", r.enable_trap_handler});
  o->push_back({"  enable_sgpr_workgroup_id_x", r.enable_sgpr_workgroup_id_x});
  o->push_back({"  enable_sgpr_workgroup_id_y", r.enable_sgpr_workgroup_id_y});
  o->push_back({"  enable_sgpr_workgroup_id_z", r.enable_sgpr_workgroup_id_z});
  o->push_back({"  enable_sgpr_workgroup_info", r.enable_sgpr_workgroup_info});
  o->push_back({"  enable_vgpr_workitem_id", r.enable_vgpr_workitem_id});
  o->push_back({"  enable_exception_address_watch", r.enable_exception_address_watch});
  o->push_back({"  enable_exception_memory", r.enable_exception_memory});
  o->push_back({"  granulated_lds_size", r.granulated_lds_size});
  o->push_back({"  enable_exception_ieee_754_fp_invalid_operation", (r.enable_exception >> 0) & 1});
  o->push_back({"  enable_exception_fp_denormal_source", (r.enable_exception >> 1) & 1});
  o->push_back({"  enable_exception_ieee_754_fp_division_by_zero", (r.enable_exception >> 2) & 1});
  o->push_back({"  enable_exception_ieee_754_fp_overflow", (r.enable_exception >> 3) & 1});
  o->push_back({"  enable_exception_ieee_754_fp_underflow", (r.enable_exception >> 4) & 1});
  o->push_back({"  enable_exception_ieee_754_fp_inexact", (r.enable_exception >> 5) & 1});
  o->push_back({"  enable_exception_int_divide_by_zero", (r.enable_exception >> 6) & 1});
}

void checkRsrc1(const PgmRsrc1& r, Gen gen, const std::string& w, std::vector<std::string>* p) {
  auto must0 = [&](bool set, const char* what) {
    if (set) p->push_back(w + ": " + what + " must be 0 (filled in by CP)");
  };
  must0(r.priority, "PRIORITY (bits 11:10)");
  must0(r.priv, "PRIV (bit 20)");
  must0(r.debug_mode, "DEBUG_MODE (bit 22)");
  must0(r.bulky, "BULKY (bit 24)");
  must0(r.cdbg_user, "CDBG_USER (bit 25)");
  if (r.fp16_ovfl && gen < Gen::GFX9)
    p->push_back(w + ": FP16_OVFL (bit 26) is reserved on GFX6-GFX8 and must be 0");
  if (r.reserved)
    p->push_back(w + ": reserved bits 31:27 must be 0 (are " + std::to_string(r.reserved) + ")");
}

void checkRsrc2(const PgmRsrc2& r, const std::string& w, std::vector<std::string>* p) {
  if (r.enable_trap_handler)
    p->push_back(w + ": ENABLE_TRAP_HANDLER (bit 6) must be 0 (CP sets TRAP_PRESENT)");
  if (r.enable_exception_address_watch)
    p->push_back(w + ": ENABLE_EXCEPTION_ADDRESS_WATCH (bit 13) must be 0");
  if (r.enable_exception_memory) p->push_back(w + ": ENABLE_EXCEPTION_MEMORY (bit 14) must be 0");
  if (r.granulated_lds_size)
    p->push_back(w + ": GRANULATED_LDS_SIZE (bits 23:15) must be 0 (CP uses the dispatch packet)");
  if (r.enable_vgpr_workitem_id == 3)
    p->push_back(w + ": ENABLE_VGPR_WORKITEM_ID (bits 12:11) is 3 (undefined)");
  if (r.reserved) p->push_back(w + ": reserved bit 31 must be 0");
}

uint32_t allocatedVgprs(const PgmRsrc1& r, Gen gen) {
  // GFX90A allocates VGPRs and AccVGPRs from one file in blocks of 8.
  return (r.granulated_workitem_vgpr_count + 1) * (isCdna2On(gen) ? 8 : 4);
}

uint32_t allocatedSgprs(const PgmRsrc1& r, Gen gen) {
  // GFX9 encodes 2 * (blocks of 16 - 1), i.e. still units of 8.
  (void)gen;
  return (r.granulated_wavefront_sgpr_count + 1) * 8;
}

}  // namespace gcn::codeobj
