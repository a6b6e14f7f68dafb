#include "isa/processors.h"
#include "properties/inst_gen.h"

#include <ostream>
#include <random>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "space/inst_space.h"

namespace gcn {

const std::vector<Target>& propertyTargets() {
  static const std::vector<Target> v = [] {
    std::vector<Target> out;
    for (std::string_view cpu : kInstructionSetCpus) {
      Target t;
      std::string err;
      if (targetFromName(cpu, &t, &err)) out.push_back(t);
    }
    return out;
  }();
  return v;
}

namespace {

struct RowForm {
  int target;
  int row;
  Form form;
};

const std::vector<RowForm>& rowForms() {
  static const std::vector<RowForm> v = [] {
    std::vector<RowForm> out;
    const auto& ts = propertyTargets();
    for (int ti = 0; ti < int(ts.size()); ++ti)
      for (int id = 0; id < numInsts(); ++id)
        for (Form f : formsOf(ts[size_t(ti)], instDesc(id))) out.push_back({ti, id, f});
    return out;
  }();
  return v;
}

// A random decodable instance of one of `rf`'s triples.
rc::Gen<GenInst> genFrom(std::shared_ptr<const std::vector<RowForm>> rfp) {
  return rc::gen::exec([rfp] {
    const auto& rf = *rfp;
    RC_PRE(!rf.empty());
    for (int attempt = 0; attempt < 64; ++attempt) {
      const RowForm& pick =
          rf[size_t(*rc::gen::inRange<size_t>(0, rf.size()))];
      const Target& t = propertyTargets()[size_t(pick.target)];
      std::mt19937_64 rng(*rc::gen::arbitrary<uint64_t>());
      // One random combination of field values on the row's base word; the
      // base itself (all-zero modifiers) now and then.
      bool base_only = *rc::gen::inRange(0, 8) == 0;
      GenInst out;
      bool found = false;
      forEachCandidate(t, pick.row, pick.form, 0, base_only ? 0 : 1, rng,
                       [&](const Candidate& c) {
                         Inst inst;
                         if (found && base_only) return;
                         if (decode(t, c.bytes, c.len, &inst).ok() && inst.id == pick.row &&
                             inst.form == pick.form) {
                           out = GenInst{t, inst, std::vector<uint8_t>(c.bytes, c.bytes + inst.size)};
                           found = true;
                         }
                       });
      if (found) return out;
    }
    RC_DISCARD("no decodable instance found");
  });
}

}  // namespace

rc::Gen<GenInst> genInst() {
  static const auto all = std::make_shared<const std::vector<RowForm>>(rowForms());
  return genFrom(all);
}

rc::Gen<GenInst> genInstWhere(const RowFormFilter& keep) {
  auto v = std::make_shared<std::vector<RowForm>>();
  for (const RowForm& r : rowForms())
    if (keep(propertyTargets()[size_t(r.target)], r.row, r.form)) v->push_back(r);
  return genFrom(v);
}

}  // namespace gcn

std::ostream& operator<<(std::ostream& os, const gcn::GenInst& g) {
  os << g.target.name << " [";
  for (size_t i = 0; i < g.bytes.size(); ++i) {
    char buf[8];
    std::snprintf(buf, sizeof buf, i ? ",0x%02x" : "0x%02x", g.bytes[i]);
    os << buf;
  }
  os << "] " << gcn::printInst(g.inst) << "  {" << gcn::debugString(g.inst) << "}";
  return os;
}
