// VOPC floating-point compares: the 16 predicates of the opcode's low four
// bits and the definition shape shared by the per-type files
// (valu_fp_cmp_f32.cc, valu_fp_cmp_f64.cc, valu_fp_cmp_f16.cc), which are
// separate so that each compiles in a fraction of the time of all three.
// Ordered predicates are false and the negated ("n") ones true when an
// operand is NaN. Operands are flushed per MODE's input denormal control (a
// flushed denormal equals 0); v_cmps* differ only in the exception they
// signal. v_cmpx also writes EXEC (setCmp).
#pragma once

#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

template <class A> inline auto fcmpUnordered(const A& a, const A& b) { return isNanBits(a) | isNanBits(b); }

}  // namespace gcn::sem

#define GCN_FCMP_PREDS(X)                                                     \
  X(f, !((a == a) | !(a == a)))                                               \
  X(lt, a < b) X(eq, a == b) X(le, a <= b) X(gt, a > b)                       \
  X(lg, (a < b) | (a > b)) X(ge, a >= b) X(o, !fcmpUnordered(a, b))           \
  X(u, fcmpUnordered(a, b))                                                   \
  X(nge, !(a >= b)) X(nlg, !((a < b) | (a > b))) X(ngt, !(a > b))             \
  X(nle, !(a <= b)) X(neq, !(a == b)) X(nlt, !(a < b))                        \
  X(tru, (a == a) | !(a == a))

#define GCN_FCMP_DEF(name, fetch, pred)                                       \
  GCN_VALU(name) {                                                            \
    const auto& m = d.mode();                                                 \
    auto a = fetch(0), b = fetch(1);                                          \
    (void)b; /* v_cmp_f and v_cmp_tru read no source */                      \
    d.setCmp(pred);                                                           \
  }
