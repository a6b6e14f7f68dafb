#include "difftest/profile.h"

#include <set>

namespace gcn::difftest {

const std::vector<Convention>& conventions() {
  static const std::vector<Convention> rows = {
#define GCN_CONVENTION(id, tools, gens, kind, cause, insts, finding, what, evidence) \
  Convention{#id, tools, gens, kind, cause, insts, ConventionKind::finding, what, evidence},
#include "difftest/profiles/clrx.inc"
#include "difftest/profiles/llvm_mc.inc"
#undef GCN_CONVENTION
  };
  return rows;
}

bool globMatch(std::string_view p, std::string_view t) {
  // Iterative wildcard match with one backtrack point: linear in practice.
  size_t pi = 0, ti = 0, star = std::string_view::npos, mark = 0;
  while (ti < t.size()) {
    if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = ti;
    } else if (pi < p.size() && p[pi] == t[ti]) {
      ++pi;
      ++ti;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

namespace {

bool anyWordMatches(std::string_view patterns, std::string_view text) {
  size_t pos = 0;
  while (pos < patterns.size()) {
    size_t sp = patterns.find(' ', pos);
    if (sp == std::string_view::npos) sp = patterns.size();
    if (sp > pos && globMatch(patterns.substr(pos, sp - pos), text)) return true;
    pos = sp + 1;
  }
  return false;
}

}  // namespace

const Convention* matchConvention(std::string_view profile, Gen g, Kind k, std::string_view enc,
                                  std::string_view detail, std::string_view mnemonic) {
  if (profile.empty()) return nullptr;
  const std::string cause = std::string(enc) + " " + std::string(detail);
  for (const Convention& c : conventions()) {
    if (!(c.gens & genBit(g))) continue;
    if (!anyWordMatches(c.tools, profile)) continue;
    if (!anyWordMatches(c.kind, kindName(k))) continue;
    bool cause_ok = false;
    for (size_t pos = 0; pos <= c.cause.size() && !cause_ok;) {
      size_t bar = c.cause.find(" | ", pos);
      if (bar == std::string_view::npos) bar = c.cause.size();
      cause_ok = globMatch(c.cause.substr(pos, bar - pos), cause);
      pos = bar + 3;
    }
    if (!cause_ok) continue;
    if (c.instructions != "*" && !anyWordMatches(c.instructions, mnemonic)) continue;
    return &c;
  }
  return nullptr;
}

std::vector<std::string> profileNames() {
  std::set<std::string> names;
  for (const Convention& c : conventions()) {
    size_t pos = 0;
    while (pos < c.tools.size()) {
      size_t sp = c.tools.find(' ', pos);
      if (sp == std::string_view::npos) sp = c.tools.size();
      if (sp > pos) names.insert(std::string(c.tools.substr(pos, sp - pos)));
      pos = sp + 1;
    }
  }
  return {names.begin(), names.end()};
}

}  // namespace gcn::difftest
