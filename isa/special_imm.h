// The structured 16-bit immediates of s_waitcnt, s_sendmsg and
// s_getreg/s_setreg: field layouts and symbolic names per generation, in
// LLVM's spelling. Printer and parser share them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "isa/gen.h"

namespace gcn {

struct WaitcntFields {
  unsigned vm, exp, lgkm;
};
WaitcntFields decodeWaitcnt(Gen g, uint32_t imm);
WaitcntFields waitcntMax(Gen g);
// Sets the given counter in imm (others untouched); false if out of range.
bool encodeWaitcntField(Gen g, std::string_view name, unsigned v, uint32_t* imm);

// "sendmsg(MSG_GS, GS_OP_EMIT, 0)"; false if imm has no symbolic form.
bool formatSendmsg(Gen g, uint32_t imm, std::string* out);
bool sendmsgFieldsValid(Gen g, unsigned id, unsigned op, unsigned stream);
// The immediate llvm-mc's printer preserves (drops bits outside the fields
// of a valid message).
uint32_t canonicalSendmsg(Gen g, uint32_t imm);
// Parses the inside of sendmsg(...): "MSG_GS, GS_OP_EMIT, 0" or numbers.
bool parseSendmsg(Gen g, std::string_view args, uint32_t* imm, std::string* err);

// "hwreg(HW_REG_MODE, 0, 4)" or "hwreg(HW_REG_MODE)" or "hwreg(23, 0, 4)".
std::string formatHwreg(Gen g, uint32_t imm);
bool parseHwreg(Gen g, std::string_view args, uint32_t* imm, std::string* err);

}  // namespace gcn
