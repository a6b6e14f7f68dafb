#include "prove/z3_equiv.h"

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cstring>
#include <cinttypes>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "semantics/emulator/emulator.h"
#include "semantics/emulator/program.h"
#include "semantics/z3/z3_ctx.h"

namespace gcn::prop {

using namespace gcn::sem;

const char* statusName(EquivResult::Status s) {
  switch (s) {
    case EquivResult::EQUIVALENT: return "equivalent";
    case EquivResult::NOT_EQUIVALENT: return "not equivalent";
    case EquivResult::TIMEOUT: return "timeout";
    case EquivResult::UNKNOWN: return "unknown";
    default: return "error";
  }
}

namespace {

std::string hex(uint64_t v, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%0*" PRIx64, digits, v);
  return b;
}

// A live-out location.
struct Loc {
  enum Kind { SREG, VREG, SCC } kind;
  int reg = 0;
  std::string name;
};

bool parseIndex(const std::string& s, size_t* i, int* out) {
  size_t j = *i;
  while (j < s.size() && isdigit((unsigned char)s[j])) ++j;
  if (j == *i) return false;
  *out = std::stoi(s.substr(*i, j - *i));
  *i = j;
  return true;
}

// "v3", "v[2:3]", "s5", "s[4:5]", "vcc", "vcc_lo", "exec", "m0", "scc"...
// Appends the 32-bit locations; false with a message for anything else.
bool parseReg(const std::string& name, std::vector<Loc>* out, std::string* err) {
  static const std::map<std::string, std::pair<int, int>> special = {
      {"vcc", {106, 2}}, {"vcc_lo", {106, 1}}, {"vcc_hi", {107, 1}},
      {"exec", {126, 2}}, {"exec_lo", {126, 1}}, {"exec_hi", {127, 1}},
      {"m0", {124, 1}}, {"flat_scratch", {102, 2}}};
  if (name == "scc") { out->push_back({Loc::SCC, 0, "scc"}); return true; }
  auto it = special.find(name);
  if (it != special.end()) {
    for (int k = 0; k < it->second.second; ++k)
      out->push_back({Loc::SREG, it->second.first + k, ""});
    return true;
  }
  if (int row, count; vectorRowsOfName(name, &row, &count)) {
    for (int r = row; r < row + count; ++r) out->push_back({Loc::VREG, r, ""});
    return true;
  }
  if (name.size() >= 2 && name[0] == 's') {
    size_t i = 1;
    int a = 0, b = 0;
    bool ok;
    if (name[1] == '[') {
      i = 2;
      ok = parseIndex(name, &i, &a) && i < name.size() && name[i++] == ':' &&
           parseIndex(name, &i, &b) && i < name.size() && name[i++] == ']' && i == name.size() && b >= a;
    } else {
      ok = parseIndex(name, &i, &a) && i == name.size();
      b = a;
    }
    if (ok && b < 104) {
      for (int r = a; r <= b; ++r) out->push_back({Loc::SREG, r, ""});
      return true;
    }
  }
  *err = "unknown register '" + name + "' (expected vN, v[A:B], aN, a[A:B], sN, s[A:B], vcc, exec, m0, scc)";
  return false;
}

// ---- --assume expressions ---------------------------------------------------
// cond := and ('||' and)* ; and := not ('&&' not)* ; not := '!' not | cmp
// cmp := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum)? ; sum := term (op term)*
// term := number | register | '(' cond ')'. Values are 64-bit unsigned;
// a VGPR term means "in every lane".
class AssumeParser {
 public:
  AssumeParser(const std::string& s, Z3Wave& w) : s_(s), w_(w) {}
  bool parse(z3::expr* out, std::string* err) {
    z3::context& c = w_.init->ctx();
    z3::expr all = c.bool_val(true);
    // Parse once to learn whether VGPRs occur, then once per lane.
    lane_ = 0;
    pos_ = 0;
    uses_vgpr_ = false;
    Val v = cond();
    if (!err_.empty() || pos_ < s_.size()) return fail(err);
    if (!v.is_bool) { err_ = "the expression is not a condition (use a comparison)"; return fail(err); }
    all = v.e;
    if (uses_vgpr_) {
      for (int l = 1; l < w_.lanes(); ++l) {
        lane_ = l;
        pos_ = 0;
        all = all && cond().e;
      }
    }
    *out = all;
    return true;
  }

