// FLAT (GFX7+), and GFX9 GLOBAL and SCRATCH loads, stores and atomics
// (GcnInstrsFlat.md).
//
// Addresses, per active lane:
//   FLAT     VADDR[0:1] + OFFSET (GFX9's unsigned instruction offset; GFX7/8
//            have none), routed by the apertures (mem_common.h flatSegment):
//            shared aperture -> LDS, private aperture -> scratch, else global.
//   GLOBAL   SADDR != off: SGPR pair SADDR + VADDR (32-bit) + OFFSET;
//            SADDR == off: VADDR[0:1] + OFFSET. OFFSET is 13-bit signed.
//   SCRATCH  private offset SGPR[SADDR] or VADDR (never both) + OFFSET, then
//            the per-lane swizzle of the wave's scratch (mem_common.h).
// Atomics return the pre-op value to VDST only with GLC. cmpswap's VDATA
// holds the new value then the compare value (each 32 or 64 bits).
// Global faults name wave, PC, lane and address (memory.h). LDS reached
// through FLAT follows the DS range rule (0 / dropped). Loads and stores are
// byte-exact (no alignment), as the spec's operations write them.
// GFX9 GLOBAL/SCRATCH loads with the LDS bit write the (zero-extended)
// data to LDS at (M0 & 0xffff) + lane * 4 instead of VDST (GcnMemHandling.md
// "Reading data to LDS directly"). TFE/NV change nothing here.
//
// Fast path (loads and stores): when every lane is active and the addresses
// run at unit stride (lane l at lane 0's + l * size), one range check and
// a straight copy; else, when every active lane's access lies inside one
// mapped region of global memory (FLAT: a region clear of the apertures),
// the lanes copy through one host pointer instead of one region look-up
// each. Anything else (a lane that faults,
// reaches LDS or scratch, the LDS bit, a bad register range)
// runs the per-lane reference, which is also the reference path and
// reports the first fault in lane order. SCRATCH: each lane's swizzled
// pieces, copied through one host pointer when all lie in one region.
#include <algorithm>

#include "isa/memory_rules.h"
#include "semantics/defs/mem_common.h"

