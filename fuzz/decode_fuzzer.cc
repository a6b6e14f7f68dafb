// decode -> encode -> decode identity. Input: byte 0 selects the processor
// (fuzz_util.h), the rest is a stream of instruction bytes decoded from the
// start, resynchronising by 4 bytes after an undecodable word as llvm-mc does.
// For every instruction that decodes (lenient, as llvm-mc):
//   * the strict decoder accepts a subset, with the same Inst;
//   * encodeInst succeeds with the Inst's size and decodes to the same Inst
//     and re-encodes to itself; when the Inst is legal (validateInst, e.g.
//     no constant-bus violation) its encoding is strictly canonical, and
//     what the strict decoder accepts is legal;
//   * bytes strictly canonical are reproduced exactly; otherwise every
//     difference is a reviewed alias (aliases.h);
//   * the printer produces non-empty text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "fuzz/aliases.h"
#include "fuzz/fuzz_util.h"

using namespace gcn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  if (size_ < 1) return 0;
  const Target& t = fuzz::targetFromByte(data_[0]);
  const uint8_t* p = data_ + 1;
  size_t left = size_ - 1;
  DecodeOptions strict;
  strict.strict = true;
  while (left >= 4) {
    Inst in;
    DecodeResult r = decode(t, p, left, &in);
    FUZZ_CHECK(r.size >= 1 && r.size <= left, "decode size",
               "decode consumed " + std::to_string(r.size) + " of " + std::to_string(left));
    Inst sin;
    DecodeResult sr = decode(t, p, left, &sin, strict);
    if (!r.ok()) {
      FUZZ_CHECK(!sr.ok(), "strict accepts what lenient rejects", debugString(sin));
      FUZZ_CHECK(!explainDecodeError(t, p, left, r).empty(), "empty decode error", "");
      p += r.size;
      left -= r.size;
      continue;
    }
    auto where = [&] { return std::string(t.name) + " at +" + std::to_string(p - data_ - 1) +
                              ": " + fuzz::hex(p, r.size) + " = " + debugString(in); };
    FUZZ_CHECK(in.size >= 4 && in.size <= 16, "Inst size", where());
    const std::string invalid = validateInst(t, in);
    if (sr.ok()) {
      FUZZ_CHECK(invalid.empty(), "strict decoder accepts an illegal Inst", where() + ": " + invalid);
      FUZZ_CHECK(sin == in && sr.size == r.size, "strict and lenient disagree",
                 where() + " vs strict " + debugString(sin));
    } else {
      FUZZ_CHECK(sr.status == DecodeStatus::RESERVED_BITS, "strict fails differently",
                 where() + ": " + explainDecodeError(t, p, left, sr, strict));
    }
    uint8_t enc[16];
    std::string err;
    size_t n = encodeInst(t, in, enc, &err);
    FUZZ_CHECK(n > 0, "encode rejects a decoded Inst", where() + ": " + err);
    FUZZ_CHECK(n == in.size, "encoded size", where() + ": " + std::to_string(n) + " bytes");
    Inst again;
    DecodeResult r2 = decode(t, enc, n, &again, strict);
    if (invalid.empty())
      FUZZ_CHECK(r2.ok() && r2.size == n, "encoder output not canonical",
                 where() + " -> " + fuzz::hex(enc, n) + ": " + explainDecodeError(t, enc, n, r2, strict));
    if (!r2.ok()) r2 = decode(t, enc, n, &again);
    FUZZ_CHECK(r2.ok() && r2.size == n, "encoder output does not decode",
               where() + " -> " + fuzz::hex(enc, n) + ": " + explainDecodeError(t, enc, n, r2));
    FUZZ_CHECK(again == in, "decode(encode(i)) != i",
               where() + " -> " + fuzz::hex(enc, n) + " = " + debugString(again));
    uint8_t enc2[16];
    size_t n2 = encodeInst(t, again, enc2, &err);
    FUZZ_CHECK(n2 == n && std::equal(enc, enc + n, enc2), "encode not a fixpoint",
               where() + " -> " + fuzz::hex(enc, n) + " -> " + fuzz::hex(enc2, n2));
    if (sr.ok()) {
      FUZZ_CHECK(n == r.size && std::equal(enc, enc + n, p), "canonical bytes not reproduced",
                 where() + " -> " + fuzz::hex(enc, n));
    } else if (n != r.size || !std::equal(enc, enc + n, p)) {
      fuzz::AliasReport a = fuzz::explainAliases(t, in, p, r.size, enc, n);
      FUZZ_CHECK(a.error.empty(),
                 a.unreviewed.empty() ? "unexplained alias" : "alias not reviewed: " + a.unreviewed, where() + " -> " + fuzz::hex(enc, n) + ": " + a.error);
    }
    FUZZ_CHECK(!printInst(in).empty(), "empty text", where());
    p += r.size;
    left -= r.size;
  }
  return 0;
}
