// The differential's inputs: structured (every table row across its
// operand and modifier space), random words over every encoding, and bit
// flips of valid instances. Deterministic for a seed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn::difftest {

enum class Origin : uint8_t { STRUCTURED, RANDOM, MUTATION };
std::string_view originName(Origin o);

struct Input {
  std::vector<uint8_t> bytes;  // one instruction plus room for a literal
  Origin origin = Origin::STRUCTURED;
};

struct InputOptions {
  long count = 20000;             // total, split 50/35/15 over the generators
  uint64_t seed = 1;
  std::vector<std::string> forms;  // encoding or form names (VOP3, SDWA, E32 ...); empty = all
  std::vector<std::vector<uint8_t>> seed_corpus;  // extra mutation seeds
};

std::vector<Input> generateInputs(const Target& t, const InputOptions& o);

// Rewrites an instance we decode as our encoder writes it (unused bits clear).
void canonicalise(const Target& t, std::vector<uint8_t>* bytes);

// Does the --forms filter select an instance of encoding `e` in form `f`?
bool formSelected(const std::vector<std::string>& forms, Enc e, Form f);

// Checks --forms names; false with a message naming the bad one.
bool checkFormNames(const std::vector<std::string>& forms, std::string* err);

}  // namespace gcn::difftest
