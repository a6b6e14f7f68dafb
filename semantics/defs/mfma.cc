// The matrix instructions of the CDNA processors.
//
// V_MFMA_*: D = A * B + C for each block, over the whole wave (EXEC is not
// consulted: the model computes every lane, see isa/errata/semantics.inc
// MFMA_EXEC). Element positions come from the plan made at pre-decode
// (emulator/mfma_plan.h, isa/mfma.h), with CBSZ/ABID selecting A's block
// and BLGP B's lane group; on GFX940's f64 rows BLGP negates A, B and C.
//
// Numeric models (AMD does not publish one; MFMA_NUMERICS), chosen by
// Program::matrix_numerics. FMA_CHAIN (the default): every result element
// starts from C and takes one fused multiply-add per k, in increasing k,
// rounded to nearest even in the accumulator type (f32 for the f32, xf32,
// f16, bf16 and fp8/bf8 inputs, which are widened exactly, xf32 read as the
// full f32; f64 for f64). EXACT_SUM: C and every product summed exactly
// (domain/exact_sum.h), rounded once. Either way denormals are kept, MODE
// is not consulted and a NaN result is the canonical quiet NaN. Integer
// MFMA is exact: int8 products summed in 32 bits with wrap-around.
//
// V_SMFMAC_*: D = A * B + D with A 4:2 sparse (isa/mfma.h): each group of
// four dense k of an A row is two stored values and a 4-bit index field
// giving their dense positions; every stored value takes one fused
// multiply-add with B's row at its position, groups in increasing k, the
// first stored value before the second (increasing k when the two positions
// are increasing, as compressors write them; equal positions multiply the
// same B row twice). Errata SEM_SMFMAC_INDEX.
//
// Two paths: the reference computes each element from isa/mfma.h's layout
// functions; the fast path gathers A and B into dense matrices through the
// plan, runs the k loop over a row of N columns, and stores rows. Both make
// the same operations in the same order, so they agree bit for bit.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <type_traits>
#include <string_view>

#include "semantics/defs/vector_ctx.h"
#include "semantics/domain/exact_sum.h"
#include "semantics/domain/fp8.h"
#include "semantics/domain/half.h"
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

// An element's bits (already shifted down) as the accumulator's type.
inline float toF32(MType t, uint32_t x) {
  switch (t) {
    case MType::F16: return halfToF32(x);
    case MType::BF16: { const uint32_t b = x << 16; float f; std::memcpy(&f, &b, 4); return f; }
    case MType::FP8: return fp8Tables().fp8[x & 0xff];
    case MType::BF8: return fp8Tables().bf8[x & 0xff];
    default: { float f; std::memcpy(&f, &x, 4); return f; }
  }
}
inline float bitsF32(uint32_t x) { float f; std::memcpy(&f, &x, 4); return f; }
inline double bitsF64(uint64_t x) { double f; std::memcpy(&f, &x, 8); return f; }
// Results: a NaN is the canonical quiet NaN (which input NaN an FMA passes
// on is the host instruction's choice, not the model's). On the bits, so
// that the row loops storing results vectorise.
inline uint32_t canonNan(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : x; }
inline uint32_t f32Bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  return canonNan(x);
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
  if (p.mfma->f->sparse) c.base = rows(e, p.dst);  // SMFMAC: src2 is the index
  else if (p.src[2].kind == OpKind::VGPR) c.base = rows(e, p.src[2]);
  else c.value = p.src[2].value;
  return c;
}

bool exactSum(const ExecEnv& e) { return e.prog.matrix_numerics == MatrixNumerics::EXACT_SUM; }

// C and the n products x(t) * y(t) by the numeric model: exactly, rounded
// once, or one fused multiply-add per product in order.
template <class T, class X, class Y>
T accumulate(bool exact, T c, int n, X x, Y y) {
  if (exact) {
    ExactSum sum;
    sum.add(c);
    for (int t = 0; t < n; ++t) sum.addProduct(x(t), y(t));
    if constexpr (sizeof(T) == 8) return sum.toF64();
    else return sum.toF32();
  }
  for (int t = 0; t < n; ++t) c = std::fma(x(t), y(t), c);
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
  const bool exact = exactSum(e);
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
          auto x = [&](int k) {
            const double v = bitsF64(field(a, aLoc(bl, i, k), 64));
            return (pl.neg & 1) ? -v : v;
          };
          auto y = [&](int k) {
            const double v = bitsF64(field(b, bLoc(bl, k, j), 64));
            return (pl.neg & 2) ? -v : v;
          };
          const uint64_t r = f64Bits(accumulate(exact, acc, f.k, x, y));
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
          auto x = [&](int k) { return toF32(f.a, uint32_t(field(a, aLoc(bl, i, k), a_bits))); };
          auto y = [&](int k) { return toF32(f.b, uint32_t(field(b, bLoc(bl, k, j), b_bits))); };
          out[at] = f32Bits(accumulate(exact, bitsF32(c.lo(at)), f.k, x, y));
        }
      }
  std::memcpy(&e.w.v[p.dst.reg % kVecRows][0], out, sizeof(uint32_t) * kLanes * size_t(dwords));
}

