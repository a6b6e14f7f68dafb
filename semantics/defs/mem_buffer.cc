// MUBUF and MTBUF: buffer loads, stores, atomics and typed (format)
// accesses through a buffer resource descriptor (GcnInstrsMubuf.md,
// GcnInstrsMtbuf.md, GcnMemHandling.md).
//
// Per active lane (mem_common.h BufferLane / bufferPieceAddr):
//   VADDR: IDXEN -> index VGPR, OFFEN -> offset VGPR (both: index then
//   offset); GFX6/7 ADDR64 -> 64-bit address VGPR pair added to the base
//   with no range check. AINDEX adds the lane id with TID_ENABLE.
//   AOFFSET = VGPR offset + OFFSET; address = base + SOFFSET + BUFOFFSET,
//   BUFOFFSET linear (AINDEX * STRIDE + AOFFSET) or swizzled.
// Each dword (or narrower piece) of the data is range-checked and, with
// swizzling, placed on its own: out-of-range pieces read 0 and are not
// written. In-range pieces on unmapped memory fault (wave, PC, lane,
// address). Alignment: GFX6-8 round 16-bit accesses to 2 and wider ones to
// 4 bytes (GcnMemHandling.md); GFX9 accesses are unaligned (the runtime's
// unaligned mode, as GcnInstrsDs.md says of GCN 1.4 LDS).
// Atomics act on the (size-aligned) first piece and return the pre-op value
// into VDATA with GLC (0 when out of range). With the LDS bit, loads write
// the (zero-extended) dword to LDS at (M0 & 0xffff) + lane * 4 instead of
// VDATA. TFE: the extra VGPR after the data receives 0 (no fault).
// Formats: buffer_*_format_* use the descriptor's DATA_FORMAT/NUM_FORMAT
// and DST_SEL (loads), tbuffer_* the instruction's DFMT/NFMT with identity
// selects; missing components read 0 (W: 1 / 1.0). Stores write only the
// components the instruction supplies (read-modify-write of the element).
// d16 (GFX8: one 16-bit value per VGPR; GFX9: two per VGPR): float number
// formats convert to/from half, integer ones keep the low 16 bits.
//
// Fast path (plain loads and stores, no LDS bit): the lanes' pieces are
// addressed and range-checked as above, but when every in-range piece lies
// in the mapped region of the first one they are copied through one host
// pointer instead of one region look-up and call each; a piece outside it
// hands the instruction to the per-lane code (the reference path), which
// reports the fault.
#include "isa/memory_rules.h"
#include "semantics/defs/mem_common.h"
#include "semantics/memory/mem_format.h"

