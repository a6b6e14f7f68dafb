// Builds the decode plans of a generation (decode_plan_types.h) from the
// isa/ tables: what each field of each row may hold for the full path to
// keep the word unchanged. Operand codes are judged by the legality rules
// the full path applies (scalarCodeFate, vectorTupleFits, vectorFileRule,
// ...), SDWA's fields by asking canonicalizeVopExt, the VOP3/VOP3P
// modifier bits by asking canonicalizeVop and the memory fields that alone
// decide their fate by asking canonicalizeMemory/canonicalizeScalar (bit by
// bit), and the implications between memory fields by asking the address
// rules (memoryVaddrPresent, memoryVdstPresent). SMRD/SMEM addressing
// fields are asked of canonicalizeScalar value by value on the Inst each
// plan variant stands for (smemAddressField). Which variants exist, and the
// fields they pin, are stated here (variantApplies, kSmemVariant,
// scratchVariantInst, memField); the field sweep of decode_plan_test holds
// every plan to the full path.
#include <algorithm>
#include <cstddef>
#include <array>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "decoder/canon.h"
#include "decoder/chunk_fill.h"
#include "decoder/decode_plan_types.h"
#include "decoder/decode_quick.h"
#include "decoder/row_info.h"
#include "isa/index.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "isa/target.h"

namespace gcn {

namespace {

using Set512 = std::array<uint64_t, 8>;

// Immediates the canonicalisers never change, and waitcnt, whose ignored
// bits the plans check themselves (must_mask).
bool isFreeImm(OpType t) { return isFreeImmediate(t) || t == OpType::waitcnt; }
bool isSrcField(Fld f) { return f == Fld::SRC0 || f == Fld::SRC1 || f == Fld::SRC2; }
// DS and VINTRP register fields: a VGPR index 0..255.
bool isVgprIndexField(Fld f) {
  return f == Fld::ADDR || f == Fld::DATA0 || f == Fld::DATA1 || f == Fld::VDST ||
         f == Fld::VSRC;  // VINTRP's
}

// Whether checkOperands keeps scalar code c of operand op as it is
// (scalarCodeFate). Misaligned ranges, which it aligns, count as refused
// here; fieldSet asks for their aligned code where the plan aligns.
bool scalarKept(Gen g, const OperandSpec& op, int c) {
  return scalarCodeFate(g, op, c) == ScalarCodeFate::KEPT;
}

// Whether the full path keeps operand `op` (of a row of the plan's family)
// unchanged when its field holds `code`: 1 yes, 0 no, -1 the plan cannot
// judge this operand type.
int keeps(Gen g, bool vop, const OperandSpec& op, Fld f, int code) {
  const OpType t = op.type;
  const int dw = typeDwords(t);
  // The interp attribute and parameter: every value prints in the VINTRP
  // encoding (invalid_param_N included). In VOP3 the parameter (SRC1)
  // rejects the literal and lds_direct codes as any VOP3 source does, and
  // the attribute (SRC0) takes bit 8 (`high`) only on F_INTERP_HIGH rows
  // (fieldSet widens it).
  if (t == OpType::interpparam) return !vop || (code != opc::kLiteral && code != opc::kLdsDirect);
  if (t == OpType::interpattr) return !vop || code < 256;
  if (isFreeImm(t)) return 1;
  if (isScalarRegType(t)) {
    if (code >= 256) return 0;
    if (vop && !vopScalarCodeOk(op, code)) return 0;
    return scalarKept(g, op, code);
  }
  if (isVectorRegType(t)) {
    int v;
    if (isSrcField(f) && vop) {
      if (code < opc::kVgpr0) return 0;  // vgprOnlyBad
      v = code - opc::kVgpr0;
    } else if (f == Fld::VDST || (!vop && isVgprIndexField(f))) {
      v = code;
    } else {
      return -1;
    }
    return vectorTupleFits(v, dw);  // vgprRangeBad, canonDs's vgprFits
  }
  if (!vop) return isSourceType(t) && code < 256 ? -2 : -1;  // scalar sources: below
  if (!isSourceType(t)) return -1;
  if (code >= opc::kVgpr0) return vectorTupleFits(code - opc::kVgpr0, dw);
  return -2;
}

// A source-type code below 256 (SOP ssrc, VOP src): constants and scalar
// registers as checkOperands rules them. The literal (255: the literal
// twins) and lds_direct (254: ldsDirectOk depends on the form) take the
// full path.
bool srcCodeKept(Gen g, const OperandSpec& op, int code) {
  return code != opc::kLiteral && code != opc::kLdsDirect && scalarKept(g, op, code);
}

// checkOperands' alignment: the range size a multi-dword scalar operand
// is aligned to (2 or 4), 1 for operands it leaves alone.
int alignOf(const OperandSpec& op) {
  return scalarCodeRuled(op) ? scalarTupleAlign(typeDwords(op.type)) : 1;
}
// Whether a plan with the alignment fix-up keeps code c: whether `kept`
// (the rule for aligned codes) keeps the code checkOperands makes of it.
template <class Kept>
bool keptAligned(Gen g, int a, int c, Kept kept) {
  return kept(alignedScalarCode(g, c, a));
}

// The Target::features bits Target::has wants for row d.
uint32_t featOf(const InstDesc& d) { return featuresRequired(d); }

struct Builder {
  Gen g;
  const GenIndex& gi;
  std::deque<Set512> sets;
  std::map<Set512, const uint64_t*> set_index;
  // (shift, add, width, vop, fld, operand types/roles) -> set (nullptr:
  // every value kept) or failure.
  using Key = std::tuple<uint8_t, uint16_t, uint8_t, bool, uint8_t, std::vector<uint16_t>>;
  std::map<Key, std::pair<bool, const uint64_t*>> memo;
  std::deque<std::vector<EncIndex::LinOp>> lins;  // plans point into these
  std::deque<ExtPlan> exts;
  std::deque<std::vector<FastOp>> fops;
  std::deque<std::vector<FieldOp>> frests;
  std::map<const uint64_t*, uint16_t> set_ids;  // sets[i] -> i
  // Which plan of a row is built: 0 the main one; 1 to 5 the twins tried
  // when it fails (DecodePlan::other), see variantApplies.
  static constexpr int kVariants = 5;
  int variant = 0;
  // The row being built is an F_INTERP_HIGH one (its attribute takes bit 8).
  bool interp_high = false;
  // The row being built is v_readlane/v_writelane's VOP3 form: its lane
  // select (src1) and writelane's data (src0) take no VGPR, literal or
  // lds_direct (canonicalizeVop).
  bool lane_ops = false;
  // The row being built, for the legality rules fieldSet asks of a source
  // value (vectorFileRule: F_SRC_NO_SGPR rows); its other sources VGPRs.
  // probe_key: the row when such a rule may apply (its sets are its own),
  // else -1.
  Inst probe;
  int probe_key = -1;
  // memProbe's answers: a row's plan variants ask the same fields again.
  std::map<std::tuple<const InstDesc*, const EncIndex*, Fld, uint8_t, uint64_t>, int> probe_memo;
  // memBase's Inst for the row mem_base_row (null: none yet).
  const InstDesc* mem_base_row = nullptr;
  bool mem_base_ok = false;
  Inst mem_base;
  // Set by memField: the field's op keeps only these bits (SMEM OFFSET).
  uint64_t narrow = 0;
  // Set by memField: the field's bits go to this field of the Inst (GFX9
  // SMEM's SOFFSET when SOE = 1 and IMM = 0).
  Fld retarget = Fld::kCount;
  // checkOperands' alignment of a field's value (misaligned SGPR/TTMP
  // ranges aligned down), as a fix-up after the fill: DecodePlan::aligns.
  // The field's accepted set then takes the misaligned codes too. Only
  // plain codes below 512 (no add) and kMaxAligns fields per plan.
  int alignFor(const DecodePlan& p, const EncIndex::LinOp& s, int a) const {
    if (a <= 1 || s.add || (s.mask << s.shift) >= 512) return 1;
    return p.naligns < DecodePlan::kMaxAligns ? a : 1;
  }
  void addAlign(DecodePlan* p, Fld f, int a) {
    if (a > 1) p->aligns[p->naligns++] = AlignFix{f, uint8_t(a == 4 ? 2 : 1)};
  }

  // Variant 1: SMRD/SMEM with an SGPR offset (IMM = 0); MUBUF/MTBUF
  // without an address (vaddr ignored); FLAT atomics without glc (vdst
  // ignored). Variant 2: GFX9 SMEM with SOE = 1 and an immediate offset;
  // variant 3: GFX9 SMEM with SOE = 1 and IMM = 0 (the SGPR in SOFFSET).
  // Variants 4 and 5: a literal source (literalField).
  bool variantApplies(const InstDesc& d) const {
    const RowInfo& ri = rowInfo(d);
    if (variant == 0) return true;
    if (variant >= 4) return !(d.flags & F_LITERAL_K);
    const bool smem = d.enc == Enc::SMEM || d.enc == Enc::SMRD;
    if (variant >= 2)
      return d.enc == Enc::SMEM && g >= Gen::GFX9 && rowHas(ri, Role::offset);
    if (smem) return rowHas(ri, Role::offset);
    if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) return rowHas(ri, Role::vaddr);
    if (d.enc == Enc::FLAT)
      return (d.flags & F_SCRATCH) || (vdstNeedsGlc(d) && rowHas(ri, Role::vdst));
    return false;
  }

  // An Inst of row d (its native form) with every field 0: what the
  // builder asks the isa/ rules and the canonicalisers about.
  Inst rowInst(const InstDesc& d) const {
    Inst x;
    x.id = uint16_t(&d - instsBegin());
    x.gen = g;
    x.enc = d.enc;
    return x;
  }

  // Whether row d's vdst exists only with GLC set (memoryVdstPresent: the
  // returning FLAT atomics).
  bool vdstNeedsGlc(const InstDesc& d) const { return !memoryVdstPresent(rowInst(d)); }

  // Whether setting field f alone makes row d read a VADDR it otherwise
  // ignores (memoryVaddrPresent: MUBUF's offen, idxen and GFX6/7's addr64).
  bool enablesVaddr(const InstDesc& d, Fld f) const {
    if (!isStoredFld(f)) return false;
    Inst x = rowInst(d);
    if (memoryVaddrPresent(x)) return false;
    x[f] = 1;
    return memoryVaddrPresent(x);
  }

  // The field whose code 255 the literal twin (variant 4, 5) reads in
  // encoding e: src0 of the e32 forms, ssrc0 (4) or ssrc1 (5) of SOP1,
  // SOP2, SOPC; kCount for the other variants and encodings.
  Fld literalField(Enc e) const {
    const bool sop = e == Enc::SOP1 || e == Enc::SOP2 || e == Enc::SOPC;
    if (variant == 4 && (sop || e == Enc::VOP1 || e == Enc::VOP2 || e == Enc::VOPC))
      return sop ? Fld::SSRC0 : Fld::SRC0;
    if (variant == 5 && (e == Enc::SOP2 || e == Enc::SOPC)) return Fld::SSRC1;
    return Fld::kCount;
  }

  PlanCheck check(uint8_t lo, int width, const uint64_t* set) const {
    return PlanCheck{lo, uint16_t((1u << width) - 1), uint32_t(set_ids.at(set)) * 8};
  }

