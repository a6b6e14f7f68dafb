// One row in one form: the encoding's defaults, the trailing modifiers, the
// operand items placed on the row's operands in order, the rules that span
// several operands or modifiers, and the encoder's validation. Which rows
// and forms are tried, and which failure is reported, is parser.cc's call.
#include <string>

#include "decoder/canon.h"
#include "encoder/encoder.h"
#include "isa/index.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/operand_kinds.h"
#include "isa/special_imm.h"
#include "text/parse_ctx.h"

namespace gcn::parse {
namespace {

bool hasMod(const Syntax& syn, std::string_view name) {
  for (const Mod& m : syn.mods)
    if (m.name == name) return true;
  return false;
}

// The field layouts of the encoding and of an SDWA/DPP form, and the
// opcode; fails where the target lacks either encoding.
bool loadLayouts(Ctx& c) {
  Inst& in = c.in;
  const GenIndex& gi = genIndex(c.t.gen);
  if (!gi.enc[int(in.enc)].present)
    return c.fail(1, std::string(encName(in.enc)) + " encoding does not exist on " + std::string(c.t.name));
  c.layout = gi.enc[int(in.enc)].fields;
  if (in.form == Form::SDWA || in.form == Form::DPP) {
    Enc x = in.form == Form::SDWA ? Enc::SDWA : Enc::DPP;
    if (!gi.enc[int(x)].present)
      return c.fail(1, std::string(formText(in.form)) + " is not supported on " + std::string(c.t.name));
    c.ext_layout = gi.enc[int(x)].fields;
  }
  Enc space = opcodeSpace(in.enc);
  in[Fld::OP] = opcodeIn(c.d, c.t.gen, space);
  return true;
}

// The fields that the text leaves out when it means their default: whole
// SDWA selects, DPP masks, op_sel_hi of packed math, the segment of GFX9
// FLAT, s_waitcnt's counters at their maximum ...
void setDefaults(Ctx& c) {
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const Gen g = c.t.gen;
  if (in.form == Form::SDWA && !(d.flags & F_BARE)) {
    in[Fld::DST_SEL] = d.enc == Enc::VOPC ? 0 : 6;
    in[Fld::DST_UNUSED] = d.enc == Enc::VOPC || (d.flags & F_SDWA_SRC_SEL) ? 0 : 2;
    in[Fld::SRC0_SEL] = 6;
    in[Fld::SRC1_SEL] = d.enc == Enc::VOP1 ? 0 : 6;
  }
  if (in.form == Form::DPP) {
    in[Fld::ROW_MASK] = 0xf;
    in[Fld::BANK_MASK] = 0xf;
    in[Fld::DPP_CTRL] = -1;
  }
  if (in.enc == Enc::VOP3P) in[Fld::OP_SEL_HI] = isMixRow(d) ? 0 : 7;
  if (d.enc == Enc::MTBUF) in[Fld::DFMT] = 1;
  if (d.enc == Enc::FLAT && g >= Gen::GFX9) in[Fld::SADDR] = (d.flags & (F_GLOBAL | F_SCRATCH)) ? kSaddrOff : 0;
  if (const int lds = selectorValue(d, Fld::LDS); lds > 0 && layoutHasField(g, d.enc, Fld::LDS))
    in[Fld::LDS] = lds;
  if (d.enc == Enc::DS && (d.flags & F_GDS_ONLY)) in[Fld::GDS] = 1;
  if (d.enc == Enc::SOPP && !d.operands.empty() && d.operand[0].type == OpType::waitcnt) {
    WaitcntFields mx = waitcntMax(g);
    uint32_t imm = 0;
    encodeWaitcntField(g, "vmcnt", mx.vm, &imm);
    encodeWaitcntField(g, "expcnt", mx.exp, &imm);
    encodeWaitcntField(g, "lgkmcnt", mx.lgkm, &imm);
    in[Fld::SIMM16] = int(imm);
  }
}

// Rows that exist only with a modifier: a DPP control, 'lds', 'gds'.
bool checkRequiredMods(Ctx& c) {
  const InstDesc& d = c.d;
  if (c.in.form == Form::DPP && c.in[Fld::DPP_CTRL] < 0)
    return c.fail(c.syn.end_col, "DPP form needs a control (quad_perm:, row_shl:, ...)");
  // The LDS-direct rows (MUBUF, GFX9 FLAT) exist only with 'lds': without
  // it the text names the row with a vdst (asm_fuzzer finding:
  // "scratch_load_sbyte off, s0" was taken as the lds row).
  if ((d.enc == Enc::MUBUF || d.enc == Enc::FLAT) && (d.flags & F_LDS_DIRECT) && !hasMod(c.syn, "lds"))
    return c.fail(1, "this form of " + std::string(d.mnemonic) + " needs 'lds'");
  if (d.enc == Enc::DS && (d.flags & F_GDS_ONLY) && !hasMod(c.syn, "gds"))
    return c.fail(1, std::string(d.mnemonic) + " requires gds");
  return true;
}

// Places the items on the row's operands in order; *k: the items used.
bool assignOperands(Ctx& c, size_t* k) {
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const auto& items = c.syn.items;
  if (d.enc == Enc::FLAT && c.t.gen >= Gen::GFX9 && (d.flags & F_GLOBAL) && !items.empty() &&
      !(items.back().kind == Item::WORD && items.back().word == "off"))
    in[Fld::SADDR] = 0;  // saddr given: vaddr is 32-bit (set properly below)
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (op.role == Role::vdst && !memoryVdstPresent(in)) continue;
    if (isOptionalImmediate(op.type) && *k >= items.size()) continue;
    if (op.role == Role::k) {
      if (*k >= items.size()) return c.fail(c.syn.end_col, "too few operands: missing the literal constant");
      if (!assignLiteralK(c, op, items[(*k)++])) return false;
      continue;
    }
    if (*k >= items.size())
      return c.fail(c.syn.end_col, "too few operands for " + std::string(d.mnemonic) + " (missing " +
                                       std::string(roleName(op.role)) + ")");
    if (op.type == OpType::waitcnt && items[*k].kind == Item::FUNC) {
      if (!assignWaitcntCounters(c, k)) return false;
      continue;
    }
    const Item& it = items[(*k)++];
    const bool ok = d.enc == Enc::EXP && op.role >= Role::vsrc0 && op.role <= Role::vsrc3
                        ? assignExportSource(c, op, it)
                        : assignOperand(c, op, it);
    if (!ok) return false;
  }
  return true;
}

// v_madmk/madak_f16 with a 32-bit K (errata VOP2_MADMK_F16_K_DWORD):
// llvm-objdump prints a literal src0 as K's low half in hex, which would
// otherwise read as an inline constant; inline constants print in decimal,
// so a hex src0 equal to K's low half is that literal.
void hexSrc0AsKLiteral(Ctx& c) {
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const auto& items = c.syn.items;
  if (!((d.flags & F_LITERAL_K) && in.literal > 0xffffu && in[Fld::SRC0] >= 128 && in[Fld::SRC0] <= 208))
    return;
  bool k16 = false;
  for (int i = 0; i < d.num_operands; ++i)
    k16 |= d.operand[i].role == Role::k && constantBits(d.operand[i].type) == 16;
  if (k16 && items.size() > 1 && items[1].kind == Item::INT && items[1].hex &&
      uint32_t(items[1].ival) == (in.literal & 0xffffu))
    in[Fld::SRC0] = opc::kLiteral;
}

// Buffer and scratch addresses: which of vaddr and saddr the modifiers
// leave room for.
bool checkMemoryAddress(Ctx& c) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  if (!rowHasRole(d, Role::vaddr)) return true;
  // Whether the Inst uses its VADDR (memoryVaddrPresent) against whether
  // the text wrote one; the words are llvm-mc's.
  const bool used = memoryVaddrPresent(in);
  if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) {
    if (c.vaddr_col && !used)
      return c.fail(c.vaddr_col, "invalid operand for instruction: a VGPR address needs offen, idxen or addr64 (else write 'off')");
  } else if (d.enc == Enc::FLAT && (d.flags & F_SCRATCH)) {
    if (c.vaddr_col && !used)
      return c.fail(c.vaddr_col, "invalid operand for instruction: scratch takes either vaddr or saddr, not both");
    if (!c.vaddr_col && used)
      return c.fail(c.syn.end_col, "invalid operand for instruction: scratch needs vaddr or saddr");
  }
  return true;
}

