// Classifying a finding against the errata table (isa/errata/*.inc): a
// finding is known when an erratum of its generation names its instruction
// or one of its ENC.FIELDs, or is a cross-cutting ("*") row whose text
// quotes a token that makes the difference (e.g. 'null').
#pragma once

#include "difftest/finding.h"
#include "isa/errata.h"

namespace gcn::difftest {

const Erratum* matchErratum(const Finding& f);

}  // namespace gcn::difftest