namespace gcn::sem {
namespace {

using mem::Atom;
using mem::forActive;
using mem::Ld;
using mem::St;

enum class Seg : uint8_t { FLAT, GLOBAL, SCRATCH };

constexpr int kSaddrOff = 0x7f;

// The lane's address: a flat/global address, or for SCRATCH the private
// offset (in the low 32 bits).
template <Seg S>
uint64_t laneAddr(const WaveState& w, const Inst& in, int lane) {
  const int va = in[Fld::VADDR];
  if (S == Seg::FLAT) {
    const uint64_t off = w.gen >= Gen::GFX9 ? uint64_t(uint32_t(in[Fld::OFFSET]) & 0x1fff) : 0;
    return mem::vgpr64(w, va, lane) + off;
  }
  const int64_t off = int64_t(int32_t(uint32_t(in[Fld::OFFSET]) << 19) >> 19);  // 13-bit signed
  const int sa = in[Fld::SADDR];
  if (S == Seg::GLOBAL) {
    if (sa == kSaddrOff) return mem::vgpr64(w, va, lane) + uint64_t(off);
    return w.s64(sa & 127) + w.v[va][lane] + uint64_t(off);
  }
  // SCRATCH adds the VGPR and SGPR address each when present: one or the
  // other before GFX940, either, both or neither there (SVE).
  const uint32_t base = (memoryVaddrPresent(in) ? w.v[va][lane] : 0u) +
                        (sa == kSaddrOff ? 0u : w.s[sa & 127]);
  return uint32_t(base + uint32_t(off));
}

template <Seg S>
bool load(ExecEnv& e, uint64_t a, void* out, uint32_t n, int lane) {
  if (S == Seg::SCRATCH) return mem::scratchRead(e, uint32_t(a), out, n, lane);
  if (S == Seg::GLOBAL) return mem::globalLoad(e, a, out, n, lane);
  return mem::flatLoad(e, a, out, n, lane);
}
template <Seg S>
bool store(ExecEnv& e, uint64_t a, const void* in, uint32_t n, int lane) {
  if (S == Seg::SCRATCH) return mem::scratchWrite(e, uint32_t(a), in, n, lane);
  if (S == Seg::GLOBAL) return mem::globalStore(e, a, in, n, lane);
  return mem::flatStore(e, a, in, n, lane);
}
template <Seg S>
bool atomic(ExecEnv& e, uint64_t a, Atom op, uint64_t src, uint64_t cmp, int bits, int lane,
            uint64_t* old) {
  if (S == Seg::SCRATCH) return mem::scratchAtomic(e, uint32_t(a), op, src, cmp, bits, lane, old);
  if (S == Seg::GLOBAL) return mem::globalAtomic(e, a, op, src, cmp, bits, lane, old);
  return mem::flatAtomic(e, a, op, src, cmp, bits, lane, old);
}

bool addrOk(ExecEnv& e, const Inst& in, bool wide) {
  return mem::vgprRangeOk(e, in[Fld::VADDR], wide ? 2 : 1, "vaddr");
}
template <Seg S>
bool wideAddr(const Inst& in) {
  return S == Seg::FLAT || (S == Seg::GLOBAL && in[Fld::SADDR] == kSaddrOff);
}

// LDS_DMA: GFX940's global/scratch_load_lds_* rows, which always load
// into LDS (elsewhere the lds bit asks for it).
template <Seg S, Ld K, bool LDS_DMA = false>
void flatLoadOp(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST);
  const bool to_lds = LDS_DMA || (S != Seg::FLAT && in[Fld::LDS]);
  if (!addrOk(e, in, wideAddr<S>(in))) return;
  if (!to_lds && !mem::dataRangeOk(e, pi, vdst, dw, "vdst")) return;
  mem::DsSpace lds;
  if (to_lds) {
    lds = mem::ldsSpace(e);
    if (!lds.base && w.exec()) {
      w.fail(std::string(in.desc().mnemonic) + " lds: no LDS attached to the wave");
      return;
    }
  }
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t buf[4] = {0, 0, 0, 0};
    if (!load<S>(e, laneAddr<S>(w, in, l), buf, n, l)) return;
    if (to_lds) {
      if (uint8_t* p = lds.at((w.m0() & 0xffff) + uint32_t(l) * 4, 4)) std::memcpy(p, buf, 4);
    } else {
      mem::writeLoadResult<K>(w, vdst, l, buf);
    }
  }
}

template <Seg S, St K>
void flatStoreOp(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = mem::dataReg(pi, Fld::VDATA);
  if (!addrOk(e, in, wideAddr<S>(in)) || !mem::dataRangeOk(e, pi, data, dw, "vdata")) return;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t buf[4];
    mem::gatherStoreData<K>(w, data, l, buf);
    if (!store<S>(e, laneAddr<S>(w, in, l), buf, n, l)) return;
  }
}

template <Seg S, Atom OP, int BITS>
void flatAtomicOp(ExecEnv& e, const PInst& pi) {
  constexpr int dw = BITS / 32;
  constexpr bool cmpswap = OP == Atom::CMPSWAP || OP == Atom::FCMPSWAP;
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = mem::dataReg(pi, Fld::VDATA), vdst = mem::dataReg(pi, Fld::VDST);
  const bool rtn = in[Fld::GLC];
  if (!addrOk(e, in, wideAddr<S>(in)) ||
      !mem::dataRangeOk(e, pi, data, cmpswap ? 2 * dw : dw, "vdata"))
    return;
  if (rtn && !mem::dataRangeOk(e, pi, vdst, dw, "vdst")) return;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    auto rd = [&](int r) { return dw == 2 ? mem::vgpr64(w, r, l) : uint64_t(w.v[r][l]); };
    const uint64_t src = rd(data), cmp = cmpswap ? rd(data + dw) : 0;
    uint64_t old;
    // Aligned to the data size, as the memory system performs atomics.
    const uint64_t a = laneAddr<S>(w, in, l) & ~uint64_t(BITS / 8 - 1);
    if (!atomic<S>(e, a, OP, src, cmp, BITS, l, &old)) return;
    if (rtn) {
      w.v[vdst][l] = uint32_t(old);
      if (dw == 2) w.v[vdst + 1][l] = uint32_t(old >> 32);
    }
  }
}

