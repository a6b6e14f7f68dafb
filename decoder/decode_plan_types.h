// The decode plans' data (decode_plan_build.cc builds them from the isa/
// tables, decode_plan.cc runs them): internal to the decoder.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "decoder/decoder.h"
#include "isa/index.h"
#include "isa/inst.h"

namespace gcn {

// The plans (internal to the fast path).

// Raw bits (w >> lo) & mask of the word must be set in the 512-bit set at
// GenPlans::sets + word (an offset: 4 bytes, not a pointer's 8).
struct PlanCheck {
  uint8_t lo;
  uint16_t mask;  // < 512
  uint32_t word;
};

// A field the fast path fills: f[fld] = (((w >> lo) & ((1 << width) - 1))
// << shift) + add. width 0: the constant `add` (a field the plan fixes).
struct FastOp {
  uint8_t lo;
  uint8_t width;
  Fld fld;
  uint8_t shift;
  int32_t add;
};

// A field's value after an extension plan's whole program, computed from
// the word alone: its last `lin` op (none: mask 0), then an upper part
// (HI) and GFX9 SDWA's S0/S1 (+256 when the bit is clear).
struct FieldEval {
  uint32_t mask = 0;
  uint8_t lo = 0, shift = 0;
  uint16_t add = 0;
  uint8_t hi_lo = 0xff, hi_shift = 0;  // hi_lo 0xff: none
  uint32_t hi_mask = 0;
  uint8_t s_lo = 0xff;  // 0xff: none
};

// The normalised value of field `fld` (0..511) must be set in `ok`.
struct ValueCheck {
  Fld fld;
  const uint64_t* ok;
  FieldEval ev;  // how the fast path computes the value before writing
};

// The AVX-512 fill (decode_plan.cc): the Inst as kInstChunks vectors of 16
// dwords, lane i of each (rotr64(w, c_i) & mask[i]) + add[i] where c_i is
// the lane's 4 control bytes (vpmultishiftqb). Replaces zeroing the Inst and
// running the plan's FastOps one by one. Chunks are shared between plans
// (most are all-zero: index 0).
struct alignas(64) VecChunk {
  uint8_t ctrl[64];
  uint32_t mask[16];
  int32_t add[16];
};
constexpr int kInstChunks = int((sizeof(Inst) + 63) / 64);

// An ExtPlan's `frest` op (GFX9 SDWA's S0/S1, HI parts) as one formula,
// f[fld] += (((w >> lo) & mask) ^ flip) << shift, where the field's bits
// there are clear (so + is HI's |): no switch on the kind, a fixed count.
struct RestAdd {
  uint8_t lo;
  Fld fld;
  uint8_t shift;
  uint8_t flip;
  uint32_t mask;
};

// An e32 row's SDWA or DPP form (GFX8/9): the dword0 layout, then the
// extension's, as the full path applies them; checks on the resulting
// field values (GFX9 SDWA's S0/S1 bits make SRC0/SRC1 depend on two
// places of the word).
struct ExtPlan {
  static constexpr int kMaxChecks = 16;
  int16_t id = -1;
  uint32_t feat = 0;  // Target::features bits the row needs
  Form form = Form::SDWA;
  bool vopc_sd = false;  // GFX9 VOPC SDWA: SDST is kept only with SD set
  uint8_t nzero = 0, nchecks = 0;
  uint64_t must_mask = 0, must_value = 0;  // on the 64-bit word
  // The two layouts as one program: dword0's `lin` ops the extension does
  // not overwrite, then the extension's `lin` and `rest` ops.
  const EncIndex::LinOp* lin = nullptr;
  const FieldOp* rest = nullptr;
  uint8_t nlin = 0, nrest = 0;
  // vopc_sd: SDST values kept with SD set (else all values: the fast path
  // tests it branch-free, sd_ev/sdst_ev then give 0).
  const uint64_t* sdst_ok = nullptr;
  FieldEval sd_ev, sdst_ev;            // vopc_sd: SD and SDST
  Fld zero[8];  // fields the full path resets after extraction
  ValueCheck checks[kMaxChecks];
  // What the fast path writes once the checks pass (see DecodePlan).
  alignas(16) uint8_t head[16] = {};
  const FastOp* ops = nullptr;
  const FieldOp* frest = nullptr;
  uint8_t nops = 0, nfrest = 0;
  bool vec = false;  // vchunk holds head + ops (else the scalar fill)
  bool vzero = false;  // ... and the `zero` fields' resets
  // `frest` as kRestAdds RestAdds (padded with no-ops) when every op fits
  // the formula (rest_add), else the fast path runs `frest` itself.
  static constexpr int kRestAdds = 4;
  bool rest_add = false;
  RestAdd radd[kRestAdds] = {};
  uint16_t vchunk[kInstChunks] = {};
};

// checkOperands' alignment of a multi-dword SGPR/TTMP range, after the
// fill: f[fld] -= GenPlans::align_sub[log2a][f[fld] & 511] (0 for codes it
// leaves alone).
struct AlignFix {
  Fld fld;
  uint8_t log2a;
};

// Laid out for the fast path: what every word reads (line 0), then its
// checks and ops, then what the builder and rarer cases use. Plans are
// many and a random stream touches them at random: cache lines count.
struct alignas(64) DecodePlan {
  static constexpr int kMaxChecks = 6, kMaxOps = 14, kMaxAligns = 3;
  // The AVX-512 path tests checks[0..kFixedChecks) at once, without a
  // loop: how many a plan has varies from word to word in a mixed stream,
  // and the loop's exit was a branch misprediction. The builder fills the
  // slots past nchecks with an always-true check (an all-ones set). The
  // scalar path keeps the loop (fixed scalar checks measured slower, as
  // did padding the alignments).
  static constexpr int kFixedChecks = 4;
  // The Inst's first 16 bytes (id, gen, enc, form, size, literal, the first
  // fields) with every field the plan fixes; the rest starts zeroed, then
  // `ops` fill it. One store instead of a header field by field.
  uint8_t head[16] = {};
  // (word & must_mask) == must_value: fields the full path would clear or
  // reject when set, and modifier bits the row does not take.
  uint64_t must_mask = 0, must_value = 0;
  // If any imp_if bit is set, some imp_then bit must be (MUBUF vaddr needs
  // offen/idxen/addr64, FLAT atomics' vdst needs glc).
  uint64_t imp_if = 0, imp_then = 0;
  // Target::features bits the row needs (Target::has without a table walk;
  // rows absent on the generation get no plan). ~0u: never (chain entries).
  uint32_t feat = 0;
  int16_t id = -1;  // -1: no plan, use the full path
  uint8_t nchecks = 0, nops = 0, nfrest = 0;
  bool vec = false;  // vchunk holds head + ops (else the scalar fill)
  uint16_t vchunk[kInstChunks] = {};
  // Opcodes with several rows (isa/index.h alternatives): `alts` marks the
  // list head; `next` chains the rows' plans in findRow's order, `row` is
  // each one's row (its plan may be empty).
  bool alts = false;
  bool ext = false;     // sdwa or dpp is set
  uint8_t src0_lo = 0;  // where dword0's SRC0 is, to spot 0xf9 / 0xfa
  uint16_t src0_mask = 0;  // 0 without `ext`: one test for every plan
  // A chain entry is findRow's choice when the target has it (`feat`) and
  // (w & sel_mask) == sel_value (rowSelectorMatches).
  uint64_t sel_mask = 0, sel_value = 0;
  PlanCheck checks[kMaxChecks];
  uint8_t naligns = 0;
  // A literal follows the dword: size + 4, Inst::literal from the next 4
  // bytes (the fill leaves it 0). A row's mandatory one (F_LITERAL_K), or
  // (lit_src, the twins of variants 4 and 5) a source reading code 255,
  // whose value the full path keeps only when sourceLiteralKept(lit_type).
  bool lit = false;
  bool lit_src = false;
  OpType lit_type = OpType{};
  AlignFix aligns[kMaxAligns];
  // What the fast path writes: `lin` less the fields `must_mask` and the
  // opcode fix (those are in head, or constant ops past it).
  FastOp ops[kMaxOps];
  // Then these: `rest` less no-op HI parts.
  const FieldOp* frest = nullptr;
  // E32 rows on GFX8/9: SRC0 0xf9 / 0xfa select these instead.
  const ExtPlan* sdwa = nullptr;
  const ExtPlan* dpp = nullptr;
  const DecodePlan* next = nullptr;
  // Tried when this plan's tests fail: the twins of a row's plan (see
  // decode_plan_build.cc, variantApplies).
  const DecodePlan* other = nullptr;
  int16_t row = -1;
  Enc enc = Enc::SOP2;  // the Inst's enc (VOP3B for VOP3B rows)
  Form form = Form::NATIVE;
  uint8_t size = 0;  // bytes (no literal, no extension)
  // The fields to fill: the layout's `lin` ops, less views of the same bits
  // that the full path drops (DS OFFSET vs OFFSET0/OFFSET1).
  const EncIndex::LinOp* lin = nullptr;
  uint8_t nlin = 0;
  // Then these (SEXT, HI, S0, S1), as applyFields' split path does.
  const FieldOp* rest = nullptr;
  uint8_t nrest = 0;
};

// An opcode's entry: its plan's shape, shared by every opcode whose plan
// differs only in the row id and the OP field (most of an encoding's
// opcodes), and those two. A random stream then touches 16 bytes per
// opcode plus a few hot shapes, not a plan of its own per opcode.
// id -1: alternative rows (`alts`): the chain's plans carry their own.
struct OpRec {
  const DecodePlan* plan;
  int32_t op_value;  // the Inst's OP field
  int16_t id;
};

// The quick path (decode_quick.cc): one record per (dword0 encoding,
// opcode, SDWA/DPP marker) in one shape for plain plans and SDWA/DPP forms
// alike, so that a mixed stream runs one sequence of instructions for most
// words instead of a branch per kind of plan (decode_quick_build.cc derives
// the records from the plans above).

// A raw check over up to two places of the word: r = (b0 | b1 << 8) &
// mask, where b0 and b1 are the word's 8 bits from bit lo and from bit lo2
// (rotating past bit 63, as vpmultishiftqb reads them: one instruction
// for both places of four checks). Byte 1 holds bit 8 of a 9-bit field
// (lo2 = lo + 8) or a second place (GFX9 SDWA's S0/S1 beside the source
// byte). r must be set in the 512-bit set at GenPlans::quick_sets + word.
// The builder makes them with quickCheck() (decode_quick_build.cc).
struct QuickCheck {
  uint8_t lo = 0;
  uint8_t lo2 = 0;
  uint16_t mask = 0;  // < 512
  uint32_t word = 0;
};

// The shape of a decode: shared by every opcode and form whose decode
// differs only in the row id and OP field (QuickOp holds those), so a
// mixed stream touches a few hundred records, not one per opcode.
// Trivially copyable and built zeroed (the builder deduplicates records
// by their bytes).
struct alignas(64) QuickRec {
  static constexpr int kChecks = 8;
  // Line 0: what every word tests. A record whose must_value is not within
  // must_mask takes no word: its miss decides (the plan path's `slow`
  // record, the full path's `reject`), with no branch on a kind.
  uint64_t must_mask, must_value;
  QuickCheck checks[4];  // padded with an always-true check
  uint64_t imp_if, imp_then;  // as DecodePlan's
  // Line 1: the fill, the bookkeeping, and the checks of wide records.
  // GenPlans::quick_chunks: the builder's indices, published as offsets in
  // 8-byte units (fillChunks<8>: a scaled load, not a multiply by 192).
  // The last is a constant chunk (its mask zero): only its add is stored.
  uint16_t chunk[kInstChunks];
  uint32_t feat;
  int32_t other;  // the twin (a record) tried when the checks fail; -1: none
  // What a word that no twin takes gets: 0, the full path; -1, the plan
  // path (the checks accept only aligned SGPR/TTMP ranges, which the plan
  // path would align, or the plan's shape is not one a record holds).
  int8_t miss;
  bool wide;  // more[] too
  // Word bits the fill reads inverted: S0/S1 count when clear, and sign
  // extension is ((bits ^ sign) - sign) with the add.
  uint64_t wflip;
  QuickCheck more[4];
};

// A (dword0 encoding, opcode, SDWA/DPP marker)'s entry: its record and
// what the record leaves to it.
struct QuickOp {
  uint16_t rec;  // GenPlans::quick index
  uint16_t id;
  int32_t op_value;
};

static_assert(sizeof(QuickRec) == 128 && offsetof(QuickRec, chunk) == 64,
              "QuickRec's two lines as laid out");

struct GenPlans {
  // [enc][opcode], opcode as extracted with the dword0 encoding's layout.
  const OpRec* recs[kNumEncs] = {};
  size_t count[kNumEncs] = {};
  // Copies of the generation's GenIndex facts the fast path reads, so one
  // pointer serves a word.
  int8_t enc_by_prefix[512];
  uint8_t bytes_by_prefix[512];  // the dword0 encoding's size in bytes (0: none)
  const uint64_t* sets = nullptr;  // PlanCheck::set -> 8 words
  const VecChunk* vchunks = nullptr;  // DecodePlan::vchunk -> chunk
  // [log2a][code]: what checkOperands' alignment of SGPR/TTMP codes to 1,
  // 2, 4 subtracts.
  uint8_t align_sub[3][512];
  uint8_t dwords[kNumEncs] = {}, op_lo[kNumEncs] = {}, op_width[kNumEncs] = {};
  uint64_t word_mask[kNumEncs] = {};  // the encoding's dwords of a 64-bit load
  // The quick path's tables (null quick: none for this generation).
  const QuickRec* quick = nullptr;
  const QuickOp* quick_ops = nullptr;
  const VecChunk* quick_chunks = nullptr;
  const uint64_t* quick_sets = nullptr;
  // [enc]: quick_ops of opcode 0; the entry of a word is at
  // quick_base + ((op << quick_nsel) + pext(w, quick_sel)) * quick_stride
  // + form: the selector bits of the encoding's opcodes with several rows
  // (isa/index.h alternatives) pick the row there.
  uint32_t quick_base[kNumEncs] = {};
  uint8_t quick_stride[kNumEncs] = {};  // 3 (plain, SDWA, DPP) or 1
  uint8_t quick_nsel[kNumEncs] = {};
  uint64_t quick_sel[kNumEncs] = {};
  // [dword0 >> 23]: the size in bytes (+ 4 for an opcode with a mandatory
  // literal; the opcode is within those bits where there are such) in the
  // low byte, the encoding's ext_mask in the high half. The next word's
  // address comes from this one load and dword0: it should not wait for
  // the encoding's tables or the record (a record-dependent size measured
  // ~10 % slower on the bench stream).
  uint32_t quick_size[512] = {};
  uint16_t ext_mask[kNumEncs] = {};     // dword0's SRC0 bits (0x1ff) where 0xf9/0xfa mark SDWA/DPP
};

const GenPlans& genPlans(Gen g);

// genPlans() per generation without its guard and switch: the fast paths
// read one pointer.
// Indexed by Gen; a power of two so that the index needs a mask, not a test.
constexpr int kGenPlanSlots = 8;
static_assert(kNumGens <= kGenPlanSlots, "a slot per generation");
extern std::atomic<const GenPlans*> g_gen_plans[kGenPlanSlots];
inline const GenPlans& plansFor(Gen g) {
  const GenPlans* p = g_gen_plans[int(g) & (kGenPlanSlots - 1)].load(std::memory_order_acquire);
  if (__builtin_expect(p != nullptr, 1)) return *p;
  p = &genPlans(g);
  g_gen_plans[int(g) & (kGenPlanSlots - 1)].store(p, std::memory_order_release);
  return *p;
}

}  // namespace gcn
