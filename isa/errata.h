// Where the sources disagree: the spec (shared/spec/clrx), the seed documents
// (shared/seeds) and llvm-mc-16. Each row is evidence plus the choice made.
//
// Rows live in isa/errata/<family>.inc as
//
//   GCN_ERRATUM(id, gens, "subject", "spec", "llvm", "evidence", CHOICE, "why")
//
// * id: short unique token, e.g. SOPK_MOVK_OPERATION.
// * subject: instruction mnemonic or encoding field the row is about; the
//   differential tester matches findings against it (an instruction name,
//   "ENC.FIELD", "ENC.FIELD=LO-HI" for our value of that field in a range,
//   or "*" for a cross-cutting rule).
// * spec / llvm: what each side says, in a line.
// * evidence: file and line of the spec/seed, or the llvm-mc command and
//   output that shows the behaviour.
// * CHOICE: FOLLOW_SPEC, FOLLOW_LLVM, FOLLOW_HW (neither, documented
//   hardware behaviour), or FIX_SPEC (the spec is plainly wrong, e.g. a typo).
#pragma once

#include <string_view>

#include "isa/gen.h"

namespace gcn {

enum class ErratumChoice : uint8_t { FOLLOW_SPEC, FOLLOW_LLVM, FOLLOW_HW, FIX_SPEC };

struct Erratum {
  std::string_view id;
  GenMask gens;
  std::string_view subject;
  std::string_view spec;
  std::string_view llvm;
  std::string_view evidence;
  ErratumChoice choice;
  std::string_view why;
};

const Erratum* errataBegin();
const Erratum* errataEnd();
const Erratum* findErratum(std::string_view id);

}  // namespace gcn
