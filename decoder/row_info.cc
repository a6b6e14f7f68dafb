#include "decoder/row_info.h"

#include <string_view>
#include <vector>

namespace gcn {
namespace {

bool isFloat(OpType t) {
  return t == OpType::f16 || t == OpType::f32 || t == OpType::f64 || t == OpType::pkf16;
}

// SDWA omod (GFX9) exists only for float results (LLVM HasSDWAOMod).
bool sdwaOmodOk(const InstDesc& d) {
  if (d.flags & (F_NO_MODS | F_INT_MODS | F_NO_OMOD)) return false;
  std::string_view m = d.mnemonic;
  if (m.substr(0, 12) == "v_frexp_exp_") return false;
  if (m.substr(0, 6) == "v_cvt_") {
    m.remove_prefix(6);
    for (std::string_view p : {"rpi_", "flr_", "off_", "norm_"})
      if (m.substr(0, p.size()) == p) m.remove_prefix(p.size());
    return !m.empty() && m[0] == 'f';
  }
  return true;
}

}  // namespace

RowInfo computeRowInfo(const InstDesc& d) {
  RowInfo r{};
  r.src[0] = r.src[1] = r.src[2] = -1;
  const std::string_view mn = d.mnemonic;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    r.roles |= 1u << unsigned(op.role);
    int si = op.role == Role::src0 ? 0 : op.role == Role::src1 ? 1 : op.role == Role::src2 ? 2 : -1;
    if (si < 0) continue;
    ++r.src_roles;
    if (r.src[si] < 0) r.src[si] = int8_t(i);
    if (si == 0) {
      if (op.type == OpType::f32) r.facts |= RF_MIX_LAST;
      else r.facts &= ~uint32_t(RF_MIX_LAST);
    }
  }
  for (int si = 0; si < 3; ++si) {
    if (r.src[si] < 0) continue;
    ++r.nsrc;
    if (isFloat(d.operand[r.src[si]].type)) r.facts |= RF_FLOAT_SRC;
  }
  const Enc e = d.enc;
  if (e == Enc::VOP1 || e == Enc::VOP2 || e == Enc::VOPC || e == Enc::VOP3 ||
      e == Enc::VOP3B || e == Enc::VOP3P)
    r.facts |= RF_VOP;
  if (e == Enc::VOP3 && rowHas(r, Role::attr)) r.facts |= RF_INTERP;
  if (e == Enc::VOP3P && r.src[0] >= 0 && d.operand[r.src[0]].type == OpType::f32)
    r.facts |= RF_MIX;
  if (mn.substr(0, 8) == "v_movrel") r.facts |= RF_MOVREL;
  if (mn.substr(0, 10) == "v_div_fmas") r.facts |= RF_DIV_FMAS;
  if (mn == "v_swap_b32") r.facts |= RF_SWAP;
  if (mn == "v_readlane_b32") r.facts |= RF_READLANE;
  if (mn == "v_writelane_b32") r.facts |= RF_WRITELANE;
  if (mn == "v_readfirstlane_b32") r.facts |= RF_READFIRSTLANE;
  if (mn.find("rev") != std::string_view::npos) r.facts |= RF_REV;
  if (mn.find("_p2_") != std::string_view::npos) r.facts |= RF_P2;
  if (sdwaOmodOk(d)) r.facts |= RF_SDWA_OMOD;
  if (mn == "ds_swizzle_b32") r.facts |= RF_DS_SWIZZLE;
  if (mn == "v_nop" || mn == "v_clrexcp") r.facts |= RF_BARE;
  if (mn == "v_interp_p1_f32" || mn == "v_interp_p2_f32" || mn == "v_interp_mov_f32")
    r.facts |= RF_INTERP_E64;
  return r;
}

const RowInfoTable& buildRowInfoTable() {
  // Function-local statics live for the program, so leak checkers see no
  // unreachable allocation (OSS-Fuzz runs with leak detection on).
  static std::vector<RowInfo> rows = [] {
    std::vector<RowInfo> v;
    for (int id = 0; id < numInsts(); ++id) v.push_back(computeRowInfo(instDesc(id)));
    return v;
  }();
  static const RowInfoTable table{instsBegin(), size_t(numInsts()), rows.data()};
  return table;
}

const RowInfo& rowInfoSlow(const InstDesc& d) {
  thread_local RowInfo r;
  r = computeRowInfo(d);
  return r;
}

}  // namespace gcn