  // The fast path's program for a plan whose bits `fixed` are known to
  // hold `value`: fields those bits make constant are computed here once
  // (into proto's first 16 bytes, or constant ops when non-zero beyond
  // them); the others become FastOps. Upper parts fixed at zero are dropped.
  void compile(const EncIndex::LinOp* lin, int nlin, const FieldOp* rest, int nrest,
               uint64_t fixed, uint64_t value, Inst* proto, std::vector<FastOp>* ops_out,
               const FieldOp** rest_out, uint8_t* nrest_out) {
    bool seen[kNumFlds] = {}, dup = false;
    for (int k = 0; k < nlin; ++k) {
      dup = dup || seen[size_t(lin[k].fld)];
      seen[size_t(lin[k].fld)] = true;
    }
    std::vector<FastOp> ops, consts;
    const char* base = reinterpret_cast<const char*>(proto);
    for (int k = 0; k < nlin; ++k) {
      const EncIndex::LinOp& s = lin[k];
      if (!dup && !((s.mask << s.lo) & ~fixed)) {
        int32_t v = int32_t((((value >> s.lo) & s.mask) << s.shift) + s.add);
        proto->f[size_t(s.fld)] = v;
        if (v && reinterpret_cast<const char*>(&proto->f[size_t(s.fld)]) - base >= 16)
          consts.push_back(FastOp{0, 0, s.fld, 0, v});
        continue;
      }
      ops.push_back(FastOp{s.lo, uint8_t(__builtin_popcountll(s.mask)), s.fld, s.shift, s.add});
    }
    std::vector<FieldOp> kept;
    for (int k = 0; k < nrest; ++k) {
      const FieldOp& r = rest[k];
      if (r.xform == Xform::HI && !((r.mask << r.lo) & ~fixed) && !((value >> r.lo) & r.mask))
        continue;
      kept.push_back(r);
    }
    // Constants first: a later op of the same field (dup) overrides them.
    *ops_out = consts;
    ops_out->insert(ops_out->end(), ops.begin(), ops.end());
    frests.push_back(std::move(kept));
    *rest_out = frests.back().data();
    *nrest_out = uint8_t(frests.back().size());
  }

  static Inst protoInst(int id, Gen g, Enc enc, Form form, int size) {
    Inst proto;
    std::memset(static_cast<void*>(&proto), 0, sizeof proto);
    proto.id = uint16_t(id);
    proto.gen = g;
    proto.enc = enc;
    proto.form = form;
    proto.size = uint8_t(size);
    return proto;
  }

  bool finishFast(const EncIndex& ei0, int op, DecodePlan* p) {
    const uint64_t op_mask = ((1ull << ei0.op_width) - 1) << ei0.op_lo;
    const uint64_t fixed = p->must_mask | op_mask;
    const uint64_t value = (p->must_value & ~op_mask) | (uint64_t(op) << ei0.op_lo);
    Inst proto = protoInst(p->id, g, p->enc, p->form, p->size);
    proto.has_literal = p->lit;
    std::vector<FastOp> ops;
    compile(p->lin, p->nlin, p->rest, p->nrest, fixed, value, &proto, &ops, &p->frest,
            &p->nfrest);
    if (ops.size() > size_t(DecodePlan::kMaxOps)) return false;
    std::copy(ops.begin(), ops.end(), p->ops);
    p->nops = uint8_t(ops.size());
    std::memcpy(p->head, &proto, sizeof p->head);
    return true;
  }

  // Whether the values of `ev` accepted by `ok` are exactly those whose
  // word bits *zero_bits are clear.
  static bool asZeroMask(const FieldEval& ev, const uint64_t* ok, uint64_t* zero_bits) {
    if (ev.shift || ev.add || ev.s_lo != 0xff) return false;
    // The word bit behind each value bit.
    std::vector<std::pair<int, int>> bits;  // (word bit, value bit)
    auto addRun = [&](uint32_t mask, int lo, int vlo) {
      if (mask & (mask + 1)) return false;  // not a low run of ones
      for (int i = 0; (mask >> i) & 1; ++i) bits.emplace_back(lo + i, vlo + i);
      return true;
    };
    if (!addRun(ev.mask, ev.lo, 0)) return false;
    if (ev.hi_lo != 0xff && !addRun(ev.hi_mask, ev.hi_lo, ev.hi_shift)) return false;
    const int n = int(bits.size());
    if (n > 12) return false;
    // Value bits 0..n1 come from c's low n1 bits, the HI run's from the
    // rest (bits is the low run, then the HI run): two shifts per value,
    // not a loop over the bits (this runs 2^n times per check).
    int n1 = 0;
    while (n1 < n && bits[size_t(n1)].second == n1) ++n1;
    const uint32_t lo_mask = (1u << n1) - 1;
    const int hi_shift = n1 < n ? bits[size_t(n1)].second : 0;
    for (int i = n1; i < n; ++i)
      if (bits[size_t(i)].second != hi_shift + (i - n1)) return false;
    auto value = [&](uint32_t c) { return (c & lo_mask) | ((c >> n1) << hi_shift); };
    auto accepted = [&](uint32_t c) {
      uint32_t v = value(c);
      return v < 512 && ((ok[v >> 6] >> (v & 63)) & 1);
    };
    uint32_t seen = 0;
    for (uint32_t c = 0; c < (1u << n); ++c)
      if (accepted(c)) seen |= c;
    const uint32_t zero = ~seen & ((1u << n) - 1);
    for (uint32_t c = 0; c < (1u << n); ++c)
      if (accepted(c) != !(c & zero)) return false;
    *zero_bits = 0;
    for (int i = 0; i < n; ++i)
      if ((zero >> i) & 1) *zero_bits |= 1ull << bits[size_t(i)].first;
    return true;
  }

  // Field f's value after lin then rest (applyOps), as a FieldEval; false
  // when it is not of that shape.
  static bool makeEval(const std::vector<EncIndex::LinOp>& lin, const FieldOp* rest, int nrest,
                       Fld f, FieldEval* ev) {
    *ev = FieldEval{};
    for (const EncIndex::LinOp& s : lin)
      if (s.fld == f) {
        if (s.mask > 0xffffffffull) return false;
        ev->mask = uint32_t(s.mask);
        ev->lo = s.lo;
        ev->shift = s.shift;
        ev->add = s.add;
      }
    for (int k = 0; k < nrest; ++k) {
      const FieldOp& r = rest[k];
      const bool s_op = (r.xform == Xform::S0 && f == Fld::SRC0) ||
                        (r.xform == Xform::S1 && f == Fld::SRC1);
      if (s_op) {
        if (ev->s_lo != 0xff || ev->hi_lo != 0xff || r.mask != 1) return false;
        ev->s_lo = r.lo;
        continue;
      }
      if (r.xform == Xform::S0 || r.xform == Xform::S1 || r.fld != f) continue;
      if (r.xform != Xform::HI || ev->hi_lo != 0xff || ev->s_lo != 0xff) return false;
      ev->hi_lo = r.lo;
      ev->hi_shift = r.shift;
      ev->hi_mask = uint32_t(r.mask);
    }
    return true;
  }


  const uint64_t* intern(const Set512& s) {
    auto it = set_index.find(s);
    if (it != set_index.end()) return it->second;
    sets.push_back(s);
    const uint64_t* p = sets.back().data();
    set_index.emplace(s, p);
    set_ids.emplace(p, uint16_t(sets.size() - 1));
    return p;
  }

  // The accepted raw values of one field read by operands `ops`.
  std::pair<bool, const uint64_t*> fieldSet(const EncIndex::LinOp& s, int width, bool vop,
                                            const std::vector<const OperandSpec*>& ops,
                                            int align = 1) {
    std::vector<uint16_t> sig;
    for (const OperandSpec* op : ops) sig.push_back(uint16_t(int(op->type) << 8 | int(op->role)));
    sig.push_back(uint16_t(align));
    sig.push_back(uint16_t(interp_high));
    sig.push_back(uint16_t(lane_ops));
    sig.push_back(uint16_t(probe_key));
    Key key{s.shift, s.add, uint8_t(width), vop, uint8_t(s.fld), sig};
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    std::pair<bool, const uint64_t*> res{true, nullptr};
    Set512 set{};
    bool all = true;
    for (int raw = 0; raw < (1 << width) && res.first; ++raw) {
      int code = int((uint64_t(raw) << s.shift) + s.add);
      bool ok = true;
      for (const OperandSpec* op : ops) {
        auto kept = [&](int c) {
          int k = keeps(g, vop, *op, s.fld, c);
          if (k == -2) k = srcCodeKept(g, *op, c);
          return k;
        };
        int k = kept(code);
        if (vop && interp_high && op->type == OpType::interpattr && code < 512) k = 1;
        if (lane_ops && (op->role == Role::src0 || op->role == Role::src1) && isSourceType(op->type) &&
            laneOperandCodeBad(code))
          k = 0;
        if (k == 1 && probe_key >= 0 && sourceIndex(op->role) >= 0) {
          Inst x = probe;
          x[s.fld] = code;
          if (!vectorFileRule(x).empty()) k = 0;
        }
        if (k < 0) {
          res.first = false;
          break;
        }
        if (align > 1) k = keptAligned(g, align, code, [&](int c) { return kept(c) == 1; });
        ok = ok && k;
      }
      if (ok) set[size_t(raw) >> 6] |= 1ull << (raw & 63);
      all = all && ok;
    }
    if (res.first && !all) res.second = intern(set);
    memo.emplace(key, res);
    return res;
  }

  // Sets are memoised by a key naming the predicate and its argument: plan
  // building runs on first use of a generation and must stay cheap.
  std::map<std::vector<int>, const uint64_t*> set_memo;
  template <class Keep>
  const uint64_t* setOf(std::vector<int> key, Keep keep) {
    auto it = set_memo.find(key);
    if (it != set_memo.end()) return it->second;
    Set512 set{};
    for (int v = 0; v < 512; ++v)
      if (keep(v)) set[size_t(v) >> 6] |= 1ull << (v & 63);
    const uint64_t* p = intern(set);
    set_memo.emplace(std::move(key), p);
    return p;
  }

  // DROP: the full path clears the field whatever it holds; the plan does
  // not read it (the Inst keeps 0).
  enum class Act { FREE, ZERO, SET, FAIL, GENERIC, DROP };

  // The full path's canonicaliser for memory row d.
  static bool canonMemory(const InstDesc& d, Inst* x, bool* clean) {
    return d.enc == Enc::SMRD || d.enc == Enc::SMEM ? canonicalizeScalar(x, d, clean)
                                                    : canonicalizeMemory(x, d, clean);
  }

  // An Inst of memory row d with every field 0 but its selector bits (the
  // LDS forms), when the full path keeps it as it is: memProbe's base.
  const Inst* memBase(const InstDesc& d) {
    if (mem_base_row != &d) {
      mem_base_row = &d;
      mem_base = rowInst(d);
      if (layoutHasField(g, d.enc, Fld::LDS)) mem_base[Fld::LDS] = std::max(0, selectorValue(d, Fld::LDS));
      Inst x = mem_base;
      bool clean = true;
      mem_base_ok = canonMemory(d, &x, &clean) && x == mem_base;
    }
    return mem_base_ok ? &mem_base : nullptr;
  }

