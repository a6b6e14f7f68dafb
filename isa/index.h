// Lookup structures derived once from the tables: per generation, which
// encoding a dword0 prefix selects, each encoding's field layout, and
// opcode -> row maps. Shared by decoder and encoder.
#pragma once

#include <cstdint>
#include <vector>

#include "isa/encoding.h"
#include "isa/gen.h"
#include "isa/inst_desc.h"

namespace gcn {

struct FieldSlot {
  Fld fld;
  uint8_t lo;
  uint8_t width;
  Xform xform;
};

// One step of the decoder's field extraction, precomputed from a FieldSlot:
// value = (word >> lo) & mask, then xform. HI's shift (the width of the
// field's low part) is resolved here instead of per decode.
struct FieldOp {
  uint64_t mask;
  uint8_t lo;
  Fld fld;
  Xform xform;
  uint8_t shift;  // HI: low-part width; SEXT: field width - 1
};

struct EncIndex {
  bool present = false;
  uint8_t dwords = 0;
  uint32_t match_mask = 0, match_value = 0;
  std::vector<FieldSlot> fields;  // layout on this generation
  std::vector<FieldOp> ops;       // `fields` the Inst stores, as the decoder applies them
  // The same, split for speed when that keeps the result: `lin` fields are
  // value = (bits << shift) + add (NONE, VGPR, X2, X4), applied first and in
  // order; then `rest` (SEXT, HI, S0, S1) in order. RESERVED slots only
  // test `reserved_mask` (both ways), SEG slots only select the row.
  // split_ok is false when some `rest` op precedes a `lin` op writing the
  // field it reads or writes.
  struct LinOp {
    uint64_t mask;
    uint8_t lo;
    Fld fld;
    uint8_t shift;
    uint16_t add;
  };
  bool split_ok = false;
  std::vector<LinOp> lin;
  std::vector<FieldOp> rest;
  uint64_t reserved_mask = 0;
  std::vector<FieldSlot> selectors;  // the SEG and LDS slots of `fields`
  uint8_t op_lo = 0, op_width = 0;
  // opcode -> row id (-1 none). For VOP3, rows of VOP1/2/C e64 forms too.
  std::vector<int16_t> rows;
  // opcode -> every row with that opcode, when there is more than one
  // (MUBUF/FLAT lds variants, GLOBAL/SCRATCH segments, feature-specific
  // rows); the decoder picks by target features and selector fields.
  std::vector<std::vector<int16_t>> alternatives;
};

struct GenIndex {
  Gen gen;
  int8_t enc_by_prefix[512];  // dword0 >> 23 -> Enc, -1 none
  EncIndex enc[kNumEncs];
};

const GenIndex& genIndex(Gen g);

// Whether encoding e's layout on g has field f (GFX90A has SCC and no TFE
// in its buffer encodings, for example).
bool layoutHasField(Gen g, Enc e, Fld f);

// The VOP3 opcode of a VOP1/VOP2/VOPC row on generation g (its e64 form).
int e64Opcode(const InstDesc& d, Gen g);
// The opcode of `d` in encoding space `e` on g (e64 for VOP3 forms), or -1.
int opcodeIn(const InstDesc& d, Gen g, Enc e);

// Selector fields that distinguish rows sharing an opcode: FLAT's SEG
// (0 flat, 1 scratch, 2 global) and the LDS bit of MUBUF/FLAT lds forms.
// The value field f must hold in row d, or -1 when f selects no row of
// d's encoding.
int selectorValue(const InstDesc& d, Fld f);
struct Inst;
// Any field's value in `in`, stored or not: SEG is the row's selector
// (0 outside FLAT), RESERVED is 0.
int32_t fieldValue(const Inst& in, Fld f);
// True when the word's selector values are the ones row `d` requires.
bool rowSelectorMatches(const InstDesc& d, const EncIndex& ei, uint64_t word);

inline uint64_t extractBits(uint64_t w, unsigned lo, unsigned width) {
  return (w >> lo) & ((width >= 64) ? ~0ull : ((1ull << width) - 1));
}

}  // namespace gcn
