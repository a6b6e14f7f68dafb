// Round-trip laws of the decoder, encoder, printer and parser over generated
// instructions of every generation, encoding and form. RapidCheck prints the
// seed of a failing run; rerun with RC_PARAMS="seed=N".
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "properties/inst_gen.h"
#include "space/lossy_text.h"

namespace gcn {
namespace {

std::vector<uint8_t> encodeOrFail(const Target& t, const Inst& i) {
  uint8_t buf[16];
  std::string err;
  size_t n = encodeInst(t, i, buf, &err);
  RC_ASSERT(n > 0u);
  return std::vector<uint8_t>(buf, buf + n);
}

// decode(encode(i)) == i for every decodable instance.
RC_GTEST_PROP(Codec, DecodeOfEncodeIsIdentity, (const GenInst& g)) {
  std::vector<uint8_t> b = encodeOrFail(g.target, g.inst);
  Inst again;
  DecodeResult r = decode(g.target, b.data(), b.size(), &again);
  RC_ASSERT(r.ok());
  RC_ASSERT(again == g.inst);
}

// encode(parse(print(decode(b)))) == encode(decode(b)): the text carries
// every field the Inst holds. Words that decode but break an assembler rule
// (constant bus) must instead be refused by the parser.
RC_GTEST_PROP(Codec, TextRoundTripPreservesEncoding, (const GenInst& g)) {
  std::vector<uint8_t> b = encodeOrFail(g.target, g.inst);
  if (!validateInst(g.target, g.inst).empty()) {
    Inst parsed;
    ParseError pe;
    RC_ASSERT_FALSE(parseInst(g.target, printInst(g.inst), &parsed, &pe));
    return;
  }
  std::string text = printInst(g.inst);
  Inst parsed;
  ParseError pe;
  RC_ASSERT(parseInst(g.target, text, &parsed, &pe));
  if (encodeOrFail(g.target, parsed) == b) return;
  // Only a reviewed ambiguity of LLVM's syntax may differ (lossy_text.cc).
  RC_ASSERT(lossyTextErratum(g.target, g.inst, text, parsed) != nullptr);
}

// Canonical words (those equal to encode(decode(b))) are reproduced exactly.
RC_GTEST_PROP(Codec, CanonicalBytesAreAFixpoint, (const GenInst& g)) {
  std::vector<uint8_t> b = encodeOrFail(g.target, g.inst);
  Inst i2;
  RC_ASSERT(decode(g.target, b.data(), b.size(), &i2).ok());
  RC_ASSERT(encodeOrFail(g.target, i2) == b);
}

// Arbitrary bytes never crash the decoder, and whatever decodes reaches a
// decode -> encode -> decode fixpoint.
RC_GTEST_PROP(Codec, RandomWordsReachAFixpoint,
              (uint32_t w0, uint32_t w1, uint32_t w2, uint8_t len)) {
  uint32_t words[3] = {w0, w1, w2};
  std::vector<uint8_t> raw(12);
  std::memcpy(raw.data(), words, 12);
  raw.resize(4 + len % 9);  // 4..12 bytes: truncation included
  for (const Target& t : propertyTargets()) {
    Inst i;
    DecodeResult r = decode(t, raw.data(), raw.size(), &i);
    if (!r.ok()) continue;
    RC_ASSERT(r.size <= raw.size());
    std::vector<uint8_t> b = encodeOrFail(t, i);
    Inst i2;
    RC_ASSERT(decode(t, b.data(), b.size(), &i2).ok());
    RC_ASSERT(i2 == i);
  }
}

}  // namespace
}  // namespace gcn