 private:
  struct Val { z3::expr e; bool is_bool; };
  bool fail(std::string* err) {
    if (err_.empty()) err_ = "unexpected '" + s_.substr(pos_) + "'";
    *err = "--assume: " + err_;
    return false;
  }
  void ws() { while (pos_ < s_.size() && isspace((unsigned char)s_[pos_])) ++pos_; }
  bool eat(const char* t) {
    ws();
    size_t n = std::strlen(t);
    if (s_.compare(pos_, n, t) == 0) {
      // "<" must not eat "<<" / "<=".
      if (n == 1 && (t[0] == '<' || t[0] == '>') && pos_ + 1 < s_.size() &&
          (s_[pos_ + 1] == t[0] || s_[pos_ + 1] == '='))
        return false;
      if (n == 1 && (t[0] == '&' || t[0] == '|') && pos_ + 1 < s_.size() && s_[pos_ + 1] == t[0])
        return false;
      pos_ += n;
      return true;
    }
    return false;
  }
  Val boolv(const z3::expr& e) { return {e, true}; }
  Val err(const std::string& m) {
    if (err_.empty()) err_ = m + " at column " + std::to_string(pos_ + 1);
    return {w_.init->ctx().bool_val(true), true};
  }
  Val cond() {
    Val a = conj();
    while (eat("||")) a = boolv(a.e || conj().e);
    return a;
  }
  Val conj() {
    Val a = neg();
    while (eat("&&")) a = boolv(a.e && neg().e);
    return a;
  }
  Val neg() {
    if (eat("!")) return boolv(!neg().e);
    return cmp();
  }
  Val cmp() {
    Val a = sum();
    static const char* ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    for (const char* op : ops) {
      if (!eat(op)) continue;
      Val b = sum();
      if (a.is_bool || b.is_bool) return err("comparison of conditions");
      std::string o = op;
      if (o == "==") return boolv(a.e == b.e);
      if (o == "!=") return boolv(a.e != b.e);
      if (o == "<=") return boolv(z3::ule(a.e, b.e));
      if (o == ">=") return boolv(z3::uge(a.e, b.e));
      if (o == "<") return boolv(z3::ult(a.e, b.e));
      return boolv(z3::ugt(a.e, b.e));
    }
    return a;
  }
  Val sum() {
    Val a = term();
    for (;;) {
      if (eat("+")) a.e = a.e + term().e;
      else if (eat("-")) a.e = a.e - term().e;
      else if (eat("*")) a.e = a.e * term().e;
      else if (eat("<<")) a.e = z3::shl(a.e, term().e);
      else if (eat(">>")) a.e = z3::lshr(a.e, term().e);
      else if (eat("&")) a.e = a.e & term().e;
      else if (eat("|")) a.e = a.e | term().e;
      else if (eat("^")) a.e = a.e ^ term().e;
      else return a;
    }
  }
  Val term() {
    z3::context& c = w_.init->ctx();
    ws();
    if (eat("(")) {
      Val v = cond();
      if (!eat(")")) return err("expected ')'");
      return v;
    }
    if (pos_ < s_.size() && isdigit((unsigned char)s_[pos_])) {
      size_t n = 0;
      uint64_t x = 0;
      try { x = std::stoull(s_.substr(pos_), &n, 0); } catch (...) { return err("bad number"); }
      pos_ += n;
      return {c.bv_val(uint64_t(x), 64), false};
    }
    size_t j = pos_;
    while (j < s_.size() && (isalnum((unsigned char)s_[j]) || s_[j] == '_' || s_[j] == '[' ||
                             s_[j] == ']' || s_[j] == ':'))
      ++j;
    std::string name = s_.substr(pos_, j - pos_);
    if (name.empty()) return err("expected a register, number or '('");
    std::vector<Loc> locs;
    std::string e;
    if (!parseReg(name, &locs, &e)) return err(e);
    pos_ = j;
    if (locs.size() > 2) return err("register '" + name + "' is wider than 64 bits");
    if (locs[0].kind == Loc::SCC) return {z3::zext(toU32(w_.scc()).e, 32), false};
    std::vector<z3::expr> parts;
    for (const Loc& l : locs) {
      if (l.kind == Loc::VREG) {
        uses_vgpr_ = true;
        parts.push_back(w_.vreg(l.reg, lane_).e);
      } else {
        parts.push_back(w_.sreg(l.reg).e);
      }
    }
    z3::expr v = parts.size() == 2 ? z3::concat(parts[1], parts[0]) : z3::zext(parts[0], 32);
    return {v, false};
  }

