// The assembler parser on arbitrary text. Input: byte 0 selects the
// processor, the rest is one line of text (bytes as they are, NULs and
// newlines included: the parser must reject them cleanly).
//   * parseInst never crashes or hangs; a rejection has a message and a
//     column inside the line (or one past its end);
//   * when it accepts: validateInst agrees, encodeInst succeeds with the
//     Inst's size, decoding the bytes gives back the same Inst, and the
//     printed text of that Inst parses to the same Inst again
//     (checkTextRoundTrip, the oracle `gcnref verify` runs over every row).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/parser.h"
#include "fuzz/fuzz_util.h"
#include "space/text_space.h"

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
  // The text -> bytes -> text round trip (space/text_space.h).
  std::string why;
  FUZZ_CHECK(checkTextRoundTrip(t, line, &why) != TextVerdict::FAILS, "text round trip", why);
  return 0;
}
