// Scalar memory: SMRD (GFX6/7) and SMEM (GFX8/9) loads, GFX8/9 stores,
// GFX9 scratch loads/stores and atomics, s_buffer_* through a buffer
// descriptor, s_memtime/s_memrealtime, cache maintenance as no-ops
// (GcnInstrsSmrd.md, GcnInstrsSmem.md).
//
// Offsets: SMRD IMM=1 is a dword offset, IMM=0 an SGPR holding a byte
// offset, GFX7 IMM=0 OFFSET=0xff a literal dword offset. SMEM GFX8: IMM=1
// 20-bit byte offset, IMM=0 SGPR[OFFSET]; GFX9: the IMM/SOE table of
// GcnInstrsSmem.md (21-bit signed immediate and/or SGPR[SOFFSET]). The
// address is SBASE + (offset & ~3) as the spec writes it; dwords follow at
// +4. Unmapped addresses fault (wave, PC, lane 0, address).
// s_buffer_*: SBASE is a buffer descriptor; a dword whose byte offset is
// >= NUM_RECORDS is out of range (loads give 0, stores/atomics are dropped),
// the raw-buffer rule of GcnMemHandling.md (scalar accesses have no index).
#include "semantics/defs/mem_common.h"

namespace gcn::sem {
namespace {

using mem::Atom;

// Byte offset of the access (before & ~3), and for s_scratch_* the SGPR
// part separately (it is scaled by 64 there).
struct SOffset {
  int64_t imm = 0;
  uint32_t sgpr = 0;
};

SOffset smemOffset(const WaveState& w, const Inst& in) {
  SOffset o;
  if (in.enc == Enc::SMRD) {
    if (in[Fld::IMM]) o.imm = int64_t(uint32_t(in[Fld::OFFSET])) * 4;
    else if (in[Fld::OFFSET] == 0xff && in.has_literal) o.imm = int64_t(uint64_t(in.literal) * 4);
    else o.sgpr = w.s[in[Fld::OFFSET] & 127];
    return o;
  }
  if (w.gen < Gen::GFX9) {
    if (in[Fld::IMM]) o.imm = int64_t(uint32_t(in[Fld::OFFSET]));
    else o.sgpr = w.s[in[Fld::OFFSET] & 127];
    return o;
  }
  const bool imm = in[Fld::IMM], soe = in[Fld::SOE];
  if (imm) o.imm = int64_t(in[Fld::OFFSET]);  // sign-extended by the decoder
  if (soe) o.sgpr = w.s[in[Fld::SOFFSET] & 127];
  else if (!imm) o.sgpr = w.s[in[Fld::OFFSET] & 127];
  return o;
}

// Address of the first dword for a plain (non-buffer) access.
uint64_t smemAddr(const WaveState& w, const Inst& in, bool scratch) {
  const SOffset o = smemOffset(w, in);
  const uint64_t base = w.s64(in[Fld::SBASE] & 127);
  if (scratch)  // GcnInstrsSmem.md S_SCRATCH_LOAD_DWORD
    return base + (uint64_t(o.imm) & ~3ull) + uint64_t(o.sgpr & ~3u) * 64;
  return base + ((uint64_t(o.imm) + o.sgpr) & ~3ull);
}

bool baseOk(ExecEnv& e, const Inst& in, int dwords) {
  return mem::sgprRangeOk(e, in[Fld::SBASE] & 127, dwords, "sbase");
}

template <int N, bool SCRATCH>
void sLoad(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int sd = in[Fld::SDATA];
  if (!baseOk(e, in, 2) || !mem::sgprRangeOk(e, sd, N, "sdata")) return;
  const uint64_t a = smemAddr(w, in, SCRATCH);
  uint32_t buf[N];
  if (!mem::globalLoad(e, a, buf, 4 * N, 0)) return;
  for (int i = 0; i < N; ++i) w.s[sd + i] = buf[i];
}

template <int N, bool SCRATCH>
void sStore(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int sd = in[Fld::SDATA];
  if (!baseOk(e, in, 2) || !mem::sgprRangeOk(e, sd, N, "sdata")) return;
  const uint64_t a = smemAddr(w, in, SCRATCH);
  mem::globalStore(e, a, &w.s[sd], 4 * N, 0);
}

// Buffer byte offset of the first dword and the resource.
uint32_t sbufOffset(const WaveState& w, const Inst& in) {
  const SOffset o = smemOffset(w, in);
  return uint32_t(uint64_t(o.imm) + o.sgpr) & ~3u;
}

template <int N>
void sBufferLoad(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int sd = in[Fld::SDATA];
  if (!baseOk(e, in, 4) || !mem::sgprRangeOk(e, sd, N, "sdata")) return;
  const mem::BufferRsrc r = mem::readRsrc(w, in[Fld::SBASE] & 127);
  const uint32_t off = sbufOffset(w, in);
  uint32_t buf[N];
  for (int i = 0; i < N; ++i) {
    buf[i] = 0;
    const uint64_t o = uint64_t(off) + 4u * i;
    if (o < r.num_records && !mem::globalLoad(e, r.base + o, &buf[i], 4, 0)) return;
  }
  for (int i = 0; i < N; ++i) w.s[sd + i] = buf[i];
}

template <int N>
void sBufferStore(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int sd = in[Fld::SDATA];
  if (!baseOk(e, in, 4) || !mem::sgprRangeOk(e, sd, N, "sdata")) return;
  const mem::BufferRsrc r = mem::readRsrc(w, in[Fld::SBASE] & 127);
  const uint32_t off = sbufOffset(w, in);
  for (int i = 0; i < N; ++i) {
    const uint64_t o = uint64_t(off) + 4u * i;
    if (o < r.num_records && !mem::globalStore(e, r.base + o, &w.s[sd + i], 4, 0)) return;
  }
}

// GFX9 scalar atomics: SDATA holds the data (cmpswap: data then compare
// value, each BITS wide); with GLC the old value is returned to SDATA.
template <Atom OP, int BITS, bool BUFFER>
void sAtomic(ExecEnv& e, const PInst& pi) {
  constexpr int dw = BITS / 32;
  constexpr bool cmpswap = OP == Atom::CMPSWAP;
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int sd = in[Fld::SDATA];
  if (!baseOk(e, in, BUFFER ? 4 : 2) || !mem::sgprRangeOk(e, sd, cmpswap ? 2 * dw : dw, "sdata"))
    return;
  auto rd = [&](int r) { return dw == 2 ? w.s64(r) : uint64_t(w.s[r]); };
  const uint64_t src = rd(sd), cmp = cmpswap ? rd(sd + dw) : 0;
  uint64_t a;
  if (BUFFER) {
    const mem::BufferRsrc r = mem::readRsrc(w, in[Fld::SBASE] & 127);
    const uint32_t off = sbufOffset(w, in);
    if (uint64_t(off) + 4 * dw > r.num_records) return;  // out of range: dropped
    a = r.base + off;
  } else {
    a = smemAddr(w, in, false);
  }
  uint64_t old;
  if (!mem::globalAtomic(e, a, OP, src, cmp, BITS, 0, &old)) return;
  if (in[Fld::GLC]) {
    w.s[sd] = uint32_t(old);
    if (dw == 2) w.s[sd + 1] = uint32_t(old >> 32);
  }
}

// Deterministic clocks: s_memtime counts the wave's executed instructions
// (a shader clock of one instruction per cycle); s_memrealtime runs 16x
// slower (the constant reference clock). Both depend only on the program.
template <bool REAL>
void sMemtime(ExecEnv& e, const PInst& pi) {
  const int sd = pi.inst[Fld::SDATA];
  if (!mem::sgprRangeOk(e, sd, 2, "sdata")) return;
  e.w.setS64(sd, REAL ? e.w.executed / 16 : e.w.executed);
}

void sNop(ExecEnv&, const PInst&) {}

}  // namespace

GCN_MEM(s_load_dword, (sLoad<1, false>));
GCN_MEM(s_load_dwordx2, (sLoad<2, false>));
GCN_MEM(s_load_dwordx4, (sLoad<4, false>));
GCN_MEM(s_load_dwordx8, (sLoad<8, false>));
GCN_MEM(s_load_dwordx16, (sLoad<16, false>));
GCN_MEM(s_buffer_load_dword, sBufferLoad<1>);
GCN_MEM(s_buffer_load_dwordx2, sBufferLoad<2>);
GCN_MEM(s_buffer_load_dwordx4, sBufferLoad<4>);
GCN_MEM(s_buffer_load_dwordx8, sBufferLoad<8>);
GCN_MEM(s_buffer_load_dwordx16, sBufferLoad<16>);
GCN_MEM(s_store_dword, (sStore<1, false>));
GCN_MEM(s_store_dwordx2, (sStore<2, false>));
GCN_MEM(s_store_dwordx4, (sStore<4, false>));
GCN_MEM(s_buffer_store_dword, sBufferStore<1>);
GCN_MEM(s_buffer_store_dwordx2, sBufferStore<2>);
GCN_MEM(s_buffer_store_dwordx4, sBufferStore<4>);
GCN_MEM(s_scratch_load_dword, (sLoad<1, true>));
GCN_MEM(s_scratch_load_dwordx2, (sLoad<2, true>));
GCN_MEM(s_scratch_load_dwordx4, (sLoad<4, true>));
GCN_MEM(s_scratch_store_dword, (sStore<1, true>));
GCN_MEM(s_scratch_store_dwordx2, (sStore<2, true>));
GCN_MEM(s_scratch_store_dwordx4, (sStore<4, true>));
GCN_MEM(s_memtime, sMemtime<false>);
GCN_MEM(s_memrealtime, sMemtime<true>);
// Cache maintenance and probes change nothing in a functional model.
GCN_MEM(s_dcache_inv, sNop);
GCN_MEM(s_dcache_inv_vol, sNop);
GCN_MEM(s_dcache_wb, sNop);
GCN_MEM(s_dcache_wb_vol, sNop);
GCN_MEM(s_dcache_discard, sNop);
GCN_MEM(s_dcache_discard_x2, sNop);
GCN_MEM(s_atc_probe, sNop);
GCN_MEM(s_atc_probe_buffer, sNop);

#define GCN_S_ATOM(name, op)                                                     \
  GCN_MEM(s_atomic_##name, (sAtomic<Atom::op, 32, false>));                      \
  GCN_MEM(s_atomic_##name##_x2, (sAtomic<Atom::op, 64, false>));                 \
  GCN_MEM(s_buffer_atomic_##name, (sAtomic<Atom::op, 32, true>));                \
  GCN_MEM(s_buffer_atomic_##name##_x2, (sAtomic<Atom::op, 64, true>))
GCN_S_ATOM(swap, SWAP);
GCN_S_ATOM(cmpswap, CMPSWAP);
GCN_S_ATOM(add, ADD);
GCN_S_ATOM(sub, SUB);
GCN_S_ATOM(smin, SMIN);
GCN_S_ATOM(umin, UMIN);
GCN_S_ATOM(smax, SMAX);
GCN_S_ATOM(umax, UMAX);
GCN_S_ATOM(and, AND);
GCN_S_ATOM(or, OR);
GCN_S_ATOM(xor, XOR);
GCN_S_ATOM(inc, INC);
GCN_S_ATOM(dec, DEC);

}  // namespace gcn::sem
