#include "decoder/decode_plan.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <map>
#include <tuple>
#include <vector>

#include "decoder/canon.h"
#include "decoder/row_info.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/registers.h"

namespace gcn {
namespace {

using Set512 = std::array<uint64_t, 8>;

bool isSreg(OpType t) { return t <= OpType::s512; }
bool isVreg(OpType t) { return t >= OpType::v16 && t <= OpType::v128; }
bool isSrcType(OpType t) { return t >= OpType::b16 && t <= OpType::pki16; }
bool isInt16(OpType t) {
  return t == OpType::i16 || t == OpType::u16 || t == OpType::b16 || t == OpType::pki16;
}
// Immediates the scalar canonicalisers never change (waitcnt: see below).
bool isFreeImm(OpType t) {
  return t == OpType::label || t == OpType::imm16 || t == OpType::imm16opt ||
         t == OpType::hwreg || t == OpType::gpridx || t == OpType::waitcnt;
}
bool isSrcField(Fld f) { return f == Fld::SRC0 || f == Fld::SRC1 || f == Fld::SRC2; }
// DS register fields: a VGPR index 0..255.
bool isVgprIndexField(Fld f) {
  return f == Fld::ADDR || f == Fld::DATA0 || f == Fld::DATA1 || f == Fld::VDST;
}

// A scalar register code that checkOperands keeps as is: an aligned SGPR
// range, or vcc/m0/exec. Conservative: TTMPs, flat_scratch, xnack_mask
// and the rest take the full path.
bool sregOk(Gen g, int c, int dw) {
  int align = dw >= 4 ? 4 : dw == 2 ? 2 : 1;
  if (c < 0 || c % align) return false;
  if (c + dw <= numSgprs(g)) return true;
  bool named = ((c == opc::kVccLo || c == opc::kExecLo) && dw <= 2) ||
               (dw == 1 && (c == opc::kVccHi || c == opc::kM0 || c == opc::kExecHi));
  return named && scalarRegNameExists(g, c, dw);
}

// Whether the full path keeps operand `op` (of a row of the plan's family)
// unchanged when its field holds `code`: 1 yes, 0 no, -1 the plan cannot
// judge this operand type.
int keeps(Gen g, bool vop, const OperandSpec& op, Fld f, int code) {
  const OpType t = op.type;
  const int dw = typeDwords(t);
  if (isFreeImm(t)) return 1;
  if (isSreg(t)) {
    if (code >= 256) return 0;
    // scalarOperandsOk: an explicit e64 carry-in/mask is an SGPR pair.
    if (vop && op.role == Role::src2 && (code >= 128 || (t == OpType::s64 && code == opc::kExecLo)))
      return 0;
    return sregOk(g, code, dw);
  }
  if (isVreg(t)) {
    int v;
    if (isSrcField(f) && vop) {
      if (code < opc::kVgpr0) return 0;  // vgprOnlyBad
      v = code - opc::kVgpr0;
    } else if (f == Fld::VDST || (!vop && isVgprIndexField(f))) {
      v = code;
    } else {
      return -1;
    }
    return v + dw <= 256;  // vgprRangeBad, canonDs's vgprFits
  }
  if (!vop) return isSrcType(t) && code < 256 ? -2 : -1;  // scalar sources: below
  if (!isSrcType(t)) return -1;
  if (code >= opc::kVgpr0) return code - opc::kVgpr0 + dw <= 256;
  return -2;
}

// A source-type code below 256 (SOP ssrc, VOP src): constants and scalar
// registers. Literal (255), lds_direct (254), the SDWA/DPP markers and the
// rarer specials take the full path.
bool srcCodeKept(Gen g, OpType t, int code) {
  if (code >= 128 && code <= 208) return true;  // inline integers
  if (code >= opc::kHalf && code <= opc::kInvPi2)
    return isInlineConstant(g, code) && !isInt16(t);  // VOP_INT16_FLOAT_INLINE
  if (code >= 128) return false;
  return sregOk(g, code, typeDwords(t));
}

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

  const uint64_t* intern(const Set512& s) {
    auto it = set_index.find(s);
    if (it != set_index.end()) return it->second;
    sets.push_back(s);
    const uint64_t* p = sets.back().data();
    set_index.emplace(s, p);
    return p;
  }