  // What the full path does with memory field s.fld of row d, asked of its
  // canonicaliser value by value on memBase: FREE when it keeps every
  // value, DROP when it clears every one, ZERO when it refuses every one
  // but 0; FAIL (the full path decides) for any other answer, or when a
  // value changes another field. Asked for each bit alone and all of them
  // (every value made plan building 10 % of a one-word disassembly's run
  // time); decode_plan_test's field sweep holds every value to the full
  // path.
  Act memProbe(const InstDesc& d, const EncIndex& ei, const EncIndex::LinOp& s) {
    const auto key = std::make_tuple(&d, &ei, s.fld, s.lo, uint64_t(s.mask));
    if (auto it = probe_memo.find(key); it != probe_memo.end()) return Act(it->second);
    const Act a = probeField(d, ei, s);
    probe_memo.emplace(key, int(a));
    return a;
  }
  Act probeField(const InstDesc& d, const EncIndex& ei, const EncIndex::LinOp& s) {
    const Inst* base = memBase(d);
    if (!base || !isStoredFld(s.fld)) return Act::FAIL;
    // The op must be the whole field, read as it is or scaled (a register
    // pair or quad index).
    int slots = 0;
    for (const FieldSlot& fs : ei.fields)
      if (fs.fld == s.fld &&
          (++slots > 1 || fs.lo != s.lo || s.mask != (1ull << fs.width) - 1 ||
           !(fs.xform == Xform::NONE || fs.xform == Xform::X2 || fs.xform == Xform::X4)))
        return Act::FAIL;
    if (slots != 1) return Act::FAIL;
    const Fld f = s.fld;
    bool kept = true, dropped = true, refused = true;
    auto ask = [&](uint64_t raw) {
      const int v = int((raw << s.shift) + s.add);
      Inst x = *base;
      x[f] = v;
      bool clean = true;
      const bool ok = canonMemory(d, &x, &clean);
      const int got = ok ? x[f] : -1;
      x[f] = (*base)[f];
      if (ok && x != *base) kept = dropped = refused = false;
      kept = kept && got == v;
      dropped = dropped && got == 0;
      refused = refused && got < 0;
    };
    for (uint64_t b = 1; b <= s.mask; b <<= 1) ask(b);
    ask(s.mask);
    return kept ? Act::FREE : dropped ? Act::DROP : refused ? Act::ZERO : Act::FAIL;
  }

  // A memory field no case of memField states: an operand's (GENERIC, its
  // codes judged as any operand's), else asked of the canonicaliser.
  Act memPlain(const InstDesc& d, const EncIndex& ei, const EncIndex::LinOp& s) {
    const Inst x = rowInst(d);
    for (int i = 0; i < d.num_operands; ++i)
      if (operandField(x, d.operand[i]) == s.fld) return Act::GENERIC;
    return memProbe(d, ei, s);
  }

  // The addressing each plan variant of a SCRATCH row stands for: 0 a VGPR
  // address (saddr off; GFX940's SVE set), 1 an SGPR address (on GFX940
  // also saddr off, the "off, off" form, whose SVE is clear as well).
  Inst scratchVariantInst(const InstDesc& d) const {
    Inst x = rowInst(d);
    x[Fld::SADDR] = variant == 0 ? kSaddrOff : 0;
    if (layoutHasField(g, Enc::FLAT, Fld::SVE)) x[Fld::SVE] = variant == 0;
    return x;
  }

  // The addressing each plan variant of an SMRD/SMEM row with an offset
  // stands for, as the IMM and SOE it pins: 0 an immediate offset, 1 an
  // SGPR in OFFSET, 2 (GFX9) an immediate plus an SGPR in SOFFSET, 3 (GFX9)
  // SOE with IMM = 0.
  static constexpr struct { int8_t imm, soe; } kSmemVariant[4] = {{1, 0}, {0, 0}, {1, 1}, {0, 1}};

  // What canonicalizeScalar does with value v of field f on an Inst `on`
  // it takes to `canon_on`: keeps `expect` of it (MOVE to f), moves that to
  // another field (MOVE to that field; the SGPR of SOE = 1, IMM = 0 goes
  // to OFFSET), clears it (DROPPED), refuses the Inst (REFUSED; also when
  // the word would carry a literal dword, which no plan reads), or anything
  // else.
  enum class Fate { MOVE, DROPPED, REFUSED, OTHER };
  Fate scalarFate(const InstDesc& d, const Inst& on, const Inst& canon_on, Fld f, int v, int expect,
                  Fld* to) const {
    Inst x = on;
    x[f] = v;
    bool clean = true;
    if (!canonicalizeScalar(&x, d, &clean) || literalFollows(x, d)) return Fate::REFUSED;
    Fld changed = Fld::kCount;
    for (int i = 0; i < kNumStoredFlds; ++i) {
      const Fld h = Fld(i);
      if (x[h] == canon_on[h]) continue;
      if (changed != Fld::kCount || x[h] != expect) return Fate::OTHER;
      changed = h;
    }
    Inst y = canon_on;
    if (changed != Fld::kCount) y[changed] = expect;
    if (!(y == x)) return Fate::OTHER;
    if (changed == Fld::kCount) return Fate::DROPPED;
    *to = changed;
    return Fate::MOVE;
  }

  // An addressing field (IMM, SOE, OFFSET, SOFFSET) of SMRD/SMEM row d
  // under this variant: for a row with an offset, IMM and SOE as the
  // variant pins them (must be 1, or ZERO); every other field, and all of
  // them for a row without an offset, asked of canonicalizeScalar on the
  // variant's Inst. Bits it clears are not extracted (narrow) when the
  // kept ones are a low run; the kept values form a set when some are
  // refused; a value it moves is extracted into the field it lands in
  // (retarget).
  Act smemAddressField(const InstDesc& d, const EncIndex::LinOp& s, DecodePlan* p,
                       const uint64_t** set) {
    const Fld f = s.fld;
    const uint64_t mask = s.mask << s.lo;
    if (variant >= 4) return Act::FAIL;
    // Rows without an offset have one variant, nothing pinned.
    const bool pins = rowHas(rowInfo(d), Role::offset);
    Inst on = rowInst(d);
    if (pins) {
      on[Fld::IMM] = kSmemVariant[variant].imm;
      if (layoutHasField(g, d.enc, Fld::SOE)) on[Fld::SOE] = kSmemVariant[variant].soe;
      else if (kSmemVariant[variant].soe) return Act::FAIL;
    } else if (variant) {
      return Act::FAIL;
    }
    Inst canon_on = on;
    bool clean = true;
    if (!canonicalizeScalar(&canon_on, d, &clean)) return Act::FAIL;
    if (pins && (f == Fld::IMM || f == Fld::SOE)) {
      if (!on[f]) return Act::ZERO;
      p->must_mask |= mask;
      p->must_value |= mask;
      return canon_on[f] ? Act::FREE : Act::DROP;
    }
    if (s.shift || s.add) return Act::FAIL;
    // Bit by bit: the bits it clears, and the kept ones, a low run.
    uint64_t kept = 0, cleared = 0;
    Fld to = Fld::kCount;
    bool any_refused = false, all_refused = true;
    for (int b = 0; b < 64 && (s.mask >> b); ++b) {
      if (!((s.mask >> b) & 1)) return Act::FAIL;
      Fld t = Fld::kCount;
      switch (scalarFate(d, on, canon_on, f, 1 << b, 1 << b, &t)) {
        case Fate::DROPPED: cleared |= 1ull << b; all_refused = false; break;
        case Fate::REFUSED: kept |= 1ull << b; any_refused = true; break;
        case Fate::MOVE:
          if (to != Fld::kCount && to != t) return Act::FAIL;
          to = t;
          kept |= 1ull << b;
          all_refused = false;
          break;
        case Fate::OTHER: return Act::FAIL;
      }
    }
    if (!kept) return Act::DROP;
    if (all_refused && !cleared) return Act::ZERO;
    const int w = __builtin_popcountll(kept);
    if (kept != (1ull << w) - 1) return Act::FAIL;
    if (w > 9) {
      // Too wide to list: free only if every bit and all of them are kept.
      if (cleared || any_refused || to != f) return Act::FAIL;
      Fld t = Fld::kCount;
      return scalarFate(d, on, canon_on, f, int(kept), int(kept), &t) == Fate::MOVE && t == f
                 ? Act::FREE
                 : Act::FAIL;
    }
    // Every value of the kept bits, also with the cleared bits set.
    bool all = true;
    for (int v = 1; v < (1 << w); ++v)
      for (const uint64_t extra : {uint64_t(0), cleared}) {
        Fld t = Fld::kCount;
        const Fate fate = scalarFate(d, on, canon_on, f, int(v | extra), v, &t);
        if (fate == Fate::OTHER || fate == Fate::DROPPED) return Act::FAIL;
        if (fate == Fate::REFUSED) all = false;
        if (fate == Fate::MOVE && to == Fld::kCount) to = t;
        if (fate == Fate::MOVE && t != to) return Act::FAIL;
      }
    if (to == Fld::kCount) return Act::FAIL;
    if (to != f) retarget = to;
    const uint64_t* accepted =
        all ? nullptr
            : setOf({202, int(g), int(&d - instsBegin()), variant, int(f), w}, [&](int v) {
                Fld t = Fld::kCount;
                return v == 0 ||
                       (v < (1 << w) && scalarFate(d, on, canon_on, f, v, v, &t) == Fate::MOVE && t == to);
              });
    if (!cleared) {
      if (!accepted) return Act::FREE;
      *set = accepted;
      return Act::SET;
    }
    // The full path keeps only the kept bits: they alone are extracted,
    // checked in the word.
    if (p->nchecks == DecodePlan::kMaxChecks && accepted) return Act::FAIL;
    narrow = kept;
    if (accepted) p->checks[p->nchecks++] = check(s.lo, w, accepted);
    return Act::FREE;
  }