// The active lanes' addresses (all 64 computed: inactive lanes' registers
// are read but not used) and, when every access of n bytes lies in the
// mapped global region of the first active lane's address, that region's
// host pointer and base address (*base): else null. FLAT also needs the
// region clear of both apertures, so no lane can reach LDS or scratch.
// One unsigned compare per lane, no reduction chain.
template <Seg S>
uint8_t* globalSpan(ExecEnv& e, const Inst& in, uint64_t exec, uint32_t n, uint64_t* addr,
                    uint64_t* base) {
  const WaveState& w = e.w;
  for (int l = 0; l < kLanes; ++l) addr[l] = laneAddr<S>(w, in, l);
  const MemRegion* r = e.mem->global.find(addr[__builtin_ctzll(exec)]);
  if (!r || r->bytes.size() < n) return nullptr;
  const uint64_t lo = r->base, last = r->bytes.size() - n;  // lane ok: addr - lo <= last
  if (S == Seg::FLAT) {
    const uint64_t end = r->end();
    auto meets = [&](uint64_t b, uint64_t limit) { return limit != 0 && lo <= limit && b < end; };
    if (meets(w.shared_base, w.shared_limit) || meets(w.private_base, w.private_limit))
      return nullptr;
  }
  uint64_t outside = 0;
  for (int l = 0; l < kLanes; ++l) outside |= uint64_t(addr[l] - lo > last) << l;
  if (outside & exec) return nullptr;
  *base = lo;
  return const_cast<uint8_t*>(r->bytes.data());
}

// The commonest access: every lane active, lane l at lane 0's address +
// l * n. Decided on the address VGPRs alone (vectorised 32-bit compares):
// consecutive low halves that do not wrap and, for 64-bit addresses, one
// high half.
template <Seg S>
bool unitStride(const WaveState& w, const Inst& in, uint64_t exec, uint32_t n) {
  if (exec != ~0ull) return false;
  const int va = in[Fld::VADDR];
  const uint32_t* lo = w.v[va];
  if (lo[0] > 0xffffffffu - (kLanes - 1) * n) return false;
  uint32_t diff = 0;
  for (int l = 0; l < kLanes; ++l) diff |= lo[l] ^ (lo[0] + uint32_t(l) * n);
  if (wideAddr<S>(in)) {
    const uint32_t* hi = w.v[va + 1];
    for (int l = 0; l < kLanes; ++l) diff |= hi[l] ^ hi[0];
  }
  return diff == 0;
}

// Host pointer of [a, a + bytes) when it is mapped global memory (FLAT:
// outside both apertures), else null.
template <Seg S>
uint8_t* globalRange(ExecEnv& e, uint64_t a, uint64_t bytes) {
  if (a > ~0ull - bytes) return nullptr;
  if (S == Seg::FLAT) {
    const WaveState& w = e.w;
    auto meets = [&](uint64_t b, uint64_t limit) {
      return limit != 0 && a <= limit && b < a + bytes;
    };
    if (meets(w.shared_base, w.shared_limit) || meets(w.private_base, w.private_limit))
      return nullptr;
  }
  return e.mem->global.translate(a, bytes);
}

// Whether the fast path may run: global memory attached, some lane active,
// register ranges valid (their errors come from the reference).
template <Seg S>
bool fastOk(ExecEnv& e, const Inst& in, int data_reg, int data_dw) {
  return e.mem && e.w.exec() &&
         in[Fld::VADDR] + (wideAddr<S>(in) ? 2 : 1) <= kMaxVgprs && data_reg >= 0 &&
         data_reg + data_dw <= kMaxVgprs;
}

