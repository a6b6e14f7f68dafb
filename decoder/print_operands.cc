#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "decoder/canon.h"
#include "isa/operand_field.h"
#include "decoder/print_util.h"
#include "decoder/row_info.h"
#include "isa/reg_text.h"
#include "isa/registers.h"

namespace gcn {


bool isFloatType(OpType t) {
  return t == OpType::f16 || t == OpType::f32 || t == OpType::f64 ||
         t == OpType::pkf16;
}
bool isScalarRegType(OpType t) { return t <= OpType::s512; }
bool isVgprType(OpType t) { return t >= OpType::v16 && t <= OpType::v128; }
bool isSourceType(OpType t) { return t >= OpType::b16 && t <= OpType::pki16; }

int srcIndex(Role r) {
  switch (r) {
    case Role::src0: case Role::ssrc0: return 0;
    case Role::src1: case Role::ssrc1: return 1;
    case Role::src2: return 2;
    default: return -1;
  }
}

// printf's "0x%" PRIx64 and "%" PRId64, without printf (hot path).
void appendHex(uint64_t v, TextOut* out) {
  char buf[24];
  char* e = buf + sizeof buf;
  char* p = e;
  do {
    *--p = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v);
  *--p = 'x';
  *--p = '0';
  out->append(p, size_t(e - p));
}
void appendDec(int64_t v, TextOut* out) {
  char buf[24];
  char* e = buf + sizeof buf;
  char* p = e;
  uint64_t u = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  do {
    *--p = char('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) *--p = '-';
  out->append(p, size_t(e - p));
}


namespace {
// registers.cc's appendRange spelling (isa/reg_text.h), straight into the buffer.
inline void appendRange(const char* prefix, int first, int dwords, TextOut* out) {
  char buf[32];
  out->append(buf, size_t(putRegRange(buf, prefix, first, dwords) - buf));
}

void fill(RegText* e, bool ok, const std::string& t) {
  std::memset(e->s, 0, sizeof e->s);
  if (!ok) {
    e->n = 0;
  } else if (t.empty() || t.size() > sizeof e->s) {
    e->n = RegText::kLong;
  } else {
    std::memcpy(e->s, t.data(), t.size());
    e->n = uint8_t(t.size());
  }
}
}  // namespace

std::atomic<const RegTables*> g_reg_tables{nullptr};

const RegTables& buildRegTables() {
  static const RegTables* t = [] {
    auto* r = new RegTables;  // lives as long as the program
    for (int dw = 1; dw <= 2; ++dw)
      for (int n = 0; n < 256; ++n) {
        std::string text;
        appendVgprName(n, dw, &text);
        fill(&r->v[dw - 1][n], true, text);
        for (int g = 0; g < kNumGens; ++g) {
          text.clear();
          bool ok = appendScalarRegName(Gen(g), n, dw, &text);
          fill(&r->s[g][dw - 1][n], ok, text);
        }
      }
    return r;
  }();
  g_reg_tables.store(t, std::memory_order_release);
  return *t;
}

void appendVgprNameSlow(int n, int dwords, TextOut* out) {
  if (n < 0 || dwords < 1) {
    out->viaString([&](std::string* s) {
      appendVgprName(n, dwords, s);
      return true;
    });
    return;
  }
  appendRange("v", n, dwords, out);
}

bool appendScalarRegNameSlow(Gen g, int code, int dwords, TextOut* out) {
  if (code >= 0 && dwords >= 1 && code + dwords <= numSgprs(g)) {
    appendRange("s", code, dwords, out);
    return true;
  }
  return out->viaString(
      [&](std::string* s) { return appendScalarRegName(g, code, dwords, s); });
}

static void appendFloatConst(int code, int bits, TextOut* out) {
  static const char* k[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};
  if (code >= 240 && code <= 247) {
    *out += k[code - 240];
  } else if (code == 248) {
    *out += bits == 64 ? "0.15915494309189532" : "0.15915494";
  }
}

bool appendSrc(const Inst& in, int code, OpType t, TextOut* out) {
  if (code >= opc::kVgpr0) {
    appendVgprName(code - opc::kVgpr0, typeDwords(t), out);
    return true;
  }
  // Below the constants (128) only register names.
  if (code >= 0 && code < 128) return appendScalarRegName(in.gen, code, typeDwords(t), out);
  int64_t iv;
  if (inlineIntValue(code, &iv)) {
    appendDec(iv, out);
    return true;
  }
  if (code >= 240 && code <= 248) {
    if (!isInlineConstant(in.gen, code)) return false;
    if (t == OpType::i16 || t == OpType::u16 || t == OpType::b16 || t == OpType::pki16) {
      // llvm-mc: a float inline constant in a 16-bit integer operand is its
      // f16 bit pattern (VOP_INLINE_F16_FOR_I16).
      appendHex(inlineFloatBits(code, 16), out);
      return true;
    }
    appendFloatConst(code, t == OpType::f16 || t == OpType::pkf16 || t == OpType::b16 ||
                                   t == OpType::i16 || t == OpType::u16 || t == OpType::pki16
                               ? 16
                               : typeBits(t),
                     out);
    return true;
  }
  if (code == opc::kLiteral) {
    if (typeBits(t) == 16)
      appendHex(in.literal & 0xffff, out);
    else
      appendHex(in.literal, out);
    return true;
  }
  return appendScalarRegName(in.gen, code, typeDwords(t), out);
}

Fld roleFieldFor(const Inst& in, const OperandSpec& op) { return operandField(in, op); }

void appendWithMods(PrintCtx& c, int code, OpType t, int si) {
  const Inst& in = c.in;
  bool neg = si >= 0 && ((in[Fld::NEG] >> si) & 1);
  bool abs = si >= 0 && ((in[Fld::ABS] >> si) & 1);
  bool sext = si >= 0 && ((in[Fld::SEXT] >> si) & 1);
  if (in.enc == Enc::VOP3P) abs = false;  // ABS bits are NEG_HI there
  if (neg) *c.out += '-';
  if (abs) *c.out += '|';
  if (sext) *c.out += "sext(";
  if (!appendSrc(in, code, t, c.out)) *c.out += "<invalid operand>";
  if (sext) *c.out += ')';
  if (abs) *c.out += '|';
}

static void appendSignedHex(int32_t v, TextOut* out) {
  if (v < 0) {
    *out += '-';
    appendHex(uint32_t(-int64_t(v)), out);
  } else {
    appendHex(uint32_t(v), out);
  }
}

// GFX8: imm offset or SGPR; GFX9 adds SOE (SGPR from SOFFSET plus an
// optional `offset:` immediate) and a signed 21-bit immediate.
void appendSmemOffset(const Inst& in, TextOut* out) {
  if (in[Fld::SOE]) {
    if (!appendScalarRegName(in.gen, in[Fld::SOFFSET], 1, out)) *out += "<invalid operand>";
    if (in[Fld::IMM]) {
      *out += " offset:";
      appendSignedHex(in[Fld::OFFSET], out);
    }
    return;
  }
  if (in[Fld::IMM]) {
    appendSignedHex(in[Fld::OFFSET], out);
    return;
  }
  if (!appendScalarRegName(in.gen, in[Fld::OFFSET] & 0x7f, 1, out)) *out += "<invalid operand>";
}

// s_set_gpr_idx_on/_mode: gpr_idx(SRC0,SRC1,SRC2,DST), raw hex if other
// bits are set.
void appendGprIdx(uint32_t v, TextOut* out) {
  if (v & ~0xfu) {
    appendHex(v, out);
    return;
  }
  static const char* kNames[] = {"SRC0", "SRC1", "SRC2", "DST"};
  *out += "gpr_idx(";
  bool first = true;
  for (int i = 0; i < 4; ++i)
    if (v & (1u << i)) {
      if (!first) *out += ',';
      *out += kNames[i];
      first = false;
    }
  *out += ')';
}

// Source operand with the modifiers its row/form takes (see vopSrcMods):
// float modifiers print -x, |x|, -|x| and neg(imm) for a constant without
// abs (llvm avoids "--1"); integer modifiers print sext(x).
void appendVopSrc(PrintCtx& c, int code, OpType t, int si) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  bool neg = false, abs = false, sext = false;
  // Every modifier below is read from one of these bits: with none set for
  // this source there is nothing to print, and no need to ask vopSrcMods.
  const bool any_mod_bit =
      ((in[Fld::NEG] | in[Fld::ABS] | in[Fld::SEXT] | in[Fld::NEG_HI]) >> si) & 1;
  if (!any_mod_bit) {
  } else if (in.enc == Enc::VOP3P) {
    bool mix = rowInfo(d).facts & RF_MIX_LAST;
    if (mix) {
      neg = (in[Fld::NEG] >> si) & 1;
      abs = (in[Fld::NEG_HI] >> si) & 1;
    }
  } else {
    switch (vopSrcMods(in, d, si)) {
      case SrcMods::FP:
        neg = (in[Fld::NEG] >> si) & 1;
        abs = (in[Fld::ABS] >> si) & 1;
        break;
      case SrcMods::INT:
        sext = ((in.form == Form::SDWA ? in[Fld::SEXT] : in[Fld::NEG]) >> si) & 1;
        break;
      default: break;
    }
  }
  TextOut* out = c.out;
  bool neg_fn = neg && !abs && code != opc::kLdsDirect && code < opc::kVgpr0 &&
                (code == opc::kLiteral || isInlineConstant(in.gen, code));
  if (neg) *out += neg_fn ? "neg(" : "-";
  if (abs) *out += '|';
  if (sext) *out += "sext(";
  if (t == OpType::interpparam) {
    if (code >= 0 && code <= 2) *out += code == 0 ? "p10" : code == 1 ? "p20" : "p0";
    else { *out += "invalid_param_"; appendDec(code, out); }
  } else if (isVgprType(t) && code == opc::kLdsDirect) {
    *out += "src_lds_direct";  // a VGPR-or-LDS slot (v_readfirstlane_b32)
  } else if (isVgprType(t)) {
    int n = code >= opc::kVgpr0 ? code - opc::kVgpr0 : code;
    appendVgprName(n, typeDwords(t), out);
  } else if (!appendSrc(in, code, t, out)) {
    *out += "<invalid operand>";
  }
  if (sext) *out += ')';
  if (abs) *out += '|';
  if (neg_fn) *out += ')';
}

static bool printVopOperand(PrintCtx& c, int i) {
  const Inst& in = c.in;
  const OperandSpec& op = c.d.operand[i];
  TextOut* out = c.out;
  if (op.role == Role::k) {
    // llvm prints the whole literal dword, also for f16 K.
    appendHex(in.literal, out);
    return true;
  }
  if (op.role == Role::attr) {
    // VOP3 interp: SRC0 = attr (bits 0-5), channel (6-7), high (8).
    int a = in[Fld::SRC0];
    *out += "attr";
    appendDec(a & 0x3f, out);
    *out += '.';
    *out += "xyzw"[(a >> 6) & 3];
    return true;
  }
  Fld f = roleFieldFor(in, op);
  if (f == Fld::kCount) {
    *out += "vcc";
    return true;
  }
  int v = in[f];
  int si = srcIndex(op.role);
  if (si >= 0) {
    appendVopSrc(c, v, op.type, si);
    return true;
  }
  if (isVgprType(op.type)) {
    appendVgprName(v >= 256 ? v - 256 : v, typeDwords(op.type),
                   out);
    return true;
  }
  int dw = typeDwords(op.type);
  if (!appendScalarRegName(in.gen, v, dw, out)) *out += "<invalid operand>";
  return true;
}

bool printOperand(PrintCtx& c, int i) {
  const Inst& in = c.in;
  const OperandSpec& op = c.d.operand[i];
  TextOut* out = c.out;
  switch (c.d.enc) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
    case Enc::EXP: case Enc::FLAT: case Enc::VINTRP:
      return printMemoryOperand(c, i);
    case Enc::VOP1: case Enc::VOP2: case Enc::VOPC: case Enc::VOP3: case Enc::VOP3B:
    case Enc::VOP3P:
      return printVopOperand(c, i);
    default: break;
  }
  Fld f = roleFieldFor(in, op);
  if (op.role == Role::k) {
    if (typeBits(op.type) == 16) {
      appendHex(in.literal & 0xffff, out);
    } else if (op.type == OpType::b32 && int32_t(in.literal) >= -16 &&
               int32_t(in.literal) <= 64) {
      appendDec(int32_t(in.literal), out);  // s_setreg_imm32_b32
    } else {
      appendHex(in.literal, out);
    }
    return true;
  }
  if (f == Fld::kCount) {
    *out += "vcc";
    return true;
  }
  int v = in[f];
  switch (op.type) {
    case OpType::label:
      // llvm-mc's disassembler prints the raw simm16 as unsigned decimal.
      appendDec(uint16_t(v), out);
      return true;
    case OpType::imm16opt:
      if (!v) return false;
      appendDec(uint16_t(v), out);
      return true;
    case OpType::gpridx:
      appendGprIdx(uint32_t(v), out);
      return true;
    case OpType::waitcnt: appendWaitcnt(in.gen, uint32_t(v), out); return true;
    case OpType::sendmsg: appendSendmsg(in.gen, uint32_t(v), out); return true;
    case OpType::hwreg: appendHwreg(in.gen, uint32_t(v), out); return true;
    case OpType::imm16:
      // SOPK immediates print as hex; SOPP ones as decimal up to 64.
      if (in.enc != Enc::SOPK && uint16_t(v) <= 64) appendDec(uint16_t(v), out);
      else appendHex(uint32_t(v) & 0xffff, out);
      return true;
    case OpType::smrdoff:
      if (in[Fld::IMM]) appendHex(uint32_t(v), out);
      else if (in.has_literal) appendHex(in.literal, out);
      else if (!appendScalarRegName(in.gen, v, 1, out)) *out += "<invalid operand>";
      return true;
    case OpType::smemoff:
      appendSmemOffset(in, out);
      return true;
    default: break;
  }
  if (isVgprType(op.type)) {
    int n = v >= 256 ? v - 256 : v;
    appendVgprName(n, typeDwords(op.type), out);
    return true;
  }
  if (isScalarRegType(op.type)) {
    int dw = typeDwords(op.type);
    if (!appendScalarRegName(in.gen, v, dw, out)) {
      // Constants in a scalar-register slot (e.g. soffset) print as values.
      if (!appendSrc(in, v, OpType::b32, out)) *out += "<invalid operand>";
    }
    return true;
  }
  appendWithMods(c, v, op.type, srcIndex(op.role));
  return true;
}

}  // namespace gcn
