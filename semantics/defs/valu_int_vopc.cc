// Integer compares (GcnInstrsVopc.md): SDST(LANEID) = (TYPE)SRC0 OP (TYPE)SRC1
// for OP in F LT EQ LE GT NE GE T and TYPE in i16 u16 i32 u32 i64 u64;
// v_cmpx_* also write the result to EXEC (setCmp does both). Lanes with
// EXEC=0 get 0 bits (SEM_VOPC_INACTIVE_BITS). The 16-bit forms compare
// the low halves (or the SDWA-selected parts).
#include "semantics/defs/valu_int.h"

namespace gcn::sem {

#define GCN_INT_CMP1(name, read, expr)                       \
  GCN_VALU(name) {                                           \
    [[maybe_unused]] auto a = d.read(0);                     \
    [[maybe_unused]] auto b = d.read(1);                     \
    d.setCmp(expr);                                          \
  }
#define GCN_INT_CMP(op, type, read, expr)                    \
  GCN_INT_CMP1(v_cmp_##op##_##type, read, expr)              \
  GCN_VALU_AS(v_cmpx_##op##_##type, v_cmp_##op##_##type);

// Signed and unsigned F, EQ, NE and T compare the same bits the same way.
#define GCN_INT_CMP_AS(op, type, same)                       \
  GCN_VALU_AS(v_cmp_##op##_##type, v_cmp_##op##_##same);     \
  GCN_VALU_AS(v_cmpx_##op##_##type, v_cmp_##op##_##same);

#define GCN_FALSE constBool<typename std::remove_reference_t<decltype(d)>::Bool>(false)
#define GCN_TRUE constBool<typename std::remove_reference_t<decltype(d)>::Bool>(true)

// ---- 32-bit (v_cmp{,x}_eq_u32 are in vector_basic.cc)
GCN_INT_CMP(eq, i32, u32, a == b)
GCN_INT_CMP(lt, i32, u32, slt(a, b))
GCN_INT_CMP(le, i32, u32, sle(a, b))
GCN_INT_CMP(gt, i32, u32, sgt(a, b))
GCN_INT_CMP(ge, i32, u32, sge(a, b))
GCN_INT_CMP(f, u32, u32, GCN_FALSE)
GCN_INT_CMP(lt, u32, u32, a < b)
GCN_INT_CMP(le, u32, u32, a <= b)
GCN_INT_CMP(gt, u32, u32, a > b)
GCN_INT_CMP(ne, u32, u32, a != b)
GCN_INT_CMP(ge, u32, u32, a >= b)
GCN_INT_CMP(t, u32, u32, GCN_TRUE)
GCN_INT_CMP_AS(f, i32, u32)
GCN_INT_CMP_AS(ne, i32, u32)
GCN_INT_CMP_AS(t, i32, u32)

// ---- 64-bit
GCN_INT_CMP(lt, i64, u64, slt(a, b))
GCN_INT_CMP(le, i64, u64, sge(b, a))
GCN_INT_CMP(gt, i64, u64, slt(b, a))
GCN_INT_CMP(ge, i64, u64, sge(a, b))
GCN_INT_CMP(f, u64, u64, GCN_FALSE)
GCN_INT_CMP(lt, u64, u64, a < b)
GCN_INT_CMP(eq, u64, u64, a == b)
GCN_INT_CMP(le, u64, u64, a <= b)
GCN_INT_CMP(gt, u64, u64, a > b)
GCN_INT_CMP(ne, u64, u64, a != b)
GCN_INT_CMP(ge, u64, u64, a >= b)
GCN_INT_CMP(t, u64, u64, GCN_TRUE)
GCN_INT_CMP_AS(f, i64, u64)
GCN_INT_CMP_AS(eq, i64, u64)
GCN_INT_CMP_AS(ne, i64, u64)
GCN_INT_CMP_AS(t, i64, u64)

// ---- 16-bit (GFX8/9)
GCN_INT_CMP(lt, i16, u16, slt(s16(a), s16(b)))
GCN_INT_CMP(le, i16, u16, sle(s16(a), s16(b)))
GCN_INT_CMP(gt, i16, u16, sgt(s16(a), s16(b)))
GCN_INT_CMP(ge, i16, u16, sge(s16(a), s16(b)))
GCN_INT_CMP(f, u16, u16, GCN_FALSE)
GCN_INT_CMP(lt, u16, u16, a < b)
GCN_INT_CMP(eq, u16, u16, a == b)
GCN_INT_CMP(le, u16, u16, a <= b)
GCN_INT_CMP(gt, u16, u16, a > b)
GCN_INT_CMP(ne, u16, u16, a != b)
GCN_INT_CMP(ge, u16, u16, a >= b)
GCN_INT_CMP(t, u16, u16, GCN_TRUE)
GCN_INT_CMP_AS(f, i16, u16)
GCN_INT_CMP_AS(eq, i16, u16)
GCN_INT_CMP_AS(ne, i16, u16)
GCN_INT_CMP_AS(t, i16, u16)

}  // namespace gcn::sem

// The Z3 build includes several definition files in one unit.
#undef GCN_INT_CMP1
#undef GCN_INT_CMP
#undef GCN_INT_CMP_AS
#undef GCN_FALSE
#undef GCN_TRUE
