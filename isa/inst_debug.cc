#include <cstdio>

#include "isa/inst.h"

namespace gcn {

std::string_view formName(Form f) {
  static constexpr std::string_view k[] = {"native", "e32", "e64", "sdwa", "dpp"};
  return k[int(f)];
}

std::string debugString(const Inst& in) {
  std::string s = std::string(in.desc().mnemonic) + " [" +
                  std::string(encName(in.enc)) + "/" +
                  std::string(formName(in.form)) + " " +
                  std::string(genName(in.gen)) + " size=" +
                  std::to_string(in.size) + "]";
  for (int i = 0; i < kNumStoredFlds; ++i)
    if (in.f[size_t(i)]) s += " " + std::string(fldName(Fld(i))) + "=" + std::to_string(in.f[size_t(i)]);
  if (in.has_literal) {
    char buf[24];
    std::snprintf(buf, sizeof buf, " lit=0x%x", in.literal);
    s += buf;
  }
  return s;
}

}  // namespace gcn
