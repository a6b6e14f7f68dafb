// Assertions shared by the semantic law tests (header-only, test-only).
#pragma once

#include <rapidcheck.h>

#include "properties/sem_props.h"
#include "semantics/sem_testing.h"

namespace gcn::props {

// Runs both programs of `p` from `init` along `path` and asserts the final
// states are identical (VGPRs, scalar file incl. EXEC/VCC/M0, SCC, hardware
// registers, stop reason and message). `scratch` names an SGPR pair the B
// side may clobber (an expansion's carry-out), -1 for none.
inline void assertSameEffect(const ProgramPair& p, const WaveInit& init, sem::Path path,
                             int scratch = -1) {
  auto wa = newState(), wb = newState();
  std::string err;
  RC_ASSERT(runProgramText(p.target, p.a, init, path, wa.get(), &err));
  RC_ASSERT(runProgramText(p.target, p.b, init, path, wb.get(), &err));
  if (scratch >= 0) {
    wb->s[scratch] = wa->s[scratch];
    wb->s[scratch + 1] = wa->s[scratch + 1];
  }
  RC_LOG() << "A stopped: " << int(wa->stop) << " " << wa->error << "\n";
  RC_ASSERT(sem::testing::diffStates(*wa, *wb) == "");
}

inline rc::Gen<sem::Path> genPath() {
  return rc::gen::element(sem::Path::FAST, sem::Path::REFERENCE);
}

}  // namespace gcn::props
