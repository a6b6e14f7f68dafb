#include "decoder/row_info.h"

#include <string_view>
#include <vector>

#include "isa/operand_kinds.h"

namespace gcn {
namespace {

// SDWA omod (GFX9) exists only for float results (LLVM HasSDWAOMod).
bool sdwaOmodOk(const InstDesc& d) {
  return !(d.flags & (F_NO_MODS | F_INT_MODS | F_NO_OMOD | F_SDWA_NO_OMOD));
}

}  // namespace

RowInfo computeRowInfo(const InstDesc& d) {
  RowInfo r{};
  r.src[0] = r.src[1] = r.src[2] = -1;
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
    if (isFloatSourceType(d.operand[r.src[si]].type)) r.facts |= RF_FLOAT_SRC;
  }
  const Enc e = d.enc;
  if (isVopEnc(e)) r.facts |= RF_VOP;
  if (e == Enc::VOP3 && rowHas(r, Role::attr)) r.facts |= RF_INTERP;
  if (e == Enc::VOP3P && r.src[0] >= 0 && d.operand[r.src[0]].type == OpType::f32)
    r.facts |= RF_MIX;
  // The table's per-instruction facts, as the bits the hot paths test.
  static constexpr struct { uint64_t flag; uint32_t fact; } kFromFlags[] = {
      {F_SWAP, RF_SWAP},
      {F_LANE_READ, RF_READLANE},     {F_LANE_WRITE, RF_WRITELANE},
      {F_FIRST_LANE, RF_READFIRSTLANE}, {F_REV, RF_REV},        {F_INTERP_P2, RF_P2},
      {F_SWIZZLE, RF_DS_SWIZZLE},     {F_BARE, RF_BARE},          {F_KEEP_E64, RF_INTERP_E64},
  };
  for (const auto& m : kFromFlags)
    if (d.flags & m.flag) r.facts |= m.fact;
  if (sdwaOmodOk(d)) r.facts |= RF_SDWA_OMOD;
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
