// RapidCheck generators for decoded instructions of every generation,
// encoding and form, drawn from each row's instance space.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

// A valid instruction together with the target it was decoded for and the
// bytes it was decoded from.
struct GenInst {
  Target target;
  Inst inst;
  std::vector<uint8_t> bytes;
};

// Targets the generators draw from: one processor per generation plus gfx906.
const std::vector<Target>& propertyTargets();

// Uniform over (target, row, form), then a random point of that row's
// operand/modifier space that decodes.
rc::Gen<GenInst> genInst();

// genInst() restricted to the (target, row, form) triples `keep` accepts
// (e.g. rows with semantics, or only SDWA forms); uniform over those.
// The triple list is computed once, when the generator is created.
using RowFormFilter = std::function<bool(const Target&, int row, Form)>;
rc::Gen<GenInst> genInstWhere(const RowFormFilter& keep);

}  // namespace gcn

namespace rc {
template <>
struct Arbitrary<gcn::GenInst> {
  static Gen<gcn::GenInst> arbitrary() { return gcn::genInst(); }
};
}  // namespace rc

std::ostream& operator<<(std::ostream& os, const gcn::GenInst& g);
