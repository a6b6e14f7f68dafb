// Inst -> LLVM assembler text. Operands are printed from the row's operand
// list; modifiers per encoding family in the order llvm-mc prints them.
#include "decoder/printer.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "decoder/canon.h"
#include "decoder/print_util.h"
#include "isa/registers.h"

namespace gcn {
namespace {


const char* suffix(const Inst& in) {
  if (isVopEnc(in.desc().enc)) return vopSuffix(in);  // print_modifiers.cc
  switch (in.form) {
    case Form::E32: return "_e32";
    case Form::E64: return "_e64";
    case Form::SDWA: return "_sdwa";
    case Form::DPP: return "_dpp";
    default: return "";
  }
}

}  // namespace

void printInst(const Inst& in, std::string* out) {
  const InstDesc& d = in.desc();
  *out += d.mnemonic;
  *out += suffix(in);
  PrintCtx ctx{in, d, out};
  bool first = true;
  for (int i = 0; i < d.num_operands; ++i) {
    size_t mark = out->size();
    *out += first ? " " : ", ";
    if (!printOperand(ctx, i)) {
      out->resize(mark);  // operand absent in this form (e.g. GFX9 SDWA VOPC)
      continue;
    }
    first = false;
  }
  printModifiers(ctx);
}

std::string printInst(const Inst& in) {
  std::string s;
  printInst(in, &s);
  return s;
}

}  // namespace gcn