void smfmacRef(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  const uint32_t* a = rows(e, p.src[0]);
  const uint32_t* b = rows(e, p.src[1]);
  const uint32_t* x = rows(e, p.src[2]);
  const CSource c = cSource(e, p);
  const int a_bits = mtypeBits(f.a), b_bits = mtypeBits(f.b);
  const bool exact = exactSum(e);
  auto field = [](const uint32_t* r, int reg, int lane, int bit, int bits) {
    const uint32_t v = r[(reg + bit / 32) * kLanes + lane] >> (bit % 32);
    return bits == 32 ? v : v & ((1u << bits) - 1);
  };
  uint32_t out[32 * kLanes];
  const int dwords = f.cd_dwords;
  std::memcpy(out, rows(e, p.dst), sizeof(uint32_t) * kLanes * size_t(dwords));
  for (int i = 0; i < f.m; ++i)
    for (int j = 0; j < f.n; ++j) {
      const MLoc dl = mfmaLoc(f, MMat::CD, 0, i, j);
      const int at = dl.reg * kLanes + dl.lane;
      // The stored values of row i and the B elements their index fields
      // name, in storage order.
      uint32_t av[64], bv[64];
      int n = 0;
      for (int k = 0; k < f.k; k += 4) {
        const MLoc al = mfmaLoc(f, MMat::A, 0, i, k);
        const MLoc xl = smfmacIndexLoc(f, i, k, pl.cbsz, pl.abid);
        const uint32_t nib = field(x, 0, xl.lane, xl.bit, 4);
        for (int s = 0; s < 2; ++s, ++n) {
          const MLoc bl = mfmaLoc(f, MMat::B, 0, k + int((nib >> (2 * s)) & 3), j);
          av[n] = field(a, al.reg, al.lane, al.bit + s * a_bits, a_bits);
          bv[n] = field(b, bl.reg, bl.lane, bl.bit, b_bits);
        }
      }
      if (f.cd == MType::I32) {
        uint32_t acc = c.lo(at);
        for (int t = 0; t < n; ++t) acc += uint32_t(int32_t(int8_t(av[t])) * int32_t(int8_t(bv[t])));
        out[at] = acc;
      } else {
        out[at] = f32Bits(accumulate(
            exact, bitsF32(c.lo(at)), n, [&](int t) { return toF32(f.a, av[t]); },
            [&](int t) { return toF32(f.b, bv[t]); }));
      }
    }
  std::memcpy(&e.w.v[p.dst.reg % kVecRows][0], out, sizeof(uint32_t) * kLanes * size_t(dwords));
}

// ---------------------------------------------------------------- fast path

constexpr int kMaxAB = 1024;   // blocks * M * K or K * N (SMFMAC 16x16x64 B)
constexpr int kMaxCD = 2048;   // blocks * M * N (32x32, 2 blocks)

// halfToF32 of n values (each the low 16 bits of raw[e]).
__attribute__((always_inline)) inline void halfToF32Many(const uint32_t* raw, size_t n,
                                                         float* out) {
  size_t e = 0;
  for (; e + 8 <= n; e += 8) halfToF32x8(raw + e, out + e);
  for (; e < n; ++e) out[e] = halfToF32(raw[e]);
}

