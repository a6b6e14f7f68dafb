// QuickRecs from a generation's finished plans: a translation of what the
// plan path runs (DecodePlan and its twins, ExtPlan, the alternative-row
// chains), not a second reading of the isa/ tables, so both paths accept
// the same words with the same result (decode_plan_test compares them word
// by word). A plan whose shape a record cannot hold gets the `slow`
// record: the plan path decides.
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string>

#include "decoder/chunk_fill.h"
#include "decoder/decode_quick.h"
#include "isa/inst.h"

namespace gcn {
namespace {

using Set512 = std::array<uint64_t, 8>;
constexpr size_t kF0 = offsetof(Inst, f) / 4;  // the lane of f[0]

// The FastOp that writes `f` (null: the field is 0); false when several do.
bool opOf(const FastOp* ops, int n, Fld f, const FastOp** out) {
  *out = nullptr;
  for (int k = 0; k < n; ++k)
    if (ops[k].fld == f) {
      if (*out) return false;
      *out = &ops[k];
    }
  return true;
}

// A zeroed record (the builder compares records by their bytes).
QuickRec blank() {
  QuickRec q;
  std::memset(static_cast<void*>(&q), 0, sizeof q);
  q.other = -1;
  return q;
}

// A check of r = (word bits from lo | bits from `second` << 8) & mask
// (second < 0: a plain field, its bit 8 at lo + 8). False when a bit of r
// would come from past bit 63: vpmultishiftqb reads on from bit 0 where
// a shift reads zeros (no field of a word does; the caller fails).
bool quickCheck(int lo, int second, uint32_t mask, uint32_t word, QuickCheck* out) {
  if (mask >= 512 || lo < 0 || lo > 63) return false;
  const int lo2 = second >= 0 ? second : lo + 8;
  const uint32_t low = mask & 0xff;
  if ((low && lo + (31 - __builtin_clz(low)) > 63) || ((mask & 0x100) && lo2 > 63)) return false;
  *out = QuickCheck{uint8_t(lo), uint8_t(lo2 & 63), uint16_t(mask), word};
  return true;
}

class QuickBuilder {
 public:
  static constexpr int kFail = -1;

  QuickBuilder(const GenPlans& gp, size_t nsets, size_t nchunks, QuickStore* store)
      : gp_(gp), store_(store) {
    // The plans' sets and chunks keep their indices: plain plans' checks
    // and programs carry over unchanged.
    store_->sets.assign(reinterpret_cast<const Set512*>(gp.sets),
                        reinterpret_cast<const Set512*>(gp.sets) + nsets);
    for (size_t k = 0; k < nsets; ++k) set_index_.emplace(store_->sets[k], uint32_t(k));
    store_->chunks.assign(gp.vchunks, gp.vchunks + nchunks);
    for (size_t k = 0; k < nchunks; ++k) chunk_index_.emplace(bytes(store_->chunks[k]), uint16_t(k));
    Set512 all;
    all.fill(~0ull);
    pass_ = QuickCheck{0, 0, 0, setWord(all)};
    // Records that take no word (must_value outside must_mask): the
    // plan path decides (slow), or the full path (reject).
    QuickRec r = blank();
    r.must_value = 1;
    putChecks({}, &r);
    reject_ = intern(r);
    r.miss = -1;
    slow_ = intern(r);
  }

  int slow() const { return slow_; }
  // slow_ for a row that needs `feat`: a target without them gets the
  // full path (quickCore), as the plan path would send it.
  int slowFor(uint32_t feat) {
    QuickRec r = store_->recs[size_t(slow_)];
    r.feat = feat;
    return intern(r);
  }
  int reject() const { return reject_; }

