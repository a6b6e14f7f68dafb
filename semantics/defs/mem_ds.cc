// DS: LDS/GDS loads, stores, read2/write2, atomics, src2 ops, swizzle,
// permute, append/consume (GcnInstrsDs.md).
//
// Addressing: ADDR VGPR + OFFSET (32-bit wrap), read2/write2 ADDR +
// OFFSETn * size (* 64 for st64). GDS=1 uses the GDS window from M0, else
// the workgroup's LDS with the GFX6-8 M0 limit (mem_common.h: DsSpace).
// Out-of-range reads return 0 and out-of-range writes are dropped; each
// piece of a read2/write2 is checked on its own.
// Alignment, as the spec's Operation blocks write it: GFX6-8 round plain
// loads/stores down to their size (b16 to 2, b32 to 4, b64 to 8); GFX9
// (GCN 1.4) accesses them unaligned. b96/b128 round to 16, read2/write2
// and every atomic/src2 op round to 4 or 8 on all generations.
// Several lanes writing one location: lanes run in ascending order, so the
// highest active lane's store wins and atomics serialise in lane order.
//
// GWS and ds_ordered_count: mem_ds_gws.cc. Not modelled (the row stays
// "unsupported in the functional model"): ds_condxchg32_rtn_b128, for which
// no document gives an operation.
#include "semantics/defs/mem_common.h"

namespace gcn::sem {
namespace {

using mem::Atom;
using mem::DsSpace;
using mem::forActive;
using mem::Ld;
using mem::St;
using mem::ldBytes;
using mem::stBytes;

DsSpace space(ExecEnv& e, const Inst& in) {
  return in[Fld::GDS] ? mem::gdsSpace(e) : mem::ldsSpace(e);
}

// Stops the wave when the instruction would touch a missing LDS/GDS.
bool spaceOk(ExecEnv& e, const Inst& in, const DsSpace& s) {
  if (s.base || e.w.exec() == 0) return true;
  e.w.fail(std::string(in.desc().mnemonic) + ": no " + (in[Fld::GDS] ? "GDS" : "LDS") +
           " attached to the wave");
  return false;
}

uint32_t alignDown(uint32_t a, uint32_t n) { return a & ~(n - 1); }

// Plain load/store alignment (see the file comment).
uint32_t plainAlign(Gen g, uint32_t bytes) {
  if (bytes >= 12) return 16;
  return g >= Gen::GFX9 ? 1 : bytes;
}

template <Ld K>
void dsLoad(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST), addr = in[Fld::ADDR];
  if (!mem::dataRangeOk(e, pi, vdst, dw, "vdst")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t al = plainAlign(w.gen, n), off = uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    const uint32_t a = alignDown(w.v[addr][l] + off, al);
    uint32_t buf[4] = {0, 0, 0, 0};
    if (const uint8_t* p = s.at(a, n)) std::memcpy(buf, p, n);
    mem::writeLoadResult<K>(w, vdst, l, buf);
  });
}

template <St K>
void dsStore(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = mem::dataReg(pi, Fld::DATA0), addr = in[Fld::ADDR];
  if (!mem::dataRangeOk(e, pi, data, dw, "data0")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t al = plainAlign(w.gen, n), off = uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    const uint32_t a = alignDown(w.v[addr][l] + off, al);
    uint32_t buf[4];
    mem::gatherStoreData<K>(w, data, l, buf);
    if (uint8_t* p = s.at(a, n)) std::memcpy(p, buf, n);
  });
}

// Fast path of the plain loads and stores: every lane active, the aligned
// addresses at unit stride (lane l at lane 0's + l * size, decided with
// vectorised 32-bit compares) and the whole span in range: one range check
// and a straight copy. Anything else runs the per-lane code above, which is
// also the reference path.
template <uint32_t N>
bool dsUnitSpan(const WaveState& w, const Inst& in, const DsSpace& s, uint32_t* a0) {
  if (w.exec() != ~0ull || !s.base) return false;
  const uint32_t al = plainAlign(w.gen, N), off = uint32_t(in[Fld::OFFSET]);
  const uint32_t* va = w.v[in[Fld::ADDR]];
  const uint32_t first = alignDown(va[0] + off, al);
  uint32_t diff = 0;
  for (int l = 0; l < kLanes; ++l) diff |= alignDown(va[l] + off, al) ^ (first + uint32_t(l) * N);
  if (diff || uint64_t(first) + uint64_t(N) * kLanes > s.limit) return false;
  *a0 = first;
  return true;
}