// A's or B's elements as floats: one loop per element type.
__attribute__((always_inline)) inline void gatherF32(const uint32_t* r, const std::vector<uint16_t>& at,
                      const std::vector<uint8_t>& bit, float* out, MType t) {
  const size_t n = at.size();
  switch (t) {
    case MType::F16: {
      // The loads first, then the conversions in vector registers.
      alignas(64) uint32_t raw[kMaxAB];
      for (size_t e = 0; e < n; ++e) raw[e] = r[at[e]] >> bit[e];
      halfToF32Many(raw, n, out);
      break;
    }
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

// A and B gathered through the plan: sign-extended bytes (integer rows) or
// floats (every float type but f64).
__attribute__((always_inline)) inline void gatherAB(const MfmaPlan& pl, const uint32_t* a,
                                                    const uint32_t* b, int32_t* A, int32_t* B) {
  const auto s8 = [](uint32_t v) { return int32_t(int8_t(v)); };
  gather(a, pl.a_at, pl.a_bit, A, s8);
  gather(b, pl.b_at, pl.b_bit, B, s8);
}
__attribute__((always_inline)) inline void gatherAB(const MfmaPlan& pl, const uint32_t* a,
                                                    const uint32_t* b, float* A, float* B) {
  gatherF32(a, pl.a_at, pl.a_bit, A, pl.f->a);
  gatherF32(b, pl.b_at, pl.b_bit, B, pl.f->b);
}

// SMFMAC: the dense k of stored value s (0, 1) of A row i's group g of four,
// from the group's index field (errata SEM_SMFMAC_INDEX).
inline int sparseK(const MfmaPlan& pl, const uint32_t* x, int i, int g, int s) {
  const int at = i * (pl.f->k / 4) + g;
  const uint32_t field = x[pl.idx_at[size_t(at)]] >> pl.idx_bit[size_t(at)];
  return 4 * g + int((field >> (2 * s)) & 3);
}

// f(j) for each j of a row of N elements of T. GCC unrolls a row of up to
// 64 bytes completely before its loop vectoriser sees it and then leaves
// it scalar (v_mfma_f32_16x16x4f32 ran at 3 % of the host's FMA peak), so
// those rows are kept loops; longer rows it vectorises and unrolls itself
// (kept loops there lost the 32-wide rows' registers: 12 % -> 6 %).
template <class T, int N, class F>
__attribute__((always_inline)) inline void rowLoop(F f) {
  if constexpr (N * sizeof(T) <= 64) {
    _Pragma("GCC unroll 1") for (int j = 0; j < N; ++j) f(j);
  } else {
    for (int j = 0; j < N; ++j) f(j);
  }
}

// acc[j] = fma(a, b[j], acc[j]) over one row: the loop the compiler
// vectorises (with FMA in the AVX2/AVX-512 clones).
template <class T, int N>
__attribute__((always_inline)) inline void rowFma(T* __restrict acc, T a, const T* __restrict b) {
  rowLoop<T, N>([&](int j) { acc[j] = std::fma(a, b[j], acc[j]); });
}

// Integer MFMA rows: products of the sign-extended bytes summed in 32 bits
// with wrap-around, the row's N accumulators in registers over the k loop.
template <int N>
__attribute__((always_inline)) inline void intRows(const MfmaInfo& f, const int32_t* A,
                                                   const int32_t* B, uint32_t* CD) {
  const int m = f.m, kk = f.k, blocks = f.blocks;
  for (int bl = 0; bl < blocks; ++bl)
    for (int i = 0; i < m; ++i) {
      uint32_t acc[N];
      uint32_t* row = CD + (bl * m + i) * N;
      for (int j = 0; j < N; ++j) acc[j] = row[j];
      const int32_t* arow = A + (bl * m + i) * kk;
      const int32_t* bm = B + bl * kk * N;
      for (int k = 0; k < kk; ++k) {
        const int32_t x = arow[k];
        for (int j = 0; j < N; ++j) acc[j] += uint32_t(x * bm[k * N + j]);
      }
      for (int j = 0; j < N; ++j) row[j] = acc[j];
    }
}

// The row's N accumulators stay in vector registers over the k loop.
template <class T, int N>
__attribute__((always_inline)) inline void gemmRows(const MfmaInfo& f, const T* A, const T* B, T* CD) {
  const int m = f.m, kk = f.k, blocks = f.blocks;
  for (int bl = 0; bl < blocks; ++bl)
    for (int i = 0; i < m; ++i) {
      T acc[N];  // element loops, not memcpy: see gemmRowsDirect
      T* row = CD + (bl * m + i) * N;
      for (int j = 0; j < N; ++j) acc[j] = row[j];
      const T* arow = A + (bl * m + i) * kk;
      const T* bm = B + bl * kk * N;
      for (int k = 0; k < kk; ++k) rowFma<T, N>(acc, arow[k], bm + k * N);
      for (int j = 0; j < N; ++j) row[j] = acc[j];
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

// The fma-chain model for f32 accumulators straight from C's rows to D's:
// each row's N accumulators load from C (or the constant), take the k loop
// in vector registers and store canonicalised, with no staging copy. Only
// when D is C or does not overlap it (A and B are already gathered).
#if GCN_SEM_X86_CLONES
// Eight f32 results stored as canonNan stores them.
__attribute__((GCN_AVX2_TARGET)) inline void storeCanonAvx2(uint32_t* out, __m256 x) {
  const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
  const __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc00000));
  _mm256_storeu_ps(reinterpret_cast<float*>(out), _mm256_blendv_ps(x, qnan, nan));
}

// Two f32 rows of N = 16 or 32 of one block straight from C to D in the
// AVX2+FMA clone, their accumulators named ymm values: written as loops,
// GCC kept a 16-wide row's accumulators on the stack across the k loop
// (v_mfma_f32_16x16x4f32 at 9 % of the host's FMA peak). The two rows
// share B's vectors, loaded once per k, and their chains interleave: one
// row at a time, the small-k shapes were bound by the per-row overhead
// (v_mfma_f32_16x16x1f32, k = 1: ~10 cycles a row, 9 % of the peak). Per
// element the same fused multiply-adds in k order as rowFma. Both rows' C
// values are loaded before either D row is stored, so D may be C itself
// (each row's D overlaps only its own C).
template <int N>
__attribute__((GCN_AVX2_TARGET)) inline void rowPairDirectAvx2(
    const float* arow0, const float* arow1, int kk, const float* bm, const uint32_t* cr0,
    const uint32_t* cr1, uint32_t cval, uint32_t* out0, uint32_t* out1) {
  constexpr int V = N / 8;
  __m256 acc0[V], acc1[V];
  const __m256 cv = _mm256_castsi256_ps(_mm256_set1_epi32(int(cval)));
  for (int v = 0; v < V; ++v) {
    acc0[v] = cr0 ? _mm256_loadu_ps(reinterpret_cast<const float*>(cr0) + 8 * v) : cv;
    acc1[v] = cr1 ? _mm256_loadu_ps(reinterpret_cast<const float*>(cr1) + 8 * v) : cv;
  }
  for (int k = 0; k < kk; ++k) {
    const __m256 x0 = _mm256_set1_ps(arow0[k]), x1 = _mm256_set1_ps(arow1[k]);
    for (int v = 0; v < V; ++v) {
      const __m256 b = _mm256_loadu_ps(bm + k * N + 8 * v);
      acc0[v] = _mm256_fmadd_ps(x0, b, acc0[v]);
      acc1[v] = _mm256_fmadd_ps(x1, b, acc1[v]);
    }
  }
  for (int v = 0; v < V; ++v) storeCanonAvx2(out0 + 8 * v, acc0[v]);
  for (int v = 0; v < V; ++v) storeCanonAvx2(out1 + 8 * v, acc1[v]);
}
#endif

template <int N, Isa I>
__attribute__((always_inline)) inline void gemmRowsDirect(const MfmaPlan& pl, const float* A,
                                                          const float* B, const CSource& c,
                                                          uint32_t* d) {
  const MfmaInfo& f = *pl.f;
  const int m = f.m, kk = f.k, blocks = f.blocks;
#if GCN_SEM_X86_CLONES
  if constexpr (I == ISA_AVX2 && (N == 16 || N == 32)) {
    for (int bl = 0; bl < blocks; ++bl)
      for (int i = 0; i + 1 < m; i += 2) {  // m is 16 or 32 for these N
        const int r = bl * m + i;
        const int at0 = pl.cd_row[size_t(r)], at1 = pl.cd_row[size_t(r + 1)];
        rowPairDirectAvx2<N>(A + r * kk, A + (r + 1) * kk, kk, B + bl * kk * N,
                             c.base ? c.base + at0 : nullptr, c.base ? c.base + at1 : nullptr,
                             uint32_t(c.value), d + at0, d + at1);
      }
    return;
  }
#endif
  for (int bl = 0; bl < blocks; ++bl)
    for (int i = 0; i < m; ++i) {
      const int r = bl * m + i, at = pl.cd_row[size_t(r)];
      // Element loops, not memcpy: GCC expands a memcpy into 16-byte moves
      // that the 32-byte loads of the k loop cannot forward from.
      alignas(32) float acc[N];
      if (c.base) {
        const uint32_t* cr = c.base + at;
        rowLoop<float, N>([&](int j) { acc[j] = bitsF32(cr[j]); });
      } else {
        const float v = bitsF32(uint32_t(c.value));
        rowLoop<float, N>([&](int j) { acc[j] = v; });
      }
      const float* arow = A + r * kk;
      const float* bm = B + bl * kk * N;
      for (int k = 0; k < kk; ++k) rowFma<float, N>(acc, arow[k], bm + k * N);
      uint32_t* __restrict out = d + at;
      rowLoop<float, N>([&](int j) {
        uint32_t x;
        std::memcpy(&x, &acc[j], 4);
        out[j] = canonNan(x);
      });
    }
}

// Whether gemmRowsDirect may write D while C is still being read.
inline bool directRowsSafe(const CSource& c, const uint32_t* d, int dwords) {
  if (!c.base || c.base == d) return true;
  const size_t span = size_t(dwords) * kLanes;
  return c.base + span <= d || d + span <= c.base;
}

// The 4x4 shapes of 16 blocks, lane by lane. Block b's A row i is lane
// 4b+i, its B column j lane 4b+j and D's element (i, j) register i, lane
// 4b+j (isa/mfma.h): D's register i at lane l is C's plus the products of
// A at lane (l & ~3) | i with B at lane l, one fused multiply-add per k in
// k order as in gemmRows. Row by row these shapes spent more time in the
// gathers and 4-wide rows than in arithmetic. Every D lane depends only on
// the A, B and C lanes of its own block, so each block (or 8-lane chunk)
// is read whole before it is written and D may overlap any source.
//
// The sources: element k of every lane as the 64 dwords at a[k], shifted
// right by a_bit[k]; the registers themselves when CBSZ and BLGP are zero,
// else planes filled through the plan's gathers.
struct Src4x4 {
  const uint32_t* a[4];
  const uint32_t* b[4];
  uint32_t a_bit[4], b_bit[4];
};

template <class T>
__attribute__((always_inline)) inline T elem4x4(MType t, uint32_t x) {
  if constexpr (std::is_same_v<T, int32_t>) return int32_t(int8_t(x));
  else return toF32(t, x);
}

template <class T>
__attribute__((always_inline)) inline void lanes4x4Scalar(const Src4x4& s, int kk, MType ta,
                                                          MType tb, const CSource& c,
                                                          const uint16_t* cd_row, uint32_t* d) {
  for (int blk = 0; blk < kLanes / 4; ++blk) {
    T av[4][4], bv[4][4];  // [k][lane of the block]
    uint32_t cv[4][4];     // [register][lane of the block]
    for (int k = 0; k < kk; ++k)
      for (int q = 0; q < 4; ++q) {
        av[k][q] = elem4x4<T>(ta, s.a[k][4 * blk + q] >> s.a_bit[k]);
        bv[k][q] = elem4x4<T>(tb, s.b[k][4 * blk + q] >> s.b_bit[k]);
      }
    for (int i = 0; i < 4; ++i)
      for (int q = 0; q < 4; ++q) cv[i][q] = c.lo(cd_row[i] + 4 * blk + q);
    for (int i = 0; i < 4; ++i)
      for (int q = 0; q < 4; ++q) {
        uint32_t& out = d[cd_row[i] + 4 * blk + q];
        if constexpr (std::is_same_v<T, float>) {
          float acc = bitsF32(cv[i][q]);
          for (int k = 0; k < kk; ++k) acc = std::fma(av[k][i], bv[k][q], acc);
          out = f32Bits(acc);
        } else {
          uint32_t acc = cv[i][q];
          for (int k = 0; k < kk; ++k) acc += uint32_t(av[k][i] * bv[k][q]);
          out = acc;
        }
      }
  }
}

#if GCN_SEM_X86_CLONES
// Eight lanes' element as f32 in the AVX2+FMA clone.
template <MType T>
__attribute__((GCN_AVX2_TARGET)) inline __m256 elem4x4Avx2(const uint32_t* src, __m128i bit) {
  const __m256i x =
      _mm256_srl_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)), bit);
  if constexpr (T == MType::BF16) return _mm256_castsi256_ps(_mm256_slli_epi32(x, 16));
  else if constexpr (T == MType::F16) {
    alignas(32) uint32_t h[8];
    alignas(32) float f[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(h), x);
    halfToF32x8(h, f);
    return _mm256_load_ps(f);
  }
  else return _mm256_castsi256_ps(x);
}

