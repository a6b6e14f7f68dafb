// Internals shared by the printer's files.
#pragma once

#include <string>

#include "isa/inst.h"

namespace gcn {

struct PrintCtx {
  const Inst& in;
  const InstDesc& d;
  std::string* out;
};

// Prints operand i of the row; returns false if it is absent in this form.
bool printOperand(PrintCtx& c, int i);
// Prints the trailing modifiers (clamp, omod, offset:, glc, dpp/sdwa ...).
void printModifiers(PrintCtx& c);

// Width in bits of an operand type (32 for non-register kinds).
bool isFloatType(OpType t);
bool isScalarRegType(OpType t);
bool isVgprType(OpType t);
bool isSourceType(OpType t);  // iN/uN/bN/fN/pk*: reg, inline or literal

// Appends a 9-bit operand code read as type t ("v3", "s[2:3]", "-4",
// "0.5", "0x1234"); false if the code names nothing on this generation.
bool appendSrc(const Inst& in, int code, OpType t, std::string* out);

// Source index (0..2) of a role for NEG/ABS/SEXT/OP_SEL bits, or -1.
int srcIndex(Role r);

// The field an operand role reads in this Inst's form, or Fld::kCount for
// implicit operands (VCC in e32 forms).
Fld roleFieldFor(const Inst& in, const OperandSpec& op);

void appendHex(uint64_t v, std::string* out);
void appendDec(int64_t v, std::string* out);

// SOPP/SOPK immediates with structured syntax.
void appendWaitcnt(Gen g, uint32_t imm, std::string* out);
void appendSendmsg(Gen g, uint32_t imm, std::string* out);
void appendHwreg(Gen g, uint32_t imm, std::string* out);

void appendSmemOffset(const Inst& in, std::string* out);
void appendGprIdx(uint32_t v, std::string* out);

// Mnemonic suffix of a VOP-family Inst (_e32/_e64/_sdwa/_dpp or none, as
// llvm-mc prints it; decoder/print_modifiers.cc).
const char* vopSuffix(const Inst& in);

// Memory-family modifiers (decoder/print_memory.cc).
void printMemoryModifiers(PrintCtx& c);
bool printMemoryOperand(PrintCtx& c, int i);

}  // namespace gcn