  // Memory and scalar-memory fields (canon_memory.cc, canonicalizeScalar):
  // the values the full path keeps. A field that alone decides its fate is
  // asked of the canonicaliser (memProbe), SMRD/SMEM addressing on each
  // variant's Inst (smemAddressField), the implications between fields of
  // the address rules (enablesVaddr, vdstNeedsGlc), operand codes of the
  // legality functions; which fields each variant pins is stated here.
  // `mask` is the field's bits in the word; implications go to *p.
  Act memField(const InstDesc& d, const EncIndex& ei, const EncIndex::LinOp& s, DecodePlan* p,
               const uint64_t** set) {
    const RowInfo& ri = rowInfo(d);
    const Fld f = s.fld;
    const uint64_t mask = s.mask << s.lo;
    auto slotMask = [&](Fld x) {
      uint64_t m = 0;
      for (const FieldSlot& fs : ei.fields)
        if (fs.fld == x) m |= ((1ull << fs.width) - 1) << fs.lo;
      return m;
    };
    auto opOf = [&](Role r) -> const OperandSpec* {
      for (int i = 0; i < d.num_operands; ++i)
        if (d.operand[i].role == r) return &d.operand[i];
      return nullptr;
    };
    auto vgprSet = [&](int dw) {
      return setOf({100, int(s.shift), int(s.add), dw}, [dw](int v) { return vectorTupleFits(v, dw); });
    };
    auto codeSet = [&](int tag, auto pred) {
      int shift = s.shift, add = s.add, width = __builtin_popcountll(s.mask);
      return setOf({tag, int(g), shift, add, width}, [&](int raw) {
        return raw < (1 << width) && pred(int((uint64_t(raw) << shift) + add));
      });
    };
    // GFX90A on: the ACC bit only where the row's data operands may be
    // AGPRs (vectorFileRule).
    if (f == Fld::ACC) return (accBitsAllowed(d, g) & 1) ? Act::FREE : Act::ZERO;
    switch (d.enc) {
      case Enc::SMRD: case Enc::SMEM:
        switch (f) {
          case Fld::IMM: case Fld::OFFSET: case Fld::SOE: case Fld::SOFFSET:
            return smemAddressField(d, s, p, set);
          case Fld::SDATA: {
            const OperandSpec* op = opOf(Role::sdata);
            if (!op) return memProbe(d, ei, s);
            if (isFreeImm(op->type)) return Act::FREE;  // s_atc_probe's probe bits
            if (!isScalarRegType(op->type)) return Act::FAIL;
            const int dw = typeDwords(op->type);
            // SReg_*_XM0_XEXEC (SMEM_SDATA_M0_EXEC).
            auto kept = [&](int c) {
              return scalarKept(g, *op, c) && c != opc::kM0 && c != opc::kExecLo &&
                     c != opc::kExecHi;
            };
            const int a = alignFor(*p, s, alignOf(*op));
            if (a > 1) {
              *set = codeSet(301 + dw, [&](int c) { return keptAligned(g, a, c, kept); });
              addAlign(p, f, a);
            } else {
              *set = codeSet(101 + dw, kept);
            }
            return Act::SET;
          }
          default: return memPlain(d, ei, s);
        }
      case Enc::MUBUF: case Enc::MTBUF: {
        if (d.num_operands == 0) return memProbe(d, ei, s);  // buffer_wbinvl1*: no operand
        // No address (offen, idxen, addr64 clear), vaddr ignored: variant 1
        // of a row with vaddr, and the rows without (buffer_store_lds_dword).
        const bool no_addr = variant == 1 || !opOf(Role::vaddr);
        if (enablesVaddr(d, f)) return no_addr ? Act::ZERO : Act::FREE;
        switch (f) {
          case Fld::VADDR: {
            if (no_addr) return Act::DROP;
            // Ignored (cleared) unless a field that enables it is set.
            p->imp_if = mask;
            p->imp_then = 0;
            for (const FieldSlot& fs : ei.fields)
              if (enablesVaddr(d, fs.fld)) p->imp_then |= slotMask(fs.fld);
            *set = vgprSet(2);
            return Act::SET;
          }
          case Fld::VDATA: {
            const OperandSpec* op = opOf(Role::vdata);
            if (!op) op = opOf(Role::vdst);
            if (!op) return memProbe(d, ei, s);
            *set = vgprSet(typeDwords(op->type) + 1);  // + tfe
            return Act::SET;
          }
          case Fld::SRSRC:
            *set = codeSet(110, [&](int c) { return memorySregTupleValid(g, c, 4); });
            return Act::SET;
          case Fld::SOFFSET:
            *set = codeSet(111, [&](int c) { return memorySoffsetValid(g, c); });
            return Act::SET;
          default: return memPlain(d, ei, s);
        }
      }
      case Enc::FLAT:
        switch (f) {
          // Variant 1 of a returning atomic: glc clear, vdst ignored.
          case Fld::GLC: return variant == 1 && vdstNeedsGlc(d) ? Act::ZERO : memProbe(d, ei, s);
          // SCRATCH: the variant's SVE and saddr (scratchVariantInst).
          case Fld::SVE:
            if (!(d.flags & F_SCRATCH)) return memProbe(d, ei, s);
            if (!scratchVariantInst(d)[Fld::SVE]) return Act::ZERO;
            p->must_mask |= mask;
            p->must_value |= mask;
            return Act::FREE;
          case Fld::SADDR:
            if (d.flags & F_SCRATCH) {
              if (variant == 0) {
                p->must_mask |= mask;
                p->must_value |= uint64_t(scratchVariantInst(d)[Fld::SADDR]) << s.lo;
                return Act::FREE;
              }
              // GFX940 (SVE clear: vaddr ignored) also takes saddr off,
              // the "off, off" form.
              const bool sve = layoutHasField(g, Enc::FLAT, Fld::SVE);
              *set = codeSet(121, [&](int c) { return c == kSaddrOff ? sve : scratchSaddrValid(g, c); });
              return Act::SET;
            }
            if (!(d.flags & F_GLOBAL)) return memProbe(d, ei, s);
            // An odd SGPR/TTMP pair is aligned down (FLAT_GLOBAL_SADDR_ODD),
            // as checkOperands aligns: the same fix-up.
            if (alignFor(*p, s, 2) == 2 && g >= Gen::GFX9) {
              addAlign(p, f, 2);
              *set = codeSet(122, [&](int c) { return c == kSaddrOff || globalSaddrCode(g, c) >= 0; });
              return Act::SET;
            }
            *set = codeSet(120, [&](int c) { return c == kSaddrOff || globalSaddrCode(g, c) == c; });
            return Act::SET;
          case Fld::VADDR:
            if ((d.flags & F_SCRATCH) && !memoryVaddrPresent(scratchVariantInst(d))) return Act::DROP;
            *set = vgprSet((d.flags & F_SCRATCH) ? 1 : 2);
            return Act::SET;
          case Fld::VDATA: case Fld::VDST: {
            const OperandSpec* op = opOf(f == Fld::VDST ? Role::vdst : Role::vdata);
            if (!op) return memProbe(d, ei, s);
            if (f == Fld::VDST && vdstNeedsGlc(d) && variant == 1) return Act::DROP;
            if (f == Fld::VDST && vdstNeedsGlc(d)) {
              // No glc: no return value, vdst cleared.
              p->imp_if = mask;
              p->imp_then = slotMask(Fld::GLC);
            }
            *set = vgprSet(typeDwords(op->type));
            return Act::SET;
          }
          default: return memPlain(d, ei, s);
        }
      case Enc::MIMG:
        switch (f) {
          case Fld::VDATA: {
            const OperandSpec* op = opOf(Role::vdata);
            if (!op) op = opOf(Role::vdst);
            if (!op) return memProbe(d, ei, s);
            // The data width follows dmask, tfe and d16: at most 4 + 1.
            *set = vgprSet(std::max(typeDwords(op->type), 5));
            return Act::SET;
          }
          case Fld::VADDR: {
            const OperandSpec* op = opOf(Role::vaddr);
            if (!op) return memProbe(d, ei, s);
            *set = vgprSet(typeDwords(op->type));
            return Act::SET;
          }
          case Fld::SRSRC:
            *set = codeSet(130, [&](int c) { return memorySregTupleValid(g, c, 8); });
            return Act::SET;
          case Fld::SSAMP:
            if (!opOf(Role::ssamp)) return memProbe(d, ei, s);
            *set = codeSet(131, [&](int c) { return memorySregTupleValid(g, c, 4); });
            return Act::SET;
          default: return memPlain(d, ei, s);
        }
      default:
        return Act::GENERIC;
    }
  }

  // canonicalizeVopExt asked about value v of SDWA field f in row d, on
  // `base` (an SDWA Inst of the row): the value it leaves in the field, -1
  // when it refuses the word; *clean as it leaves it.
  static int sdwaAnswer(const InstDesc& d, const Inst& base, Fld f, int v, bool* clean) {
    Inst x = base;
    x[f] = v;
    *clean = true;
    return canonicalizeVopExt(&x, d, 0, clean) ? x[f] : -1;
  }

  // The values of SDWA field f (`width` bits) that canonicalizeVopExt keeps
  // unchanged, and the word clean, in row d: each value on `base`, a
  // canonical SDWA Inst of the row. nullptr: every value.
  const uint64_t* sdwaKept(const InstDesc& d, const Inst& base, Fld f, int width) {
    Set512 set{};
    bool all = true;
    for (int v = 0; v < (1 << width) && v < 512; ++v) {
      bool clean;
      const bool kept = sdwaAnswer(d, base, f, v, &clean) == v && clean;
      if (kept) set[size_t(v) >> 6] |= 1ull << (v & 63);
      all = all && kept;
    }
    return all ? nullptr : intern(set);
  }

  // A canonical Inst of row d in `fake`'s form to ask canonicalizeVop
  // about one modifier field at a time (modAnswer): sources v0 where kept,
  // else s0, else the constant 0; failing that (a lane select takes no
  // VGPR) s0 first, then the constant first. False when none is canonical.
  bool modBase(const InstDesc& d, const Inst& fake, Inst* base) {
    static constexpr int kOrders[3][3] = {{opc::kVgpr0, 0, opc::kZero},
                                          {0, opc::kVgpr0, opc::kZero},
                                          {opc::kZero, 0, opc::kVgpr0}};
    for (const auto& order : kOrders) {
      *base = fake;
      for (int i = 0; i < d.num_operands; ++i) {
        const OperandSpec& op = d.operand[i];
        const Fld of = operandField(fake, op);
        if (!isSrcField(of)) continue;
        for (int c : order) {
          int k = keeps(g, true, op, of, c);
          if (k == -2) k = srcCodeKept(g, op, c);
          if (k == 1) {
            (*base)[of] = c;
            break;
          }
        }
      }
      bool clean = true;
      if (canonicalizeVop(base, d, &clean)) return true;
    }
    return false;
  }

  // What canonicalizeVop does with a VOP3/VOP3P modifier field (NEG, ABS,
  // CLAMP, OMOD, OP_SEL, OP_SEL_HI, NEG_HI) of row d, asked value by value
  // on `base` (modBase): `constant` when every value becomes `value`, else
  // per bit of `mask` (the field's low bits, a `lin` op's) whether the bit
  // is kept, dropped (cleared) or refuses the word. False when the answers
  // are not one of these shapes (the row then takes the full path).
  struct ModAnswer {
    bool constant = false;
    int value = 0;
    uint64_t kept = 0, dropped = 0, refused = 0;
  };
  static bool modAnswer(const InstDesc& d, const Inst& base, Fld f, uint64_t mask,
                        ModAnswer* out) {
    if (mask > 0xff || (mask & (mask + 1))) return false;
    int res[256];
    bool constant = true;
    for (uint64_t v = 0; v <= mask; ++v) {
      Inst x = base;
      x[f] = int(v);
      bool clean = true;
      res[v] = canonicalizeVop(&x, d, &clean) ? x[f] : -1;
      constant = constant && res[v] == res[0] && res[0] >= 0;
    }
    *out = ModAnswer{};
    if (constant) {
      out->constant = true;
      out->value = res[0];
      return true;
    }
    // Bits of the field outside `mask` (its HI part) are the rest ops'.
    auto low = [&](uint64_t v) { return res[v] < 0 ? -1 : int(uint64_t(res[v]) & mask); };
    if (low(0) != 0) return false;
    for (uint64_t b = mask; b; b &= b - 1) {
      const uint64_t bit = b & -b;
      if (low(bit) < 0) out->refused |= bit;
      else if (uint64_t(low(bit)) == bit) out->kept |= bit;
      else if (low(bit) == 0) out->dropped |= bit;
      else return false;
    }
    // The bits answer alone what every value gets.
    for (uint64_t v = 0; v <= mask; ++v)
      if (low(v) != ((v & out->refused) ? -1 : int(v & out->kept))) return false;
    return true;
  }

