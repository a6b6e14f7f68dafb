#include "prove/z3_check.h"

#include <chrono>
#include <cstdlib>
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace gcn::prop {

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::PROVED: return "proved";
    case Verdict::REFUTED: return "refuted";
    case Verdict::TIMEOUT: return "TIMEOUT";
    default: return "UNKNOWN";
  }
}

namespace {

// Replaces every bit-vector multiplication by an uninterpreted function of
// the same arguments. If the claim holds for every interpretation of the
// function it holds for multiplication; SAT solvers are poor at proving two
// multipliers with differently built (but equal) inputs equal, while
// congruence needs only the inputs to be equal.
class MulAbstraction {
 public:
  explicit MulAbstraction(z3::context& c) : c_(c) {}
  bool found() const { return found_; }
  z3::expr operator()(const z3::expr& e) {
    const unsigned id = Z3_get_ast_id(c_, e);
    auto it = memo_.find(id);
    if (it != memo_.end()) return it->second;
    z3::expr r = e;
    if (e.is_app() && e.num_args() > 0) {
      std::vector<z3::expr> args;
      for (unsigned i = 0; i < e.num_args(); ++i) args.push_back((*this)(e.arg(i)));
      if (e.decl().decl_kind() == Z3_OP_BMUL) {
        found_ = true;
        z3::expr acc = args[0];
        for (size_t i = 1; i < args.size(); ++i) acc = mul(acc.get_sort().bv_size())(acc, args[i]);
        r = acc;
      } else {
        std::vector<Z3_ast> raw;
        for (auto& a : args) raw.push_back(a);
        r = z3::expr(c_, Z3_update_term(c_, e, unsigned(raw.size()), raw.data()));
      }
    }
    memo_.emplace(id, r);
    return r;
  }

 private:
  z3::func_decl mul(unsigned w) {
    auto it = fns_.find(w);
    if (it != fns_.end()) return it->second;
    z3::sort s = c_.bv_sort(w);
    z3::func_decl f = c_.function(("mul" + std::to_string(w)).c_str(), s, s, s);
    fns_.emplace(w, f);
    return f;
  }
  z3::context& c_;
  bool found_ = false;
  std::map<unsigned, z3::expr> memo_;
  std::map<unsigned, z3::func_decl> fns_;
};

// The abstracted goal: Ackermann's reduction turns the uninterpreted
// multiplications into "equal arguments -> equal results" constraints over
// plain bit-vectors (no multiplier left to bit-blast).
z3::check_result solveAbstract(z3::context& c, const z3::expr& goal, unsigned timeout_ms,
                               std::string* reason) {
  z3::tactic t = z3::tactic(c, "simplify") & z3::tactic(c, "ackermannize_bv") &
                 z3::tactic(c, "simplify") & z3::tactic(c, "smt");
  z3::solver s = t.mk_solver();
  z3::params p(c);
  p.set("timeout", timeout_ms);
  s.set(p);
  s.add(goal);
  z3::check_result cr = s.check();
  if (cr == z3::unknown && reason) *reason = s.reason_unknown();
  return cr;
}

// Whether the goal multiplies (bit-vector or floating-point multiply, fma,
// division, remainder): bit-blasting a multiplier straight to SAT is slow,
// while many claims without one (conversions, square roots, rounding to an
// integer) bit-blast in a fraction of the time the SMT core takes on them
// (v_sqrt_f32 in a flushing MODE: 20 s -> 0.2 s, v_cvt_i32_f32: 19 s ->
// 1.5 s). Others (two-operand adds) bit-blast slower than the SMT core
// solves them, so that attempt gets a few seconds only.
struct GoalShape {
  bool multiplies = false;
  unsigned input_bits = 0;  // bits of the free constants
};
GoalShape goalShape(const z3::expr& goal) {
  GoalShape g;
  std::vector<z3::expr> todo{goal};
  std::set<unsigned> seen;
  while (!todo.empty()) {
    z3::expr e = todo.back();
    todo.pop_back();
    if (!e.is_app() || !seen.insert(Z3_get_ast_id(e.ctx(), e)).second) continue;
    switch (e.decl().decl_kind()) {
      case Z3_OP_BMUL: case Z3_OP_BUDIV: case Z3_OP_BSDIV: case Z3_OP_BUREM: case Z3_OP_BSREM:
      case Z3_OP_BSMOD: case Z3_OP_BUDIV_I: case Z3_OP_BSDIV_I: case Z3_OP_BUREM_I:
      case Z3_OP_BSREM_I: case Z3_OP_BSMOD_I: case Z3_OP_FPA_MUL: case Z3_OP_FPA_DIV:
      case Z3_OP_FPA_FMA: case Z3_OP_FPA_REM:
        g.multiplies = true;
        break;
      case Z3_OP_UNINTERPRETED:
        if (e.num_args() == 0) g.input_bits += e.is_bv() ? e.get_sort().bv_size() : 1;
        break;
      default: break;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) todo.push_back(e.arg(i));
  }
  return g;
}

z3::check_result solve(z3::context& c, const z3::expr& goal, unsigned timeout_ms,
                       std::unique_ptr<z3::model>* model, std::string* reason, bool preprocess,
                       const char* core = "smt") {
  // Preprocessing first: contextual simplification and equation solving
  // turn assumptions such as "x < 2^24" into known-zero bits and remove
  // guards that the lane masks repeat, so equal circuits become equal terms
  // before anything is bit-blasted.
  z3::tactic pre = z3::tactic(c, "simplify") & z3::tactic(c, "propagate-values") &
                   z3::tactic(c, "ctx-simplify") & z3::tactic(c, "solve-eqs") &
                   z3::tactic(c, "elim-uncnstr") & z3::tactic(c, "simplify");
  z3::solver s = preprocess ? (pre & z3::tactic(c, core)).mk_solver() : z3::solver(c);
  z3::params p(c);
  p.set("timeout", timeout_ms);
  s.set(p);
  s.add(goal);
  z3::check_result cr = s.check();
  if (cr == z3::sat && model) *model = std::make_unique<z3::model>(s.get_model());
  if (cr == z3::unknown && reason) *reason = s.reason_unknown();
  return cr;
}

}  // namespace