  // The record of a plain plan and its twins, or kFail.
  int fromPlan(const DecodePlan& p) {
    flips_.clear();
    // A source literal's twin: its size is not dword0's (quick_size), and
    // its value needs a test of its own. The plan path decides.
    if (p.lit_src) return slowFor(p.feat);
    QuickRec q = blank();
    std::optional<QuickRec> mis;
    if (p.id < 0 && !p.alts) {
      // No plan: the plan path's checks fail (then its twins).
      q.must_value = 1;
      putChecks({}, &q);
    } else {
      if (p.alts || !p.vec || p.nchecks > QuickRec::kChecks) return kFail;
      q.must_mask = p.must_mask;
      q.must_value = p.must_value;
      q.imp_if = p.imp_if;
      q.imp_then = p.imp_then;
      std::vector<QuickCheck> checks(size_t(p.nchecks));
      for (int k = 0; k < p.nchecks; ++k)
        if (!quickCheck(p.checks[k].lo, -1, p.checks[k].mask, p.checks[k].word, &checks[size_t(k)]))
          return kFail;
      // checkOperands' alignment: the record takes only aligned ranges
      // (what valid code has); its twin `mis` the misaligned ones it can
      // align with a lane mask; the plan path the rest.
      std::vector<QuickCheck> mis_checks = checks;
      for (int k = 0; k < p.naligns; ++k) {
        const FastOp* op;
        if (!opOf(p.ops, p.nops, p.aligns[k].fld, &op) || !op || !op->width || op->width > 9)
          return kFail;
        for (int r = 0; r < p.nfrest; ++r)
          if (p.frest[r].fld == p.aligns[k].fld) return kFail;
        if (!alignChecks(*op, p.aligns[k].log2a, &checks)) return kFail;
        if (mis_checks.size() <= size_t(QuickRec::kChecks) &&
            !misalignChecks(*op, p.aligns[k].log2a, &mis_checks))
          return kFail;
        q.miss = -1;
      }
      if (checks.size() > size_t(QuickRec::kChecks)) return kFail;
      putChecks(checks, &q);
      std::memcpy(q.chunk, p.vchunk, sizeof q.chunk);
      if ((p.nfrest && !foldRest(p, &q)) || !flipsOnlyWhereMeant(q)) return kFail;
      if (p.lit) literalLane(&q);
      if (p.naligns) mis = misaligned(p, q, mis_checks);
    }
    q.feat = p.feat;
    int twin = -1;
    if (p.other) {
      // The plan path tries the twins in order when the checks fail; a
      // miss after an aligned-only twin is the plan path's too.
      twin = fromPlan(*p.other);
      if (twin == kFail) return kFail;
      q.miss = std::min(q.miss, store_->recs[size_t(twin)].miss);
      if (q.miss < 0) twin = withMiss(twin);
    }
    q.other = twin;
    if (mis) {
      // The aligned record, its misaligned twin, then the plan's twins
      // (disjoint from the plan, so the order between them is free).
      mis->feat = q.feat;
      mis->other = twin;
      q.other = intern(*mis);
    }
    return intern(q);
  }

  // The record of an SDWA/DPP form, or kFail.
  int fromExt(const ExtPlan& x) {
    if (!x.vec || (x.nfrest && !x.rest_add) || x.nchecks > QuickRec::kChecks) return kFail;
    flips_.clear();
    QuickRec q = blank();
    q.must_mask = x.must_mask;
    q.must_value = x.must_value;
    std::vector<QuickCheck> checks;
    for (int k = 0; k < x.nchecks; ++k) {
      QuickCheck c;
      if (!rawCheck(x.checks[k].ev, x.checks[k].ok, {}, &c)) return kFail;
      checks.push_back(c);
    }
    for (int k = 0; k < kInstChunks; ++k) q.chunk[k] = x.vchunk[k];
    // The resets win over the RestAdds (decodeExt runs them after).
    const std::vector<Fld> zero(x.zero, x.zero + x.nzero);
    if (x.rest_add && !foldRestAdds(x.radd, ExtPlan::kRestAdds, zero, &q))
      return kFail;
    if (!x.vzero) zeroLanes(zero, &q);
    if (!flipsOnlyWhereMeant(q)) return kFail;
    q.feat = x.feat;
    if (!x.vopc_sd) {
      putChecks(checks, &q);
      return intern(q);
    }
    // GFX9 VOPC SDWA (canonicalizeVopExt): SD clear, or SD with SDST =
    // vcc_lo, is VCC (SD and SDST cleared); SD with another SDST keeps
    // both. Three records, twins of each other: the bits tell them apart.
    const FieldEval& sd = x.sd_ev;
    const FieldEval& sdst = x.sdst_ev;
    if (sd.mask != 1 || sd.shift || sd.add || sd.hi_lo != 0xff || sd.s_lo != 0xff) return kFail;
    const uint64_t sd_bit = 1ull << sd.lo;
    QuickCheck vcc, other;
    if (!rawCheck(sdst, nullptr, {opc::kVccLo}, &vcc) ||
        !rawCheck(sdst, x.sdst_ok, {opc::kVccLo}, &other, true) ||
        checks.size() + 1 > size_t(QuickRec::kChecks))
      return kFail;
    QuickRec cleared = q;
    zeroLanes({Fld::SD, Fld::SDST}, &cleared);
    QuickRec a = cleared, b = q, c = cleared;
    a.must_mask |= sd_bit;  // SD clear
    b.must_mask |= sd_bit;
    b.must_value |= sd_bit;
    c.must_mask |= sd_bit;
    c.must_value |= sd_bit;
    putChecks(checks, &a);
    checks.push_back(other);
    putChecks(checks, &b);
    checks.back() = vcc;
    putChecks(checks, &c);
    b.other = intern(c);
    a.other = intern(b);
    return intern(a);
  }

