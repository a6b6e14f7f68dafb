// Enumerates the operand and modifier space of every table row: for each
// row and form, a base word with the row's opcode, then every value of each
// field in turn (sampled for wide fields), plus random combinations. Each
// candidate that the decoder accepts is a valid instance of that row.
// Used by `gcnref verify`, the differential tester and the property tests.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

struct Candidate {
  uint8_t bytes[16];
  uint8_t len;  // bytes available (instruction + extension + literal room)
};

// The forms a row can take on the target.
std::vector<Form> formsOf(const Target& t, const InstDesc& d);

// Base candidate for (row, form): prefix, opcode, SDWA/DPP marker; other
// fields zero (VOP source fields hold v0..v2 so that VGPR-only slots decode).
bool baseCandidate(const Target& t, int row, Form form, Candidate* out);

// Calls `fn` for: the base, every value of every field (at most
// `max_per_field` per field, evenly sampled plus edge values) and `random`
// random combinations. Fields are set on the base word, one at a time.
void forEachCandidate(const Target& t, int row, Form form, int max_per_field, int random,
                      std::mt19937_64& rng, const std::function<void(const Candidate&)>& fn);

// A stream of `count` valid instructions of t, drawn uniformly from the
// candidates of every row and form that decode to their own row; the same
// bytes for the same seed. The benchmarks' input. *n_out = instructions.
std::vector<uint8_t> validInstructionStream(const Target& t, size_t count, uint64_t seed,
                                            size_t* n_out = nullptr);

}  // namespace gcn
