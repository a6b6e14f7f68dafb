// The reviewed list of ways encode(decode(b)) may differ from b.
//
// The decoder is lenient like llvm-mc: it accepts words with ignored bits
// set, misaligned register ranges, literals that equal inline constants...
// and normalises them, so re-encoding gives the canonical word, not b. The
// decode -> encode -> decode fuzzer (decode_fuzzer.cc) requires an Inst-level
// fixpoint always, byte identity when b is strictly canonical, and otherwise
// that every differing bit is explained here:
//
// * literal aliases (the encoded size changes), handled by code with the
//   rules named in explainAliases();
// * fields in which the decoder may normalise bits, per encoding, each with
//   the reason (kAliasFields in aliases.cc). A field not listed there whose
//   bits the decoder drops is a finding: either a decoder bug or an alias to
//   review and add.
//
// Each differing field is also checked to be a true alias: putting the
// original bits of that field back into the canonical word must decode to
// the same Inst.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn::fuzz {

struct AliasReport {
  std::string error;              // "" when every difference is explained
  std::string unreviewed;         // "ENC.FIELD" when that is the problem
  std::vector<std::string> used;  // the aliases that explained it ("VOP3.NEG", ...)
};

// `orig` holds the `orig_len` bytes decode() consumed for `in`; `enc` the
// encodeInst() output (in.size bytes). Only call when they differ.
AliasReport explainAliases(const Target& t, const Inst& in, const uint8_t* orig, size_t orig_len,
                           const uint8_t* enc, size_t enc_len);

// The number of (encoding, field) aliases in the reviewed list (for tests).
int numAliasFields();

}  // namespace gcn::fuzz