// Modifier combinations the legality rules refuse, reported at the
// modifier's column with llvm-mc's words (validateInst refuses the same
// Insts, at the operands).
bool checkModifierCombinations(Ctx& c) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  Fld at;
  if (std::string e = memoryAssemblerRule(in, &at); !e.empty()) return c.fail(c.colOf(at), e);
  // llvm-mc words a clamp the row takes from GFX8 on as missing integer
  // clamping, whatever the row's types.
  if ((in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) && in[Fld::CLAMP] && !vop3ClampOk(d, c.t.gen))
    return c.fail(c.colOf(Fld::CLAMP), vop3ClampOk(d, Gen::GFX8)
                                           ? "integer clamping is not supported on this GPU"
                                           : "invalid operand for instruction: " + std::string(d.mnemonic) +
                                                 " does not take clamp");
  return true;
}

// validateInst's verdict, at the literal's column, else the last explicit
// scalar source's for a constant bus error (as llvm-mc does), else the last
// operand's; then the encoder's, at the first operand.
bool validateAndEncode(Ctx& c) {
  Inst& in = c.in;
  const auto& items = c.syn.items;
  in.has_literal = c.lit_used || (c.d.flags & F_LITERAL_K);
  if (!in.has_literal) in.literal = 0;
  std::string v = validateInst(c.t, in);
  if (!v.empty()) {
    int col = c.lit_col ? c.lit_col : (items.empty() ? c.syn.end_col : items.back().col);
    if (v.find("constant bus") != std::string::npos && c.last_bus_col) col = c.last_bus_col;
    return c.fail(col, v);
  }
  uint8_t buf[16];
  std::string e;
  size_t n = encodeInst(c.t, in, buf, &e);
  if (!n) return c.fail(items.empty() ? c.syn.end_col : items.front().col, e);
  in.size = uint8_t(n);
  return true;
}

}  // namespace

bool isMixRow(const InstDesc& d) {
  if (d.enc != Enc::VOP3P) return false;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::src0) return d.operand[i].type == OpType::f32;
  return false;
}

bool buildInst(Ctx& c) {
  if (!loadLayouts(c)) return false;
  setDefaults(c);
  if (!applyMods(c) || !checkRequiredMods(c)) return false;
  size_t k = 0;
  if (!assignOperands(c, &k)) return false;
  hexSrc0AsKLiteral(c);
  if (k < c.syn.items.size()) {
    const Item& it = c.syn.items[k];
    return c.fail(it.col, "invalid operand for instruction: too many operands for " +
                              std::string(c.d.mnemonic) + " (unexpected " + describe(it) + ")");
  }
  if (!checkMemoryAddress(c)) return false;
  if (c.in.form == Form::DPP && c.in[Fld::DPP_CTRL] < 0) c.in[Fld::DPP_CTRL] = 0;
  return checkModifierCombinations(c) && validateAndEncode(c);
}

}  // namespace gcn::parse