template <Ld K>
void dsLoadFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = in[Fld::VDST];
  uint32_t a0;
  if (vdst + dw > kMaxVgprs || !dsUnitSpan<n>(w, in, space(e, in), &a0))
    return dsLoad<K>(e, pi);
  const uint8_t* p = space(e, in).base + a0;
  for (int l = 0; l < kLanes; ++l) {
    uint32_t buf[4] = {0, 0, 0, 0};
    std::memcpy(buf, p + l * n, n);
    mem::writeLoadResult<K>(w, vdst, l, buf);
  }
}

template <St K>
void dsStoreFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = in[Fld::DATA0];
  uint32_t a0;
  if (data + dw > kMaxVgprs || !dsUnitSpan<n>(w, in, space(e, in), &a0))
    return dsStore<K>(e, pi);
  uint8_t* p = space(e, in).base + a0;
  for (int l = 0; l < kLanes; ++l) {
    uint32_t buf[4];
    mem::gatherStoreData<K>(w, data, l, buf);
    std::memcpy(p + l * n, buf, n);
  }
}

// read2/write2/wrxchg2: two `B`-byte pieces at ADDR + OFFSETn * B (* 64).
template <uint32_t B, bool ST64>
void pieceAddrs(uint32_t base, const Inst& in, uint32_t out[2]) {
  const uint32_t scale = ST64 ? B * 64 : B;
  out[0] = alignDown(base + uint32_t(in[Fld::OFFSET0]) * scale, B);
  out[1] = alignDown(base + uint32_t(in[Fld::OFFSET1]) * scale, B);
}

