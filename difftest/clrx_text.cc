#include "difftest/clrx_text.h"

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "isa/inst_desc.h"
#include "text/parse_ctx.h"

namespace gcn::difftest {
namespace {

using parse::lower;


bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool parseInt(std::string_view s, long* v) {
  std::string t(s);
  if (t.empty()) return false;
  char* end = nullptr;
  *v = std::strtol(t.c_str(), &end, 0);
  return end && *end == 0;
}

// Does a row spelt `mn` (on any generation) have encoding e?
bool hasRowIn(std::string_view mn, Enc e) {
  static const std::multimap<std::string, Enc, std::less<>> m = [] {
    std::multimap<std::string, Enc, std::less<>> r;
    for (int i = 0; i < numInsts(); ++i) r.emplace(std::string(instDesc(i).mnemonic), instDesc(i).enc);
    return r;
  }();
  auto [a, b] = m.equal_range(mn);
  for (auto it = a; it != b; ++it)
    if (it->second == e) return true;
  return false;
}

bool isVector(std::string_view mn) {
  for (Enc e : {Enc::VOP1, Enc::VOP2, Enc::VOPC, Enc::VOP3, Enc::VOP3B})
    if (hasRowIn(mn, e)) return true;
  return false;
}

const std::map<std::string, std::string, std::less<>>& clrxNames() {
  static const std::map<std::string, std::string, std::less<>> m = {
#define GCN_CLRX_NAME(clrx, llvm) {clrx, llvm},
#include "difftest/profiles/clrx_names.inc"
#undef GCN_CLRX_NAME
  };
  return m;
}

// Words at top level: split at blanks outside () and [].
std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') depth = depth > 0 ? depth - 1 : 0;
    if (depth == 0 && std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// `name=0x1f`: the value of a field the instruction does not use.
bool isFieldNote(std::string_view w) {
  size_t eq = w.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  for (size_t i = 0; i < eq; ++i)
    if (!std::isalnum(static_cast<unsigned char>(w[i])) && w[i] != '_') return false;
  long v;
  return parseInt(w.substr(eq + 1), &v);
}

// `neg2`, `abs1`, `sext0`: a modifier bit of a source the instruction lacks.
bool isMissingSourceBit(std::string_view w) {
  for (std::string_view p : {"neg", "abs", "sext"})
    if (w.size() == p.size() + 1 && startsWith(w, p) && std::isdigit(static_cast<unsigned char>(w.back())))
      return true;
  return false;
}

std::string sdwaSelect(std::string_view v) {
  const std::string l = lower(v);
  static const std::map<std::string, std::string> m = {
      {"byte0", "BYTE_0"}, {"byte_0", "BYTE_0"}, {"b0", "BYTE_0"}, {"byte1", "BYTE_1"},
      {"byte_1", "BYTE_1"}, {"b1", "BYTE_1"},  {"byte2", "BYTE_2"}, {"byte_2", "BYTE_2"},
      {"b2", "BYTE_2"},    {"byte3", "BYTE_3"}, {"byte_3", "BYTE_3"}, {"b3", "BYTE_3"},
      {"word0", "WORD_0"}, {"word_0", "WORD_0"}, {"w0", "WORD_0"},  {"word1", "WORD_1"},
      {"word_1", "WORD_1"}, {"w1", "WORD_1"},   {"dword", "DWORD"},  {"dw", "DWORD"},
      {"pad", "UNUSED_PAD"}, {"sext", "UNUSED_SEXT"}, {"preserve", "UNUSED_PRESERVE"}};
  auto it = m.find(l);
  return it == m.end() ? std::string(v) : it->second;
}

// GcnOperands.md "Hardware registers": CLRX's names of the HW_REG ids.
long hwregId(std::string_view name) {
  static const std::map<std::string, long> m = {
      {"mode", 1},     {"status", 2},  {"trapsts", 3}, {"hw_id", 4},     {"gpr_alloc", 5},
      {"lds_alloc", 6}, {"ib_sts", 7}, {"pc_lo", 8},   {"pc_hi", 9},     {"inst_dw0", 10},
      {"inst_dw1", 11}, {"ib_dbg0", 12},
      {"ib_dbg1", 13}, {"flush_ib", 14}, {"sh_mem_bases", 15}, {"sq_shader_tba_lo", 16},
      {"sq_shader_tba_hi", 17}, {"sq_shader_tma_lo", 18}, {"sq_shader_tma_hi", 19}};
  std::string l = lower(name);
  if (startsWith(l, "hwreg_")) l = l.substr(6);
  if (startsWith(l, "@")) {
    long v;
    return parseInt(l.substr(1), &v) ? v : -1;
  }
  auto it = m.find(l);
  return it == m.end() ? -1 : it->second;
}

// GcnInstrsSopp.md S_SENDMSG: message and GS operation names.
long sendmsgCode(std::string_view name, bool op) {
  static const std::map<std::string, long> msgs = {
      {"interrupt", 1}, {"gs", 2}, {"gs_done", 3}, {"savewave", 4}, {"stall_wave_gen", 5},
      {"halt_waves", 6}, {"ordered_ps_done", 7}, {"early_prim_dealloc", 8}, {"gs_alloc_req", 9},
      {"sysmsg", 15}, {"system", 15}};
  static const std::map<std::string, long> ops = {
      {"nop", 0}, {"cut", 1}, {"emit", 2}, {"emit_cut", 3}, {"emit-cut", 3}};
  std::string l = lower(name);
  if (startsWith(l, "@")) {
    long v;
    return parseInt(l.substr(1), &v) ? v : -1;
  }
  if (!op && startsWith(l, "msg_")) l = l.substr(4);
  if (op && startsWith(l, "gs_")) l = l.substr(3);
  const auto& m = op ? ops : msgs;
  auto it = m.find(l);
  if (it != m.end()) return it->second;
  long v;
  return parseInt(l, &v) ? v : -1;
}

std::vector<std::string> splitArgs(std::string_view inside) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : inside) {
    if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// hwreg(NAME, off, size) -> hwreg(ID, off, size); "" when unknown.
std::string readHwreg(std::string_view w) {
  size_t a = w.find('('), b = w.rfind(')');
  if (a == std::string_view::npos || b == std::string_view::npos || b < a) return "";
  std::vector<std::string> args = splitArgs(w.substr(a + 1, b - a - 1));
  long id = hwregId(args[0]);
  if (id < 0) return "";
  std::string r = "hwreg(" + std::to_string(id);
  for (size_t i = 1; i < args.size(); ++i) r += ", " + args[i];
  return r + ")" + std::string(w.substr(b + 1));
}

// sendmsg(MSG[, OP[, STREAM]]) -> the SIMM16 value; -1 when unknown.
long readSendmsg(std::string_view w) {
  size_t a = w.find('('), b = w.rfind(')');
  if (a == std::string_view::npos || b == std::string_view::npos || b < a) return -1;
  std::vector<std::string> args = splitArgs(w.substr(a + 1, b - a - 1));
  long msg = sendmsgCode(args[0], false);
  long op = args.size() > 1 ? sendmsgCode(args[1], true) : 0;
  long stream = 0;
  if (args.size() > 2 && !parseInt(args[2], &stream)) return -1;
  if (msg < 0 || op < 0) return -1;
  return msg | op << 4 | stream << 8;
}

// MTBUF format names (GcnInstrsMtbuf.md / GcnMemHandling.md): data format
// by its component sizes, number format by name.
bool readFormat(std::string_view w, long* dfmt, long* nfmt) {
  size_t a = w.find('['), b = w.rfind(']');
  if (a == std::string_view::npos || b == std::string_view::npos || b < a) return false;
  std::vector<std::string> args = splitArgs(w.substr(a + 1, b - a - 1));
  static const std::map<std::string, long> data = {
      {"invalid", 0}, {"8", 1}, {"16", 2}, {"8_8", 3}, {"32", 4}, {"16_16", 5}, {"10_11_11", 6},
      {"11_11_10", 7}, {"10_10_10_2", 8}, {"2_10_10_10", 9}, {"8_8_8_8", 10}, {"32_32", 11},
      {"16_16_16_16", 12}, {"32_32_32", 13}, {"32_32_32_32", 14}, {"reserved", 15}};
  static const std::map<std::string, long> num = {
      {"unorm", 0}, {"snorm", 1}, {"uscaled", 2}, {"uscale", 2}, {"sscaled", 3}, {"sscale", 3},
      {"uint", 4}, {"sint", 5}, {"snorm_ogl", 6}, {"reserved", 6}, {"float", 7}};
  *dfmt = 1;
  *nfmt = 0;
  // One name: a number format when it is one ('format:[float]').
  if (args.size() == 1 && num.count(lower(args[0])) && !data.count(lower(args[0]))) {
    *nfmt = num.at(lower(args[0]));
    return true;
  }
  if (!args.empty() && !args[0].empty()) {
    auto it = data.find(lower(args[0]));
    if (it == data.end()) return false;
    *dfmt = it->second;
  }
  if (args.size() > 1 && !args[1].empty()) {
    auto it = num.find(lower(args[1]));
    if (it == num.end()) return false;
    *nfmt = it->second;
  }
  return true;
}

// `.L4228_0` -> the SIMM16 that reaches byte 4228 of the batch from the
// 4-byte instruction at `offset`; "" when not a label.
std::string readLabel(std::string_view w, long offset) {
  if (!startsWith(w, ".L")) return "";
  size_t us = w.find('_');
  if (us == std::string_view::npos || us == 2) return "";
  const std::string digits(w.substr(2, us - 2));
  char* end = nullptr;
  // Targets before the batch print as 64-bit wrapped byte numbers.
  const unsigned long long target = std::strtoull(digits.c_str(), &end, 10);
  if (!end || *end) return "";
  const long delta = long(int64_t(target - uint64_t(offset + 4)));
  if (delta % 4) return "";
  return std::to_string(delta / 4);
}

// Constants CLRX names without LLVM's src_ prefix (GcnOperands.md).
std::string readConstant(std::string_view w) {
  static const std::map<std::string, std::string, std::less<>> m = {
      {"shared_base", "src_shared_base"},   {"shared_limit", "src_shared_limit"},
      {"private_base", "src_private_base"}, {"private_limit", "src_private_limit"},
      {"pops_exiting_wave_id", "src_pops_exiting_wave_id"}};
  std::string core(w);
  std::string head, tail;
  if (!core.empty() && core.back() == ',') {
    tail = ",";
    core.pop_back();
  }
  if (!core.empty() && core[0] == '-') {
    head = "-";
    core.erase(0, 1);
  }
  auto it = m.find(lower(core));
  return it == m.end() ? std::string(w) : head + it->second + tail;
}

bool isDppWord(std::string_view w) {
  for (std::string_view p : {"quad_perm:", "row_shl:", "row_shr:", "row_ror:", "wave_shl", "wave_rol",
                             "wave_shr", "wave_ror", "row_mirror", "row_half_mirror", "row_bcast",
                             "bank_mask:", "row_mask:", "bound_ctrl", "dppctrl:"})
    if (startsWith(w, p)) return true;
  return false;
}

bool isSdwaWord(std::string_view w) {
  for (std::string_view p : {"dst_sel:", "dst_unused:", "src0_sel:", "src1_sel:"})
    if (startsWith(w, p)) return true;
  return false;
}

}  // namespace

std::string readClrxText(std::string_view text, long offset) {
  std::vector<std::string> w = words(text);
  if (w.empty()) return std::string(text);
  std::string mn = lower(w[0]);
  if (auto it = clrxNames().find(mn); it != clrxNames().end()) mn = it->second;
  const bool vector = isVector(mn);
  std::string suffix;
  std::vector<std::string> out;
  bool has_addr_mode = false;
  long raw_simm = -1;  // a ':0xNNNN' note: the whole SIMM16
  for (size_t i = 1; i < w.size(); ++i) {
    std::string x = w[i];
    const std::string l = lower(x);
    if (isFieldNote(x)) {
      // A note on a field only VOP3 has: the word is the e64 form even
      // though CLRX printed no 'vop3'.
      for (std::string_view f : {"op_sel=", "vsrc1=", "vsrc2="})
        if (startsWith(l, f) && vector && suffix.empty()) suffix = "_e64";
      continue;
    }
    if (isMissingSourceBit(l)) continue;
    if (l == "vop3") { suffix = "_e64"; continue; }
    if (l == "sdwa") { suffix = "_sdwa"; continue; }
    if (l == "dpp") { suffix = "_dpp"; continue; }
    if (l[0] == ':') {
      long v;
      if (parseInt(l.substr(1), &v)) {
        raw_simm = v;
        continue;
      }
    }
    if (isSdwaWord(l)) {
      suffix = "_sdwa";
      const size_t c = x.find(':');
      x = x.substr(0, c + 1) + sdwaSelect(x.substr(c + 1));
    } else if (isDppWord(l)) {
      suffix = "_dpp";
      if (l == "bound_ctrl") x = "bound_ctrl:1";
      if (l == "row_bcast15" || l == "row_bcast31") x = "row_bcast:" + l.substr(9);
      for (std::string_view wv : {"wave_shl", "wave_rol", "wave_shr", "wave_ror"})
        if (l == wv) x += ":1";
    } else if (startsWith(l, "sext(") || startsWith(l, "-sext(")) {
      suffix = "_sdwa";
    } else if (startsWith(l, "hwreg(")) {
      std::string h = readHwreg(x);
      if (!h.empty()) x = h;
    } else if (startsWith(l, "sendmsg(")) {
      long v = readSendmsg(x);
      if (v >= 0) x = std::to_string(v);
    } else if (startsWith(l, ".l")) {
      std::string s = readLabel(x, offset);
      if (!s.empty()) x = s;
    } else if (startsWith(l, "inst_offset:")) {
      x = "offset:" + x.substr(12);
    } else if (startsWith(l, "format:[")) {
      long d, n;
      if (readFormat(x, &d, &n)) {
        x.clear();
        if (d != 1) x = "dfmt:" + std::to_string(d);
        if (n != 0) x += std::string(x.empty() ? "" : " ") + "nfmt:" + std::to_string(n);
        if (x.empty()) continue;
      }
    } else if ((l == "lds" || l == "lds,") && vector) {
      // GcnOperands.md "LDS direct access": the operand, not MUBUF's modifier.
      x = l == "lds," ? "src_lds_direct," : "src_lds_direct";
    } else {
      x = readConstant(x);
    }
    if (l == "offen" || l == "idxen" || l == "addr64") has_addr_mode = true;
    out.push_back(x);
  }
  // Operands: the comma-ended words and the one after the last of them.
  size_t nops = 0;
  while (nops < out.size() && !out[nops].empty() && out[nops].back() == ',') ++nops;
  if (nops < out.size()) ++nops;
  if (hasRowIn(mn, Enc::EXP) && !out.empty() && out[0].back() == ',') out[0].pop_back();
  if ((hasRowIn(mn, Enc::MUBUF) || hasRowIn(mn, Enc::MTBUF)) && !has_addr_mode && nops == 4 &&
      startsWith(lower(out[1]), "v"))
    out[1] = "off,";
  // Invalid codes: CLRX's ill_N is gcnref's invalid_target_N (export
  // target) and invalid_N its invalid_param_N (interpolation parameter).
  if (hasRowIn(mn, Enc::EXP) && !out.empty() && startsWith(lower(out[0]), "ill_"))
    out[0] = "invalid_target_" + out[0].substr(4);
  if (hasRowIn(mn, Enc::VINTRP))
    for (std::string& o : out)
      if (startsWith(lower(o), "invalid_") && !startsWith(lower(o), "invalid_param_"))
        o = "invalid_param_" + o.substr(8);
  // CLRX's DMASK defaults to 1 (it prints none then), LLVM's to 0.
  if (hasRowIn(mn, Enc::MIMG)) {
    bool dmask = false;
    for (const std::string& o : out) dmask = dmask || startsWith(lower(o), "dmask:");
    if (!dmask) out.push_back("dmask:1");
  }
  // SDWA's DST_UNUSED defaults to PAD in CLRX (GcnSdwaDpp.md), to PRESERVE
  // in LLVM's syntax: CLRX's silence means PAD.
  if (suffix == "_sdwa" && !hasRowIn(mn, Enc::VOPC) && !out.empty()) {
    bool unused = false;
    for (const std::string& o : out) unused = unused || startsWith(lower(o), "dst_unused:");
    if (!unused) out.push_back("dst_unused:UNUSED_PAD");
  }
  // A DPP word whose control is 0 shows only its masks: quad_perm:[0,0,0,0].
  if (suffix == "_dpp") {
    bool control = false;
    for (const std::string& o : out)
      for (std::string_view p : {"quad_perm:", "row_", "wave_", "dppctrl:"})
        if (startsWith(lower(o), p) && !startsWith(lower(o), "row_mask:")) control = true;
    if (!control) out.push_back("quad_perm:[0,0,0,0]");
  }
  if (raw_simm >= 0) {
    // s_waitcnt/s_sendmsg with bits its fields do not cover: the raw value.
    out.assign(1, std::to_string(raw_simm));
  }
  mn += suffix;
  std::string r = mn;
  for (const std::string& o : out) r += " " + o;
  return r;
}

}  // namespace gcn::difftest
