// Operands with a syntax of their own: branch targets and 16-bit
// immediates, hwreg(...), sendmsg(...), gpr_idx(...), export targets and
// sources, interpolation attributes and parameters, s_waitcnt counters and
// scalar memory offsets.
#include <cctype>
#include <cstring>
#include <string>

#include "isa/operand_field.h"
#include "isa/registers.h"
#include "isa/special_imm.h"
#include "text/parse_ctx.h"

namespace gcn::parse {

// A branch target or plain 16-bit immediate.
int OperandArg::immediateOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::INT) return invalid("expected an integer");
  if (it.ival < -32768 || it.ival > 65535) return c.fail(it.col, "immediate " + std::to_string(it.ival) + " does not fit in 16 bits");
  in[f] = int(it.ival & 0xffff);
  return true;
}

int OperandArg::rawImm16(const char* what) {
  if (it.kind != Item::INT) return kNotMine;
  if (it.ival < 0 || it.ival > 65535)
    return c.fail(it.col, std::string(what) + "immediate does not fit in 16 bits");
  in[f] = int(it.ival);
  return kApplied;
}

// name(...) as `read` takes its arguments (hwreg, sendmsg), or a raw
// 16-bit value.
int OperandArg::functionImm16(const std::string& name,
                              bool (*read)(Gen, std::string_view, uint32_t*, std::string*)) {
  if (!noMods()) return false;
  if (const int r = rawImm16((name + " ").c_str()); r != kNotMine) return r;
  if (it.kind != Item::FUNC || it.word != name) return invalid("expected " + name + "(...)");
  uint32_t imm = 0;
  std::string e;
  if (!read(g, it.args, &imm, &e)) return c.fail(it.args_col, e);
  in[f] = int(imm);
  return true;
}

// gpr_idx(...) mode bits.
int OperandArg::gpridxOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16(""); r != kNotMine) return r;
  if (it.kind != Item::FUNC || it.word != "gpr_idx") return invalid("expected gpr_idx(...)");
  int bits = 0;
  std::string_view s = it.args;
  while (!s.empty()) {
    size_t cp = s.find(',');
    std::string_view e = trimSpaces(s.substr(0, cp));
    int b = ieq(e, "SRC0") ? 1 : ieq(e, "SRC1") ? 2 : ieq(e, "SRC2") ? 4 : ieq(e, "DST") ? 8 : 0;
    if (!b) return c.fail(it.args_col, "expected SRC0, SRC1, SRC2 or DST in gpr_idx(...)");
    if (bits & b) return c.fail(it.args_col, "duplicate VGPR index mode");
    bits |= b;
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  in[f] = bits;
  return true;
}

// An export target (mrt, mrtz, null, pos, param).
int OperandArg::exportTargetOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::WORD) return invalid("expected an export target (mrt0..7, mrtz, null, pos0..3, param0..31)");
  const std::string& w = it.word;
  int tgt = -1;
  auto num = [&](size_t pre, int lo, int hi) {
    if (w.size() <= pre || w.size() > pre + 2) return -1;
    int x = 0;
    for (size_t k = pre; k < w.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(w[k]))) return -1;
      x = x * 10 + (w[k] - '0');
    }
    return x >= lo && x <= hi ? x : -1;
  };
  if (w == "mrtz") tgt = 8;
  else if (w == "null") tgt = 9;
  else if (w.rfind("mrt", 0) == 0 && num(3, 0, 7) >= 0) tgt = num(3, 0, 7);
  else if (w.rfind("pos", 0) == 0 && num(3, 0, 3) >= 0) tgt = 12 + num(3, 0, 3);
  else if (w.rfind("param", 0) == 0 && num(5, 0, 31) >= 0) tgt = 32 + num(5, 0, 31);
  // llvm-objdump's spelling of the reserved targets (its assembler
  // refuses them; errata EXP_INVALID_TARGET_TEXT).
  else if (w.rfind("invalid_target_", 0) == 0 && num(15, 0, 63) >= 0) tgt = num(15, 0, 63);
  if (tgt < 0) return invalid("unknown export target '" + w + "'");
  in[Fld::TGT] = tgt;
  return true;
}