// f32 lanes4x4 in the AVX2+FMA clone for K of 1, 2 or 4 and A and B of
// type T (f32, f16 or bf16), 8 lanes (two blocks, one per 128-bit half) at
// a time: A's lane (l & ~3) | i is an in-lane permute.
template <int K, MType T>
__attribute__((GCN_AVX2_TARGET)) inline void lanes4x4Avx2(const Src4x4& s, const CSource& c,
                                                          const uint16_t* cd_row, uint32_t* d) {
  // Locals, so that the stores to D need not reload them.
  const uint32_t *as[K], *bs[K], *cs[4];
  uint32_t* ds[4];
  __m128i abit[K], bbit[K];
  for (int k = 0; k < K; ++k) {
    as[k] = s.a[k], bs[k] = s.b[k];
    abit[k] = _mm_cvtsi32_si128(int(s.a_bit[k])), bbit[k] = _mm_cvtsi32_si128(int(s.b_bit[k]));
  }
  alignas(32) uint32_t cfill[kLanes];  // C a constant: every lane of every register
  if (!c.base) std::fill(cfill, cfill + kLanes, uint32_t(c.value));
  for (int i = 0; i < 4; ++i) cs[i] = c.base ? c.base + cd_row[i] : cfill, ds[i] = d + cd_row[i];
  const __m256i sel[4] = {_mm256_set1_epi32(0), _mm256_set1_epi32(1), _mm256_set1_epi32(2),
                          _mm256_set1_epi32(3)};
  for (int v = 0; v < kLanes; v += 8) {
    __m256 av[K], bv[K], acc[4];
    for (int k = 0; k < K; ++k) {
      av[k] = elem4x4Avx2<T>(as[k] + v, abit[k]);
      bv[k] = elem4x4Avx2<T>(bs[k] + v, bbit[k]);
    }
    for (int i = 0; i < 4; ++i)
      acc[i] = _mm256_loadu_ps(reinterpret_cast<const float*>(cs[i] + v));
    for (int k = 0; k < K; ++k)
      for (int i = 0; i < 4; ++i)
        acc[i] = _mm256_fmadd_ps(_mm256_permutevar_ps(av[k], sel[i]), bv[k], acc[i]);
    for (int i = 0; i < 4; ++i) storeCanonAvx2(ds[i] + v, acc[i]);
  }
}

