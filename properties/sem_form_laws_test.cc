// Semantic laws between encoding forms, over generated instructions and
// wave states: an SDWA form with DWORD selects and no modifiers, a DPP form
// with the identity quad_perm and full row/bank masks, and the VOP3 form
// of a VOP1/VOP2/VOPC op without modifiers all equal the plain e32 form
// (GcnSdwaDpp.md; GcnInstrsVop3.md: the VOP3 encodings of VOP1/VOP2/VOPC
// are the same operations). Each law picks a row with semantics on a
// target of every generation where the form exists, writes the same
// operands in both forms and lets the parser choose the encoding.
// RapidCheck prints the seed of a failing run; rerun with RC_PARAMS="seed=N".
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "properties/inst_gen.h"
#include "properties/sem_laws_testing.h"
#include "properties/sem_props.h"

namespace gcn::props {
namespace {

enum class FormLaw { SDWA, VOP3, DPP };

struct FormCand {
  int target;
  int row;
  std::string suffix;  // text after the operands of the non-e32 line
};

const char* const kSdwaSuffixes[] = {
    " dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
    " dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD",
    " src0_sel:DWORD src1_sel:DWORD",
};
const char kDppSuffix[] = " quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf";

std::string formLine(const InstDesc& d, FormLaw law, const std::vector<std::string>& ops,
                     const std::string& suffix) {
  std::string m(d.mnemonic);
  switch (law) {
    case FormLaw::SDWA: return m + "_sdwa" + joinOps(ops) + suffix;
    case FormLaw::DPP: return m + "_dpp" + joinOps(ops) + suffix;
    default: return m + "_e64" + joinOps(ops);
  }
}

// Every (target, row) the law applies to: a VOP1/VOP2/VOPC row with
// semantics whose e32 and other form both assemble with VGPR operands.
const std::vector<FormCand>& candidates(FormLaw law) {
  static std::vector<FormCand> cache[3];
  static bool done[3] = {};
  auto& out = cache[int(law)];
  if (done[int(law)]) return out;
  done[int(law)] = true;
  const Form want = law == FormLaw::SDWA ? Form::SDWA : law == FormLaw::DPP ? Form::DPP : Form::E64;
  for (int ti = 0; ti < int(propertyTargets().size()); ++ti) {
    const Target& t = targetAt(ti);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      if (!t.has(d) || !hasSem(row) || (d.flags & F_LITERAL_K)) continue;
      if (d.enc != Enc::VOP1 && d.enc != Enc::VOP2 && d.enc != Enc::VOPC) continue;
      std::vector<std::string> ops = vgprOperands(d);
      if (ops.empty()) continue;
      Inst a, b;
      if (!parses(t, std::string(d.mnemonic) + "_e32" + joinOps(ops), &a)) continue;
      if (law == FormLaw::SDWA) {
        for (const char* s : kSdwaSuffixes)
          if (parses(t, formLine(d, law, ops, s), &b) && b.form == want) {
            out.push_back({ti, row, s});
            break;
          }
      } else {
        std::string s = law == FormLaw::DPP ? kDppSuffix : "";
        if (parses(t, formLine(d, law, ops, s), &b) && b.form == want) out.push_back({ti, row, s});
      }
    }
  }
  return out;
}

rc::Gen<ProgramPair> genFormPair(FormLaw law) {
  return rc::gen::exec([law] {
    const auto& cands = candidates(law);
    RC_PRE(!cands.empty());
    const FormCand& c = *rc::gen::elementOf(cands);
    const Target& t = targetAt(c.target);
    const InstDesc& d = instDesc(c.row);
    // Scalar and constant sources where the form takes them: VOP3 always,
    // SDWA on GFX9 (GcnSdwaDpp.md); DPP src0 is a VGPR.
    const bool scalar_ok = law == FormLaw::VOP3 || (law == FormLaw::SDWA && t.gen >= Gen::GFX9);
    std::vector<std::string> ops = *genOperands(d, scalar_ok);
    std::string suffix = c.suffix;
    if (law == FormLaw::DPP && *rc::gen::arbitrary<bool>()) suffix += " bound_ctrl:0";
    ProgramPair p{t, std::string(d.mnemonic) + "_e32" + joinOps(ops), formLine(d, law, ops, suffix)};
    if (!parses(t, p.a) || !parses(t, p.b)) {
      ops = vgprOperands(d);
      p.a = std::string(d.mnemonic) + "_e32" + joinOps(ops);
      p.b = formLine(d, law, ops, suffix);
    }
    return p;
  });
}

// SDWA with src*_sel:DWORD, dst_sel:DWORD, dst_unused:UNUSED_PAD and no
// sext/abs/neg/clamp/omod is the plain VOP1/VOP2/VOPC operation.
RC_GTEST_PROP(FormLaws, SdwaWithDwordSelectsIsThePlainForm, (const WaveInit& w)) {
  static const auto g = genFormPair(FormLaw::SDWA);
  assertSameEffect(*g, w, *genPath());
}

// DPP quad_perm:[0,1,2,3] with row_mask:0xf bank_mask:0xf reads every
// lane's own src0, so it is the plain operation (with or without
// bound_ctrl: no source lane is out of range or disabled that is not the
// lane itself).
RC_GTEST_PROP(FormLaws, DppIdentityIsThePlainForm, (const WaveInit& w)) {
  static const auto g = genFormPair(FormLaw::DPP);
  assertSameEffect(*g, w, *genPath());
}

// The VOP3 (e64) encoding of a VOP1/VOP2/VOPC op with the same operands
// and no modifiers is the e32 operation.
RC_GTEST_PROP(FormLaws, Vop3FormIsTheShortForm, (const WaveInit& w)) {
  static const auto g = genFormPair(FormLaw::VOP3);
  assertSameEffect(*g, w, *genPath());
}

// The laws cover a broad set of rows on every generation where the form
// exists (so a table or parser change cannot silently empty them).
TEST(FormLaws, CandidateSetsAreBroad) {
  EXPECT_GT(candidates(FormLaw::VOP3).size(), 400u);
  EXPECT_GT(candidates(FormLaw::SDWA).size(), 150u);
  EXPECT_GT(candidates(FormLaw::DPP).size(), 150u);
}

}  // namespace
}  // namespace gcn::props