  // The SDWA / DPP form of e32 row d (dword0 encoding e): see ExtPlan and
  // canonicalizeVopExt. The fields the SDWA form resets and the values of
  // its selects and omod are asked of it (sdwaAnswer), the operand codes of
  // the legality rules (keeps). Returns nullptr when the form takes the
  // full path.
  const ExtPlan* buildExt(const InstDesc& d, int id, Enc e, Enc x, int opcode, uint8_t src0_lo,
                          uint16_t src0_mask) {
    const EncIndex& bi = gi.enc[int(e)];
    const EncIndex& xi = gi.enc[int(x)];
    if (!xi.present) return nullptr;
    if ((x == Enc::SDWA && (d.flags & F_NO_SDWA)) || (x == Enc::DPP && !hasDppForm(d, g)))
      return nullptr;
    const RowInfo& ri = rowInfo(d);
    // An operand-less row's extension holds only under bareExtensionHolds,
    // and otherwise the word is its e32 form: the full path decides.
    if (ri.facts & RF_BARE) return nullptr;
    const bool sdwa = x == Enc::SDWA;
    const bool gfx9 = g >= Gen::GFX9;
    const bool vopc = d.enc == Enc::VOPC, vop1 = d.enc == Enc::VOP1;
    ExtPlan xp;
    xp.id = int16_t(id);
    xp.feat = featOf(d);
    xp.form = sdwa ? Form::SDWA : Form::DPP;
    // applyFields(base); SRC0 = 0; applyFields(ext) with split layouts is
    // base.lin, ext.lin, ext.rest: ext.lin assignments make earlier writes
    // of the same field dead, and SRC0 is one of them.
    if (!bi.split_ok || !bi.rest.empty() || !xi.split_ok) return nullptr;
    bool ext_sets[kNumFlds] = {};
    for (const EncIndex::LinOp& s : xi.lin) ext_sets[size_t(s.fld)] = true;
    if (!ext_sets[size_t(Fld::SRC0)]) return nullptr;
    std::vector<EncIndex::LinOp> prog;
    for (const EncIndex::LinOp& s : bi.lin)
      if (!ext_sets[size_t(s.fld)]) prog.push_back(s);
    prog.insert(prog.end(), xi.lin.begin(), xi.lin.end());
    lins.push_back(std::move(prog));
    xp.lin = lins.back().data();
    xp.nlin = uint8_t(lins.back().size());
    xp.rest = xi.rest.data();
    xp.nrest = uint8_t(xi.rest.size());
    Inst fake;
    fake.id = uint16_t(id);
    fake.gen = g;
    fake.enc = e;
    fake.form = xp.form;
    // An SDWA Inst of the row to ask canonicalizeVopExt about one field at
    // a time: VGPR sources, DWORD selects, every other field 0.
    Inst sdwa_base = fake;
    std::fill(sdwa_base.f.begin(), sdwa_base.f.end(), 0);
    sdwa_base[Fld::SRC0] = sdwa_base[Fld::SRC1] = opc::kVgpr0;
    for (Fld s : {Fld::DST_SEL, Fld::SRC0_SEL, Fld::SRC1_SEL}) sdwa_base[s] = kSelDword;
    if (sdwa && vop1) {
      // The src1 byte (bits 56-61, and S1 on GFX9) must be zero: a test of
      // the word, which canonicalizeVopExt makes before its fields.
      xp.must_mask |= 0x3full << 56;
      if (gfx9) xp.must_mask |= 1ull << 63;
    }
    auto zeroed = [&](Fld f) {
      for (int k = 0; k < xp.nzero; ++k)
        if (xp.zero[k] == f) return true;
      return false;
    };
    if (sdwa) {
      // GFX9 VOPC: SD and SDST decide together (vopc_sd below).
      xp.vopc_sd = vopc && gfx9;
      // The fields canonicalizeVopExt resets to 0 whatever they hold:
      // the fill resets them too.
      for (const FieldSlot& fs : xi.fields) {
        const Fld f = fs.fld;
        if (f == Fld::OP || f == Fld::SRC0 || f == Fld::RESERVED || xp.nzero == 8) continue;
        if (xp.vopc_sd && (f == Fld::SDST || f == Fld::SD)) continue;
        bool reset = true, clean;
        for (int v = 0; v < (1 << fs.width) && v < 512 && reset; ++v)
          reset = sdwaAnswer(d, sdwa_base, f, v, &clean) == 0;
        if (reset && !zeroed(f)) xp.zero[xp.nzero++] = f;
      }
    }
    // sdwaKept's base: fields the form resets at 0 (the selects of a VOPC).
    for (int k = 0; k < xp.nzero; ++k) sdwa_base[xp.zero[k]] = 0;
    // The modifier bits each source takes in this form.
    unsigned neg_ok = 0, abs_ok = 0, sext_ok = 0;
    for (int si = 0; si < 2; ++si) {
      if (ri.src[si] < 0) continue;
      SrcMods m = vopSrcMods(fake, d, si);
      if (m == SrcMods::FP) neg_ok |= 1u << si, abs_ok |= 1u << si;
      if (m == SrcMods::INT) {
        if (sdwa) sext_ok |= 1u << si;
        else neg_ok |= 1u << si;  // DPP: sext() from NEG; ABS is dropped
      }
    }
    bool seen[kNumFlds] = {};
    auto addCheck = [&](Fld f, const uint64_t* set) {
      if (xp.nchecks == ExtPlan::kMaxChecks) return false;
      xp.checks[xp.nchecks++] = ValueCheck{f, set};
      return true;
    };
    enum { kBits, kRange, kDpp, kOperands };
    auto bitsIn = [&](unsigned ok) {
      return setOf({kBits, int(ok)}, [ok](int v) { return (unsigned(v) & ~ok) == 0; });
    };
    auto range = [&](int lo, int hi) {
      return setOf({kRange, lo, hi}, [lo, hi](int v) { return v >= lo && v <= hi; });
    };
    for (const EncIndex* li : {&bi, &xi}) {
      for (const FieldSlot& fs : li->fields) {
        const Fld f = fs.fld;
        if (seen[size_t(f)]) continue;
        seen[size_t(f)] = true;
        if (f == Fld::OP || f == Fld::RESERVED || zeroed(f)) continue;
        if (xp.vopc_sd && (f == Fld::SDST || f == Fld::SD)) continue;  // below
        std::vector<const OperandSpec*> ops;
        for (int i = 0; i < d.num_operands; ++i)
          if (operandField(fake, d.operand[i]) == f) ops.push_back(&d.operand[i]);
        const uint64_t* set = nullptr;
        if (!ops.empty()) {
          std::vector<int> key{kOperands, int(f)};
          for (const OperandSpec* op : ops) {
            key.push_back(int(op->type));
            key.push_back(int(op->role));
            // Operand types the checks cannot judge: the full path.
            for (int v : {0, 100, 128, 255, 256, 511})
              if (keeps(g, true, *op, f, v) == -1) return nullptr;
          }
          set = setOf(key, [&](int v) {
            for (const OperandSpec* op : ops) {
              int k = keeps(g, true, *op, f, v);
              if (k == -2) k = srcCodeKept(g, *op, v);
              if (k != 1) return false;
            }
            return true;
          });
        } else {
          switch (f) {
            case Fld::NEG: set = bitsIn(neg_ok); break;
            case Fld::ABS: set = bitsIn(abs_ok); break;
            case Fld::SEXT: set = bitsIn(sext_ok); break;
            // SDWA's selects and omod: the values canonicalizeVopExt keeps
            // as they are in this row, asked of it value by value.
            case Fld::DST_SEL: case Fld::DST_UNUSED: case Fld::SRC0_SEL: case Fld::SRC1_SEL:
            case Fld::OMOD:
              if (!sdwa) {
                set = range(0, 0);
                break;
              }
              set = sdwaKept(d, sdwa_base, f, fs.width);
              if (!set) continue;  // every value
              break;
            case Fld::CLAMP: case Fld::BOUND_CTRL: case Fld::ROW_MASK: case Fld::BANK_MASK:
              continue;  // kept as they are
            case Fld::DPP_CTRL: set = setOf({kDpp}, [&](int v) { return dppCtrlValid(v, g); }); break;
            default: set = range(0, 0); break;  // cleared or rejected
          }
        }
        if (!addCheck(f, set)) return nullptr;
      }
    }
    if (xp.vopc_sd) {
      const OperandSpec* sd = nullptr;
      for (int i = 0; i < d.num_operands; ++i)
        if (d.operand[i].role == Role::sdst) sd = &d.operand[i];
      if (!sd) return nullptr;
      if (keeps(g, true, *sd, Fld::SDST, 0) < 0) return nullptr;
      xp.sdst_ok = setOf({kOperands, int(Fld::SDST), int(sd->type), int(sd->role)},
                         [&](int v) { return keeps(g, true, *sd, Fld::SDST, v) == 1; });
      if (!makeEval(lins.back(), xp.rest, xp.nrest, Fld::SD, &xp.sd_ev) ||
          !makeEval(lins.back(), xp.rest, xp.nrest, Fld::SDST, &xp.sdst_ev))
        return nullptr;
    }
    for (int k = 0; k < xp.nchecks; ++k)
      if (!makeEval(lins.back(), xp.rest, xp.nrest, xp.checks[k].fld, &xp.checks[k].ev))
        return nullptr;
    // Checks that only say "these bits must be clear" (modifier bits a
    // source does not take, fields the full path rejects unless zero) are
    // folded into must_mask.
    int kept = 0;
    for (int k = 0; k < xp.nchecks; ++k) {
      uint64_t zero_bits;
      if (asZeroMask(xp.checks[k].ev, xp.checks[k].ok, &zero_bits))
        xp.must_mask |= zero_bits;
      else
        xp.checks[kept++] = xp.checks[k];
    }
    xp.nchecks = uint8_t(kept);
    {
      const uint64_t op_mask = ((1ull << bi.op_width) - 1) << bi.op_lo;
      const uint64_t marker = uint64_t(src0_mask) << src0_lo;
      const uint64_t fixed = xp.must_mask | op_mask | marker;
      const uint64_t value = (xp.must_value & ~(op_mask | marker)) |
                             (uint64_t(opcode) << bi.op_lo) |
                             (uint64_t(sdwa ? opc::kSdwa : opc::kDpp) << src0_lo);
      Inst proto = protoInst(id, g, e, xp.form, 8);
      std::vector<FastOp> ops;
      compile(xp.lin, xp.nlin, xp.rest, xp.nrest, fixed, value, &proto, &ops, &xp.frest,
              &xp.nfrest);
      fops.push_back(std::move(ops));
      xp.ops = fops.back().data();
      xp.nops = uint8_t(fops.back().size());
      for (int k = 0; k < xp.nzero; ++k) proto.f[size_t(xp.zero[k])] = 0;
      std::memcpy(xp.head, &proto, sizeof xp.head);
    }
    exts.push_back(xp);
    return &exts.back();
  }