template <uint32_t B, bool ST64>
void dsRead2(ExecEnv& e, const PInst& pi) {
  constexpr int dw = int(B / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST), addr = in[Fld::ADDR];
  if (!mem::dataRangeOk(e, pi, vdst, 2 * dw, "vdst")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  forActive(w.exec(), [&](int l) {
    uint32_t a[2];
    pieceAddrs<B, ST64>(w.v[addr][l], in, a);
    uint32_t buf[4] = {0, 0, 0, 0};
    for (int k = 0; k < 2; ++k)
      if (const uint8_t* p = s.at(a[k], B)) std::memcpy(buf + k * dw, p, B);
    for (int i = 0; i < 2 * dw; ++i) w.v[vdst + i][l] = buf[i];
  });
}

// write2 (RTN = false) and wrxchg2 (RTN = true: old values to VDST).
template <uint32_t B, bool ST64, bool RTN>
void dsWrite2(ExecEnv& e, const PInst& pi) {
  constexpr int dw = int(B / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int d0 = mem::dataReg(pi, Fld::DATA0), d1 = mem::dataReg(pi, Fld::DATA1), addr = in[Fld::ADDR];
  const int vdst = mem::dataReg(pi, Fld::VDST);
  if (!mem::dataRangeOk(e, pi, d0, dw, "data0") || !mem::dataRangeOk(e, pi, d1, dw, "data1")) return;
  if (RTN && !mem::dataRangeOk(e, pi, vdst, 2 * dw, "vdst")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  forActive(w.exec(), [&](int l) {
    uint32_t a[2];
    pieceAddrs<B, ST64>(w.v[addr][l], in, a);
    uint32_t data[4], old[4] = {0, 0, 0, 0};
    for (int i = 0; i < dw; ++i) {
      data[i] = w.v[d0 + i][l];
      data[dw + i] = w.v[d1 + i][l];
    }
    for (int k = 0; k < 2; ++k) {
      if (uint8_t* p = s.at(a[k], B)) {
        if (RTN) std::memcpy(old + k * dw, p, B);
        std::memcpy(p, data + k * dw, B);
      }
    }
    if (RTN)
      for (int i = 0; i < 2 * dw; ++i) w.v[vdst + i][l] = old[i];
  });
}

// Atomics. D1: the op takes DATA1 too (cmpst: DATA0 = compare, DATA1 = new
// value; mskor: DATA0 = mask, DATA1 = OR value; wrap: DATA0, DATA1).
enum class D1 : uint8_t { NONE, CMPST, SECOND };

template <Atom OP, int BITS, bool RTN, D1 USE1>
void dsAtomic(ExecEnv& e, const PInst& pi) {
  constexpr int dw = BITS / 32;
  constexpr uint32_t n = BITS / 8;
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int d0 = mem::dataReg(pi, Fld::DATA0), d1 = mem::dataReg(pi, Fld::DATA1), addr = in[Fld::ADDR];
  const int vdst = mem::dataReg(pi, Fld::VDST);
  if (!mem::dataRangeOk(e, pi, d0, dw, "data0")) return;
  if (USE1 != D1::NONE && !mem::dataRangeOk(e, pi, d1, dw, "data1")) return;
  if (RTN && !mem::dataRangeOk(e, pi, vdst, dw, "vdst")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    const uint32_t a = alignDown(w.v[addr][l] + off, n);
    const uint64_t x0 = dw == 2 ? mem::vgpr64(w, d0, l) : w.v[d0][l];
    uint64_t x1 = 0;
    if (USE1 != D1::NONE) x1 = dw == 2 ? mem::vgpr64(w, d1, l) : w.v[d1][l];
    const uint64_t src = USE1 == D1::CMPST ? x1 : x0;
    const uint64_t cmp = USE1 == D1::CMPST ? x0 : x1;
    uint64_t old = 0;
    if (uint8_t* p = s.at(a, n)) old = mem::atomicRmw(p, OP, src, cmp, BITS, s.shared);
    if (RTN) {
      w.v[vdst][l] = uint32_t(old);
      if (dw == 2) w.v[vdst + 1][l] = uint32_t(old >> 32);
    }
  });
}

// *_src2_*: A = ADDR & ~(size-1) (or ADDR & 0x1fffc/0x1fff8 with OFFSET
// bit 15), B = A + stride * 4 where the dword stride comes from OFFSET or,
// with OFFSET bit 15, from ADDR's upper bits (GcnInstrsDs.md DS_ADD_SRC2_U32);
// mem[A] = op(mem[A], mem[B]). ds_write_src2 is op SWAP.
template <Atom OP, int BITS>
void dsSrc2(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = BITS / 8;
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int addr = in[Fld::ADDR];
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    const uint32_t ad = w.v[addr][l];
    const bool mode = off & 0x8000;
    const uint32_t A = mode ? ad & (0x1ffffu & ~(n - 1)) : alignDown(ad, n);
    const uint32_t stride =
        mode ? ((ad >> 17) | ((ad >> 16) & 0x8000)) : ((off & 0x7fff) | ((off << 1) & 0x8000));
    const uint32_t B = alignDown(A + stride * 4, n);
    uint64_t b = 0;
    if (const uint8_t* p = s.at(B, n)) std::memcpy(&b, p, n);
    if (uint8_t* p = s.at(A, n)) mem::atomicRmw(p, OP, b, 0, BITS, s.shared);
  });
}

// DS_SWIZZLE_B32: VDST = the ADDR VGPR of the lane chosen by OFFSET;
// inactive source lanes read 0. OFFSET bit 15: quad permute by OFFSET[7:0]
// (llvm prints 0x80xx as swizzle(QUAD_PERM,...) and other bit-15 values
// raw; the hardware uses the same bits); else within each half-wave
// ((lane & and_mask) | or_mask) ^ xor_mask with masks OFFSET[4:0], [9:5],
// [14:10] (llvm's SWAP/REVERSE/BROADCAST/BITMASK_PERM spellings).
void dsSwizzle(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST), src = in[Fld::ADDR];
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  const uint64_t exec = w.exec();
  uint32_t tmp[kLanes];
  for (int l = 0; l < kLanes; ++l) {
    const int from = mem::dsSwizzleSource(off, l);
    tmp[l] = ((exec >> from) & 1) ? w.v[src][from] : 0;
  }
  forActive(exec, [&](int l) { w.v[vdst][l] = tmp[l]; });
}

