// putMods' body (the trailing modifiers' text by a ModPlan) for inlining:
// print_plan.cc runs it for most instructions, and the call cost more than
// some of the kinds' text. print_modifiers.cc's putMods is the same code.
#pragma once

#include <array>
#include <cstring>

#include "text/print_util.h"
#include "text/syntax.h"

namespace gcn {
namespace print_mods {

// " name:[b0,b1,...]" of n bits (rare: out of line).
__attribute__((noinline)) inline char* putBitList(char* p, const char* name, int bits, int n) {
  *p++ = ' ';
  const size_t len = std::strlen(name);
  std::memcpy(p, name, len);
  p += len;
  *p++ = ':';
  *p++ = '[';
  for (int i = 0; i < n; ++i) {
    if (i) *p++ = ',';
    *p++ = char('0' + ((bits >> i) & 1));
  }
  *p++ = ']';
  return p;
}

inline char* putPad(char* p, const PadText& t) {
  std::memcpy(p, t.s, sizeof t.s);
  return p + t.n;
}

inline constexpr PadText kOmod[] = {padText(""), padText(" mul:2"), padText(" mul:4"),
                             padText(" div:2")};
inline constexpr PadText kClamp = padText(" clamp");
// prefix + name, built at compile time from the names in text/syntax.h.
template <size_t N>
constexpr PadText padJoin(const char (&prefix)[N], const char* name) {
  PadText p{};
  size_t n = 0;
  for (size_t i = 0; i + 1 < N; ++i) p.s[n++] = prefix[i];
  for (; *name; ++name) p.s[n++] = *name;
  p.n = uint8_t(n);
  return p;
}
// The values a field's bits can hold: the syntax's names, then INVALID.
template <size_t N, size_t K>
constexpr std::array<PadText, K + 1> namedValues(const char (&prefix)[N],
                                                 const char* const (&names)[K]) {
  std::array<PadText, K + 1> a{};
  for (size_t i = 0; i < K; ++i) a[i] = padJoin(prefix, names[i]);
  a[K] = padJoin(prefix, "INVALID");
  return a;
}
inline constexpr auto kDstSel = namedValues(" dst_sel:", syntax::kSdwaSel);
inline constexpr auto kSrc0Sel = namedValues(" src0_sel:", syntax::kSdwaSel);
inline constexpr auto kSrc1Sel = namedValues(" src1_sel:", syntax::kSdwaSel);
inline constexpr auto kDstUnused = namedValues(" dst_unused:", syntax::kDstUnused);
#define GCN_HEX16(P)                                                                          \
  { padText(P "0x0"), padText(P "0x1"), padText(P "0x2"), padText(P "0x3"), padText(P "0x4"), \
    padText(P "0x5"), padText(P "0x6"), padText(P "0x7"), padText(P "0x8"), padText(P "0x9"), \
    padText(P "0xa"), padText(P "0xb"), padText(P "0xc"), padText(P "0xd"), padText(P "0xe"), \
    padText(P "0xf") }
inline constexpr PadText kRowMask[] = GCN_HEX16(" row_mask:");
inline constexpr PadText kBankMask[] = GCN_HEX16(" bank_mask:");
#undef GCN_HEX16

inline char* putOmod(char* p, int omod) {
  return omod >= 1 && omod <= 3 ? putPad(p, kOmod[omod]) : p;
}

// A 4-bit mask field; other values only in an Inst put together by hand.
template <size_t N>
inline char* putMask(char* p, const PadText* table, const char (&name)[N], int v) {
  if (unsigned(v) < 16) return putPad(p, table[v]);
  return putHex(putLit(p, name), uint32_t(v));
}

// Out of line: called for DPP words only.
__attribute__((noinline)) inline char* putDppCtrl(char* p, int ctrl) {
  if (ctrl <= 0xff) {  // (negative only in a hand-made Inst: its low 8 bits)
    char q[] = " quad_perm:[0,0,0,0]";
    q[12] = char('0' + (ctrl & 3));
    q[14] = char('0' + ((ctrl >> 2) & 3));
    q[16] = char('0' + ((ctrl >> 4) & 3));
    q[18] = char('0' + ((ctrl >> 6) & 3));
    std::memcpy(p, q, sizeof q - 1);
    return p + sizeof q - 1;
  }
  int arg;
  const syntax::DppCtrl* c = syntax::dppCtrlOfCode(ctrl, &arg);
  // Not decodable (DPP_INVALID_CTRL): llvm-mc prints this comment.
  if (!c) return putLit(p, " /* Invalid dpp_ctrl value */");
  *p++ = ' ';
  const size_t len = std::strlen(c->name);
  std::memcpy(p, c->name, len);
  p += len;
  if (arg < 0) return p;
  *p++ = ':';
  return putDec(p, arg);
}

inline char* putListSteps(const ModPlan& m, const Inst& in, char* p) {
  for (int i = 0; i < m.n; ++i) {
    const ModStep& s = m.step[i];
    int v = in[s.f];
    if (s.kind == ModStep::FLAG) {
      if (v) {
        std::memcpy(p, s.text, sizeof s.text);
        p += s.n;
      }
      continue;
    }
    switch (s.kind) {
      case ModStep::FLAG:
        break;
      case ModStep::FLAT_S13:
        if (v & 0x1000) v -= 0x2000;
        [[fallthrough]];
      case ModStep::DEC:
        if (v) {
          std::memcpy(p, s.text, sizeof s.text);
          p = putDec64(p + s.n, v);
        }
        break;
      case ModStep::HEX:
        if (v) {
          std::memcpy(p, s.text, sizeof s.text);
          p = putHex(p + s.n, uint32_t(v));
        }
        break;
      case ModStep::SWIZZLE:
        if (v) p = putSwizzle(p, v);
        break;
      case ModStep::MTBUF_FORMAT:
        p = putMtbufFormat(p, v, in[Fld::NFMT]);
        break;
    }
  }
  return p;
}

__attribute__((always_inline)) inline char* putModsInline(const ModPlan& m, const Inst& in,
                                                          char* p) {
  switch (m.kind) {
    case ModPlan::NONE:
      return p;
    case ModPlan::LIST:
      return putListSteps(m, in, p);
    case ModPlan::VOP3P: {
      const int n = m.nsrc;
      const int present = (1 << n) - 1;
      if (m.mix) {
        // Mix ops: NEG/NEG_HI print as -v / |v| with the operands.
        if (in[Fld::OP_SEL]) p = putBitList(p, "op_sel", in[Fld::OP_SEL], 3);
        if (in[Fld::OP_SEL_HI] & 7) p = putBitList(p, "op_sel_hi", in[Fld::OP_SEL_HI], 3);
      } else {
        if (in[Fld::OP_SEL] & present) p = putBitList(p, "op_sel", in[Fld::OP_SEL], n);
        if ((in[Fld::OP_SEL_HI] & present) != present)
          p = putBitList(p, "op_sel_hi", in[Fld::OP_SEL_HI], n);
        if (in[Fld::NEG] & present) p = putBitList(p, "neg_lo", in[Fld::NEG], n);
        if (in[Fld::NEG_HI] & present) p = putBitList(p, "neg_hi", in[Fld::NEG_HI], n);
      }
      if (in[Fld::CLAMP]) p = putPad(p, kClamp);
      return p;
    }
    case ModPlan::MAI:
      for (const syntax::MaiMod& x : syntax::kMaiMods) {
        if (!in[x.fld]) continue;
        if (x.fld == Fld::BLGP && m.mfma_neg) {
          p = putBitList(p, "neg", in[x.fld], 3);
          continue;
        }
        *p++ = ' ';
        const size_t len = std::strlen(x.name);
        std::memcpy(p, x.name, len);
        p += len;
        *p++ = ':';
        p = putDec(p, in[x.fld]);
      }
      return p;
    case ModPlan::VOP3:
      if (m.interp && (in[Fld::SRC0] & 0x100)) p = putLit(p, " high");
      if (m.op_sel && in[Fld::OP_SEL]) {
        // [src0, src1, (src2,) dst]: dst is always op_sel bit 3.
        const int n = m.nsrc;
        const int v = in[Fld::OP_SEL];
        const int bits = (v & ((1 << n) - 1)) | (((v >> 3) & 1) << n);
        p = putBitList(p, "op_sel", bits, n + 1);
      }
      if (in[Fld::CLAMP]) p = putPad(p, kClamp);
      return putOmod(p, in[Fld::OMOD]);
    case ModPlan::SDWA:
      if (in[Fld::CLAMP]) p = putPad(p, kClamp);
      if (m.omod) p = putOmod(p, in[Fld::OMOD]);
      if (m.dst) {
        p = putPad(p, kDstSel[in[Fld::DST_SEL] & 7]);
        p = putPad(p, kDstUnused[in[Fld::DST_UNUSED] & 3]);
      }
      p = putPad(p, kSrc0Sel[in[Fld::SRC0_SEL] & 7]);
      if (m.src1) p = putPad(p, kSrc1Sel[in[Fld::SRC1_SEL] & 7]);
      return p;
    case ModPlan::DPP:
      p = putDppCtrl(p, in[Fld::DPP_CTRL]);
      p = putMask(p, kRowMask, " row_mask:", in[Fld::ROW_MASK]);
      p = putMask(p, kBankMask, " bank_mask:", in[Fld::BANK_MASK]);
      if (in[Fld::BOUND_CTRL]) p = putLit(p, " bound_ctrl:1");
      return p;
  }
  return p;
}


}  // namespace print_mods

using print_mods::putModsInline;

}  // namespace gcn
