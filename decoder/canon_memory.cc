// DS, MUBUF, MTBUF, MIMG, FLAT/GLOBAL/SCRATCH, EXP, VINTRP: what llvm-mc-16
// ignores (cleared, *clean = false) and rejects (return false). Every rule
// was checked against llvm-mc-16 --disassemble on gfx803/gfx900; see
// isa/errata/memory.inc for the rules that differ from the spec.
#include <string>

#include "decoder/canon.h"
#include "decoder/row_info.h"
#include "isa/legality.h"
#include "isa/memory_rules.h"
#include "isa/registers.h"

namespace gcn {
namespace {


struct Canon {
  Inst* in;
  const InstDesc& d;
  bool* clean;

  int32_t& operator[](Fld f) { return (*in)[f]; }
  bool uses(Role r) const { return rowHasRole(d, r); }
  // A field llvm ignores: cleared, the word is not canonical.
  void ignore(Fld f) {
    if ((*in)[f]) {
      *clean = false;
      (*in)[f] = 0;
    }
  }
  // Another view of bits kept elsewhere (DS OFFSET vs OFFSET0/1): dropped
  // without affecting canonicality.
  void drop(Fld f) { (*in)[f] = 0; }
  // The VGPR range of operand role `r` fits in v0..v255.
  bool vgprFits(Role r, Fld f) const {
    for (int i = 0; i < d.num_operands; ++i)
      if (d.operand[i].role == r)
        return vectorTupleFits((*in)[f] & 0xff, operandDwords(*in, d.operand[i]));
    return true;
  }
};

}  // namespace

// Per lane-id bit of the bitmask mode: the bit of lane 0 and of lane 31
// after the and/or/xor decide it: equal -> that constant, else kept ('p')
// or inverted ('i').
char swizzleBitmaskChar(int off, int bit) {
  const int and_m = off & 0x1f, or_m = (off >> 5) & 0x1f, xor_m = (off >> 10) & 0x1f;
  const int p0 = ((or_m ^ xor_m) >> bit) & 1, p1 = (((and_m | or_m) ^ xor_m) >> bit) & 1;
  return p0 == p1 ? char('0' + p0) : (p0 ? 'i' : 'p');
}

int canonicalSwizzleOffset(int off) {
  if (off & 0x8000) return off;
  int and_m = 0, or_m = 0, xor_m = 0;
  for (int b = 0; b < 5; ++b) {
    switch (swizzleBitmaskChar(off, b)) {
      case '1': or_m |= 1 << b; break;
      case 'p': and_m |= 1 << b; break;
      case 'i': and_m |= 1 << b; xor_m |= 1 << b; break;
      default: break;
    }
  }
  return and_m | or_m << 5 | xor_m << 10;
}

namespace {

bool canonDs(Canon& c) {
  const InstDesc& d = c.d;
  if (d.flags & F_DS2) {
    c.drop(Fld::OFFSET);
  } else {
    c.drop(Fld::OFFSET0);
    c.drop(Fld::OFFSET1);
  }
  // llvm's DS encodings fix unused register fields at zero.
  static constexpr struct { Role r; Fld f; } kRegs[] = {
      {Role::vdst, Fld::VDST}, {Role::addr, Fld::ADDR},
      {Role::data0, Fld::DATA0}, {Role::data1, Fld::DATA1}};
  for (auto& rf : kRegs) {
    if (!c.uses(rf.r)) {
      if (c[rf.f]) return false;
    } else if (!c.vgprFits(rf.r, rf.f)) {
      return false;
    }
  }
  // GFX90A+ keep GDS for the ds_gws_* rows only; llvm ignores the bit elsewhere.
  if (isCdna2On(c.in->gen) && !(d.flags & F_GDS_ONLY)) c.ignore(Fld::GDS);
  if ((d.flags & F_GDS_ONLY) && !c[Fld::GDS]) return false;
  if ((d.flags & F_NOGDS) && c[Fld::GDS]) return false;
  if (d.num_operands == 0 && !(d.flags & F_GDS_ONLY) && c[Fld::OFFSET]) return false;  // ds_nop
  if (rowInfo(d).facts & RF_DS_SWIZZLE) {
    const int canon = canonicalSwizzleOffset(c[Fld::OFFSET]);
    if (canon != c[Fld::OFFSET]) {
      c[Fld::OFFSET] = canon;
      *c.clean = false;
    }
  }
  return true;
}

bool canonBuffer(Canon& c) {
  const InstDesc& d = c.d;
  const bool mubuf = d.enc == Enc::MUBUF;
  const bool old = c.in->gen == Gen::GFX6 || c.in->gen == Gen::GFX7;
  if (mubuf && d.num_operands == 0) {  // buffer_wbinvl1*, buffer_wbl2, buffer_inv
    // GFX940's cache-control rows take sc0 and sc1 (GLC, SCC) and ignore nt.
    const bool scope = (d.flags & F_CACHE_CTL) && c.in->gen == Gen::GFX940;
    if ((c[Fld::GLC] && !scope) || c[Fld::OFFEN] || c[Fld::IDXEN] || c[Fld::LDS] || c[Fld::ADDR64])
      return false;
    for (Fld f : {Fld::OFFSET, Fld::SLC, Fld::TFE, Fld::VADDR, Fld::VDATA, Fld::SRSRC,
                  Fld::SOFFSET})
      c.ignore(f);
    return true;
  }
  if (!old) c.ignore(Fld::ADDR64);  // bit 15 is unassigned on GFX8/9
  if (!mubuf || (d.flags & F_ATOMIC)) c.ignore(Fld::TFE);  // errata MTBUF_TFE_IGNORED
  if (d.flags & F_LDS_DIRECT) {
    // Loads to LDS reject tfe; buffer_store_lds_dword ignores it.
    if (c.uses(Role::vaddr) && c[Fld::TFE]) return false;
    c.ignore(Fld::TFE);
    c.ignore(Fld::VDATA);
  }
  if (!c.uses(Role::vaddr)) {  // buffer_store_lds_dword
    if (c[Fld::OFFEN] || c[Fld::IDXEN] || c[Fld::ADDR64]) return false;
  }
  if (!memoryVaddrPresent(*c.in) || !c.uses(Role::vaddr)) c.ignore(Fld::VADDR);
  if (!c.vgprFits(Role::vdata, Fld::VDATA) || !c.vgprFits(Role::vaddr, Fld::VADDR))
    return false;
  if (!memorySregTupleValid(c.in->gen, c[Fld::SRSRC], 4)) return false;
  if (!memorySoffsetValid(c.in->gen, c[Fld::SOFFSET])) return false;
  // Decoded like llvm, but not an assembler's output: strict mode rejects.
  if (!memoryAssemblerRule(*c.in).empty()) *c.clean = false;
  return true;
}

bool canonMimg(Canon& c) {
  const InstDesc& d = c.d;
  if (c[Fld::OFFSET]) return false;  // bits 0-7 (see mimg.inc)
  if (!c.uses(Role::ssamp) && c[Fld::SSAMP]) return false;
  if ((d.flags & F_NO_D16) && c[Fld::D16]) return false;
  // llvm first decodes vdata at the row's default width, then resizes it.
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::vdata &&
        !vectorTupleFits(c[Fld::VDATA], typeDwords(d.operand[i].type)))
      return false;
  if (!c.vgprFits(Role::vdata, Fld::VDATA) || !c.vgprFits(Role::vaddr, Fld::VADDR))
    return false;
  if (!memorySregTupleValid(c.in->gen, c[Fld::SRSRC], 8)) return false;
  if (c.uses(Role::ssamp) && !memorySregTupleValid(c.in->gen, c[Fld::SSAMP], 4))
    return false;
  if (!memoryAssemblerRule(*c.in).empty()) *c.clean = false;  // as in canonBuffer
  return true;
}

bool canonFlat(Canon& c) {
  const InstDesc& d = c.d;
  const Gen g = c.in->gen;
  // Bit 55 (TFE/NV) is ignored, except that llvm rejects it in lds forms.
  if ((d.flags & F_LDS_DIRECT) && (c[Fld::TFE] || c[Fld::NV])) return false;
  c.ignore(Fld::TFE);  // errata FLAT_TFE_NV_UNSUPPORTED
  c.ignore(Fld::NV);
  const bool global = d.flags & F_GLOBAL, scratch = d.flags & F_SCRATCH;
  // Row selection already matched SEG and LDS (isa/index.cc).
  if (!global && !scratch) {
    if (c[Fld::SADDR] || c[Fld::LDS]) return false;  // errata FLAT_SADDR_FLAT_SEG
    if (g < Gen::GFX9 && c[Fld::OFFSET]) *c.clean = false;  // FLAT_GFX8_OFFSET_DECODED
  }
  if (!c.uses(Role::vdst)) c.ignore(Fld::VDST);
  if (!c.uses(Role::vdata)) c.ignore(Fld::VDATA);
  if (!memoryVdstPresent(*c.in)) c.ignore(Fld::VDST);  // no return value
  if (global && memorySaddrPresent(*c.in)) {
    const int s = globalSaddrCode(g, c[Fld::SADDR]);
    if (s < 0) return false;
    if (s != c[Fld::SADDR]) {
      *c.clean = false;
      c[Fld::SADDR] = s;
    }
  }
  if (!scratch && c[Fld::SVE]) return false;  // GFX940: bit 13 is SCRATCH's alone
  if (scratch && memorySaddrPresent(*c.in)) {
    if (!scratchSaddrValid(g, c[Fld::SADDR])) return false;
  }
  if (scratch && !memoryVaddrPresent(*c.in)) c.ignore(Fld::VADDR);
  if (!c.vgprFits(Role::vdst, Fld::VDST) || !c.vgprFits(Role::vdata, Fld::VDATA) ||
      (memoryVaddrPresent(*c.in) && !c.vgprFits(Role::vaddr, Fld::VADDR)))
    return false;
  if (!memoryAssemblerRule(*c.in).empty()) *c.clean = false;  // as in canonBuffer
  return true;
}

bool canonExp(Canon& c) {
  const int en = c[Fld::EN];
  static constexpr Fld kSrc[] = {Fld::VSRC0, Fld::VSRC1, Fld::VSRC2, Fld::VSRC3};
  if (c[Fld::COMPR]) {
    // Slots 0,1 print VSRC0 and slots 2,3 VSRC1 (errata EXP_COMPR_SLOTS).
    if (!(en & 3)) c.ignore(Fld::VSRC0);
    if (!(en & 12)) c.ignore(Fld::VSRC1);
    c.ignore(Fld::VSRC2);
    c.ignore(Fld::VSRC3);
  } else {
    for (int i = 0; i < 4; ++i)
      if (!((en >> i) & 1)) c.ignore(kSrc[i]);
  }
  return true;
}

}  // namespace

bool canonicalizeMemory(Inst* in, const InstDesc& d, bool* clean) {
  Canon c{in, d, clean};
  // GFX90A+: an ACC bit only where the row has data operands.
  if (isCdna2On(in->gen) && !vectorFileRule(*in).empty()) return false;
  switch (d.enc) {
    case Enc::DS: return canonDs(c);
    case Enc::MUBUF: case Enc::MTBUF: return canonBuffer(c);
    case Enc::MIMG: return canonMimg(c);
    case Enc::FLAT: return canonFlat(c);
    case Enc::EXP: return canonExp(c);
    case Enc::VINTRP:
      // llvm-mc prints the GFX8/9 VINTRP encoding with "_e32" (the VOP3
      // form is "_e64"); GFX6/7 have no suffix.
      if (in->gen == Gen::GFX8 || in->gen >= Gen::GFX9) in->form = Form::E32;
      return true;
    default:
      return true;
  }
}

}  // namespace gcn