// DS_PERMUTE_B32 / DS_BPERMUTE_B32 (GFX8+): the lane selected by lane l is
// ((ADDR[l] + OFFSET) >> 2) & 63, the ADDR VGPR holding a byte address
// (4 * lane). The spec's listing indexes ADDR by (l + (OFFSET >> 2)) & 63
// and uses the value unscaled, contradicting its own description ("ADDR
// holds lane id multiplied by 4"); we follow the description, as the AMD
// GCN3 ISA manual and llvm's lowering of __builtin_amdgcn_ds_bpermute do.
// bpermute (pull): VDST[l] = DATA0[src lane], 0 if that lane is inactive.
// permute (push): active lane l sends DATA0[l] to lane sel(l); lanes nobody
// sends to read 0; several senders: the highest lane wins.
template <bool BACKWARD>
void dsPermute(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST), addr = in[Fld::ADDR], data = mem::dataReg(pi, Fld::DATA0);
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  const uint64_t exec = w.exec();
  uint32_t tmp[kLanes] = {};
  for (int l = 0; l < kLanes; ++l) {
    if (!((exec >> l) & 1)) continue;
    const int sel = int(((w.v[addr][l] + off) >> 2) & 63);
    if (BACKWARD) tmp[l] = ((exec >> sel) & 1) ? w.v[data][sel] : 0;
    else tmp[sel] = w.v[data][l];
  }
  forActive(exec, [&](int l) { w.v[vdst][l] = tmp[l]; });
}

// DS_APPEND / DS_CONSUME: the dword at OFFSET & ~3 (in the LDS, or in the
// GDS window at M0[31:16]) grows / shrinks by the number of active lanes;
// every active lane receives the previous value (GcnInstrsDs.md). Out of
// range: lanes receive 0 and nothing changes.
template <bool APPEND>
void dsAppend(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int vdst = mem::dataReg(pi, Fld::VDST);
  const uint64_t exec = w.exec();
  if (exec == 0) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t cnt = uint32_t(__builtin_popcountll(exec));
  uint32_t old = 0;
  if (uint8_t* p = s.at(uint32_t(in[Fld::OFFSET]) & ~3u, 4))
    old = uint32_t(mem::atomicRmw(p, APPEND ? Atom::ADD : Atom::SUB, cnt, 0, 32, s.shared));
  forActive(exec, [&](int l) { w.v[vdst][l] = old; });
}

// DS_READ_ADDTID_B32 / DS_WRITE_ADDTID_B32 (GFX9): address
// (M0 & 0xffff) + OFFSET + lane * 4.
template <bool WRITE>
void dsAddtid(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int reg = WRITE ? mem::dataReg(pi, Fld::DATA0) : mem::dataReg(pi, Fld::VDST);
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t base = (w.m0() & 0xffff) + uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    uint8_t* p = s.at(base + uint32_t(l) * 4, 4);
    if (WRITE) {
      if (p) std::memcpy(p, &w.v[reg][l], 4);
    } else {
      uint32_t v = 0;
      if (p) std::memcpy(&v, p, 4);
      w.v[reg][l] = v;
    }
  });
}