  bool build(Enc e, int id, int opcode, DecodePlan* p) {
    const EncIndex& ei0 = gi.enc[int(e)];
    if (id < 0) return false;
    const InstDesc& d = instDesc(id);
    if (!d.exists(g) || !variantApplies(d)) return false;
    interp_high = (d.flags & F_INTERP_HIGH) != 0;
    lane_ops = d.enc == Enc::VOP3 && (rowInfo(d).facts & (RF_READLANE | RF_WRITELANE));
    probe = Inst();
    probe.id = uint16_t(id);
    probe.gen = g;
    probe.enc = d.enc;
    for (Fld f : {Fld::SRC0, Fld::SRC1, Fld::SRC2}) probe[f] = opc::kVgpr0;
    probe_key = (d.flags & F_SRC_NO_SGPR) ? id : -1;
    p->feat = featOf(d);
    switch (d.enc) {
      case Enc::SOP1: case Enc::SOP2: case Enc::SOPC: case Enc::SOPK: case Enc::SOPP:
      case Enc::VOP1: case Enc::VOP2: case Enc::VOPC: case Enc::VOP3: case Enc::VOP3B:
      case Enc::VOP3P: case Enc::VOP3P_MAI:
      case Enc::SMRD: case Enc::SMEM: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
        break;
      case Enc::FLAT:
        break;
      case Enc::DS:
        if (d.flags & F_GDS_ONLY) return false;
        break;
      case Enc::VINTRP:
        break;
      default:
        return false;  // export: full path
    }
    // The lds rows of FLAT and MUBUF (loads to LDS, buffer_store_lds_dword);
    // VOP's lds_direct rows take the full path.
    if ((d.flags & F_LDS_DIRECT) && d.enc != Enc::FLAT && d.enc != Enc::MUBUF) return false;
    const bool memory = !isVopEnc(d.enc) && d.enc != Enc::SOP1 && d.enc != Enc::SOP2 &&
                        d.enc != Enc::SOPC && d.enc != Enc::SOPK && d.enc != Enc::SOPP &&
                        d.enc != Enc::DS;
    const RowInfo& ri = rowInfo(d);
    constexpr uint32_t kSpecialFacts = RF_INTERP | RF_INTERP_E64 | RF_READLANE | RF_WRITELANE |
                                       RF_READFIRSTLANE | RF_SWAP |
                                       RF_DS_SWIZZLE;  // canonicalSwizzleOffset
    // Operand-less DS rows (ds_nop: canonDs rejects an offset) take the
    // full path.
    // The VINTRP encoding has no operand rules beyond its fields' (the
    // VOP3 forms of the interp rows do: canonicalizeVop).
    // v_swap_b32's e32 form: its src0 rule is a lane program (below).
    // v_readfirstlane: the plan's rules are the general ones (its
    // lds_direct source is left to the full path); v_readlane/v_writelane
    // in VOP3: lane_ops (GFX6/7's VOP2 form reads the lane select from the
    // VGPR field).
    const uint32_t special =
        kSpecialFacts & ~(RF_INTERP | RF_INTERP_E64 | RF_READFIRSTLANE |
                          (e == Enc::VOP1 ? RF_SWAP : 0) |
                          (d.enc == Enc::VOP3 ? RF_READLANE | RF_WRITELANE : 0));
    if ((ri.facts & special) || (d.num_operands == 0 && d.enc == Enc::DS)) return false;
    for (int i = 0; i < d.num_operands; ++i)
      if (d.operand[i].type == OpType::sendmsg) return false;  // canonicalSendmsg
    Enc enc = e;
    const EncIndex* ei = &ei0;
    if (e == Enc::VOP3 && (d.enc == Enc::VOP3B || (isVopShort(d.enc) && (d.flags & F_VOP3B)))) {
      enc = Enc::VOP3B;
      ei = &gi.enc[int(Enc::VOP3B)];
    }
    if (d.enc == Enc::VOP3P_MAI) {  // VOP3P's opcode space, a layout of its own
      enc = Enc::VOP3P_MAI;
      ei = &gi.enc[int(Enc::VOP3P_MAI)];
    }
    if (!ei->split_ok) return false;
    const bool vop = isVopEnc(d.enc);
    Form form = Form::NATIVE;
    if (isVopShort(d.enc)) form = e == Enc::VOP3 ? Form::E64 : Form::E32;
    // canonicalizeMemory: GFX8/9's VINTRP prints as the e32 form.
    if (e == Enc::VINTRP && g >= Gen::GFX8) form = Form::E32;
    const bool vop3_form = vop && form != Form::E32;

    Inst fake;
    fake.id = uint16_t(id);
    fake.gen = g;
    fake.enc = enc;
    fake.form = form;

    p->id = int16_t(id);
    p->enc = enc;
    p->form = form;
    p->size = uint8_t(ei0.dwords * 4);
    p->nchecks = 0;
    p->naligns = 0;
    // A literal follows the dword: a row's mandatory one (v_madmk/v_madak,
    // s_setreg_imm32; a src0 of 255 reading it takes the full path, its
    // checks), or the source literal of the twins of variants 4 and 5.
    p->lit = (d.flags & F_LITERAL_K) != 0;
    const Fld lit_fld = literalField(e);
    if (variant >= 4 && lit_fld == Fld::kCount) return false;
    bool lit_read = false;
    p->lit_src = lit_fld != Fld::kCount;
    p->lit = p->lit || p->lit_src;
    if (p->lit) {
      if (ei0.dwords != 1) return false;
      p->size = uint8_t(p->size + 4);
    }
    p->must_mask = p->must_value = 0;
    // Row selection (findRow / rowSelectorMatches): the selector fields
    // must hold this row's values.
    bool selector[kNumFlds] = {};
    for (const FieldSlot& fs : ei0.selectors) {
      const int want = selectorValue(d, fs.fld);
      if (want < 0) continue;
      uint64_t m = ((1ull << fs.width) - 1) << fs.lo;
      p->must_mask |= m;
      p->must_value |= uint64_t(want) << fs.lo;
      selector[size_t(fs.fld)] = true;
    }
    // The decoder refuses a set reserved bit in these DS rows (dsBit25Fixed)
    // where it otherwise ignores one: such words take the full path.
    if (d.enc == Enc::DS && g >= Gen::GFX8 && dsBit25Fixed(d)) p->must_mask |= ei0.reserved_mask;
    std::vector<EncIndex::LinOp> lin;
    bool checked[kNumFlds] = {}, must_zero[kNumFlds] = {};
    std::optional<Inst> mod_base;  // modBase's, made on first use
    for (const EncIndex::LinOp& s : ei->lin) {
      if (d.enc == Enc::DS) {
        // canonDs: one view of the offset bits is kept (any value), the
        // other dropped; GDS is free unless the row cannot take it.
        bool ds2 = d.flags & F_DS2;
        if (s.fld == Fld::OFFSET0 || s.fld == Fld::OFFSET1 || s.fld == Fld::OFFSET) {
          if (ds2 == (s.fld != Fld::OFFSET)) lin.push_back(s);
          continue;
        }
        // GFX90A on: GDS is ignored (rows that need it take the full path);
        // ACC as in the other memory encodings (memField).
        if (s.fld == Fld::GDS && isCdna2On(g)) continue;
        const uint64_t* no_set = nullptr;
        if (s.fld == Fld::ACC && memField(d, *ei, s, p, &no_set) == Act::FREE) {
          lin.push_back(s);
          continue;
        }
        if (s.fld == Fld::GDS && !(d.flags & F_NOGDS)) {
          lin.push_back(s);
          continue;
        }
      }
      if ((ri.facts & RF_SWAP) && s.fld == Fld::SRC0) {
        // canonicalizeVop: an 8-bit VGPR field, bit 8 ignored (0xf9 and
        // 0xfa are v249 and v250, not SDWA/DPP).
        if (s.shift || s.add || s.mask != 0x1ff) return false;
        lin.push_back(EncIndex::LinOp{0xff, s.lo, s.fld, 0, uint16_t(opc::kVgpr0)});
        continue;
      }
      lin.push_back(s);
      if (s.fld == Fld::OP || s.fld == Fld::RESERVED || selector[size_t(s.fld)]) continue;
      const int width = __builtin_popcountll(s.mask);
      if (memory) {
        const uint64_t* set = nullptr;
        Act a = memField(d, *ei, s, p, &set);
        if (narrow) {
          lin.back().mask = narrow;
          narrow = 0;
        }
        if (retarget != Fld::kCount) {
          lin.back().fld = retarget;
          retarget = Fld::kCount;
        }
        if (a == Act::FAIL) return false;
        if (a == Act::FREE) continue;
        if (a == Act::DROP) {
          lin.pop_back();
          continue;
        }
        if (a == Act::ZERO) {
          p->must_mask |= s.mask << s.lo;
          must_zero[size_t(s.fld)] = true;
          continue;
        }
        if (a == Act::SET) {
          if (width > 9 || p->nchecks == DecodePlan::kMaxChecks) return false;
          p->checks[p->nchecks++] = check(s.lo, width, set);
          checked[size_t(s.fld)] = true;
          continue;
        }
      }
      std::vector<const OperandSpec*> ops;
      for (int i = 0; i < d.num_operands; ++i)
        if (operandField(fake, d.operand[i]) == s.fld) ops.push_back(&d.operand[i]);
      if (ops.empty()) {
        // A field no operand reads: modifier bits the row takes are free,
        // everything else must be zero (the full path clears or rejects),
        // except the SOP fields canonicalizeScalar clears.
        const bool sop = d.enc == Enc::SOP1 || d.enc == Enc::SOP2 || d.enc == Enc::SOPK ||
                         d.enc == Enc::SOPC;
        if (sop && (s.fld == Fld::SDST || s.fld == Fld::SSRC0 || s.fld == Fld::SSRC1 ||
                    s.fld == Fld::SIMM16)) {
          lin.pop_back();
          continue;
        }
        // VINTRP's attribute channel (the operand reads ATTR): kept.
        if (e == Enc::VINTRP && s.fld == Fld::ATTRCHAN) continue;
        uint64_t allowed = 0;
        const bool mod_field = s.fld == Fld::NEG || s.fld == Fld::ABS || s.fld == Fld::CLAMP ||
                               s.fld == Fld::OMOD || s.fld == Fld::OP_SEL ||
                               s.fld == Fld::OP_SEL_HI || s.fld == Fld::NEG_HI;
        if (d.enc == Enc::VOP3P_MAI && s.fld == Fld::ACC) {
          // canonicalizeMai clears the ACC bits of operands whose file the
          // row fixes: words with those set take the full path.
          allowed = s.mask & uint64_t(accBitsAllowed(d, g));
        } else if (mod_field && (vop3_form || d.enc == Enc::VOP3P)) {
          // Asked of canonicalizeVop (modAnswer). Dropped bits are not
          // extracted when the kept ones are a low run (the lane's mask);
          // otherwise they take the full path like refused ones.
          if (s.shift || s.add) return false;
          if (!mod_base) {
            mod_base.emplace();
            if (!modBase(d, fake, &*mod_base)) return false;
          }
          ModAnswer m;
          if (!modAnswer(d, *mod_base, s.fld, s.mask, &m)) return false;
          if (m.constant) {
            if (m.value) lin.back() = EncIndex::LinOp{0, s.lo, s.fld, 0, uint16_t(m.value)};
            else lin.pop_back();
            continue;
          }
          if (m.dropped && !(m.kept & (m.kept + 1))) {
            p->must_mask |= m.refused << s.lo;
            if (m.kept) lin.back().mask = m.kept;
            else lin.pop_back();
            continue;
          }
          allowed = m.kept;
        }
        p->must_mask |= (s.mask & ~allowed) << s.lo;
        if (!allowed) must_zero[size_t(s.fld)] = true;
        continue;
      }
      bool free_imm = true;
      for (const OperandSpec* op : ops) {
        free_imm = free_imm && isFreeImm(op->type);
        if (op->type == OpType::waitcnt) {
          // canonicalizeScalar keeps only the counter bits.
          uint64_t keep = g >= Gen::GFX9 ? 0xcf7fu : 0x0f7fu;
          p->must_mask |= (s.mask & ~keep) << s.lo;
        }
      }
      if (free_imm) continue;
      if (s.fld == lit_fld) {
        // The literal twin: the field holds 255, read by source operands
        // only (decodeFull reads a literal for those alone).
        if (ops.size() != 1 || !isSourceType(ops[0]->type)) return false;
        if (s.shift || s.add || s.mask < 0xff) return false;
        p->must_mask |= s.mask << s.lo;
        p->must_value |= uint64_t(opc::kLiteral) << s.lo;
        p->lit_type = ops[0]->type;
        lit_read = true;
        continue;
      }
      if (width > 9) return false;
      // Every operand of the field aligned the same way, or none.
      int align = alignOf(*ops[0]);
      for (const OperandSpec* op : ops)
        if (alignOf(*op) != align) align = 1;
      align = alignFor(*p, s, align);
      std::pair<bool, const uint64_t*> fs = fieldSet(s, width, vop, ops, align);
      if (!fs.first) return false;
      if (fs.second) addAlign(p, s.fld, align);
      if (!fs.second) continue;
      if (p->nchecks == DecodePlan::kMaxChecks) return false;
      p->checks[p->nchecks++] = check(s.lo, width, fs.second);
      checked[size_t(s.fld)] = true;
    }
    // `rest` ops (SEXT, HI, S0, S1) change a field after its raw bits were
    // checked: only fields without a check may have them. A SEXT field has
    // no `lin` op: it is free only where the row reads it as an immediate.
    bool in_lin[kNumFlds] = {};
    for (const EncIndex::LinOp& s : ei->lin) in_lin[size_t(s.fld)] = true;
    std::vector<FieldOp> rest;  // ei->rest less the ops replaced by `lin` ops
    for (const FieldOp& r : ei->rest) {
      rest.push_back(r);
      if (checked[size_t(r.fld)] || r.xform == Xform::S0 || r.xform == Xform::S1) return false;
      if (r.xform == Xform::HI) {
        if (d.enc == Enc::VOP3P_MAI && r.fld == Fld::ACC &&
            !((uint64_t(accBitsAllowed(d, g)) >> r.shift) & r.mask)) {
          p->must_mask |= r.mask << r.lo;  // a C/D bit the row ignores: as above
          continue;
        }
        if (d.enc == Enc::VOP3P && r.fld == Fld::OP_SEL_HI && (d.flags & F_NO_MODS)) {
          rest.pop_back();  // op_sel_hi is 7 whatever the word holds (above)
          continue;
        }
        if (d.enc == Enc::VOP3P && r.fld == Fld::OP_SEL_HI && ri.nsrc < 3) {
          // canonicalizeVop3P sets op_sel_hi[2] of 2-source ops: the bit
          // is not read, the low part's op adds it.
          bool done = false;
          for (EncIndex::LinOp& l : lin)
            if (l.fld == Fld::OP_SEL_HI && !l.add && !done) {
              l.add = uint16_t(1u << r.shift);
              done = true;
            }
          if (!done || r.mask != 1) return false;
          rest.pop_back();
          continue;
        }
        if (!in_lin[size_t(r.fld)] || must_zero[size_t(r.fld)]) p->must_mask |= r.mask << r.lo;
        continue;
      }
      if (in_lin[size_t(r.fld)]) return false;
      bool free_field = false;
      if (memory) {
        EncIndex::LinOp pseudo{r.mask, r.lo, r.fld, 0, 0};
        const uint64_t* unused = nullptr;
        Act a = memField(d, *ei, pseudo, p, &unused);
        if (retarget != Fld::kCount) return false;  // only `lin` ops move
        if (narrow) {
          // The full path keeps only the low bits (the SGPR of an SMEM
          // offset): a plain `lin` op of those bits replaces the SEXT.
          if (r.xform != Xform::SEXT) return false;
          lin.push_back(EncIndex::LinOp{narrow, r.lo, r.fld, 0, 0});
          rest.pop_back();
          narrow = 0;
        }
        if (a == Act::FAIL || a == Act::SET) return false;
        if (a == Act::DROP) {  // cleared whatever it holds: not extracted
          rest.pop_back();
          continue;
        }
        free_field = a == Act::FREE;
      } else {
        bool referenced = false;
        for (int i = 0; i < d.num_operands; ++i) {
          if (operandField(fake, d.operand[i]) != r.fld) continue;
          referenced = true;
          if (!isFreeImm(d.operand[i].type) || d.operand[i].type == OpType::waitcnt) return false;
        }
        free_field = referenced;
      }
      if (!free_field) p->must_mask |= r.mask << r.lo;
    }
    frests.push_back(std::move(rest));
    p->rest = frests.back().data();
    p->nrest = uint8_t(frests.back().size());
    lins.push_back(std::move(lin));
    p->lin = lins.back().data();
    p->nlin = uint8_t(lins.back().size());
    if (p->lit_src && !lit_read) return false;  // no source reads the field
    if (form == Form::E32 && g >= Gen::GFX8 && variant == 0) {
      for (const EncIndex::LinOp& s : ei->lin)
        if (s.fld == Fld::SRC0) {
          p->src0_lo = s.lo;
          p->src0_mask = uint16_t(s.mask);
          p->sdwa = buildExt(d, id, e, Enc::SDWA, opcode, s.lo, uint16_t(s.mask));
          p->dpp = buildExt(d, id, e, Enc::DPP, opcode, s.lo, uint16_t(s.mask));
        }
    }
    p->ext = p->sdwa || p->dpp;
    return finishFast(ei0, opcode, p);
  }
};

struct PlanStore {
  GenPlans plans;
  std::vector<DecodePlan> storage[kNumEncs];
  std::deque<Set512> sets;
  std::deque<std::vector<EncIndex::LinOp>> lins;
  std::deque<ExtPlan> exts;
  std::deque<DecodePlan> chain;  // rows sharing an opcode
  std::deque<std::vector<FastOp>> fops;
  std::deque<std::vector<FieldOp>> frests;
  std::vector<Set512> set_array;  // GenPlans::sets
  std::vector<OpRec> recs[kNumEncs];
  std::deque<DecodePlan> shapes;
  std::deque<ExtPlan> ext_shapes;
  std::vector<VecChunk> vchunks;  // GenPlans::vchunks; [0] all zero
  QuickStore quick;
};

// The fills as vector programs (VecChunk), equal chunks shared.
struct ChunkStore {
  std::vector<VecChunk>* out;
  std::map<std::string, uint16_t> index;

