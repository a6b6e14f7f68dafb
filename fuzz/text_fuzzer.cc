// Text round trip on decoded instructions: print -> parse -> print. Input as
// for decode_fuzzer (byte 0 selects the processor, then instruction bytes).
// For every instruction that decodes:
//   * an illegal Inst (validateInst: constant bus, ...) decodes, as with
//     llvm-mc, but its text is refused by the parser with a message;
//   * otherwise the parser accepts the printed text, validateInst agrees;
//   * the parsed Inst encodes to the same bytes as the decoded one (the text
//     carries every field; space/lossy_text.h lists where llvm's syntax
//     cannot), and prints to the same text;
//   * parsing that text again gives the same Inst (the parser is a function
//     of the text).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "fuzz/fuzz_util.h"
#include "space/lossy_text.h"

using namespace gcn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  if (size_ < 1) return 0;
  const Target& t = fuzz::targetFromByte(data_[0]);
  const uint8_t* p = data_ + 1;
  size_t left = size_ - 1;
  while (left >= 4) {
    Inst in;
    DecodeResult r = decode(t, p, left, &in);
    if (!r.ok()) {
      p += r.size;
      left -= r.size;
      continue;
    }
    const std::string text = printInst(in);
    auto where = [&] { return std::string(t.name) + ": " + fuzz::hex(p, r.size) + " \"" + text + "\""; };
    uint8_t enc[16];
    std::string err;
    size_t n = encodeInst(t, in, enc, &err);
    FUZZ_CHECK(n > 0, "encode rejects a decoded Inst", where() + ": " + err);
    Inst parsed;
    ParseError pe;
    const std::string invalid = validateInst(t, in);
    if (!invalid.empty()) {
      FUZZ_CHECK(!parseInst(t, text, &parsed, &pe) && !pe.message.empty(),
                 "assembler accepts the text of an illegal Inst", where() + ": " + invalid);
      p += r.size;
      left -= r.size;
      continue;
    }
    FUZZ_CHECK(parseInst(t, text, &parsed, &pe), "printed text does not parse",
               where() + ": column " + std::to_string(pe.column) + ": " + pe.message);
    FUZZ_CHECK(validateInst(t, parsed).empty(), "parsed Inst invalid",
               where() + ": " + validateInst(t, parsed));
    uint8_t enc2[16];
    size_t n2 = encodeInst(t, parsed, enc2, &err);
    FUZZ_CHECK(n2 > 0, "encode rejects a parsed Inst", where() + ": " + err);
    // Bytes the text cannot give back are a finding unless llvm's syntax
    // cannot tell the two encodings apart (the reviewed list verify uses).
    FUZZ_CHECK((n2 == n && std::equal(enc, enc + n, enc2)) || lossyTextErratum(t, in, text, parsed),
               "text loses information",
               where() + ": " + fuzz::hex(enc, n) + " vs parsed " + fuzz::hex(enc2, n2) + " = " +
                   debugString(parsed));
    const std::string text2 = printInst(parsed);
    FUZZ_CHECK(text2 == text, "print(parse(text)) != text", where() + " -> \"" + text2 + "\"");
    Inst parsed2;
    FUZZ_CHECK(parseInst(t, text2, &parsed2, &pe) && parsed2 == parsed, "parser not deterministic",
               where());
    p += r.size;
    left -= r.size;
  }
  return 0;
}
