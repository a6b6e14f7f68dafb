// VALU conversions involving floating point: float <-> int with
// saturation, f16 <-> f32 <-> f64 with MODE rounding, the packing converts
// (pkrtz, pknorm, pk_u8, pkaccum), v_pack_b32_f16. Domain functions in
// valu_fp.h. Integer results take no omod/clamp.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// VDST = (INT32)MAX(MIN(RNDTZINT(SRC0), INT_MAX), INT_MIN); NaN -> 0
GCN_VALU(v_cvt_i32_f32) { d.setU32(cvtToI32(d.mode(), d.f32(0))); }
GCN_VALU(v_cvt_i32_f64) { d.setU32(cvtToI32(d.mode(), d.f64(0))); }
// VDST = (UINT32)MIN(RNDTZINT(SRC0), UINT_MAX); NaN and negatives -> 0
GCN_VALU(v_cvt_u32_f32) { d.setU32(cvtToU32(d.mode(), d.f32(0))); }
GCN_VALU(v_cvt_u32_f64) { d.setU32(cvtToU32(d.mode(), d.f64(0))); }
// VDST = (INT32)FLOOR(SF + 0.5) / FLOOR(SF), saturated; NaN -> MAX/MIN by sign
GCN_VALU(v_cvt_rpi_i32_f32) { d.setU32(cvtRpiI32(d.mode(), d.f32(0))); }
GCN_VALU(v_cvt_flr_i32_f32) { d.setU32(cvtFlrI32(d.mode(), d.f32(0))); }
// VDST = (FLOAT)(INT32)SRC0 ; (FLOAT)SRC0 ; (DOUBLE)...
GCN_VALU(v_cvt_f32_i32) { d.setF32(cvtI32ToF32(d.mode(), d.u32(0))); }
GCN_VALU(v_cvt_f32_u32) { d.setF32(cvtU32ToF32(d.mode(), d.u32(0))); }
GCN_VALU(v_cvt_f64_i32) { d.setF64(cvtI32ToF64(d.mode(), d.u32(0))); }
GCN_VALU(v_cvt_f64_u32) { d.setF64(cvtU32ToF64(d.mode(), d.u32(0))); }
// VDST = (FLOAT)((SRC0 >> 8N) & 0xff)
GCN_VALU(v_cvt_f32_ubyte0) { d.setF32(cvtU32ToF32(d.mode(), d.u32(0) & 0xffu)); }
GCN_VALU(v_cvt_f32_ubyte1) { d.setF32(cvtU32ToF32(d.mode(), (d.u32(0) >> 8u) & 0xffu)); }
GCN_VALU(v_cvt_f32_ubyte2) { d.setF32(cvtU32ToF32(d.mode(), (d.u32(0) >> 16u) & 0xffu)); }
GCN_VALU(v_cvt_f32_ubyte3) { d.setF32(cvtU32ToF32(d.mode(), d.u32(0) >> 24u)); }
// VDST = (FLOAT)((SRC0 & 0xf) ^ 8) / 16.0 - 0.5
GCN_VALU(v_cvt_off_f32_i4) { d.setF32(cvtOffF32I4(d.mode(), d.u32(0))); }
// VDST = (FLOAT)ASDOUBLE(SRC0) (the spec's CVTHALF is a typo) ; (DOUBLE)ASFLOAT(SRC0)
GCN_VALU(v_cvt_f32_f64) { d.setF32(cvtF64ToF32(d.mode(), d.f64(0))); }
GCN_VALU(v_cvt_f64_f32) { d.setF64(cvtF32ToF64(d.mode(), d.f32(0))); }
// VDST = CVTHALF(ASFLOAT(SRC0)) ; (FLOAT)ASHALF(SRC0)
GCN_VALU(v_cvt_f16_f32) { d.setF16(cvtF32ToF16(d.mode(), d.f32(0))); }
GCN_VALU(v_cvt_f32_f16) { d.setF32(cvtF16ToF32(d.mode(), d.f16(0))); }
// VDST = (HALF)(INT16)SRC0 ; (HALF)(SRC0 & 0xffff)
GCN_VALU(v_cvt_f16_i16) { d.setF16(cvtI16ToF16(d.mode(), d.u16(0))); }
GCN_VALU(v_cvt_f16_u16) { d.setF16(cvtU16ToF16(d.mode(), d.u16(0))); }
// VDST = (INT16)MAX(MIN(RNDTZINT(SRC0), 32767), -32768) ; (UINT16)MIN(.., 65535); NaN -> 0
GCN_VALU(v_cvt_i16_f16) { d.setU16(cvtF16ToI16(d.mode(), d.f16(0))); }
GCN_VALU(v_cvt_u16_f16) { d.setU16(cvtF16ToU16(d.mode(), d.f16(0))); }
// VDST = (INT16)MAX(MIN(RNDINT(SRC0 * 32767), 32767), -32767) ; u16: * 65535, [0, 65535]
GCN_VALU(v_cvt_norm_i16_f16) { d.setU16(hcvtNormI16(d.mode(), d.f16(0))); }
GCN_VALU(v_cvt_norm_u16_f16) { d.setU16(hcvtNormU16(d.mode(), d.f16(0))); }