namespace gcn::sem {
namespace {

using mem::Atom;
using mem::forActive;
using mem::BufferLane;
using mem::BufferRsrc;
using mem::Ld;
using mem::St;

struct Access {
  BufferRsrc r;
  uint32_t soffset = 0;
  bool idxen = false, offen = false, addr64 = false;
  int vaddr = 0;
  uint32_t inst_offset = 0;
  uint32_t align = 1;  // GFX6-8 alignment of pieces (set per op)
};

// Reads the descriptor and checks the address/descriptor registers; false
// (wave stopped) on a bad register range.
bool setup(ExecEnv& e, const Inst& in, Access* a) {
  WaveState& w = e.w;
  const int rs = in[Fld::SRSRC];
  if (!mem::sgprRangeOk(e, rs, 4, "srsrc")) return false;
  a->r = mem::readRsrc(w, rs);
  a->soffset = mem::scalarSource(e, in, in[Fld::SOFFSET]);
  a->idxen = in[Fld::IDXEN];
  a->offen = in[Fld::OFFEN];
  a->addr64 = bufferAddr64(in);
  a->vaddr = in[Fld::VADDR];
  a->inst_offset = uint32_t(in[Fld::OFFSET]);
  const int vdw = bufferVaddrDwords(in);
  return vdw == 0 || mem::vgprRangeOk(e, a->vaddr, vdw, "vaddr");
}

BufferLane laneOf(const WaveState& w, const Access& a, int l) {
  BufferLane b;
  b.soffset = a.soffset;
  if (a.addr64) {
    b.addr64 = true;
    b.base = a.r.base + mem::vgpr64(w, a.vaddr, l) + a.soffset;
    b.offset = a.inst_offset;
    return b;
  }
  b.base = a.r.base + a.soffset;
  b.index = (a.idxen ? w.v[a.vaddr][l] : 0) + (a.r.add_tid ? uint32_t(l) : 0);
  b.offset = (a.offen ? w.v[a.vaddr + (a.idxen ? 1 : 0)][l] : 0) + a.inst_offset;
  b.indexed = a.idxen || a.r.add_tid;
  return b;
}

uint32_t pieceAlign(Gen g, uint32_t n) {
  if (g >= Gen::GFX9) return 1;
  return n >= 4 ? 4 : n;
}

// n bytes (<= 16) of the lane's data, dword by dword.
bool readData(ExecEnv& e, const Access& a, const BufferLane& b, uint32_t n, uint8_t* out, int l) {
  for (uint32_t k = 0; k < n; k += 4) {
    const uint32_t len = n - k < 4 ? n - k : 4;
    uint64_t addr;
    if (!mem::bufferPieceAddr(a.r, b, k, len, &addr)) {
      std::memset(out + k, 0, len);
      continue;
    }
    addr &= ~uint64_t(pieceAlign(e.w.gen, len) - 1);
    if (!mem::globalLoad(e, addr, out + k, len, l)) return false;
  }
  return true;
}

bool writeData(ExecEnv& e, const Access& a, const BufferLane& b, uint32_t n, const uint8_t* in,
               int l) {
  for (uint32_t k = 0; k < n; k += 4) {
    const uint32_t len = n - k < 4 ? n - k : 4;
    uint64_t addr;
    if (!mem::bufferPieceAddr(a.r, b, k, len, &addr)) continue;
    addr &= ~uint64_t(pieceAlign(e.w.gen, len) - 1);
    if (!mem::globalStore(e, addr, in + k, len, l)) return false;
  }
  return true;
}

// LDS-bit loads: the destination LDS dword of lane l (null: out of range).
uint8_t* ldsDest(ExecEnv& e, int l) {
  return mem::ldsSpace(e).at((e.w.m0() & 0xffff) + uint32_t(l) * 4, 4);
}

bool ldsAttached(ExecEnv& e, const Inst& in) {
  if (e.lds || e.w.exec() == 0) return true;
  e.w.fail(std::string(in.desc().mnemonic) + " lds: no LDS attached to the wave");
  return false;
}

template <Ld K>
void bufLoad(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a)) return;
  const bool to_lds = in[Fld::LDS], tfe = in[Fld::TFE];
  const int vd = mem::dataReg(pi, Fld::VDATA);
  if (to_lds ? !ldsAttached(e, in) : !mem::dataRangeOk(e, pi, vd, dw + (tfe ? 1 : 0), "vdata"))
    return;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t buf[4] = {0, 0, 0, 0};
    if (!readData(e, a, laneOf(w, a, l), n, reinterpret_cast<uint8_t*>(buf), l)) return;
    if (to_lds) {
      if (uint8_t* p = ldsDest(e, l)) std::memcpy(p, buf, 4);
      continue;
    }
    if (n < 4) w.v[vd][l] = mem::narrowResult(K, buf[0], w.v[vd][l]);
    else
      for (int i = 0; i < dw; ++i) w.v[vd + i][l] = buf[i];
    if (tfe) w.v[vd + dw][l] = 0;
  }
}

// Register ranges the access names are valid (setup cannot fail).
bool rangesOk(const WaveState& w, const Inst& in, int data_dw) {
  return in[Fld::SRSRC] + 4 <= kScalarCodes &&
         in[Fld::VADDR] + bufferVaddrDwords(in) <= kMaxVgprs &&
         in[Fld::VDATA] + data_dw <= kMaxVgprs;
}

// Every active lane's in-range pieces of its n bytes, addressed as the
// per-lane code does (out-of-range pieces are left out: they read 0 and are
// not written). False when one lies outside the region of the first.
template <uint32_t N>
bool piecesInOneRegion(ExecEnv& e, const Access& a, mem::RegionPieces* rp) {
  const WaveState& w = e.w;
  for (uint64_t x = w.exec(); x; x &= x - 1) {
    const int l = __builtin_ctzll(x);
    const BufferLane b = laneOf(w, a, l);
    for (uint32_t k = 0; k < N; k += 4) {
      const uint32_t len = N - k < 4 ? N - k : 4;
      uint64_t ad = 0;
      if (!mem::bufferPieceAddr(a.r, b, k, len, &ad)) continue;
      ad &= ~uint64_t(pieceAlign(w.gen, len) - 1);
      if (!rp->add(e.mem->global, l, k, len, ad)) return false;
    }
  }
  return true;
}