  // An opcode with several rows (isa/index.h alternatives): the QuickOp
  // of findRow's choice, as the plan path walks the chain, for the word
  // bits `word` at the chain's selector bits (GenPlans::quick_sel). False
  // when the choice depends on the target's features beyond one row's own
  // test (the caller leaves the opcode to the plan path).
  bool chainEntry(const DecodePlan& head, int form, uint64_t word, QuickOp* out) {
    if (!head.next) return false;
    std::vector<const DecodePlan*> match;
    for (const DecodePlan* e = head.next; e; e = e->next)
      if (e->feat != ~0u && (word & e->sel_mask) == e->sel_value) match.push_back(e);
    if (!match.empty() && match[0]->feat && match.size() > 1) return false;
    const DecodePlan* e = match.empty() ? nullptr : match[0];
    const ExtPlan* x = !e || form == 0 ? nullptr : form == 1 ? e->sdwa : e->dpp;
    QuickOp o{uint16_t(slow_), 0, 0};
    if (!e || (form && e->ext && !x)) {
      o.rec = uint16_t(reject_);  // no row or no such form: the full path
    } else if (form && !e->ext) {
      // the marker as a plain source: the plan path's
    } else if (idOpOf(*e, &o)) {
      const int r = x ? fromExt(*x) : fromPlan(*e);
      if (r != kFail) o.rec = uint16_t(r);
      else o = QuickOp{uint16_t(slow_), 0, 0};
    }
    *out = o;
    return true;
  }

  // v's bits at sel's set bits, lowest first (pdep).
  static uint64_t deposit(uint32_t v, uint64_t sel) {
    uint64_t out = 0;
    for (int b = 0, k = 0; b < 64; ++b)
      if ((sel >> b) & 1) out |= uint64_t((v >> k++) & 1) << b;
    return out;
  }

 private:
  template <class T>
  static std::string bytes(const T& v) {
    return std::string(reinterpret_cast<const char*>(&v), sizeof v);
  }

  // v's index in `out`, appended unless an equal one is there.
  template <class T, class Index>
  static Index internBytes(const T& v, std::vector<T>* out, std::map<std::string, Index>* index) {
    const std::string k = bytes(v);
    auto it = index->find(k);
    if (it != index->end()) return it->second;
    out->push_back(v);
    return (*index)[k] = Index(out->size() - 1);
  }

  int intern(const QuickRec& q) { return internBytes(q, &store_->recs, &rec_index_); }

  // Record r with miss -1 (and its twins).
  int withMiss(int r) {
    QuickRec q = store_->recs[size_t(r)];
    if (q.miss < 0) return r;
    q.miss = -1;
    if (q.other >= 0) q.other = withMiss(q.other);
    return intern(q);
  }

  uint32_t setWord(const Set512& s) {
    auto it = set_index_.find(s);
    if (it != set_index_.end()) return it->second * 8;
    store_->sets.push_back(s);
    const uint32_t k = uint32_t(store_->sets.size() - 1);
    set_index_.emplace(s, k);
    return k * 8;
  }

  uint16_t chunkIndex(const VecChunk& c) {
    return internBytes(c, &store_->chunks, &chunk_index_);
  }

  void putChecks(const std::vector<QuickCheck>& checks, QuickRec* q) const {
    for (int k = 0; k < 4; ++k) {
      q->checks[k] = k < int(checks.size()) ? checks[size_t(k)] : pass_;
      q->more[k] = k + 4 < int(checks.size()) ? checks[size_t(k) + 4] : pass_;
    }
    q->wide = checks.size() > 4;
  }


  // A chain row's id and OP, from its plan's head (its fill is its own).
  static bool idOpOf(const DecodePlan& p, QuickOp* out) {
    const size_t op_at = offsetof(Inst, f) + 4 * size_t(Fld::OP);
    if (op_at + 4 > sizeof p.head || p.id < 0) return false;
    std::memcpy(&out->id, p.head + offsetof(Inst, id), sizeof out->id);
    std::memcpy(&out->op_value, p.head + op_at, 4);
    return out->id == uint16_t(p.id);
  }

