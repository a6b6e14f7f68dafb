// Vector ALU rows of the CDNA processors outside the matrix unit: the
// AccVGPR moves, packed f32 (GFX90A), v_fmac_f64, the dot-c forms and
// v_pk_fmac_f16, and GFX940's fmamk/fmaak, 64-bit move and shift-add.
#include "semantics/defs/valu_int.h"
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// V_ACCVGPR_READ_B32 / WRITE_B32 / MOV_B32: a dword between the files (the
// operand rows already name the AccVGPR or VGPR file).
GCN_VALU(v_accvgpr_read_b32) { d.setU32(d.u32(0)); }
GCN_VALU(v_accvgpr_write_b32) { d.setU32(d.u32(0)); }
GCN_VALU(v_accvgpr_mov_b32) { d.setU32(d.u32(0)); }

// V_PK_FMA_F32: D[31:0] = fma(S0, S1, S2) of the dwords op_sel picks, with
// neg_lo; D[63:32] the same with op_sel_hi and neg_hi. Clamp per element.
GCN_VALU(v_pk_fma_f32) {
  auto lo = ffma(d.mode(), d.pkF32(0, false), d.pkF32(1, false), d.pkF32(2, false));
  auto hi = ffma(d.mode(), d.pkF32(0, true), d.pkF32(1, true), d.pkF32(2, true));
  d.setPkF32(lo, hi);
}
GCN_VALU(v_pk_mul_f32) {
  auto lo = fmul(d.mode(), d.pkF32(0, false), d.pkF32(1, false));
  auto hi = fmul(d.mode(), d.pkF32(0, true), d.pkF32(1, true));
  d.setPkF32(lo, hi);
}
GCN_VALU(v_pk_add_f32) {
  auto lo = fadd(d.mode(), d.pkF32(0, false), d.pkF32(1, false));
  auto hi = fadd(d.mode(), d.pkF32(0, true), d.pkF32(1, true));
  d.setPkF32(lo, hi);
}
// V_PK_MOV_B32: D[31:0] = the dword of S0 op_sel[0] picks, D[63:32] the
// dword of S1 op_sel[1] picks.
GCN_VALU(v_pk_mov_b32) {
  auto lo = d.pkU32(0, false);
  auto hi = d.pkU32(1, false);
  d.setU64(zext64(lo) | (zext64(hi) << 32u));
}

// V_FMAC_F64: VDST = fma(S0, S1, VDST).
GCN_VALU(v_fmac_f64) { d.setF64(ffma(d.mode(), d.f64(0), d.f64(1), asF64(d.dstOld64()))); }

// V_FMAMK_F32: VDST = fma(S0, K, S1); V_FMAAK_F32: VDST = fma(S0, S1, K)
// (GFX940, at the opcodes of v_madmk/v_madak).
GCN_VALU(v_fmamk_f32) { d.setF32(ffma(d.mode(), d.f32(0), asF32(d.literalK()), d.f32(1))); }
GCN_VALU(v_fmaak_f32) { d.setF32(ffma(d.mode(), d.f32(0), d.f32(1), asF32(d.literalK()))); }

// The dot-c forms (VOP2, the accumulator is VDST): S0's and S1's halves
// (or nibbles) are elements 0 and 1 in place.
// V_DOT2C_F32_F16: VDST = fma(S0[1], S1[1], fma(S0[0], S1[0], VDST)) in f32.
GCN_VALU(v_dot2c_f32_f16) {
  const auto& m = d.mode();
  auto a = d.u32(0), b = d.u32(1);
  auto lo = ffma(m, h2f(m, a & 0xffffu), h2f(m, b & 0xffffu), asF32(d.dstOld32()));
  d.setF32(ffma(m, h2f(m, a >> 16u), h2f(m, b >> 16u), lo));
}
// The integer dot-c forms: VDST + the sum of the signed products of the
// `bits`-wide fields of S0 and S1, in 32 bits with wrap-around.
template <class D> inline void dotcSigned(D& d, int bits) {
  auto a = d.u32(0), b = d.u32(1);
  auto sum = d.dstOld32();
  for (int i = 0; i < 32 / bits; ++i) sum = sum + fieldS(a, bits, i) * fieldS(b, bits, i);
  d.setU32(sum);
}
// V_DOT2C_I32_I16, V_DOT4C_I32_I8, V_DOT8C_I32_I4.
GCN_VALU(v_dot2c_i32_i16) { dotcSigned(d, 16); }
GCN_VALU(v_dot4c_i32_i8) { dotcSigned(d, 8); }
GCN_VALU(v_dot8c_i32_i4) { dotcSigned(d, 4); }
// V_PK_FMAC_F16: each half of VDST = fma(S0 half, S1 half, VDST half).
GCN_VALU(v_pk_fmac_f16) {
  const auto& m = d.mode();
  auto a = d.u32(0), b = d.u32(1), c = d.dstOld32();
  auto lo = hfma(m, a & 0xffffu, b & 0xffffu, c & 0xffffu);
  auto hi = hfma(m, a >> 16u, b >> 16u, c >> 16u);
  d.setU32((lo & 0xffffu) | (hi << 16u));
}

// V_MOV_B64: VDST = S0 (64 bits).
GCN_VALU(v_mov_b64) { d.setU64(d.u64(0)); }
// V_LSHL_ADD_U64: VDST = (S0 << S1[2:0]) + S2.
GCN_VALU(v_lshl_add_u64) {
  auto a = d.u64(0);
  auto s = d.u32(1);
  auto c = d.u64(2);
  d.setU64((a << (s & 7u)) + c);
}

}  // namespace gcn::sem