template <Seg S, Ld K>
void flatLoadFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = in[Fld::VDST];
  if (!fastOk<S>(e, in, vdst, dw) || (S == Seg::GLOBAL && in[Fld::LDS]))
    return flatLoadOp<S, K>(e, pi);
  const uint64_t exec = w.exec();
  if (unitStride<S>(w, in, exec, n)) {
    if (const uint8_t* p = globalRange<S>(e, laneAddr<S>(w, in, 0), uint64_t(n) * kLanes)) {
      for (int l = 0; l < kLanes; ++l) {
        uint32_t buf[4] = {0, 0, 0, 0};
        std::memcpy(buf, p + l * n, n);
        mem::writeLoadResult<K>(w, vdst, l, buf);
      }
      return;
    }
  }
  alignas(64) uint64_t addr[kLanes];
  uint64_t lo = 0;
  const uint8_t* p = globalSpan<S>(e, in, exec, n, addr, &lo);
  if (!p) return flatLoadOp<S, K>(e, pi);
  forActive(exec, [&](int l) {
    uint32_t buf[4] = {0, 0, 0, 0};
    std::memcpy(buf, p + (addr[l] - lo), n);
    mem::writeLoadResult<K>(w, vdst, l, buf);
  });
}

template <Seg S, St K>
void flatStoreFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = in[Fld::VDATA];
  if (!fastOk<S>(e, in, data, dw)) return flatStoreOp<S, K>(e, pi);
  const uint64_t exec = w.exec();
  if (unitStride<S>(w, in, exec, n)) {
    if (uint8_t* p = globalRange<S>(e, laneAddr<S>(w, in, 0), uint64_t(n) * kLanes)) {
      for (int l = 0; l < kLanes; ++l) {
        uint32_t buf[4];
        mem::gatherStoreData<K>(w, data, l, buf);
        std::memcpy(p + l * n, buf, n);
      }
      return;
    }
  }
  alignas(64) uint64_t addr[kLanes];
  uint64_t lo = 0;
  uint8_t* p = globalSpan<S>(e, in, exec, n, addr, &lo);
  if (!p) return flatStoreOp<S, K>(e, pi);
  forActive(exec, [&](int l) {
    uint32_t buf[4];
    mem::gatherStoreData<K>(w, data, l, buf);
    std::memcpy(p + (addr[l] - lo), buf, n);
  });
}

// SCRATCH: each lane's bytes are pieces of its own swizzled elements
// (mem_common.h scratchPieces), copied through one host pointer when all
// lie in one mapped region.
template <uint32_t N>
bool scratchInOneRegion(ExecEnv& e, const Inst& in, mem::RegionPieces* rp) {
  const WaveState& w = e.w;
  for (uint64_t x = w.exec(); x; x &= x - 1) {
    const int l = __builtin_ctzll(x);
    const bool inside = mem::scratchPieces(
        uint32_t(laneAddr<Seg::SCRATCH>(w, in, l)), N, [&](uint32_t o, uint32_t k, uint32_t len) {
          return rp->add(e.mem->global, l, k, len, scratchSwizzle(e.scratch_base, o, uint32_t(l)));
        });
    if (!inside) return false;
  }
  return true;
}

template <Ld K>
void scratchLoadFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = in[Fld::VDST];
  mem::RegionPieces rp;
  if (!fastOk<Seg::SCRATCH>(e, in, vdst, dw) || in[Fld::LDS] || !scratchInOneRegion<n>(e, in, &rp))
    return flatLoadOp<Seg::SCRATCH, K>(e, pi);
  mem::loadLanes<K>(w, rp, vdst);
}

template <St K>
void scratchStoreFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = in[Fld::VDATA];
  mem::RegionPieces rp;
  if (!fastOk<Seg::SCRATCH>(e, in, data, dw) || !scratchInOneRegion<n>(e, in, &rp))
    return flatStoreOp<Seg::SCRATCH, K>(e, pi);
  mem::storeLanes<K>(w, rp, data);
}

}  // namespace

