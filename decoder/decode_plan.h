// Precomputed decode plans: the fast path of decode() for words that the
// full path (field extraction, canonicalisers, operand checks) would return
// unchanged. Plans are derived once per generation from the isa/ tables and
// the canonicalisers' own rule helpers (decode_plan_build.cc): one per (dword0
// encoding, opcode), the SDWA/DPP forms of e32 rows, and twins for rows
// whose accepted words need a second set of checks (SMEM with an SGPR
// offset or SOE, buffers without an address, FLAT atomics without glc,
// SCRATCH with an SGPR address). A word takes a plan only when every field
// is in its accepted values, so the canonicalisers have nothing to reject;
// what they would change is part of the plan (fields cleared, misaligned
// SGPR ranges aligned down, VOP3P's op_sel_hi[2], SMEM's SGPR offset
// bits, the mandatory literal of v_madak/v_madmk/s_setreg_imm32).
// Everything else (a source literal, which may decode as an inline
// constant; EXP, buffer_store_lds_dword, ds_swizzle, sendmsg, the lane
// rows and others with special operand rules; MFMA with a constant C or
// with cbsz/abid/blgp set; strict decoding) takes the full path.
// Gain (gcnref bench, decode() against decodeFull() in the same run, CPU
// time): gfx900 1.9-3.1x on the bench stream, 2.7-5.8x on the corpus
// kernels' code; gfx90a and gfx942 4.3x and 8.2-8.3x (99.8 % of their
// corpus kernels' instructions take a plan).
#pragma once

#include <cstddef>
#include <cstdint>

#include "decoder/decoder.h"

namespace gcn {

// The fast path: returns true and fills *out/*r exactly as the full path
// would (lenient decoding), or returns false without touching either.
bool decodeWithPlan(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                    DecodeResult* r);

// The plans alone, without the quick records (decode_quick.h) in front:
// tests compare the two.
bool decodeWithPlanPath(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                        DecodeResult* r);

}  // namespace gcn