// An interpolation attribute and channel, attrN.c.
int OperandArg::interpAttrOperand() {
  if (!noMods()) return false;
  if (it.kind != Item::WORD || it.word.rfind("attr", 0) != 0) return invalid("expected attrN.x/y/z/w");
  size_t dot = it.word.find('.');
  if (dot == std::string::npos || dot + 2 != it.word.size()) return invalid("expected attrN.x/y/z/w");
  int64_t a;
  if (!parseIntText(std::string_view(it.word).substr(4, dot - 4), &a) || a < 0 || a > 63)
    return c.fail(it.col, "interpolation attribute out of range (attr0..attr63)");
  const char* chans = "xyzw";
  const char* cp = std::strchr(chans, it.word[dot + 1]);
  if (!cp || !*cp) return invalid("expected channel .x, .y, .z or .w");
  int ch = int(cp - chans);
  if (in.enc == Enc::VOP3) {
    in[Fld::SRC0] = (in[Fld::SRC0] & 0x100) | int(a) | (ch << 6);
  } else {
    in[Fld::ATTR] = int(a);
    in[Fld::ATTRCHAN] = ch;
  }
  return true;
}

// An interpolation parameter (p10, p20, p0).
int OperandArg::interpParamOperand() {
  if (in.enc != Enc::VOP3 && !noMods()) return false;
  int p = -1;
  if (it.kind == Item::WORD) p = it.word == "p10" ? 0 : it.word == "p20" ? 1 : it.word == "p0" ? 2 : -1;
  if (p < 0 && it.kind == Item::WORD && it.word.rfind("invalid_param_", 0) == 0) {
    // The printer's spelling of reserved values (llvm-objdump prints
    // them, its assembler refuses them; errata INTERP_INVALID_PARAM_TEXT).
    int64_t v;
    const int64_t hi = in.enc == Enc::VOP3 ? 511 : 255;
    if (parseIntText(std::string_view(it.word).substr(14), &v) && v >= 0 && v <= hi) p = int(v);
  }
  if (p < 0) return invalid("expected p10, p20 or p0");
  if (in.enc == Enc::VOP3) {
    if (it.abs) in[Fld::ABS] |= 2;
    if (it.neg) in[Fld::NEG] |= 2;
    in[Fld::SRC1] = p;
  } else {
    in[Fld::VSRC] = p;
  }
  return true;
}

// A waitcnt immediate written as a number.
int OperandArg::waitcntOperand() {
  if (!noMods()) return false;
  if (const int r = rawImm16("s_waitcnt "); r != kNotMine) return r;
  return invalid("expected vmcnt(N), expcnt(N), lgkmcnt(N) or an integer");
}

