// The implicit register accesses the tables declare are the ones the
// definitions make. For every scalar and vector ALU row with a definition,
// on every generation, over the row's operand space and random states:
//   writes X  <=>  some run leaves X different from its initial value,
//   reads X   <=>  some pair of runs from states differing only in X differ
//                  elsewhere (registers, SCC, EXEC, PC, stop reason),
// for X = SCC, EXEC, VCC and M0 (isa/implicit_regs.h). Instances whose
// operands name X (a declared operand, e.g. the VCC of v_addc_co_u32_e32,
// an SCC or LDS-direct source) do not count. A vector ALU row reading EXEC
// as its lane mask is not an implicit EXEC read.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "decoder/decoder.h"
#include "isa/implicit_regs.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "semantics/emulator/registry.h"
#include "semantics/sem_testing.h"
#include "space/inst_space.h"

namespace gcn::sem {
namespace {

bool isScalarAlu(Enc e) {
  return e == Enc::SOP1 || e == Enc::SOP2 || e == Enc::SOPC || e == Enc::SOPK || e == Enc::SOPP;
}
// The implicit registers an instance's declared operands name.
unsigned namedByOperands(const Inst& in) {
  unsigned m = 0;
  const InstDesc& d = in.desc();
  for (int k = 0; k < d.num_operands; ++k) {
    const OperandSpec& op = d.operand[k];
    if (!isValueType(op.type)) continue;
    const Fld f = operandField(in, op);
    if (f == Fld::kCount) {
      m |= kImplicitVcc;  // the e32/SDWA/DPP VCC operand
      continue;
    }
    const int c = in[f];
    if (c == opc::kVccLo || c == opc::kVccHi || c == opc::kVccz) m |= kImplicitVcc;
    if (c == opc::kExecLo || c == opc::kExecHi || c == opc::kExecz) m |= kImplicitExec;
    if (c == opc::kM0 || c == opc::kLdsDirect) m |= kImplicitM0;
    if (c == opc::kScc) m |= kImplicitScc;
  }
  return m;
}

uint64_t get(const WaveState& w, unsigned r) {
  switch (r) {
    case kImplicitScc: return w.scc;
    case kImplicitExec: return w.exec();
    case kImplicitVcc: return w.vcc();
    default: return w.m0();
  }
}
void set(WaveState& w, unsigned r, uint64_t v) {
  switch (r) {
    case kImplicitScc: w.scc = v & 1; break;
    case kImplicitExec: w.setExec(v); break;
    case kImplicitVcc: w.setVcc(v); break;
    default: w.setM0(uint32_t(v)); break;
  }
}
// Another value of r: SCC flipped, M0 nudged, a mask changed or (half the
// time) zero <-> non-zero, which is what vccz/execz tests see.
uint64_t other(unsigned r, uint64_t v, std::mt19937_64& rng) {
  if (r == kImplicitScc) return v ^ 1;
  if (r == kImplicitM0) return (v + 1 + rng() % 64) & 0xffff;
  if (rng() & 1) return v ? 0 : ~0ull;
  return v ^ (1ull << (rng() % 64)) ^ (rng() & rng());
}

struct Seen {
  unsigned reads = 0, writes = 0, tried = 0;
};

// Two halves of the rows (even and odd indices), one test each, so Bazel's
// two shards split the work; each half is checked over every generation.
class ImplicitRegs : public ::testing::TestWithParam<int> {};

TEST_P(ImplicitRegs, TablesDeclareWhatTheDefinitionsTouch) {
  const int half = GetParam();
  const char* cpus[] = {"tahiti", "bonaire", "fiji", "gfx900", "gfx906"};
  const unsigned regs[] = {kImplicitScc, kImplicitExec, kImplicitVcc, kImplicitM0};
  std::mt19937_64 rng(777);
  std::map<int, Seen> seen;
  auto w0 = std::make_unique<WaveState>(), w1 = std::make_unique<WaveState>();
  auto o0 = std::make_unique<WaveState>(), o1 = std::make_unique<WaveState>();
  for (const char* cpu : cpus) {
    const Target t = targetOrDie(cpu);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      if (row % 2 != half || !t.has(d) || !findSem(d.mnemonic) ||
          !(isScalarAlu(d.enc) || isVopEnc(d.enc)))
        continue;
      Seen& s = seen[row];
      for (Form form : formsOf(t, d)) {
        int n = 0;
        forEachCandidate(t, row, form, 6, 6, rng, [&](const Candidate& c) {
          Inst in;
          if (n >= 6 || !decode(t, c.bytes, c.len, &in).ok() || in.id != row) return;
          ++n;
          const unsigned named = namedByOperands(in);
          for (int rep = 0; rep < 3; ++rep) {
            testing::randomizeWave(*w0, t.gen, rng);
            uint32_t ip0 = 0, ip1 = 0;
            testing::runOne(t, in, Path::FAST, *w0, o0.get(), &ip0);
            for (unsigned r : regs) {
              if (named & r) continue;
              s.tried |= r;
              if (get(*o0, r) != get(*w0, r)) s.writes |= r;
              // EXEC is every vector row's lane mask: only its writes count.
              if (r == kImplicitExec && isVopEnc(d.enc)) continue;
              *w1 = *w0;
              set(*w1, r, other(r, get(*w0, r), rng));
              testing::runOne(t, in, Path::FAST, *w1, o1.get(), &ip1);
              // Compare with r's own value taken out where neither run wrote it.
              if (get(*o0, r) == get(*w0, r) && get(*o1, r) == get(*w1, r)) set(*o1, r, get(*o0, r));
              if (ip0 != ip1 || !testing::diffStates(*o0, *o1).empty()) s.reads |= r;
            }
          }
        });
      }
    }
  }
  int rows = 0, mismatches = 0;
  for (auto& [row, s] : seen) {
    const InstDesc& d = instDesc(row);
    const unsigned want_r = implicitReads(d) & s.tried;
    unsigned want_w = implicitWrites(d) & s.tried;
    // A compare's EXEC write is its result masked by EXEC: for the
    // always-true compares (v_cmpx_t*, v_cmpx_tru*) that is EXEC itself,
    // which no state can show. The other v_cmpx rows show it.
    if (d.enc == Enc::VOPC && !(s.writes & kImplicitExec)) want_w &= ~unsigned(kImplicitExec);
    ++rows;
    if (want_r != s.reads || want_w != s.writes) {
      ++mismatches;
      ADD_FAILURE() << d.mnemonic << " (" << encName(d.enc) << "): table reads "
                    << implicitRegNames(want_r) << ", writes " << implicitRegNames(want_w)
                    << "; the definition reads " << implicitRegNames(s.reads) << ", writes "
                    << implicitRegNames(s.writes);
    }
  }
  std::printf("[implicit] half %d: %d rows checked, %d disagree with their definitions\n", half,
              rows, mismatches);
  EXPECT_GT(rows, 300);
}

INSTANTIATE_TEST_SUITE_P(Rows, ImplicitRegs, ::testing::Values(0, 1),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return i.param ? std::string("odd") : std::string("even");
                         });

}  // namespace
}  // namespace gcn::sem
