#include "decoder/decode_plan.h"

#include <atomic>
#include <cstddef>
#include <cstring>

#include "decoder/canon.h"
#include "decoder/chunk_fill.h"
#include "decoder/decode_plan_types.h"
#include "decoder/decode_quick.h"
#include "isa/index.h"
#include "util/cpu_features.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace gcn {
namespace {

inline uint32_t load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Inst is ~300 bytes. GCC turns its zero-initialisation and copy into
// rep stos/movs, whose start-up cost rivals a whole plan decode; plain
// 16-byte moves are several times faster (as decoder.cc's copyInst).
typedef long long Vec16 __attribute__((vector_size(16), aligned(1), may_alias));
static_assert(sizeof(Inst) % 16 == 0, "Inst is written as 16-byte blocks");
constexpr size_t kInstVecs = sizeof(Inst) / 16;

// *dst = an Inst whose first 16 bytes are `head`, every other byte zero.
inline void startInst(Inst* dst, const uint8_t* head) {
  Vec16* d = reinterpret_cast<Vec16*>(dst);
  d[0] = *reinterpret_cast<const Vec16*>(head);
  const Vec16 zero = {0, 0};
#pragma GCC unroll 32
  for (size_t k = 1; k < kInstVecs; ++k) d[k] = zero;
}

#if defined(__x86_64__)
#define GCN_VEC_FILL 1
// The fill (chunk_fill.h) in a call of its own: only this function is
// built for AVX-512 (the default build is baseline x86-64).
__attribute__((target("avx512f,avx512bw,avx512vbmi"), noinline)) void fillVec(
    const VecChunk* chunks, const uint16_t* idx, uint64_t w, Inst* out) {
  fillChunks(chunks, idx, w, out);
}

// DecodePlan::checks[0..4) at once: each lane a PlanCheck (lo in byte 0,
// mask in bytes 2-3, set word in bytes 4-7), its set's word gathered.
__attribute__((target("avx512f,avx512vl"), noinline)) bool checksVec(const PlanCheck* checks,
                                                                    const uint64_t* sets,
                                                                    uint64_t w) {
  static_assert(sizeof(PlanCheck) == 8 && offsetof(PlanCheck, mask) == 2 &&
                    offsetof(PlanCheck, word) == 4,
                "a PlanCheck is one 64-bit lane");
  const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(checks));
  const __m256i lo = _mm256_and_si256(c, _mm256_set1_epi64x(0xff));
  const __m256i mask = _mm256_and_si256(_mm256_srli_epi64(c, 16), _mm256_set1_epi64x(0xffff));
  const __m256i raw = _mm256_and_si256(_mm256_srlv_epi64(_mm256_set1_epi64x(int64_t(w)), lo), mask);
  const __m256i idx = _mm256_add_epi64(_mm256_srli_epi64(c, 32), _mm256_srli_epi64(raw, 6));
  const __m256i words = _mm256_mmask_i64gather_epi64(_mm256_setzero_si256(), __mmask8(0xf), idx,
                                                     sets, 8);
  const __m256i bits = _mm256_srlv_epi64(words, _mm256_and_si256(raw, _mm256_set1_epi64x(63)));
  return _mm256_test_epi64_mask(bits, _mm256_set1_epi64x(1)) == 0xf;
}

// GCN_DECODE_NO_AVX512 set: the scalar fill (tests run both).
const bool g_vec_fill =
    cpuHasAll(CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VBMI, "GCN_DECODE_NO_AVX512");
#else
#define GCN_VEC_FILL 0
#endif

// applyFields' split path (decoder.cc) over a plan's op lists.
inline void applyOps(const EncIndex::LinOp* lin, int nlin, const FieldOp* rest, int nrest,
                     uint64_t w, int32_t* f) {
  for (const EncIndex::LinOp* s = lin, *end = lin + nlin; s < end; ++s)
    f[size_t(s->fld)] = int32_t((((w >> s->lo) & s->mask) << s->shift) + s->add);
  for (const FieldOp* s = rest, *end = rest + nrest; s < end; ++s) {
    uint64_t bits = (w >> s->lo) & s->mask;
    int32_t& dst = f[size_t(s->fld)];
    switch (s->xform) {
      case Xform::SEXT: {
        uint64_t sign = 1ull << s->shift;
        dst = int32_t(int64_t((bits ^ sign) - sign));
        break;
      }
      case Xform::S0: if (!bits) f[size_t(Fld::SRC0)] += 256; break;
      case Xform::S1: if (!bits) f[size_t(Fld::SRC1)] += 256; break;
      case Xform::HI: dst |= int32_t(bits << s->shift); break;
      default: break;
    }
  }
}

inline bool inSet(const uint64_t* set, int32_t v) {
  return uint32_t(v) < 512 && ((set[uint32_t(v) >> 6] >> (uint32_t(v) & 63)) & 1);
}