CheckResult proveClaim(z3::context& c, const z3::expr& claim, unsigned timeout_ms,
                       const z3::expr* assumptions) {
  CheckResult r;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  z3::expr goal = !claim;
  if (assumptions) goal = *assumptions && goal;
  {
    // Stage 1 (only a proof counts): multiplications abstracted.
    MulAbstraction abs(c);
    z3::expr g = abs(goal);
    if (abs.found()) {
      const unsigned t1 = std::min(5000u, std::max(500u, timeout_ms / 8));
      if (solveAbstract(c, g, t1, nullptr) == z3::unsat) {
        r.verdict = Verdict::PROVED;
        r.seconds = elapsed();
        return r;
      }
    }
  }
  // Stage 2: preprocessed (contextual simplification pays off on lane
  // masks and assumptions) for a third of the time left, bit-blasted to
  // SAT first when nothing multiplies; stage 3: Z3's default solver for
  // the rest. Any stage's answer is final.
  auto left = [&] { return unsigned(std::max(1.0, timeout_ms - elapsed() * 1000)); };
  std::string reason;
  z3::check_result cr = z3::unknown;
  const GoalShape shape = goalShape(goal);
  if (!shape.multiplies) {
    // One 32-bit operand (plus the old destination and EXEC): SAT wins
    // outright (v_fract_f32 flushing: 31 s -> 12 s); wider, a short try.
    const unsigned budget = shape.input_bits <= 96 ? left() / 3 : std::min(3000u, left() / 8);
    cr = solve(c, goal, std::max(500u, budget), &r.model, &reason, true, "qffpbv");
  }
  if (cr == z3::unknown) cr = solve(c, goal, std::max(500u, left() / 3), &r.model, &reason, true);
  if (cr == z3::unknown && left() > 1) cr = solve(c, goal, left(), &r.model, &reason, false);
  r.seconds = elapsed();
  if (cr == z3::unsat) {
    r.verdict = Verdict::PROVED;
  } else if (cr == z3::sat) {
    r.verdict = Verdict::REFUTED;
  } else {
    r.reason = reason;
    r.verdict = (reason.find("timeout") != std::string::npos ||
                 reason.find("canceled") != std::string::npos ||
                 r.seconds * 1000 >= timeout_ms * 0.98)
                    ? Verdict::TIMEOUT
                    : Verdict::UNKNOWN;
  }
  return r;
}

unsigned defaultTimeoutMs() {
  if (const char* e = std::getenv("GCN_Z3_TIMEOUT_MS")) {
    char* end;
    unsigned long v = std::strtoul(e, &end, 10);
    if (*e && !*end && v > 0) return unsigned(v);
  }
  return 60000;
}

}  // namespace gcn::prop
