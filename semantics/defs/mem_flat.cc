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
    const uint64_t off = w.gen == Gen::GFX9 ? uint64_t(uint32_t(in[Fld::OFFSET]) & 0x1fff) : 0;
    return mem::vgpr64(w, va, lane) + off;
  }
  const int64_t off = int64_t(int32_t(uint32_t(in[Fld::OFFSET]) << 19) >> 19);  // 13-bit signed
  const int sa = in[Fld::SADDR];
  if (S == Seg::GLOBAL) {
    if (sa == kSaddrOff) return mem::vgpr64(w, va, lane) + uint64_t(off);
    return w.s64(sa & 127) + w.v[va][lane] + uint64_t(off);
  }
  const uint32_t base = sa == kSaddrOff ? w.v[va][lane] : w.s[sa & 127];
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

template <Seg S, Ld K>
void flatLoadOp(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = in[Fld::VDST];
  const bool to_lds = S != Seg::FLAT && in[Fld::LDS];
  if (!addrOk(e, in, wideAddr<S>(in))) return;
  if (!to_lds && !mem::vgprRangeOk(e, vdst, dw, "vdst")) return;
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
    } else if (n < 4) {
      w.v[vdst][l] = mem::narrowResult(K, buf[0], w.v[vdst][l]);
    } else {
      for (int i = 0; i < dw; ++i) w.v[vdst + i][l] = buf[i];
    }
  }
}

template <Seg S, St K>
void flatStoreOp(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = in[Fld::VDATA];
  if (!addrOk(e, in, wideAddr<S>(in)) || !mem::vgprRangeOk(e, data, dw, "vdata")) return;
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
  const int data = in[Fld::VDATA], vdst = in[Fld::VDST];
  const bool rtn = in[Fld::GLC];
  if (!addrOk(e, in, wideAddr<S>(in)) ||
      !mem::vgprRangeOk(e, data, cmpswap ? 2 * dw : dw, "vdata"))
    return;
  if (rtn && !mem::vgprRangeOk(e, vdst, dw, "vdst")) return;
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

}  // namespace

#define GCN_FLAT_LS(seg, SEG)                                                          \
  GCN_MEM(seg##_load_ubyte, (flatLoadOp<Seg::SEG, Ld::U8>));                           \
  GCN_MEM(seg##_load_sbyte, (flatLoadOp<Seg::SEG, Ld::I8>));                           \
  GCN_MEM(seg##_load_ushort, (flatLoadOp<Seg::SEG, Ld::U16>));                         \
  GCN_MEM(seg##_load_sshort, (flatLoadOp<Seg::SEG, Ld::I16>));                         \
  GCN_MEM(seg##_load_dword, (flatLoadOp<Seg::SEG, Ld::B32>));                          \
  GCN_MEM(seg##_load_dwordx2, (flatLoadOp<Seg::SEG, Ld::B64>));                        \
  GCN_MEM(seg##_load_dwordx3, (flatLoadOp<Seg::SEG, Ld::B96>));                        \
  GCN_MEM(seg##_load_dwordx4, (flatLoadOp<Seg::SEG, Ld::B128>));                       \
  GCN_MEM(seg##_load_ubyte_d16, (flatLoadOp<Seg::SEG, Ld::D16_U8>));                   \
  GCN_MEM(seg##_load_ubyte_d16_hi, (flatLoadOp<Seg::SEG, Ld::D16_U8_HI>));             \
  GCN_MEM(seg##_load_sbyte_d16, (flatLoadOp<Seg::SEG, Ld::D16_I8>));                   \
  GCN_MEM(seg##_load_sbyte_d16_hi, (flatLoadOp<Seg::SEG, Ld::D16_I8_HI>));             \
  GCN_MEM(seg##_load_short_d16, (flatLoadOp<Seg::SEG, Ld::D16_U16>));                  \
  GCN_MEM(seg##_load_short_d16_hi, (flatLoadOp<Seg::SEG, Ld::D16_U16_HI>));            \
  GCN_MEM(seg##_store_byte, (flatStoreOp<Seg::SEG, St::B8>));                          \
  GCN_MEM(seg##_store_short, (flatStoreOp<Seg::SEG, St::B16>));                        \
  GCN_MEM(seg##_store_dword, (flatStoreOp<Seg::SEG, St::B32>));                        \
  GCN_MEM(seg##_store_dwordx2, (flatStoreOp<Seg::SEG, St::B64>));                      \
  GCN_MEM(seg##_store_dwordx3, (flatStoreOp<Seg::SEG, St::B96>));                      \
  GCN_MEM(seg##_store_dwordx4, (flatStoreOp<Seg::SEG, St::B128>));                     \
  GCN_MEM(seg##_store_byte_d16_hi, (flatStoreOp<Seg::SEG, St::B8_HI>));                \
  GCN_MEM(seg##_store_short_d16_hi, (flatStoreOp<Seg::SEG, St::B16_HI>))

GCN_FLAT_LS(flat, FLAT);
GCN_FLAT_LS(global, GLOBAL);
GCN_FLAT_LS(scratch, SCRATCH);

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
// GFX7 float atomics.
GCN_FLAT_ATOM(flat, FLAT, fcmpswap, FCMPSWAP);
GCN_FLAT_ATOM(flat, FLAT, fmin, FMIN);
GCN_FLAT_ATOM(flat, FLAT, fmax, FMAX);

}  // namespace gcn::sem
