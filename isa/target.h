// What the decoder/encoder are asked to handle: a generation plus features.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "isa/gen.h"
#include "isa/inst_desc.h"

namespace gcn {

struct Target {
  Gen gen = Gen::GFX9;
  uint32_t features = 0;
  std::string_view name = "gfx900";

  // Does row `d` exist on this target (generation and feature flags)?
  bool has(const InstDesc& d) const;
};

// The instruction-set features (Feature) row `d` needs beyond its generation.
uint32_t featuresRequired(const InstDesc& d);

// "gfx900", "fiji", ...; returns false with a message for unknown names.
bool targetFromName(std::string_view name, Target* out, std::string* err);

}  // namespace gcn
