// One wave, its memory and one instruction: builds the initial machine from
// a WaveImage, runs the instruction once and describes what changed. Both
// `corpus gen` (to record the expectation) and `corpus check` (to replay
// it) go through here, so they cannot drift apart.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "isa/inst.h"
#include "isa/target.h"
#include "regress/record.h"
#include "semantics/memory/memory.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::regress {

// Initial content of mapped memory, LDS and GDS: a fixed hash of the
// address (the offset for LDS/GDS), so regions need not be stored.
inline uint8_t patternByte(uint64_t addr) {
  return uint8_t((uint32_t(addr ^ (addr >> 32)) * 0x9E3779B1u) >> 24);
}

struct Machine {
  std::unique_ptr<sem::WaveState> w = std::make_unique<sem::WaveState>();
  std::unique_ptr<sem::WaveState> init = std::make_unique<sem::WaveState>();
  sem::MemorySystem mem;
  sem::Lds lds;
};

// Resets *m to the image. False with *err when the image's regions cannot
// be mapped (overlap).
bool setUp(const Target& t, const WaveImage& img, Machine* m, std::string* err);

struct RunOutcome {
  bool built = false;      // buildProgram accepted the instruction
  std::string error;       // build error, or the wave's error when it stopped with one
  WaveEffects effects;
};

// Runs `inst` once (at img.pc, the wave set up by setUp) along `path`.
RunOutcome runOnce(const Target& t, const Inst& inst, sem::Path path, Machine* m);

std::string stopName(sem::WaveStop s);

}  // namespace gcn::regress
