#include "isa/aliases.h"

namespace gcn {
namespace {

struct Alias {
  std::string_view alias, mnemonic;
};

constexpr Alias kAliases[] = {
#define GCN_ALIAS(a, m) {#a, #m},
#include "isa/tables/aliases.inc"
#undef GCN_ALIAS
};

}  // namespace

std::string_view aliasTarget(std::string_view alias) {
  for (const Alias& a : kAliases)
    if (a.alias == alias) return a.mnemonic;
  return {};
}

}  // namespace gcn