template <Ld K>
void bufLoadFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::ldBytes(K);
  constexpr int dw = n < 4 ? 1 : int(n / 4);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  const bool tfe = in[Fld::TFE];
  if (!e.mem || in[Fld::LDS] || !w.exec() || !rangesOk(w, in, dw + (tfe ? 1 : 0)))
    return bufLoad<K>(e, pi);
  Access a;
  setup(e, in, &a);
  mem::RegionPieces rp;
  if (!piecesInOneRegion<n>(e, a, &rp)) return bufLoad<K>(e, pi);
  const int vd = in[Fld::VDATA];
  mem::loadLanes<K>(w, rp, vd);
  if (tfe) forActive(w.exec(), [&](int l) { w.v[vd + dw][l] = 0; });
}

template <St K>
void bufStore(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a)) return;
  const int vd = mem::dataReg(pi, Fld::VDATA);
  if (!mem::dataRangeOk(e, pi, vd, dw, "vdata")) return;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t buf[4];
    mem::gatherStoreData<K>(w, vd, l, buf);
    if (!writeData(e, a, laneOf(w, a, l), n, reinterpret_cast<const uint8_t*>(buf), l)) return;
  }
}

template <St K>
void bufStoreFast(ExecEnv& e, const PInst& pi) {
  constexpr uint32_t n = mem::stBytes(K);
  constexpr int dw = mem::stDwords(K);
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  if (!e.mem || !w.exec() || !rangesOk(w, in, dw)) return bufStore<K>(e, pi);
  Access a;
  setup(e, in, &a);
  mem::RegionPieces rp;
  if (!piecesInOneRegion<n>(e, a, &rp)) return bufStore<K>(e, pi);
  mem::storeLanes<K>(w, rp, in[Fld::VDATA]);
}

// BUFFER_STORE_LDS_DWORD (GFX8/9): LDS dword at (M0 & 0xffff) + OFFSET +
// lane * 4 to VMEM(SRSRC, 0, SOFFSET, OFFSET).
void bufStoreLds(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a) || !ldsAttached(e, in)) return;
  a.idxen = a.offen = false;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t v = 0;
    if (const uint8_t* p = mem::ldsSpace(e).at(
            (w.m0() & 0xffff) + a.inst_offset + uint32_t(l) * 4, 4))
      std::memcpy(&v, p, 4);
    if (!writeData(e, a, laneOf(w, a, l), 4, reinterpret_cast<const uint8_t*>(&v), l)) return;
  }
}

template <Atom OP, int BITS>
void bufAtomic(ExecEnv& e, const PInst& pi) {
  constexpr int dw = BITS / 32;
  constexpr bool cmpswap = OP == Atom::CMPSWAP || OP == Atom::FCMPSWAP;
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a)) return;
  const int vd = mem::dataReg(pi, Fld::VDATA);
  const bool rtn = in[Fld::GLC];
  if (!mem::dataRangeOk(e, pi, vd, cmpswap ? 2 * dw : dw, "vdata")) return;
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    auto rd = [&](int r) { return dw == 2 ? mem::vgpr64(w, r, l) : uint64_t(w.v[r][l]); };
    const uint64_t src = rd(vd), cmp = cmpswap ? rd(vd + dw) : 0;
    uint64_t old = 0, addr;
    if (mem::bufferPieceAddr(a.r, laneOf(w, a, l), 0, BITS / 8, &addr)) {
      addr &= ~uint64_t(BITS / 8 - 1);
      if (!mem::globalAtomic(e, addr, OP, src, cmp, BITS, l, &old)) return;
    }
    if (rtn) {
      w.v[vd][l] = uint32_t(old);
      if (dw == 2) w.v[vd + 1][l] = uint32_t(old >> 32);
    }
  }
}

// ---------------------------------------------------------------------------
// Typed accesses. TYPED: MTBUF (format from the instruction, identity
// selects); else buffer_*_format_* (format and selects from the resource).
// NC components; D16 16-bit register data; HI: d16 value in the high half.

struct Fmt {
  mem::DataFormat df;
  bool valid = false;
  int nfmt = 0;
};

