// The assembler's direction of the round trip: texts the parser accepts
// must encode to bytes that decode back to the parsed instruction, and the
// printed text of that instruction must parse to it again. The instance
// space (inst_space.h) starts from bytes and so never meets a text whose
// bytes the decoder refuses; this starts from text.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

enum class TextVerdict : uint8_t {
  REJECTED,  // the parser refuses the text (nothing to check)
  HOLDS,     // parse -> encode -> decode -> print -> parse all agree
  LOSSY,     // as HOLDS, but the printed text names another encoding of
             // the instruction, a reviewed lossy spelling (lossy_text.h)
  FAILS,     // the parser accepted it and a later step disagrees
};

// Checks one line of assembler text. On FAILS, *why names the text, the
// bytes and the step (the decoder's reason when it refuses the bytes).
TextVerdict checkTextRoundTrip(const Target& t, std::string_view text, std::string* why);

// The spellings a source operand is tried with: every integer inline
// constant, every float constant as a float and as the hex bit pattern of
// each width, and values that need a literal.
const std::vector<std::string>& sourceSpellings();

// Texts over a row's operand space in one form: for the base instance and
// `instances - 1` more drawn from the instance space, the printed text with
// each source operand replaced by every spelling of sourceSpellings(). A
// row without operands has no instance text to vary: its mnemonic with the
// form's suffix ("v_nop_sdwa") is the text, whether or not any word decodes
// to that form.
void forEachSourceText(const Target& t, int row, Form form, int instances, std::mt19937_64& rng,
                       const std::function<void(const std::string&)>& fn);

}  // namespace gcn
