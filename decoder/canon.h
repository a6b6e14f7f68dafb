// Per-family canonicalisation after field extraction: llvm-mc ignores many
// fields an instruction does not use, and rejects some words outright. Each
// function clears ignored fields (setting *clean = false so strict mode can
// reject) and returns false when the word must be rejected.
#pragma once

#include "isa/inst.h"

namespace gcn {

bool rowHasRole(const InstDesc& d, Role r);

bool canonicalizeScalar(Inst* in, const InstDesc& d, bool* clean);  // canon_scalar.cc
bool canonicalizeVop(Inst* in, const InstDesc& d, bool* clean);     // canon_vop.cc
bool canonicalizeMemory(Inst* in, const InstDesc& d, bool* clean);  // canon_memory.cc

}  // namespace gcn