template <bool TYPED>
Fmt formatOf(const Inst& in, const BufferRsrc& r) {
  Fmt f;
  if (TYPED) {
    f.valid = mem::dataFormat(in[Fld::DFMT], &f.df);
    f.nfmt = in[Fld::NFMT];
  } else {
    f.valid = mem::dataFormat(r.dfmt, &f.df);
    f.nfmt = r.nfmt;
  }
  return f;
}

// Register dwords of NC components.
constexpr int dataDwords(int nc, bool d16, bool packed) { return d16 && packed ? (nc + 1) / 2 : nc; }

uint32_t oneValue(int nfmt) { return mem::nfmtIsFloat(nfmt) ? 0x3f800000u : 1u; }

uint32_t toD16(uint32_t v, int nfmt) {
  return mem::nfmtIsFloat(nfmt) ? mem::f32ToF16(v) : (v & 0xffff);
}
uint32_t fromD16(uint32_t h, int nfmt) {
  h &= 0xffff;
  if (mem::nfmtIsFloat(nfmt)) return mem::f16ToF32(uint16_t(h));
  return nfmt == mem::NF_SINT ? uint32_t(int32_t(int16_t(h))) : h;
}

template <bool TYPED, int NC, bool D16, bool HI>
void fmtLoad(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a)) return;
  const bool packed = w.gen >= Gen::GFX9;
  const int dw = dataDwords(NC, D16, packed);
  const bool to_lds = !TYPED && in[Fld::LDS], tfe = in[Fld::TFE];
  const int vd = mem::dataReg(pi, Fld::VDATA);
  if (to_lds ? !ldsAttached(e, in) : !mem::dataRangeOk(e, pi, vd, dw + (tfe ? 1 : 0), "vdata"))
    return;
  const Fmt f = formatOf<TYPED>(in, a.r);
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t comp[4] = {0, 0, 0, 0};
    if (f.valid) {
      uint8_t el[16] = {};
      if (!readData(e, a, laneOf(w, a, l), f.df.bytes, el, l)) return;
      uint32_t c[4] = {0, 0, 0, oneValue(f.nfmt)};
      for (int i = 0; i < f.df.ncomp; ++i)
        c[i] = mem::unpackComponent(mem::getBits(el, f.df.shift[i], f.df.bits[i]),
                                    f.df.bits[i], f.nfmt);
      for (int i = 0; i < NC; ++i) {
        const uint8_t rs = TYPED ? uint8_t(4 + i) : a.r.dst_sel[i];
        comp[i] = rs >= 4 ? c[rs - 4] : (rs == 1 ? oneValue(f.nfmt) : 0);
      }
    }
    if (to_lds) {
      if (uint8_t* p = ldsDest(e, l)) std::memcpy(p, &comp[0], 4);
      continue;
    }
    if (!D16) {
      for (int i = 0; i < NC; ++i) w.v[vd + i][l] = comp[i];
    } else if (HI) {
      w.v[vd][l] = (w.v[vd][l] & 0xffff) | toD16(comp[0], f.nfmt) << 16;
    } else if (packed) {
      for (int i = 0; i < NC; i += 2) {
        uint32_t v = toD16(comp[i], f.nfmt);
        if (i + 1 < NC) v |= toD16(comp[i + 1], f.nfmt) << 16;
        w.v[vd + i / 2][l] = v;
      }
    } else {
      for (int i = 0; i < NC; ++i) w.v[vd + i][l] = toD16(comp[i], f.nfmt);
    }
    if (tfe) w.v[vd + dw][l] = 0;
  }
}

template <bool TYPED, int NC, bool D16, bool HI>
void fmtStore(ExecEnv& e, const PInst& pi) {
  const Inst& in = pi.inst;
  WaveState& w = e.w;
  Access a;
  if (!setup(e, in, &a)) return;
  const bool packed = w.gen >= Gen::GFX9;
  const int vd = mem::dataReg(pi, Fld::VDATA);
  if (!mem::dataRangeOk(e, pi, vd, dataDwords(NC, D16, packed), "vdata")) return;
  const Fmt f = formatOf<TYPED>(in, a.r);
  if (!f.valid) return;  // invalid/reserved format: nothing is written
  uint64_t exec = w.exec();
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    uint32_t comp[4] = {0, 0, 0, 0};
    for (int i = 0; i < NC; ++i) {
      if (!D16) comp[i] = w.v[vd + i][l];
      else if (HI) comp[i] = fromD16(w.v[vd][l] >> 16, f.nfmt);
      else if (packed) comp[i] = fromD16(w.v[vd + i / 2][l] >> (16 * (i & 1)), f.nfmt);
      else comp[i] = fromD16(w.v[vd + i][l], f.nfmt);
    }
    const BufferLane b = laneOf(w, a, l);
    uint8_t el[16] = {};
    const int nc = NC < f.df.ncomp ? NC : f.df.ncomp;
    if (nc < f.df.ncomp && !readData(e, a, b, f.df.bytes, el, l)) return;
    for (int i = 0; i < nc; ++i)
      mem::setBits(el, f.df.shift[i], f.df.bits[i],
                   mem::packComponent(comp[i], f.df.bits[i], f.nfmt));
    if (!writeData(e, a, b, f.df.bytes, el, l)) return;
  }
}

