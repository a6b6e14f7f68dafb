// The matrix instructions of the CDNA processors.
//
// V_MFMA_*: D = A * B + C for each block, over the whole wave (EXEC is not
// consulted: the model computes every lane, see isa/errata/semantics.inc
// MFMA_EXEC). Element positions come from the plan made at pre-decode
// (emulator/mfma_plan.h, isa/mfma.h), with CBSZ/ABID selecting A's block
// and BLGP B's lane group; on GFX940's f64 rows BLGP negates A, B and C.
//
// Numeric model (AMD does not publish one; MFMA_NUMERICS): every result
// element starts from C and takes one fused multiply-add per k, in
// increasing k, rounded to nearest even in the accumulator type (f32 for
// the f32, xf32, f16, bf16 and fp8/bf8 inputs, which are widened exactly,
// xf32 read as the full f32; f64 for f64). Denormals are kept, MODE is not
// consulted; a NaN result is the canonical quiet NaN. Integer MFMA is
// exact: int8 products summed in 32 bits with wrap-around.
//
// Two paths: the reference computes each element from isa/mfma.h's layout
// functions; the fast path gathers A and B into dense matrices through the
// plan, runs the k loop over a row of N columns, and stores rows. Both make
// the same operations in the same order, so they agree bit for bit.
#include <cmath>
#include <cstring>
#include <set>
#include <type_traits>
#include <string_view>

#include "semantics/defs/vector_ctx.h"
#include "semantics/domain/fp8.h"
#include "semantics/domain/valu_fp.h"
#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/mfma_plan.h"
#include "semantics/emulator/sem_status.h"

