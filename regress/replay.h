// `gcnref corpus check`: replays records against the current build —
// decoder (bytes -> Inst fields), printer (Inst -> text), assembler
// (text -> bytes) and semantics (initial wave -> final wave, on the fast
// and the reference path) — and lists every departure.
#pragma once

#include <string>
#include <vector>

#include "regress/record.h"

namespace gcn::regress {

struct Mismatch {
  size_t record = 0;   // index in the corpus
  std::string what;    // "decoder: field SRC0: corpus 257, build 258"
};

// Appends the mismatches of record `index` (cpu: the header's default).
void checkRecord(const std::string& cpu, const Record& r, size_t index, std::vector<Mismatch>* out);

struct CheckSummary {
  size_t records = 0, with_state = 0, failed_records = 0;
  std::vector<Mismatch> mismatches;
};
CheckSummary checkCorpus(const Corpus& c);

}  // namespace gcn::regress