void bufNop(ExecEnv&, const PInst&) {}

}  // namespace

GCN_SEM_CUSTOM(buffer_load_ubyte, bufLoadFast<Ld::U8>, bufLoad<Ld::U8>);
GCN_SEM_CUSTOM(buffer_load_sbyte, bufLoadFast<Ld::I8>, bufLoad<Ld::I8>);
GCN_SEM_CUSTOM(buffer_load_ushort, bufLoadFast<Ld::U16>, bufLoad<Ld::U16>);
GCN_SEM_CUSTOM(buffer_load_sshort, bufLoadFast<Ld::I16>, bufLoad<Ld::I16>);
GCN_SEM_CUSTOM(buffer_load_dword, bufLoadFast<Ld::B32>, bufLoad<Ld::B32>);
GCN_SEM_CUSTOM(buffer_load_dwordx2, bufLoadFast<Ld::B64>, bufLoad<Ld::B64>);
GCN_SEM_CUSTOM(buffer_load_dwordx3, bufLoadFast<Ld::B96>, bufLoad<Ld::B96>);
GCN_SEM_CUSTOM(buffer_load_dwordx4, bufLoadFast<Ld::B128>, bufLoad<Ld::B128>);
GCN_SEM_CUSTOM(buffer_load_ubyte_d16, bufLoadFast<Ld::D16_U8>, bufLoad<Ld::D16_U8>);
GCN_SEM_CUSTOM(buffer_load_ubyte_d16_hi, bufLoadFast<Ld::D16_U8_HI>, bufLoad<Ld::D16_U8_HI>);
GCN_SEM_CUSTOM(buffer_load_sbyte_d16, bufLoadFast<Ld::D16_I8>, bufLoad<Ld::D16_I8>);
GCN_SEM_CUSTOM(buffer_load_sbyte_d16_hi, bufLoadFast<Ld::D16_I8_HI>, bufLoad<Ld::D16_I8_HI>);
GCN_SEM_CUSTOM(buffer_load_short_d16, bufLoadFast<Ld::D16_U16>, bufLoad<Ld::D16_U16>);
GCN_SEM_CUSTOM(buffer_load_short_d16_hi, bufLoadFast<Ld::D16_U16_HI>, bufLoad<Ld::D16_U16_HI>);
GCN_SEM_CUSTOM(buffer_store_byte, bufStoreFast<St::B8>, bufStore<St::B8>);
GCN_SEM_CUSTOM(buffer_store_short, bufStoreFast<St::B16>, bufStore<St::B16>);
GCN_SEM_CUSTOM(buffer_store_dword, bufStoreFast<St::B32>, bufStore<St::B32>);
GCN_SEM_CUSTOM(buffer_store_dwordx2, bufStoreFast<St::B64>, bufStore<St::B64>);
GCN_SEM_CUSTOM(buffer_store_dwordx3, bufStoreFast<St::B96>, bufStore<St::B96>);
GCN_SEM_CUSTOM(buffer_store_dwordx4, bufStoreFast<St::B128>, bufStore<St::B128>);
GCN_SEM_CUSTOM(buffer_store_byte_d16_hi, bufStoreFast<St::B8_HI>, bufStore<St::B8_HI>);
GCN_SEM_CUSTOM(buffer_store_short_d16_hi, bufStoreFast<St::B16_HI>, bufStore<St::B16_HI>);
GCN_MEM(buffer_store_lds_dword, bufStoreLds);
// Cache write-back/invalidate: nothing to do in a functional model.
GCN_MEM(buffer_wbinvl1, bufNop);
GCN_MEM(buffer_wbinvl1_sc, bufNop);
GCN_MEM(buffer_wbinvl1_vol, bufNop);
GCN_MEM(buffer_wbl2, bufNop);   // GFX90A L2 write-back
GCN_MEM(buffer_inv, bufNop);    // GFX940 cache invalidate
GCN_MEM(buffer_invl2, bufNop);  // GFX90A L2 invalidate