  uint16_t intern(const VecChunk& c) {
    std::string key(reinterpret_cast<const char*>(&c), sizeof c);
    auto it = index.find(key);
    if (it != index.end()) return it->second;
    out->push_back(c);
    return index[key] = uint16_t(out->size() - 1);
  }

  // `head` (16 bytes), the rest zero, then `ops` in order, as the scalar
  // fill does; `patched`: the row id and OP are stored after the fill (the
  // opcode's OpRec), so their lanes stay zero and more plans share chunk 0.
  // False when an op does not fit a 32-bit lane.
  bool vectorize(const uint8_t* head, const FastOp* ops, int nops, bool patched,
                 uint16_t* idx, const Fld* zero = nullptr, int nzero = 0) {
    VecChunk ch[kInstChunks];
    std::memset(static_cast<void*>(ch), 0, sizeof ch);
    auto lane = [&](size_t dword, uint8_t lo, int width, int shift, int32_t add) {
      VecChunk& c = ch[dword / 16];
      const size_t i = dword % 16;
      const uint8_t rot = uint8_t((lo - shift) & 63);  // bit lo lands at bit `shift`
      for (int j = 0; j < 4; ++j) c.ctrl[i * 4 + size_t(j)] = uint8_t((rot + 8 * j) & 63);
      c.mask[i] = width ? uint32_t(((1ull << width) - 1) << shift) : 0;
      c.add[i] = add;
    };
    for (size_t d = 0; d < 4; ++d) {
      int32_t v;
      std::memcpy(&v, head + 4 * d, 4);
      lane(d, 0, 0, 0, v);
    }
    const size_t f0 = offsetof(Inst, f) / 4;
    if (patched) {
      ch[0].add[0] &= ~0xffff;  // id
      ch[0].add[f0 + size_t(Fld::OP)] = 0;
    }
    for (int k = 0; k < nops; ++k) {
      const FastOp& o = ops[k];
      if (o.width && (o.width + o.shift > 32 || o.lo + o.width > 64)) return false;
      // The fill weighs byte 1 of a pair lane (chunk_fill.h).
      if (pairWeight(o.fld) && o.width && o.width + o.shift > 8) return false;
      lane(f0 + size_t(o.fld), o.lo, o.width, o.shift, o.add);
    }
    for (int k = 0; k < nzero; ++k) lane(f0 + size_t(zero[k]), 0, 0, 0, 0);
    for (int k = 0; k < kInstChunks; ++k) idx[k] = intern(ch[k]);
    return true;
  }
};

// Byte strings of a plan's runtime content without its row id and OP field
// (see OpRec): equal keys, interchangeable plans.
// Built in a fixed buffer (a std::string append per field made the
// deduplication a fifth of the plan build); what does not fit spills.
struct ShapeKeys {
  char buf[2048];
  size_t n = 0;
  std::string spill;
  std::string key() const { return std::string(buf, n) + spill; }
  template <class T>
  void put(const T& v) {
    if (spill.empty() && n + sizeof v <= sizeof buf) {
      std::memcpy(buf + n, &v, sizeof v);
      n += sizeof v;
    } else {
      spill.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
  }
  void putHead(const uint8_t* head) {
    Inst proto;
    std::memcpy(static_cast<void*>(&proto), head, 16);
    uint8_t h[16];
    std::memcpy(h, head, 16);
    const size_t op_at = size_t(reinterpret_cast<const char*>(&proto.f[size_t(Fld::OP)]) -
                                reinterpret_cast<const char*>(&proto));
    h[0] = h[1] = 0;  // id
    for (size_t k = op_at; k < op_at + 4 && k < 16; ++k) h[k] = 0;
    put(h);
  }
  void putOps(const FastOp* ops, int n) {
    for (int k = 0; k < n; ++k) {
      put(ops[k].lo);
      put(ops[k].width);
      put(ops[k].fld);
      put(ops[k].shift);
      put(ops[k].add);
    }
  }
  void putRest(const FieldOp* r, int n) {
    for (int k = 0; k < n; ++k) {
      put(r[k].mask);
      put(r[k].lo);
      put(r[k].fld);
      put(r[k].xform);
      put(r[k].shift);
    }
  }
  void putEval(const FieldEval& e) {
    put(e.mask); put(e.lo); put(e.shift); put(e.add);
    put(e.hi_lo); put(e.hi_shift); put(e.hi_mask); put(e.s_lo);
  }
};

// The id and OP value in a plan head.
void headIdOp(const uint8_t* head, int16_t* id, int32_t* op) {
  Inst proto;
  std::memset(static_cast<void*>(&proto), 0, sizeof proto);
  std::memcpy(static_cast<void*>(&proto), head, 16);
  *id = int16_t(proto.id);
  *op = proto.f[size_t(Fld::OP)];
}

struct Dedup {
  PlanStore* store;
  std::map<std::string, const DecodePlan*> plans;
  std::map<std::string, const ExtPlan*> exts;

  const ExtPlan* ext(const ExtPlan* x) {
    if (!x) return nullptr;
    ShapeKeys k;
    k.putHead(x->head);
    k.put(x->feat); k.put(x->form); k.put(x->vopc_sd); k.put(x->nzero);
    for (int i = 0; i < x->nzero; ++i) k.put(x->zero[i]);
    k.put(x->must_mask); k.put(x->must_value); k.put(x->sdst_ok);
    k.putEval(x->sd_ev); k.putEval(x->sdst_ev);
    k.put(x->nchecks);
    for (int i = 0; i < x->nchecks; ++i) {
      k.put(x->checks[i].fld);
      k.put(x->checks[i].ok);
      k.putEval(x->checks[i].ev);
    }
    k.put(x->nops);
    k.putOps(x->ops, x->nops);
    k.put(x->nfrest);
    k.putRest(x->frest, x->nfrest);
    const std::string key = k.key();
    auto it = exts.find(key);
    if (it != exts.end()) return it->second;
    store->ext_shapes.push_back(*x);
    const ExtPlan* c = &store->ext_shapes.back();
    exts.emplace(key, c);
    return c;
  }

  // Only plans reached through an OpRec with an id (not `alts` chains).
  const DecodePlan* plan(const DecodePlan& p) {
    DecodePlan c = p;
    c.other = p.other ? plan(*p.other) : nullptr;
    c.sdwa = ext(p.sdwa);
    c.dpp = ext(p.dpp);
    ShapeKeys k;
    k.putHead(c.head);
    k.put(c.must_mask); k.put(c.must_value); k.put(c.imp_if); k.put(c.imp_then);
    k.put(c.feat); k.put(bool(c.id >= 0)); k.put(c.nchecks);
    for (int i = 0; i < c.nchecks; ++i) {
      k.put(c.checks[i].lo); k.put(c.checks[i].mask); k.put(c.checks[i].word);
    }
    k.put(c.naligns);
    for (int i = 0; i < c.naligns; ++i) {
      k.put(c.aligns[i].fld);
      k.put(c.aligns[i].log2a);
    }
    k.put(c.nops);
    k.putOps(c.ops, c.nops);
    k.put(c.nfrest);
    k.putRest(c.frest, c.nfrest);
    k.put(c.ext); k.put(c.src0_lo); k.put(c.src0_mask);
    k.put(c.sdwa); k.put(c.dpp); k.put(c.other);
    k.put(c.size); k.put(c.enc); k.put(c.form);
    k.put(c.lit); k.put(c.lit_src); k.put(c.lit_type);
    const std::string key = k.key();
    auto it = plans.find(key);
    if (it != plans.end()) return it->second;
    store->shapes.push_back(c);
    const DecodePlan* r = &store->shapes.back();
    plans.emplace(key, r);
    return r;
  }

