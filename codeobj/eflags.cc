#include "codeobj/eflags.h"

#include "isa/processors.h"

namespace gcn::codeobj {
namespace {

struct Mach {
  uint32_t value;
  std::string_view name;
};

// EF_AMDGPU_MACH values of processors outside GCN GFX6-GFX9 (AMDGPUUsage),
// named so a code object for one is refused by its name; the GCN ones are
// isa/processors.cc's.
constexpr Mach kOtherMachs[] = {
    {0x001, "r600"},    {0x002, "r630"},    {0x003, "rs880"},   {0x004, "rv670"},
    {0x005, "rv710"},   {0x006, "rv730"},   {0x007, "rv770"},   {0x008, "cedar"},
    {0x009, "cypress"}, {0x00a, "juniper"}, {0x00b, "redwood"}, {0x00c, "sumo"},
    {0x00d, "barts"},   {0x00e, "caicos"},  {0x00f, "cayman"},  {0x010, "turks"},
    {0x033, "gfx1010"}, {0x034, "gfx1011"}, {0x035, "gfx1012"}, {0x036, "gfx1030"},
    {0x037, "gfx1031"},
};

}  // namespace

std::string_view featureStateName(FeatureState s) {
  switch (s) {
    case FeatureState::UNSUPPORTED: return "unsupported";
    case FeatureState::ANY: return "any";
    case FeatureState::OFF: return "off";
    case FeatureState::ON: return "on";
  }
  return "?";
}

std::string_view machName(uint32_t mach) {
  if (const Processor* p = findProcessorByMach(uint16_t(mach))) return p->name;
  for (const Mach& m : kOtherMachs)
    if (m.value == mach) return m.name;
  return "";
}

std::string TargetInfo::targetId() const {
  std::string r = processor;
  auto add = [&](const char* name, FeatureState s) {
    if (s == FeatureState::ON) r += std::string(":") + name + "+";
    if (s == FeatureState::OFF) r += std::string(":") + name + "-";
  };
  add("sramecc", sramecc);
  add("xnack", xnack);
  return r;
}

bool decodeTarget(const ElfHeader& h, TargetInfo* out, std::string* err) {
  if (h.os_abi != kElfOsAbiAmdgpuHsa) {
    *err = "EI_OSABI at offset 0x7 is " + std::to_string(h.os_abi) +
           ", expected ELFOSABI_AMDGPU_HSA (64): only amdhsa code objects are supported";
    return false;
  }
  if (h.abi_version > 3) {
    *err = "EI_ABIVERSION at offset 0x8 is " + std::to_string(h.abi_version) +
           ": unknown amdhsa code object version (0..3 = v2..v5)";
    return false;
  }
  TargetInfo t;
  t.code_object_version = h.abi_version + 2;
  t.mach = h.flags & 0xff;
  const Processor* proc = findProcessorByMach(uint16_t(t.mach));
  if (!proc) {
    std::string_view name = machName(t.mach);
    *err = name.empty()
               ? "e_flags at offset 0x30: EF_AMDGPU_MACH " + hex(t.mach) + " is not a known processor"
               : "e_flags at offset 0x30: processor " + std::string(name) + " (EF_AMDGPU_MACH " +
                     hex(t.mach) + ") is not a GCN GFX6-GFX9 processor";
    return false;
  }
  t.processor = std::string(proc->name);
  const bool xn = proc->target_features & kTfXnack, se = proc->target_features & kTfSramEcc;
  uint32_t rest;
  if (t.code_object_version <= 3) {
    t.xnack = (h.flags & 0x100) ? FeatureState::ON : xn ? FeatureState::OFF : FeatureState::UNSUPPORTED;
    t.sramecc = (h.flags & 0x200) ? FeatureState::ON : se ? FeatureState::OFF : FeatureState::UNSUPPORTED;
    rest = h.flags & ~0x3ffu;
  } else {
    t.xnack = FeatureState((h.flags >> 8) & 3);
    t.sramecc = FeatureState((h.flags >> 10) & 3);
    rest = h.flags & ~0xfffu;
  }
  if (rest) {
    *err = "e_flags at offset 0x30 is " + hex(h.flags) + ": reserved bits " + hex(rest) +
           " are set (code object v" + std::to_string(t.code_object_version) + ")";
    return false;
  }
  if (!xn && t.xnack != FeatureState::UNSUPPORTED) {
    *err = "e_flags at offset 0x30 is " + hex(h.flags) + ": xnack is " +
           std::string(featureStateName(t.xnack)) + " but " + t.processor +
           " does not support xnack (the field must be 0)";
    return false;
  }
  if (!se && t.sramecc != FeatureState::UNSUPPORTED) {
    *err = "e_flags at offset 0x30 is " + hex(h.flags) + ": sramecc is " +
           std::string(featureStateName(t.sramecc)) + " but " + t.processor +
           " does not support sramecc (the field must be 0)";
    return false;
  }
  if (t.code_object_version >= 4 && ((xn && t.xnack == FeatureState::UNSUPPORTED) ||
                                     (se && t.sramecc == FeatureState::UNSUPPORTED))) {
    *err = "e_flags at offset 0x30 is " + hex(h.flags) + ": " + t.processor +
           " supports " + (xn && t.xnack == FeatureState::UNSUPPORTED ? "xnack" : "sramecc") +
           " but the field says unsupported";
    return false;
  }
  *out = t;
  return true;
}

}  // namespace gcn::codeobj
