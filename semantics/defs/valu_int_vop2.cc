// Integer and bitwise VOP1/VOP2 definitions (their e64, SDWA and DPP forms
// share them). Operation text from GcnInstrsVop1.md / GcnInstrsVop2.md; the
// disagreements are rows in isa/errata/semantics_valu.inc. v_mov_b32,
// v_add*, v_addc*, v_cndmask_b32 and readlane/writelane/readfirstlane are in
// vector_basic.cc, the subtracts with borrow in valu_int_sub.cc and the
// 16-bit operations in valu_int_16.cc.
#include "semantics/defs/screen_partition.h"
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

// ------------------------------------------------------------------ VOP1
// Do nothing.
GCN_VALU(v_nop) {}
// VDST = SRC0 (the EDC error injection has no functional effect)
GCN_VALU(v_mov_fed_b32) { d.setU32(d.u32(0)); }
// VDST = ~SRC0
GCN_VALU(v_not_b32) { d.setU32(~d.u32(0)); }
// VDST = REVBIT(SRC0)
GCN_VALU(v_bfrev_b32) { d.setU32(bitrev(d.u32(0))); }
// VDST = 31 - index of the highest set bit, -1 if none
GCN_VALU(v_ffbh_u32) { d.setU32(findMsbFromTop(d.u32(0))); }
// VDST = index of the lowest set bit, -1 if none
GCN_VALU(v_ffbl_b32) { d.setU32(findLsb(d.u32(0))); }
// VDST = 31 - index of the highest bit that differs from the sign bit; -1
// for 0 and -1 (searching ~SRC0 for negative values is the same search).
GCN_VALU(v_ffbh_i32) {
  auto x = d.u32(0);
  d.setU32(findMsbFromTop(select(slt(x, 0u), ~x, x)));
}
// VDST[7:0] = sat_u8((INT16)SRC0[15:0]); VDST[15:8] = sat_u8((INT16)SRC0[31:16])
GCN_VALU(v_sat_pk_u8_i16) {
  auto x = d.u32(0);
  auto lo = smax(smin(s16(x), 255u), 0u);
  auto hi = smax(smin(s16(x >> 16u), 255u), 0u);
  d.setU16(lo | (hi << 8u));
}

// VDST = TABLE[SRC0 & 0xff] (screen_partition.h)
GCN_LIFT1(screenPartition4se)
GCN_VALU(v_screen_partition_4se_b32) { d.setU32(screenPartition4se(d.u32(0))); }

// ------------------------------------------------------- VOP2: 24-bit muls
// VDST = (INT32)SEXT24(SRC0) * SEXT24(SRC1). "Any modifier doesn't affect
// the result": clamp (which llvm accepts on GFX8+) is ignored.
GCN_VALU(v_mul_i32_i24) { d.setU32(i24(d.u32(0)) * i24(d.u32(1))); }
// VDST = ((INT64)SEXT24(SRC0) * SEXT24(SRC1)) >> 32
GCN_VALU(v_mul_hi_i32_i24) { d.setU32(mulhiI32(i24(d.u32(0)), i24(d.u32(1)))); }
// VDST = (SRC0 & 0xffffff) * (SRC1 & 0xffffff)
GCN_VALU(v_mul_u32_u24) { d.setU32(u24(d.u32(0)) * u24(d.u32(1))); }
// VDST = ((UINT64)(SRC0 & 0xffffff) * (SRC1 & 0xffffff)) >> 32
GCN_VALU(v_mul_hi_u32_u24) { d.setU32(mulhiU32(u24(d.u32(0)), u24(d.u32(1)))); }

// ------------------------------------------------------ VOP2: min/max/bits
GCN_VALU(v_min_i32) { d.setU32(smin(d.u32(0), d.u32(1))); }
GCN_VALU(v_max_i32) { d.setU32(smax(d.u32(0), d.u32(1))); }
GCN_VALU(v_min_u32) { d.setU32(umin(d.u32(0), d.u32(1))); }
GCN_VALU(v_max_u32) { d.setU32(umax(d.u32(0), d.u32(1))); }

