#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "decoder/canon.h"
#include "isa/operand_field.h"
#include "text/print_util.h"
#include "decoder/row_info.h"
#include "isa/operand_kinds.h"
#include "isa/reg_text.h"
#include "isa/registers.h"

namespace gcn {


namespace {
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
  out->viaString([&](std::string* s) {
    appendVgprName(n, dwords, s);
    return true;
  });
}

bool appendScalarRegNameSlow(Gen g, int code, int dwords, TextOut* out) {
  return out->viaString(
      [&](std::string* s) { return appendScalarRegName(g, code, dwords, s); });
}

int putSregSlow(char** pp, Gen g, int code, int dwords) {
  if (code >= 0 && dwords >= 1 && code + dwords <= numSgprs(g)) {
    *pp = putRegRange(*pp, "s", code, dwords);
    return 1;
  }
  std::string name;
  if (!appendScalarRegName(g, code, dwords, &name)) return 0;
  if (name.size() > kPutRoom - 16) return -1;
  std::memcpy(*pp, name.data(), name.size());
  *pp += name.size();
  return 1;
}

int putSrc(char** pp, const Inst& in, int code, OpType t) {
  char* p = *pp;
  if (code >= opc::kVgpr0) {
    p = putVgpr(p, code - opc::kVgpr0, typeDwords(t));
    if (!p) return -1;
    *pp = p;
    return 1;
  }
  // Below the constants (128) only register names.
  if (code >= 0 && code < 128) return putSreg(pp, in.gen, code, typeDwords(t));
  int64_t iv;
  if (inlineIntValue(code, &iv)) {
    *pp = putDec64(p, iv);
    return 1;
  }
  if (code >= 240 && code <= 248) {
    if (!isInlineConstant(in.gen, code)) return 0;
    static constexpr PadText k[] = {padText("0.5"), padText("-0.5"), padText("1.0"),
                                    padText("-1.0"), padText("2.0"), padText("-2.0"),
                                    padText("4.0"), padText("-4.0")};
    // 1/(2*pi) with the digits of the operand's width (f16 operands: 16).
    static constexpr PadText kInv2Pi[] = {padText("0.15915494"),
                                          padText("0.15915494309189532")};
    const bool f16 = t == OpType::f16 || t == OpType::pkf16;
    const PadText& c = code < 248 ? k[code - 240] : kInv2Pi[!f16 && typeBits(t) == 64];
    std::memcpy(p, c.s, sizeof c.s);
    *pp = p + c.n;
    return 1;
  }
  if (code == opc::kLiteral) {
    *pp = putHex(p, typeBits(t) == 16 ? in.literal & 0xffff : in.literal);
    return 1;
  }
  return putSreg(pp, in.gen, code, typeDwords(t));
}

bool appendSrc(const Inst& in, int code, OpType t, TextOut* out) {
  char* p = out->reserve(kPutRoom);
  const int r = putSrc(&p, in, code, t);
  if (r >= 0) {
    if (r) out->commit(p);
    return r;
  }
  if (code >= opc::kVgpr0) {
    appendVgprName(code - opc::kVgpr0, typeDwords(t), out);
    return true;
  }
  return appendScalarRegName(in.gen, code, typeDwords(t), out);
}

Fld roleFieldFor(const Inst& in, const OperandSpec& op) { return operandField(in, op); }

namespace {
// The plain neg/abs/sext of a non-VOP source (appendWithMods).
struct PlainMods {
  bool neg, abs, sext;
};
PlainMods plainMods(const Inst& in, int si) {
  PlainMods m{si >= 0 && ((in[Fld::NEG] >> si) & 1), si >= 0 && ((in[Fld::ABS] >> si) & 1),
              si >= 0 && ((in[Fld::SEXT] >> si) & 1)};
  if (in.enc == Enc::VOP3P) m.abs = false;  // ABS bits are NEG_HI there
  return m;
}
}  // namespace

int putWithMods(char** pp, const Inst& in, int code, OpType t, int si) {
  const PlainMods m = plainMods(in, si);
  char* p = *pp;
  if (m.neg) *p++ = '-';
  if (m.abs) *p++ = '|';
  if (m.sext) p = putLit(p, "sext(");
  const int r = putSrc(&p, in, code, t);
  if (r < 0) return -1;
  if (r == 0) p = putLit(p, "<invalid operand>");
  if (m.sext) *p++ = ')';
  if (m.abs) *p++ = '|';
  *pp = p;
  return 1;
}

void appendWithMods(PrintCtx& c, int code, OpType t, int si) {
  char* p = c.out->reserve(kPutRoom);
  if (putWithMods(&p, c.in, code, t, si) > 0) {
    c.out->commit(p);
    return;
  }
  // A register name only the TextOut helpers write: piece by piece.
  const PlainMods m = plainMods(c.in, si);
  if (m.neg) *c.out += '-';
  if (m.abs) *c.out += '|';
  if (m.sext) *c.out += "sext(";
  if (!appendSrc(c.in, code, t, c.out)) *c.out += "<invalid operand>";
  if (m.sext) *c.out += ')';
  if (m.abs) *c.out += '|';
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

namespace {
char* putSignedHex(char* p, int32_t v) {
  if (v < 0) {
    *p++ = '-';
    return putHex(p, uint32_t(-int64_t(v)));
  }
  return putHex(p, uint32_t(v));
}
int putSregOrInvalid(char** pp, Gen g, int code) {
  const int r = putSreg(pp, g, code, 1);
  if (r == 0) *pp = putLit(*pp, "<invalid operand>");
  return r < 0 ? -1 : 1;
}
}  // namespace

// appendSmemOffset for the plan path (print_plan_test holds them equal).
int putSmemOffset(char** pp, const Inst& in) {
  if (in[Fld::SOE]) {
    if (putSregOrInvalid(pp, in.gen, in[Fld::SOFFSET]) < 0) return -1;
    if (in[Fld::IMM]) *pp = putSignedHex(putLit(*pp, " offset:"), in[Fld::OFFSET]);
    return 1;
  }
  if (in[Fld::IMM]) {
    *pp = putSignedHex(*pp, in[Fld::OFFSET]);
    return 1;
  }
  return putSregOrInvalid(pp, in.gen, in[Fld::OFFSET] & 0x7f);
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

namespace {

// The modifiers appendVopSrc prints around a source (see vopSrcMods):
// float modifiers print -x, |x|, -|x| and neg(imm) for a constant without
// abs (llvm avoids "--1"); integer modifiers print sext(x).
struct VopMods {
  bool neg = false, abs = false, sext = false, neg_fn = false;
};

VopMods vopMods(const Inst& in, const InstDesc& d, int code, int si) {
  VopMods m;
  // Every modifier below is read from one of these bits: with none set for
  // this source there is nothing to print, and no need to ask vopSrcMods.
  const bool any_mod_bit =
      ((in[Fld::NEG] | in[Fld::ABS] | in[Fld::SEXT] | in[Fld::NEG_HI]) >> si) & 1;
  if (!any_mod_bit) return m;
  if (in.enc == Enc::VOP3P) {
    if (rowInfo(d).facts & RF_MIX_LAST) {
      m.neg = (in[Fld::NEG] >> si) & 1;
      m.abs = (in[Fld::NEG_HI] >> si) & 1;
    }
  } else {
    switch (vopSrcMods(in, d, si)) {
      case SrcMods::FP:
        m.neg = (in[Fld::NEG] >> si) & 1;
        m.abs = (in[Fld::ABS] >> si) & 1;
        break;
      case SrcMods::INT:
        m.sext = ((in.form == Form::SDWA ? in[Fld::SEXT] : in[Fld::NEG]) >> si) & 1;
        break;
      default: break;
    }
  }
  m.neg_fn = m.neg && !m.abs && code != opc::kLdsDirect && code < opc::kVgpr0 &&
             (code == opc::kLiteral || isInlineConstant(in.gen, code));
  return m;
}

char* putVopPrefix(char* p, const VopMods& m) {
  if (m.neg) p = m.neg_fn ? putLit(p, "neg(") : putLit(p, "-");
  if (m.abs) *p++ = '|';
  if (m.sext) p = putLit(p, "sext(");
  return p;
}

char* putVopSuffix(char* p, const VopMods& m) {
  if (m.sext) *p++ = ')';
  if (m.abs) *p++ = '|';
  if (m.neg_fn) *p++ = ')';
  return p;
}

// The source itself: 1 written, -1 a name only the TextOut helpers write.
int putVopSrcBody(char** pp, const Inst& in, int code, OpType t) {
  char* p = *pp;
  if (t == OpType::interpparam) {
    if (code == 0) p = putLit(p, "p10");
    else if (code == 1) p = putLit(p, "p20");
    else if (code == 2) p = putLit(p, "p0");
    else p = putDec64(putLit(p, "invalid_param_"), code);
  } else if (isVectorRegType(t) && code == opc::kLdsDirect) {
    p = putLit(p, "src_lds_direct");  // a VGPR-or-LDS slot (v_readfirstlane_b32)
  } else if (isVectorRegType(t)) {
    p = putVgpr(p, code >= opc::kVgpr0 ? code - opc::kVgpr0 : code, typeDwords(t));
    if (!p) return -1;
  } else {
    const int r = putSrc(&p, in, code, t);
    if (r < 0) return -1;
    if (r == 0) p = putLit(p, "<invalid operand>");
  }
  *pp = p;
  return 1;
}

}  // namespace

int putVopSrc(char** pp, const Inst& in, const InstDesc& d, int code, OpType t, int si) {
  const VopMods m = vopMods(in, d, code, si);
  char* p = putVopPrefix(*pp, m);
  if (putVopSrcBody(&p, in, code, t) < 0) return -1;
  *pp = putVopSuffix(p, m);
  return 1;
}

void appendVopSrc(PrintCtx& c, int code, OpType t, int si) {
  TextOut* out = c.out;
  char* p = out->reserve(kPutRoom);
  if (putVopSrc(&p, c.in, c.d, code, t, si) > 0) {
    out->commit(p);
    return;
  }
  // A register name only the TextOut helpers write: the pieces through them.
  const VopMods m = vopMods(c.in, c.d, code, si);
  out->commit(putVopPrefix(out->reserve(kPutRoom), m));
  if (isVectorRegType(t)) appendVgprName(code >= opc::kVgpr0 ? code - opc::kVgpr0 : code,
                                    typeDwords(t), out);
  else if (!appendSrc(c.in, code, t, out)) *out += "<invalid operand>";
  out->commit(putVopSuffix(out->reserve(kPutRoom), m));
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
  if (v < opc::kVgpr0 && registerOperandTakesInlineConstant(c.d, in.gen, op)) {
    appendVopSrc(c, v, OpType::f32, sourceIndex(op.role));  // GFX90A MFMA C: a constant
    return true;
  }
  if (const int file = operandFileOf(in, op); file != kVgprFile) {  // no modifiers there
    out->viaString([&](std::string* s) {
      appendVectorRegName(file, v >= opc::kVgpr0 ? v - opc::kVgpr0 : v, typeDwords(op.type), s);
      return true;
    });
    return true;
  }
  int si = sourceIndex(op.role);
  if (si >= 0) {
    appendVopSrc(c, v, op.type, si);
    return true;
  }
  if (isVectorRegType(op.type)) {
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
  switch (encFamily(c.d.enc)) {
    case EncFamily::MEMORY: return printMemoryOperand(c, i);
    case EncFamily::VOP: return printVopOperand(c, i);
    case EncFamily::SCALAR: break;
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
  if (isVectorRegType(op.type)) {
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
  appendWithMods(c, v, op.type, sourceIndex(op.role));
  return true;
}

}  // namespace gcn
