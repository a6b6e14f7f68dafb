// What a handler sees while it runs: the wave, its workgroup's LDS, the
// memory system and the program (for branch targets).
#pragma once

#include <cstdint>

#include "semantics/memory/memory.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::sem {

struct ExecEnv {
  WaveState& w;
  const Program& prog;
  MemorySystem* mem = nullptr;  // global memory + GDS (null: no memory)
  Lds* lds = nullptr;           // the workgroup's LDS (null: none)
  uint64_t scratch_base = 0;    // this wave's private segment (scratchSwizzle)
  uint32_t ip = 0;              // index of the next instruction; branches set it

  ExecEnv(WaveState& ws, const Program& p) : w(ws), prog(p) {}

  // Jumps to byte address `pc` (s_setpc & co.); a target that is not an
  // instruction of the program stops the wave with an error.
  void jumpToPc(uint64_t pc);
  // Jumps to the pre-resolved target of this (SOPP/SOPK) instruction.
  void jumpTo(const PInst& pi);
};

}  // namespace gcn::sem