  // The twins and the SDWA/DPP forms are patched with the main plan's id
  // and OP value: they must have the same (else they are dropped).
  static bool sameIdOp(const uint8_t* head, int16_t id, int32_t op) {
    int16_t i;
    int32_t o;
    headIdOp(head, &i, &o);
    return i == id && o == op;
  }
};

PlanStore* buildPlans(Gen g) {
  auto* store = new PlanStore;
  Builder b{g, genIndex(g), {}, {}, {}, {}, {}, {}, {}, {}, {}};
  static_assert(sizeof(Set512) == 64, "sets are 8 words");
  std::memcpy(store->plans.enc_by_prefix, b.gi.enc_by_prefix, sizeof b.gi.enc_by_prefix);
  for (int k = 0; k < 512; ++k) {
    const int e = b.gi.enc_by_prefix[k];
    store->plans.bytes_by_prefix[k] = uint8_t(e < 0 ? 0 : b.gi.enc[e].dwords * 4);
  }
  for (int e = 0; e < kNumEncs; ++e) {
    const EncIndex& ei = b.gi.enc[e];
    if (!ei.present) continue;
    store->plans.dwords[e] = ei.dwords;
    store->plans.word_mask[e] = ei.dwords > 1 ? ~0ull : 0xffffffffull;
    store->plans.op_lo[e] = ei.op_lo;
    store->plans.op_width[e] = ei.op_width;
    std::vector<DecodePlan>& v = store->storage[e];
    v.resize(ei.rows.size());
    for (size_t op = 0; op < ei.rows.size(); ++op) {
      if (ei.alternatives.empty() || ei.alternatives[op].empty()) {
        if (!b.build(Enc(e), ei.rows[op], int(op), &v[op])) v[op] = DecodePlan{};
        // The twins, tried in turn when the main plan fails.
        const DecodePlan** link = &v[op].other;
        for (int variant = 1; variant <= Builder::kVariants && v[op].id >= 0; ++variant) {
          store->chain.emplace_back();
          DecodePlan& q = store->chain.back();
          b.variant = variant;
          if (b.build(Enc(e), ei.rows[op], int(op), &q)) {
            *link = &q;
            link = &q.other;
          }
          b.variant = 0;
        }
        continue;
      }
      // Several rows share the opcode: findRow's choice, then its plan.
      DecodePlan head;
      head.alts = true;
      const DecodePlan** link = &head.next;
      for (int16_t alt : ei.alternatives[op]) {
        store->chain.emplace_back();
        DecodePlan& q = store->chain.back();
        if (!b.build(Enc(e), alt, int(op), &q)) q = DecodePlan{};
        q.row = alt;
        // Its twins, as for single rows (FLAT atomics without glc, scratch
        // with saddr).
        const DecodePlan** tw = &q.other;
        for (int variant = 1; variant <= Builder::kVariants && q.id >= 0; ++variant) {
          store->chain.emplace_back();
          DecodePlan& v2 = store->chain.back();
          b.variant = variant;
          if (b.build(Enc(e), alt, int(op), &v2)) {
            *tw = &v2;
            tw = &v2.other;
          }
          b.variant = 0;
        }
        // findRow's test (Target::has, rowSelectorMatches) as data.
        const InstDesc& ad = instDesc(alt);
        q.feat = ad.exists(g) ? featOf(ad) : ~0u;
        q.sel_mask = q.sel_value = 0;
        for (const FieldSlot& fs : ei.selectors) {
          const int want = selectorValue(ad, fs.fld);
          if (want < 0) continue;
          q.sel_mask |= ((1ull << fs.width) - 1) << fs.lo;
          q.sel_value |= uint64_t(want) << fs.lo;
        }
        *link = &q;
        link = &q.next;
      }
      v[op] = head;
    }
  }
  Dedup dd{store, {}, {}};
  for (int e = 0; e < kNumEncs; ++e) {
    std::vector<DecodePlan>& v = store->storage[e];
    std::vector<OpRec>& recs = store->recs[e];
    recs.resize(v.size());
    for (size_t op = 0; op < v.size(); ++op) {
      DecodePlan& p = v[op];
      if (p.alts) {
        recs[op] = OpRec{&p, 0, -1};
        continue;
      }
      int16_t id = -1;
      int32_t op_value = 0;
      if (p.id >= 0) {
        headIdOp(p.head, &id, &op_value);
        // Twins and forms that would not take the patch: full path.
        for (const DecodePlan* q = p.other; q; q = q->other)
          if (!Dedup::sameIdOp(q->head, id, op_value)) p.other = nullptr;
        if (p.sdwa && !Dedup::sameIdOp(p.sdwa->head, id, op_value)) p.sdwa = nullptr;
        if (p.dpp && !Dedup::sameIdOp(p.dpp->head, id, op_value)) p.dpp = nullptr;
        p.ext = p.sdwa || p.dpp;
      }
      recs[op] = OpRec{dd.plan(p), op_value, int16_t(id < 0 ? 0 : id)};
    }
    store->plans.recs[e] = recs.data();
    store->plans.count[e] = recs.size();
  }
  ChunkStore cs{&store->vchunks, {}};
  {
    VecChunk zero;
    std::memset(static_cast<void*>(&zero), 0, sizeof zero);
    cs.intern(zero);
  }
  // Shapes are reached through an OpRec with the id and OP (patched);
  // `alts` chains and their SDWA/DPP forms carry their own.
  for (DecodePlan& p : store->shapes)
    if (p.id >= 0) p.vec = cs.vectorize(p.head, p.ops, p.nops, true, p.vchunk);
  // An ExtPlan's resets go into the program unless a `frest` op (run
  // after the fill) writes one of those fields.
  auto vectorizeExt = [&](ExtPlan& x, bool patched) {
    x.vzero = true;
    for (int k = 0; k < x.nfrest; ++k) {
      const FieldOp& r = x.frest[k];
      const Fld t = r.xform == Xform::S0 ? Fld::SRC0 : r.xform == Xform::S1 ? Fld::SRC1 : r.fld;
      for (int z = 0; z < x.nzero; ++z) x.vzero = x.vzero && x.zero[z] != t;
    }
    x.vec = cs.vectorize(x.head, x.ops, x.nops, patched, x.vchunk, x.zero,
                         x.vzero ? x.nzero : 0);
  };
  for (ExtPlan& x : store->ext_shapes) vectorizeExt(x, true);
  for (DecodePlan& p : store->chain)
    if (p.id >= 0) p.vec = cs.vectorize(p.head, p.ops, p.nops, false, p.vchunk);
  for (ExtPlan& x : b.exts) vectorizeExt(x, false);
  store->plans.vchunks = store->vchunks.data();
  // checkOperands' alignment as tables (DecodePlan::aligns).
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c < 512; ++c)
      store->plans.align_sub[k][c] = uint8_t(c - alignedScalarCode(g, c, 1 << k));

  // The fast path's fixed-count checks (kFixedChecks), single SDWA/DPP
  // test, branch-free VOPC SD and RestAdds: set after the shapes are
  // deduplicated.
  {
    Set512 ones;
    ones.fill(~0ull);
    const uint64_t* all = b.intern(ones);
    const PlanCheck pass = b.check(0, 0, all);
    static_assert(DecodePlan::kFixedChecks <= DecodePlan::kMaxChecks, "room for the padding");
    auto pad = [&](DecodePlan& p) {
      for (int k = p.nchecks; k < DecodePlan::kFixedChecks; ++k) p.checks[k] = pass;
      // Without SDWA/DPP forms the fast path reads SRC0 as 0.
      if (!p.ext) p.src0_lo = 0, p.src0_mask = 0;
    };
    // frest as RestAdds: S0/S1 add 256 when their bit is clear; an HI part
    // adds its bits where no `lin` op of the field (nor an earlier part)
    // puts any, so adding is HI's or.
    auto restAdds = [&](ExtPlan& x) {
      x.rest_add = false;
      if (x.nfrest > ExtPlan::kRestAdds) return;
      uint64_t used[kNumFlds] = {};
      bool plain[kNumFlds];  // no `lin` op of the field adds a constant
      std::fill(plain, plain + kNumFlds, true);
      for (int k = 0; k < x.nlin; ++k) {
        const EncIndex::LinOp& l = x.lin[k];
        if (l.add) plain[size_t(l.fld)] = false;
        used[size_t(l.fld)] |= l.mask << l.shift;
      }
      RestAdd ra[ExtPlan::kRestAdds] = {};
      for (int k = 0; k < x.nfrest; ++k) {
        const FieldOp& r = x.frest[k];
        if (r.mask > 0xffffffffull) return;
        if (r.xform == Xform::S0 || r.xform == Xform::S1) {
          if (r.mask != 1) return;
          ra[k] = RestAdd{r.lo, r.xform == Xform::S0 ? Fld::SRC0 : Fld::SRC1, 8, 1,
                          uint32_t(r.mask)};
        } else if (r.xform == Xform::HI) {
          const uint64_t bits = r.mask << r.shift;
          if (!plain[size_t(r.fld)] || (used[size_t(r.fld)] & bits) || bits >> 31) return;
          used[size_t(r.fld)] |= bits;
          ra[k] = RestAdd{r.lo, r.fld, r.shift, 0, uint32_t(r.mask)};
        } else {
          return;
        }
      }
      for (int k = x.nfrest; k < ExtPlan::kRestAdds; ++k) ra[k] = RestAdd{0, Fld::OP, 0, 0, 0};
      std::copy(ra, ra + ExtPlan::kRestAdds, x.radd);
      x.rest_add = true;
    };
    auto padExt = [&](ExtPlan& x) {
      restAdds(x);
      if (!x.vopc_sd) x.sdst_ok = all;  // the fast path reads it (FieldEval{}: 0)
    };
    for (ExtPlan& x : b.exts) padExt(x);
    for (ExtPlan& x : store->ext_shapes) padExt(x);
    for (auto& v : store->storage)
      for (DecodePlan& p : v) pad(p);
    for (DecodePlan& p : store->chain) pad(p);
    for (DecodePlan& p : store->shapes) pad(p);
  }
  store->sets = std::move(b.sets);  // deque moves keep element addresses
  store->lins = std::move(b.lins);
  store->exts = std::move(b.exts);
  store->fops = std::move(b.fops);
  store->set_array.assign(store->sets.begin(), store->sets.end());
  store->plans.sets = store->set_array.empty() ? nullptr : store->set_array[0].data();
  store->frests = std::move(b.frests);
  buildQuick(&store->plans, store->set_array.size(), store->vchunks.size(), &store->quick);
  return store;
}

// One function-local static per generation: built on first use (a few ms),
// then a guard-byte check per call.
template <int G>
const GenPlans& plansOf() {
  static const PlanStore* const store = buildPlans(Gen(G));
  return store->plans;
}

}  // namespace

const GenPlans& genPlans(Gen g) {
  switch (g) {
    case Gen::GFX6: return plansOf<0>();
    case Gen::GFX7: return plansOf<1>();
    case Gen::GFX8: return plansOf<2>();
    case Gen::GFX9: return plansOf<3>();
    case Gen::GFX90A: return plansOf<4>();
    default: return plansOf<5>();
  }
}

}  // namespace gcn
