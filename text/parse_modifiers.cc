// Trailing modifiers (clamp, omod, op_sel, SDWA selects, DPP controls, the
// memory encodings' offsets, cache bits and formats): each family in turn
// takes a modifier, refuses it, or leaves it to the next, so that a
// modifier no family of the row takes names the row in its error.
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "isa/index.h"
#include "text/parse_ctx.h"
#include "text/syntax.h"

namespace gcn::parse {
namespace {

// "[0,1,1]" -> bits; n entries max.
bool parseBitList(std::string_view s, int maxn, int* bits, int* count) {
  if (s.size() < 2 || s.front() != '[' || s.back() != ']') return false;
  s = s.substr(1, s.size() - 2);
  int b = 0, n = 0;
  while (true) {
    size_t cpos = s.find(',');
    std::string_view e = s.substr(0, cpos);
    int64_t v;
    if (!parseIntText(e, &v) || (v != 0 && v != 1)) return false;
    if (n >= maxn) return false;
    b |= int(v) << n;
    ++n;
    if (cpos == std::string_view::npos) break;
    s.remove_prefix(cpos + 1);
  }
  *bits = b;
  *count = n;
  return true;
}

int numSrcs(const InstDesc& d) {
  int n = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    Role r = d.operand[i].role;
    if (r == Role::src0 || r == Role::src1 || r == Role::src2) ++n;
  }
  return n;
}

int selValue(std::string_view v) {
  for (int i = 0; i < syntax::kNumSdwaSel; ++i)
    if (ieq(v, syntax::kSdwaSel[i])) return i;
  return -1;
}

const char* kDfmt[] = {"INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
                       "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16",
                       "32_32_32", "32_32_32_32", "RESERVED_15"};
const char* kNfmt[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"};

// ds_swizzle_b32's "swizzle(MODE,...)" offset (llvm-mc's syntax, the

// The comma-separated arguments of swizzle(...)'s parentheses, blanks
// trimmed; an empty text is one empty argument.
std::vector<std::string> swizzleArgs(std::string_view s) {
  std::vector<std::string> a;
  while (true) {
    size_t cp = s.find(',');
    a.emplace_back(trimSpaces(s.substr(0, cp)));
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  return a;
}

// swizzle(QUAD_PERM,a,b,c,d); n[i] is argument i as an integer (-1: none).
std::string quadPermSwizzle(const std::vector<int64_t>& n, int* off) {
  if (n.size() != 5) return "swizzle(QUAD_PERM,...) takes four lane indices";
  int v = 0x8000;
  for (int i = 0; i < 4; ++i) {
    if (n[i + 1] < 0 || n[i + 1] > 3) return "QUAD_PERM lane indices must be 0..3";
    v |= int(n[i + 1]) << (2 * i);
  }
  *off = v;
  return "";
}

// swizzle(BITMASK_PERM,"mask"): per lane-id bit from the top, 0, 1,
// p(reserve) or i(nvert).
std::string bitmaskPermSwizzle(const std::vector<std::string>& a, int* off) {
  if (a.size() != 2 || a[1].size() != 7 || a[1].front() != '"' || a[1].back() != '"')
    return "swizzle(BITMASK_PERM,\"mask\") takes a 5-character mask of 0, 1, p, i";
  int and_m = 0, or_m = 0, xor_m = 0;
  for (int i = 0; i < 5; ++i) {
    int bit = 1 << (4 - i);
    switch (a[1][size_t(i) + 1]) {
      case '0': break;
      case '1': or_m |= bit; break;
      case 'p': and_m |= bit; break;
      case 'i': and_m |= bit; xor_m |= bit; break;
      default: return "BITMASK_PERM mask characters must be 0, 1, p or i";
    }
  }
  *off = and_m | (or_m << 5) | (xor_m << 10);
  return "";
}

// ds_swizzle_b32's "swizzle(MODE,...)" offset (llvm-mc's syntax, the
// inverse of the printer's appendSwizzle). Returns "" or why it is invalid.
std::string parseSwizzle(std::string_view s, int* off) {
  if (s.size() < 9 || !ieq(s.substr(0, 8), "swizzle(") || s.back() != ')')
    return "expected an integer or swizzle(...)";
  const std::vector<std::string> a = swizzleArgs(s.substr(8, s.size() - 9));
  std::vector<int64_t> n(a.size(), -1);
  for (size_t i = 1; i < a.size(); ++i)
    if (!parseIntText(a[i], &n[i])) n[i] = -1;
  auto pow2 = [](int64_t v) { return v > 0 && (v & (v - 1)) == 0; };
  const std::string mode = lower(a[0]);
  if (mode == "quad_perm") return quadPermSwizzle(n, off);
  if (mode == "bitmask_perm") return bitmaskPermSwizzle(a, off);
  if (mode == "swap") {
    if (a.size() != 2 || !pow2(n[1]) || n[1] > 16) return "swizzle(SWAP,n) takes a power of two 1..16";
    *off = 0x1f | int(n[1]) << 10;
    return "";
  }
  if (mode == "reverse") {
    if (a.size() != 2 || !pow2(n[1]) || n[1] < 2 || n[1] > 32)
      return "swizzle(REVERSE,n) takes a power of two 2..32";
    *off = 0x1f | int(n[1] - 1) << 10;
    return "";
  }
  if (mode == "broadcast") {
    if (a.size() != 3 || !pow2(n[1]) || n[1] < 2 || n[1] > 32 || n[2] < 0 || n[2] >= n[1])
      return "swizzle(BROADCAST,size,lane) takes a power of two 2..32 and a lane below it";
    *off = int(32 - n[1]) | int(n[2]) << 5;
    return "";
  }
  return "unknown swizzle mode '" + a[0] + "' (QUAD_PERM, BITMASK_PERM, SWAP, REVERSE, BROADCAST)";
}

// One trailing modifier being applied, and the checks every family makes.
struct ModArg {
  Ctx& c;
  const Mod& m;
  bool vop3, vop3p, sdwa, dpp;
  const std::string& n = m.name;
  Inst& in = c.in;
  const InstDesc& d = c.d;
  const Gen g = c.t.gen;
  int64_t v = 0;  // the value intVal() read

  // The families, in the order applyMods asks them: kApplied, kFailed or
  // kNotMine.
  int aluMod();
  int maiMod(int* last);
  int sdwaMod();
  int dppMod(bool* ctrl_seen);
  int memoryMod();
  int smemMod();
  int dsMod();
  int bufferMod();
  int imageMod();
  int flatMod();
  int exportMod();

  // Parts of a family, for a modifier it has already recognised.
  int clampMod();
  int omodMod();
  int opSelMod();
  bool quadPermCtrl(int* ctrl);
  bool namedDppCtrl(int* ctrl);
  int bufferFormatMod();

  bool bad() {
    return c.fail(m.col, "invalid modifier '" + m.name + "' for " + std::string(d.mnemonic) +
                             (isVopShort(d.enc)
                                  ? std::string(" in the ") + formText(c.in.form) + " form"
                                  : ""));
  }
  bool needFlag() {
    if (m.has_value) return c.fail(m.col, "modifier '" + m.name + "' takes no value");
    return true;
  }
  bool intVal(int64_t lo, int64_t hi) {
    if (!m.has_value || !parseIntText(m.value, &v))
      return c.fail(m.vcol, "expected an integer value for '" + m.name + "'");
    if (v < lo || v > hi)
      return c.fail(m.vcol, "value " + std::to_string(v) + " of '" + m.name +
                                "' is out of range [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "]");
    return true;
  }
};

// VOP modifiers: clamp, omod (mul/div), op_sel, op_sel_hi, neg_lo, neg_hi.
int ModArg::aluMod() {
  if (vop3p && (d.flags & F_NO_MODS) &&
      (n == "clamp" || n == "op_sel" || n == "op_sel_hi" || n == "neg_lo" || n == "neg_hi"))
    return bad();  // the AccVGPR moves
  if ((n == "clamp" || n == "mul" || n == "div") && sdwa && d.enc == Enc::VOPC && g >= Gen::GFX9)
    return bad();  // GFX9 VOPC SDWA: those bits hold SDST
  if (n == "clamp" && (vop3 || vop3p || sdwa)) return clampMod();
  if ((n == "mul" || n == "div") && (vop3 || (sdwa && g >= Gen::GFX9))) return omodMod();
  if ((n == "op_sel" || n == "op_sel_hi" || n == "neg_lo" || n == "neg_hi") &&
      (vop3p || (vop3 && n == "op_sel" && g >= Gen::GFX9)))
    return opSelMod();
  return kNotMine;
}

// MFMA: cbsz:N abid:N blgp:N, in that order (llvm-mc refuses another).
int ModArg::maiMod(int* last) {
  if (in.enc != Enc::VOP3P_MAI) return kNotMine;
  for (int k = 0; k < int(std::size(syntax::kMaiMods)); ++k) {
    const syntax::MaiMod& x = syntax::kMaiMods[k];
    // GFX940's f64 MFMAs spell the BLGP bits neg:[a,b,c]; SMFMAC has none.
    const bool neg = x.fld == Fld::BLGP && (d.flags & F_MFMA_NEG);
    if (n != (neg ? "neg" : x.name)) continue;
    if (k <= *last || (x.fld == Fld::BLGP && (d.flags & F_SMFMAC))) return bad();
    *last = k;
    if (neg) {
      int bits = 0, cnt = 0;
      if (!parseBitList(m.value, 3, &bits, &cnt))
        return c.fail(m.vcol, "expected a list of 0/1 values like [1,0,0] for 'neg'");
      in[x.fld] = bits;
      return kApplied;
    }
    if (!intVal(0, x.max)) return false;
    in[x.fld] = int(v);
    return kApplied;
  }
  return kNotMine;
}

int ModArg::clampMod() {
  if (!needFlag()) return false;
  if (vop3 && in.enc == Enc::VOP3B && g <= Gen::GFX7) return bad();
  in[Fld::CLAMP] = 1;
  return kApplied;
}

// The output modifier: mul:1/2/4 or div:1/2.
int ModArg::omodMod() {
  if (!intVal(0, 4)) return false;
  if (n == "mul" && v == 2) in[Fld::OMOD] = 1;
  else if (n == "mul" && v == 4) in[Fld::OMOD] = 2;
  else if (n == "div" && v == 2) in[Fld::OMOD] = 3;
  else if (n == "mul" && v == 1) in[Fld::OMOD] = 0;
  else if (n == "div" && v == 1) in[Fld::OMOD] = 0;
  else return c.fail(m.vcol, "invalid output modifier (expected mul:2, mul:4 or div:2)");
  return kApplied;
}

// op_sel, op_sel_hi, neg_lo, neg_hi: one 0/1 entry per source.
int ModArg::opSelMod() {
  int bits = 0, cnt = 0;
  int maxn = vop3p ? 3 : 4;
  if (!parseBitList(m.value, maxn, &bits, &cnt))
    return c.fail(m.vcol, "expected a list of 0/1 values like [0,1] for '" + n + "'");
  if ((n == "op_sel" || n == "op_sel_hi") && vop3p && g == Gen::GFX940 && (d.flags & F_DOT))
    return c.fail(m.col, "invalid op_sel operand");  // isa/legality.h dotOpSelRule
  if (n == "op_sel") {
    if (vop3 && !(d.flags & F_OPSEL)) return bad();
    if (vop3) {
      // VOP3: the entry after the last source is the destination's
      // (bit 3), as llvm-mc reads it: op_sel:[0,0,1] of a two-source op.
      // Entries after it are ignored, as llvm-mc does.
      const int ns = (d.flags & F_OPSEL_SRC2) ? 3 : numSrcs(d);
      if (ns < 3) bits = (bits & ((1 << ns) - 1)) | ((bits >> ns & 1) << 3);
    }
    in[Fld::OP_SEL] = bits;
  } else if (n == "op_sel_hi") {
    // Packed (non-mix) ops: entries not written (and the absent src2 of
    // two-source ops) stay 1, as llvm-mc encodes them.
    if (vop3p && !isMixRow(d)) bits |= ~((1 << cnt) - 1) & 7;
    in[Fld::OP_SEL_HI] = bits;
  } else if (n == "neg_lo") {
    in[Fld::NEG] = bits;
  } else {
    in[Fld::NEG_HI] = bits;
  }
  return kApplied;
}

// SDWA selects and dst_unused.
int ModArg::sdwaMod() {
  if (sdwa && (n == "dst_sel" || n == "src0_sel" || n == "src1_sel")) {
    int s = selValue(m.value);
    if (s < 0) return c.fail(m.vcol, "invalid SDWA selector '" + m.value + "' (expected BYTE_0..BYTE_3, WORD_0, WORD_1 or DWORD)");
    if (n == "dst_sel") {
      if (d.enc == Enc::VOPC || (d.flags & F_SDWA_SRC_SEL)) return bad();
      in[Fld::DST_SEL] = s;
    } else if (n == "src0_sel") {
      in[Fld::SRC0_SEL] = s;
    } else {
      if (d.enc == Enc::VOP1) return bad();
      in[Fld::SRC1_SEL] = s;
    }
    return kApplied;
  }
  if (sdwa && n == "dst_unused") {
    if (d.enc == Enc::VOPC || (d.flags & F_SDWA_SRC_SEL)) return bad();
    int s = -1;
    for (int i = 0; i < syntax::kNumDstUnused; ++i)
      if (ieq(m.value, syntax::kDstUnused[i])) s = i;
    if (s < 0) return c.fail(m.vcol, "invalid dst_unused value '" + m.value + "' (expected UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE)");
    in[Fld::DST_UNUSED] = s;
    return kApplied;
  }
  return kNotMine;
}


// DPP controls (text/syntax.h), row and bank masks, bound_ctrl.
int ModArg::dppMod(bool* ctrl_seen) {
  if (!dpp) return kNotMine;
  int ctrl = -1;
  if (n == "quad_perm") {
    if (!quadPermCtrl(&ctrl)) return false;
  } else if (syntax::isDppCtrlName(n)) {
    if (!namedDppCtrl(&ctrl)) return false;
  } else if (n == "row_mask" || n == "bank_mask") {
    if (!intVal(0, 15)) return false;
    in[n == "row_mask" ? Fld::ROW_MASK : Fld::BANK_MASK] = int(v);
    return kApplied;
  } else if (n == "bound_ctrl") {
    // LLVM: bound_ctrl:0 sets the BOUND_CTRL bit (errata: the spec
    // describes the bit, the syntax writes 0).
    if (!intVal(0, 1)) return false;
    in[Fld::BOUND_CTRL] = 1;
    return kApplied;
  }
  if (ctrl >= 0) {
    if (*ctrl_seen) return c.fail(m.col, "only one DPP control is allowed");
    *ctrl_seen = true;
    in[Fld::DPP_CTRL] = ctrl;
    return kApplied;
  }
  return kNotMine;
}

// quad_perm:[a,b,c,d], two bits a lane.
bool ModArg::quadPermCtrl(int* ctrl) {
  std::string_view s = m.value;
  if (s.size() < 2 || s.front() != '[' || s.back() != ']')
    return c.fail(m.vcol, "expected quad_perm:[a,b,c,d]");
  s = s.substr(1, s.size() - 2);
  int k = 0;
  *ctrl = 0;
  while (true) {
    size_t cp = s.find(',');
    int64_t e;
    if (!parseIntText(s.substr(0, cp), &e) || e < 0 || e > 3 || k >= 4)
      return c.fail(m.vcol, "quad_perm takes four lane indices 0..3");
    *ctrl |= int(e) << (2 * k++);
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  if (k != 4) return c.fail(m.vcol, "quad_perm takes four lane indices 0..3");
  return true;
}

// A control of syntax::kDppCtrls. The entries of that name: a flag, one
// argument range, or several fixed arguments (row_bcast:15, row_bcast:31).
bool ModArg::namedDppCtrl(int* ctrl) {
  std::string takes;
  int lo = 1 << 30, hi = -1;
  bool flag = false;
  for (const syntax::DppCtrl& e : syntax::kDppCtrls) {
    if (n != e.name) continue;
    flag = e.arg_min < 0;
    lo = std::min(lo, e.arg_min);
    hi = std::max(hi, e.arg_max);
    takes += (takes.empty() ? "" : " or ") +
             (e.arg_min == e.arg_max ? std::to_string(e.arg_min)
                                     : std::to_string(e.arg_min) + ".." + std::to_string(e.arg_max));
  }
  if (flag ? !needFlag() : !intVal(lo, hi)) return false;
  for (const syntax::DppCtrl& e : syntax::kDppCtrls)
    if (n == e.name && (flag || (v >= e.arg_min && v <= e.arg_max)))
      *ctrl = e.first + (flag ? 0 : int(v) - e.arg_min);
  if (*ctrl < 0) return c.fail(m.vcol, n + " takes " + takes);
  return true;
}

// Scalar memory: offset (GFX9), glc, nv.
int ModArg::smemMod() {
  if (n == "offset" && g >= Gen::GFX9) {
    if (!intVal(-1048576, 1048575)) return false;
    c.smem_off = true;
    c.smem_off_val = v;
    c.smem_off_col = m.col;
    return kApplied;
  }
  if (n == "glc") { if (!needFlag()) return false; in[Fld::GLC] = 1; return kApplied; }
  if (n == "nv" && g >= Gen::GFX9) { if (!needFlag()) return false; in[Fld::NV] = 1; return kApplied; }
  return kNotMine;
}

// DS: offset or offset0/offset1, gds.
int ModArg::dsMod() {
  if (n == "offset" && !(d.flags & F_DS2)) {
    if (m.has_value && m.value.size() > 8 && ieq(std::string_view(m.value).substr(0, 8), "swizzle(")) {
      int off = 0;
      std::string e = (d.flags & F_SWIZZLE) ? parseSwizzle(m.value, &off)
                                            : "swizzle(...) is only valid for ds_swizzle_b32";
      if (!e.empty()) return c.fail(m.vcol, e);
      in[Fld::OFFSET] = off;
      return kApplied;
    }
    if (!intVal(0, 65535)) return false;
    in[Fld::OFFSET] = int(v);
    return kApplied;
  }
  if ((n == "offset0" || n == "offset1") && (d.flags & F_DS2)) {
    if (!intVal(0, 255)) return false;
    in[n == "offset0" ? Fld::OFFSET0 : Fld::OFFSET1] = int(v);
    return kApplied;
  }
  if (n == "gds") {
    if (!needFlag()) return false;
    if (d.flags & F_NOGDS) return bad();
    in[Fld::GDS] = 1;
    return kApplied;
  }
  return kNotMine;
}

// MUBUF and MTBUF: offen/idxen/addr64, offset, lds, tfe, and the MTBUF format.
int ModArg::bufferMod() {
  if (n == "offen" || n == "idxen" || n == "tfe" || (n == "addr64" && g <= Gen::GFX7) ||
      (n == "lds" && d.enc == Enc::MUBUF)) {
    if (!needFlag()) return false;
    if (n == "lds" && !(d.flags & F_LDS_DIRECT)) return bad();
    Fld f = n == "offen" ? Fld::OFFEN : n == "idxen" ? Fld::IDXEN : n == "tfe" ? Fld::TFE
          : n == "addr64" ? Fld::ADDR64 : Fld::LDS;
    in[f] = 1;
    return kApplied;
  }
  if (n == "offset") {
    if (!intVal(0, 4095)) return false;
    in[Fld::OFFSET] = int(v);
    return kApplied;
  }
  if (d.enc == Enc::MTBUF && (n == "dfmt" || n == "nfmt")) {
    if (!intVal(0, n == "dfmt" ? 15 : 7)) return false;
    in[n == "dfmt" ? Fld::DFMT : Fld::NFMT] = int(v);
    return kApplied;
  }
  if (d.enc == Enc::MTBUF && n == "format") return bufferFormatMod();
  return kNotMine;
}

// MTBUF format:N (dfmt | nfmt << 4) or format:[BUF_DATA_FORMAT_x,
// BUF_NUM_FORMAT_y] in either order.
int ModArg::bufferFormatMod() {
  std::string_view s = m.value;
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  int64_t num;
  if (parseIntText(s, &num)) {
    if (num < 0 || num > 127) return c.fail(m.vcol, "format out of range");
    in[Fld::DFMT] = int(num & 15);
    in[Fld::NFMT] = int(num >> 4);
    return kApplied;
  }
  while (!s.empty()) {
    size_t cp = s.find(',');
    std::string_view e = trimSpaces(s.substr(0, cp));
    bool ok = false;
    if (e.size() > 16 && ieq(e.substr(0, 16), "BUF_DATA_FORMAT_")) {
      for (int i = 0; i < 16; ++i)
        if (ieq(e.substr(16), kDfmt[i])) { in[Fld::DFMT] = i; ok = true; }
    } else if (e.size() > 15 && ieq(e.substr(0, 15), "BUF_NUM_FORMAT_")) {
      for (int i = 0; i < 8; ++i)
        if (ieq(e.substr(15), kNfmt[i])) { in[Fld::NFMT] = i; ok = true; }
    }
    if (!ok) return c.fail(m.vcol, "unknown buffer format '" + std::string(e) + "'");
    if (cp == std::string_view::npos) break;
    s.remove_prefix(cp + 1);
  }
  return kApplied;
}

// MIMG: dmask, unorm, r128/a16, tfe, lwe, da, d16.
int ModArg::imageMod() {
  if (n == "dmask") {
    if (!intVal(0, 15)) return false;
    in[Fld::DMASK] = int(v);
    return kApplied;
  }
  if (n == "unorm" || n == "tfe" || n == "lwe" || n == "da" || (n == "r128" && g < Gen::GFX9) ||
      (n == "a16" && g >= Gen::GFX9) || (n == "d16" && g >= Gen::GFX8)) {
    if (!needFlag()) return false;
    if (n == "d16" && (d.flags & F_NO_D16)) return bad();
    Fld f = n == "unorm" ? Fld::UNORM : n == "tfe" ? Fld::TFE : n == "lwe" ? Fld::LWE
          : n == "da" ? Fld::DA
          : n == "d16" ? Fld::D16 : Fld::R128;
    in[f] = 1;
    return kApplied;
  }
  return kNotMine;
}

// FLAT, GLOBAL and SCRATCH: offset (GFX8+ as llvm-mc takes it), lds (GFX9 to GFX90A).
int ModArg::flatMod() {
  if (n == "offset" && g >= Gen::GFX8) {
    if (g >= Gen::GFX9 && (d.flags & (F_GLOBAL | F_SCRATCH))) {
      if (!intVal(-4096, 4095)) return false;
      in[Fld::OFFSET] = int(v) & 0x1fff;
    } else {
      // llvm-mc takes 0..4095 on GFX9, llvm-objdump prints bits 0-12
      // unsigned: accepting what it prints lets the text round-trip
      // (FLAT_GFX9_FLAT_OFFSET_WIDTH). On GFX8 validateInst refuses
      // any offset, as llvm-mc does (MEM_ASSEMBLER_ONLY_STRICT).
      if (!intVal(0, 8191)) return false;
      in[Fld::OFFSET] = int(v);
    }
    return kApplied;
  }
  if (n == "lds" && layoutHasField(g, d.enc, Fld::LDS) && (d.flags & F_LDS_DIRECT)) {
    if (!needFlag()) return false;
    in[Fld::LDS] = 1;
    return kApplied;
  }
  return kNotMine;
}

// EXP: done, compr, vm.
int ModArg::exportMod() {
  if (n == "done" || n == "compr" || n == "vm") {
    if (!needFlag()) return false;
    in[n == "done" ? Fld::DONE : n == "compr" ? Fld::COMPR : Fld::VM] = 1;
    return kApplied;
  }
  return kNotMine;
}

// Cache, offset and format modifiers of the memory encodings and EXP.
int ModArg::memoryMod() {
  // Cache bits by the generation's layout and spelling (GFX90A's scc,
  // GFX940's sc0/nt/sc1), and no tfe from GFX90A.
  if (n == "tfe" && !layoutHasField(g, d.enc, Fld::TFE)) return kNotMine;
  if (d.enc != Enc::SMEM) {
    const Fld f = syntax::cacheBitNamed(g, d.enc, n);
    if (f != Fld::kCount && layoutHasField(g, d.enc, f)) {
      if (!needFlag()) return false;
      in[f] = 1;
      return kApplied;
    }
    if (n == "glc" || n == "slc" || n == "scc" || n == "sc0" || n == "sc1" || n == "nt")
      return kNotMine;  // another generation's spelling
  }
  switch (d.enc) {
    case Enc::SMEM:
      return smemMod();
    case Enc::DS:
      return dsMod();
    case Enc::MUBUF:
    case Enc::MTBUF:
      return bufferMod();
    case Enc::MIMG:
      return imageMod();
    case Enc::FLAT:
      return flatMod();
    case Enc::EXP:
      return exportMod();
    default:
      return kNotMine;
  }
}

}  // namespace

// Applies trailing modifiers for the row's family: each family in turn
// takes the modifier, refuses it, or leaves it to the next.
bool applyMods(Ctx& c) {
  const InstDesc& d = c.d;
  bool dpp_ctrl_seen = false;
  int mai_last = -1;
  for (const Mod& m : c.syn.mods) {
    const Inst& in = c.in;
    const Inst before = in;
    ModArg a{c, m, in.enc == Enc::VOP3 || in.enc == Enc::VOP3B, in.enc == Enc::VOP3P,
             in.form == Form::SDWA, in.form == Form::DPP};
    // An operand-less row's SDWA form has no selects or modifiers
    // (VOP1_NO_OPERAND_SDWA_DPP).
    if (a.sdwa && (d.flags & F_BARE)) return a.bad();
    int r = a.maiMod(&mai_last);
    if (r == kNotMine) r = a.aluMod();
    if (r == kNotMine) r = a.sdwaMod();
    if (r == kNotMine) r = a.dppMod(&dpp_ctrl_seen);
    if (r == kNotMine) r = a.memoryMod();
    if (r == kNotMine && m.name == "high" && (d.flags & F_INTERP_HIGH)) {
      if (!a.needFlag()) return false;
      c.in[Fld::SRC0] |= 0x100;
      continue;
    }
    if (r == kNotMine) return a.bad();
    if (r == kFailed) return false;
    for (int f = 0; f < kNumStoredFlds; ++f)
      if (in.f[f] != before.f[f]) c.mod_col[f] = m.col;
  }
  return true;
}

}  // namespace gcn::parse
