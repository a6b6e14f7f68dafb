// Shared by the fuzz targets: which processor an input is for, and how a
// broken invariant is reported. A finding must stop the process with a
// readable message (libFuzzer then saves the input), so checks here are
// always on, whatever NDEBUG says.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "isa/target.h"

namespace gcn::fuzz {

// The processors an input can select with its first byte (byte % count).
// A fixed list, not the processor table, so that corpus files keep meaning
// the same processor when processors are added. It covers every generation
// and every feature variant the decoder distinguishes (FLAT-less gfx600,
// xnack, gfx810's unpacked d16, gfx900's mad_mix vs gfx906's dot/fma_mix).
int numFuzzTargets();
const Target& fuzzTarget(int index);
// fuzzTarget(data[0] % numFuzzTargets()); data[0] must exist.
const Target& targetFromByte(uint8_t b);

// Prints "FINDING (<what>): <detail>" and the input bytes as hex to stderr,
// then aborts so the fuzzer records a crash.
[[noreturn]] void fail(const std::string& what, const std::string& detail, const uint8_t* data,
                       size_t size);

std::string hex(const uint8_t* data, size_t size);

// Finding kinds listed in $GCNREF_FUZZ_IGNORE (separated by '|'; a
// trailing '*' matches a prefix, a lone '*' everything) are
// reported once and then skipped, so a campaign can go on looking for other
// bugs while a known one waits for its owner. Never set in tests.
bool ignored(const std::string& what, const std::string& detail);

}  // namespace gcn::fuzz

// Checks an invariant of a fuzz target (never compiled out). The target's
// input must be in scope as `data_` and `size_` (it is printed on failure).
#define FUZZ_CHECK(cond, what, detail)                                   \
  do {                                                                   \
    if (!(cond) && !::gcn::fuzz::ignored(what, (detail)))                \
      ::gcn::fuzz::fail(what, (detail), data_, size_);                   \
  } while (0)
