// Processors of AMDGPUUsage's processor table (shared/seeds/000) for GFX6-9.
#include <string_view>

#include "isa/gen.h"
#include "isa/target.h"

namespace gcn {
namespace {

constexpr uint32_t kGfx7Base = kFeatFlat;
constexpr uint32_t kGfx8Base = kFeatFlat;
constexpr uint32_t kGfx9Base = kFeatFlat;

const Processor kProcessors[] = {
    {"gfx600", "tahiti", Gen::GFX6, 0},
    {"gfx601", "hainan oland pitcairn verde", Gen::GFX6, 0},
    {"gfx700", "kaveri", Gen::GFX7, kGfx7Base},
    {"gfx701", "hawaii", Gen::GFX7, kGfx7Base},
    {"gfx702", "", Gen::GFX7, kGfx7Base},
    {"gfx703", "kabini mullins", Gen::GFX7, kGfx7Base},
    {"gfx704", "bonaire", Gen::GFX7, kGfx7Base},
    {"gfx801", "carrizo", Gen::GFX8, kGfx8Base | kFeatXnack},
    {"gfx802", "iceland tonga", Gen::GFX8, kGfx8Base},
    {"gfx803", "fiji polaris10 polaris11", Gen::GFX8, kGfx8Base},
    {"gfx810", "stoney", Gen::GFX8, kGfx8Base | kFeatXnack | kFeatD16PreGfx9},
    {"gfx900", "", Gen::GFX9, kGfx9Base | kFeatMadMix},
    {"gfx902", "", Gen::GFX9, kGfx9Base | kFeatMadMix | kFeatXnack},
    {"gfx904", "", Gen::GFX9, kGfx9Base | kFeatMadMix},
    {"gfx906", "", Gen::GFX9, kGfx9Base | kFeatDot | kFeatSramEcc},
    // gfx908 adds MFMA and AGPRs, which the spec does not describe; gcnref
    // models its GFX9 + gfx906 subset only (see isa/errata).
    {"gfx908", "", Gen::GFX9, kGfx9Base | kFeatDot | kFeatSramEcc},
    {"gfx909", "", Gen::GFX9, kGfx9Base | kFeatMadMix | kFeatXnack},
};

bool hasWord(std::string_view list, std::string_view w) {
  while (!list.empty()) {
    size_t sp = list.find(' ');
    std::string_view head = list.substr(0, sp);
    if (head == w) return true;
    if (sp == std::string_view::npos) break;
    list.remove_prefix(sp + 1);
  }
  return false;
}

}  // namespace

std::string_view genName(Gen g) {
  static constexpr std::string_view kNames[] = {"GFX6", "GFX7", "GFX8", "GFX9"};
  return kNames[int(g)];
}

const Processor* processorsBegin() { return kProcessors; }
const Processor* processorsEnd() {
  return kProcessors + sizeof(kProcessors) / sizeof(kProcessors[0]);
}

const Processor* findProcessor(std::string_view name) {
  for (const Processor& p : kProcessors)
    if (p.name == name || hasWord(p.aliases, name)) return &p;
  return nullptr;
}

bool Target::has(const InstDesc& d) const {
  if (!d.exists(gen)) return false;
  if ((d.flags & F_FEAT_DOT) && !(features & kFeatDot)) return false;
  if ((d.flags & F_FEAT_MADMIX) && !(features & kFeatMadMix)) return false;
  return true;
}

bool targetFromName(std::string_view name, Target* out, std::string* err) {
  // Generation names are accepted as shorthands for a typical processor.
  static constexpr std::pair<std::string_view, std::string_view> kGenAlias[] = {
      {"gfx6", "gfx600"}, {"gfx7", "gfx704"}, {"gfx8", "gfx803"},
      {"gfx9", "gfx900"}, {"si", "gfx600"},   {"ci", "gfx704"},
      {"vi", "gfx803"},
  };
  for (auto& [alias, proc] : kGenAlias)
    if (name == alias) name = proc;
  const Processor* p = findProcessor(name);
  if (!p) {
    if (err) {
      *err = "unknown processor '" + std::string(name) + "' (known:";
      for (const Processor& q : kProcessors) *err += " " + std::string(q.name);
      *err += ")";
    }
    return false;
  }
  out->gen = p->gen;
  out->features = p->features;
  out->name = p->name;
  return true;
}

}  // namespace gcn
