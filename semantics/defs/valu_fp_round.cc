// VALU floating-point exponent and rounding operations: ldexp, frexp,
// fract, trunc/ceil/floor/rndne, and the cube map helpers; f16, f32, f64.
// Operation text from GcnInstrsVop1/2/3.md; the NaN, denormal and rounding
// rules live in fp.h / valu_fp.h.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// ---- ldexp / frexp / fract / rounding -------------------------------------
// VDST = SRC0 * POW(2.0, (INT32)SRC1)
GCN_VALU(v_ldexp_f32) { d.setF32(fldexp(d.mode(), d.f32(0), d.u32(1))); }
GCN_VALU(v_ldexp_f64) { d.setF64(fldexp(d.mode(), d.f64(0), d.u32(1))); }
GCN_VALU(v_ldexp_f16) { d.setF16(hldexp(d.mode(), d.f16(0), d.u32(1))); }
// VDST = FREXP_MANT(SF) * SIGN(SF); inf -> SF (GCN 1.0: -NaN); NaN -> NaN
GCN_VALU(v_frexp_mant_f32) { d.setF32(ffrexpMant(d.mode(), d.f32(0), d.gen() == Gen::GFX6)); }
GCN_VALU(v_frexp_mant_f64) { d.setF64(ffrexpMant(d.mode(), d.f64(0), d.gen() == Gen::GFX6)); }
GCN_VALU(v_frexp_mant_f16) { d.setF16(hfrexpMant(d.mode(), d.f16(0))); }
// VDST = FREXP_EXP(SF); inf/NaN -> 0 (GCN 1.0: -1). Integer result: no omod/clamp.
GCN_VALU(v_frexp_exp_i32_f32) { d.setU32(ffrexpExp(d.mode(), d.f32(0), d.gen() == Gen::GFX6)); }
GCN_VALU(v_frexp_exp_i32_f64) { d.setU32(ffrexpExp(d.mode(), d.f64(0), d.gen() == Gen::GFX6)); }
GCN_VALU(v_frexp_exp_i16_f16) { d.setU16(hfrexpExp(d.mode(), d.f16(0))); }
// VDST = SF - FLOOR(SF) (below 1.0); inf -> NaN
GCN_VALU(v_fract_f32) { d.setF32(ffract(d.mode(), d.f32(0))); }
GCN_VALU(v_fract_f64) { d.setF64(ffract(d.mode(), d.f64(0))); }
GCN_VALU(v_fract_f16) { d.setF16(hfract(d.mode(), d.f16(0))); }
// RNDTZ / CEIL / FLOOR / RNDNE
GCN_VALU(v_trunc_f32) { d.setF32(ftrunc(d.mode(), d.f32(0))); }
GCN_VALU(v_ceil_f32) { d.setF32(fceil(d.mode(), d.f32(0))); }
GCN_VALU(v_floor_f32) { d.setF32(ffloor(d.mode(), d.f32(0))); }
GCN_VALU(v_rndne_f32) { d.setF32(frndne(d.mode(), d.f32(0))); }
GCN_VALU(v_trunc_f64) { d.setF64(ftrunc(d.mode(), d.f64(0))); }
GCN_VALU(v_ceil_f64) { d.setF64(fceil(d.mode(), d.f64(0))); }
GCN_VALU(v_floor_f64) { d.setF64(ffloor(d.mode(), d.f64(0))); }
GCN_VALU(v_rndne_f64) { d.setF64(frndne(d.mode(), d.f64(0))); }
GCN_VALU(v_trunc_f16) { d.setF16(htrunc(d.mode(), d.f16(0))); }
GCN_VALU(v_ceil_f16) { d.setF16(hceil(d.mode(), d.f16(0))); }
GCN_VALU(v_floor_f16) { d.setF16(hfloor(d.mode(), d.f16(0))); }
GCN_VALU(v_rndne_f16) { d.setF16(hrndne(d.mode(), d.f16(0))); }

// V_CLREXCP: clears the FP exception state, which the functional model
// does not keep (no TRAPSTS exception bits are raised by VALU ops): no-op.
GCN_VALU(v_clrexcp) {}

// ---- cube map (GcnInstrsVop3.md V_CUBE*_F32) --------------------------------
// Major axis: z if |SF2| >= |SF1| and |SF2| >= |SF0|, else y if |SF1| >=
// |SF0|, else x. SIGN(v) multiplies by -1 for a set sign bit.
template <class D> struct Cube {
  typename D::F32 x, y, z;
  typename D::Bool zmaj, ymaj;
  explicit Cube(D& d) : x(d.f32(0)), y(d.f32(1)), z(d.f32(2)) {
    auto ax = fabsBits(x), ay = fabsBits(y), az = fabsBits(z);
    zmaj = (az >= ay) & (az >= ax);
    ymaj = (!zmaj) & (ay >= ax);
  }
  // SIGN(s) * v
  static auto sgn(const typename D::F32& s, const typename D::F32& v) {
    return select(signBit(s), fnegBits(v), v);
  }
};
// OUT = z-major ? (SF2 >= 0 ? 4 : 5) : y-major ? (SF1 >= 0 ? 2 : 3) : (SF0 >= 0 ? 0 : 1)
GCN_VALU(v_cubeid_f32) {
  Cube<D> c(d);
  auto id = select(c.zmaj, select(c.z >= 0.0f, 4.0f, 5.0f),
                   select(c.ymaj, select(c.y >= 0.0f, 2.0f, 3.0f), select(c.x >= 0.0f, 0.0f, 1.0f)));
  d.setF32(id);
}
// OUT = 2 * major
GCN_VALU(v_cubema_f32) {
  Cube<D> c(d);
  const auto& m = d.mode();
  auto major = select(c.zmaj, c.z, select(c.ymaj, c.y, c.x));
  d.setF32(fadd(m, major, major));
}
// OUT = z-major ? SIGN(SF2)*SF0 : y-major ? SF0 : -SIGN(SF0)*SF2
GCN_VALU(v_cubesc_f32) {
  Cube<D> c(d);
  d.setF32(select(c.zmaj, Cube<D>::sgn(c.z, c.x), select(c.ymaj, c.x, fnegBits(Cube<D>::sgn(c.x, c.z)))));
}
// OUT = z-major ? -SF1 : y-major ? SIGN(SF1)*SF2 : -SF1
GCN_VALU(v_cubetc_f32) {
  Cube<D> c(d);
  d.setF32(select(c.ymaj, Cube<D>::sgn(c.y, c.z), fnegBits(c.y)));
}

}  // namespace gcn::sem
