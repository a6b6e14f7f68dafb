// Test helpers for semantics tests: random wave states, building programs
// from text, running one instruction on the fast and the reference path.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "isa/target_testing.h"  // targetOrDie: how these tests name a processor
#include "semantics/emulator/emulator.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::sem::testing {

// Fills registers with random values (edge values mixed in), a random EXEC
// (all, none or partial), random VCC/SCC/M0 (M0 small so M0-relative
// indexing mostly stays in range) and a random FP MODE.
void randomizeWave(WaveState& w, Gen g, std::mt19937_64& rng);

// Runs the single instruction `in` on a copy of `init` along `path`; returns
// the final state and the next instruction index in *next_ip.
void runOne(const Target& t, const Inst& in, Path path, const WaveState& init,
            WaveState* out, uint32_t* next_ip,
            MatrixNumerics numerics = MatrixNumerics::FMA_CHAIN);

// "" when the two states are identical, else the first differences.
std::string diffStates(const WaveState& a, const WaveState& b);

// Assembles `text` (LLVM syntax, one instruction per line) or returns false.
bool build(const Target& t, const std::string& text, Path path, Program* p, std::string* err);

// Runs `text` on one wave starting from `w` (modified in place).
bool runText(const Target& t, const std::string& text, WaveState& w, std::string* err,
             Path path = Path::FAST, MemorySystem* mem = nullptr, uint64_t budget = 100000,
             MatrixNumerics numerics = MatrixNumerics::FMA_CHAIN);

}  // namespace gcn::sem::testing