namespace gcn::sem {

namespace {

struct Fp8Tables {
  float fp8[256], bf8[256];
  Fp8Tables() {
    for (uint32_t i = 0; i < 256; ++i) fp8[i] = fp8Decode(i, kFp8), bf8[i] = fp8Decode(i, kBf8);
  }
};
const Fp8Tables& fp8Tables() {
  static const Fp8Tables t;
  return t;
}

// An IEEE half (the low 16 bits of h) as a float, exactly.
inline float h2f32(uint32_t h) {
  const uint32_t s = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  uint32_t x;
  if (e == 0x1f) {
    x = s | 0x7f800000u | m << 13;
  } else if (e) {
    x = s | (e + 112) << 23 | m << 13;
  } else {
    const float f = float(m) * 0x1p-24f;  // subnormal: exact
    std::memcpy(&x, &f, 4);
    x |= s;
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

// An element's bits (already shifted down) as the accumulator's type.
inline float toF32(MType t, uint32_t x) {
  switch (t) {
    case MType::F16: return h2f32(x);
    case MType::BF16: { const uint32_t b = x << 16; float f; std::memcpy(&f, &b, 4); return f; }
    case MType::FP8: return fp8Tables().fp8[x & 0xff];
    case MType::BF8: return fp8Tables().bf8[x & 0xff];
    default: { float f; std::memcpy(&f, &x, 4); return f; }
  }
}
inline float bitsF32(uint32_t x) { float f; std::memcpy(&f, &x, 4); return f; }
inline double bitsF64(uint64_t x) { double f; std::memcpy(&f, &x, 8); return f; }
// Results: a NaN is the canonical quiet NaN (which input NaN an FMA passes
// on is the host instruction's choice, not the model's).
inline uint32_t f32Bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  return f != f ? 0x7fc00000u : x;
}
inline uint64_t f64Bits(double f) {
  uint64_t x;
  std::memcpy(&x, &f, 8);
  return f != f ? 0x7ff8000000000000ull : x;
}

// The operand rows as one array of dwords (register r, lane l at r * 64 + l).
const uint32_t* rows(ExecEnv& e, const Operand& o) { return &e.w.v[o.reg % kVecRows][0]; }

// C's dword (or the constant, GFX90A's inline-constant C) at index `at`.
struct CSource {
  const uint32_t* base = nullptr;
  uint64_t value = 0;
  uint32_t lo(int at) const { return base ? base[at] : uint32_t(value); }
  uint64_t wide(int at) const {
    return base ? (uint64_t(base[at]) | uint64_t(base[at + kLanes]) << 32) : value;
  }
};
CSource cSource(ExecEnv& e, const PInst& p) {
  CSource c;
  if (p.src[2].kind == OpKind::VGPR) c.base = rows(e, p.src[2]);
  else c.value = p.src[2].value;
  return c;
}

// ---------------------------------------------------------------- reference

void mfmaRef(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  const uint32_t* a = rows(e, p.src[0]);
  const uint32_t* b = rows(e, p.src[1]);
  const CSource c = cSource(e, p);
  const int a_bits = mtypeBits(f.a), b_bits = mtypeBits(f.b);
  auto field = [](const uint32_t* r, MLoc l, int bits) -> uint64_t {
    const int at = l.reg * kLanes + l.lane;
    if (bits == 64) return uint64_t(r[at]) | uint64_t(r[at + kLanes]) << 32;
    const uint64_t x = r[at] >> l.bit;
    return bits == 32 ? x : x & ((1ull << bits) - 1);
  };
  auto aLoc = [&](int bl, int i, int k) {
    MLoc l = mfmaLoc(f, MMat::A, bl, i, k);
    l.lane = mfmaASourceLane(f, l.lane, pl.cbsz, pl.abid);
    return l;
  };
  auto bLoc = [&](int bl, int k, int j) {
    MLoc l = mfmaLoc(f, MMat::B, bl, k, j);
    l.lane = mfmaBSourceLane(l.lane, pl.blgp);
    return l;
  };
  // Results staged: D may share registers with A, B or C.
  uint32_t out[32 * kLanes];
  const int dwords = f.cd_dwords;
  std::memcpy(out, rows(e, p.dst), sizeof(uint32_t) * kLanes * size_t(dwords));
  for (int bl = 0; bl < f.blocks; ++bl)
    for (int i = 0; i < f.m; ++i)
      for (int j = 0; j < f.n; ++j) {
        const MLoc dl = mfmaLoc(f, MMat::CD, bl, i, j);
        const int at = dl.reg * kLanes + dl.lane;
        if (f.cd == MType::F64) {
          double acc = bitsF64(c.wide(at));
          if (pl.neg & 4) acc = -acc;
          for (int k = 0; k < f.k; ++k) {
            double x = bitsF64(field(a, aLoc(bl, i, k), 64)), y = bitsF64(field(b, bLoc(bl, k, j), 64));
            if (pl.neg & 1) x = -x;
            if (pl.neg & 2) y = -y;
            acc = std::fma(x, y, acc);
          }
          const uint64_t r = f64Bits(acc);
          out[at] = uint32_t(r);
          out[at + kLanes] = uint32_t(r >> 32);
        } else if (f.cd == MType::I32) {
          uint32_t acc = c.lo(at);
          for (int k = 0; k < f.k; ++k) {
            const int32_t x = int8_t(field(a, aLoc(bl, i, k), 8));
            const int32_t y = int8_t(field(b, bLoc(bl, k, j), 8));
            acc += uint32_t(x * y);
          }
          out[at] = acc;
        } else {
          float acc = bitsF32(c.lo(at));
          for (int k = 0; k < f.k; ++k)
            acc = std::fma(toF32(f.a, uint32_t(field(a, aLoc(bl, i, k), a_bits))),
                           toF32(f.b, uint32_t(field(b, bLoc(bl, k, j), b_bits))), acc);
          out[at] = f32Bits(acc);
        }
      }
  std::memcpy(&e.w.v[p.dst.reg % kVecRows][0], out, sizeof(uint32_t) * kLanes * size_t(dwords));
}

// ---------------------------------------------------------------- fast path

constexpr int kMaxAB = 512;    // blocks * M * K (16x16x32 fp8)
constexpr int kMaxCD = 2048;   // blocks * M * N (32x32, 2 blocks)

// A's or B's elements as floats: one loop per element type.
__attribute__((always_inline)) inline void gatherF32(const uint32_t* r, const std::vector<uint16_t>& at,
                      const std::vector<uint8_t>& bit, float* out, MType t) {
  const size_t n = at.size();
  switch (t) {
    case MType::F16:
      for (size_t e = 0; e < n; ++e) out[e] = h2f32(r[at[e]] >> bit[e]);
      break;
    case MType::BF16:
      for (size_t e = 0; e < n; ++e) out[e] = bitsF32((r[at[e]] >> bit[e]) << 16);
      break;
    case MType::FP8: case MType::BF8: {
      const float* tab = t == MType::FP8 ? fp8Tables().fp8 : fp8Tables().bf8;
      for (size_t e = 0; e < n; ++e) out[e] = tab[(r[at[e]] >> bit[e]) & 0xff];
      break;
    }
    default:
      for (size_t e = 0; e < n; ++e) out[e] = bitsF32(r[at[e]]);
  }
}

template <class T, class Cvt>
__attribute__((always_inline)) inline void gather(const uint32_t* r, const std::vector<uint16_t>& at, const std::vector<uint8_t>& bit,
            T* out, Cvt cvt) {
  const size_t n = at.size();
  for (size_t e = 0; e < n; ++e) out[e] = cvt(r[at[e]] >> bit[e]);
}

// acc[j] = fma(a, b[j], acc[j]) over one row: the loop the compiler
// vectorises (with FMA in the AVX2/AVX-512 clones).
template <class T, int N>
__attribute__((always_inline)) inline void rowFma(T* __restrict acc, T a, const T* __restrict b) {
  for (int j = 0; j < N; ++j) acc[j] = std::fma(a, b[j], acc[j]);
}

template <class T, int N>
__attribute__((always_inline)) inline void gemmRows(const MfmaInfo& f, const T* A, const T* B, T* CD) {
  for (int bl = 0; bl < f.blocks; ++bl)
    for (int i = 0; i < f.m; ++i) {
      T* acc = CD + (bl * f.m + i) * N;
      const T* arow = A + (bl * f.m + i) * f.k;
      const T* bm = B + bl * f.k * N;
      for (int k = 0; k < f.k; ++k) rowFma<T, N>(acc, arow[k], bm + k * N);
    }
}

template <class T>
__attribute__((always_inline)) inline void gemm(const MfmaInfo& f, const T* A, const T* B, T* CD) {
  switch (f.n) {
    case 32: gemmRows<T, 32>(f, A, B, CD); break;
    case 16: gemmRows<T, 16>(f, A, B, CD); break;
    default: gemmRows<T, 4>(f, A, B, CD); break;
  }
}

template <class T>
__attribute__((always_inline)) inline void loadC(const MfmaPlan& pl, const CSource& c, T* CD) {
  const MfmaInfo& f = *pl.f;
  const size_t rowsN = pl.cd_row.size();
  for (size_t r = 0; r < rowsN; ++r) {
    const int at = pl.cd_row[r];
    T* dst = CD + r * size_t(f.n);
    if constexpr (sizeof(T) == 8) {
      for (int j = 0; j < f.n; ++j) {
        const double x = bitsF64(c.wide(at + j));
        dst[j] = (pl.neg & 4) ? -x : x;
      }
    } else if (c.base) {
      std::memcpy(dst, c.base + at, sizeof(T) * size_t(f.n));
    } else {
      const uint32_t v = uint32_t(c.value);
      for (int j = 0; j < f.n; ++j) std::memcpy(&dst[j], &v, 4);
    }
  }
}

template <class T>
__attribute__((always_inline)) inline void storeD(const MfmaPlan& pl, const T* CD, uint32_t* d) {
  const MfmaInfo& f = *pl.f;
  const size_t rowsN = pl.cd_row.size();
  for (size_t r = 0; r < rowsN; ++r) {
    const int at = pl.cd_row[r];
    const T* src = CD + r * size_t(f.n);
    if constexpr (sizeof(T) == 8) {
      for (int j = 0; j < f.n; ++j) {
        const uint64_t x = f64Bits(src[j]);
        d[at + j] = uint32_t(x);
        d[at + j + kLanes] = uint32_t(x >> 32);
      }
    } else if constexpr (std::is_same_v<T, float>) {
      // f32Bits over the row, written so that it vectorises.
      uint32_t* out = d + at;
      std::memcpy(out, src, sizeof(float) * size_t(f.n));
      for (int j = 0; j < f.n; ++j) out[j] = (out[j] & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : out[j];
    } else {
      std::memcpy(d + at, src, sizeof(T) * size_t(f.n));
    }
  }
}

// The fast path's body, inlined into a clone per instruction set.
__attribute__((always_inline)) inline void mfmaFastBody(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  const uint32_t* a = rows(e, p.src[0]);
  const uint32_t* b = rows(e, p.src[1]);
  const CSource c = cSource(e, p);
  uint32_t* d = &e.w.v[p.dst.reg % kVecRows][0];
  if (f.cd == MType::F64) {
    alignas(64) double A[kMaxAB], B[kMaxAB], CD[kMaxCD];
    auto wide = [](const uint32_t* r, const std::vector<uint16_t>& at, double* out, bool neg) {
      for (size_t i = 0; i < at.size(); ++i) {
        const double x = bitsF64(uint64_t(r[at[i]]) | uint64_t(r[at[i] + kLanes]) << 32);
        out[i] = neg ? -x : x;
      }
    };
    wide(a, pl.a_at, A, pl.neg & 1);
    wide(b, pl.b_at, B, pl.neg & 2);
    loadC(pl, c, CD);
    gemm(f, A, B, CD);
    storeD(pl, CD, d);
    return;
  }
  if (f.cd == MType::I32) {
    alignas(64) int32_t A[kMaxAB], B[kMaxAB];
    alignas(64) uint32_t CD[kMaxCD];
    const auto s8 = [](uint32_t x) { return int32_t(int8_t(x)); };
    gather(a, pl.a_at, pl.a_bit, A, s8);
    gather(b, pl.b_at, pl.b_bit, B, s8);
    loadC(pl, c, CD);
    for (int bl = 0; bl < f.blocks; ++bl)
      for (int i = 0; i < f.m; ++i) {
        uint32_t* acc = CD + (bl * f.m + i) * f.n;
        for (int k = 0; k < f.k; ++k) {
          const int32_t x = A[(bl * f.m + i) * f.k + k];
          const int32_t* brow = B + (bl * f.k + k) * f.n;
          for (int j = 0; j < f.n; ++j) acc[j] += uint32_t(x * brow[j]);
        }
      }
    storeD(pl, CD, d);
    return;
  }
  alignas(64) float A[kMaxAB], B[kMaxAB], CD[kMaxCD];
  gatherF32(a, pl.a_at, pl.a_bit, A, f.a);
  gatherF32(b, pl.b_at, pl.b_bit, B, f.b);
  loadC(pl, c, CD);
  gemm(f, A, B, CD);
  storeD(pl, CD, d);
}

// The k loop's fused multiply-adds are one vector instruction each with
// FMA, a library call per element without: the AVX2+FMA clone runs where
// the CPU has it (GCN_SEM_NO_AVX2=1 forces the baseline).
__attribute__((flatten)) void mfmaFastBase(ExecEnv& e, const PInst& p) { mfmaFastBody(e, p); }
#if GCN_SEM_X86_CLONES
__attribute__((target("avx2,fma"), flatten)) void mfmaFastAvx2(ExecEnv& e, const PInst& p) {
  mfmaFastBody(e, p);
}
#endif
Handler mfmaFastHandler() {
#if GCN_SEM_X86_CLONES
  if (cpuHasAvx2()) return &mfmaFastAvx2;
#endif
  return &mfmaFastBase;
}

// Every MFMA row of the tables (isa/mfma.h) runs these two; SMFMAC rows
// are left undefined ("unsupported in the functional model").
const bool kMfmaRegistered = [] {
  std::set<std::string_view> done;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    const MfmaInfo* f = mfmaInfo(*d);
    if (!f || f->sparse || !done.insert(d->mnemonic).second) continue;
    SemDef s;
    s.mnemonic = d->mnemonic;
    s.kind = SemKind::CUSTOM;
    for (auto& h : s.fast) h = mfmaFastHandler();
    s.ref = &mfmaRef;
    Registrar r(s);
    if (f->cd != MType::I32) {
      const bool f64 = f->cd == MType::F64;
      noteModel(d->mnemonic,
                std::string("MFMA numeric model (errata SEM_MFMA_NUMERICS): from C, one fused "
                            "multiply-add per k in increasing k, rounded to nearest even in ") +
                    (f64 ? "f64" : "f32") +
                    "; each element within K roundings of the exact A*B+C, |err| <= K*u*(|C| + "
                    "sum|A*B|) with u = 2^-" + (f64 ? "53" : "24") +
                    (f->a == MType::XF32 ? "; xf32 inputs read at full f32 precision" : ""));
    }
  }
  return true;
}();

}  // namespace

}  // namespace gcn::sem