// VDST = roundNorm(SRC0) | roundNorm(SRC1) << 16
GCN_VALU(v_cvt_pknorm_i16_f32) {
  const auto& m = d.mode();
  d.setU32(cvtNormI16(m, d.f32(0)) | cvtNormI16(m, d.f32(1)) << 16u);
}
GCN_VALU(v_cvt_pknorm_u16_f32) {
  const auto& m = d.mode();
  d.setU32(cvtNormU16(m, d.f32(0)) | cvtNormU16(m, d.f32(1)) << 16u);
}
GCN_VALU(v_cvt_pknorm_i16_f16) {
  const auto& m = d.mode();
  d.setU32(hcvtNormI16(m, d.f16(0)) | hcvtNormI16(m, d.f16(1)) << 16u);
}
GCN_VALU(v_cvt_pknorm_u16_f16) {
  const auto& m = d.mode();
  d.setU32(hcvtNormU16(m, d.f16(0)) | hcvtNormU16(m, d.f16(1)) << 16u);
}
// VDST = CVT_HALF_RTZ(SRC0) | CVT_HALF_RTZ(SRC1) << 16
GCN_VALU(v_cvt_pkrtz_f16_f32) {
  const auto& m = d.mode();
  d.setU32(cvtF32ToF16Rtz(m, d.f32(0)) | cvtF32ToF16Rtz(m, d.f32(1)) << 16u);
}
// shift = (SRC1 & 3) * 8; VDST = (SRC2 & ~(0xff << shift)) | U8(SRC0) << shift
// (U8 = RNDNE clamped to [0, 255], NaN -> 0; the spec's "if (ISNAN(f))" is inverted)
GCN_VALU(v_cvt_pk_u8_f32) {
  auto shift = (d.u32(1) & 3u) * 8u;
  auto v = cvtU8(d.mode(), d.f32(0));
  d.setU32((d.u32(2) & ~(0xffu << shift)) | v << shift);
}
// the same into VDST's own byte
GCN_VALU(v_cvt_pkaccum_u8_f32) {
  auto shift = (d.u32(1) & 3u) * 8u;
  auto v = cvtU8(d.mode(), d.f32(0));
  d.setU32((d.dstOld32() & ~(0xffu << shift)) | v << shift);
}
// VDST = SRC0.f16 | SRC1.f16 << 16 (op_sel picks the halves, abs/neg apply)
GCN_VALU(v_pack_b32_f16) { d.setU32(d.f16(0) | d.f16(1) << 16u); }

}  // namespace gcn::sem
