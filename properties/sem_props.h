// Helpers for the semantic laws: running instruction text or decoded
// instructions on a generated wave state, comparing final states, and
// generating operand text for a row (so a law can write the same operands
// in two forms and let the parser pick the encoding).
#pragma once

#include <rapidcheck.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"
#include "properties/wave_gen.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::props {

// Two programs a law says leave the same state (text, one instruction a
// line); `what` names the law's instance for the counterexample.
struct ProgramPair {
  Target target;
  std::string a, b;
};
std::ostream& operator<<(std::ostream& os, const ProgramPair& p);

// Runs `text` (s_endpgm appended) on one wave loaded with `init`. On a
// build error returns false with the message; a wave that stops with an
// error still returns true (the stop and message are part of the state).
bool runProgramText(const Target& t, const std::string& text, const WaveInit& init,
                    sem::Path path, sem::WaveState* out, std::string* err);
// Runs the single instruction `in` (semantics/sem_testing.h runOne).
void runInst(const Target& t, const Inst& in, const WaveInit& init, sem::Path path,
             sem::WaveState* out, uint32_t* next_ip);
std::unique_ptr<sem::WaveState> newState();

// Does `line` parse on `t`? (*out gets the Inst when it does.)
bool parses(const Target& t, const std::string& line, Inst* out = nullptr);
// The row named `mnemonic` that exists on `t`, or -1.
int rowOn(const Target& t, std::string_view mnemonic);
// Does the row have a definition in the semantics registry?
bool hasSem(int row);
// Is Target `t` one of propertyTargets() (by index)?
const Target& targetAt(int i);

// Operand text for a row's operand list (desc order = printed order):
// destinations v8.. / s[20:21] / vcc, sources drawn from v0..v7, s0..s15
// and inline constants (`scalar_ok`: SGPRs and constants allowed in source
// slots; at most one distinct SGPR so the constant bus allows the line).
// Empty when the row has an operand kind the laws do not model.
rc::Gen<std::vector<std::string>> genOperands(const InstDesc& d, bool scalar_ok);
// The all-VGPR operand list (the fallback when a drawn one does not parse).
std::vector<std::string> vgprOperands(const InstDesc& d);
// Index in the operand list of the operand with role src0/ssrc0 (k=0) or
// src1/ssrc1 (k=1); -1 if none.
int srcIndex(const InstDesc& d, int k);
std::string joinOps(const std::vector<std::string>& ops);

}  // namespace gcn::props

// RapidCheck shows generated values through showValue (found by ADL).
namespace gcn {
struct GenInst;
void showValue(const GenInst& g, std::ostream& os);
}  // namespace gcn
namespace gcn::sem {
void showValue(Path p, std::ostream& os);
}  // namespace gcn::sem
