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
//
// SMFMAC (sparse A, 4:2): a lane of A holds D = 2 * E dense k, each group of
// four consecutive dense k as its two stored values, side by side:
//   A[i][k]  lane i + M * (k / D), stored values 2 * ((k % D) / 4) and the next
// and the index VGPR (src2), same lane, holds per group a 4-bit field: bits
// 1:0 the dense position (0-3) of the first stored value, bits 3:2 of the
// second. There are 32 / D such index sets per register; CBSZ = 0 selects set
// ABID % (32 / D), any other CBSZ set 0. B and C/D are laid out as above,
// and C is the destination itself.
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

// The width at which an inline constant in operand `role` of row d is read:
// an MFMA's C constant (GFX90A on) is every accumulator element, so it has
// the accumulator's width (32 for f32/i32, 64 for f64) rather than the
// tuple's. 0 when d is not a matrix row or role is not C.
int mfmaConstantBits(const InstDesc& d, Role role);

enum class MMat : uint8_t { A, B, CD };

struct MLoc {
  int reg;   // register within the operand (the first of a pair for 64-bit)
  int lane;
  int bit;   // first bit within reg
};

// Where element (b, row, col) of matrix `mat` lives with no modifiers:
// A: row = i, col = k; B: row = k, col = j; CD: row = i, col = j. For an
// SMFMAC A, col is the dense k and the place is the first of its group's two
// stored values.
MLoc mfmaLoc(const MfmaInfo& f, MMat mat, int b, int row, int col);

// SMFMAC: the 4-bit index field of A's row i, dense k (its group of four),
// in the index VGPR (reg is always 0).
MLoc smfmacIndexLoc(const MfmaInfo& f, int row, int k, int cbsz, int abid);

// The lane whose A operand lane `lane` uses under CBSZ/ABID: blocks are
// grouped 2^cbsz at a time and every block of a group reads block `abid`
// of its group.
int mfmaASourceLane(const MfmaInfo& f, int lane, int cbsz, int abid);
// The lane whose B operand lane `lane` uses under BLGP (a lane-group
// pattern; 0 = each lane its own). Not for GFX940's f64 rows, where the
// field is a negation mask.
int mfmaBSourceLane(int lane, int blgp);

}  // namespace gcn