template <MType T>
__attribute__((always_inline)) inline bool lanes4x4Avx2(int kk, const Src4x4& s, const CSource& c,
                                                        const uint16_t* cd_row, uint32_t* d) {
  switch (kk) {
    case 1: lanes4x4Avx2<1, T>(s, c, cd_row, d); return true;
    case 2: lanes4x4Avx2<2, T>(s, c, cd_row, d); return true;
    case 4: lanes4x4Avx2<4, T>(s, c, cd_row, d); return true;
    default: return false;
  }
}
#endif

template <class T, Isa I>
__attribute__((always_inline)) inline void lanes4x4(const MfmaPlan& pl, const uint32_t* a,
                                                    const uint32_t* b, const CSource& c,
                                                    uint32_t* d) {
  const MfmaInfo& f = *pl.f;
  const int kk = f.k;
  Src4x4 s;
  alignas(64) uint32_t ra[4][kLanes], rb[4][kLanes];
  for (int k = 0; k < kk; ++k) {
    if (pl.cbsz || pl.blgp) {
      // The plan's A is [block][i][k] (lane 4b+i), its B [block][k][j].
      for (int l = 0; l < kLanes; ++l) {
        const size_t at = size_t(l * kk + k), bt = size_t((l / 4) * kk * 4 + k * 4 + l % 4);
        ra[k][l] = a[pl.a_at[at]] >> pl.a_bit[at];
        rb[k][l] = b[pl.b_at[bt]] >> pl.b_bit[bt];
      }
      s.a[k] = ra[k], s.b[k] = rb[k], s.a_bit[k] = s.b_bit[k] = 0;
    } else {  // block 0's entries: row or column 0 of every lane
      s.a[k] = a + pl.a_at[size_t(k)], s.a_bit[k] = pl.a_bit[size_t(k)];
      s.b[k] = b + pl.b_at[size_t(4 * k)], s.b_bit[k] = pl.b_bit[size_t(4 * k)];
    }
  }
  const uint16_t* cd_row = pl.cd_row.data();  // block 0, row i: register i, lane 0
#if GCN_SEM_X86_CLONES
  if constexpr (I == ISA_AVX2 && std::is_same_v<T, float>) {
    if (f.a == f.b) {
      switch (f.a) {
        case MType::F32: if (lanes4x4Avx2<MType::F32>(kk, s, c, cd_row, d)) return; break;
        case MType::F16: if (lanes4x4Avx2<MType::F16>(kk, s, c, cd_row, d)) return; break;
        case MType::BF16: if (lanes4x4Avx2<MType::BF16>(kk, s, c, cd_row, d)) return; break;
        default: break;
      }
    }
  }
#endif
  lanes4x4Scalar<T>(s, kk, f.a, f.b, c, cd_row, d);
}

