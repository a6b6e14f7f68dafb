// Precomputed decode plans: the fast path of decode() for words that the
// full path (field extraction, canonicalisers, operand checks) would return
// unchanged. One plan per (generation, dword0 encoding, opcode), derived
// once from the isa/ tables and the canonicalisers' own rule helpers; a word
// takes the plan only when every field is in the plan's accepted values, so
// the canonicalisers have nothing to clear, align or reject. Everything else
// (literals, SDWA/DPP, memory and scalar-memory rows, rows with special
// operand rules, strict decoding) goes through the full path.
#pragma once

#include <cstddef>
#include <cstdint>

#include "decoder/decoder.h"
#include "isa/index.h"

namespace gcn {

// Raw bits (w >> lo) & ((1 << width) - 1) of the word must be set in `ok`.
struct PlanCheck {
  uint8_t lo;
  uint8_t width;  // <= 9
  const uint64_t* ok;  // 512-bit set, indexed by the raw value
};

// The normalised value of field `fld` (0..511) must be set in `ok`.
struct ValueCheck {
  Fld fld;
  const uint64_t* ok;
};

// An e32 row's SDWA or DPP form (GFX8/9): the dword0 layout, then the
// extension's, as the full path applies them; checks on the resulting
// field values (GFX9 SDWA's S0/S1 bits make SRC0/SRC1 depend on two
// places of the word).
struct ExtPlan {
  static constexpr int kMaxChecks = 16;
  int16_t id = -1;
  Form form = Form::SDWA;
  bool vopc_sd = false;  // GFX9 VOPC SDWA: SDST is kept only with SD set
  uint8_t nzero = 0, nchecks = 0;
  uint64_t must_mask = 0, must_value = 0;  // on the 64-bit word
  // The two layouts as one program: dword0's `lin` ops the extension does
  // not overwrite, then the extension's `lin` and `rest` ops.
  const EncIndex::LinOp* lin = nullptr;
  const FieldOp* rest = nullptr;
  uint8_t nlin = 0, nrest = 0;
  const uint64_t* sdst_ok = nullptr;  // vopc_sd: SDST values kept with SD set
  Fld zero[8];  // fields the full path resets after extraction
  ValueCheck checks[kMaxChecks];
};

struct DecodePlan {
  static constexpr int kMaxChecks = 6;
  int16_t id = -1;  // -1: no plan, use the full path
  Enc enc = Enc::SOP2;  // the Inst's enc (VOP3B for VOP3B rows)
  Form form = Form::NATIVE;
  uint8_t size = 0;  // bytes (no literal, no extension)
  uint8_t nchecks = 0;
  // (word & must_mask) == must_value: fields the full path would clear or
  // reject when set, and modifier bits the row does not take.
  uint64_t must_mask = 0, must_value = 0;
  PlanCheck checks[kMaxChecks];
  // The fields to fill: the layout's `lin` ops, less views of the same bits
  // that the full path drops (DS OFFSET vs OFFSET0/OFFSET1).
  const EncIndex::LinOp* lin = nullptr;
  uint8_t nlin = 0;
  // Then these (SEXT, HI, S0, S1), as applyFields' split path does.
  const FieldOp* rest = nullptr;
  uint8_t nrest = 0;
  // If any imp_if bit is set, some imp_then bit must be (MUBUF vaddr needs
  // offen/idxen/addr64, FLAT atomics' vdst needs glc).
  uint64_t imp_if = 0, imp_then = 0;
  // E32 rows on GFX8/9: SRC0 0xf9 / 0xfa select these instead.
  const ExtPlan* sdwa = nullptr;
  const ExtPlan* dpp = nullptr;
  uint8_t src0_lo = 0;  // where dword0's SRC0 is, to spot 0xf9 / 0xfa
  uint16_t src0_mask = 0;
  // Opcodes with several rows (isa/index.h alternatives): `alts` marks the
  // list head; `next` chains the rows' plans in findRow's order, `row` is
  // each one's row (its plan may be empty).
  bool alts = false;
  int16_t row = -1;
  const DecodePlan* next = nullptr;
};

struct GenPlans {
  // [enc][opcode], opcode as extracted with the dword0 encoding's layout.
  const DecodePlan* plans[kNumEncs] = {};
  size_t count[kNumEncs] = {};
};

const GenPlans& genPlans(Gen g);

// The fast path: returns true and fills *out/*r exactly as the full path
// would (lenient decoding), or returns false without touching either.
bool decodeWithPlan(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                    DecodeResult* r);

// decode() without the fast path (tests compare the two).
DecodeResult decodeFull(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                        const DecodeOptions& opts = {});

}  // namespace gcn