  // Narrows the check on op's raw bits to the values `keep` accepts (adds
  // the check when there is none).
  template <class Keep>
  bool narrowCheck(const FastOp& op, Keep keep, std::vector<QuickCheck>* checks) {
    const uint16_t mask = uint16_t((1u << op.width) - 1);
    QuickCheck plain;
    if (!quickCheck(op.lo, -1, mask, 0, &plain)) return false;
    for (QuickCheck& c : *checks)
      if (c.lo == plain.lo && c.lo2 == plain.lo2 && c.mask == mask) {
        Set512 set = store_->sets[c.word / 8];
        for (uint32_t r = 0; r < 512; ++r)
          if (!keep(r & mask)) set[r >> 6] &= ~(1ull << (r & 63));
        c.word = setWord(set);
        return true;
      }
    Set512 set{};
    for (uint32_t r = 0; r <= mask; ++r)
      if (keep(r)) set[r >> 6] |= 1ull << (r & 63);
    plain.word = setWord(set);
    checks->push_back(plain);
    return true;
  }

  // The values the alignment to 1 << log2a leaves alone.
  bool alignChecks(const FastOp& op, uint8_t log2a, std::vector<QuickCheck>* checks) {
    return narrowCheck(op, [&](uint32_t r) {
      const int32_t v = int32_t(r << op.shift) + op.add;
      return gp_.align_sub[log2a][uint32_t(v) & 511] == 0;
    }, checks);
  }

  // A mandatory literal: Inst::literal's lane reads the word's second
  // dword (the fill's word is unmasked; the plan path stores it after).
  void literalLane(QuickRec* q) {
    constexpr size_t lane = offsetof(Inst, literal) / 4;
    static_assert(offsetof(Inst, literal) % 4 == 0 && lane < 16, "literal is a lane of chunk 0");
    VecChunk c = store_->chunks[q->chunk[0]];
    for (int j = 0; j < 4; ++j) c.ctrl[lane * 4 + size_t(j)] = uint8_t(32 + 8 * j);
    c.mask[lane] = ~0u;
    c.add[lane] = 0;
    q->chunk[0] = chunkIndex(c);
  }

  // The values a lane mask aligns right: codes that checkOperands aligns
  // (align_sub, the SGPR and TTMP ranges) and codes already multiples of
  // the alignment (clearing their low bits changes nothing).
  bool misalignChecks(const FastOp& op, uint8_t log2a, std::vector<QuickCheck>* checks) {
    const uint32_t a = 1u << log2a;
    return narrowCheck(op, [&](uint32_t r) {
      const int32_t v = int32_t(r << op.shift) + op.add;
      return v >= 0 && v < 512 && (gp_.align_sub[log2a][uint32_t(v)] != 0 || uint32_t(v) % a == 0);
    }, checks);
  }

  // The aligned record q's twin for misaligned SGPR/TTMP ranges: the
  // checks of misalignChecks, and each aligned field's lane with its low
  // bits masked (value - value % a, as align_sub subtracts, when the
  // lane's add is a multiple of a). Empty when a lane does not allow it.
  std::optional<QuickRec> misaligned(const DecodePlan& p, const QuickRec& q,
                                     const std::vector<QuickCheck>& checks) {
    if (checks.size() > size_t(QuickRec::kChecks)) return std::nullopt;
    QuickRec m = q;
    putChecks(checks, &m);
    VecChunk ch[kInstChunks];
    for (int k = 0; k < kInstChunks; ++k) ch[k] = store_->chunks[q.chunk[k]];
    for (int k = 0; k < p.naligns; ++k) {
      const size_t lane = kF0 + size_t(p.aligns[k].fld);
      VecChunk& c = ch[lane / 16];
      const size_t i = lane % 16;
      const uint32_t a = 1u << p.aligns[k].log2a;
      if (flipped(lane) || uint32_t(c.add[i]) % a != 0) return std::nullopt;
      c.mask[i] &= ~(a - 1);
    }
    for (int k = 0; k < kInstChunks; ++k) m.chunk[k] = chunkIndex(ch[k]);
    m.miss = -1;
    return m;
  }