// The exact-sum model over the gathered matrices: per element, C and the
// K products summed exactly and rounded once (CD holds C on entry).
template <class T>
void exactGemm(const MfmaInfo& f, const T* A, const T* B, T* CD) {
  for (int bl = 0; bl < f.blocks; ++bl)
    for (int i = 0; i < f.m; ++i)
      for (int j = 0; j < f.n; ++j) {
        T& d = CD[(bl * f.m + i) * f.n + j];
        const T* arow = A + (bl * f.m + i) * f.k;
        const T* bm = B + bl * f.k * f.n;
        d = accumulate(
            true, d, f.k, [&](int k) { return arow[k]; }, [&](int k) { return bm[k * f.n + j]; });
      }
}

// SMFMAC's exact sum: A [i][K / 2] stored values against the B rows their
// index fields name.
void exactSparse(const MfmaPlan& pl, const uint32_t* x, const float* A, const float* B, float* CD) {
  const MfmaInfo& f = *pl.f;
  const int groups = f.k / 4;
  for (int i = 0; i < f.m; ++i)
    for (int j = 0; j < f.n; ++j) {
      float& d = CD[i * f.n + j];
      // Stored value t of the row against the B row its index field names.
      d = accumulate(
          true, d, 2 * groups, [&](int t) { return A[i * 2 * groups + t]; },
          [&](int t) { return B[sparseK(pl, x, i, t / 2, t % 2) * f.n + j]; });
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
      // f32Bits over the row, written so that it vectorises (n a local:
      // the stores could otherwise change f.n).
      uint32_t* __restrict out = d + at;
      const int n = f.n;
      for (int j = 0; j < n; ++j) {
        uint32_t x;
        std::memcpy(&x, &src[j], 4);
        out[j] = canonNan(x);
      }
    } else {
      std::memcpy(d + at, src, sizeof(T) * size_t(f.n));
    }
  }
}

