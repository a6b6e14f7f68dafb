// The assembler parser on arbitrary text. Input: byte 0 selects the
// processor, the rest is one line of text (bytes as they are, NULs and
// newlines included: the parser must reject them cleanly).
//   * parseInst never crashes or hangs; a rejection has a message and a
//     column inside the line (or one past its end);
//   * when it accepts: validateInst agrees, encodeInst succeeds with the
//     Inst's size, decoding the bytes gives back the same Inst, and the
//     printed text of that Inst parses to the same Inst again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "decoder/decoder.h"
#include "decoder/printer.h"
#include "encoder/encoder.h"
#include "encoder/parser.h"
#include "fuzz/fuzz_util.h"

using namespace gcn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  if (size_ < 1 || size_ > 4096) return 0;  // lines, not files
  const Target& t = fuzz::targetFromByte(data_[0]);
  std::string_view line(reinterpret_cast<const char*>(data_ + 1), size_ - 1);
  Inst in;
  ParseError pe;
  if (!parseInst(t, line, &in, &pe)) {
    FUZZ_CHECK(!pe.message.empty(), "rejection without a message", std::string(line));
    FUZZ_CHECK(pe.column >= 1 && size_t(pe.column) <= line.size() + 1, "column out of line",
               std::to_string(pe.column) + ": " + pe.message);
    return 0;
  }
  auto where = [&] { return std::string(t.name) + ": \"" + std::string(line) + "\" = " + debugString(in); };
  FUZZ_CHECK(validateInst(t, in).empty(), "parsed Inst invalid", where() + ": " + validateInst(t, in));
  uint8_t enc[16];
  std::string err;
  size_t n = encodeInst(t, in, enc, &err);
  FUZZ_CHECK(n > 0, "encode rejects a parsed Inst", where() + ": " + err);
  FUZZ_CHECK(n == in.size, "encoded size differs from Inst size", where());
  Inst back;
  DecodeResult r = decode(t, enc, n, &back);
  FUZZ_CHECK(r.ok() && r.size == n, "encoding does not decode",
             where() + " -> " + fuzz::hex(enc, n) + ": " + explainDecodeError(t, enc, n, r));
  FUZZ_CHECK(back == in, "decode(encode(parse(text))) != parse(text)",
             where() + " -> " + fuzz::hex(enc, n) + " = " + debugString(back));
  const std::string text = printInst(in);
  Inst again;
  FUZZ_CHECK(parseInst(t, text, &again, &pe), "printed text does not parse",
             where() + " printed \"" + text + "\": " + pe.message);
  FUZZ_CHECK(again == in, "parse(print(i)) != i", where() + " printed \"" + text + "\" = " + debugString(again));
  return 0;
}