  // A plain plan's `frest` ops (applyOps after the fill): SEXT as the
  // lane's own formula ((bits ^ sign) - sign), the rest as RestAdds.
  bool foldRest(const DecodePlan& p, QuickRec* q) {
    std::vector<RestAdd> adds;
    std::vector<Fld> sext;
    for (int k = 0; k < p.nfrest; ++k) {
      const FieldOp& r = p.frest[k];
      if (r.mask > 0xffffffffull) return false;
      switch (r.xform) {
        case Xform::SEXT: {
          if (std::find(sext.begin(), sext.end(), r.fld) != sext.end() || !adds.empty() ||
              pairWeight(r.fld))
            return false;
          sext.push_back(r.fld);
          VecChunk ch[kInstChunks];
          for (int c = 0; c < kInstChunks; ++c) ch[c] = store_->chunks[q->chunk[c]];
          const size_t lane = kF0 + size_t(r.fld);
          VecChunk& c = ch[lane / 16];
          const size_t i = lane % 16;
          for (int j = 0; j < 4; ++j) c.ctrl[i * 4 + size_t(j)] = uint8_t((r.lo + 8 * j) & 63);
          c.mask[i] = uint32_t(r.mask);
          c.add[i] = -int32_t(1u << r.shift);
          flip(q, r.lo + r.shift, lane, r.shift);
          for (int c2 = 0; c2 < kInstChunks; ++c2) q->chunk[c2] = chunkIndex(ch[c2]);
          break;
        }
        case Xform::S0:
        case Xform::S1:
          if (r.mask != 1) return false;
          adds.push_back(RestAdd{r.lo, r.xform == Xform::S0 ? Fld::SRC0 : Fld::SRC1, 8, 1, 1});
          break;
        case Xform::HI:
          adds.push_back(RestAdd{r.lo, r.fld, r.shift, 0, uint32_t(r.mask)});
          break;
        default:
          return false;
      }
    }
    for (const RestAdd& a : adds)
      if (std::find(sext.begin(), sext.end(), a.fld) != sext.end()) return false;
    return foldRestAdds(adds.data(), int(adds.size()), {}, q);
  }

  // A field check as a check on raw word bits: the field's bits, and GFX9
  // SDWA's S bit as bit 8. Accepted values: those in `ok` (null: only
  // `values`), less `values` when `exclude`. False for shapes with an
  // upper part.
  bool rawCheck(const FieldEval& e, const uint64_t* ok, std::vector<int64_t> values,
                QuickCheck* c, bool exclude = false) {
    const bool s = e.s_lo != 0xff;
    if (e.hi_lo != 0xff || (e.mask & (e.mask + 1)) != 0 || e.mask >= (s ? 0x100u : 0x200u))
      return false;
    auto listed = [&](int64_t v) {
      return std::find(values.begin(), values.end(), v) != values.end();
    };
    Set512 set{};
    for (uint32_t r = 0; r < 512; ++r) {
      if (r & ~(e.mask | (s ? 0x100u : 0u))) continue;
      int64_t value = (int64_t(r & e.mask) << e.shift) + e.add;
      if (s && !(r & 0x100)) value += 256;
      if (value < 0 || value >= 512) continue;
      const bool in_ok = ok && ((ok[value >> 6] >> (value & 63)) & 1);
      if (exclude ? in_ok && !listed(value) : ok ? in_ok : listed(value))
        set[r >> 6] |= 1ull << (r & 63);
    }
    return quickCheck(e.lo, s ? e.s_lo : -1, e.mask | (s ? 0x100u : 0u), setWord(set), c);
  }

  // The fill reads word bit `bit` inverted, for lane bit `lane_bit` of
  // lane `lane` (checked by flipsOnlyWhereMeant once the program is done).
  void flip(QuickRec* q, int bit, size_t lane, int lane_bit) {
    q->wflip |= 1ull << bit;
    flips_.emplace_back(lane, lane_bit);
  }
  bool flipped(size_t lane) const {
    for (const auto& f : flips_)
      if (f.first == lane) return true;
    return false;
  }

  // Every lane bit of q's program that reads an inverted word bit is one
  // meant to (a field elsewhere may read the same bit as it is).
  bool flipsOnlyWhereMeant(const QuickRec& q) const {
    if (!q.wflip) return true;
    for (int k = 0; k < kInstChunks; ++k) {
      const VecChunk& c = store_->chunks[q.chunk[k]];
      for (size_t i = 0; i < 16; ++i)
        for (int b = 0; b < 32; ++b) {
          if (!((c.mask[i] >> b) & 1)) continue;
          const int bit = (c.ctrl[i * 4 + size_t(b / 8)] + b % 8) & 63;
          if (!((q.wflip >> bit) & 1)) continue;
          const std::pair<size_t, int> at(size_t(k) * 16 + i, b);
          if (std::find(flips_.begin(), flips_.end(), at) == flips_.end()) return false;
        }
    }
    return true;
  }