  // The accepted raw values of one field read by operands `ops`.
  std::pair<bool, const uint64_t*> fieldSet(const EncIndex::LinOp& s, int width, bool vop,
                                            const std::vector<const OperandSpec*>& ops) {
    std::vector<uint16_t> sig;
    for (const OperandSpec* op : ops) sig.push_back(uint16_t(int(op->type) << 8 | int(op->role)));
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
        int k = keeps(g, vop, *op, s.fld, code);
        if (k == -2) k = srcCodeKept(g, op->type, code);
        if (k < 0) {
          res.first = false;
          break;
        }
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

  enum class Act { FREE, ZERO, SET, FAIL, GENERIC };

  // Memory and scalar-memory fields (canon_memory.cc, canonicalizeScalar):
  // what the full path keeps, restated as accepted values. `mask` is the
  // field's bits in the word; implications go to *p.
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
      return setOf({100, int(s.shift), int(s.add), dw}, [dw](int v) { return v < 256 && v + dw <= 256; });
    };
    auto codeSet = [&](int tag, auto pred) {
      int shift = s.shift, add = s.add, width = __builtin_popcountll(s.mask);
      return setOf({tag, int(g), shift, add, width}, [&](int raw) {
        return raw < (1 << width) && pred(int((uint64_t(raw) << shift) + add));
      });
    };
    const bool uses_offset = rowHas(ri, Role::offset);
    switch (d.enc) {
      case Enc::SMRD: case Enc::SMEM:
        switch (f) {
          case Fld::IMM:
            // An immediate offset only: IMM = 0 (SGPR offset, GFX7 literal)
            // takes the full path.
            if (uses_offset) {
              p->must_mask |= mask;
              p->must_value |= mask;
              return Act::FREE;
            }
            return Act::ZERO;
          case Fld::OFFSET: return uses_offset ? Act::FREE : Act::ZERO;
          case Fld::SOE: case Fld::SOFFSET: case Fld::NV: return Act::ZERO;
          case Fld::GLC:
            return d.enc == Enc::SMEM && (d.flags & (F_LOAD | F_STORE | F_ATOMIC)) ? Act::FREE
                                                                                  : Act::ZERO;
          case Fld::SDATA: {
            const OperandSpec* op = opOf(Role::sdata);
            if (!op) return Act::ZERO;
            if (!isSreg(op->type)) return Act::FAIL;
            const int dw = typeDwords(op->type);
            // SReg_*_XM0_XEXEC (SMEM_SDATA_M0_EXEC).
            *set = codeSet(101 + dw, [&](int c) {
              return sregOk(g, c, dw) && c != opc::kM0 && c != opc::kExecLo && c != opc::kExecHi;
            });
            return Act::SET;
          }
          default: return Act::GENERIC;  // SBASE: an operand
        }
      case Enc::MUBUF: case Enc::MTBUF: {
        const bool old = g == Gen::GFX6 || g == Gen::GFX7;
        switch (f) {
          case Fld::OFFSET: case Fld::OFFEN: case Fld::IDXEN: case Fld::GLC: case Fld::SLC:
          case Fld::DFMT: case Fld::NFMT:
            return Act::FREE;
          case Fld::ADDR64: return old ? Act::FREE : Act::ZERO;
          case Fld::TFE:
            return d.enc == Enc::MUBUF && !(d.flags & F_ATOMIC) ? Act::FREE : Act::ZERO;
          case Fld::VADDR:
            if (!opOf(Role::vaddr)) return Act::ZERO;
            // Ignored (cleared) unless offen, idxen or addr64 is set.
            p->imp_if = mask;
            p->imp_then = slotMask(Fld::OFFEN) | slotMask(Fld::IDXEN) | slotMask(Fld::ADDR64);
            *set = vgprSet(2);
            return Act::SET;
          case Fld::VDATA: {
            const OperandSpec* op = opOf(Role::vdata);
            if (!op) op = opOf(Role::vdst);
            if (!op) return Act::ZERO;
            *set = vgprSet(typeDwords(op->type) + 1);  // + tfe
            return Act::SET;
          }
          case Fld::SRSRC:
            *set = codeSet(110, [&](int c) { return memorySregTupleValid(g, c, 4); });
            return Act::SET;
          case Fld::SOFFSET:
            *set = codeSet(111, [&](int c) { return memorySoffsetValid(g, c); });
            return Act::SET;
          default: return Act::GENERIC;
        }
      }
      case Enc::FLAT:
        switch (f) {
          case Fld::OFFSET: case Fld::GLC: case Fld::SLC: return Act::FREE;
          case Fld::TFE: case Fld::NV: return Act::ZERO;
          case Fld::SADDR:
            if (!(d.flags & F_GLOBAL)) return Act::ZERO;
            *set = codeSet(120, [&](int c) { return c == 0x7f || (c % 2 == 0 && sregOk(g, c, 2)); });
            return Act::SET;
          case Fld::VADDR: *set = vgprSet(2); return Act::SET;
          case Fld::VDATA: case Fld::VDST: {
            const OperandSpec* op = opOf(f == Fld::VDST ? Role::vdst : Role::vdata);
            if (!op) return Act::ZERO;
            if (f == Fld::VDST && (d.flags & F_ATOMIC)) {
              // No glc: no return value, vdst cleared.
              p->imp_if = mask;
              p->imp_then = slotMask(Fld::GLC);
            }
            *set = vgprSet(typeDwords(op->type));
            return Act::SET;
          }
          default: return Act::GENERIC;
        }
      case Enc::MIMG:
        switch (f) {
          case Fld::DMASK: case Fld::UNORM: case Fld::GLC: case Fld::SLC: case Fld::R128:
          case Fld::TFE: case Fld::LWE: case Fld::DA:
            return Act::FREE;
          case Fld::D16: return (d.flags & F_NO_D16) ? Act::ZERO : Act::FREE;
          case Fld::VDATA: {
            const OperandSpec* op = opOf(Role::vdata);
            if (!op) op = opOf(Role::vdst);
            if (!op) return Act::ZERO;
            // The data width follows dmask, tfe and d16: at most 4 + 1.
            *set = vgprSet(std::max(typeDwords(op->type), 5));
            return Act::SET;
          }
          case Fld::VADDR: {
            const OperandSpec* op = opOf(Role::vaddr);
            if (!op) return Act::ZERO;
            *set = vgprSet(typeDwords(op->type));
            return Act::SET;
          }
          case Fld::SRSRC:
            *set = codeSet(130, [&](int c) { return memorySregTupleValid(g, c, 8); });
            return Act::SET;
          case Fld::SSAMP:
            if (!opOf(Role::ssamp)) return Act::ZERO;
            *set = codeSet(131, [&](int c) { return memorySregTupleValid(g, c, 4); });
            return Act::SET;
          default: return Act::GENERIC;
        }
      default:
        return Act::GENERIC;
    }
  }

