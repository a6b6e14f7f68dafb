#include "semantics/defs/mem_common.h"

#include "semantics/domain/valu_fp.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace gcn::sem::mem {

bool vgprRangeOk(ExecEnv& e, int reg, int n, const char* what) {
  if (reg >= 0 && reg + n <= kMaxVgprs) return true;
  e.w.fail(std::string(what) + ": VGPR range v" + std::to_string(reg) + "..v" +
           std::to_string(reg + n - 1) + " runs past v255");
  return false;
}

bool dataRangeOk(ExecEnv& e, const PInst& pi, int reg, int n, const char* what) {
  if (!pi.data_row0) return vgprRangeOk(e, reg, n, what);
  const int a = reg - pi.data_row0;
  if (a >= 0 && a + n <= kMaxVgprs && reg + n <= kVecRows) return true;
  e.w.fail(std::string(what) + ": AccVGPR range a" + std::to_string(a) + "..a" +
           std::to_string(a + n - 1) + " runs past a255");
  return false;
}

bool sgprRangeOk(ExecEnv& e, int code, int n, const char* what) {
  if (code >= 0 && code + n <= kScalarCodes) return true;
  e.w.fail(std::string(what) + ": scalar range " + scalarCodeName(e.w.gen, code) + " + " +
           std::to_string(n) + " dwords runs past the scalar register file");
  return false;
}

uint32_t scalarSource(ExecEnv& e, const Inst& in, int code) {
  return scalarRead32(e, resolveSource(e.w.gen, code, 32, false, false, in));
}