// DS_CONDXCHG32_RTN_B64 (GFX7+): GcnInstrsDs.md lists the opcode without an
// operation; AMD's RDNA3 ISA guide gives it (same opcode, same operands):
//   ADDR0 = (ADDR + OFFSET) & ~7; ADDR1 = ADDR0 + 4
//   RETURN[0] = LDS[ADDR0]; if DATA[31] then LDS[ADDR0] = {0, DATA[30:0]}
//   RETURN[1] = LDS[ADDR1]; if DATA[63] then LDS[ADDR1] = {0, DATA[62:32]}
// (isa/errata/semantics.inc DS_CONDXCHG32_OPERATION). Each dword is checked
// against the range on its own, like read2/write2.
void dsCondxchg32(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const int data = mem::dataReg(pi, Fld::DATA0), addr = in[Fld::ADDR], vdst = mem::dataReg(pi, Fld::VDST);
  if (!mem::dataRangeOk(e, pi, data, 2, "data0") || !mem::dataRangeOk(e, pi, vdst, 2, "vdst")) return;
  const DsSpace s = space(e, in);
  if (!spaceOk(e, in, s)) return;
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  forActive(w.exec(), [&](int l) {
    const uint32_t a0 = alignDown(w.v[addr][l] + off, 8);
    const uint32_t d[2] = {w.v[data][l], w.v[data + 1][l]};
    uint32_t ret[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      uint8_t* p = s.at(a0 + 4u * uint32_t(k), 4);
      if (!p) continue;
      if (d[k] >> 31)
        ret[k] = uint32_t(mem::atomicRmw(p, Atom::SWAP, d[k] & 0x7fffffffu, 0, 32, s.shared));
      else
        std::memcpy(&ret[k], p, 4);
    }
    w.v[vdst][l] = ret[0];
    w.v[vdst + 1][l] = ret[1];
  });
}

void dsNop(ExecEnv&, const PInst&) {}

}  // namespace

// --- loads / stores ---
GCN_SEM_CUSTOM(ds_read_u8, (dsLoadFast<Ld::U8>), (dsLoad<Ld::U8>));
GCN_SEM_CUSTOM(ds_read_i8, (dsLoadFast<Ld::I8>), (dsLoad<Ld::I8>));
GCN_SEM_CUSTOM(ds_read_u16, (dsLoadFast<Ld::U16>), (dsLoad<Ld::U16>));
GCN_SEM_CUSTOM(ds_read_i16, (dsLoadFast<Ld::I16>), (dsLoad<Ld::I16>));
GCN_SEM_CUSTOM(ds_read_b32, (dsLoadFast<Ld::B32>), (dsLoad<Ld::B32>));
GCN_SEM_CUSTOM(ds_read_b64, (dsLoadFast<Ld::B64>), (dsLoad<Ld::B64>));
GCN_SEM_CUSTOM(ds_read_b96, (dsLoadFast<Ld::B96>), (dsLoad<Ld::B96>));
GCN_SEM_CUSTOM(ds_read_b128, (dsLoadFast<Ld::B128>), (dsLoad<Ld::B128>));
GCN_SEM_CUSTOM(ds_read_u8_d16, (dsLoadFast<Ld::D16_U8>), (dsLoad<Ld::D16_U8>));
GCN_SEM_CUSTOM(ds_read_u8_d16_hi, (dsLoadFast<Ld::D16_U8_HI>), (dsLoad<Ld::D16_U8_HI>));
GCN_SEM_CUSTOM(ds_read_i8_d16, (dsLoadFast<Ld::D16_I8>), (dsLoad<Ld::D16_I8>));
GCN_SEM_CUSTOM(ds_read_i8_d16_hi, (dsLoadFast<Ld::D16_I8_HI>), (dsLoad<Ld::D16_I8_HI>));
GCN_SEM_CUSTOM(ds_read_u16_d16, (dsLoadFast<Ld::D16_U16>), (dsLoad<Ld::D16_U16>));
GCN_SEM_CUSTOM(ds_read_u16_d16_hi, (dsLoadFast<Ld::D16_U16_HI>), (dsLoad<Ld::D16_U16_HI>));
GCN_SEM_CUSTOM(ds_write_b8, (dsStoreFast<St::B8>), (dsStore<St::B8>));
GCN_SEM_CUSTOM(ds_write_b16, (dsStoreFast<St::B16>), (dsStore<St::B16>));
GCN_SEM_CUSTOM(ds_write_b32, (dsStoreFast<St::B32>), (dsStore<St::B32>));
GCN_SEM_CUSTOM(ds_write_b64, (dsStoreFast<St::B64>), (dsStore<St::B64>));
GCN_SEM_CUSTOM(ds_write_b96, (dsStoreFast<St::B96>), (dsStore<St::B96>));
GCN_SEM_CUSTOM(ds_write_b128, (dsStoreFast<St::B128>), (dsStore<St::B128>));
GCN_SEM_CUSTOM(ds_write_b8_d16_hi, (dsStoreFast<St::B8_HI>), (dsStore<St::B8_HI>));
GCN_SEM_CUSTOM(ds_write_b16_d16_hi, (dsStoreFast<St::B16_HI>), (dsStore<St::B16_HI>));
GCN_MEM(ds_read2_b32, (dsRead2<4, false>));
GCN_MEM(ds_read2_b64, (dsRead2<8, false>));
GCN_MEM(ds_read2st64_b32, (dsRead2<4, true>));
GCN_MEM(ds_read2st64_b64, (dsRead2<8, true>));
GCN_MEM(ds_write2_b32, (dsWrite2<4, false, false>));
GCN_MEM(ds_write2_b64, (dsWrite2<8, false, false>));
GCN_MEM(ds_write2st64_b32, (dsWrite2<4, true, false>));
GCN_MEM(ds_write2st64_b64, (dsWrite2<8, true, false>));
GCN_MEM(ds_wrxchg2_rtn_b32, (dsWrite2<4, false, true>));
GCN_MEM(ds_wrxchg2_rtn_b64, (dsWrite2<8, false, true>));
GCN_MEM(ds_wrxchg2st64_rtn_b32, (dsWrite2<4, true, true>));
GCN_MEM(ds_wrxchg2st64_rtn_b64, (dsWrite2<8, true, true>));
GCN_MEM(ds_read_addtid_b32, (dsAddtid<false>));
GCN_MEM(ds_write_addtid_b32, (dsAddtid<true>));

