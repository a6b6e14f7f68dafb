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

// The pieces of `list` between separators `sep` (empty pieces skipped).
std::vector<std::string_view> split(std::string_view list, std::string_view sep) {
  std::vector<std::string_view> out;
  for (size_t pos = 0; pos <= list.size();) {
    size_t end = list.find(sep, pos);
    if (end == std::string_view::npos) end = list.size();
    if (end > pos) out.push_back(list.substr(pos, end - pos));
    pos = end + sep.size();
  }
  return out;
}

bool anyMatches(std::string_view patterns, std::string_view sep, std::string_view text) {
  for (std::string_view p : split(patterns, sep))
    if (globMatch(p, text)) return true;
  return false;
}

}  // namespace

const Convention* matchConvention(std::string_view profile, Gen g, Kind k, std::string_view enc,
                                  std::string_view detail, std::string_view mnemonic) {
  if (profile.empty()) return nullptr;
  const std::string cause = std::string(enc) + " " + std::string(detail);
  for (const Convention& c : conventions()) {
    if (!(c.gens & genBit(g))) continue;
    if (!anyMatches(c.tools, " ", profile)) continue;
    if (!anyMatches(c.kind, " ", kindName(k))) continue;
    if (!anyMatches(c.cause, " | ", cause)) continue;
    if (c.instructions != "*" && !anyMatches(c.instructions, " ", mnemonic)) continue;
    return &c;
  }
  return nullptr;
}

std::vector<std::string> profileNames() {
  std::set<std::string> names;
  for (const Convention& c : conventions())
    for (std::string_view t : split(c.tools, " ")) names.insert(std::string(t));
  return {names.begin(), names.end()};
}

}  // namespace gcn::difftest