#define GCN_BUF_ATOM(name, op)                                                  \
  GCN_MEM(buffer_atomic_##name, (bufAtomic<Atom::op, 32>));                     \
  GCN_MEM(buffer_atomic_##name##_x2, (bufAtomic<Atom::op, 64>))
// gfx908: float adds without return (F_NO_RTN; the assembler refuses glc).
GCN_MEM(buffer_atomic_add_f32, (bufAtomic<Atom::FADD, 32>));
GCN_MEM(buffer_atomic_pk_add_f16, (bufAtomic<Atom::PK_FADD_F16, 32>));
// GFX90A f64 atomics.
GCN_MEM(buffer_atomic_add_f64, (bufAtomic<Atom::FADD, 64>));
GCN_MEM(buffer_atomic_min_f64, (bufAtomic<Atom::FMIN, 64>));
GCN_MEM(buffer_atomic_max_f64, (bufAtomic<Atom::FMAX, 64>));
GCN_BUF_ATOM(swap, SWAP);
GCN_BUF_ATOM(cmpswap, CMPSWAP);
GCN_BUF_ATOM(add, ADD);
GCN_BUF_ATOM(sub, SUB);
GCN_BUF_ATOM(rsub, RSUB);
GCN_BUF_ATOM(smin, SMIN);
GCN_BUF_ATOM(umin, UMIN);
GCN_BUF_ATOM(smax, SMAX);
GCN_BUF_ATOM(umax, UMAX);
GCN_BUF_ATOM(and, AND);
GCN_BUF_ATOM(or, OR);
GCN_BUF_ATOM(xor, XOR);
GCN_BUF_ATOM(inc, INC);
GCN_BUF_ATOM(dec, DEC);
GCN_BUF_ATOM(fcmpswap, FCMPSWAP);
GCN_BUF_ATOM(fmin, FMIN);
GCN_BUF_ATOM(fmax, FMAX);

#define GCN_FMT(prefix, TYPED)                                                         \
  GCN_MEM(prefix##_load_format_x, (fmtLoad<TYPED, 1, false, false>));                  \
  GCN_MEM(prefix##_load_format_xy, (fmtLoad<TYPED, 2, false, false>));                 \
  GCN_MEM(prefix##_load_format_xyz, (fmtLoad<TYPED, 3, false, false>));                \
  GCN_MEM(prefix##_load_format_xyzw, (fmtLoad<TYPED, 4, false, false>));               \
  GCN_MEM(prefix##_load_format_d16_x, (fmtLoad<TYPED, 1, true, false>));               \
  GCN_MEM(prefix##_load_format_d16_xy, (fmtLoad<TYPED, 2, true, false>));              \
  GCN_MEM(prefix##_load_format_d16_xyz, (fmtLoad<TYPED, 3, true, false>));             \
  GCN_MEM(prefix##_load_format_d16_xyzw, (fmtLoad<TYPED, 4, true, false>));            \
  GCN_MEM(prefix##_store_format_x, (fmtStore<TYPED, 1, false, false>));                \
  GCN_MEM(prefix##_store_format_xy, (fmtStore<TYPED, 2, false, false>));               \
  GCN_MEM(prefix##_store_format_xyz, (fmtStore<TYPED, 3, false, false>));              \
  GCN_MEM(prefix##_store_format_xyzw, (fmtStore<TYPED, 4, false, false>));             \
  GCN_MEM(prefix##_store_format_d16_x, (fmtStore<TYPED, 1, true, false>));             \
  GCN_MEM(prefix##_store_format_d16_xy, (fmtStore<TYPED, 2, true, false>));            \
  GCN_MEM(prefix##_store_format_d16_xyz, (fmtStore<TYPED, 3, true, false>));           \
  GCN_MEM(prefix##_store_format_d16_xyzw, (fmtStore<TYPED, 4, true, false>))
GCN_FMT(buffer, false);
GCN_FMT(tbuffer, true);
GCN_MEM(buffer_load_format_d16_hi_x, (fmtLoad<false, 1, true, true>));
GCN_MEM(buffer_store_format_d16_hi_x, (fmtStore<false, 1, true, true>));

}  // namespace gcn::sem
