// The semantic definitions instantiated over the Z3 domain: the definition
// files are included here with the GCN_* macros redefined to register a Z3
// instantiation (struct Z3Sem_<name>, no clash with the emulator's
// Sem_<name>) instead of the emulator handlers. The definition text is the
// same bytes the emulator compiles: one definition per instruction.
//
// This file is compiled once per group of definition files (BUILD.bazel:
// Z3_DEF_GROUPS; GCN_Z3_DEF_FILE_0..7 name them), so editing one definition
// file recompiles its group's Z3 instantiation. A definition file is listed there once it instantiates
// over the Z3 domain (it must follow the rules of domain.h; a file that does
// not fails to compile here, naming the line). GCN_SEM_CUSTOM rows (memory
// ops with their own loops) have no Z3 model.
#include "semantics/defs/salu_ctx.h"
#include "semantics/defs/screen_partition.h"
#include "semantics/defs/salu_flow.h"
#include "semantics/defs/vector_ctx.h"
#include "semantics/z3/z3_ctx.h"

#undef GCN_SALU
#undef GCN_VALU
#undef GCN_VALU_WAVE
#undef GCN_VALU_AS
#undef GCN_SEM_CUSTOM

#define GCN_SALU(name)                                                        \
  struct Z3Sem_##name { template <class C> static void run(C& c); };          \
  static const ::gcn::sem::Z3Registrar GCN_SEM_CAT(z3reg_, name)(             \
      ::gcn::sem::z3SaluDef<Z3Sem_##name>(#name));                            \
  template <class C> void Z3Sem_##name::run([[maybe_unused]] C& c)

#define GCN_VALU(name)                                                        \
  struct Z3Sem_##name { template <class D> static void run(D& d); };          \
  static const ::gcn::sem::Z3Registrar GCN_SEM_CAT(z3reg_, name)(             \
      ::gcn::sem::z3ValuDef<Z3Sem_##name>(#name));                            \
  template <class D> void Z3Sem_##name::run([[maybe_unused]] D& d)

#define GCN_VALU_WAVE(name)                                                   \
  struct Z3Sem_##name { template <class D> static void run(D& d); };          \
  static const ::gcn::sem::Z3Registrar GCN_SEM_CAT(z3reg_, name)(             \
      ::gcn::sem::z3WaveDef<Z3Sem_##name>(#name));                            \
  template <class D> void Z3Sem_##name::run([[maybe_unused]] D& d)

#define GCN_VALU_AS(name, def)                                                \
  static const ::gcn::sem::Z3Registrar GCN_SEM_CAT(z3reg_, name)(             \
      ::gcn::sem::z3ValuDef<Z3Sem_##def>(#name))

#define GCN_SEM_CUSTOM(name, fast_fn, ref_fn) static_assert(true, "")

namespace gcn::sem {
// Host-only helpers of the definition files, as Z3 terms (found by ADL when
// the definitions instantiate). The 256-entry table as an ite chain over the
// concrete function.
inline ZU32 screenPartition4se(const ZU32& x) {
  ZU32 i = x & 0xffu;
  ZU32 r(screenPartition4se(uint32_t(255)));
  for (int k = 254; k >= 0; --k) r = select(i == uint32_t(k), screenPartition4se(uint32_t(k)), r);
  return r;
}
}  // namespace gcn::sem

// Host-only code of a definition file (tables, helpers with external
// linkage) is compiled by the emulator alone: `#ifndef GCN_Z3_DEFS` there.
#define GCN_Z3_DEFS 1
#define GCN_Z3_STR2(x) #x
#define GCN_Z3_STR(x) GCN_Z3_STR2(x)
#ifdef GCN_Z3_DEF_FILE_0
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_0)
#endif
#ifdef GCN_Z3_DEF_FILE_1
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_1)
#endif
#ifdef GCN_Z3_DEF_FILE_2
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_2)
#endif
#ifdef GCN_Z3_DEF_FILE_3
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_3)
#endif
#ifdef GCN_Z3_DEF_FILE_4
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_4)
#endif
#ifdef GCN_Z3_DEF_FILE_5
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_5)
#endif
#ifdef GCN_Z3_DEF_FILE_6
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_6)
#endif
#ifdef GCN_Z3_DEF_FILE_7
#include GCN_Z3_STR(GCN_Z3_DEF_FILE_7)
#endif