inline void runOps(const FastOp* ops, int n, uint64_t w, int32_t* f) {
  for (const FastOp* s = ops, *end = ops + n; s < end; ++s)
    f[size_t(s->fld)] = int32_t((((w >> s->lo) & ((1ull << s->width) - 1)) << s->shift)) + s->add;
}

// *out = head + zeros + ops: the vector program when the CPU and the plan
// have one (returns true), else the scalar fill.
inline bool fill(const GenPlans& gp, bool vec, const uint16_t* vchunk, const uint8_t* head,
                 const FastOp* ops, int nops, uint64_t w, Inst* out) {
#if GCN_VEC_FILL
  if (vec && g_vec_fill) {
    fillVec(gp.vchunks, vchunk, w, out);
    return true;
  }
#else
  (void)gp, (void)vec, (void)vchunk;
#endif
  startInst(out, head);
  runOps(ops, nops, w, out->f.data());
  return false;
}

inline int32_t evalField(const FieldEval& e, uint64_t w) {
  int32_t v = int32_t((((w >> e.lo) & e.mask) << e.shift) + e.add);
  if (e.hi_lo != 0xff) v |= int32_t(((w >> e.hi_lo) & e.hi_mask) << e.hi_shift);
  if (e.s_lo != 0xff && !((w >> e.s_lo) & 1)) v += 256;
  return v;
}

// Every test on field values first (computed from the word), then the
// writes: `out` is untouched unless the plan takes the word.
bool decodeExt(const Target& t, const GenPlans& gp, const ExtPlan& x, uint32_t w0,
               const uint8_t* bytes, size_t len, Inst* out, int16_t id, int32_t op_value) {
  if (len < 8) return false;
  const uint64_t w = w0 | uint64_t(load32(bytes + 4)) << 32;
  if ((w & x.must_mask) != x.must_value) return false;
  for (int k = 0; k < x.nchecks; ++k)
    if (!inSet(x.checks[k].ok, evalField(x.checks[k].ev, w))) return false;
  // canonicalizeVopExt on VOPC (vopc_sd): without SD the destination is
  // VCC (SDST cleared); SD with SDST = vcc_lo is the same instruction,
  // canonically SD = 0. Branch-free: VOPC and the rest mix in a stream.
  const int32_t sd = evalField(x.sd_ev, w), sdst = evalField(x.sdst_ev, w);
  const bool sd_vcc = !sd || sdst == opc::kVccLo;
  if (!(sd_vcc | inSet(x.sdst_ok, sdst))) return false;
  if ((t.features & x.feat) != x.feat) return false;
  const bool vec = fill(gp, x.vec, x.vchunk, x.head, x.ops, x.nops, w, out);
  int32_t* f = out->f.data();
  if (id >= 0) {  // shared shapes: this opcode's id and OP
    out->id = uint16_t(id);
    f[size_t(Fld::OP)] = op_value;
  }
  if (__builtin_expect(x.rest_add, 1)) {
    static_assert(ExtPlan::kRestAdds == 4, "unrolled below");
#pragma GCC unroll 4
    for (int k = 0; k < ExtPlan::kRestAdds; ++k) {
      const RestAdd& a = x.radd[k];
      f[size_t(a.fld)] += int32_t((((uint32_t(w >> a.lo) & a.mask) ^ a.flip)) << a.shift);
    }
  } else if (x.nfrest) {
    applyOps(nullptr, 0, x.frest, x.nfrest, w, f);
  }
  // The fields the full path resets (zero lanes of the vector program
  // when no later op writes them).
  for (int k = 0, n = vec && x.vzero ? 0 : x.nzero; k < n; ++k) f[size_t(x.zero[k])] = 0;
  const int32_t keep = (x.vopc_sd && sd_vcc) ? 0 : -1;
  f[size_t(Fld::SDST)] &= keep;
  f[size_t(Fld::SD)] &= keep;
  return true;
}

}  // namespace

namespace {
inline bool planAccepts(const DecodePlan& p, const GenPlans& gp, const Target& t, uint64_t w) {
  if (p.id < 0 || (w & p.must_mask) != p.must_value) return false;
  int k = 0;
#if GCN_VEC_FILL
  if (g_vec_fill) {
    static_assert(DecodePlan::kFixedChecks == 4, "checksVec tests 4");
    if (!checksVec(p.checks, gp.sets, w)) return false;
    k = DecodePlan::kFixedChecks;
  }
#endif
  for (; k < p.nchecks; ++k) {
    const PlanCheck& c = p.checks[k];
    const uint64_t raw = (w >> c.lo) & c.mask;
    if (!((gp.sets[c.word + (raw >> 6)] >> (raw & 63)) & 1)) return false;
  }
  if ((w & p.imp_if) && !(w & p.imp_then)) return false;
  return (t.features & p.feat) == p.feat;
}
}  // namespace

