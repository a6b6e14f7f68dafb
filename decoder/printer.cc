// Inst -> LLVM assembler text. Operands are printed from the row's operand
// list; modifiers per encoding family in the order llvm-mc prints them.
#include "decoder/printer.h"

#include <cstdint>

#include "decoder/canon.h"
#include "decoder/print_util.h"

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

namespace {

void printText(const Inst& in, TextOut* out) {
  if (const PrintPlan* plan = printPlan(in)) {  // print_plan.cc
    printWithPlan(*plan, in, out);
    return;
  }
  printGeneral(in, out);
}

}  // namespace

void printInst(const Inst& in, std::string* s) {
  TextOut text(s);
  printText(in, &text);
}

size_t printInst(const Inst& in, char* buf, size_t cap) {
  TextOut text(buf, cap);
  printText(in, &text);
  return text.overflowed() ? SIZE_MAX : text.size();
}

std::string printInst(const Inst& in) {
  std::string s;
  printInst(in, &s);
  return s;
}

}  // namespace gcn
