#include "text/syntax.h"

namespace gcn::syntax {

bool isDppCtrlName(std::string_view name) {
  if (name == "quad_perm") return true;
  for (const DppCtrl& c : kDppCtrls)
    if (name == c.name) return true;
  return false;
}

bool isSdwaModifier(std::string_view name) {
  return name == "dst_sel" || name == "dst_unused" || name == "src0_sel" || name == "src1_sel";
}

bool isDppModifier(std::string_view name) {
  return isDppCtrlName(name) || name == "row_mask" || name == "bank_mask" || name == "bound_ctrl";
}

}  // namespace gcn::syntax