  const std::string& s_;
  Z3Wave& w_;
  size_t pos_ = 0;
  int lane_ = 0;
  bool uses_vgpr_ = false;
  std::string err_;
};

// Lines of the source that hold instructions, for naming them in errors.
std::vector<int> instructionLines(const std::string& text) {
  std::vector<int> lines;
  std::istringstream in(text);
  std::string l;
  int n = 0;
  while (std::getline(in, l)) {
    ++n;
    for (const char* c : {";", "#", "//"}) {
      size_t p = l.find(c);
      if (p != std::string::npos) l = l.substr(0, p);
    }
    size_t a = l.find_first_not_of(" \t\r");
    if (a == std::string::npos) continue;
    size_t b = l.find_last_not_of(" \t\r");
    if (l[b] == ':') continue;  // label
    lines.push_back(n);
  }
  return lines;
}

bool runSymbolic(const Program& prog, const std::string& label, const std::string& text,
                 Z3Wave* w, std::string* err) {
  std::vector<int> lines = instructionLines(text);
  for (size_t i = 0; i < prog.size() && !w->ended; ++i) {
    const size_t before = w->unsupported.size();
    w->step(prog.code[i]);
    for (size_t k = before; k < w->unsupported.size(); ++k) {
      if (!err->empty()) *err += "\n";
      *err += label + ":" + (i < lines.size() ? std::to_string(lines[i]) : "?") +
              ": unsupported by the Z3 model: " + w->unsupported[k];
    }
  }
  return err->empty();
}

// Conjuncts "zext(x) < 2^k" / "zext(x) <= 2^k - 1" over an initial-state
// variable x: x := concat(0, fresh k-bit variable).
void boundsToSubstitution(z3::context& c, const z3::expr& assume, z3::expr_vector* from,
                          z3::expr_vector* to) {
  std::vector<z3::expr> todo = {assume};
  std::set<unsigned> seen;
  while (!todo.empty()) {
    z3::expr e = todo.back();
    todo.pop_back();
    if (!e.is_app()) continue;
    const Z3_decl_kind k = e.decl().decl_kind();
    if (k == Z3_OP_AND) {
      for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
      continue;
    }
    if ((k != Z3_OP_ULT && k != Z3_OP_ULEQ) || e.num_args() != 2) continue;
    z3::expr lhs = e.arg(0), rhs = e.arg(1);
    uint64_t bound;
    if (!rhs.is_numeral_u64(bound)) continue;
    if (k == Z3_OP_ULEQ) {
      if (bound == ~0ull) continue;
      ++bound;
    }
    if (bound == 0 || (bound & (bound - 1))) continue;  // powers of two only
    int bits = 0;
    while ((uint64_t(1) << bits) < bound) ++bits;
    // Strip the parser's zero extension.
    if (lhs.is_app() && lhs.decl().decl_kind() == Z3_OP_ZERO_EXT) lhs = lhs.arg(0);
    if (!lhs.is_const() || lhs.decl().decl_kind() != Z3_OP_UNINTERPRETED) continue;
    const unsigned w = lhs.get_sort().bv_size();
    if (bits <= 0 || unsigned(bits) >= w || !seen.insert(Z3_get_ast_id(c, lhs)).second) continue;
    z3::expr fresh = c.bv_const((lhs.decl().name().str() + "'lo").c_str(), unsigned(bits));
    from->push_back(lhs);
    to->push_back(z3::concat(c.bv_val(0, w - unsigned(bits)), fresh));
  }
}

struct Concrete {
  WaveState a, b;
};

// The whole claim first (one solver call settles most integer code in
// milliseconds); if that times out, its conjuncts one at a time, since a
// conjunction is valid iff each conjunct is: 64 lanes of FP datapaths are
// one SAT problem too wide for the solver, 64 one-lane problems are not.
// The first refuted conjunct is the counterexample.
//
// Lane symmetry: a lane-l conjunct that is lane 0's conjunct (at the same
// location, already proved) with lane 0's and lane l's variables swapped,
// under an assumption the swap leaves unchanged, holds by renaming; only
// lane-local code (no DPP, lane ids, VCC bits...) looks like that, so
// anything else is proved lane by lane.
struct Part {
  z3::expr e;
  int lane;  // -1: a scalar location
};
CheckResult proveParts(z3::context& c, const z3::expr& whole, const std::vector<Part>& parts,
                       unsigned timeout_ms, const z3::expr& assume,
                       const std::function<void(int, z3::expr_vector*, z3::expr_vector*)>& swap) {
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  // Conjuncts that simplify to true need no solver; when all do, neither
  // does the claim (an MFMA that reads only some lanes' sources: the whole
  // claim as one problem timed out where every conjunct was trivial).
  std::vector<z3::expr> simple;
  simple.reserve(parts.size());
  bool all_true = true;
  for (const Part& p : parts) {
    simple.push_back(p.e.simplify());
    all_true &= simple.back().is_true();
  }
  if (all_true && !parts.empty()) {
    CheckResult r;
    r.verdict = Verdict::PROVED;
    r.seconds = elapsed();
    return r;
  }
  // A short try: lane-local claims whose whole form is not settled in a few
  // seconds are settled lane by lane (most lanes by symmetry).
  const unsigned first = parts.size() > 1 ? std::max(1000u, std::min(3000u, timeout_ms / 6)) : timeout_ms;
  CheckResult r = proveClaim(c, whole, first, &assume);
  if (r.verdict != Verdict::TIMEOUT || parts.size() <= 1) return r;
  const z3::expr a0 = assume.simplify();
  z3::expr lane0 = c.bool_val(true);  // the current location's lane-0 conjunct, proved
  for (size_t i = 0; i < parts.size(); ++i) {
    const Part& p = parts[i];
    const z3::expr& ps = simple[i];
    if (p.lane == 0) lane0 = ps;
    if (ps.is_true()) continue;
    if (p.lane > 0) {
      z3::expr_vector f(c), t(c);
      swap(p.lane, &f, &t);
      z3::expr ren = ps, ren_a = a0;
      if (z3::eq(ren.substitute(f, t).simplify(), lane0) && z3::eq(ren_a.substitute(f, t).simplify(), a0)) continue;
    }
    const double left = timeout_ms - elapsed() * 1000;
    if (left < 1) { r.verdict = Verdict::TIMEOUT; break; }
    r = proveClaim(c, ps, unsigned(left), &assume);
    if (r.verdict != Verdict::PROVED) break;
  }
  r.seconds = elapsed();
  return r;
}

}  // namespace

namespace {
EquivResult checkWithLanes(const Target& t, const std::string& a_text,
                           const std::string& b_text, const EquivOptions& o) {
  EquivResult res;
  if (o.lanes < 1 || o.lanes > 64) { res.error = "lanes must be 1..64"; return res; }
  Program pa, pb;
  std::string err;
  if (!buildProgramFromText(t, a_text, 0, Path::REFERENCE, &pa, &err)) { res.error = "A: " + err; return res; }
  if (!buildProgramFromText(t, b_text, 0, Path::REFERENCE, &pb, &err)) { res.error = "B: " + err; return res; }

  z3::context c;
  Z3Scope scope(c);
  WaveState proto;
  proto.reset(t.gen);
  Z3Init init(c, o.lanes);
  Z3Wave wa(init, proto.fp, t.gen), wb(init, proto.fp, t.gen);
  std::string uerr;
  runSymbolic(pa, "A", a_text, &wa, &uerr);
  runSymbolic(pb, "B", b_text, &wb, &uerr);
  if (!uerr.empty()) { res.error = uerr; return res; }

  // Live-outs.
  std::vector<Loc> locs;
  if (!o.live_out.empty()) {
    std::stringstream ss(o.live_out);
    std::string item;
    while (std::getline(ss, item, ',')) {
      size_t a = item.find_first_not_of(' '), b = item.find_last_not_of(' ');
      if (a == std::string::npos) continue;
      if (!parseReg(item.substr(a, b - a + 1), &locs, &res.error)) {
        res.error = "--live-out: " + res.error;
        return res;
      }
    }
  } else {
    std::set<int> sregs, vregs;
    for (const Z3Wave* w : {&wa, &wb}) {
      for (auto& kv : w->s) sregs.insert(kv.first);
      for (auto& kv : w->v) vregs.insert(kv.first);
    }
    for (int r : vregs) locs.push_back({Loc::VREG, r, ""});
    for (int r : sregs) locs.push_back({Loc::SREG, r, ""});
    if (wa.scc_written || wb.scc_written) locs.push_back({Loc::SCC, 0, "scc"});
  }
  for (Loc& l : locs) {
    if (l.kind == Loc::VREG)
      l.name = vectorRowName(l.reg);
    if (l.kind == Loc::SREG) l.name = scalarCodeName(t.gen, l.reg);
    res.live_outs.push_back(l.name);
  }
  if (locs.empty()) { res.status = EquivResult::EQUIVALENT; return res; }

  z3::expr same = c.bool_val(true);
  std::vector<Part> parts;  // one per location and lane
  for (const Loc& l : locs) {
    if (l.kind == Loc::SCC) parts.push_back({wa.scc().e == wb.scc().e, -1});
    if (l.kind == Loc::SREG) parts.push_back({wa.sreg(l.reg).e == wb.sreg(l.reg).e, -1});
    if (l.kind == Loc::VREG)
      for (int lane = 0; lane < o.lanes; ++lane) parts.push_back({wa.vreg(l.reg, lane).e == wb.vreg(l.reg, lane).e, lane});
  }
  for (const Part& p : parts) same = same && p.e;
  z3::expr assume = c.bool_val(true);
  if (!o.assume.empty()) {
    Z3Wave w0(init, proto.fp, t.gen);  // the initial state
    AssumeParser ap(o.assume, w0);
    if (!ap.parse(&assume, &res.error)) return res;
  }

  // Range assumptions on a register ("v1 < 0x1000000") become a substitution
  // (v1 := zero-extended fresh 24-bit value), so masks such as v1 & 0xffffff
  // simplify away before the solver sees two multipliers.
  z3::expr_vector from(c), to(c);
  boundsToSubstitution(c, assume, &from, &to);
  if (!from.empty()) {
    same = same.substitute(from, to);
    assume = assume.substitute(from, to);
  }
  if (!from.empty())
    for (Part& p : parts) p.e = p.e.substitute(from, to);
  // Lane 0 <-> lane l: every initial-state variable of one lane for the
  // other's (the same registers), for the lane-symmetry shortcut.
  auto swapLanes = [&](int l, z3::expr_vector* f, z3::expr_vector* t2) {
    std::set<int> regs;
    for (const Z3Init::Var& v : init.vars())
      if (v.kind == Z3Init::VREG && (v.lane == 0 || v.lane == l)) regs.insert(v.reg);
    auto pair = [&](const z3::expr& a, const z3::expr& b) {
      f->push_back(a), t2->push_back(b), f->push_back(b), t2->push_back(a);
    };
    for (int r : regs) pair(init.vreg(r, 0).e, init.vreg(r, l).e);
    const z3::expr ex = z3::concat(init.sreg(127).e, init.sreg(126).e);
    pair(ex.extract(0, 0).simplify(), ex.extract(unsigned(l), unsigned(l)).simplify());
  };
  CheckResult cr = proveParts(c, same, parts, o.timeout_ms, assume, swapLanes);
  res.seconds = cr.seconds;
  if (cr.verdict == Verdict::PROVED) { res.status = EquivResult::EQUIVALENT; return res; }
  if (cr.verdict == Verdict::TIMEOUT) { res.status = EquivResult::TIMEOUT; return res; }
  if (cr.verdict == Verdict::UNKNOWN) {
    res.status = EquivResult::UNKNOWN;
    res.error = "Z3: " + cr.reason;
    return res;
  }

  // Counterexample -> concrete initial state -> both sequences on the emulator.
  z3::model& m = *cr.model;
  WaveState w0 = proto;
  std::map<int, std::map<int, uint32_t>> vinit;  // reg -> lane -> value
  std::map<int, uint32_t> sinit;
  bool scc_used = false;
  for (const Z3Init::Var& v : init.vars()) {
    z3::expr ve = v.e;
    z3::expr val = m.eval(from.empty() ? ve : ve.substitute(from, to), true);
    if (v.kind == Z3Init::SCC) { w0.scc = val.is_true(); scc_used = true; continue; }
    const uint32_t x = uint32_t(val.get_numeral_uint64());
    if (v.kind == Z3Init::SREG) { w0.s[v.reg] = x; sinit[v.reg] = x; }
    if (v.kind == Z3Init::VREG) { w0.v[v.reg][v.lane] = x; vinit[v.reg][v.lane] = x; }
  }
  // EXEC as the model saw it (bits of lanes outside the model are 0).
  auto evalS = [&](int code) {
    z3::expr e = init.sreg(code).e;
    return uint64_t(m.eval(from.empty() ? e : e.substitute(from, to), true).get_numeral_uint64());
  };
  const uint64_t exec = evalS(127) << 32 | evalS(126);
  w0.setExec(exec);
  Concrete cc{w0, w0};
  const uint64_t budget = 100000;
  for (int k = 0; k < 2; ++k) {
    Program p;
    const std::string& text = k == 0 ? a_text : b_text;
    if (!buildProgramFromText(t, text + "\ns_endpgm\n", 0, Path::FAST, &p, &err)) {
      res.error = std::string(k == 0 ? "A" : "B") + " (emulator): " + err;
      return res;
    }
    WaveState& w = k == 0 ? cc.a : cc.b;
    if (!runWave(p, w, nullptr, nullptr, budget, &err)) {
      res.error = std::string("emulator run of ") + (k == 0 ? "A" : "B") +
                  " on the counterexample failed: " + err;
      return res;
    }
  }
  std::ostringstream out;
  std::set<int> diff_lanes;
  std::ostringstream diffs;
  int ndiff = 0;
  for (const Loc& l : locs) {
    if (l.kind == Loc::SCC && cc.a.scc != cc.b.scc) {
      diffs << "  scc: A = " << cc.a.scc << ", B = " << cc.b.scc << "\n";
      ++ndiff;
    }
    if (l.kind == Loc::SREG && cc.a.s[l.reg] != cc.b.s[l.reg]) {
      diffs << "  " << l.name << ": A = " << hex(cc.a.s[l.reg], 8) << ", B = " << hex(cc.b.s[l.reg], 8) << "\n";
      ++ndiff;
    }
    if (l.kind == Loc::VREG) {
      int shown = 0;
      for (int lane = 0; lane < kLanes; ++lane) {
        if (cc.a.v[l.reg][lane] == cc.b.v[l.reg][lane]) continue;
        ++ndiff;
        diff_lanes.insert(lane);
        if (shown++ < 4)
          diffs << "  " << l.name << " lane " << lane << ": A = " << hex(cc.a.v[l.reg][lane], 8)
                << ", B = " << hex(cc.b.v[l.reg][lane], 8) << "\n";
      }
      if (shown > 4) diffs << "  " << l.name << ": " << shown - 4 << " more lanes differ\n";
    }
  }
  if (ndiff == 0) {
    res.status = EquivResult::ERROR;
    res.error = "internal error: the Z3 counterexample does not reproduce on the emulator "
                "(a Z3 model bug; please report with both sequences)";
    return res;
  }
  // The lanes worth printing: differing ones, else the first active ones.
  std::set<int> show = diff_lanes;
  show.insert(0);
  for (int lane = 0; lane < o.lanes && show.size() < 2; ++lane)
    if ((exec >> lane) & 1) show.insert(lane);
  out << "counterexample (initial state; registers not listed do not matter):\n";
  out << "  exec = " << hex(exec, 16) << "\n";
  for (auto& [code, x] : sinit)
    if (code != 126 && code != 127) out << "  " << scalarCodeName(t.gen, code) << " = " << hex(x, 8) << "\n";
  if (scc_used) out << "  scc = " << w0.scc << "\n";
  for (auto& [reg, lanes] : vinit) {
    out << "  " << vectorRowName(reg) << " =";
    int n = 0;
    for (int lane : show) {
      auto it = lanes.find(lane);
      if (it == lanes.end() || n >= 4) continue;
      out << (n++ ? ", " : " ") << "lane " << lane << ": " << hex(it->second, 8);
    }
    out << "\n";
  }
  out << "outputs that differ (confirmed on the emulator):\n" << diffs.str();
  res.report = out.str();
  res.status = EquivResult::NOT_EQUIVALENT;
  return res;
}

}  // namespace

EquivResult checkEquivalence(const Target& t, const std::string& a_text,
                             const std::string& b_text, const EquivOptions& o) {
  // Counterexamples are often in one lane and cheap to find there: a short
  // one-lane search first (its counterexamples are replayed on the emulator
  // like any other), then the full model for the proof.
  EquivOptions full = o;
  if (o.lanes > 1) {
    EquivOptions one = o;
    one.lanes = 1;
    one.timeout_ms = std::min(o.timeout_ms / 4, 15000u);  // FP datapaths need seconds
    const auto t0 = std::chrono::steady_clock::now();
    EquivResult r = checkWithLanes(t, a_text, b_text, one);
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    full.timeout_ms = unsigned(std::max(1000.0, o.timeout_ms - spent * 1000));  // one deadline for both
    if (r.status == EquivResult::NOT_EQUIVALENT || r.status == EquivResult::ERROR) {
      if (r.status == EquivResult::ERROR && r.error.find("lane") != std::string::npos) {
        // a lane-crossing op that needs more lanes: fall through
      } else {
        return r;
      }
    }
  }
  return checkWithLanes(t, a_text, b_text, full);
}

}  // namespace gcn::prop
