// The semantics registry: definitions keyed by table-row mnemonic.
//
// Adding an instruction = one row in isa/tables/*.inc + one definition:
//
//   // S_ADD_U32 (GcnInstrsSop2.md)      temp = (UINT64)SSRC0 + (UINT64)SSRC1
//   GCN_SALU(s_add_u32) {             // SDST = temp
//     auto t = zext64(c.s0()) + zext64(c.s1());   // SCC = temp >> 32
//     c.setD(trunc32(t));
//     c.setScc(hi32(t) != 0u);
//   }
//
// GCN_SALU(name) { body over `c` }  scalar ALU / program control; `c` is a
//     SaluCtx (salu_ctx.h). Fast and reference paths are the same
//     instantiation (a scalar instruction has no lanes).
// GCN_VALU(name) { body over `d` }  per-lane vector op; `d` is a WaveCtx<V>
//     (fast: values are Lanes<T>, all 64 lanes at once) or a LaneCtx
//     (reference: plain scalars, called once per active lane). See
//     vector_ctx.h.
// GCN_VALU_WAVE(name) { body over `d` }  vector op acting on the wave as a
//     whole (v_readlane, v_readfirstlane, v_writelane...): `d` is a
//     WaveOpCtx, run once in both paths.
// GCN_VALU_AS(name, def)  a row whose Operation is def's, where the table's
//     flags make the difference (v_cmpx: F_VOPC_CMPX also writes EXEC;
//     v_cmps: the signalling exception, not modelled). It registers def's
//     handlers under name, so the body is compiled once.
// GCN_SEM_CUSTOM(name, fast_fn, ref_fn)  raw handlers (memory ops that need
//     their own loops), both `void(ExecEnv&, const PInst&)`.
//
// The definition must be in namespace gcn::sem (so domain.h helpers resolve)
// and must not branch on values: use select(). A row without a definition
// runs as "unsupported in the functional model: <mnemonic>".
// Libraries holding definitions must be linked whole (alwayslink = True).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantics/emulator/program.h"

namespace gcn::sem {

enum class SemKind : uint8_t { SALU, VALU, VALU_WAVE, CUSTOM };

struct SemDef {
  std::string_view mnemonic;
  SemKind kind = SemKind::SALU;
  Handler fast[kNumVariants] = {};  // SALU/CUSTOM/VALU_WAVE: all the same
  Handler ref = nullptr;
};

// Registration (done by the GCN_* macros at static-initialisation time).
struct Registrar {
  explicit Registrar(const SemDef& d);
};
const SemDef* findSem(std::string_view mnemonic);
std::vector<const SemDef*> allSems();

// Handler for rows without semantics (stops the wave with the message).
void unsupportedHandler(ExecEnv& e, const PInst& pi);

template <class S> SemDef saluDef(std::string_view name);
template <class S> SemDef valuDef(std::string_view name);
template <class S> SemDef valuWaveDef(std::string_view name);

}  // namespace gcn::sem

#define GCN_SEM_CAT2(a, b) a##b
#define GCN_SEM_CAT(a, b) GCN_SEM_CAT2(a, b)

#define GCN_SALU(name)                                                        \
  struct Sem_##name { template <class C> static void run(C& c); };            \
  static const ::gcn::sem::Registrar GCN_SEM_CAT(reg_, name)(                 \
      ::gcn::sem::saluDef<Sem_##name>(#name));                                \
  template <class C> void Sem_##name::run([[maybe_unused]] C& c)

#define GCN_VALU(name)                                                        \
  struct Sem_##name { template <class D> static void run(D& d); };            \
  static const ::gcn::sem::Registrar GCN_SEM_CAT(reg_, name)(                 \
      ::gcn::sem::valuDef<Sem_##name>(#name));                                \
  template <class D> void Sem_##name::run([[maybe_unused]] D& d)

#define GCN_VALU_WAVE(name)                                                   \
  struct Sem_##name { template <class D> static void run(D& d); };            \
  static const ::gcn::sem::Registrar GCN_SEM_CAT(reg_, name)(                 \
      ::gcn::sem::valuWaveDef<Sem_##name>(#name));                            \
  template <class D> void Sem_##name::run([[maybe_unused]] D& d)

#define GCN_VALU_AS(name, def)                                                \
  static const ::gcn::sem::Registrar GCN_SEM_CAT(reg_, name)(                 \
      ::gcn::sem::valuDef<Sem_##def>(#name))

#define GCN_SEM_CUSTOM(name, fast_fn, ref_fn)                                 \
  static const ::gcn::sem::Registrar GCN_SEM_CAT(reg_, name)([] {             \
    ::gcn::sem::SemDef d;                                                     \
    d.mnemonic = #name;                                                       \
    d.kind = ::gcn::sem::SemKind::CUSTOM;                                     \
    for (auto& f : d.fast) f = fast_fn;                                       \
    d.ref = ref_fn;                                                           \
    return d;                                                                 \
  }())