// SMFMAC's k loop: per row, each stored value of A against the B row its
// index field names (A [i][K / 2], B [K][N], CD [i][N]).
template <class TA, class TC, int N>
__attribute__((always_inline)) inline void sparseRows(const MfmaPlan& pl, const uint32_t* x,
                                                      const TA* A, const TA* B, TC* CD) {
  const MfmaInfo& f = *pl.f;
  const int groups = f.k / 4;
  for (int i = 0; i < f.m; ++i) {
    TC* acc = CD + i * N;
    for (int g = 0; g < groups; ++g) {
      for (int s = 0; s < 2; ++s) {
        const TA a = A[2 * (i * groups + g) + s];
        const TA* brow = B + sparseK(pl, x, i, g, s) * N;
        if constexpr (std::is_same_v<TA, float>) rowFma<float, N>(acc, a, brow);
        else for (int j = 0; j < N; ++j) acc[j] += uint32_t(a * brow[j]);
      }
    }
  }
}

template <class TA, class TC>
__attribute__((always_inline)) inline void sparseGemm(const MfmaPlan& pl, const uint32_t* x,
                                                  const TA* A, const TA* B, TC* CD) {
  if (pl.f->n == 32) sparseRows<TA, TC, 32>(pl, x, A, B, CD);
  else sparseRows<TA, TC, 16>(pl, x, A, B, CD);
}

__attribute__((always_inline)) inline void smfmacFastBody(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  const uint32_t* a = rows(e, p.src[0]);
  const uint32_t* b = rows(e, p.src[1]);
  const uint32_t* x = rows(e, p.src[2]);
  const CSource c = cSource(e, p);
  uint32_t* d = &e.w.v[p.dst.reg % kVecRows][0];
  if (f.cd == MType::I32) {
    alignas(64) int32_t A[kMaxAB], B[kMaxAB];
    alignas(64) uint32_t CD[kMaxCD];
    gatherAB(pl, a, b, A, B);
    loadC(pl, c, CD);
    sparseGemm(pl, x, A, B, CD);
    storeD(pl, CD, d);
    return;
  }
  alignas(64) float A[kMaxAB], B[kMaxAB], CD[kMaxCD];
  gatherAB(pl, a, b, A, B);
  loadC(pl, c, CD);
  if (exactSum(e)) exactSparse(pl, x, A, B, CD);
  else sparseGemm(pl, x, A, B, CD);
  storeD(pl, CD, d);
}

// The fast path's body, inlined into a clone per instruction set.
template <Isa I>
__attribute__((always_inline)) inline void mfmaFastBody(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  if (f.sparse) return smfmacFastBody(e, p);
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
    if (exactSum(e)) exactGemm(f, A, B, CD);
    else gemm(f, A, B, CD);
    storeD(pl, CD, d);
    return;
  }
  if (f.cd == MType::I32) {
    alignas(64) int32_t A[kMaxAB], B[kMaxAB];
    alignas(64) uint32_t CD[kMaxCD];
    gatherAB(pl, a, b, A, B);
    loadC(pl, c, CD);
    switch (f.n) {
      case 32: intRows<32>(f, A, B, CD); break;
      case 16: intRows<16>(f, A, B, CD); break;
      default: intRows<4>(f, A, B, CD); break;
    }
    storeD(pl, CD, d);
    return;
  }
  alignas(64) float A[kMaxAB], B[kMaxAB];
  gatherAB(pl, a, b, A, B);
  if (!exactSum(e) && directRowsSafe(c, d, f.cd_dwords)) {
    switch (f.n) {
      case 32: gemmRowsDirect<32, I>(pl, A, B, c, d); return;
      case 16: gemmRowsDirect<16, I>(pl, A, B, c, d); return;
      default: break;  // 4-wide f32 rows are the 4x4 shapes: mfma4x4*
    }
  }
  alignas(64) float CD[kMaxCD];
  loadC(pl, c, CD);
  if (exactSum(e)) exactGemm(f, A, B, CD);
  else gemm(f, A, B, CD);
  storeD(pl, CD, d);
}

