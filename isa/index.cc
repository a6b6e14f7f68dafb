#include "isa/index.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "isa/inst.h"

namespace gcn {
namespace {


GenIndex* build(Gen g) {
  auto* gi = new GenIndex();
  gi->gen = g;
  const GenMask gb = genBit(g);
  for (auto* e = encodingsBegin(); e != encodingsEnd(); ++e) {
    if (!(e->gens & gb)) continue;
    EncIndex& ei = gi->enc[int(e->enc)];
    ei.present = true;
    ei.dwords = e->dwords;
    ei.match_mask = e->match_mask;
    ei.match_value = e->match_value;
  }
  for (auto* f = fieldLayoutsBegin(); f != fieldLayoutsEnd(); ++f) {
    if (!(f->gens & gb)) continue;
    EncIndex& ei = gi->enc[int(f->enc)];
    ei.fields.push_back({f->fld, f->lo, f->width, f->xform});
    if (f->fld == Fld::OP) {
      ei.op_lo = f->lo;
      ei.op_width = f->width;
    }
  }
  for (int e = 0; e < kNumEncs; ++e) {
    EncIndex& ei = gi->enc[e];
    for (const FieldSlot& s : ei.fields) {
      FieldOp o{s.width >= 64 ? ~0ull : ((1ull << s.width) - 1), s.lo, s.fld, s.xform, 0};
      if (s.xform == Xform::SEXT) o.shift = uint8_t(s.width - 1);
      if (s.xform == Xform::HI) {
        unsigned low = 0;  // sum of earlier non-HI slots of the same field
        for (const FieldSlot& p : ei.fields) {
          if (&p == &s) break;
          if (p.fld == s.fld && p.xform != Xform::HI) low += p.width;
        }
        o.shift = uint8_t(low);
      }
      if (s.fld == Fld::SEG || s.fld == Fld::LDS) ei.selectors.push_back(s);
      if (s.fld == Fld::RESERVED) ei.reserved_mask |= o.mask << o.lo;
      // The decoder writes stored fields only; SEG is tested by row
      // selection, RESERVED by reserved_mask.
      if (isStoredFld(s.fld)) ei.ops.push_back(o);
    }
    ei.split_ok = true;
    for (size_t i = 0; i < ei.ops.size(); ++i) {
      const FieldOp& o = ei.ops[i];
      const bool lin = o.xform == Xform::NONE || o.xform == Xform::VGPR ||
                       o.xform == Xform::X2 || o.xform == Xform::X4;
      if (lin) {
        uint8_t shift = o.xform == Xform::X2 ? 1 : o.xform == Xform::X4 ? 2 : 0;
        ei.lin.push_back({o.mask, o.lo, o.fld, shift, uint16_t(o.xform == Xform::VGPR ? 256 : 0)});
        continue;
      }
      ei.rest.push_back(o);
      Fld target = o.xform == Xform::S0 ? Fld::SRC0 : o.xform == Xform::S1 ? Fld::SRC1 : o.fld;
      for (size_t j = i + 1; j < ei.ops.size(); ++j) {
        const FieldOp& l = ei.ops[j];
        bool later_lin = l.xform == Xform::NONE || l.xform == Xform::VGPR ||
                         l.xform == Xform::X2 || l.xform == Xform::X4;
        if (later_lin && l.fld == target) ei.split_ok = false;
      }
    }
  }
  // Prefix dispatch: the match with the most mask bits wins. SDWA/DPP are
  // extension dwords, VOP3B and VOP3P_MAI share VOP3's and VOP3P's
  // prefixes; none takes part.
  int best_bits[512];
  for (int p = 0; p < 512; ++p) {
    gi->enc_by_prefix[p] = -1;
    best_bits[p] = -1;
  }
  for (int e = 0; e < kNumEncs; ++e) {
    const EncIndex& ei = gi->enc[e];
    if (!ei.present || Enc(e) == Enc::SDWA || Enc(e) == Enc::DPP ||
        sharesOpcodeSpace(Enc(e)) || ei.match_mask == 0)
      continue;
    if (ei.match_mask & 0x007FFFFFu) {
      std::fprintf(stderr, "gcnref: %s match mask uses bits below 23\n",
                   std::string(encName(Enc(e))).c_str());
      std::abort();
    }
    int bits = __builtin_popcount(ei.match_mask);
    for (uint32_t p = 0; p < 512; ++p) {
      uint32_t w = p << 23;
      if ((w & ei.match_mask) == ei.match_value && bits > best_bits[p]) {
        best_bits[p] = bits;
        gi->enc_by_prefix[p] = int8_t(e);
      }
    }
  }
  for (int e = 0; e < kNumEncs; ++e) {
    EncIndex& ei = gi->enc[e];
    if (ei.present) ei.rows.assign(size_t(1) << ei.op_width, -1);  // EXP: no OP field
  }
  // VOP3B and VOP3P_MAI rows decode through VOP3's and VOP3P's opcode spaces.
  EncIndex& vop3 = gi->enc[int(Enc::VOP3)];
  for (int id = 0; id < numInsts(); ++id) {
    const InstDesc& d = instDesc(id);
    if (!d.exists(g)) continue;
    Enc space = opcodeSpace(d.enc);
    auto place = [&](EncIndex& ei, int op) {
      if (op < 0 || size_t(op) >= ei.rows.size()) {
        std::fprintf(stderr, "gcnref: row %s: opcode %d outside %s space on %s\n",
                     std::string(d.mnemonic).c_str(), op,
                     std::string(encName(space)).c_str(),
                     std::string(genName(g)).c_str());
        std::abort();
      }
      int16_t& slot = ei.rows[size_t(op)];
      if (slot < 0) {
        slot = int16_t(id);
      } else {
        if (ei.alternatives.empty()) ei.alternatives.resize(ei.rows.size());
        auto& alt = ei.alternatives[size_t(op)];
        if (alt.empty()) alt.push_back(slot);
        alt.push_back(int16_t(id));
      }
    };
    EncIndex& ei = gi->enc[int(space)];
    if (!ei.present) continue;
    place(ei, d.op[int(g)]);
    if (isVopShort(d.enc) && !(d.flags & F_NO_E64) && vop3.present)
      place(vop3, e64Opcode(d, g));
  }
  return gi;
}

}  // namespace

namespace {
// Each generation's index is built on its first use: a run works on one.
template <Gen G>
const GenIndex& genIndexOf() {
  static const GenIndex* const idx = build(G);
  return *idx;
}
}  // namespace

const GenIndex& genIndex(Gen g) {
  switch (g) {
    case Gen::GFX6: return genIndexOf<Gen::GFX6>();
    case Gen::GFX7: return genIndexOf<Gen::GFX7>();
    case Gen::GFX8: return genIndexOf<Gen::GFX8>();
    case Gen::GFX9: return genIndexOf<Gen::GFX9>();
    case Gen::GFX90A: return genIndexOf<Gen::GFX90A>();
    default: return genIndexOf<Gen::GFX940>();
  }
}

bool layoutHasField(Gen g, Enc e, Fld f) {
  for (const FieldSlot& s : genIndex(g).enc[int(e)].fields)
    if (s.fld == f) return true;
  return false;
}

int selectorValue(const InstDesc& d, Fld f) {
  if (f == Fld::SEG && d.enc == Enc::FLAT)
    return (d.flags & F_GLOBAL) ? 2 : (d.flags & F_SCRATCH) ? 1 : 0;
  if (f == Fld::LDS && (d.enc == Enc::MUBUF || d.enc == Enc::FLAT))
    return (d.flags & F_LDS_DIRECT) ? 1 : 0;
  return -1;
}

int32_t fieldValue(const Inst& in, Fld f) {
  if (isStoredFld(f)) return in[f];
  return f == Fld::SEG ? std::max(0, selectorValue(in.desc(), f)) : 0;
}

bool rowSelectorMatches(const InstDesc& d, const EncIndex& ei, uint64_t word) {
  for (const FieldSlot& s : ei.selectors) {
    const int want = selectorValue(d, s.fld);
    if (want >= 0 && extractBits(word, s.lo, s.width) != uint64_t(want)) return false;
  }
  return true;
}

int e64Opcode(const InstDesc& d, Gen g) {
  int op = d.op[int(g)];
  if (op < 0) return -1;
  bool old = g == Gen::GFX6 || g == Gen::GFX7;
  switch (d.enc) {
    case Enc::VOPC: return op;
    case Enc::VOP2: return 0x100 + op;
    case Enc::VOP1: return (old ? 0x180 : 0x140) + op;
    default: return op;
  }
}

int opcodeIn(const InstDesc& d, Gen g, Enc e) {
  if (d.op[int(g)] < 0) return -1;
  if (e == Enc::VOP3 && isVopShort(d.enc)) return e64Opcode(d, g);
  return d.op[int(g)];
}

}  // namespace gcn