// Shifts: the count is masked to the width, as the spec writes it.
// VDST = SRC0 >> (SRC1 & 31)
GCN_VALU(v_lshr_b32) { auto a = d.u32(0), b = d.u32(1); d.setU32(a >> (b & 31u)); }
// VDST = SRC1 >> (SRC0 & 31)
GCN_VALU(v_lshrrev_b32) { auto a = d.u32(0), b = d.u32(1); d.setU32(b >> (a & 31u)); }
// VDST = (INT32)SRC0 >> (SRC1 & 31)
GCN_VALU(v_ashr_i32) { auto a = d.u32(0), b = d.u32(1); d.setU32(ashr(a, b & 31u)); }
// VDST = (INT32)SRC1 >> (SRC0 & 31)
GCN_VALU(v_ashrrev_i32) { auto a = d.u32(0), b = d.u32(1); d.setU32(ashr(b, a & 31u)); }
// VDST = SRC0 << (SRC1 & 31)
GCN_VALU(v_lshl_b32) { auto a = d.u32(0), b = d.u32(1); d.setU32(a << (b & 31u)); }
// VDST = SRC1 << (SRC0 & 31)
GCN_VALU(v_lshlrev_b32) { auto a = d.u32(0), b = d.u32(1); d.setU32(b << (a & 31u)); }

GCN_VALU(v_and_b32) { d.setU32(d.u32(0) & d.u32(1)); }
GCN_VALU(v_or_b32) { d.setU32(d.u32(0) | d.u32(1)); }
GCN_VALU(v_xor_b32) { d.setU32(d.u32(0) ^ d.u32(1)); }
// VDST = ~(SRC0 ^ SRC1) (gfx906)
GCN_VALU(v_xnor_b32) { d.setU32(~(d.u32(0) ^ d.u32(1))); }

// VDST = ((1 << (SRC0 & 31)) - 1) << (SRC1 & 31)
GCN_VALU(v_bfm_b32) {
  auto a = d.u32(0), b = d.u32(1);
  d.setU32(((1u << (a & 31u)) - 1u) << (b & 31u));
}
// VDST = SRC1 + BITCOUNT(SRC0)
GCN_VALU(v_bcnt_u32_b32) { auto a = d.u32(0), b = d.u32(1); d.setU32(b + popcount(a)); }
// VDST = SRC1 + BITCOUNT(SRC0 & lanes-below-this-one[31:0])
GCN_VALU(v_mbcnt_lo_u32_b32) {
  auto a = d.u32(0), b = d.u32(1);
  auto lane = d.laneId();
  auto below = select(lane >= 32u, 0xffffffffu, (1u << (lane & 31u)) - 1u);
  d.setU32(b + popcount(a & below));
}
// VDST = SRC1 + BITCOUNT(SRC0 & lanes-below-this-one[63:32]) (the spec's
// 1 << (LANEID-32) is a negative shift below lane 32: erratum)
GCN_VALU(v_mbcnt_hi_u32_b32) {
  auto a = d.u32(0), b = d.u32(1);
  auto lane = d.laneId();
  auto below = select(lane < 32u, 0u, (1u << (lane & 31u)) - 1u);
  d.setU32(b + popcount(a & below));
}

// D0 = MIN(SRC0, 0xffff); D1 = MIN(SRC1, 0xffff); VDST = D0 | D1 << 16
GCN_VALU(v_cvt_pk_u16_u32) {
  auto a = d.u32(0), b = d.u32(1);
  d.setU32(satU16(a) | (satU16(b) << 16u));
}
// D0/D1 = signed saturation to 16 bits; VDST = D0[15:0] | D1 << 16 (the
// spec ORs the sign-extended D0: erratum)
GCN_VALU(v_cvt_pk_i16_i32) {
  auto a = d.u32(0), b = d.u32(1);
  d.setU32(satS16(a) | (satS16(b) << 16u));
}

}  // namespace gcn::sem