// Loads and stores with the fast path above (fast, reference).
#define GCN_FLAT_LOAD(name, SEG, K) \
  GCN_SEM_CUSTOM(name, (flatLoadFast<Seg::SEG, Ld::K>), (flatLoadOp<Seg::SEG, Ld::K>))
#define GCN_FLAT_STORE(name, SEG, K) \
  GCN_SEM_CUSTOM(name, (flatStoreFast<Seg::SEG, St::K>), (flatStoreOp<Seg::SEG, St::K>))
#define GCN_SCRATCH_LOAD(name, SEG, K) \
  GCN_SEM_CUSTOM(name, (scratchLoadFast<Ld::K>), (flatLoadOp<Seg::SEG, Ld::K>))
#define GCN_SCRATCH_STORE(name, SEG, K) \
  GCN_SEM_CUSTOM(name, (scratchStoreFast<St::K>), (flatStoreOp<Seg::SEG, St::K>))

#define GCN_FLAT_LS(seg, SEG, LOAD, STORE)                                                          \
  LOAD(seg##_load_ubyte, SEG, U8);                           \
  LOAD(seg##_load_sbyte, SEG, I8);                           \
  LOAD(seg##_load_ushort, SEG, U16);                         \
  LOAD(seg##_load_sshort, SEG, I16);                         \
  LOAD(seg##_load_dword, SEG, B32);                          \
  LOAD(seg##_load_dwordx2, SEG, B64);                        \
  LOAD(seg##_load_dwordx3, SEG, B96);                        \
  LOAD(seg##_load_dwordx4, SEG, B128);                       \
  LOAD(seg##_load_ubyte_d16, SEG, D16_U8);                   \
  LOAD(seg##_load_ubyte_d16_hi, SEG, D16_U8_HI);             \
  LOAD(seg##_load_sbyte_d16, SEG, D16_I8);                   \
  LOAD(seg##_load_sbyte_d16_hi, SEG, D16_I8_HI);             \
  LOAD(seg##_load_short_d16, SEG, D16_U16);                  \
  LOAD(seg##_load_short_d16_hi, SEG, D16_U16_HI);            \
  STORE(seg##_store_byte, SEG, B8);                          \
  STORE(seg##_store_short, SEG, B16);                        \
  STORE(seg##_store_dword, SEG, B32);                        \
  STORE(seg##_store_dwordx2, SEG, B64);                      \
  STORE(seg##_store_dwordx3, SEG, B96);                      \
  STORE(seg##_store_dwordx4, SEG, B128);                     \
  STORE(seg##_store_byte_d16_hi, SEG, B8_HI);                \
  STORE(seg##_store_short_d16_hi, SEG, B16_HI)

GCN_FLAT_LS(flat, FLAT, GCN_FLAT_LOAD, GCN_FLAT_STORE);
GCN_FLAT_LS(global, GLOBAL, GCN_FLAT_LOAD, GCN_FLAT_STORE);
GCN_FLAT_LS(scratch, SCRATCH, GCN_SCRATCH_LOAD, GCN_SCRATCH_STORE);

#define GCN_FLAT_ATOM(seg, SEG, name, op)                                              \
  GCN_MEM(seg##_atomic_##name, (flatAtomicOp<Seg::SEG, Atom::op, 32>));                \
  GCN_MEM(seg##_atomic_##name##_x2, (flatAtomicOp<Seg::SEG, Atom::op, 64>))
#define GCN_FLAT_ATOMS(seg, SEG)                                                       \
  GCN_FLAT_ATOM(seg, SEG, swap, SWAP);                                                 \
  GCN_FLAT_ATOM(seg, SEG, cmpswap, CMPSWAP);                                           \
  GCN_FLAT_ATOM(seg, SEG, add, ADD);                                                   \
  GCN_FLAT_ATOM(seg, SEG, sub, SUB);                                                   \
  GCN_FLAT_ATOM(seg, SEG, smin, SMIN);                                                 \
  GCN_FLAT_ATOM(seg, SEG, umin, UMIN);                                                 \
  GCN_FLAT_ATOM(seg, SEG, smax, SMAX);                                                 \
  GCN_FLAT_ATOM(seg, SEG, umax, UMAX);                                                 \
  GCN_FLAT_ATOM(seg, SEG, and, AND);                                                   \
  GCN_FLAT_ATOM(seg, SEG, or, OR);                                                     \
  GCN_FLAT_ATOM(seg, SEG, xor, XOR);                                                   \
  GCN_FLAT_ATOM(seg, SEG, inc, INC);                                                   \
  GCN_FLAT_ATOM(seg, SEG, dec, DEC)

GCN_FLAT_ATOMS(flat, FLAT);
GCN_FLAT_ATOMS(global, GLOBAL);
// gfx908: GLOBAL float adds without return.
GCN_MEM(global_atomic_add_f32, (flatAtomicOp<Seg::GLOBAL, Atom::FADD, 32>));
GCN_MEM(global_atomic_pk_add_f16, (flatAtomicOp<Seg::GLOBAL, Atom::PK_FADD_F16, 32>));
// GFX940: the FLAT forms of the float adds, bf16 pairs, and the LDS DMA
// loads (data to LDS at M0[15:0] + lane * 4, as the lds bit does).
GCN_MEM(flat_atomic_add_f32, (flatAtomicOp<Seg::FLAT, Atom::FADD, 32>));
GCN_MEM(flat_atomic_pk_add_f16, (flatAtomicOp<Seg::FLAT, Atom::PK_FADD_F16, 32>));
GCN_MEM(flat_atomic_pk_add_bf16, (flatAtomicOp<Seg::FLAT, Atom::PK_FADD_BF16, 32>));
GCN_MEM(global_atomic_pk_add_bf16, (flatAtomicOp<Seg::GLOBAL, Atom::PK_FADD_BF16, 32>));
#define GCN_LDS_DMA(seg, SEG)                                                   \
  GCN_MEM(seg##_load_lds_ubyte, (flatLoadOp<Seg::SEG, Ld::U8, true>));          \
  GCN_MEM(seg##_load_lds_sbyte, (flatLoadOp<Seg::SEG, Ld::I8, true>));          \
  GCN_MEM(seg##_load_lds_ushort, (flatLoadOp<Seg::SEG, Ld::U16, true>));        \
  GCN_MEM(seg##_load_lds_sshort, (flatLoadOp<Seg::SEG, Ld::I16, true>));        \
  GCN_MEM(seg##_load_lds_dword, (flatLoadOp<Seg::SEG, Ld::B32, true>))
GCN_LDS_DMA(global, GLOBAL);
GCN_LDS_DMA(scratch, SCRATCH);
// GFX90A f64 atomics (FLAT and GLOBAL).
GCN_MEM(flat_atomic_add_f64, (flatAtomicOp<Seg::FLAT, Atom::FADD, 64>));
GCN_MEM(flat_atomic_min_f64, (flatAtomicOp<Seg::FLAT, Atom::FMIN, 64>));
GCN_MEM(flat_atomic_max_f64, (flatAtomicOp<Seg::FLAT, Atom::FMAX, 64>));
GCN_MEM(global_atomic_add_f64, (flatAtomicOp<Seg::GLOBAL, Atom::FADD, 64>));
GCN_MEM(global_atomic_min_f64, (flatAtomicOp<Seg::GLOBAL, Atom::FMIN, 64>));
GCN_MEM(global_atomic_max_f64, (flatAtomicOp<Seg::GLOBAL, Atom::FMAX, 64>));
// GFX7 float atomics.
GCN_FLAT_ATOM(flat, FLAT, fcmpswap, FCMPSWAP);
GCN_FLAT_ATOM(flat, FLAT, fmin, FMIN);
GCN_FLAT_ATOM(flat, FLAT, fmax, FMAX);

}  // namespace gcn::sem
