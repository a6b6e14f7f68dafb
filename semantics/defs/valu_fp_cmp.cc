// VOPC floating-point compares (v_cmp/v_cmpx, GFX6/7 v_cmps/v_cmpsx, and
// v_cmp_class) on f16, f32, f64. Ordered predicates are false and the
// negated ("n") ones true when an operand is NaN. Operands are flushed per
// MODE's input denormal control (a flushed denormal equals 0); v_cmps*
// differ only in the exception they signal. v_cmpx also writes EXEC
// (setCmp).
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

namespace {
template <class A> inline auto unord(const A& a, const A& b) { return isNanBits(a) | isNanBits(b); }
// The 16 predicates of the opcode's low 4 bits.
#define GCN_FCMP_PREDS(X)                                                     \
  X(f, !((a == a) | !(a == a)))                                               \
  X(lt, a < b) X(eq, a == b) X(le, a <= b) X(gt, a > b)                       \
  X(lg, (a < b) | (a > b)) X(ge, a >= b) X(o, !unord(a, b)) X(u, unord(a, b)) \
  X(nge, !(a >= b)) X(nlg, !((a < b) | (a > b))) X(ngt, !(a > b))             \
  X(nle, !(a <= b)) X(neq, !(a == b)) X(nlt, !(a < b))                        \
  X(tru, (a == a) | !(a == a))
}  // namespace

#define GCN_FCMP_DEF(name, fetch, pred)                                       \
  GCN_VALU(name) {                                                            \
    const auto& m = d.mode();                                                        \
    auto a = fetch(0), b = fetch(1);                                          \
    (void)b; /* v_cmp_f and v_cmp_tru read no source */                      \
    d.setCmp(pred);                                                           \
  }
#define GCN_F32(i) cmpIn(m, d.f32(i))
#define GCN_F64(i) cmpIn(m, d.f64(i))
#define GCN_F16(i) hcmpIn(m, d.f16(i))
#define GCN_FCMP_ALL(op, pred)                                                \
  GCN_FCMP_DEF(v_cmp_##op##_f32, GCN_F32, pred)                               \
  GCN_FCMP_DEF(v_cmp_##op##_f64, GCN_F64, pred)                               \
  GCN_FCMP_DEF(v_cmp_##op##_f16, GCN_F16, pred)                               \
  GCN_VALU_AS(v_cmpx_##op##_f32, v_cmp_##op##_f32);                           \
  GCN_VALU_AS(v_cmpx_##op##_f64, v_cmp_##op##_f64);                           \
  GCN_VALU_AS(v_cmpx_##op##_f16, v_cmp_##op##_f16);                           \
  GCN_VALU_AS(v_cmps_##op##_f32, v_cmp_##op##_f32);                           \
  GCN_VALU_AS(v_cmpsx_##op##_f32, v_cmp_##op##_f32);                          \
  GCN_VALU_AS(v_cmps_##op##_f64, v_cmp_##op##_f64);                           \
  GCN_VALU_AS(v_cmpsx_##op##_f64, v_cmp_##op##_f64);
GCN_FCMP_PREDS(GCN_FCMP_ALL)

// VCC/SDST[lane] = the SRC1 bit of SRC0's class (valu_fp.h fpClass)
GCN_VALU(v_cmp_class_f32) { d.setCmp(fpClass(d.f32(0), d.u32(1))); }
GCN_VALU_AS(v_cmpx_class_f32, v_cmp_class_f32);
GCN_VALU(v_cmp_class_f64) { d.setCmp(fpClass(d.f64(0), d.u32(1))); }
GCN_VALU_AS(v_cmpx_class_f64, v_cmp_class_f64);
GCN_VALU(v_cmp_class_f16) { d.setCmp(hClass(d.f16(0), d.u32(1))); }
GCN_VALU_AS(v_cmpx_class_f16, v_cmp_class_f16);

}  // namespace gcn::sem
