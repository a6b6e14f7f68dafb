// Laws every row with semantics obeys, over instructions drawn from the
// whole operand/modifier space of every generation and form (genInstWhere
// over rows in the semantics registry) and generated wave states:
//   * lanes that EXEC disables keep every VGPR unchanged;
//   * the fast whole-wave path equals the per-lane reference path (the
//     property form of semantics/defs/equivalence_test.cc, with shrinking);
//   * execution is deterministic.
// RapidCheck prints the seed of a failing run; rerun with RC_PARAMS="seed=N".
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "isa/mfma.h"
#include "text/printer.h"
#include "properties/inst_gen.h"
#include "properties/sem_laws_testing.h"
#include "properties/sem_props.h"

namespace gcn::props {
namespace {

const rc::Gen<GenInst>& semInst() {
  static const auto g = genInstWhere([](const Target&, int row, Form) { return hasSem(row); });
  return g;
}

// GcnInstrsVop3.md V_WRITELANE_B32: "Ignores EXEC mask" (it writes the lane
// SRC1 selects whatever EXEC holds); every other VALU/memory row writes
// only active lanes (GcnIsa.md: EXEC masks vector writes). The MFMA rows
// are modelled as not reading EXEC (isa/errata/semantics.inc SEM_MFMA_EXEC).
bool ignoresExec(const Inst& in) {
  return in.desc().mnemonic == "v_writelane_b32" || mfmaInfo(in.desc()) != nullptr;
}

RC_GTEST_PROP(LaneLaws, InactiveLanesAreNeverWritten, (const WaveInit& w)) {
  const GenInst gi = *semInst();
  RC_PRE(!ignoresExec(gi.inst));
  const sem::Path path = *genPath();
  auto w0 = newState(), w1 = newState();
  applyWaveInit(w, gi.target.gen, *w0);
  uint32_t ip = 0;
  runInst(gi.target, gi.inst, w, path, w1.get(), &ip);
  for (int r = 0; r < sem::kMaxVgprs; ++r)
    for (int l = 0; l < sem::kLanes; ++l) {
      if ((w.exec >> l) & 1) continue;
      if (w1->v[r][l] != w0->v[r][l])
        RC_FAIL("v" + std::to_string(r) + " of inactive lane " + std::to_string(l) + " written");
    }
}

RC_GTEST_PROP(LaneLaws, FastPathMatchesReference, (const WaveInit& w)) {
  const GenInst gi = *semInst();
  auto wf = newState(), wr = newState();
  uint32_t ipf = 0, ipr = 0;
  runInst(gi.target, gi.inst, w, sem::Path::FAST, wf.get(), &ipf);
  runInst(gi.target, gi.inst, w, sem::Path::REFERENCE, wr.get(), &ipr);
  RC_ASSERT(sem::testing::diffStates(*wf, *wr) == "");
  RC_ASSERT(ipf == ipr);
}

RC_GTEST_PROP(LaneLaws, ExecutionIsDeterministic, (const WaveInit& w)) {
  const GenInst gi = *semInst();
  const sem::Path path = *genPath();
  auto a = newState(), b = newState();
  uint32_t ia = 0, ib = 0;
  runInst(gi.target, gi.inst, w, path, a.get(), &ia);
  runInst(gi.target, gi.inst, w, path, b.get(), &ib);
  RC_ASSERT(sem::testing::diffStates(*a, *b) == "");
  RC_ASSERT(ia == ib);
}

// The exempt row does what the spec says instead: with EXEC all zero it
// still writes the selected lane (so the exemption is not hiding a bug).
TEST(LaneLaws, WritelaneIgnoresExec) {
  const Target& t = targetAt(3);
  WaveInit init;
  init.exec = 0;
  init.sgpr = {0x1234u};
  auto w = newState();
  std::string err;
  ASSERT_TRUE(runProgramText(t, "v_writelane_b32 v8, s0, 5", init, sem::Path::FAST, w.get(), &err)) << err;
  EXPECT_EQ(w->v[8][5], 0x1234u);
}

// Likewise an MFMA under an all-zero EXEC: the 4x4x1 f32 block of lane 0
// still gets A*B + C = 1*1 + 0.
TEST(LaneLaws, MfmaIgnoresExec) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx90a", &t, &err)) << err;
  WaveInit init;
  init.exec = 0;
  init.vgpr.assign(8, std::vector<uint32_t>(sem::kLanes, 0));
  init.vgpr[4].assign(sem::kLanes, 0x3f800000u);
  init.vgpr[5].assign(sem::kLanes, 0x3f800000u);
  auto w = newState();
  ASSERT_TRUE(runProgramText(t, "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]", init,
                             sem::Path::FAST, w.get(), &err))
      << err;
  EXPECT_EQ(w->v[0][0], 0x3f800000u);
}

}  // namespace
}  // namespace gcn::props
