// Inst -> LLVM assembler text. Operands are printed from the row's operand
// list; modifiers per encoding family in the order llvm-mc prints them.
#include "text/printer.h"

#include <cstdint>
#include <cstring>

#include "decoder/canon.h"
#include "text/print_util.h"

namespace gcn {

const char* formSuffix(const Inst& in) {
  if (isVopEnc(in.desc().enc)) return vopSuffix(in);  // print_modifiers.cc
  switch (in.form) {
    case Form::E32: return "_e32";
    case Form::E64: return "_e64";
    case Form::SDWA: return "_sdwa";
    case Form::DPP: return "_dpp";
    default: return "";
  }
}

void printGeneral(const Inst& in, TextOut* out) {
  // Everything derived on the spot, operand by operand.
  const InstDesc& d = in.desc();
  *out += d.mnemonic;
  *out += formSuffix(in);
  PrintCtx ctx{in, d, out};
  bool first = true;
  for (int i = 0; i < d.num_operands; ++i)
    if (appendOperand(ctx, i, first)) first = false;
  printModifiers(ctx);
}

void printInst(const Inst& in, std::string* s) {
  if (const PrintPlan* plan = printPlan(in)) {  // print_plan.cc
    char buf[kPlanRoom];
    if (char* e = putWithPlan(*plan, in, buf, buf + sizeof buf)) {
      s->append(buf, size_t(e - buf));
      return;
    }
  }
  TextOut text(s);
  printGeneral(in, &text);
}

void printInstWithoutPlans(const Inst& in, std::string* s) {
  TextOut text(s);
  printGeneral(in, &text);
}

size_t printInstSlow(const Inst& in, char* buf, size_t cap) {
  if (cap < kPlanRoom) {
    if (const PrintPlan* plan = printPlan(in)) {
      char tmp[kPlanRoom];
      if (char* e = putWithPlan(*plan, in, tmp, tmp + sizeof tmp)) {
        const size_t n = size_t(e - tmp);
        if (n > cap) return SIZE_MAX;
        std::memcpy(buf, tmp, n);
        return n;
      }
    }
  }
  {
    TextOut text(buf, cap);
    printGeneral(in, &text);
    if (!text.overflowed()) return text.size();
  }
  // The raw writers reserve more room than their text may take: whether
  // the text itself fits, a string tells.
  std::string s;
  {
    TextOut text(&s);  // flushed into s when it goes
    printGeneral(in, &text);
  }
  if (s.size() > cap) return SIZE_MAX;
  std::memcpy(buf, s.data(), s.size());
  return s.size();
}

std::string printInst(const Inst& in) {
  std::string s;
  printInst(in, &s);
  return s;
}

}  // namespace gcn