// A scalar memory offset: an SGPR or an immediate.
int OperandArg::scalarMemOffsetOperand() {
  if (!noMods()) return false;
  if (c.smem_off) {
    // GFX9: "sbase, soffset offset:imm" -> SOE=1, IMM=1.
    if (it.kind != Item::REG || it.dw != 1 || it.code >= 256 || isInlineConstant(g, it.code))
      return c.fail(c.smem_off_col, "offset: needs an SGPR soffset operand");
    in[Fld::SOE] = 1;
    in[Fld::IMM] = 1;
    in[Fld::SOFFSET] = it.code;
    in[Fld::OFFSET] = int(c.smem_off_val);
    return true;
  }
  if (it.kind == Item::INT && d.enc == Enc::SMRD && g == Gen::GFX7 && (it.ival < 0 || it.ival > 255)) {
    // GFX7 SMRD: a 32-bit literal offset (OFFSET = 0xff, IMM = 0).
    if (it.ival < 0 || it.ival > int64_t(UINT32_MAX))
      return c.fail(it.col, "offset " + std::to_string(it.ival) + " does not fit in 32 bits");
    in[Fld::IMM] = 0;
    in[Fld::OFFSET] = opc::kLiteral;
    c.lit_used = true;
    c.in.literal = uint32_t(it.ival);
    return true;
  }
  if (it.kind == Item::INT) {
    int64_t hi = d.enc == Enc::SMRD ? 255 : 1048575;
    int64_t lo = d.enc == Enc::SMEM && g >= Gen::GFX9 ? -1048576 : 0;
    if (it.ival < lo || it.ival > hi)
      return c.fail(it.col, "offset " + std::to_string(it.ival) + " is out of range [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
    in[Fld::IMM] = 1;
    in[Fld::OFFSET] = int(it.ival);
    return true;
  }
  if (it.kind == Item::REG && it.dw == 1 && it.code < 256) {
    if (isInlineConstant(g, it.code)) return invalid("offset must be an SGPR or an immediate");
    in[Fld::IMM] = 0;
    in[Fld::OFFSET] = it.code;
    return true;
  }
  return invalid("expected an SGPR or an immediate offset");
}

// Operands of a kind with its own syntax (branch targets, 16-bit
// immediates, hwreg, sendmsg, gpr_idx, export targets, interpolation
// attributes and parameters, waitcnt, scalar memory offsets): kApplied (a
// `return true`), kFailed, or kNotMine for register and source operands.
int OperandArg::specialOperand() {
  switch (op.type) {
    case OpType::label:
    case OpType::imm16:
    case OpType::imm16opt:
      return immediateOperand();
    case OpType::hwreg:
      return functionImm16("hwreg", parseHwreg);
    case OpType::sendmsg:
      return functionImm16("sendmsg", parseSendmsg);
    case OpType::gpridx:
      return gpridxOperand();
    case OpType::exptgt:
      return exportTargetOperand();
    case OpType::interpattr:
      return interpAttrOperand();
    case OpType::interpparam:
      return interpParamOperand();
    case OpType::waitcnt:
      return waitcntOperand();
    case OpType::smrdoff:
    case OpType::smemoff:
      return scalarMemOffsetOperand();
    default:
      return kNotMine;
  }
}

bool assignWaitcntCounters(Ctx& c, size_t* k) {
  const Gen g = c.t.gen;
  const auto& items = c.syn.items;
  uint32_t imm = uint32_t(c.in[Fld::SIMM16]);
  while (*k < items.size() && items[*k].kind == Item::FUNC) {
    const Item& it = items[*k];
    std::string name = it.word;
    bool sat = false;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, "_sat") == 0) {
      sat = true;
      name.resize(name.size() - 4);
    }
    if (name != "vmcnt" && name != "expcnt" && name != "lgkmcnt")
      return c.fail(it.col, "invalid counter name '" + it.word + "'");
    int64_t v;
    if (!parseIntText(it.args, &v) || v < 0) return c.fail(it.args_col, "expected a counter value");
    WaitcntFields mx = waitcntMax(g);
    unsigned lim = name == "vmcnt" ? mx.vm : name == "expcnt" ? mx.exp : mx.lgkm;
    if (uint64_t(v) > lim) {
      if (!sat) return c.fail(it.args_col, "too large value for " + name);
      v = lim;
    }
    encodeWaitcntField(g, name, unsigned(v), &imm);
    ++*k;
  }
  c.in[Fld::SIMM16] = int(imm);
  return true;
}

bool assignExportSource(Ctx& c, const OperandSpec& op, const Item& it) {
  Inst& in = c.in;
  int kk = int(op.role) - int(Role::vsrc0);
  bool off = it.kind == Item::WORD && it.word == "off";
  if (!off && (it.kind != Item::REG || it.code < 256 || it.dw != 1 || it.neg || it.abs || it.sext))
    return c.fail(it.col, "invalid operand for instruction: expected a VGPR or off");
  if (off) return true;
  if (in[Fld::COMPR]) {
    // compr: slot N is the 16-bit half N of VSRC[N/2] under EN bit N, as
    // the printer writes it ('v1, off, v2, v2' for EN=0xd). llvm-mc
    // instead enables both halves from slots 0 and 2 and ignores slots
    // 1 and 3 (errata EXP_COMPR_EN_PER_SLOT); texts that name a VGPR in
    // every slot, as llvm prints EN=0xf, encode alike.
    const Fld vf = kk < 2 ? Fld::VSRC0 : Fld::VSRC1;
    // The even slot's register wins when both halves name one.
    if (!(in[Fld::EN] & (1 << (kk & 2)))) in[vf] = it.code - 256;
  } else {
    in[operandField(in, op, /*writing=*/true)] = it.code - 256;
  }
  in[Fld::EN] |= 1 << kk;
  return true;
}

}  // namespace gcn::parse