  // The SDWA / DPP form of e32 row d (dword0 encoding e): see ExtPlan and
  // canonicalizeVopExt, whose rules the checks below restate as accepted
  // values. Returns nullptr when the form takes the full path.
  const ExtPlan* buildExt(const InstDesc& d, int id, Enc e, Enc x) {
    const EncIndex& bi = gi.enc[int(e)];
    const EncIndex& xi = gi.enc[int(x)];
    if (!xi.present) return nullptr;
    if ((x == Enc::SDWA && (d.flags & F_NO_SDWA)) || (x == Enc::DPP && (d.flags & F_NO_DPP)))
      return nullptr;
    const RowInfo& ri = rowInfo(d);
    const bool sdwa = x == Enc::SDWA;
    const bool gfx9 = g == Gen::GFX9;
    const bool vopc = d.enc == Enc::VOPC, vop1 = d.enc == Enc::VOP1;
    ExtPlan xp;
    xp.id = int16_t(id);
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
    auto zero = [&](Fld f) { xp.zero[xp.nzero++] = f; };
    if (sdwa) {
      if (vop1) {
        // The src1 byte (bits 56-61, and S1 on GFX9) must be zero.
        xp.must_mask |= 0x3full << 56;
        if (gfx9) xp.must_mask |= 1ull << 63;
        zero(Fld::SRC1);
        zero(Fld::SRC1_SEL);
      }
      if (vopc && gfx9) {
        zero(Fld::DST_SEL);
        zero(Fld::DST_UNUSED);
        zero(Fld::CLAMP);
        zero(Fld::OMOD);
        xp.vopc_sd = true;
      } else {
        zero(Fld::SDST);
        zero(Fld::SD);
      }
    }
    auto zeroed = [&](Fld f) {
      for (int k = 0; k < xp.nzero; ++k)
        if (xp.zero[k] == f) return true;
      return false;
    };
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
              if (k == -2) k = srcCodeKept(g, op->type, v);
              if (k != 1) return false;
            }
            return true;
          });
        } else {
          switch (f) {
            case Fld::NEG: set = bitsIn(neg_ok); break;
            case Fld::ABS: set = bitsIn(abs_ok); break;
            case Fld::SEXT: set = bitsIn(sext_ok); break;
            case Fld::DST_SEL: set = vopc ? range(0, 0) : range(0, 6); break;
            case Fld::DST_UNUSED: set = vopc ? range(0, 0) : range(0, 2); break;
            case Fld::SRC0_SEL: case Fld::SRC1_SEL: set = range(0, 6); break;
            case Fld::OMOD:
              if (sdwa && gfx9 && sdwaOmodAllowed(d)) continue;
              set = range(0, 0);
              break;
            case Fld::CLAMP: case Fld::BOUND_CTRL: case Fld::ROW_MASK: case Fld::BANK_MASK:
              continue;  // kept as they are
            case Fld::DPP_CTRL: set = setOf({kDpp}, [](int v) { return dppCtrlValid(v); }); break;
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
    }
    exts.push_back(xp);
    return &exts.back();
  }

  bool build(Enc e, int id, DecodePlan* p) {
    const EncIndex& ei0 = gi.enc[int(e)];
    if (id < 0) return false;
    const InstDesc& d = instDesc(id);
    switch (d.enc) {
      case Enc::SOP1: case Enc::SOP2: case Enc::SOPC: case Enc::SOPK: case Enc::SOPP:
      case Enc::VOP1: case Enc::VOP2: case Enc::VOPC: case Enc::VOP3: case Enc::VOP3B:
      case Enc::SMRD: case Enc::SMEM: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
        break;
      case Enc::FLAT:
        if (d.flags & F_SCRATCH) return false;
        break;
      case Enc::DS:
        if (d.flags & F_GDS_ONLY) return false;
        break;
      default:
        return false;  // VOP3P, interpolation, export: full path
    }
    if (d.flags & F_LDS_DIRECT) return false;
    // Buffer rows without vaddr reject offen/idxen/addr64 (canonBuffer).
    if ((d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) && !rowHas(rowInfo(d), Role::vaddr))
      return false;
    const bool memory = !isVopEnc(d.enc) && d.enc != Enc::SOP1 && d.enc != Enc::SOP2 &&
                        d.enc != Enc::SOPC && d.enc != Enc::SOPK && d.enc != Enc::SOPP &&
                        d.enc != Enc::DS;
    const RowInfo& ri = rowInfo(d);
    constexpr uint32_t kSpecialFacts = RF_INTERP | RF_INTERP_E64 | RF_READLANE | RF_WRITELANE |
                                       RF_READFIRSTLANE | RF_SWAP | RF_BARE;
    if ((ri.facts & kSpecialFacts) || (d.flags & F_LITERAL_K) || d.num_operands == 0) return false;
    for (int i = 0; i < d.num_operands; ++i)
      if (d.operand[i].type == OpType::sendmsg) return false;  // canonicalSendmsg
    Enc enc = e;
    const EncIndex* ei = &ei0;
    if (e == Enc::VOP3 && (d.enc == Enc::VOP3B || (isVopShort(d.enc) && (d.flags & F_VOP3B)))) {
      enc = Enc::VOP3B;
      ei = &gi.enc[int(Enc::VOP3B)];
    }
    if (!ei->split_ok) return false;
    const bool vop = isVopEnc(d.enc);
    Form form = Form::NATIVE;
    if (isVopShort(d.enc)) form = e == Enc::VOP3 ? Form::E64 : Form::E32;
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
    p->must_mask = p->must_value = 0;
    // Row selection (findRow / rowSelectorMatches): the selector fields
    // must hold this row's values.
    bool selector[kNumFlds] = {};
    for (const FieldSlot& fs : ei0.selectors) {
      uint64_t want;
      if (fs.fld == Fld::SEG) want = (d.flags & F_GLOBAL) ? 2 : (d.flags & F_SCRATCH) ? 1 : 0;
      else if (fs.fld == Fld::LDS && (d.enc == Enc::MUBUF || d.enc == Enc::FLAT))
        want = (d.flags & F_LDS_DIRECT) ? 1 : 0;
      else
        continue;
      uint64_t m = ((1ull << fs.width) - 1) << fs.lo;
      p->must_mask |= m;
      p->must_value |= want << fs.lo;
      selector[size_t(fs.fld)] = true;
    }
    std::vector<EncIndex::LinOp> lin;
    bool checked[kNumFlds] = {}, must_zero[kNumFlds] = {};
    for (const EncIndex::LinOp& s : ei->lin) {
      if (d.enc == Enc::DS) {
        // canonDs: one view of the offset bits is kept (any value), the
        // other dropped; GDS is free unless the row cannot take it.
        bool ds2 = d.flags & F_DS2;
        if (s.fld == Fld::OFFSET0 || s.fld == Fld::OFFSET1 || s.fld == Fld::OFFSET) {
          if (ds2 == (s.fld != Fld::OFFSET)) lin.push_back(s);
          continue;
        }
        if (s.fld == Fld::GDS && !(d.flags & F_NOGDS)) {
          lin.push_back(s);
          continue;
        }
      }
      lin.push_back(s);
      if (s.fld == Fld::OP || s.fld == Fld::RESERVED || selector[size_t(s.fld)]) continue;
      const int width = __builtin_popcountll(s.mask);
      if (memory) {
        const uint64_t* set = nullptr;
        Act a = memField(d, *ei, s, p, &set);
        if (a == Act::FAIL) return false;
        if (a == Act::FREE) continue;
        if (a == Act::ZERO) {
          p->must_mask |= s.mask << s.lo;
          must_zero[size_t(s.fld)] = true;
          continue;
        }
        if (a == Act::SET) {
          if (width > 9 || p->nchecks == DecodePlan::kMaxChecks) return false;
          p->checks[p->nchecks++] = PlanCheck{s.lo, uint8_t(width), set};
          checked[size_t(s.fld)] = true;
          continue;
        }
      }
      std::vector<const OperandSpec*> ops;
      for (int i = 0; i < d.num_operands; ++i)
        if (operandField(fake, d.operand[i]) == s.fld) ops.push_back(&d.operand[i]);
      if (ops.empty()) {
        // A field no operand reads: modifier bits the row takes are free,
        // everything else must be zero (the full path clears or rejects).
        uint64_t allowed = 0;
        if (vop3_form && s.fld == Fld::OP_SEL && g == Gen::GFX9 && enc == Enc::VOP3 &&
            !(d.flags & F_OPSEL)) {
          lin.pop_back();  // canonicalizeVop clears it: never set in the Inst
          continue;
        }
        if (vop3_form && (s.fld == Fld::NEG || s.fld == Fld::ABS)) {
          for (int si = 0; si < 3; ++si) {
            if (ri.src[si] < 0) continue;
            SrcMods m = vopSrcMods(fake, d, si);
            if (m == SrcMods::FP || (m == SrcMods::INT && s.fld == Fld::NEG)) allowed |= 1u << si;
          }
        } else if (vop3_form && s.fld == Fld::CLAMP) {
          if (vop3ClampOk(d, g)) allowed = s.mask;
        } else if (vop3_form && s.fld == Fld::OMOD) {
          if (vop3OmodOk(d)) allowed = s.mask;
        } else if (vop3_form && s.fld == Fld::OP_SEL && g == Gen::GFX9 && enc == Enc::VOP3 &&
                   (d.flags & F_OPSEL)) {
          allowed = 8;  // the destination bit
          for (int si = 0; si < 3; ++si)
            if (ri.src[si] >= 0) allowed |= 1u << si;
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
          uint64_t keep = g == Gen::GFX9 ? 0xcf7fu : 0x0f7fu;
          p->must_mask |= (s.mask & ~keep) << s.lo;
        }
      }
      if (free_imm) continue;
      if (width > 9) return false;
      std::pair<bool, const uint64_t*> fs = fieldSet(s, width, vop, ops);
      if (!fs.first) return false;
      if (!fs.second) continue;
      if (p->nchecks == DecodePlan::kMaxChecks) return false;
      p->checks[p->nchecks++] = PlanCheck{s.lo, uint8_t(width), fs.second};
      checked[size_t(s.fld)] = true;
    }
    // `rest` ops (SEXT, HI, S0, S1) change a field after its raw bits were
    // checked: only fields without a check may have them. A SEXT field has
    // no `lin` op: it is free only where the row reads it as an immediate.
    bool in_lin[kNumFlds] = {};
    for (const EncIndex::LinOp& s : ei->lin) in_lin[size_t(s.fld)] = true;
    for (const FieldOp& r : ei->rest) {
      if (checked[size_t(r.fld)] || r.xform == Xform::S0 || r.xform == Xform::S1) return false;
      if (r.xform == Xform::HI) {
        if (!in_lin[size_t(r.fld)] || must_zero[size_t(r.fld)]) p->must_mask |= r.mask << r.lo;
        continue;
      }
      if (in_lin[size_t(r.fld)]) return false;
      bool free_field = false;
      if (memory) {
        EncIndex::LinOp pseudo{r.mask, r.lo, r.fld, 0, 0};
        const uint64_t* unused = nullptr;
        Act a = memField(d, *ei, pseudo, p, &unused);
        if (a == Act::FAIL || a == Act::SET) return false;
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
    p->rest = ei->rest.data();
    p->nrest = uint8_t(ei->rest.size());
    lins.push_back(std::move(lin));
    p->lin = lins.back().data();
    p->nlin = uint8_t(lins.back().size());
    if (form == Form::E32 && g >= Gen::GFX8) {
      for (const EncIndex::LinOp& s : ei->lin)
        if (s.fld == Fld::SRC0) {
          p->src0_lo = s.lo;
          p->src0_mask = uint16_t(s.mask);
          p->sdwa = buildExt(d, id, e, Enc::SDWA);
          p->dpp = buildExt(d, id, e, Enc::DPP);
        }
    }
    return true;
  }
};

struct PlanStore {
  GenPlans plans;
  std::vector<DecodePlan> storage[kNumEncs];
  std::deque<Set512> sets;
  std::deque<std::vector<EncIndex::LinOp>> lins;
  std::deque<ExtPlan> exts;
  std::deque<DecodePlan> chain;  // rows sharing an opcode
};

PlanStore* buildPlans(Gen g) {
  auto* store = new PlanStore;
  Builder b{g, genIndex(g), {}, {}, {}, {}, {}, {}};
  for (int e = 0; e < kNumEncs; ++e) {
    const EncIndex& ei = b.gi.enc[e];
    if (!ei.present) continue;
    std::vector<DecodePlan>& v = store->storage[e];
    v.resize(ei.rows.size());
    for (size_t op = 0; op < ei.rows.size(); ++op) {
      if (ei.alternatives.empty() || ei.alternatives[op].empty()) {
        if (!b.build(Enc(e), ei.rows[op], &v[op])) v[op] = DecodePlan{};
        continue;
      }
      // Several rows share the opcode: findRow's choice, then its plan.
      DecodePlan head;
      head.alts = true;
      const DecodePlan** link = &head.next;
      for (int16_t alt : ei.alternatives[op]) {
        store->chain.emplace_back();
        DecodePlan& q = store->chain.back();
        if (!b.build(Enc(e), alt, &q)) q = DecodePlan{};
        q.row = alt;
        *link = &q;
        link = &q.next;
      }
      v[op] = head;
    }
    store->plans.plans[e] = v.data();
    store->plans.count[e] = v.size();
  }
  store->sets = std::move(b.sets);  // deque moves keep element addresses
  store->lins = std::move(b.lins);
  store->exts = std::move(b.exts);
  return store;
}

inline uint32_t load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

const Inst kBlank{};

// One function-local static per generation: built on first use (a few ms),
// then a guard-byte check per call.
template <int G>
const GenPlans& plansOf() {
  static const PlanStore* const store = buildPlans(Gen(G));
  return store->plans;
}

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

bool decodeExt(const Target& t, const ExtPlan& x, Enc enc, uint32_t w0, const uint8_t* bytes,
               size_t len, Inst* out, DecodeResult* r) {
  if (len < 8) return false;
  const uint64_t w = w0 | uint64_t(load32(bytes + 4)) << 32;
  if ((w & x.must_mask) != x.must_value) return false;
  union Raw {
    Raw() {}
    Inst inst;
  } raw;  // filled by the copy below, not by a constructor
  Inst& tmp = raw.inst;
  std::memcpy(static_cast<void*>(&tmp), &kBlank, sizeof(Inst));
  applyOps(x.lin, x.nlin, x.rest, x.nrest, w, tmp.f.data());
  for (int k = 0; k < x.nzero; ++k) tmp[x.zero[k]] = 0;
  for (int k = 0; k < x.nchecks; ++k)
    if (!inSet(x.checks[k].ok, tmp[x.checks[k].fld])) return false;
  if (x.vopc_sd) {
    // canonicalizeVopExt: without SD the destination is VCC (SDST cleared);
    // SD with SDST = vcc_lo is the same instruction, canonically SD = 0.
    if (!tmp[Fld::SD]) {
      tmp[Fld::SDST] = 0;
    } else if (tmp[Fld::SDST] == opc::kVccLo) {
      tmp[Fld::SD] = 0;
      tmp[Fld::SDST] = 0;
    } else if (!inSet(x.sdst_ok, tmp[Fld::SDST])) {
      return false;
    }
  }
  if (!t.has(instDesc(x.id))) return false;
  tmp.id = uint16_t(x.id);
  tmp.gen = t.gen;
  tmp.enc = enc;
  tmp.form = x.form;
  tmp.size = 8;
  std::memcpy(static_cast<void*>(out), &tmp, sizeof(Inst));
  r->status = DecodeStatus::OK;
  r->size = 8;
  return true;
}

}  // namespace

