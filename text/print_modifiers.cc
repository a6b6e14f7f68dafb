// Trailing modifiers of ALU and scalar-memory instructions, in llvm-mc's
// order: VOP3 `clamp mul:2`, VOP3P `op_sel:[..] op_sel_hi:[..] neg_lo:[..]
// neg_hi:[..] clamp`, SDWA `clamp mul:2 dst_sel:.. dst_unused:.. src0_sel:..
// src1_sel:..`, DPP `quad_perm:[..] row_mask:0x. bank_mask:0x. bound_ctrl:0`;
// the memory families' lists come from print_memory.cc. Written with raw
// pointers (see kPutRoom): this runs for most instructions.
#include <cstring>

#include "decoder/canon.h"
#include "text/print_mods.h"
#include "text/print_util.h"
#include "decoder/row_info.h"

namespace gcn {
namespace {

int numSrcs(const InstDesc& d) { return rowInfo(d).src_roles; }

}  // namespace

const char* vopSuffix(const Inst& in) {
  const InstDesc& d = in.desc();
  const uint32_t facts = rowInfo(d).facts;
  const bool bare = facts & RF_BARE;
  switch (in.form) {
    case Form::E32:
      if (bare || (facts & (RF_READLANE | RF_WRITELANE | RF_READFIRSTLANE | RF_SWAP)) ||
          (d.flags & (F_LITERAL_K | F_E32_BARE)))
        return "";
      return "_e32";
    case Form::E64: return bare ? "" : "_e64";
    case Form::SDWA:
      if (bare || (d.enc == Enc::VOPC && in.gen == Gen::GFX8)) return "";
      return "_sdwa";
    case Form::DPP: return bare ? "" : "_dpp";
    default: break;
  }
  // VOP3 forms of the VINTRP f32 ops keep an _e64 suffix on GFX8/9.
  if (d.enc == Enc::VOP3 && (facts & RF_INTERP_E64)) return "_e64";
  return "";
}

void buildModPlan(const Inst& in, const InstDesc& d, ModPlan* m) {
  *m = ModPlan();
  switch (d.enc) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
    case Enc::EXP: case Enc::FLAT: case Enc::VINTRP: case Enc::SMEM:
      m->n = uint8_t(memoryModSteps(in, d, m->step));
      if (m->n) m->kind = ModPlan::LIST;
      return;
    case Enc::SMRD:
      return;
    default: break;
  }
  const RowInfo& ri = rowInfo(d);
  m->nsrc = uint8_t((d.flags & F_OPSEL_SRC2) ? 3 : numSrcs(d));
  if (in.enc == Enc::VOP3P_MAI) {
    m->kind = ModPlan::MAI;
    m->mfma_neg = d.flags & F_MFMA_NEG;
  } else if (in.enc == Enc::VOP3P) {
    m->kind = ModPlan::VOP3P;
    m->mix = ri.facts & RF_MIX_LAST;
  } else if (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) {
    m->kind = ModPlan::VOP3;
    m->interp = rowHas(ri, Role::attr);
    m->op_sel = in.enc == Enc::VOP3 && (d.flags & F_OPSEL);
  } else if (in.form == Form::SDWA) {
    if (ri.facts & RF_BARE) return;  // v_nop_sdwa prints as "v_nop"
    m->kind = ModPlan::SDWA;
    m->omod = in.gen >= Gen::GFX9;
    m->dst = d.enc != Enc::VOPC && !(d.flags & F_SDWA_SRC_SEL);
    m->src1 = d.enc != Enc::VOP1;
  } else if (in.form == Form::DPP) {
    m->kind = ModPlan::DPP;
  }
}

char* putMods(const ModPlan& m, const Inst& in, char* p) { return putModsInline(m, in, p); }

void printModifiers(PrintCtx& c) {
  ModPlan m;
  buildModPlan(c.in, c.d, &m);
  c.out->commit(putMods(m, c.in, c.out->reserve(kModRoom)));
}

}  // namespace gcn
