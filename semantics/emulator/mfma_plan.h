// Where an MFMA instruction's matrix elements are, worked out once at
// pre-decode (PInst::mfma): for every element of A and B, the dword of the
// operand's rows that holds it (register * 64 + lane, with the CBSZ/ABID
// and BLGP lane selects applied) and its bit offset; for every row of C/D,
// the dword of its first column (the N columns are consecutive lanes of one
// register, isa/mfma.h). For SMFMAC, A's elements are the stored values
// [i][2 * group + s] and idx_at/idx_bit place each (i, group) 4-bit field of
// the index VGPR. Plans are shared by every instruction with the same
// row and modifiers and live for the whole process.
#pragma once

#include <cstdint>
#include <vector>

#include "isa/inst.h"
#include "isa/mfma.h"

namespace gcn::sem {

struct MfmaPlan {
  const MfmaInfo* f = nullptr;
  int cbsz = 0, abid = 0, blgp = 0;
  uint8_t neg = 0;                // GFX940 f64: bit 0 negates A, 1 B, 2 C
  std::vector<uint16_t> a_at;     // [block][i][k]: dword index in A's rows
  std::vector<uint8_t> a_bit;     //   (SMFMAC: [i][stored value], K / 2 a row)
  std::vector<uint16_t> idx_at;   // SMFMAC: [i][group of 4 k]: lane of the index VGPR
  std::vector<uint8_t> idx_bit;
  std::vector<uint16_t> b_at;     // [block][k][j]
  std::vector<uint8_t> b_bit;
  std::vector<uint16_t> cd_row;   // [block][i]: dword index of column 0
};

// The plan of an MFMA or SMFMAC instruction, null for other rows.
const MfmaPlan* mfmaPlan(const Inst& in);

}  // namespace gcn::sem
