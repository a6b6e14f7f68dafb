// Inst -> LLVM assembler text. Operands are printed from the row's operand
// list; modifiers per encoding family in the order llvm-mc prints them.
#include "decoder/printer.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

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

// Mnemonic plus form suffix ("v_add_f32_e64") for every (row, form, GFX8 or
// not), the only things suffix() depends on, built once from the tables:
// the hot path then copies one string instead of re-deriving the suffix
// from the row's facts for every instruction.
class HeadTable {
 public:
  HeadTable() {
    constexpr int kForms = int(Form::DPP) + 1;
    const int n = n_ = numInsts();
    std::vector<std::pair<uint32_t, uint32_t>> at(size_t(n) * kForms * 2);
    for (int id = 0; id < n; ++id)
      for (int f = 0; f < kForms; ++f)
        for (int g8 = 0; g8 < 2; ++g8) {
          Inst in;
          in.id = uint16_t(id);
          in.form = Form(f);
          in.gen = g8 ? Gen::GFX8 : Gen::GFX9;
          in.enc = instDesc(id).enc;
          std::string head(instDesc(id).mnemonic);
          head += suffix(in);
          at[index(id, Form(f), g8)] = {uint32_t(pool_.size()), uint32_t(head.size())};
          pool_ += head;
        }
    heads_.reserve(at.size());
    for (auto [off, len] : at) heads_.emplace_back(pool_.data() + off, len);
  }
  std::string_view operator()(const Inst& in) const {
    size_t i = index(in.id, in.form, in.gen == Gen::GFX8);
    if (in.id < n_ && uint8_t(in.form) <= uint8_t(Form::DPP))
      return heads_[i];
    return {};  // not a table row: caller falls back
  }

 private:
  static size_t index(int id, Form f, bool g8) {
    return (size_t(id) * (size_t(Form::DPP) + 1) + size_t(f)) * 2 + (g8 ? 1 : 0);
  }
  int n_ = 0;
  std::string pool_;
  std::vector<std::string_view> heads_;
};

const HeadTable& headTable() {
  static const HeadTable t;
  return t;
}

}  // namespace

void printInst(const Inst& in, std::string* s) {
  TextOut text(s);
  TextOut* out = &text;
  const InstDesc& d = in.desc();
  std::string_view head = headTable()(in);
  if (!head.empty()) {
    *out += head;
  } else {
    *out += d.mnemonic;
    *out += suffix(in);
  }
  PrintCtx ctx{in, d, out};
  bool first = true;
  for (int i = 0; i < d.num_operands; ++i) {
    size_t mark = out->size();
    if (first) *out += ' ';
    else out->append(", ", 2);
    if (!printOperand(ctx, i)) {
      out->truncate(mark);  // operand absent in this form (e.g. GFX9 SDWA VOPC)
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