// The k loop's fused multiply-adds are one vector instruction each with
// FMA, a library call per element without: the AVX2+FMA clone runs where
// the CPU has it (GCN_SEM_NO_AVX2=1 forces the baseline).
__attribute__((flatten, noinline)) void mfmaFastBase(ExecEnv& e, const PInst& p) {
  mfmaFastBody<ISA_BASE>(e, p);
}
#if GCN_SEM_X86_CLONES
__attribute__((target("avx2,fma"), flatten, noinline)) void mfmaFastAvx2(ExecEnv& e,
                                                                         const PInst& p) {
  mfmaFastBody<ISA_AVX2>(e, p);
}
#endif

// The 4x4 shapes of 16 blocks have their own handlers, lanes4x4 without
// the general body's staging arrays (a 33 KB frame to set up per
// instruction); the exact-sum model takes the general body.
template <Isa I>
__attribute__((always_inline)) inline void mfma4x4Body(ExecEnv& e, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const uint32_t* a = rows(e, p.src[0]);
  const uint32_t* b = rows(e, p.src[1]);
  uint32_t* d = &e.w.v[p.dst.reg % kVecRows][0];
  if (pl.f->cd == MType::I32) lanes4x4<int32_t, I>(pl, a, b, cSource(e, p), d);
  else lanes4x4<float, I>(pl, a, b, cSource(e, p), d);
}
__attribute__((flatten)) void mfma4x4Base(ExecEnv& e, const PInst& p) {
  if (exactSum(e) && p.mfma->f->cd != MType::I32) return mfmaFastBase(e, p);
  mfma4x4Body<ISA_BASE>(e, p);
}
#if GCN_SEM_X86_CLONES
__attribute__((target("avx2,fma"), flatten)) void mfma4x4Avx2(ExecEnv& e, const PInst& p) {
  if (exactSum(e) && p.mfma->f->cd != MType::I32) return mfmaFastAvx2(e, p);
  mfma4x4Body<ISA_AVX2>(e, p);
}
#endif

bool byLanes4x4(const MfmaInfo& f) {
  return !f.sparse && f.blocks == 16 && f.m == 4 && f.n == 4 && f.k <= 4;
}

Handler mfmaFastHandler(const MfmaInfo& f) {
#if GCN_SEM_X86_CLONES
  if (cpuHasAvx2()) return byLanes4x4(f) ? &mfma4x4Avx2 : &mfmaFastAvx2;
#endif
  return byLanes4x4(f) ? &mfma4x4Base : &mfmaFastBase;
}

// Every MFMA and SMFMAC row of the tables (isa/mfma.h) runs these.
const bool kMfmaRegistered = [] {
  std::set<std::string_view> done;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    const MfmaInfo* f = mfmaInfo(*d);
    if (!f || !done.insert(d->mnemonic).second) continue;
    SemDef s;
    s.mnemonic = d->mnemonic;
    s.kind = SemKind::CUSTOM;
    for (auto& h : s.fast) h = mfmaFastHandler(*f);
    s.ref = f->sparse ? &smfmacRef : &mfmaRef;
    Registrar r(s);
    if (f->sparse) {
      noteModel(d->mnemonic,
                std::string("SMFMAC index model (errata SEM_SMFMAC_INDEX): per group of four "
                            "dense k, index bits 1:0 and 3:2 give the dense positions of the "
                            "two stored A values, each multiplied with that B row (equal "
                            "positions: the B row twice); CBSZ=0 selects index set ABID mod "
                            "the sets a register holds") +
                    (f->cd == MType::I32 ? "; integer arithmetic exact"
                                         : "; float accumulation as the MFMAs' (fma-chain over "
                                           "the stored values in storage order, or exact-sum)"));
    } else if (f->cd != MType::I32) {
      const bool f64 = f->cd == MType::F64;
      noteModel(d->mnemonic,
                std::string("MFMA numeric model (errata SEM_MFMA_NUMERICS), --matrix-numerics: "
                            "fma-chain (default): from C, one fused multiply-add per k in "
                            "increasing k, rounded to nearest even in ") +
                    (f64 ? "f64" : "f32") +
                    ", each element within K roundings of the exact A*B+C, |err| <= K*u*(|C| + "
                    "sum|A*B|) with u = 2^-" + (f64 ? "53" : "24") +
                    "; exact-sum: C + sum A*B exact, rounded once (|err| <= u*|result|)" +
                    (f->a == MType::XF32 ? "; xf32 inputs read at full f32 precision" : ""));
    }
  }
  return true;
}();

}  // namespace

}  // namespace gcn::sem
