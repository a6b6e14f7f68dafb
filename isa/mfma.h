// Matrix (MFMA/SMFMAC) rows: their shape and element types (tables/mfma.inc)
// and where each matrix element lives in the operand's registers. The
// emulator's MFMA definitions and the layout test (mfma_layout_test, against
// AMD's matrix instruction calculator) both read these.
//
// Layouts (no modifiers), per block b, with E the elements of A (or B) one
// lane holds (the operand's bits / the element's bits):
//   A[i][k]  lane i + M * (b + blocks * (k / E)), element k % E of the lane
//   B[k][j]  lane j + N * (b + blocks * (k / E)), element k % E
//   C/D[i][j] rows in groups of four, g = i / 4 + (M / 4) * b over all blocks:
//            32-bit: lane N * (g % (64 / N)) + j, register 4 * (g / (64 / N)) + i % 4
//            64-bit: lane 16 * (i % 4) + N * (g % (16 / N)) + j, register pair g / (16 / N)
// Element e of a lane sits at bit e * bits of the operand's registers.
#pragma once

#include <cstdint>

#include "isa/inst_desc.h"

namespace gcn {

enum class MType : uint8_t { F32, XF32, F16, BF16, I8, I32, F64, FP8, BF8 };

int mtypeBits(MType t);  // 32 for XF32, 8 for FP8/BF8 ...

struct MfmaInfo {
  int m, n, k, blocks;
  MType a, b, cd;
  bool sparse;        // SMFMAC: A holds half of K (4:2), src2 the index VGPR
  int a_dwords, b_dwords, cd_dwords;  // operand widths from the row's types
};

// The row's matrix facts, or null if d is not an MFMA/SMFMAC row.
const MfmaInfo* mfmaInfo(const InstDesc& d);

enum class MMat : uint8_t { A, B, CD };

struct MLoc {
  int reg;   // register within the operand (the first of a pair for 64-bit)
  int lane;
  int bit;   // first bit within reg
};

// Where element (b, row, col) of matrix `mat` lives with no modifiers:
// A: row = i, col = k; B: row = k, col = j; CD: row = i, col = j.
MLoc mfmaLoc(const MfmaInfo& f, MMat mat, int b, int row, int col);

// The lane whose A operand lane `lane` uses under CBSZ/ABID: blocks are
// grouped 2^cbsz at a time and every block of a group reads block `abid`
// of its group.
int mfmaASourceLane(const MfmaInfo& f, int lane, int cbsz, int abid);
// The lane whose B operand lane `lane` uses under BLGP (a lane-group
// pattern; 0 = each lane its own). Not for GFX940's f64 rows, where the
// field is a negation mask.
int mfmaBSourceLane(int lane, int blgp);

}  // namespace gcn