const GenPlans& genPlans(Gen g) {
  switch (g) {
    case Gen::GFX6: return plansOf<0>();
    case Gen::GFX7: return plansOf<1>();
    case Gen::GFX8: return plansOf<2>();
    default: return plansOf<3>();
  }
}

bool decodeWithPlan(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                    DecodeResult* r) {
  if (len < 4) return false;
  const GenIndex& gi = genIndex(t.gen);
  const uint32_t w0 = load32(bytes);
  const int e = gi.enc_by_prefix[w0 >> 23];
  if (e < 0) return false;
  const EncIndex& ei0 = gi.enc[e];
  const GenPlans& gp = genPlans(t.gen);
  uint64_t w = w0;
  if (ei0.dwords > 1) {
    if (len < 8) return false;
    w |= uint64_t(load32(bytes + 4)) << 32;
  }
  const size_t op = size_t(extractBits(w, ei0.op_lo, ei0.op_width));
  if (op >= gp.count[e]) return false;
  const DecodePlan* pp = &gp.plans[e][op];
  if (pp->alts) {
    do pp = pp->next;
    while (pp && !(t.has(instDesc(pp->row)) && rowSelectorMatches(instDesc(pp->row), ei0, w)));
    if (!pp) return false;
  }
  const DecodePlan& p = *pp;
  if (p.sdwa || p.dpp) {
    uint32_t src0 = (w0 >> p.src0_lo) & p.src0_mask;
    if (src0 == uint32_t(opc::kSdwa))
      return p.sdwa && decodeExt(t, *p.sdwa, Enc(e), w0, bytes, len, out, r);
    if (src0 == uint32_t(opc::kDpp))
      return p.dpp && decodeExt(t, *p.dpp, Enc(e), w0, bytes, len, out, r);
  }
  if (p.id < 0 || (w & p.must_mask) != p.must_value) return false;
  for (int k = 0; k < p.nchecks; ++k) {
    const PlanCheck& c = p.checks[k];
    uint64_t raw = (w >> c.lo) & ((1u << c.width) - 1);
    if (!((c.ok[raw >> 6] >> (raw & 63)) & 1)) return false;
  }
  if ((w & p.imp_if) && !(w & p.imp_then)) return false;
  if (!t.has(instDesc(p.id))) return false;
  std::memcpy(static_cast<void*>(out), &kBlank, sizeof(Inst));
  out->id = uint16_t(p.id);
  out->gen = t.gen;
  out->enc = p.enc;
  out->form = p.form;
  out->size = p.size;
  applyOps(p.lin, p.nlin, p.rest, p.nrest, w, out->f.data());
  r->status = DecodeStatus::OK;
  r->size = p.size;
  return true;
}

}  // namespace gcn
