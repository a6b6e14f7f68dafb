// Control-flow helpers shared by SOP1/SOP2/SOPK definitions (fork/join).
#pragma once

#include "semantics/defs/salu_ctx.h"

namespace gcn::sem {

// S_CBRANCH_G_FORK: fork on mask SSRC0 to absolute target SSRC1; the side
// with fewer lanes runs first, the other is pushed on the CSP stack
// (SGPR[CSP*4:CSP*4+1] = mask, SGPR[CSP*4+2:CSP*4+3] = PC, CSP = MODE[31:29]).
template <class C>
inline void forkTo(C& c, typename C::U64 mask, typename C::U64 target) {
  auto exec = c.exec();
  auto passes = exec & mask, failures = exec & ~mask;
  auto all_pass = passes == exec, all_fail = failures == exec;
  auto split = (!all_pass) & (!all_fail);
  auto fail_first = popcount(failures) < popcount(passes);
  auto mode = c.hwreg(HW_MODE);
  auto csp = (mode >> kModeCspShift) & 7u;
  auto push_mask = select(fail_first, passes, failures);
  auto push_pc = select(fail_first, target, c.nextPc());
  auto slot = csp * 4u;
  c.setSgpr(slot, select(split, lo32(push_mask), c.sgpr(slot)));
  c.setSgpr(slot + 1u, select(split, hi32(push_mask), c.sgpr(slot + 1u)));
  c.setSgpr(slot + 2u, select(split, lo32(push_pc), c.sgpr(slot + 2u)));
  c.setSgpr(slot + 3u, select(split, hi32(push_pc), c.sgpr(slot + 3u)));
  auto new_csp = select(split, (csp + 1u) & 7u, csp);
  c.setHwreg(HW_MODE, (mode & ~(7u << kModeCspShift)) | (new_csp << kModeCspShift));
  c.setExec(select(split, select(fail_first, failures, passes), exec));
  c.jumpIf(all_pass | (split & !fail_first), target);
}
}  // namespace gcn::sem
