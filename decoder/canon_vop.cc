// VOP1/VOP2/VOPC (all forms), VOP3, VOP3B, VOP3P.
#include "decoder/canon.h"

namespace gcn {

bool canonicalizeVop(Inst* in, const InstDesc& d, bool* clean) {
  (void)in; (void)d; (void)clean;
  return true;
}

}  // namespace gcn
