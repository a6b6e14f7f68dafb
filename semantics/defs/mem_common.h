// Shared pieces of the memory instruction semantics (mem_*.cc): lane
// iteration, register range checks, the atomic operations, the DS address
// spaces (LDS with the GFX6-8 M0 limit, GDS), scratch and FLAT aperture
// routing, and the buffer resource descriptor.
//
// Each memory instruction has a per-lane implementation, the reference path.
// Plain loads and stores of FLAT/GLOBAL/SCRATCH, DS and MUBUF also have a
// fast path (GCN_SEM_CUSTOM(name, fast, ref)) for the common cases: lanes
// at unit stride, or every lane's access inside one mapped region, copied
// through one host pointer; anything else (a fault, an aperture, an
// unusual register range) is handed to the reference, so faults are always
// reported by the per-lane code (mem_fast_path_test checks the pairs).
// Atomics and typed accesses have the reference only. Lanes run in
// ascending order; inactive lanes (EXEC bit 0) never touch memory or
// registers.
#pragma once

#include <cstdint>
#include <cstring>

#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/operand_read.h"
#include "semantics/emulator/registry.h"

// Registers one handler for both paths. `fn` may be a parenthesised
// template-id (commas inside template arguments).
#define GCN_MEM(name, fn) GCN_SEM_CUSTOM(name, fn, fn)

