// Minimising class examples: every encoding field that differs from the
// row's base instance is reset on its own; fields whose reset keeps the
// finding are unrelated and all reset together, the others are what the
// finding needs. Two tool rounds for all classes together.
#include <cstring>

#include "decoder/decoder.h"
#include "difftest/compare.h"
#include "difftest/run.h"
#include "isa/index.h"
#include "space/inst_space.h"

namespace gcn::difftest {
namespace {

struct Slot {
  Enc enc;
  FieldSlot s;
};

uint64_t word64(const std::vector<uint8_t>& b) {
  uint64_t w = 0;
  std::memcpy(&w, b.data(), std::min<size_t>(8, b.size()));
  return w;
}

void setSlot(std::vector<uint8_t>* b, const FieldSlot& s, uint64_t from_word) {
  uint64_t w = word64(*b);
  uint64_t mask = (s.width >= 64 ? ~0ull : ((1ull << s.width) - 1)) << s.lo;
  w = (w & ~mask) | (from_word & mask);
  std::memcpy(b->data(), &w, std::min<size_t>(8, b->size()));
}

struct Plan {
  size_t cls;
  bool enc;
  std::vector<uint8_t> bytes, base;
  std::vector<Slot> slots;       // slots that differ from the base
  std::vector<size_t> variant;   // index into the round's inputs, or SIZE_MAX
  std::vector<bool> essential;
  size_t combined = SIZE_MAX;
};

bool persists(const Target& t, const Input& in, const ToolAnswer& a, bool enc,
              const std::string& sig, Finding* f) {
  Verdict v = enc ? compareEncode(t, in, a, f) : compareDecode(t, in, a, f);
  return v == Verdict::DIFFER && f->signature() == sig;
}

}  // namespace

void minimiseClasses(const Target& t, std::vector<FindingClass>* classes,
                     const std::function<std::vector<ToolAnswer>(const std::vector<Input>&, bool)>& ask) {
  const GenIndex& gi = genIndex(t.gen);
  std::vector<Plan> plans;
  std::vector<Input> round[2];  // [decode, encode]
  for (size_t k = 0; k < classes->size(); ++k) {
    const Finding& ex = (*classes)[k].example;
    if (ex.kind == Kind::DECODE_WE_REJECT || ex.kind == Kind::ENCODE_WE_REJECT ||
        ex.kind == Kind::ENCODE_BOTH_REFUSE ||
        ex.kind == Kind::REASM_MISMATCH || ex.kind == Kind::REASM_WE_REJECT)
      continue;
    Plan p;
    p.cls = k;
    p.enc = ex.kind == Kind::ENCODE_MISMATCH || ex.kind == Kind::ENCODE_THEY_REJECT ||
            ex.kind == Kind::ENCODE_CRASH;
    p.bytes = ex.bytes;
    p.bytes.resize(12, 0);
    Inst inst;
    if (!decode(t, p.bytes.data(), p.bytes.size(), &inst).ok()) continue;
    Candidate base;
    if (!baseCandidate(t, inst.id, inst.form, &base)) continue;
    p.base.assign(base.bytes, base.bytes + 12);
    canonicalise(t, &p.base);
    uint64_t w = word64(p.bytes), bw = word64(p.base);
    std::vector<Enc> layouts{inst.enc};
    if (inst.form == Form::SDWA) layouts.push_back(Enc::SDWA);
    if (inst.form == Form::DPP) layouts.push_back(Enc::DPP);
    for (Enc le : layouts)
      for (const FieldSlot& s : gi.enc[int(le)].fields) {
        if (s.fld == Fld::OP) continue;
        if (le == inst.enc && (inst.form == Form::SDWA || inst.form == Form::DPP) && s.fld == Fld::SRC0)
          continue;  // the SDWA/DPP marker
        if (extractBits(w, s.lo, s.width) == extractBits(bw, s.lo, s.width)) continue;
        p.slots.push_back({le, s});
      }
    if (p.slots.empty()) continue;
    for (const Slot& s : p.slots) {
      Input in{p.bytes, ex.origin};
      setSlot(&in.bytes, s.s, bw);
      Inst dummy;
      if (p.enc && !decode(t, in.bytes.data(), in.bytes.size(), &dummy).ok()) {
        p.variant.push_back(SIZE_MAX);  // cannot print it: keep the field
        continue;
      }
      p.variant.push_back(round[p.enc].size());
      round[p.enc].push_back(std::move(in));
    }
    plans.push_back(std::move(p));
  }
  if (plans.empty()) return;
  std::vector<ToolAnswer> ans[2];
  for (int e = 0; e < 2; ++e)
    if (!round[e].empty()) ans[e] = ask(round[e], e == 1);
  std::vector<Input> second[2];
  for (Plan& p : plans) {
    const FindingClass& c = (*classes)[p.cls];
    std::vector<uint8_t> comb = p.bytes;
    uint64_t bw = word64(p.base);
    bool any_reset = false;
    for (size_t i = 0; i < p.slots.size(); ++i) {
      Finding f;
      bool keep = p.variant[i] == SIZE_MAX ||
                  !persists(t, round[p.enc][p.variant[i]], ans[p.enc][p.variant[i]], p.enc,
                            c.signature, &f);
      p.essential.push_back(keep);
      if (!keep) {
        setSlot(&comb, p.slots[i].s, bw);
        any_reset = true;
      }
    }
    Inst dummy;
    if (any_reset && (!p.enc || decode(t, comb.data(), comb.size(), &dummy).ok())) {
      p.combined = second[p.enc].size();
      second[p.enc].push_back(Input{comb, c.example.origin});
    }
  }
  std::vector<ToolAnswer> ans2[2];
  for (int e = 0; e < 2; ++e)
    if (!second[e].empty()) ans2[e] = ask(second[e], e == 1);
  for (Plan& p : plans) {
    FindingClass& c = (*classes)[p.cls];
    for (size_t i = 0; i < p.slots.size(); ++i) {
      if (!p.essential[i]) continue;
      const Slot& s = p.slots[i];
      char buf[64];
      std::snprintf(buf, sizeof buf, "bits %u-%u = 0x%llx", s.s.lo, s.s.lo + s.s.width - 1,
                    (unsigned long long)extractBits(word64(p.bytes), s.s.lo, s.s.width));
      c.essential.push_back({std::string(encName(s.enc)) + "." + std::string(fldName(s.s.fld)), "", "", buf});
    }
    Finding f;
    if (p.combined != SIZE_MAX &&
        persists(t, second[p.enc][p.combined], ans2[p.enc][p.combined], p.enc, c.signature, &f)) {
      c.example = f;
      c.minimised = true;
    }
  }
}

}  // namespace gcn::difftest
