// Structured SOPP/SOPK immediates: s_waitcnt counters, s_sendmsg messages,
// s_getreg/s_setreg hardware-register descriptors.
#include <cstdio>

#include "text/print_util.h"
#include "isa/special_imm.h"

namespace gcn {

void appendWaitcnt(Gen g, uint32_t imm, TextOut* out) {
  WaitcntFields w = decodeWaitcnt(g, imm);
  WaitcntFields m = waitcntMax(g);
  bool all_default = w.vm == m.vm && w.exp == m.exp && w.lgkm == m.lgkm;
  bool need_space = false;
  auto field = [&](const char* name, unsigned v, bool print) {
    if (!print) return;
    if (need_space) *out += ' ';
    *out += name;
    *out += '(';
    appendDec(v, out);
    *out += ')';
    need_space = true;
  };
  field("vmcnt", w.vm, w.vm != m.vm || all_default);
  field("expcnt", w.exp, w.exp != m.exp || all_default);
  field("lgkmcnt", w.lgkm, w.lgkm != m.lgkm || all_default);
}

void appendSendmsg(Gen g, uint32_t imm, TextOut* out) {
  std::string s;
  if (formatSendmsg(g, imm, &s)) {
    *out += s;
  } else {
    appendDec(imm, out);
  }
}

void appendHwreg(Gen g, uint32_t imm, TextOut* out) {
  *out += formatHwreg(g, imm);
}

}  // namespace gcn
