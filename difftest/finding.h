// One disagreement between gcnref and a tool, and how it is grouped:
// the signature (generation, kind, instruction, form, differing fields) is
// the unit of deduplication, reporting and errata classification.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "difftest/inputs.h"
#include "isa/inst.h"
#include "isa/target.h"

namespace gcn::difftest {

enum class Kind : uint8_t {
  DECODE_MISMATCH,     // both decode; their text parses to a different Inst
  DECODE_TEXT,         // both decode; their text does not parse and differs from ours
  DECODE_THEY_REJECT,  // we decode, they call the bytes invalid
  DECODE_WE_REJECT,    // they decode, we call the bytes invalid
  DECODE_CRASH,        // the tool crashed or hung on these bytes
  ENCODE_MISMATCH,     // our text assembles to different bytes
  ENCODE_THEY_REJECT,  // they reject text we print (and accept)
  ENCODE_WE_REJECT,    // our parser rejects our own printed text, the tool
                       // assembles it
  ENCODE_BOTH_REFUSE,  // both disassemble the word, both assemblers refuse the
                       // text: an illegal word (constant bus, image dmask ...)
  ENCODE_CRASH,
  REASM_MISMATCH,      // the tool's own disassembly: we assemble it to other bytes
  REASM_WE_REJECT,     // the tool's own disassembly, which it assembles: we refuse it
};
std::string_view kindName(Kind k);
bool isAcceptance(Kind k);
bool isCrash(Kind k);
bool isIllegalWord(Kind k);

// A differing (or, for rejections, essential) field, with the raw bits of
// the input word where the encoding has them.
struct FieldDiff {
  std::string name;     // "VOP2.SRC0", "mnemonic", "size", "literal", "token:null"
  std::string ours, theirs;
  std::string raw;      // "bits 0-8 = 0xff" of the input, "" if not a raw field
};

struct Finding {
  Kind kind = Kind::DECODE_MISMATCH;
  Gen gen = Gen::GFX9;
  Origin origin = Origin::STRUCTURED;
  std::string mnemonic;  // ours when we decode, else theirs (first token)
  std::string form;      // e32/e64/sdwa/dpp/native, "?" unknown
  std::string enc;       // encoding of the input word ("VOP3", "SDWA", "MUBUF"; nameEncoding)
  std::vector<FieldDiff> fields;
  std::vector<uint8_t> bytes;  // the input (trimmed to our size when we decode)
  std::string ours_text, their_text, message;
  std::string their_read;  // their_text in gcnref's syntax, when the tool's syntax differs
  std::vector<uint8_t> our_bytes, their_bytes;  // encode direction
  std::string signature() const;
};

// Raw value of every encoding field of `fld` in the instruction word, for
// the instruction (enc, form) on generation g: "VOP3.SRC0 bits 32-40 = 0x101".
std::string rawFieldValue(Gen g, Enc enc, Form form, Fld fld, const std::vector<uint8_t>& bytes,
                          std::string* qualified_name);

// The mnemonic without its form suffix (_e32, _e64, _sdwa, _dpp).
std::string mnemonicStem(std::string m);

// Digits -> N, so "s[100:103]" and "s[96:99]" give one signature.
std::string shapeOf(std::string_view token);

}  // namespace gcn::difftest
