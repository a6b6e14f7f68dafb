// VALU half-precision multiply-add: mad (product rounded) and fma (one
// rounding), mac (accumulating into VDST), madmk/madak (a literal K).
// Operation text from GcnInstrsVop2/3.md; the f16 rounding and denormal
// rules live in fp.h / valu_fp.h.
#include "semantics/defs/vector_ctx.h"

namespace gcn::sem {

// VDST = SRC0 * SRC1 + SRC2
GCN_VALU(v_mad_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_fma_f16) { d.setF16(hfma(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
// GFX9 copies of the GFX8 opcodes (no op_sel: the result zero-extends).
GCN_VALU(v_mad_legacy_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
GCN_VALU(v_fma_legacy_f16) { d.setF16(hfma(d.mode(), d.f16(0), d.f16(1), d.f16(2))); }
// VDST = SRC0 * SRC1 + VDST
GCN_VALU(v_mac_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.dstOld32() & 0xffffu)); }
// VDST = SRC0 * K + SRC1 (madmk) ; VDST = SRC0 * SRC1 + K (madak)
GCN_VALU(v_madmk_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.literalK() & 0xffffu, d.f16(1))); }
GCN_VALU(v_madak_f16) { d.setF16(hmad(d.mode(), d.f16(0), d.f16(1), d.literalK() & 0xffffu)); }

}  // namespace gcn::sem