namespace {

// IEEE minNum/maxNum: a NaN operand yields the other one; -0 < +0.
template <class F>
F fminNum(F a, F b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class F>
F fmaxNum(F a, F b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

template <class U, class S, class F>
U apply(Atom op, U old, U src, U cmp) {
  F fo, fs, fc;
  std::memcpy(&fo, &old, sizeof fo);
  std::memcpy(&fs, &src, sizeof fs);
  std::memcpy(&fc, &cmp, sizeof fc);
  F fr = 0;
  switch (op) {
    case Atom::ADD: return U(old + src);
    case Atom::SUB: return U(old - src);
    case Atom::RSUB: return U(src - old);
    case Atom::INC: return src > old ? U(old + 1) : U(0);
    case Atom::DEC: return (old != 0 && old <= src) ? U(old - 1) : src;
    case Atom::SMIN: return S(old) < S(src) ? old : src;
    case Atom::SMAX: return S(old) > S(src) ? old : src;
    case Atom::UMIN: return old < src ? old : src;
    case Atom::UMAX: return old > src ? old : src;
    case Atom::AND: return old & src;
    case Atom::OR: return old | src;
    case Atom::XOR: return old ^ src;
    case Atom::SWAP: return src;
    case Atom::CMPSWAP: return old == cmp ? src : old;
    case Atom::FCMPSWAP: return fo == fc ? src : old;
    case Atom::MSKOR: return U((old & ~src) | cmp);
    case Atom::WRAP: return old >= src ? U(old - src) : U(old + cmp);
    case Atom::FMIN: fr = fminNum(fo, fs); break;
    case Atom::FMAX: fr = fmaxNum(fo, fs); break;
    case Atom::FADD: fr = fo + fs; break;  // round to nearest even, denormals kept
    case Atom::PK_FADD_F16:
    case Atom::PK_FADD_BF16: return old;  // packed halves: atomApply handles them first
  }
  U r;
  std::memcpy(&r, &fr, sizeof r);
  return r;
}
}  // namespace

uint64_t atomApply(Atom op, uint64_t old, uint64_t src, uint64_t cmp, int bits) {
  if (op == Atom::PK_FADD_F16) {
    // Like FADD: round to nearest even, denormals kept, whatever MODE says.
    const FpMode m{};
    return hadd(m, uint32_t(old) & 0xffffu, uint32_t(src) & 0xffffu) |
           uint64_t(hadd(m, uint32_t(old) >> 16, uint32_t(src) >> 16)) << 16;
  }
  if (op == Atom::PK_FADD_BF16) {
    // Each half: the exact sum (in double) rounded once to bf16, nearest
    // even, denormals kept; a NaN is the canonical quiet bf16 NaN.
    auto half = [](uint32_t a, uint32_t b) -> uint32_t {
      const uint32_t ab = a << 16, bb = b << 16;
      float fa, fb;
      std::memcpy(&fa, &ab, 4);
      std::memcpy(&fb, &bb, 4);
      const double s = double(fa) + double(fb);
      if (s != s) return 0x7fc0u;
      const uint32_t sign = std::signbit(s) ? 0x8000u : 0u;
      if (std::isinf(s)) return sign | 0x7f80u;
      if (s == 0) return std::signbit(fa) && std::signbit(fb) ? 0x8000u : 0u;
      int ex;
      std::frexp(std::fabs(s), &ex);
      const double step = std::ldexp(1.0, std::max(ex - 1, -126) - 7);
      const double v = std::nearbyint(std::fabs(s) / step) * step;  // nearest even
      if (v >= 0x1p128) return sign | 0x7f80u;
      const float f = float(v);  // exact: v is a bf16 value
      uint32_t x;
      std::memcpy(&x, &f, 4);
      return sign | (x >> 16);
    };
    return half(uint32_t(old) & 0xffffu, uint32_t(src) & 0xffffu) |
           uint64_t(half(uint32_t(old) >> 16, uint32_t(src) >> 16)) << 16;
  }
  if (bits == 64) return apply<uint64_t, int64_t, double>(op, old, src, cmp);
  return apply<uint32_t, int32_t, float>(op, uint32_t(old), uint32_t(src), uint32_t(cmp));
}

uint64_t atomicRmw(uint8_t* p, Atom op, uint64_t src, uint64_t cmp, int bits, bool shared) {
  const bool aligned = (reinterpret_cast<uintptr_t>(p) & (bits / 8 - 1)) == 0;
  if (bits == 64) {
    uint64_t old;
    if (shared && aligned) {
      auto* q = reinterpret_cast<uint64_t*>(p);
      old = __atomic_load_n(q, __ATOMIC_RELAXED);
      while (!__atomic_compare_exchange_n(q, &old, atomApply(op, old, src, cmp, 64), false,
                                          __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
      }
      return old;
    }
    std::memcpy(&old, p, 8);
    const uint64_t nv = atomApply(op, old, src, cmp, 64);
    std::memcpy(p, &nv, 8);
    return old;
  }
  uint32_t old;
  if (shared && aligned) {
    auto* q = reinterpret_cast<uint32_t*>(p);
    old = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(q, &old, uint32_t(atomApply(op, old, src, cmp, 32)),
                                        false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    }
    return old;
  }
  std::memcpy(&old, p, 4);
  const uint32_t nv = uint32_t(atomApply(op, old, src, cmp, 32));
  std::memcpy(p, &nv, 4);
  return old;
}

// ---------------------------------------------------------------------------

DsSpace ldsSpace(ExecEnv& e) {
  DsSpace s;
  if (!e.lds) return s;
  s.base = e.lds->bytes.data();
  s.limit = e.lds->size();
  if (e.w.gen < Gen::GFX9 && uint64_t(e.w.m0()) < s.limit) s.limit = e.w.m0();
  return s;
}

DsSpace gdsSpace(ExecEnv& e) {
  DsSpace s;
  if (!e.mem) return s;
  const uint32_t m0 = e.w.m0(), off = m0 >> 16, size = m0 & 0xffff;
  const uint64_t total = e.mem->gds.size();
  if (off >= total) {
    s.base = e.mem->gds.data();  // everything out of range
    s.limit = 0;
  } else {
    s.base = e.mem->gds.data() + off;
    s.limit = std::min<uint64_t>(size, total - off);
  }
  s.shared = true;
  return s;
}

// ---------------------------------------------------------------------------

namespace {
bool noMemory(ExecEnv& e, const char* what, uint64_t addr, uint32_t n, int lane) {
  e.w.fail(memFaultMessage(what, addr, n, lane, "no memory system attached"));
  return false;
}
}  // namespace

bool globalLoad(ExecEnv& e, uint64_t addr, void* out, uint32_t n, int lane) {
  if (!e.mem) {
    std::memset(out, 0, n);
    return noMemory(e, "global load", addr, n, lane);
  }
  return globalRead(e.w, e.mem->global, addr, out, n, lane);
}

bool globalStore(ExecEnv& e, uint64_t addr, const void* in, uint32_t n, int lane) {
  if (!e.mem) return noMemory(e, "global store", addr, n, lane);
  return globalWrite(e.w, e.mem->global, addr, in, n, lane);
}

bool globalAtomic(ExecEnv& e, uint64_t addr, Atom op, uint64_t src, uint64_t cmp, int bits,
                  int lane, uint64_t* old) {
  const uint32_t n = uint32_t(bits / 8);
  *old = 0;
  if (!e.mem) return noMemory(e, "global atomic", addr, n, lane);
  uint8_t* p = e.mem->global.translate(addr, n);
  if (!p) {
    e.w.fail(memFaultMessage("global atomic", addr, n, lane));
    return false;
  }
  *old = atomicRmw(p, op, src, cmp, bits, true);
  return true;
}

bool scratchRead(ExecEnv& e, uint32_t off, void* out, uint32_t n, int lane) {
  auto* dst = static_cast<uint8_t*>(out);
  return scratchPieces(off, n, [&](uint32_t o, uint32_t k, uint32_t len) {
    return globalLoad(e, scratchSwizzle(e.scratch_base, o, uint32_t(lane)), dst + k, len, lane);
  });
}

bool scratchWrite(ExecEnv& e, uint32_t off, const void* in, uint32_t n, int lane) {
  auto* src = static_cast<const uint8_t*>(in);
  return scratchPieces(off, n, [&](uint32_t o, uint32_t k, uint32_t len) {
    return globalStore(e, scratchSwizzle(e.scratch_base, o, uint32_t(lane)), src + k, len, lane);
  });
}

bool scratchAtomic(ExecEnv& e, uint32_t off, Atom op, uint64_t src, uint64_t cmp, int bits,
                   int lane, uint64_t* old) {
  uint64_t v = 0;
  if (!scratchRead(e, off, &v, uint32_t(bits / 8), lane)) return false;
  *old = v;
  const uint64_t nv = atomApply(op, v, src, cmp, bits);
  return scratchWrite(e, off, &nv, uint32_t(bits / 8), lane);
}

// ---------------------------------------------------------------------------

FlatSeg flatSegment(const WaveState& w, uint64_t addr, uint32_t* seg_off) {
  if (w.shared_limit != 0 && addr >= w.shared_base && addr <= w.shared_limit) {
    *seg_off = uint32_t(addr - w.shared_base);
    return FlatSeg::LDS;
  }
  if (w.private_limit != 0 && addr >= w.private_base && addr <= w.private_limit) {
    *seg_off = uint32_t(addr - w.private_base);
    return FlatSeg::SCRATCH;
  }
  *seg_off = 0;
  return FlatSeg::GLOBAL;
}

namespace {
bool needLds(ExecEnv& e, uint64_t addr, uint32_t n, int lane) {
  if (e.lds) return true;
  e.w.fail(memFaultMessage("flat LDS access", addr, n, lane, "no LDS attached"));
  return false;
}
}  // namespace

bool flatLoad(ExecEnv& e, uint64_t addr, void* out, uint32_t n, int lane) {
  uint32_t off;
  switch (flatSegment(e.w, addr, &off)) {
    case FlatSeg::LDS: {
      if (!needLds(e, addr, n, lane)) return false;
      const uint8_t* p = ldsSpace(e).at(off, n);
      if (p) std::memcpy(out, p, n);
      else std::memset(out, 0, n);
      return true;
    }
    case FlatSeg::SCRATCH: return scratchRead(e, off, out, n, lane);
    default: return globalLoad(e, addr, out, n, lane);
  }
}

bool flatStore(ExecEnv& e, uint64_t addr, const void* in, uint32_t n, int lane) {
  uint32_t off;
  switch (flatSegment(e.w, addr, &off)) {
    case FlatSeg::LDS: {
      if (!needLds(e, addr, n, lane)) return false;
      if (uint8_t* p = ldsSpace(e).at(off, n)) std::memcpy(p, in, n);
      return true;
    }
    case FlatSeg::SCRATCH: return scratchWrite(e, off, in, n, lane);
    default: return globalStore(e, addr, in, n, lane);
  }
}

bool flatAtomic(ExecEnv& e, uint64_t addr, Atom op, uint64_t src, uint64_t cmp, int bits,
                int lane, uint64_t* old) {
  uint32_t off;
  const uint32_t n = uint32_t(bits / 8);
  switch (flatSegment(e.w, addr, &off)) {
    case FlatSeg::LDS: {
      *old = 0;
      if (!needLds(e, addr, n, lane)) return false;
      if (uint8_t* p = ldsSpace(e).at(off, n)) *old = atomicRmw(p, op, src, cmp, bits, false);
      return true;
    }
    case FlatSeg::SCRATCH: return scratchAtomic(e, off, op, src, cmp, bits, lane, old);
    default: return globalAtomic(e, addr, op, src, cmp, bits, lane, old);
  }
}

// ---------------------------------------------------------------------------

BufferRsrc readRsrc(const WaveState& w, int code) {
  BufferRsrc r;
  const uint32_t d0 = w.s[code], d1 = w.s[code + 1], d2 = w.s[code + 2], d3 = w.s[code + 3];
  r.base = uint64_t(d0) | uint64_t(d1 & 0xffff) << 32;
  r.stride = (d1 >> 16) & 0x3fff;
  r.swizzle = (d1 >> 31) & 1;
  r.num_records = d2;
  for (int i = 0; i < 4; ++i) r.dst_sel[i] = uint8_t((d3 >> (3 * i)) & 7);
  r.nfmt = uint8_t((d3 >> 12) & 7);
  r.dfmt = uint8_t((d3 >> 15) & 15);
  r.elem_size = 2u << ((d3 >> 19) & 3);
  r.index_stride = 8u << ((d3 >> 21) & 3);
  r.add_tid = (d3 >> 23) & 1;
  return r;
}

bool bufferPieceAddr(const BufferRsrc& r, const BufferLane& l, uint32_t k, uint32_t n,
                     uint64_t* addr) {
  (void)n;
  const uint32_t off = l.offset + k;
  if (l.addr64) {  // "No range checking for 64-bit mode addressing."
    *addr = l.base + off;
    return true;
  }
  // Range check (GcnMemHandling.md): raw buffers compare the byte offset
  // with NUMRECORDS - SGPR_OFFSET; structured (STRIDE != 0, indexed) ones
  // the index with NUMRECORDS and the offset with STRIDE.
  if (r.stride != 0 && l.indexed) {
    if (l.index >= r.num_records || off >= r.stride) return false;
  } else {
    const uint64_t bufoff = uint64_t(uint32_t(l.index * r.stride + off));
    if (int64_t(bufoff) >= int64_t(r.num_records) - int64_t(l.soffset)) return false;
  }
  uint32_t bufoff;
  if (r.swizzle) {
    const uint32_t is = r.index_stride, es = r.elem_size;
    bufoff = off % es + es * (l.index % is) + is * ((l.index / is) * r.stride + (off / es) * es);
  } else {
    bufoff = l.index * r.stride + off;  // (UINT32)(AINDEX*STRIDE) + AOFFSET
  }
  *addr = l.base + bufoff;
  return true;
}

}  // namespace gcn::sem::mem
