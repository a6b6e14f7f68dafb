// The emulator's slow step: used instead of the hot loop's direct call
// while the wave is in a mode that changes how instructions run (VSKIP,
// VGPR indexing), so the fast loop has no per-instruction mode tests.
#pragma once

#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/program.h"

namespace gcn::sem {

// Runs one instruction honouring VSKIP (vector instructions skipped) and
// MODE.GPR_IDX_EN (VALU VGPR operands selected by M0[15:12] offset by
// M0[7:0]). The caller has set w.pc and env.ip as the hot loop does.
void stepSlow(ExecEnv& env, const PInst& pi);

// True when the wave must run through stepSlow.
inline bool needsSlowStep(const WaveState& w) {
  return w.vskip || (w.mode() & kModeGprIdxEn) != 0;
}

}  // namespace gcn::sem
