// The names of LLVM's assembler syntax that the printer writes and the
// parser reads: SDWA selects, DPP controls, and which trailing modifiers ask
// for the SDWA or DPP form. Both sides read them from here.
#pragma once

#include <string_view>

#include "isa/encoding.h"

namespace gcn::syntax {

// The MFMA (VOP3P_MAI) modifiers in llvm-mc's order, which its parser
// requires; each is printed when not 0. max: the largest value its field
// holds.
struct MaiMod {
  const char* name;
  Fld fld;
  int max;
};
inline constexpr MaiMod kMaiMods[] = {
    {"cbsz", Fld::CBSZ, 7}, {"abid", Fld::ABID, 15}, {"blgp", Fld::BLGP, 7}};

// The cache-policy bits of the vector memory encodings: GFX940 spells GLC,
// SLC and SCC as sc0, nt and sc1 (llvm-mc-19 refuses the older names
// there); scalar memory keeps glc.
inline std::string_view cacheBitName(Gen g, Enc e, Fld f) {
  const bool cdna3 = g == Gen::GFX940 && e != Enc::SMEM;
  switch (f) {
    case Fld::GLC: return cdna3 ? "sc0" : "glc";
    case Fld::SLC: return cdna3 ? "nt" : "slc";
    case Fld::SCC: return cdna3 ? "sc1" : "scc";
    default: return {};
  }
}

// The cache bit a modifier word names on (g, e), or Fld::kCount.
inline Fld cacheBitNamed(Gen g, Enc e, std::string_view w) {
  for (Fld f : {Fld::GLC, Fld::SLC, Fld::SCC})
    if (w == cacheBitName(g, e, f)) return f;
  return Fld::kCount;
}

// SDWA dst_sel/src0_sel/src1_sel values 0..6 and dst_unused values 0..2.
inline constexpr const char* kSdwaSel[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                           "WORD_0", "WORD_1", "DWORD"};
inline constexpr int kNumSdwaSel = 7;
inline constexpr const char* kDstUnused[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};
inline constexpr int kNumDstUnused = 3;

// A DPP control other than quad_perm:[a,b,c,d] (DPP_CTRL 0x00..0xff): the
// codes first..first + (arg_max - arg_min) are `name:arg` for arg_min..arg_max,
// or the bare flag `name` when arg_min < 0.
struct DppCtrl {
  const char* name;
  int first;
  int arg_min, arg_max;
};
inline constexpr DppCtrl kDppCtrls[] = {
    {"row_shl", 0x101, 1, 15},    {"row_shr", 0x111, 1, 15},  {"row_ror", 0x121, 1, 15},
    {"wave_shl", 0x130, 1, 1},    {"wave_rol", 0x134, 1, 1},  {"wave_shr", 0x138, 1, 1},
    {"wave_ror", 0x13c, 1, 1},    {"row_mirror", 0x140, -1, -1},
    {"row_half_mirror", 0x141, -1, -1},
    {"row_bcast", 0x142, 15, 15}, {"row_bcast", 0x143, 31, 31},
    {"row_newbcast", 0x150, 0, 15},  // GFX90A on (isa/legality.h dppControlRule)
};

// The entry of control code `ctrl` (0x100 and up) and its argument, or null.
inline const DppCtrl* dppCtrlOfCode(int ctrl, int* arg) {
  for (const DppCtrl& c : kDppCtrls) {
    const int span = c.arg_min < 0 ? 0 : c.arg_max - c.arg_min;
    if (ctrl >= c.first && ctrl <= c.first + span) {
      *arg = c.arg_min < 0 ? -1 : c.arg_min + (ctrl - c.first);
      return &c;
    }
  }
  return nullptr;
}

// Whether `name` is a DPP control (any entry of kDppCtrls, or quad_perm).
bool isDppCtrlName(std::string_view name);
// Trailing modifiers that exist only in the SDWA form / only in the DPP form.
bool isSdwaModifier(std::string_view name);
bool isDppModifier(std::string_view name);

}  // namespace gcn::syntax
