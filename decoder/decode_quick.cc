#include "decoder/decode_quick.h"

#include <cstdlib>
#include <cstring>

#include "decoder/chunk_fill.h"
#include "isa/inst.h"
#include "util/cpu_features.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace gcn {

#if defined(__x86_64__)

bool quickAvailable() {
  static const bool ok =
      cpuHasAll(CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VL | CPU_AVX512VBMI | CPU_BMI2,
                "GCN_DECODE_NO_QUICK") &&
      !std::getenv("GCN_DECODE_NO_AVX512");
  return ok;
}

namespace {

#define GCN_QUICK_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,bmi,bmi2")))

// Four QuickChecks at once: one lane each, the set words gathered.
GCN_QUICK_TARGET inline bool checks4(const QuickCheck* c4, const uint64_t* sets, uint64_t w) {
  static_assert(sizeof(QuickCheck) == 8 && offsetof(QuickCheck, lo2) == 1 &&
                    offsetof(QuickCheck, mask) == 2 && offsetof(QuickCheck, word) == 4,
                "a QuickCheck is one 64-bit lane");
  const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c4));
  // Bytes 0 and 1 of a lane: the word's bits from lo and from lo2 (its
  // other bytes read garbage places, the mask clears them).
  const __m256i places = _mm256_maskz_multishift_epi64_epi8(__mmask32(~0u), c, _mm256_set1_epi64x(int64_t(w)));
  const __m256i raw = _mm256_ternarylogic_epi64(places, _mm256_srli_epi64(c, 16),
                                                _mm256_set1_epi64x(0xffff), 0x80);
  const __m256i idx = _mm256_add_epi64(_mm256_srli_epi64(c, 32), _mm256_srli_epi64(raw, 6));
  const __m256i words = _mm256_i64gather_epi64(reinterpret_cast<const long long*>(sets), idx, 8);
  const __m256i bits = _mm256_srlv_epi64(words, _mm256_and_si256(raw, _mm256_set1_epi64x(63)));
  return _mm256_test_epi64_mask(bits, _mm256_set1_epi64x(1)) == 0xf;
}

GCN_QUICK_TARGET inline bool accepts(const QuickRec& q, const uint64_t* sets, uint64_t w) {
  // Fixed bits first, with a branch: garbage fails here (random words,
  // fuzzers) without the gathers; valid code always passes.
  if ((w & q.must_mask) != q.must_value) return false;
  bool ok = checks4(q.checks, sets, w);
  ok &= !(w & q.imp_if) | !!(w & q.imp_then);
  if (__builtin_expect(q.wide, 0)) ok &= checks4(q.more, sets, w);
  return ok;
}

GCN_QUICK_TARGET __attribute__((always_inline)) inline int quickCore(const GenPlans& gp,
                                                                      uint32_t features,
                                                                      const uint8_t* bytes,
                                                                      Inst* out) {
  uint32_t w0;
  std::memcpy(&w0, bytes, 4);
  const unsigned prefix = w0 >> 23;
  const uint32_t size_info = gp.quick_size[prefix];
  const int e = gp.enc_by_prefix[prefix];
  if (e < 0) return 0;
  // 1: SDWA, 2: DPP (dword0's SRC0 0xf9 / 0xfa on encodings with those
  // forms), else 0; the forms read both dwords.
  const uint32_t marker = (w0 & (size_info >> 16)) - (opc::kSdwa - 1);
  static_assert(opc::kDpp == opc::kSdwa + 1, "SDWA and DPP markers are adjacent");
  // As masks, not a select: a uniform mix of forms made GCC's branch here
  // mispredict on every SDWA/DPP word.
  const uint64_t ext = uint64_t(0) - uint64_t(marker - 1 < 2);  // all ones for SDWA/DPP
  const uint32_t form = marker & uint32_t(ext);
  uint64_t raw;
  std::memcpy(&raw, bytes, 8);
  // The checks read the encoding's dwords; the fill reads the raw word
  // (a program reads the second dword only for a literal).
  const uint64_t w = raw & (gp.word_mask[e] | ext);
  const size_t op = _bzhi_u64(w >> gp.op_lo[e], gp.op_width[e]);
  if (op >= gp.count[e]) return 0;
  const size_t key = (op << gp.quick_nsel[e]) + _pext_u64(w, gp.quick_sel[e]);
  const QuickOp* o = &gp.quick_ops[gp.quick_base[e] + key * gp.quick_stride[e] + form];
  const QuickRec* q = &gp.quick[o->rec];
  const unsigned size = (size_info & 0xff) + (uint32_t(ext) & 4);
  // A chain is one row's twins, all with the row's features
  // (buildQuick): without them the plan path takes none of them either,
  // and the twins' checks need not run.
  if ((features & q->feat) != q->feat) return 0;
  while (!accepts(*q, gp.quick_sets, w)) {
    if (q->other < 0) return q->miss;
    q = &gp.quick[q->other];
  }
  // The word with its flips, through the chunks' programs.
  fillChunks<8, true>(gp.quick_chunks, q->chunk, raw ^ q->wflip, out);
  out->id = o->id;
  out->f[size_t(Fld::OP)] = o->op_value;
  return int(size);
}

}  // namespace

GCN_QUICK_TARGET int quickDecode(const GenPlans& gp, uint32_t features, const uint8_t* bytes,
                                 Inst* out) {
  return quickCore(gp, features, bytes, out);
}

namespace detail {
GCN_QUICK_TARGET unsigned quickEntry(const Target& t, const uint8_t* bytes, size_t len,
                                     Inst* out) {
  // Plans not built yet: the plan path builds them (plansFor). No call
  // here, so nothing lives in callee-saved registers.
  const GenPlans* gp = g_gen_plans[int(t.gen) & (kGenPlanSlots - 1)].load(std::memory_order_acquire);
  if (__builtin_expect(len >= 8 && gp && gp->quick, 1)) {
    const int size = quickCore(*gp, t.features, bytes, out);
    return size >= 0 ? unsigned(size) : kPlanPath;
  }
  return kPlanPath;
}
}  // namespace detail

#else

bool quickAvailable() { return false; }
namespace detail {
unsigned quickEntry(const Target& t, const uint8_t* bytes, size_t len, Inst* out) {
  return planPathEntry(t, bytes, len, out);
}
}  // namespace detail
int quickDecode(const GenPlans&, uint32_t, const uint8_t*, Inst*) { return -1; }

#endif

}  // namespace gcn
