// The processors of AMDGPUUsage's GCN GFX6-GFX9 table: names, aliases,
// instruction-set features, EF_AMDGPU_MACH, and which ones gcnref refuses.
#pragma once

#include <cstdint>
#include <string_view>

#include "isa/gen.h"

namespace gcn {

// Target features a processor offers at all (AMDGPUUsage's processor table);
// whether a code object turns them on is its e_flags' business.
enum TargetFeature : uint8_t {
  kTfXnack = 1u << 0,
  kTfSramEcc = 1u << 1,
  kTfTgsplit = 1u << 2,
};

struct Processor {
  std::string_view name;    // canonical, e.g. "gfx803"
  std::string_view aliases; // space separated, e.g. "fiji polaris10 polaris11"
  Gen gen;
  uint32_t features;        // instruction-set features (Feature)
  uint16_t mach;            // EF_AMDGPU_MACH
  uint8_t target_features;  // TargetFeature
  // Empty when gcnref models the processor's whole instruction set; else
  // why it is refused (a processor is never decoded as a neighbour).
  std::string_view refusal;

  bool supported() const { return refusal.empty(); }
};

// One processor of each instruction set gcnref models: what runs over
// "all" processors (verify, diff, the round-trip and property tests) cover.
constexpr std::string_view kInstructionSetCpus[] = {"gfx600", "gfx700", "gfx803", "gfx900",
                                                    "gfx906", "gfx908", "gfx90a", "gfx940"};

// Looks up "gfx900", "vega10", "fiji", ... (refused processors included);
// nullptr when the name is no GCN GFX6-GFX9 processor.
const Processor* findProcessor(std::string_view name);
const Processor* findProcessorByMach(uint16_t mach);
// All processors, in table order (refused ones included).
const Processor* processorsBegin();
const Processor* processorsEnd();

}  // namespace gcn