  // Lanes of `fields` cleared in q's program.
  void zeroLanes(const std::vector<Fld>& fields, QuickRec* q) {
    VecChunk ch[kInstChunks];
    for (int k = 0; k < kInstChunks; ++k) ch[k] = store_->chunks[q->chunk[k]];
    for (Fld f : fields) {
      const size_t lane = kF0 + size_t(f);
      VecChunk& c = ch[lane / 16];
      const size_t i = lane % 16;
      std::memset(c.ctrl + 4 * i, 0, 4);
      c.mask[i] = 0;
      c.add[i] = 0;
    }
    for (int k = 0; k < kInstChunks; ++k) q->chunk[k] = chunkIndex(ch[k]);
  }

  // RestAdds (f[fld] += ((bits ^ flip) << shift)), per field: in the
  // field's lane when the lane's free bytes can pick their bits (the flip
  // inverts S), else the record cannot hold the plan. Those of `zero`
  // fields are dropped (the resets win).
  bool foldRestAdds(const RestAdd* adds, int nadds, const std::vector<Fld>& zero,
                    QuickRec* q) {
    VecChunk ch[kInstChunks];
    for (int k = 0; k < kInstChunks; ++k) ch[k] = store_->chunks[q->chunk[k]];
    std::map<Fld, std::vector<RestAdd>> by_field;
    for (const RestAdd* a = adds; a < adds + nadds; ++a)
      if (a->mask && std::find(zero.begin(), zero.end(), a->fld) == zero.end())
        by_field[a->fld].push_back(*a);
    for (const auto& [fld, parts] : by_field) {
      const size_t lane = kF0 + size_t(fld);
      VecChunk& c = ch[lane / 16];
      const size_t i = lane % 16;
      // An upper part is an or, the same as an add only where the lane
      // adds nothing (S parts are adds).
      for (const RestAdd& a : parts)
        if (!a.flip && (c.add[i] || flipped(lane))) return false;
      uint32_t used = c.mask[i];
      bool fits = true;
      for (const RestAdd& a : parts) {
        const uint64_t bits = uint64_t(a.mask) << a.shift;
        if ((bits >> 32) || (a.mask & (a.mask + 1)) != 0) return false;
        for (int j = 0; j < 4; ++j)
          if ((bits >> (8 * j)) & 0xff) {
            if ((used >> (8 * j)) & 0xff) fits = false;
            used |= 0xffu << (8 * j);
          }
      }
      // A pair lane's bits stay in byte 0; a second place of one bit at
      // the lane's weight goes in byte 1 (chunk_fill.h).
      const int weight = pairWeight(fld);
      if (weight && (used >> 8)) fits = false;
      if (!fits && weight && parts.size() == 1 && !(c.mask[i] >> 8) && !flipped(lane)) {
        const RestAdd& a = parts[0];
        if (a.mask == 1 && !a.flip && (1 << a.shift) == weight && !(c.mask[i] >> a.shift)) {
          c.ctrl[i * 4 + 1] = uint8_t(a.lo & 63);
          c.mask[i] |= 0x100;
          continue;
        }
      }
      if (fits) {
        for (const RestAdd& a : parts) {
          const uint64_t bits = uint64_t(a.mask) << a.shift;
          for (int j = 0; j < 4; ++j)
            if ((bits >> (8 * j)) & 0xff)
              c.ctrl[i * 4 + size_t(j)] = uint8_t((a.lo - a.shift + 8 * j) & 63);
          c.mask[i] |= uint32_t(bits);
          if (a.flip & a.mask & 1) flip(q, a.lo, lane, a.shift);
        }
        continue;
      }
      return false;  // the plan path's
    }
    for (int k = 0; k < kInstChunks; ++k) q->chunk[k] = chunkIndex(ch[k]);
    return true;
  }

