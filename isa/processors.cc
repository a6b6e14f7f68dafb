// Processors of AMDGPUUsage's processor table (shared/seeds/000) for GFX6-9.
#include <string_view>

#include "isa/processors.h"
#include "isa/target.h"

namespace gcn {
namespace {

constexpr uint32_t kGfx7Base = kFeatFlat;
constexpr uint32_t kGfx8Base = kFeatFlat;
constexpr uint32_t kGfx9Base = kFeatFlat;
constexpr uint32_t kCdna = kGfx9Base | kFeatDot | kFeatMai | kFeatDotC | kFeatFaddNoRtn;
constexpr uint8_t kX = kTfXnack, kXS = kTfXnack | kTfSramEcc,
                  kXST = kTfXnack | kTfSramEcc | kTfTgsplit;

// Names, aliases and EF_AMDGPU_MACH values as llvm-mc-19 spells them (its
// e_flags for each, corpus/cdna/README.md); gfx602, gfx705, gfx805 and
// gfx90c have the instruction set of gfx601, gfx704, gfx802 and gfx909.
const Processor kProcessors[] = {
    {"gfx600", "tahiti", Gen::GFX6, 0, 0x020, 0, {}},
    {"gfx601", "pitcairn verde", Gen::GFX6, 0, 0x021, 0, {}},
    {"gfx602", "hainan oland", Gen::GFX6, 0, 0x03a, 0, {}},
    {"gfx700", "kaveri", Gen::GFX7, kGfx7Base, 0x022, 0, {}},
    {"gfx701", "hawaii", Gen::GFX7, kGfx7Base, 0x023, 0, {}},
    {"gfx702", "", Gen::GFX7, kGfx7Base, 0x024, 0, {}},
    {"gfx703", "kabini mullins", Gen::GFX7, kGfx7Base, 0x025, 0, {}},
    {"gfx704", "bonaire", Gen::GFX7, kGfx7Base, 0x026, 0, {}},
    {"gfx705", "", Gen::GFX7, kGfx7Base, 0x03b, 0, {}},
    {"gfx801", "carrizo", Gen::GFX8, kGfx8Base, 0x028, kX, {}},
    {"gfx802", "iceland tonga", Gen::GFX8, kGfx8Base, 0x029, 0, {}},
    {"gfx803", "fiji polaris10 polaris11", Gen::GFX8, kGfx8Base, 0x02a, 0, {}},
    {"gfx805", "tongapro", Gen::GFX8, kGfx8Base, 0x03c, 0, {}},
    {"gfx810", "stoney", Gen::GFX8, kGfx8Base | kFeatD16PreGfx9, 0x02b, kX, {}},
    {"gfx900", "", Gen::GFX9, kGfx9Base | kFeatMadMix, 0x02c, kX, {}},
    {"gfx902", "", Gen::GFX9, kGfx9Base | kFeatMadMix, 0x02d, kX, {}},
    {"gfx904", "", Gen::GFX9, kGfx9Base | kFeatMadMix, 0x02e, kX, {}},
    {"gfx906", "", Gen::GFX9, kGfx9Base | kFeatDot, 0x02f, kXS, {}},
    {"gfx908", "", Gen::GFX9, kCdna, 0x030, kXS, {}},
    {"gfx909", "", Gen::GFX9, kGfx9Base | kFeatMadMix, 0x031, kX, {}},
    {"gfx90a", "", Gen::GFX90A, kCdna, 0x03f, kXST, {}},
    {"gfx90c", "", Gen::GFX9, kGfx9Base | kFeatMadMix, 0x032, kX, {}},
    {"gfx940", "", Gen::GFX940, kCdna, 0x040, kXST, {}},
    {"gfx941", "", Gen::GFX940, kCdna, 0x04b, kXST, {}},
    {"gfx942", "", Gen::GFX940, kCdna, 0x04c, kXST, {}},
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
  static constexpr std::string_view kNames[] = {"GFX6", "GFX7", "GFX8", "GFX9", "GFX90A", "GFX940"};
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

const Processor* findProcessorByMach(uint16_t mach) {
  for (const Processor& p : kProcessors)
    if (p.mach == mach) return &p;
  return nullptr;
}

uint32_t featuresRequired(const InstDesc& d) {
  static constexpr std::pair<uint64_t, uint32_t> kNeeds[] = {
      {F_FEAT_DOT, kFeatDot},   {F_FEAT_MADMIX, kFeatMadMix}, {F_FEAT_MAI, kFeatMai},
      {F_FEAT_DOTC, kFeatDotC}, {F_FEAT_FADD, kFeatFaddNoRtn},
  };
  uint32_t f = 0;
  for (auto [flag, feat] : kNeeds)
    if (d.flags & flag) f |= feat;
  return f;
}

bool Target::has(const InstDesc& d) const {
  if (!d.exists(gen)) return false;
  const uint32_t need = featuresRequired(d);
  return (features & need) == need;
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
      *err = "unknown processor '" + std::string(name) + "' (supported:";
      for (const Processor& q : kProcessors)
        if (q.supported()) *err += " " + std::string(q.name);
      *err += ")";
    }
    return false;
  }
  if (!p->supported()) {
    if (err) *err = "processor '" + std::string(p->name) + "' is not supported: " + std::string(p->refusal);
    return false;
  }
  out->gen = p->gen;
  out->features = p->features;
  out->name = p->name;
  return true;
}

}  // namespace gcn