// --- atomics: no-return, return, 32/64-bit ---
#define GCN_DS_ATOM(base, op, d1)                                                    \
  GCN_MEM(ds_##base##_u32, (dsAtomic<Atom::op, 32, false, D1::d1>));                 \
  GCN_MEM(ds_##base##_rtn_u32, (dsAtomic<Atom::op, 32, true, D1::d1>));              \
  GCN_MEM(ds_##base##_u64, (dsAtomic<Atom::op, 64, false, D1::d1>));                 \
  GCN_MEM(ds_##base##_rtn_u64, (dsAtomic<Atom::op, 64, true, D1::d1>))
#define GCN_DS_ATOM_T(base, t32, t64, op, d1)                                        \
  GCN_MEM(ds_##base##_##t32, (dsAtomic<Atom::op, 32, false, D1::d1>));               \
  GCN_MEM(ds_##base##_rtn_##t32, (dsAtomic<Atom::op, 32, true, D1::d1>));            \
  GCN_MEM(ds_##base##_##t64, (dsAtomic<Atom::op, 64, false, D1::d1>));               \
  GCN_MEM(ds_##base##_rtn_##t64, (dsAtomic<Atom::op, 64, true, D1::d1>))

GCN_DS_ATOM(add, ADD, NONE);
GCN_DS_ATOM(sub, SUB, NONE);
GCN_DS_ATOM(rsub, RSUB, NONE);
GCN_DS_ATOM(inc, INC, NONE);
GCN_DS_ATOM(dec, DEC, NONE);
GCN_DS_ATOM(min, UMIN, NONE);
GCN_DS_ATOM(max, UMAX, NONE);
GCN_DS_ATOM_T(min, i32, i64, SMIN, NONE);
GCN_DS_ATOM_T(max, i32, i64, SMAX, NONE);
GCN_DS_ATOM_T(min, f32, f64, FMIN, NONE);
GCN_DS_ATOM_T(max, f32, f64, FMAX, NONE);
GCN_DS_ATOM_T(and, b32, b64, AND, NONE);
GCN_DS_ATOM_T(or, b32, b64, OR, NONE);
GCN_DS_ATOM_T(xor, b32, b64, XOR, NONE);
GCN_DS_ATOM_T(mskor, b32, b64, MSKOR, SECOND);
GCN_DS_ATOM_T(cmpst, b32, b64, CMPSWAP, CMPST);
GCN_DS_ATOM_T(cmpst, f32, f64, FCMPSWAP, CMPST);
GCN_MEM(ds_wrxchg_rtn_b32, (dsAtomic<Atom::SWAP, 32, true, D1::NONE>));
GCN_MEM(ds_wrxchg_rtn_b64, (dsAtomic<Atom::SWAP, 64, true, D1::NONE>));
GCN_MEM(ds_condxchg32_rtn_b64, dsCondxchg32);
GCN_MEM(ds_wrap_rtn_b32, (dsAtomic<Atom::WRAP, 32, true, D1::SECOND>));
GCN_MEM(ds_add_f32, (dsAtomic<Atom::FADD, 32, false, D1::NONE>));
GCN_MEM(ds_add_rtn_f32, (dsAtomic<Atom::FADD, 32, true, D1::NONE>));
GCN_MEM(ds_add_f64, (dsAtomic<Atom::FADD, 64, false, D1::NONE>));  // GFX90A
GCN_MEM(ds_pk_add_f16, (dsAtomic<Atom::PK_FADD_F16, 32, false, D1::NONE>));  // GFX940
GCN_MEM(ds_pk_add_rtn_f16, (dsAtomic<Atom::PK_FADD_F16, 32, true, D1::NONE>));
GCN_MEM(ds_pk_add_bf16, (dsAtomic<Atom::PK_FADD_BF16, 32, false, D1::NONE>));
GCN_MEM(ds_pk_add_rtn_bf16, (dsAtomic<Atom::PK_FADD_BF16, 32, true, D1::NONE>));
GCN_MEM(ds_add_rtn_f64, (dsAtomic<Atom::FADD, 64, true, D1::NONE>));

// --- src2 ---
#define GCN_DS_SRC2(t32, t64, op)                                                    \
  GCN_MEM(ds_##t32, (dsSrc2<Atom::op, 32>));                                         \
  GCN_MEM(ds_##t64, (dsSrc2<Atom::op, 64>))
GCN_DS_SRC2(add_src2_u32, add_src2_u64, ADD);
GCN_DS_SRC2(sub_src2_u32, sub_src2_u64, SUB);
GCN_DS_SRC2(rsub_src2_u32, rsub_src2_u64, RSUB);
GCN_DS_SRC2(inc_src2_u32, inc_src2_u64, INC);
GCN_DS_SRC2(dec_src2_u32, dec_src2_u64, DEC);
GCN_DS_SRC2(min_src2_i32, min_src2_i64, SMIN);
GCN_DS_SRC2(max_src2_i32, max_src2_i64, SMAX);
GCN_DS_SRC2(min_src2_u32, min_src2_u64, UMIN);
GCN_DS_SRC2(max_src2_u32, max_src2_u64, UMAX);
GCN_DS_SRC2(and_src2_b32, and_src2_b64, AND);
GCN_DS_SRC2(or_src2_b32, or_src2_b64, OR);
GCN_DS_SRC2(xor_src2_b32, xor_src2_b64, XOR);
GCN_DS_SRC2(write_src2_b32, write_src2_b64, SWAP);
GCN_DS_SRC2(min_src2_f32, min_src2_f64, FMIN);
GCN_DS_SRC2(max_src2_f32, max_src2_f64, FMAX);
GCN_MEM(ds_add_src2_f32, (dsSrc2<Atom::FADD, 32>));

// --- cross-lane, counters, nop ---
GCN_MEM(ds_swizzle_b32, dsSwizzle);
GCN_MEM(ds_permute_b32, dsPermute<false>);
GCN_MEM(ds_bpermute_b32, dsPermute<true>);
GCN_MEM(ds_append, dsAppend<true>);
GCN_MEM(ds_consume, dsAppend<false>);
GCN_MEM(ds_nop, dsNop);

}  // namespace gcn::sem
