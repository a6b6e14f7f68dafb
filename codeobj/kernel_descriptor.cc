#include "codeobj/kernel_descriptor.h"

#include <cstring>

namespace gcn::codeobj {

KernelDescriptor decodeKernelDescriptor(ByteView b) {
  KernelDescriptor kd;
  if (b.size() < kKernelDescriptorSize) return kd;
  std::memcpy(kd.bytes, b.data(), kKernelDescriptorSize);
  kd.group_segment_fixed_size = b.u32(0);
  kd.private_segment_fixed_size = b.u32(4);
  kd.kernarg_size = b.u32(8);
  kd.kernel_code_entry_byte_offset = int64_t(b.u64(16));
  kd.compute_pgm_rsrc3 = b.u32(44);
  kd.rsrc1 = decodeRsrc1(b.u32(48));
  kd.rsrc2 = decodeRsrc2(b.u32(52));
  uint16_t p = b.u16(56);
  kd.kernel_code_properties = p;
  kd.user_sgprs = decodeUserSgprEnables(p, 7);
  kd.enable_wavefront_size32 = (p >> 10) & 1;
  kd.uses_dynamic_stack = (p >> 11) & 1;
  const uint16_t preload = b.u16(58);
  kd.kernarg_preload_length = preload & 0x7f;
  kd.kernarg_preload_offset = preload >> 7;
  return kd;
}

void listKernelDescriptor(const KernelDescriptor& kd, Gen gen, std::vector<Field>* o) {
  o->push_back({"group_segment_fixed_size", kd.group_segment_fixed_size});
  o->push_back({"private_segment_fixed_size", kd.private_segment_fixed_size});
  o->push_back({"kernarg_size", kd.kernarg_size});
  o->push_back({"kernel_code_entry_byte_offset", uint64_t(kd.kernel_code_entry_byte_offset)});
  o->push_back({"compute_pgm_rsrc3", kd.compute_pgm_rsrc3});
  if (isCdna2On(gen)) {  // reserved before GFX90A (checkKernelDescriptor)
    o->push_back({"  accum_offset", accumOffset(kd)});
    o->push_back({"  tg_split", (kd.compute_pgm_rsrc3 >> 16) & 1});
  }
  listRsrc1(kd.rsrc1, o);
  listRsrc2(kd.rsrc2, o);
  o->push_back({"kernel_code_properties", kd.kernel_code_properties});
  listUserSgprEnables(kd.user_sgprs, 7, o);
  o->push_back({"  enable_wavefront_size32", kd.enable_wavefront_size32});
  o->push_back({"  uses_dynamic_stack", kd.uses_dynamic_stack});
  if (isCdna2On(gen)) {
    o->push_back({"kernarg_preload_spec_length", kd.kernarg_preload_length});
    o->push_back({"kernarg_preload_spec_offset", kd.kernarg_preload_offset});
  }
}

void checkKernelDescriptor(const KernelDescriptor& kd, Gen gen, const std::string& w,
                           std::vector<std::string>* p) {
  auto zeroBytes = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i)
      if (kd.bytes[i]) {
        p->push_back(w + ": reserved byte " + std::to_string(i) + " is " + hex(kd.bytes[i]) +
                     ", must be 0 (bytes " + std::to_string(from) + ".." +
                     std::to_string(to - 1) + " are reserved)");
        return;
      }
  };
  zeroBytes(12, 16);
  zeroBytes(24, 44);
  zeroBytes(isCdna2On(gen) ? 60 : 58, 64);
  if (isCdna2On(gen)) {
    if (kd.compute_pgm_rsrc3 & ~kRsrc3Gfx90aFields)
      p->push_back(w + ": COMPUTE_PGM_RSRC3 (byte 44) is " + hex(kd.compute_pgm_rsrc3) +
                   ", only ACCUM_OFFSET (bits 5:0) and TG_SPLIT (bit 16) are defined on GFX90A");
  } else if (kd.compute_pgm_rsrc3) {
    p->push_back(w + ": COMPUTE_PGM_RSRC3 (byte 44) is " + hex(kd.compute_pgm_rsrc3) +
                 ", reserved on GFX6-GFX9 before GFX90A and must be 0");
  }
  if (hasArchitectedFlatScratch(gen)) {
    if (kd.user_sgprs.private_segment_buffer)
      p->push_back(w + ": ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER (byte 56 bit 0) is set; GFX940's "
                       "architected flat scratch has no private segment buffer, it must be 0");
    if (kd.user_sgprs.flat_scratch_init)
      p->push_back(w + ": ENABLE_SGPR_FLAT_SCRATCH_INIT (byte 56 bit 5) is set; GFX940's "
                       "architected flat scratch has no flat scratch init, it must be 0");
  }
  checkRsrc1(kd.rsrc1, gen, w + ": COMPUTE_PGM_RSRC1 (byte 48)", p);
  checkRsrc2(kd.rsrc2, w + ": COMPUTE_PGM_RSRC2 (byte 52)", p);
  uint16_t props = kd.kernel_code_properties;
  if (props & 0x0380)
    p->push_back(w + ": kernel_code_properties (byte 56) reserved bits 9:7 are set (" +
                 hex(props) + ")");
  if (props & 0xf000)
    p->push_back(w + ": kernel_code_properties (byte 56) reserved bits 15:12 are set (" +
                 hex(props) + ")");
  if (kd.enable_wavefront_size32)
    p->push_back(w + ": ENABLE_WAVEFRONT_SIZE32 (byte 56 bit 10) is reserved on GFX6-GFX9");
  if (kd.rsrc2.user_sgpr_count != userSgprsRequested(kd))
    p->push_back(w + ": COMPUTE_PGM_RSRC2.USER_SGPR_COUNT is " +
                 std::to_string(kd.rsrc2.user_sgpr_count) + " but the enable_sgpr_* bits " +
                 (kd.kernarg_preload_length ? "and the preloaded kernarg dwords " : "") +
                 "request " + std::to_string(userSgprsRequested(kd)) + " user SGPRs");
  if (userSgprsRequested(kd) > 16)
    p->push_back(w + ": " + std::to_string(userSgprsRequested(kd)) +
                 " user SGPRs requested (enables and " +
                 std::to_string(kd.kernarg_preload_length) +
                 " preloaded kernarg dwords); the CP loads at most 16");
}

}  // namespace gcn::codeobj
