// Numeric operands: inline constant codes and the literal dword, with
// llvm-mc's rules (AMDGPUAsmParser::addLiteralImmOperand): integer tokens
// are checked as bit patterns after truncation to the operand width (32-bit
// and fp16 operands accept float patterns, 16-bit integer operands only
// -16..64); fp tokens are converted to the operand's float format; a
// non-inline fp64 constant keeps its high 32 bits in the literal.
#include <cstdint>
#include <cstring>

#include "isa/legality.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "text/parse_ctx.h"

namespace gcn::parse {
namespace {

// A numeric token as the operand reads it: an inline constant's code, or
// (inline_code < 0) the literal's bits.
struct ImmBits {
  int inline_code = -1;
  uint32_t literal = 0;
};

// Which constants the operand takes is the legality module's call.
bool inlineOk(Gen g, OpType type, int ic) {
  return ic >= 0 && (!isSourceType(type) || inlineConstantOk(g, type, ic));
}

// A floating-point token converted to the operand's `bits`-wide format.
bool floatImm(Ctx& c, const Item& it, OpType type, int bits, ImmBits* r) {
  const Gen g = c.t.gen;
  int ic;
  if (bits == 64) {
    double dv = it.fval;
    uint64_t value;
    std::memcpy(&value, &dv, 8);
    ic = value == 0 ? 128 : inlineFloatCode(g, value, 64);
    if (!inlineOk(g, type, ic) && !isFloatSourceType(type))
      return c.fail(it.col, "invalid operand for instruction: floating-point constant for a 64-bit integer operand must be inline");
    r->literal = uint32_t(value >> 32);
  } else if (bits == 16) {
    uint16_t h = floatToHalf(float(it.fval));
    ic = h == 0 ? 128 : inlineFloatCode(g, h, 16);
    r->literal = h;
  } else {
    float fv = float(it.fval);
    uint32_t u;
    std::memcpy(&u, &fv, 4);
    ic = u == 0 ? 128 : inlineFloatCode(g, u, 32);
    r->literal = u;
  }
  if (inlineOk(g, type, ic)) r->inline_code = ic;
  return true;
}

// An integer token as a `bits`-wide pattern (fp operands also take the
// pattern of an inline float).
bool intImm(Ctx& c, const Item& it, OpType type, int bits, ImmBits* r) {
  const Gen g = c.t.gen;
  const int64_t v = it.ival;
  int ic;
  if (bits == 64) {
    ic = inlineIntCode(v);
    if (ic < 0) ic = inlineFloatCode(g, uint64_t(v), 64);
    if (!inlineOk(g, type, ic) && !(v >= INT32_MIN && v <= int64_t(UINT32_MAX)))
      return c.fail(it.col, "invalid operand for instruction: literal does not fit in 32 bits");
    r->literal = uint32_t(v);
  } else if (bits == 16) {
    if (!(v >= -32768 && v <= 65535))
      return c.fail(it.col, "invalid operand for instruction: value does not fit in 16 bits");
    ic = inlineIntCode(int16_t(uint16_t(v)));
    if (ic < 0 && isFloatSourceType(type)) ic = inlineFloatCode(g, uint64_t(v) & 0xffff, 16);
    r->literal = uint32_t(v) & 0xffff;
  } else {
    if (!(v >= INT32_MIN && v <= int64_t(UINT32_MAX)))
      return c.fail(it.col, "invalid operand for instruction: value does not fit in 32 bits");
    ic = inlineIntCode(int32_t(uint32_t(v)));
    if (ic < 0) ic = inlineFloatCode(g, uint64_t(v) & 0xffffffffu, 32);
    r->literal = uint32_t(v);
  }
  if (inlineOk(g, type, ic)) r->inline_code = ic;
  return true;
}

// The literal dword, which every literal operand of the instruction shares.
bool placeLiteral(Ctx& c, const Item& it, int bits, uint32_t lit, bool allow_literal, int* code) {
  if (!allow_literal) return c.fail(it.col, "literal operands are not supported");
  // A 16-bit operand reads the low half of the shared literal dword (whose
  // high half a 32-bit madmk/madak_f16 K may fill).
  const bool same = bits == 16 ? (c.in.literal & 0xffffu) == lit : c.in.literal == lit;
  if (c.lit_used && !same) return c.fail(it.col, "only one literal operand is allowed");
  if (!c.lit_used) c.in.literal = lit;
  c.lit_used = true;
  c.lit_col = it.col;
  *code = opc::kLiteral;
  return true;
}

// K's bits from a floating-point token.
uint32_t floatK(const InstDesc& d, const Item& it, int bits) {
  uint32_t v;
  if (d.enc == Enc::SOPK) {
    // llvm-mc quirk (errata candidate): s_setreg_imm32_b32's imm32
    // takes the low 32 bits of the double ("1.0" -> 0).
    double dv = it.fval;
    uint64_t b;
    std::memcpy(&b, &dv, 8);
    v = uint32_t(b);
  } else if (bits == 16) {
    v = floatToHalf(float(it.fval));
  } else {
    float fv = float(it.fval);
    std::memcpy(&v, &fv, 4);
  }
  return v;
}

}  // namespace

bool encodeImmSource(Ctx& c, const Item& it, OpType type, bool allow_literal, int* code) {
  int bits = constantBits(type);
  if (bits > 64) bits = 32;
  // The packed pair of a VOP1/VOP2 row (v_dot2c_*, v_pk_fmac_f16) is a
  // dword: an integer is its 32-bit value, an inline constant only as that
  // value (-1, not 0xffff) or, for f16 pairs, as the pattern of an f16
  // constant (0x3c00 is 1.0); otherwise the 32-bit literal (llvm-mc:
  // v_pk_fmac_f16 v0, 0xffff, v0 keeps the literal 0xffff). VOP3P reads
  // 16-bit patterns (0xffff is -1).
  if ((type == OpType::pkf16 || type == OpType::pki16) && isVopShort(c.d.enc) &&
      it.kind == Item::INT) {
    if (it.ival < INT32_MIN || it.ival > int64_t(UINT32_MAX))
      return c.fail(it.col, "invalid operand for instruction: value does not fit in 32 bits");
    const uint32_t v = uint32_t(it.ival);
    const int ic = packedDwordInlineCode(c.t.gen, type, v);
    if (ic >= 0) {
      *code = ic;
      return true;
    }
    return placeLiteral(c, it, 32, v, allow_literal, code);
  }
  ImmBits r;
  const bool ok = it.kind == Item::FLT ? floatImm(c, it, type, bits, &r) : intImm(c, it, type, bits, &r);
  if (!ok) return false;
  if (r.inline_code >= 0) {
    *code = r.inline_code;
    return true;
  }
  return placeLiteral(c, it, bits, r.literal, allow_literal, code);
}

bool assignLiteralK(Ctx& c, const OperandSpec& op, const Item& it) {
  if (it.kind != Item::INT && it.kind != Item::FLT)
    return c.fail(it.col, "invalid operand for instruction: expected a constant");
  if (it.neg || it.abs || it.sext) return c.fail(it.col, "operand modifiers are not allowed here");
  uint32_t v;
  int bits = constantBits(op.type);
  if (it.kind == Item::FLT) {
    v = floatK(c.d, it, bits);
  } else {
    // A 16-bit K (v_madmk_f16/v_madak_f16) printed by llvm-objdump as
    // the whole literal dword is kept whole (errata
    // VOP2_MADMK_F16_K_DWORD: llvm-mc refuses it); negative values are
    // 16-bit patterns.
    int64_t lim = int64_t(UINT32_MAX);
    int64_t lo = bits == 16 ? -32768 : INT32_MIN;
    if (it.ival < lo || it.ival > lim) return c.fail(it.col, "literal does not fit in " + std::to_string(bits) + " bits");
    v = it.ival < 0 && bits == 16 ? uint32_t(it.ival) & 0xffffu : uint32_t(it.ival);
  }
  // A 16-bit source literal before K shares K's low half.
  const bool same = c.in.literal == v || (bits == 16 && c.in.literal <= 0xffffu &&
                                          (v & 0xffffu) == c.in.literal);
  if (c.lit_used && !same) return c.fail(it.col, "only one literal operand is allowed");
  c.lit_used = true;
  c.in.literal = v;
  return true;
}

}  // namespace gcn::parse
