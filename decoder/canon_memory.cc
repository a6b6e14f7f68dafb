// DS, MUBUF, MTBUF, MIMG, FLAT/GLOBAL/SCRATCH, EXP, VINTRP.
#include "decoder/canon.h"

namespace gcn {

bool canonicalizeMemory(Inst* in, const InstDesc& d, bool* clean) {
  (void)in; (void)d; (void)clean;
  return true;
}

}  // namespace gcn