std::atomic<const GenPlans*> g_gen_plans[kGenPlanSlots];

// The fast path: the size on success (0: the word takes the full path).
// The size comes from dword0's prefix (8 for the SDWA/DPP forms), not
// from the plan: callers step to the next word with it, and a short chain
// (word -> one table) lets the CPU start decoding the next word while this
// one's plan lookup and checks are still running.
__attribute__((always_inline)) inline unsigned planPath(const Target& t, const uint8_t* bytes,
                                                        size_t len, Inst* out) {
  if (len < 4) return 0;
  const GenPlans& gp = plansFor(t.gen);
  const uint32_t w0 = load32(bytes);
  const int e = gp.enc_by_prefix[w0 >> 23];
  if (e < 0) return 0;
  const unsigned size = gp.bytes_by_prefix[w0 >> 23];
  // Both dwords whenever there are 8 bytes (a 1-dword encoding masks the
  // second off): no branch on the encoding's size.
  uint64_t w = w0;
  if (__builtin_expect(len >= 8, 1)) {
    uint64_t w64;
    std::memcpy(&w64, bytes, 8);
    w = w64 & gp.word_mask[e];
  } else if (size > 4) {
    return 0;
  }
  const size_t op = size_t((w >> gp.op_lo[e]) & ((1ull << gp.op_width[e]) - 1));
  if (op >= gp.count[e]) return 0;
  const OpRec& rec = gp.recs[e][op];
  const DecodePlan* pp = rec.plan;
  if (pp->alts) {
    do pp = pp->next;
    while (pp && !((t.features & pp->feat) == pp->feat && (w & pp->sel_mask) == pp->sel_value));
    if (!pp) return 0;
  }
  // SDWA/DPP: one test for every plan (src0_mask is 0 on plans without
  // those forms), then the form's plan without a branch.
  const uint32_t src0 = (w0 >> pp->src0_lo) & pp->src0_mask;
  if (__builtin_expect(src0 - uint32_t(opc::kSdwa) < 2, 0)) {
    static_assert(opc::kDpp == opc::kSdwa + 1, "SDWA and DPP markers are adjacent");
    const ExtPlan* x = src0 == uint32_t(opc::kSdwa) ? pp->sdwa : pp->dpp;
    return x && decodeExt(t, gp, *x, w0, bytes, len, out, rec.id, rec.op_value) ? 8 : 0;
  }
  while (!planAccepts(*pp, gp, t, w))
    if (!(pp = pp->other)) return 0;
  const DecodePlan& p = *pp;
  if (__builtin_expect(p.lit, 0) && len < 8) return 0;  // the full path: truncated
  fill(gp, p.vec, p.vchunk, p.head, p.ops, p.nops, w, out);
  int32_t* f = out->f.data();
  if (rec.id >= 0) {  // shared shapes: this opcode's id and OP
    out->id = uint16_t(rec.id);
    f[size_t(Fld::OP)] = rec.op_value;
  }
  if (p.nfrest) applyOps(nullptr, 0, p.frest, p.nfrest, w, f);
  // checkOperands' alignment of SGPR/TTMP ranges.
  for (int k = 0; k < p.naligns; ++k) {
    int32_t& v = f[size_t(p.aligns[k].fld)];
    v -= gp.align_sub[p.aligns[k].log2a][uint32_t(v) & 511];
  }
  if (__builtin_expect(p.lit, 0)) {
    out->literal = load32(bytes + 4);
    // A source literal the full path would turn into a constant or cut.
    if (p.lit_src && !sourceLiteralKept(t.gen, p.lit_type, out->literal, isVopEnc(p.enc)))
      return 0;
    return size + 4;
  }
  return size;
}

namespace detail {
unsigned planPathEntry(const Target& t, const uint8_t* bytes, size_t len, Inst* out) {
  return planPath(t, bytes, len, out);
}

namespace {
// The first call's: picks the version for this CPU.
unsigned resolveEntry(const Target& t, const uint8_t* bytes, size_t len, Inst* out) {
  const FastDecode f = quickAvailable() ? &quickEntry : &planPathEntry;
  g_fast_decode.store(f, std::memory_order_relaxed);
  return f(t, bytes, len, out);
}
}  // namespace

std::atomic<FastDecode> g_fast_decode{&resolveEntry};
}  // namespace detail

namespace {
bool result(unsigned size, DecodeResult* r) {
  if (!size) return false;
  r->status = DecodeStatus::OK;
  r->size = uint8_t(size);
  return true;
}
}  // namespace

bool decodeWithPlan(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                    DecodeResult* r) {
  return result(detail::decodeWithPlanSize(t, bytes, len, out), r);
}

bool decodeWithPlanPath(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                        DecodeResult* r) {
  return result(planPath(t, bytes, len, out), r);
}

}  // namespace gcn
