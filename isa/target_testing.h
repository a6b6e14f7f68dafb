// How tests name a processor: a misspelt name is a bug in the test, so it
// stops the test binary with the name and the reason instead of running the
// test on a default Target.
#pragma once

#include <string_view>

#include "isa/target.h"

namespace gcn {

// The Target for `cpu` ("gfx900", "fiji", ...), or a message on stderr and
// abort().
Target targetOrDie(std::string_view cpu);

}  // namespace gcn
