// What the line parser's files (text/parse_*.cc, text/parser.cc) share: the
// line split into operand items and trailing modifiers (phase 1, syntax
// only), and the state of one attempt to assemble it as one row in one form
// (phase 2). Private to //text:text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/index.h"
#include "isa/inst.h"
#include "isa/target.h"
#include "text/parser.h"

namespace gcn::parse {

// ---------------------------------------------------------------------------
// Text helpers (parse_text.cc).

bool identStart(char c);
bool identChar(char c);
std::string lower(std::string_view s);
bool ieq(std::string_view a, std::string_view b);
// `s` without its leading and trailing spaces.
std::string_view trimSpaces(std::string_view s);
// An integer in a modifier value or function argument: decimal, 0x or 0b,
// optionally signed, blanks around it.
bool parseIntText(std::string_view s, int64_t* v);
// The nearest IEEE half, ties to even (the literal of a 16-bit operand).
uint16_t floatToHalf(float f);

// ---------------------------------------------------------------------------
// Phase 1: syntax (parse_lexer.cc).

struct Item {
  enum Kind { REG, INT, FLT, WORD, FUNC } kind = INT;
  int col = 0;  // 1-based
  int code = 0, dw = 1;   // REG
  int64_t ival = 0;       // INT
  double fval = 0;        // FLT
  std::string word;       // WORD / FUNC name (lower case)
  std::string args;       // FUNC: text between the parentheses
  int args_col = 0;
  bool neg = false, abs = false, sext = false;
  bool neg_fn = false;    // neg(...) syntax
  bool abs_fn = false;    // abs(...) syntax
  bool hex = false;       // INT written 0x...
};

struct Mod {
  std::string name;   // lower case
  std::string value;  // raw text after ':' (may be "[...]"), "" for flags
  bool has_value = false;
  int col = 0, vcol = 0;
  bool used = false;
};

struct Syntax {
  std::vector<Item> items;
  std::vector<Mod> mods;
  int end_col = 1;
};

// Splits `line` from `pos` (just after the mnemonic) into operand items and
// trailing modifiers. Register names are those of generation `g`.
bool lexOperands(Gen g, std::string_view line, size_t pos, Syntax* out, ParseError* err);

// ---------------------------------------------------------------------------
// Phase 2: one row in one form.

struct Ctx {
  const Target& t;
  const InstDesc& d;
  Inst in;
  const Syntax& syn;
  ParseError err;
  bool lit_used = false;
  int lit_col = 0;
  int vaddr_col = 0;  // column of a VGPR vaddr operand (0: none / off)
  int acc_vgpr_bits = 0;  // ACC bits whose operands were given as VGPRs
  bool smem_off = false;  // GFX9 SMEM "offset:N" next to an SGPR soffset
  int64_t smem_off_val = 0;
  int smem_off_col = 0;
  int last_bus_col = 0;  // column of the last explicit constant-bus source
  int mod_col[kNumStoredFlds] = {};  // column of the modifier that set each field (0: none)
  std::vector<FieldSlot> layout;      // dword0 layout
  std::vector<FieldSlot> ext_layout;  // SDWA/DPP

  Ctx(const Target& tt, const InstDesc& dd, const Syntax& s) : t(tt), d(dd), syn(s) {}

  bool fail(int col, std::string msg) {
    err.column = col;
    err.message = std::move(msg);
    return false;
  }

  // Where an error about field f points: the modifier that set it, else
  // the end of the text.
  int colOf(Fld f) const {
    return isStoredFld(f) && mod_col[int(f)] ? mod_col[int(f)] : syn.end_col;
  }

  const FieldSlot* slotOf(Fld f) const {
    if (in.form == Form::SDWA || in.form == Form::DPP) {
      for (const FieldSlot& s : ext_layout)
        if (s.fld == f && s.xform != Xform::HI && s.xform != Xform::S0 && s.xform != Xform::S1) return &s;
      if (f == Fld::SRC0) return nullptr;
    }
    for (const FieldSlot& s : layout)
      if (s.fld == f && s.xform != Xform::HI && s.xform != Xform::S0 && s.xform != Xform::S1) return &s;
    return nullptr;
  }
};

// What a modifier family or an operand kind made of its input: an error
// (c.err says why; the checks' false converts to it), applied (true), or
// not one of its own.
constexpr int kFailed = 0, kApplied = 1, kNotMine = -1;

// The names errors use for a form and for an operand item (parse_text.cc).
const char* formText(Form f);
std::string describe(const Item& it);

// Row facts the modifier and operand rules both ask.
bool isMixRow(const InstDesc& d);
inline bool isSrcField(Fld f) { return f == Fld::SRC0 || f == Fld::SRC1 || f == Fld::SRC2; }

// Encodes a numeric source operand as an inline constant code or the
// literal (parse_constants.cc).
bool encodeImmSource(Ctx& c, const Item& it, OpType type, bool allow_literal, int* code);
// The K constant of v_madmk/v_madak and s_setreg_imm32_b32's imm32.
bool assignLiteralK(Ctx& c, const OperandSpec& op, const Item& it);

// Applies the trailing modifiers (parse_modifiers.cc).
bool applyMods(Ctx& c);

// Converts one operand item for row operand `op` (parse_operands.cc).
bool assignOperand(Ctx& c, const OperandSpec& op, const Item& it);
// s_waitcnt's run of counter functions from items[*k] on; advances *k
// (parse_special_operands.cc).
bool assignWaitcntCounters(Ctx& c, size_t* k);
// An export source slot (vsrc0..3): a VGPR or "off", with the EN bits
// (parse_special_operands.cc).
bool assignExportSource(Ctx& c, const OperandSpec& op, const Item& it);

// One operand item being converted for row operand `op` (field f).
struct OperandArg {
  Ctx& c;
  const OperandSpec& op;
  const Item& it;
  Fld f;
  bool memory;    // a memory, export or interpolation row
  bool has_mods;  // neg/abs/sext written on the item
  Inst& in = c.in;
  const Gen g = c.t.gen;
  const InstDesc& d = c.d;

  // The operand kinds (parse_special_operands.cc): specialOperand answers
  // kApplied, kFailed or kNotMine; the others own the operand they are
  // given.
  int specialOperand();
  // A structured 16-bit immediate written as a plain number: kApplied or
  // kFailed, kNotMine when the item is no number. `what` starts the range
  // error ("hwreg ").
  int rawImm16(const char* what);
  int immediateOperand();
  int functionImm16(const std::string& name,
                    bool (*read)(Gen, std::string_view, uint32_t*, std::string*));
  int gpridxOperand();
  int exportTargetOperand();
  int interpAttrOperand();
  int interpParamOperand();
  int waitcntOperand();
  int scalarMemOffsetOperand();

  // Registers and sources (parse_operands.cc).
  bool implicitVcc();
  bool sdwaVopcSdst();
  bool offOperand();
  bool vregOperand();
  bool accVregOperand();
  bool sregOperand();
  bool sourceOperand();
  bool sourceModsAllowed(int si);
  bool sourceCode(int* code);
  bool registerSourceCode(int* code);
  bool sourceFitsSlot(int code);
  void applySourceMods(int si);

  bool invalid(std::string why) {
    return c.fail(it.col, "invalid operand for instruction: " + why);
  }
  bool noMods() {
    if (has_mods) return c.fail(it.col, "operand modifiers are not allowed here");
    return true;
  }
};

// Builds c.in from the line for the row and form set in c.in; on failure
// c.err says where and why (parse_inst.cc).
bool buildInst(Ctx& c);

}  // namespace gcn::parse
