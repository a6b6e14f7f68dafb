// Classes of the operand types and roles of inst_desc.h: which register
// files and constants a type admits, and which source slot a role fills.
// The decoder, encoder, printer, parser, legality rules and tests ask these
// rather than compare types themselves, so a new type is classified once.
#pragma once

#include <algorithm>

#include "isa/inst_desc.h"
#include "isa/vector_files.h"

namespace gcn {

// Scalar registers only (SGPRs, TTMPs, VCC, EXEC, M0, ...).
constexpr bool isScalarRegType(OpType t) { return t <= OpType::s512; }
// A vector register (of any file, isa/vector_files.h), no constant.
constexpr bool isVectorRegType(OpType t) { return typeFileChoice(t).isVector(); }
// A source: a register, an inline constant or a literal.
constexpr bool isSourceType(OpType t) { return t >= OpType::b16 && t <= OpType::pkb32; }
// A source whose inline constants are read (and printed) as floats.
constexpr bool isFloatSourceType(OpType t) {
  return t == OpType::f16 || t == OpType::f32 || t == OpType::f64 || t == OpType::pkf16 ||
         t == OpType::pkf32;
}
// A register or source value, as opposed to an immediate with a syntax of
// its own (labels, hwreg, waitcnt, export targets, ...).
constexpr bool isValueType(OpType t) {
  return isScalarRegType(t) || isVectorRegType(t) || isSourceType(t);
}
// An immediate the decoder keeps whatever its field holds: its syntax is
// the printer's and the parser's alone. The immediates some decoding rule
// reads are listed here (sendmsg and waitcnt bits, export targets, interp
// attributes and parameters, scalar memory offsets); any other immediate
// kind is free.
constexpr bool isFreeImmediate(OpType t) {
  if (isValueType(t)) return false;
  switch (t) {
    case OpType::sendmsg: case OpType::waitcnt: case OpType::exptgt: case OpType::interpattr:
    case OpType::interpparam: case OpType::smrdoff: case OpType::smemoff:
      return false;
    default:
      return true;
  }
}
// An operand the assembler text may leave out, meaning 0 (s_endpgm's).
constexpr bool isOptionalImmediate(OpType t) { return t == OpType::imm16opt; }
// Bits of a value type as registers hold it: 16-bit values sit in a dword.
constexpr int registerBits(OpType t) { return std::max(32, typeBits(t)); }

// 0, 1, 2 for the VOP and SOP source roles (src0/ssrc0, src1/ssrc1, src2);
// -1 for every other role.
constexpr int sourceIndex(Role r) {
  switch (r) {
    case Role::src0: case Role::ssrc0: return 0;
    case Role::src1: case Role::ssrc1: return 1;
    case Role::src2: return 2;
    default: return -1;
  }
}

}  // namespace gcn
