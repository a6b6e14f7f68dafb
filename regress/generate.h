// `gcnref corpus gen`: records for every table row of a target (each row
// and form gets its share of the count, drawn from properties/inst_space's
// operand and modifier space), a few random words, and for executable rows
// a randomised wave run through the semantics. Deterministic for a seed.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "isa/target.h"
#include "regress/record.h"

namespace gcn::regress {

struct GenOptions {
  long count = 3000;
  uint64_t seed = 1;
  std::vector<std::string> forms;  // encodings (VOP3, DS ...) or forms (E32, SDWA ...); empty: all
};

struct GenStats {
  long pairs = 0;         // (row, form) instances on the target, after --forms
  long with_state = 0;    // records with a wave state
  std::vector<std::string> warnings;  // e.g. fast and reference paths disagree
};

// Checks --forms names; false with a message naming the bad one.
bool checkForms(const std::vector<std::string>& forms, std::string* err);

bool generate(const Target& t, const GenOptions& o, std::vector<Record>* out, GenStats* st,
              std::string* err);

// The record for `bytes` as the current build sees them: decoded fields,
// text and what the assembler makes of it (or the decoder's rejection).
// With `rng`, executable rows also get a random wave state and its result.
Record recordFor(const Target& t, const uint8_t* bytes, size_t len, std::mt19937_64* rng,
                 GenStats* st);

}  // namespace gcn::regress
