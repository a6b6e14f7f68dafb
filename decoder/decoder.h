// bytes -> Inst.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

enum class DecodeStatus : uint8_t {
  OK,
  TRUNCATED,        // fewer bytes than the encoding (or its literal) needs
  UNKNOWN_ENCODING, // no encoding matches dword0 on this generation
  UNKNOWN_OPCODE,   // encoding known, opcode not defined for this target
  RESERVED_BITS,    // strict mode only: reserved/unused bits set
  INVALID_OPERAND,  // e.g. an operand code that is reserved for this operand
};

struct DecodeOptions {
  // Strict: reject words with reserved or (for this row) unused bits set.
  // Lenient (default, as llvm-mc): ignore them; the Inst has them cleared, so
  // decode -> encode -> decode is a fixpoint either way.
  bool strict = false;
};

struct DecodeResult {
  DecodeStatus status = DecodeStatus::OK;
  // Bytes consumed on success; on failure, the number of bytes to skip to
  // resynchronise (4, as llvm-mc does).
  uint8_t size = 0;
  bool ok() const { return status == DecodeStatus::OK; }
};

// decode() without the plan fast path: field extraction, canonicalisers,
// operand checks (tests compare the two; strict decoding always takes it).
DecodeResult decodeFull(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                        const DecodeOptions& opts = {});

namespace detail {
// The plan fast path (decode_plan.h): the size, or 0 for the full path.
// The CPU's best version, picked on first use: a call through a pointer
// rather than a call that tests the CPU and calls again.
// kPlanPath: the quick records leave the word to the plan path, which the
// caller runs (it holds the arguments already; the quick path then needs
// no callee-saved registers to keep them for a call of its own).
using FastDecode = unsigned (*)(const Target& t, const uint8_t* bytes, size_t len, Inst* out);
extern std::atomic<FastDecode> g_fast_decode;
constexpr unsigned kPlanPath = ~0u;
unsigned planPathEntry(const Target& t, const uint8_t* bytes, size_t len, Inst* out);
inline unsigned decodeWithPlanSize(const Target& t, const uint8_t* bytes, size_t len,
                                   Inst* out) {
  const unsigned size = g_fast_decode.load(std::memory_order_relaxed)(t, bytes, len, out);
  if (__builtin_expect(size != kPlanPath, 1)) return size;
  return planPathEntry(t, bytes, len, out);
}
}  // namespace detail

// Decodes one instruction from bytes[0..len). Never reads past len.
// Inline so that the caller holds the fast path's result: with the fast
// path and the full one inside one out-of-line function, every word paid
// the full path's frame (measured ~5-9 % of the bench stream).
inline DecodeResult decode(const Target& t, const uint8_t* bytes, size_t len, Inst* out,
                           const DecodeOptions& opts = {}) {
  if (!opts.strict) {
    if (const unsigned size = detail::decodeWithPlanSize(t, bytes, len, out)) {
      DecodeResult r;
      r.size = uint8_t(size);
      return r;
    }
  }
  return decodeFull(t, bytes, len, out, opts);
}

// Explains a failed decode: what and where (field, bits), for messages.
std::string explainDecodeError(const Target& t, const uint8_t* bytes,
                               size_t len, DecodeResult r,
                               const DecodeOptions& opts = {});

}  // namespace gcn
