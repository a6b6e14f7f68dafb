// Per-row facts that decoding and printing need for every instruction,
// derived once from the table rows: which operand roles a row has, where its
// src0..2 specs are, and the table's per-instruction facts (InstFlag) as
// bits. The hot path then does lookups instead of loops over operands.
#pragma once

#include <cstddef>
#include <cstdint>

#include "isa/inst.h"

namespace gcn {

enum RowFact : uint32_t {
  RF_VOP = 1u << 0,             // VOP1/2/C/3/3B/3P row (isVopEnc)
  RF_INTERP = 1u << 1,          // VOP3 interp row (has an attr operand)
  RF_MIX = 1u << 2,             // VOP3P mix op: first src0 spec is f32
  RF_MIX_LAST = 1u << 3,        // ... judged by the last src0 spec (printer)
  RF_SWAP = 1u << 6,            // F_SWAP
  RF_READLANE = 1u << 7,        // F_LANE_READ
  RF_WRITELANE = 1u << 8,       // F_LANE_WRITE
  RF_READFIRSTLANE = 1u << 9,   // F_FIRST_LANE
  RF_REV = 1u << 10,            // F_REV: reversed operands
  RF_P2 = 1u << 11,             // F_INTERP_P2
  RF_FLOAT_SRC = 1u << 12,      // some src0..2 spec is a float type
  RF_SDWA_OMOD = 1u << 13,      // SDWA omod allowed (canon_vop.cc sdwaOmodOk)
  RF_DS_SWIZZLE = 1u << 14,     // F_SWIZZLE
  RF_BARE = 1u << 15,           // F_BARE: no form suffix
  RF_INTERP_E64 = 1u << 16,     // F_KEEP_E64: VOP3 keeps _e64
};

struct RowInfo {
  uint32_t roles;      // bit (1 << Role) for every role among the operands
  uint32_t facts;      // RowFact bits
  int8_t src[3];       // operand index of the first src0/src1/src2 spec, -1
  uint8_t nsrc;        // how many of src0..2 have a spec
  uint8_t src_roles;   // operands with role src0/1/2 (counted with repeats)
};

RowInfo computeRowInfo(const InstDesc& d);

struct RowInfoTable {
  const InstDesc* base;
  size_t n;
  const RowInfo* rows;
};
const RowInfoTable& buildRowInfoTable();
const RowInfo& rowInfoSlow(const InstDesc& d);

inline const RowInfoTable& rowInfoTable() {
  static const RowInfoTable& t = buildRowInfoTable();
  return t;
}

// The facts of a table row (or of any InstDesc, computed on the fly).
inline const RowInfo& rowInfo(const InstDesc& d) {
  const RowInfoTable& t = rowInfoTable();
  size_t i = size_t(reinterpret_cast<uintptr_t>(&d) - reinterpret_cast<uintptr_t>(t.base)) /
             sizeof(InstDesc);
  if (i < t.n && &t.base[i] == &d) return t.rows[i];
  return rowInfoSlow(d);
}

// Which operand printer a row's encoding takes (printOperand and the print
// plans decide by this one switch): the memory families (with EXP and
// VINTRP), the VOP families (isVopEnc), and the scalar rest.
enum class EncFamily : uint8_t { SCALAR, VOP, MEMORY };
inline EncFamily encFamily(Enc e) {
  if (isVopEnc(e)) return EncFamily::VOP;
  switch (e) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
    case Enc::EXP: case Enc::FLAT: case Enc::VINTRP:
      return EncFamily::MEMORY;
    default:
      return EncFamily::SCALAR;
  }
}

inline bool rowHas(const RowInfo& r, Role role) { return (r.roles >> unsigned(role)) & 1; }

}  // namespace gcn