namespace gcn::sem::mem {

template <class F>
inline void forActive(uint64_t exec, F&& f) {
  while (exec) {
    const int l = __builtin_ctzll(exec);
    exec &= exec - 1;
    f(l);
  }
}

// VGPR range v[reg .. reg+n-1] must lie within v0..v255, scalar codes
// s[code .. code+n-1] within the 128 scalar codes; otherwise the wave stops
// with an error naming the operand (false).
bool vgprRangeOk(ExecEnv& e, int reg, int n, const char* what);
bool sgprRangeOk(ExecEnv& e, int code, int n, const char* what);

// The row of WaveState::v holding a memory instruction's data register
// (VDATA, VDST, DATA0/1): the field's VGPR, or its AccVGPR when the ACC bit
// names that file (PInst::data_row0).
inline int dataReg(const PInst& pi, Fld f) { return pi.inst[f] + pi.data_row0; }
// The data range of `n` registers from row `reg` (a dataReg) lies within
// its file; otherwise the wave stops with an error naming the operand.
bool dataRangeOk(ExecEnv& e, const PInst& pi, int reg, int n, const char* what);

// A 9-bit scalar source code (MUBUF/MTBUF soffset) read as 32 bits.
uint32_t scalarSource(ExecEnv& e, const Inst& in, int code);

// DS_SWIZZLE_B32's source lane for lane `lane` (mem_ds.cc; the Z3 model
// in z3_ctx.cc uses the same mapping). OFFSET bit 15: quad permute by
// OFFSET[7:0]; else within each half-wave ((lane & and) | or) ^ xor with
// masks OFFSET[4:0], [9:5], [14:10].
inline int dsSwizzleSource(uint32_t off, int lane) {
  if (off & 0x8000) return (lane & 0x3c) + int((off >> (2 * (lane & 3))) & 3);
  const int andm = off & 31, orm = (off >> 5) & 31, xorm = (off >> 10) & 31;
  return (lane & 32) + ((((lane & 31) & andm) | orm) ^ xorm);
}

inline uint64_t vgpr64(const WaveState& w, int r, int lane) {
  return uint64_t(w.v[r][lane]) | uint64_t(w.v[r + 1][lane]) << 32;
}

// ---------------------------------------------------------------------------
// Atomic read-modify-write operations (DS, FLAT/GLOBAL, MUBUF, SMEM). The
// operands are `src` (the data) and `cmp` (second operand: compare value of
// the cmpswap family, the add value of ds_wrap, the OR value of mskor).
enum class Atom : uint8_t {
  ADD, SUB, RSUB, INC, DEC, SMIN, SMAX, UMIN, UMAX, AND, OR, XOR, SWAP,
  CMPSWAP,   // new = old == cmp ? src : old
  FCMPSWAP,  // same, float compare (+0 == -0, NaN never equal)
  MSKOR,     // new = (old & ~src) | cmp
  WRAP,      // new = old >= src ? old - src : old + cmp
  FMIN, FMAX, FADD,
  PK_FADD_F16,  // each 16-bit half an f16 add (32-bit only)
  PK_FADD_BF16, // each 16-bit half a bf16 add (32-bit only; GFX940)
};
// New memory value from the old one; `bits` is 32 or 64.
uint64_t atomApply(Atom op, uint64_t old, uint64_t src, uint64_t cmp, int bits);
// Applies `op` at host pointer p (bits/8 bytes); returns the old value.
// shared: the memory is visible to other worker threads (global memory,
// GDS), so the update is a compare-exchange loop; LDS belongs to one
// workgroup and so to one thread.
uint64_t atomicRmw(uint8_t* p, Atom op, uint64_t src, uint64_t cmp, int bits, bool shared);

// ---------------------------------------------------------------------------
// DS address spaces. LDS: the workgroup's allocation; on GFX6-8 M0 is the
// LDS size limit the wave may access (GcnInstrsDs.md: "M0 holds maximum size
// of a LDS memory"; 0xffffffff = no limit); GFX9 has no M0 limit. GDS: base
// offset M0[31:16], size M0[15:0] (GcnInstrsDs.md), inside the dispatch's GDS.
// An access of n bytes at a is in range when a + n <= limit; out-of-range
// reads return 0 and writes are dropped, as the hardware does.
struct DsSpace {
  uint8_t* base = nullptr;  // null: no LDS/GDS attached
  uint64_t limit = 0;
  bool shared = false;      // GDS: other workgroups run concurrently
  uint8_t* at(uint32_t a, uint32_t n) const {
    return (base && uint64_t(a) + n <= limit) ? base + a : nullptr;
  }
};
DsSpace ldsSpace(ExecEnv& e);
DsSpace gdsSpace(ExecEnv& e);

// ---------------------------------------------------------------------------
// Scratch (private segment) of this wave: per-lane private offsets swizzled
// by scratchSwizzle (4-byte elements) from ExecEnv::scratch_base, so
// multi-dword accesses are split per dword, each going to the lane's own
// element. Unmapped addresses fault (message names lane and address).
// Scratch bytes [off, off+n) in pieces that each lie within one 4-byte
// swizzle element: f(private offset, byte index k, length) for each, in
// order; stops (false) when f does.
template <class F>
bool scratchPieces(uint32_t off, uint32_t n, F&& f) {
  uint32_t k = 0;
  while (k < n) {
    const uint32_t o = off + k;
    const uint32_t len = 4 - o % 4 < n - k ? 4 - o % 4 : n - k;
    if (!f(o, k, len)) return false;
    k += len;
  }
  return true;
}
bool scratchRead(ExecEnv& e, uint32_t off, void* out, uint32_t n, int lane);
bool scratchWrite(ExecEnv& e, uint32_t off, const void* in, uint32_t n, int lane);
// Atomic on scratch: the element is the lane's own, so a plain RMW.
bool scratchAtomic(ExecEnv& e, uint32_t off, Atom op, uint64_t src, uint64_t cmp, int bits,
                   int lane, uint64_t* old);

// The fast paths of buffer and scratch accesses: each active lane's data as
// pieces of global memory (a buffer dword, a scratch element), all inside
// the mapped region of the first piece, so they are copied through one
// host pointer.
struct RegionPieces {
  static constexpr int kMax = 5;  // 16 bytes unaligned span five elements
  uint64_t addr[kLanes][kMax];
  uint8_t k[kLanes][kMax], len[kLanes][kMax], count[kLanes] = {};
  const MemRegion* region = nullptr;
  // Lane l's bytes [k, k+len) live at global address a. False when they
  // are not all inside the region of the first piece added.
  bool add(GlobalMemory& g, int l, uint32_t kk, uint32_t n, uint64_t a) {
    if (!region) region = g.find(a);
    if (!region || a - region->base > region->bytes.size() ||
        region->bytes.size() - (a - region->base) < n || count[l] >= kMax)
      return false;
    const int i = count[l]++;
    addr[l][i] = a;
    k[l][i] = uint8_t(kk);
    len[l][i] = uint8_t(n);
    return true;
  }
  // Lane l's pieces into / out of its data bytes (other bytes untouched).
  void load(int l, uint8_t* data) const {
    for (int i = 0; i < count[l]; ++i)
      std::memcpy(data + k[l][i], region->bytes.data() + (addr[l][i] - region->base), len[l][i]);
  }
  void store(int l, const uint8_t* data) const {
    for (int i = 0; i < count[l]; ++i)
      std::memcpy(const_cast<uint8_t*>(region->bytes.data()) + (addr[l][i] - region->base),
                  data + k[l][i], len[l][i]);
  }
};

// Global memory with a fault on an unmapped address (memory.h), or a clear
// error when no memory system is attached.
bool globalLoad(ExecEnv& e, uint64_t addr, void* out, uint32_t n, int lane);
bool globalStore(ExecEnv& e, uint64_t addr, const void* in, uint32_t n, int lane);
bool globalAtomic(ExecEnv& e, uint64_t addr, Atom op, uint64_t src, uint64_t cmp, int bits,
                  int lane, uint64_t* old);

// ---------------------------------------------------------------------------
// FLAT addresses: inside [shared_base, shared_limit] -> LDS at the offset
// from shared_base; inside [private_base, private_limit] -> scratch at the
// offset from private_base; anything else is global. The apertures are the
// wave's SRC_SHARED_BASE.. values (WaveState; a zero limit disables one).
// LDS through FLAT obeys the DS range rule (out of range: 0 / dropped).
enum class FlatSeg : uint8_t { GLOBAL, LDS, SCRATCH };
FlatSeg flatSegment(const WaveState& w, uint64_t addr, uint32_t* seg_off);
bool flatLoad(ExecEnv& e, uint64_t addr, void* out, uint32_t n, int lane);
bool flatStore(ExecEnv& e, uint64_t addr, const void* in, uint32_t n, int lane);
bool flatAtomic(ExecEnv& e, uint64_t addr, Atom op, uint64_t src, uint64_t cmp, int bits,
                int lane, uint64_t* old);

// ---------------------------------------------------------------------------
// Buffer resource descriptor (V#), GcnMemHandling.md "Buffer resource format".
struct BufferRsrc {
  uint64_t base = 0;        // bits 0-47
  uint32_t stride = 0;      // bits 48-61
  bool swizzle = false;     // bit 63
  uint32_t num_records = 0; // bits 64-95
  uint8_t dst_sel[4] = {4, 5, 6, 7};
  uint8_t nfmt = 0, dfmt = 0;
  uint32_t elem_size = 2;    // bytes: 2 << ELEMSIZE
  uint32_t index_stride = 8; // 8 << INDEXSTRIDE
  bool add_tid = false;      // bit 119
};
BufferRsrc readRsrc(const WaveState& w, int code);

// One lane's buffer access: the address of the byte at `k` bytes into the
// accessed data, or false when out of range (GcnMemHandling.md "Buffer
// addressing"). With swizzling each 4-byte piece (or smaller) is placed
// separately, so callers go through bufferPieceAddr per dword.
struct BufferLane {
  uint64_t base = 0;     // resource base + SGPR offset (or ADDR64 base)
  uint32_t index = 0;    // AINDEX
  uint32_t offset = 0;   // AOFFSET (VGPR offset + instruction offset)
  uint32_t soffset = 0;
  bool addr64 = false;   // GFX6/7 ADDR64: no range check, flat address
  bool indexed = false;  // IDXEN or TID_ENABLE
};
bool bufferPieceAddr(const BufferRsrc& r, const BufferLane& l, uint32_t k, uint32_t n,
                     uint64_t* addr);

// ---------------------------------------------------------------------------
// Load and store widths shared by DS, FLAT and MUBUF rows: narrow loads
// zero/sign-extend or (GFX9 d16) fill one 16-bit half of VDST keeping the
// other; *_d16_hi stores take bits 16.. of the data.
enum class Ld : uint8_t { U8, I8, U16, I16, B32, B64, B96, B128,
                          D16_U8, D16_U8_HI, D16_I8, D16_I8_HI, D16_U16, D16_U16_HI };
constexpr uint32_t ldBytes(Ld k) {
  switch (k) {
    case Ld::U8: case Ld::I8: case Ld::D16_U8: case Ld::D16_U8_HI: case Ld::D16_I8:
    case Ld::D16_I8_HI: return 1;
    case Ld::U16: case Ld::I16: case Ld::D16_U16: case Ld::D16_U16_HI: return 2;
    case Ld::B32: return 4;
    case Ld::B64: return 8;
    case Ld::B96: return 12;
    default: return 16;
  }
}

// Register value of a narrow load: extension or a 16-bit half of the old VDST.
inline uint32_t narrowResult(Ld k, uint32_t raw, uint32_t old) {
  switch (k) {
    case Ld::U8: case Ld::U16: return raw;
    case Ld::I8: return uint32_t(int32_t(int8_t(raw)));
    case Ld::I16: return uint32_t(int32_t(int16_t(raw)));
    case Ld::D16_U8: return (old & 0xffff0000u) | (raw & 0xff);
    case Ld::D16_I8: return (old & 0xffff0000u) | (uint32_t(int32_t(int8_t(raw))) & 0xffff);
    case Ld::D16_U16: return (old & 0xffff0000u) | (raw & 0xffff);
    case Ld::D16_U8_HI: return (old & 0xffff) | (raw & 0xff) << 16;
    case Ld::D16_I8_HI: return (old & 0xffff) | uint32_t(uint16_t(int16_t(int8_t(raw)))) << 16;
    case Ld::D16_U16_HI: return (old & 0xffff) | (raw & 0xffff) << 16;
    default: return raw;
  }
}

// Lane l's VGPRs after a load of kind K whose bytes are in buf.
template <Ld K>
inline void writeLoadResult(WaveState& w, int vdst, int l, const uint32_t buf[4]) {
  constexpr uint32_t n = ldBytes(K);
  if constexpr (n < 4) {
    w.v[vdst][l] = narrowResult(K, buf[0], w.v[vdst][l]);
  } else {
    for (int i = 0; i < int(n / 4); ++i) w.v[vdst + i][l] = buf[i];
  }
}

enum class St : uint8_t { B8, B16, B32, B64, B96, B128, B8_HI, B16_HI };
constexpr uint32_t stBytes(St k) {
  switch (k) {
    case St::B8: case St::B8_HI: return 1;
    case St::B16: case St::B16_HI: return 2;
    case St::B32: return 4;
    case St::B64: return 8;
    case St::B96: return 12;
    default: return 16;
  }
}
// VGPRs a store of kind K reads per lane.
constexpr int stDwords(St k) { return stBytes(k) < 4 ? 1 : int(stBytes(k) / 4); }

// The bytes lane l stores, from VGPRs vdata..: a d16_hi store writes the
// high half of its VGPR.
template <St K>
inline void gatherStoreData(const WaveState& w, int vdata, int l, uint32_t buf[4]) {
  for (int i = 0; i < stDwords(K); ++i) buf[i] = w.v[vdata + i][l];
  if (K == St::B8_HI || K == St::B16_HI) buf[0] >>= 16;
}

// The fast paths' lane loops over pieces (RegionPieces): every active
// lane's load of kind K into VDST.., or store of kind K from VDATA...
template <Ld K>
inline void loadLanes(WaveState& w, const RegionPieces& rp, int vdst) {
  for (uint64_t x = w.exec(); x; x &= x - 1) {
    const int l = __builtin_ctzll(x);
    uint32_t buf[4] = {0, 0, 0, 0};
    rp.load(l, reinterpret_cast<uint8_t*>(buf));
    writeLoadResult<K>(w, vdst, l, buf);
  }
}
template <St K>
inline void storeLanes(const WaveState& w, const RegionPieces& rp, int vdata) {
  for (uint64_t x = w.exec(); x; x &= x - 1) {
    const int l = __builtin_ctzll(x);
    uint32_t buf[4];
    gatherStoreData<K>(w, vdata, l, buf);
    rp.store(l, reinterpret_cast<const uint8_t*>(buf));
  }
}

}  // namespace gcn::sem::mem