  const GenPlans& gp_;
  QuickStore* store_;
  std::map<Set512, uint32_t> set_index_;
  std::map<std::string, uint16_t> chunk_index_;
  std::map<std::string, int> rec_index_;
  QuickCheck pass_;
  int slow_ = 0, reject_ = 0;
  std::vector<std::pair<size_t, int>> flips_;  // the record being built's
};

}  // namespace

void buildQuick(GenPlans* gp, size_t nsets, size_t nchunks, QuickStore* store) {
  gp->quick = nullptr;
  if (!gp->sets || !gp->vchunks) return;
  // Where the SDWA/DPP marker is: the plan path reads it per plan, the
  // records per encoding, so every plan with those forms must agree.
  for (int e = 0; e < kNumEncs; ++e) {
    gp->ext_mask[e] = 0;
    for (size_t op = 0; op < gp->count[e]; ++op) {
      const DecodePlan& p = *gp->recs[e][op].plan;
      if (p.alts || !p.ext) continue;
      if (p.src0_lo != 0 || p.src0_mask != 0x1ff) return;
      gp->ext_mask[e] = 0x1ff;
    }
  }
  QuickBuilder b(*gp, nsets, nchunks, store);
  // Each opcode's records: r[form] (plain, SDWA, DPP) for a plain plan;
  // chains (p.alts) are resolved per selector value below.
  struct Entry {
    int r[3];
    uint16_t id;
    int32_t op_value;
  };
  std::vector<Entry> entries[kNumEncs];
  std::vector<size_t> lit[kNumEncs];  // opcodes with a mandatory literal
  for (int e = 0; e < kNumEncs; ++e) {
    gp->quick_stride[e] = gp->ext_mask[e] ? 3 : 1;
    entries[e].resize(gp->count[e]);
    for (size_t op = 0; op < gp->count[e]; ++op) {
      const OpRec& rec = gp->recs[e][op];
      const DecodePlan& p = *rec.plan;
      if (p.alts) continue;
      // A plan without SDWA/DPP forms reads the marker values as a plain
      // source: the plan path's (slow). No such form: the plan path sends
      // the word to the full path (reject).
      Entry& en = entries[e][op];
      en = Entry{{b.fromPlan(p), b.slow(), b.slow()}, uint16_t(rec.id), rec.op_value};
      // A mandatory literal (a row's, so its twins' too): the size from
      // quick_size, where dword0's prefix holds the opcode (VOP2, SOPK)
      // and the plan has no twins; else the plan path decides.
      if (p.lit) {
        const int lo = gp->op_lo[e], width = gp->op_width[e];
        if (!p.other && lo >= 23 && lo + width <= 32) lit[e].push_back(op);
        else en.r[0] = b.slow();
      }
      if (gp->quick_stride[e] == 3 && p.ext) {
        en.r[1] = p.sdwa ? b.fromExt(*p.sdwa) : b.reject();
        en.r[2] = p.dpp ? b.fromExt(*p.dpp) : b.reject();
      }
    }
  }
  // The QuickOp index's selector bits, per encoding: those of the chains
  // (FLAT's seg and lds, MUBUF's lds), so that a row choice is a table
  // entry, not a second lookup; and the must bits that tell a plan's
  // twins apart (SMEM's imm, ...), so that the entry is the twin whose
  // must bits the word has, not a failed test and a second record (a
  // record skipped so is one whose must test fails on every word of the
  // entry: the walk of the twins is unchanged).
  for (int e = 0; e < kNumEncs; ++e) {
    uint64_t sel = 0, twin = 0;
    for (size_t op = 0; op < gp->count[e]; ++op) {
      const DecodePlan& p = *gp->recs[e][op].plan;
      if (p.alts)
        for (const DecodePlan* x = p.next; x; x = x->next) sel |= x->sel_mask;
    }
    auto twinBits = [&](int r) {
      if (r < 0) return;
      for (const QuickRec* a = &store->recs[size_t(r)]; a->other >= 0;) {
        const QuickRec* n = &store->recs[size_t(a->other)];
        // One or two bits (SMEM's imm, FLAT's glc), not a field's value
        // (SCRATCH's saddr off): the table doubles per bit.
        const uint64_t diff = a->must_mask & n->must_mask & (a->must_value ^ n->must_value);
        if (__builtin_popcountll(diff) <= 2) twin |= diff;
        a = n;
      }
    };
    for (size_t op = 0; op < gp->count[e]; ++op) {
      const DecodePlan& p = *gp->recs[e][op].plan;
      if (!p.alts) {
        twinBits(entries[e][op].r[0]);
        continue;
      }
      if (__builtin_popcountll(sel) > 4) break;
      for (uint32_t v = 0; v < (1u << __builtin_popcountll(sel)); ++v) {
        QuickOp o;
        if (b.chainEntry(p, 0, QuickBuilder::deposit(v, sel), &o)) twinBits(o.rec);
      }
    }
    if (__builtin_popcountll(sel) > 4) return;
    if (__builtin_popcountll(twin) <= 2 && __builtin_popcountll(sel | twin) <= 4) sel |= twin;
    gp->quick_sel[e] = sel;
    gp->quick_nsel[e] = uint8_t(__builtin_popcountll(sel));
  }
  for (unsigned prefix = 0; prefix < 512; ++prefix) {
    const int e = gp->enc_by_prefix[prefix];
    uint32_t bytes = gp->bytes_by_prefix[prefix];
    if (e >= 0) {
      if (!lit[e].empty()) {  // the opcode is within the prefix (above)
        const size_t op =
            ((uint64_t(prefix) << 23) >> gp->op_lo[e]) & ((1u << gp->op_width[e]) - 1);
        if (std::find(lit[e].begin(), lit[e].end(), op) != lit[e].end()) bytes += 4;
      }
      gp->quick_size[prefix] = bytes | uint32_t(gp->ext_mask[e]) << 16;
    }
  }
  size_t total = 0;
  for (int e = 0; e < kNumEncs; ++e) {
    gp->quick_base[e] = uint32_t(total);
    total += (gp->count[e] << gp->quick_nsel[e]) * gp->quick_stride[e];
  }
  store->ops.assign(total, QuickOp{uint16_t(b.slow()), 0, 0});
  for (int e = 0; e < kNumEncs; ++e) {
    const size_t nsel = size_t(1) << gp->quick_nsel[e], stride = gp->quick_stride[e];
    const uint64_t sel = gp->quick_sel[e];
    // The first record of r's twins whose must bits agree with `word` at
    // the selector bits (the last one when none does).
    auto skip = [&](int r, uint64_t word) {
      while (r >= 0) {
        const QuickRec& q = store->recs[size_t(r)];
        if (q.other < 0 || !(q.must_mask & sel & (word ^ q.must_value))) break;
        r = q.other;
      }
      return r;
    };
    for (size_t op = 0; op < gp->count[e]; ++op) {
      const DecodePlan& p = *gp->recs[e][op].plan;
      const size_t at = gp->quick_base[e] + op * nsel * stride;
      for (size_t form = 0; form < stride; ++form) {
        std::vector<QuickOp> row(nsel);
        bool ok = true;
        for (size_t v = 0; v < nsel && ok; ++v) {
          const uint64_t word = QuickBuilder::deposit(uint32_t(v), sel);
          if (p.alts) {
            ok = b.chainEntry(p, int(form), word, &row[v]);
          } else {
            const Entry& en = entries[e][op];
            ok = en.r[form] != QuickBuilder::kFail;
            row[v] = QuickOp{uint16_t(en.r[form]), en.id, en.op_value};
          }
          if (ok) row[v].rec = uint16_t(skip(row[v].rec, word));
        }
        // A record the builder cannot make, or a chain it cannot resolve:
        // the plan path decides (slow, as assigned).
        for (size_t v = 0; v < nsel && ok; ++v) store->ops[at + v * stride + form] = row[v];
      }
    }
  }
  // The fill's last chunk is a constant: quickCore stores its add alone.
  // Its fields (encoding.h: NV, VINTRP's attribute, EXP's, MFMA's
  // broadcast controls, SVE) are ones dense code does not read; a record
  // whose last chunk would read the word takes none (the plan path's).
  for (QuickRec& q : store->recs) {
    const VecChunk& c = store->chunks[q.chunk[kInstChunks - 1]];
    if (std::all_of(std::begin(c.mask), std::end(c.mask), [](uint32_t m) { return m == 0; }))
      continue;
    q = blank();
    q.must_value = 1;
    q.miss = -1;
  }
  // quickCore tests a chain's features once, at its head: every twin that
  // takes words must need the same ones.
  for (const QuickRec& q : store->recs)
    for (int r = q.other; r >= 0; r = store->recs[size_t(r)].other) {
      const QuickRec& t = store->recs[size_t(r)];
      if (t.feat != q.feat && (t.must_value & ~t.must_mask) == 0) return;
    }
  if (store->recs.size() > 0xffff) return;  // QuickOp::rec is 16 bits
  // The records' chunk indices become the fill's 8-byte offsets.
  constexpr size_t kUnits = sizeof(VecChunk) / 8;
  if (store->chunks.size() * kUnits > 0x10000) return;
  for (QuickRec& q : store->recs)
    for (uint16_t& c : q.chunk) c = uint16_t(c * kUnits);
  gp->quick = store->recs.data();
  gp->quick_ops = store->ops.data();
  gp->quick_chunks = store->chunks.data();
  gp->quick_sets = store->sets[0].data();
}

}  // namespace gcn
