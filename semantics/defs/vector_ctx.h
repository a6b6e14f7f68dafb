// The vector domains of GCN_VALU definitions.
//
//   WaveCtx<V, N>  fast path: values are Lanes<T, N>, the definition runs
//               once per 16-lane chunk (DPP: N = 64, once); writes are
//               EXEC-masked (and DPP row/bank/bound_ctrl-masked), mask results
//               (SDST, EXEC) are written after the last chunk. One
//               instantiation per Variant, chosen at pre-decode, so a plain
//               e32 op carries no modifier code.
//   LaneCtx     reference path: plain scalars, the definition runs once per
//               active lane; writes are staged and committed after the last
//               lane (so DPP/VCC reads never see this instruction's writes).
//
// Both expose the same members (the definition is written once):
//   sources (i = 0, 1, 2 = src0, src1, src2; the implicit VCC of e32 forms
//   is src2 / sdst as in the table's operand list):
//     u32(i) f32(i) u64(i) f64(i)   typed reads; SDWA selects/sext, DPP lane
//                                   permutation and abs/neg (float reads only)
//                                   are applied here
//     maskIn(i)                     lane's bit of a 64-bit scalar operand
//                                   (v_cndmask's mask, v_addc's carry-in)
//     laneId()  mode() (FpMode)  clampOn()  omod()  hasSdst()
//   results (call after all reads):
//     setU32(v) setU64(v)           integer result (SDWA dst_sel/dst_unused)
//     setF32(v) setF64(v)           float result: omod then clamp applied
//     setSdst(b)                    VOPC result / carry-out into SDST or VCC;
//                                   inactive lanes' bits become 0
//     setCmp(b)                     setSdst, and EXEC too for v_cmpx rows
//   16-bit / packed / wide (integer VALU):
//     u16(i)                        16-bit source, zero-extended: the low half,
//                                   or on GFX9 op_sel rows (F_OPSEL VOP3, VOP3P)
//                                   the half op_sel[i] picks
//     u16hi(i)                      VOP3P: the half op_sel_hi[i] picks (the
//                                   source of the high element)
//     setU16(v)                     16-bit result: GFX9 F_OPSEL VOP3 rows write
//                                   the half op_sel[3] picks and keep the other;
//                                   all other 16-bit ops zero-extend (GFX8 rule,
//                                   kept by GFX9 VOP1/VOP2 and *_legacy rows)
//     u32Dword(i, k)                dword k of a multi-dword source
//     setU128(d0, d1, d2, d3)       4-dword result (v_mqsad_u32_u8)
//   floating point (valu_fp*.cc; f16 values are bits in a U32):
//     f16(i)                        u16(i) with abs/neg on bit 15
//     pkF16(i, hi)                  VOP3P element: op_sel/op_sel_hi half, neg_lo/neg_hi
//     mixF32(i)                     v_mad_mix/v_fma_mix source (f32, or f16 by op_sel_hi)
//     dstOld32()  literalK()  vccIn()  gen()   old VDST, madmk/madak K, VCC bit, generation
//     setF16(h)                     omod/clamp then setU16; setF16Half(h, hi); setPkF16(lo, hi)
//   omod is not applied when the type's output denormals are enabled
//   (GcnInstrsVop1.md "NOTE: OMOD modifier doesn't work if output denormals...")
//   types: D::U32 D::U64 D::F32 D::F64 D::Bool
// Add members here in the same pair (WaveCtx + LaneCtx),
// e.g. u16(i)/f16(i) with op_sel, and keep tests comparing both paths.
#pragma once

#include <cstdint>
#include <cstring>

#include "semantics/domain/domain.h"
#include "semantics/domain/fp.h"
#include "semantics/emulator/operand_read.h"
#include "semantics/emulator/registry.h"
#include "semantics/domain/valu_fp.h"
#include "semantics/emulator/inst_mods.h"

namespace gcn::sem {

namespace vdetail {
// SDWA source select (seed 001 / GcnSdwaDpp.md, BYTE_3 per SDWA_PSEUDO_DUP_BYTE1).
// Templates so the Z3 domain (z3_ctx.h) runs the same selects.
template <class T> inline T sdwaSel(T x, int sel, bool sext) {
  switch (sel) {
    case 0: return sext ? sext8(x) : x & 0xff;
    case 1: return sext ? sext8(x >> 8) : (x >> 8) & 0xff;
    case 2: return sext ? sext8(x >> 16) : (x >> 16) & 0xff;
    case 3: return sext ? sext8(x >> 24) : x >> 24;
    case 4: return sext ? sext16(x) : x & 0xffff;
    case 5: return sext ? sext16(x >> 16) : x >> 16;
    default: return x;
  }
}
// SDWA destination: the selected part of the result, the rest padded with
// zeros, sign-extended upward, or preserved from the old VDST.
template <class T> inline T sdwaDst(T r, T old, int sel, int unused) {
  if (sel >= 6) return r;
  const int shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
  const int bits = sel < 4 ? 8 : 16;
  const uint32_t mask = ((1u << bits) - 1) << shift;
  T part = (r << shift) & mask;
  if (unused == 2) return part | (old & ~mask);
  if (unused == 1) {
    T t = bits == 8 ? sext8(r) : sext16(r);
    return t << shift;
  }
  return part;
}
// The other half of VDST kept, the 16-bit result in the half `hi` picks
// (uint32_t, or a Z3 term).
template <class U>
inline U insertHalf(const U& old, const U& r, bool hi) {
  return hi ? (old & 0xffffu) | (r << 16u) : (old & 0xffff0000u) | (r & 0xffffu);
}
// f16 operand bits (valu_fp): abs/neg act on bit 15 of the selected half.
inline uint32_t f16AbsNeg(const Inst& in, int i, uint32_t x) {
  if (i < 3 && bitOf(in[Fld::ABS], i)) x &= 0x7fffu;
  if (i < 3 && bitOf(in[Fld::NEG], i)) x ^= 0x8000u;
  return x;
}
// VOP3P packed f16 element: op_sel (low element) / op_sel_hi (high element)
// pick the half, neg_lo / neg_hi flip its sign.
inline uint32_t pkElem(const Inst& in, int i, bool hi, uint32_t x) {
  const bool sel = bitOf(hi ? in[Fld::OP_SEL_HI] : in[Fld::OP_SEL], i);
  const bool neg = bitOf(hi ? in[Fld::NEG_HI] : in[Fld::NEG], i);
  return ((sel ? x >> 16 : x) & 0xffffu) ^ (neg ? 0x8000u : 0u);
}
// v_mad_mix/v_fma_mix source: op_sel_hi[i] = 0: f32; 1: the op_sel[i] half
// as f16 (widened exactly, f16 denormal mode). NEG = neg, NEG_HI = abs.
inline float mixElem(const Inst& in, const FpMode& m, int i, uint32_t x) {
  float f = bitOf(in[Fld::OP_SEL_HI], i)
                ? float(h2d(hIn(m, bitOf(in[Fld::OP_SEL], i) ? x >> 16 : x)))
                : asF32(x);
  if (bitOf(in[Fld::NEG_HI], i)) f = fabsBits(f);
  if (bitOf(in[Fld::NEG], i)) f = fnegBits(f);
  return f;
}
}  // namespace vdetail

// ---------------------------------------------------------------- fast path
// Lanes per chunk of the fast path: a Lanes<uint32_t, 16> is one AVX-512,
// two AVX2 or four SSE registers, so a definition's intermediates stay in
// registers (at N = 64 each one is a 256-byte stack array).
constexpr int kChunk = 16;
// The fast context's members are always inlined: `flatten` on the handler
// alone left IPA-cloned copies of f32()/u16()... out of line (compiled for
// the baseline target, their Lanes results passed through memory).
#define GCN_AI __attribute__((always_inline))

// What the chunks of one instruction share: the lanes it writes, and its
// scalar results. A chunk's lane-local reads never see another chunk's VGPR
// writes (lane l reads only lane l), but scalar sources (VCC carry-in, EXEC,
// SGPRs) are whole-wave, so SDST/EXEC writes wait until the last chunk.
// The sources are resolved once per instruction, so a chunk reads a 32-bit
// source as `row[lane]` with no operand-kind branch: a VGPR source is its
// row, anything else (SGPR, constant, special) its value broadcast into the
// wave's bcast row for the slot (each row at an offset from the wave fixed
// at pre-decode, PInst::row_off, so only scalar sources cost a branch); a
// 64-bit read is `hi[lane] << 32 | lo[lane] | scalar`, where a
// VGPR source has hi = the next register's row and scalar 0, and anything
// else hi = zeros and scalar = its value (a 32-bit scalar's lo is its
// broadcast row, a 64-bit one's the zero row: it is not broadcast). (An OR
// with the scalar on every 32-bit read cost one vector op per source per
// chunk, a third of a plain integer op's vector work.) The instruction
// fields the chunks use are copied here too: this local does not escape, so
// the chunks' VGPR stores cannot clobber it and nothing is reloaded per chunk.
struct WaveShared {
  uint64_t exec;   // EXEC when the instruction started
  uint64_t wmask;  // lanes written: EXEC & DPP row/bank/bound_ctrl masks
  uint64_t sdst = 0;
  bool sdst_written = false, exec_written = false;
  const uint32_t* lo[3];
  const uint32_t* hi[3];
  uint64_t sc[3];
  uint32_t* dst;   // VDST row
  FpMode fp;
  int32_t omod = 0;
  bool clamp = false, has_sdst;
  // PInst's float source modifier masks, copied: a local's fields stay in
  // registers across the chunks' stores (p's could alias them).
  uint32_t and32[3], xor32[3];
  uint64_t and64[3], xor64[3];
  template <Variant V, bool kSlow = false> GCN_AI void resolve(ExecEnv& e, const PInst& p) {
    dst = e.w.v[p.dst.reg % kVecRows];
    fp = e.w.fp;
    has_sdst = p.sdst.kind != OpKind::NONE;
    // V_PLAIN has no modifier bits set (pre-decode's choice), so its
    // clamp/omod/abs/neg are compile-time zeros.
    if constexpr (V != V_PLAIN) {
      omod = p.inst[Fld::OMOD];
      clamp = p.inst[Fld::CLAMP] != 0;
      for (int i = 0; i < 3; ++i) {
        and32[i] = p.and32[i], xor32[i] = p.xor32[i];
        and64[i] = p.and64[i], xor64[i] = p.xor64[i];
      }
    }
    const char* wave = reinterpret_cast<const char*>(&e.w);
    for (int i = 0; i < 3; ++i) {
      lo[i] = reinterpret_cast<const uint32_t*>(wave + p.row_off[i]);
      hi[i] = reinterpret_cast<const uint32_t*>(wave + p.hi_off[i]);
    }
    // Copies: the broadcast stores could alias p for the compiler.
    const unsigned scalars = p.scalar_srcs, bcasts = p.bcast_srcs;
    if constexpr (kSlow) {
      for (int i = 0; i < 3; ++i) sc[i] = (scalars >> i) & 1 ? scalarRead64(e, p.src[i]) : 0;
    } else {
      // No branch per slot: a slot that is not a scalar reads the zero row
      // under mask 0, and a definition that reads no scalar whole (u64,
      // maskIn) lets the compiler drop it. (Set under a branch per slot, sc
      // went to the stack and each chunk's mask read waited on a store and
      // its reload.)
      for (int i = 0; i < 3; ++i) sc[i] = scalarValue(e, p, i);
    }
    if (bcasts) {
      for (int i = 0; i < 3; ++i) {
        if (!((bcasts >> i) & 1)) continue;
        // Read again, not sc[i]: sharing it, the compiler hoisted the reads
        // of every slot above this branch (a spill in handlers that need none).
        const uint32_t v = uint32_t(kSlow ? sc[i] : scalarValue(e, p, i));
        for (int l = 0; l < kLanes; ++l) e.w.bcast[i][l] = v;
      }
    }
  }
  // PInst's formula for a scalar source: (the 8 bytes at sc_off) & sc_mask | sc_const.
  GCN_AI static uint64_t scalarValue(const ExecEnv& e, const PInst& p, int i) {
    uint64_t x;
    std::memcpy(&x, reinterpret_cast<const char*>(&e.w) + p.sc_off[i], sizeof x);
    return (x & p.sc_mask[i]) | p.sc_const[i];
  }
};

// kOutMods false: a V_MODS instruction whose omod and clamp are both zero
// (abs/neg/op_sel only, the usual VOP3), so results skip the output
// modifiers' code (valuWaveBody picks the instantiation per instruction).
// kFull: every lane of the chunk is written (EXEC all ones, not DPP), so
// the chunk's write mask is a constant and its stores are plain.
template <Variant V, int N = kLanes, Isa I = ISA_BASE, bool kOutMods = true, bool kFull = false>
class WaveCtx {
 public:
  using U32 = Lanes<uint32_t, N>;
  using U64 = Lanes<uint64_t, N>;
  using F32 = Lanes<float, N>;
  using F64 = Lanes<double, N>;
  using Bool = Lanes<bool, N>;
  static_assert(V != V_DPP || N == kLanes, "DPP reads other chunks' lanes");

  // Lanes [base, base + N) of the instruction.
  WaveCtx(ExecEnv& e, const PInst& p, WaveShared& sh, int base)
      : e_(e), p_(p), w_(e.w), sh_(sh), exec_(sh.exec),
        cmask_(kFull ? ~0ull >> (64 - N)
                     : N == kLanes ? sh.wmask : (sh.wmask >> base) & ((1ull << (N & 63)) - 1)),
        base_(base), fp_(sh.fp) {
    if constexpr (V == V_MODS) opsel_ = p.opsel;
  }
  // The lanes written by instruction p under the current EXEC.
  GCN_AI static uint64_t writeMask(const PInst& p, uint64_t exec) {
    uint64_t m = exec;
    if constexpr (V == V_DPP) {
      m &= p.dpp_rowbank;
      if (!p.inst[Fld::BOUND_CTRL]) m &= dppValid(p, exec);
    }
    return m;
  }

  GCN_AI U32 u32(int i) const {
    U32 r = raw32(i);
    if constexpr (V == V_SDWA) {
      const int sel = i == 0 ? p_.inst[Fld::SRC0_SEL] : p_.inst[Fld::SRC1_SEL];
      const bool sx = vdetail::bitOf(p_.inst[Fld::SEXT], i);
      if (i < 2 && sel != 6)
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = vdetail::sdwaSel(r.v[l], sel, sx);
    }
    return r;
  }
  GCN_AI F32 f32(int i) const {
    const U32 x = u32(i);
    F32 r;
    if constexpr (V == V_PLAIN) {
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = asF32(x.v[l]);
    } else {
      const uint32_t am = sh_.and32[i], xm = sh_.xor32[i];
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = asF32((x.v[l] & am) ^ xm);
    }
    return r;
  }
  GCN_AI U64 u64(int i) const {
    U64 r;
    if constexpr (V == V_DPP) {
      // 64-bit DPP (GFX90A): both dwords from the source lane.
      if (i == 0 && p_.src[0].kind == OpKind::VGPR) {
        const uint32_t* lo = w_.v[p_.src[0].reg];
        const uint32_t* hi = w_.v[(p_.src[0].reg + 1) % kVecRows];
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) {
          const uint8_t s = p_.dpp_src[l];
          const bool ok = s < kLanes && ((exec_ >> (s & 63)) & 1);
          r.v[l] = ok ? uint64_t(hi[s & 63]) << 32 | lo[s & 63] : 0u;
        }
        return r;
      }
    }
    const uint32_t* lo = sh_.lo[i] + base_;
    const uint32_t* hi = sh_.hi[i] + base_;
    const uint64_t sc = sh_.sc[i];
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = (uint64_t(hi[l]) << 32 | lo[l]) | sc;
    return r;
  }
  GCN_AI F64 f64(int i) const {
    const U64 x = u64(i);
    F64 r;
    if constexpr (V == V_PLAIN) {
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = asF64(x.v[l]);
    } else {
      const uint64_t am = sh_.and64[i], xm = sh_.xor64[i];
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = asF64((x.v[l] & am) ^ xm);
    }
    return r;
  }
  GCN_AI Bool maskIn(int i) const { return unpackMask<I, N>(sh_.sc[i] >> base_); }
  GCN_AI U32 u16(int i) const { return half(u32(i), vdetail::bitOf(opsel_, i)); }
  GCN_AI U32 u16hi(int i) const { return half(u32(i), vdetail::bitOf(p_.inst[Fld::OP_SEL_HI], i)); }
  // f16 source bits (u16 with abs/neg on bit 15), VOP3P packed element,
  // mix source (see vdetail).
  GCN_AI U32 f16(int i) const {
    U32 r = u16(i);
    if constexpr (V != V_PLAIN)
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = vdetail::f16AbsNeg(p_.inst, i, r.v[l]);
    return r;
  }
  GCN_AI U32 pkF16(int i, bool hi) const {
    U32 r = u32(i);
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = vdetail::pkElem(p_.inst, i, hi, r.v[l]);
    return r;
  }
  // VOP3P packed 32-bit element: the dword of the 64-bit source that op_sel
  // (hi = false) or op_sel_hi (hi = true) picks; pkF32 also flips the sign
  // by neg_lo / neg_hi.
  GCN_AI U32 pkU32(int i, bool hi) const {
    const U64 x = u64(i);
    const bool sel = vdetail::bitOf(hi ? p_.inst[Fld::OP_SEL_HI] : p_.inst[Fld::OP_SEL], i);
    U32 r;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = uint32_t(sel ? x.v[l] >> 32 : x.v[l]);
    return r;
  }
  GCN_AI F32 pkF32(int i, bool hi) const {
    const U32 x = pkU32(i, hi);
    const uint32_t neg =
        vdetail::bitOf(hi ? p_.inst[Fld::NEG_HI] : p_.inst[Fld::NEG], i) ? 0x80000000u : 0u;
    F32 r;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = asF32(x.v[l] ^ neg);
    return r;
  }
  GCN_AI F32 mixF32(int i) const {
    U32 r = u32(i);
    F32 f;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) f.v[l] = vdetail::mixElem(p_.inst, sh_.fp, i, r.v[l]);
    return f;
  }
  GCN_AI U32 dstOld32() const {  // VDST before the instruction (v_mac*, v_cvt_pkaccum)
    return load(w_.v[p_.dst.reg] + base_);
  }
  GCN_AI U64 dstOld64() const {  // 64-bit VDST before the instruction (v_fmac_f64)
    const uint32_t* lo = w_.v[p_.dst.reg] + base_;
    const uint32_t* hi = w_.v[(p_.dst.reg + 1) % kVecRows] + base_;
    U64 r;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = uint64_t(hi[l]) << 32 | lo[l];
    return r;
  }
  GCN_AI U32 literalK() const { return U32::splat(p_.inst.literal); }  // v_madmk/v_madak K
  GCN_AI Bool vccIn() const { return unpackMask<I, N>(w_.vcc() >> base_); }  // implicit VCC (v_div_fmas)
  Gen gen() const { return p_.inst.gen; }
  const PInst& pinst() const { return p_; }  // instruction fields (host branches on them)
  GCN_AI U32 u32Dword(int i, int k) const {
    const Operand& o = p_.src[i];
    if (o.kind == OpKind::VGPR) {
      return load(w_.v[(o.reg + k) % kVecRows] + base_);
    }
    if (o.kind == OpKind::SREG) return U32::splat(w_.s[(o.reg + k) & 127]);
    return U32::splat(k < 2 ? uint32_t(scalarRead64(e_, o) >> (32 * k)) : 0u);
  }
  GCN_AI U32 laneId() const {
    U32 r;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = uint32_t(base_ + l);
    return r;
  }
  const FpModeOn<I>& mode() const { return fp_; }
  bool clampOn() const { return V != V_PLAIN && kOutMods && sh_.clamp; }
  int omod() const { return V == V_PLAIN || !kOutMods ? 0 : sh_.omod; }
  // Does this form write a carry/condition mask (VOP3B sdst or implicit VCC)?
  bool hasSdst() const { return sh_.has_sdst; }

  // The result writers: LaneWriters' rules (the reference path's) restated
  // over a chunk of lanes, in lane loops and with the form's facts known at
  // compile time so that they vectorise; equivalence_test holds every VALU
  // row's fast path to the reference.
  GCN_AI void setU32(const U32& r) {
    uint32_t* dst = sh_.dst + base_;
    if constexpr (V == V_SDWA) {
      const int sel = p_.inst[Fld::DST_SEL], un = p_.inst[Fld::DST_UNUSED];
      if (sel != 6) {
        U32 t;
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) t.v[l] = vdetail::sdwaDst(r.v[l], dst[l], sel, un);
        put(dst, t);
        return;
      }
    }
    put(dst, r);
  }
  GCN_AI void setU64(const U64& r) {
    put(w_.v[p_.dst.reg] + base_, lo32(r));
    put(w_.v[(p_.dst.reg + 1) % kVecRows] + base_, hi32(r));
  }
  GCN_AI void setU16(const U32& r) {
    if constexpr (V == V_MODS || V == V_PLAIN) {
      if (p_.keep_half) {
        const uint32_t* old = w_.v[p_.dst.reg] + base_;
        const bool hi = vdetail::bitOf(opsel_, 3);
        U32 t;
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) t.v[l] = vdetail::insertHalf(old[l], r.v[l], hi);
        put(w_.v[p_.dst.reg] + base_, t);
        return;
      }
    }
    setU32(r & 0xffffu);
  }
  GCN_AI void setU128(const U32& d0, const U32& d1, const U32& d2, const U32& d3) {
    const U32* d[4] = {&d0, &d1, &d2, &d3};
    for (int k = 0; k < 4; ++k) put(w_.v[(p_.dst.reg + k) % kVecRows] + base_, *d[k]);
  }
  GCN_AI void setF32(F32 r) {
    if constexpr (V == V_MODS || V == V_SDWA) outMods(r, sh_.fp.denorm_out32);
    setU32(asU32(r));
  }
  GCN_AI void setF64(F64 r) {
    if constexpr (V == V_MODS) outMods(r, sh_.fp.denorm_out64);
    setU64(asU64(r));
  }
  // f16 result: omod (unless f16 output denormals are on) and clamp, then
  // as setU16.
  GCN_AI void setF16(U32 h) {
    if constexpr (V == V_MODS || V == V_SDWA) {
      const FpMode& m = sh_.fp;
      const int om = omod();
      if (om && !m.denorm_out64)
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) h.v[l] = hOmod(m, h.v[l], om);
      if (clampOn())
        GCN_LANE_LOOP for (int l = 0; l < N; ++l) h.v[l] = hClamp(m, h.v[l]);
    }
    setU16(h);
  }
  // f16 into one half, the other kept (v_mad_mixlo/hi); clamp if asked.
  GCN_AI void setF16Half(U32 h, bool hi) {
    if (clampOn())
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) h.v[l] = hClamp(sh_.fp, h.v[l]);
    const uint32_t* old = w_.v[p_.dst.reg] + base_;
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) h.v[l] = vdetail::insertHalf(old[l], h.v[l], hi);
    put(w_.v[p_.dst.reg] + base_, h);
  }
  // Packed f32 pair (VOP3P, v_pk_*_f32): clamp per element.
  GCN_AI void setPkF32(F32 lo, F32 hi) {
    if (clampOn()) {
      lo = clamp01(sh_.fp, lo);
      hi = clamp01(sh_.fp, hi);
    }
    U64 r;
    const U32 a = asU32(lo), b = asU32(hi);
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = uint64_t(b.v[l]) << 32 | a.v[l];
    setU64(r);
  }
  // Packed f16 pair (VOP3P): clamp per element.
  GCN_AI void setPkF16(U32 lo, U32 hi) {
    if (clampOn())
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) lo.v[l] = hClamp(sh_.fp, lo.v[l]), hi.v[l] = hClamp(sh_.fp, hi.v[l]);
    GCN_LANE_LOOP for (int l = 0; l < N; ++l) lo.v[l] = (lo.v[l] & 0xffffu) | hi.v[l] << 16;
    setU32(lo);
  }
  // Mask results go to WaveShared; valuWave writes them after the last chunk.
  GCN_AI void setSdst(const Bool& b) {
    if (bailed()) return;
    sh_.sdst |= (packMask<I>(b) & cmask_) << base_;
    sh_.sdst_written = true;
  }
  GCN_AI void setCmp(const Bool& b) {
    if (bailed()) return;
    setSdst(b);
    if (p_.cmpx) sh_.exec_written = true;
  }
  // An FP operation of this chunk bailed (FpModeOn::bailed): the chunk
  // writes nothing, and valuChunks hands the instruction on from here.
  GCN_AI bool bailed() const {
    if constexpr (I == ISA_AVX512 && N == kChunk) return fp_.bailed;
    return false;
  }

 private:
  GCN_AI U32 raw32(int i) const {
    const Operand& o = p_.src[i];
    U32 r;
    if constexpr (V == V_DPP) {
      if (o.kind == OpKind::VGPR) {
        const uint32_t* row = w_.v[o.reg];
        if (i == 0) {
          GCN_LANE_LOOP for (int l = 0; l < N; ++l) {
            const uint8_t s = p_.dpp_src[l];
            const bool ok = s < kLanes && ((exec_ >> (s & 63)) & 1);
            r.v[l] = ok ? row[s & 63] : 0u;
          }
          return r;
        }
      }
    }
    // One loop for both kinds (a VGPR row, or the scalar's broadcast row):
    // two loops would meet in a memory temporary.
    return load(sh_.lo[i] + base_);
  }
  template <class T> GCN_AI void put(T* dst, const Lanes<T, N>& v) {
    if (bailed()) return;
    storeLanes<I>(dst, v, cmask_);
  }
  GCN_AI static uint64_t dppValid(const PInst& p, uint64_t exec) {
    uint64_t m = 0;
    for (int l = 0; l < kLanes; ++l) {
      const uint8_t s = p.dpp_src[l];
      if (s < kLanes && ((exec >> s) & 1)) m |= 1ull << l;
    }
    return m;
  }
  // A row's lanes into a chunk. The AVX clones copy element by element: the
  // vectoriser widens the loop to their 32/64-byte registers and keeps the
  // chunk there. The baseline clone copies with memcpy, which GCC expands in
  // 16-byte moves, its own vector width (as a loop, GCC kept a 4-trip loop:
  // v_mov_b32 ran 3x slower).
  GCN_AI static U32 load(const uint32_t* row) {
    U32 r;
    if constexpr (I == ISA_BASE) std::memcpy(r.v, row, sizeof r.v);
    else GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = row[l];
    return r;
  }
  GCN_AI static U32 half(const U32& x, bool hi) { return hi ? x >> 16u : x & 0xffffu; }
  // omod then clamp, as applyOmod / clamp01 in fp.h per lane, written as
  // one multiply and compare-selects so the loops vectorise (the scalar
  // functions' switch and early NaN return did not).
  template <class T> GCN_AI void outMods(Lanes<T, N>& r, bool den_out) const {
    const int om = omod();
    if (om && !den_out) {
      const T f = om == 1 ? T(2) : (om == 2 ? T(4) : T(0.5));
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) r.v[l] = r.v[l] * f;
    }
    if (clampOn()) {
      const bool dx10 = sh_.fp.dx10_clamp;
      GCN_LANE_LOOP for (int l = 0; l < N; ++l) {
        const T v = r.v[l];
        const T c = v < T(0) ? T(0) : (v > T(1) ? T(1) : v);
        r.v[l] = v != v ? (dx10 ? T(0) : v) : c;
      }
    }
  }

  ExecEnv& e_;
  const PInst& p_;
  WaveState& w_;
  WaveShared& sh_;
  uint64_t exec_;
  uint64_t cmask_;  // lanes of this chunk written (bit 0 = lane base_)
  int base_;
  FpModeOn<I> fp_;
  int opsel_ = 0;  // op_sel bits honoured (only modifier forms carry any)
};

// ----------------------------------------------------------- reference path
// The result writers one lane's contexts share (LaneCtx below, Z3LaneCtx in
// z3_ctx.h): output modifiers and 16-bit halves as the ISA applies them,
// over either domain's values. D provides pinst(), opSel(), mode(), omod(),
// clampOn(), dstOld32(), setU32() and setU64().
template <class D, class U32, class F32, class F64>
class LaneWriters {
 public:
  void setU16(U32 r) {
    D& d = self();
    if (vdetail::keepsOtherHalf(d.pinst().inst))
      d.setU32(vdetail::insertHalf(d.dstOld32(), r, vdetail::bitOf(d.opSel(), 3)));
    else
      d.setU32(r & 0xffffu);
  }
  // Packed f32 pair (VOP3P): clamp per element.
  void setPkF32(F32 lo, F32 hi) {
    D& d = self();
    if (d.clampOn()) lo = clamp01(d.mode(), lo), hi = clamp01(d.mode(), hi);
    d.setU64(pack64(asU32(lo), asU32(hi)));
  }
  void setF32(F32 r) {
    D& d = self();
    if (d.pinst().variant == V_MODS || d.pinst().variant == V_SDWA) {
      if (d.omod() && !d.mode().denorm_out32) r = applyOmod(r, d.omod());
      if (d.clampOn()) r = clamp01(d.mode(), r);
    }
    d.setU32(asU32(r));
  }
  void setF64(F64 r) {
    D& d = self();
    if (d.pinst().variant == V_MODS) {
      if (d.omod() && !d.mode().denorm_out64) r = applyOmod(r, d.omod());
      if (d.clampOn()) r = clamp01(d.mode(), r);
    }
    d.setU64(asU64(r));
  }
  void setF16(U32 h) {
    D& d = self();
    if (d.pinst().variant == V_MODS || d.pinst().variant == V_SDWA) {
      if (d.omod() && !d.mode().denorm_out64) h = hOmod(d.mode(), h, d.omod());
      if (d.clampOn()) h = hClamp(d.mode(), h);
    }
    setU16(h);
  }
  void setF16Half(U32 h, bool hi) {
    D& d = self();
    if (d.clampOn()) h = hClamp(d.mode(), h);
    d.setU32(vdetail::insertHalf(d.dstOld32(), h, hi));
  }
  void setPkF16(U32 lo, U32 hi) {
    D& d = self();
    if (d.clampOn()) lo = hClamp(d.mode(), lo), hi = hClamp(d.mode(), hi);
    d.setU32((lo & 0xffffu) | hi << 16u);
  }

 private:
  D& self() { return static_cast<D&>(*this); }
};

class LaneCtx : public LaneWriters<LaneCtx, uint32_t, float, double> {
 public:
  using U32 = uint32_t;
  using U64 = uint64_t;
  using F32 = float;
  using F64 = double;
  using Bool = bool;

  // SDST (and EXEC for v_cmpx) are written even when no lane is active.
  LaneCtx(ExecEnv& e, const PInst& p)
      : e_(e), p_(p), w_(e.w), exec_(e.w.exec()),
        has_sdst_(p.sdst.kind == OpKind::SREG),
        has_exec_(p.inst.desc().flags & F_VOPC_CMPX) {}

  // Lanes the instruction writes: EXEC, DPP row/bank masks, DPP sources.
  bool laneEnabled(int l) const {
    if (!((exec_ >> l) & 1)) return false;
    if (p_.variant == V_DPP) {
      if (!((p_.dpp_rowbank >> l) & 1)) return false;
      if (!p_.inst[Fld::BOUND_CTRL] && !dppSourceOk(l)) return false;
    }
    return true;
  }
  void setLane(int l) { lane_ = l; }

  U32 u32(int i) const {
    const Operand& o = p_.src[i];
    uint32_t x;
    if (o.kind == OpKind::VGPR) {
      int src = lane_;
      if (p_.variant == V_DPP && i == 0) {
        if (!dppSourceOk(lane_)) return 0;  // bound_ctrl: invalid source reads 0
        src = p_.dpp_src[lane_];
      }
      x = w_.v[o.reg][src];
    } else {
      x = scalarRead32(e_, o);
    }
    if (p_.variant == V_SDWA && i < 2) {
      const int sel = i == 0 ? p_.inst[Fld::SRC0_SEL] : p_.inst[Fld::SRC1_SEL];
      x = vdetail::sdwaSel(x, sel, vdetail::bitOf(p_.inst[Fld::SEXT], i));
    }
    return x;
  }
  F32 f32(int i) const { return absNeg(asF32(u32(i)), i); }
  U64 u64(int i) const {
    const Operand& o = p_.src[i];
    if (o.kind == OpKind::VGPR) {
      int src = lane_;
      if (p_.variant == V_DPP && i == 0) {
        if (!dppSourceOk(lane_)) return 0;  // bound_ctrl: invalid source reads 0
        src = p_.dpp_src[lane_];
      }
      return pack64(w_.v[o.reg][src], w_.v[(o.reg + 1) % kVecRows][src]);
    }
    return scalarRead64(e_, o);
  }
  F64 f64(int i) const { return absNeg(asF64(u64(i)), i); }
  Bool maskIn(int i) const { return (scalarRead64(e_, p_.src[i]) >> lane_) & 1; }
  U32 u16(int i) const { return half(u32(i), vdetail::bitOf(opsel_, i)); }
  U32 u16hi(int i) const { return half(u32(i), vdetail::bitOf(p_.inst[Fld::OP_SEL_HI], i)); }
  U32 f16(int i) const {
    return p_.variant == V_PLAIN ? u16(i) : vdetail::f16AbsNeg(p_.inst, i, u16(i));
  }
  U32 pkF16(int i, bool hi) const { return vdetail::pkElem(p_.inst, i, hi, u32(i)); }
  U32 pkU32(int i, bool hi) const {
    const uint64_t x = u64(i);
    const bool sel = vdetail::bitOf(hi ? p_.inst[Fld::OP_SEL_HI] : p_.inst[Fld::OP_SEL], i);
    return uint32_t(sel ? x >> 32 : x);
  }
  F32 pkF32(int i, bool hi) const {
    const bool neg = vdetail::bitOf(hi ? p_.inst[Fld::NEG_HI] : p_.inst[Fld::NEG], i);
    return asF32(pkU32(i, hi) ^ (neg ? 0x80000000u : 0u));
  }
  U64 dstOld64() const {
    return pack64(w_.v[p_.dst.reg][lane_], w_.v[(p_.dst.reg + 1) % kVecRows][lane_]);
  }
  F32 mixF32(int i) const { return vdetail::mixElem(p_.inst, w_.fp, i, u32(i)); }
  U32 dstOld32() const { return w_.v[p_.dst.reg][lane_]; }
  U32 literalK() const { return p_.inst.literal; }
  Bool vccIn() const { return (w_.vcc() >> lane_) & 1; }
  Gen gen() const { return p_.inst.gen; }
  U32 u32Dword(int i, int k) const {
    const Operand& o = p_.src[i];
    if (o.kind == OpKind::VGPR) return w_.v[(o.reg + k) % kVecRows][lane_];
    if (o.kind == OpKind::SREG) return w_.s[(o.reg + k) & 127];
    return k < 2 ? uint32_t(scalarRead64(e_, o) >> (32 * k)) : 0u;
  }
  U32 laneId() const { return uint32_t(lane_); }
  const FpMode& mode() const { return w_.fp; }
  bool clampOn() const { return p_.inst[Fld::CLAMP] != 0; }
  int omod() const { return p_.inst[Fld::OMOD]; }
  const PInst& pinst() const { return p_; }
  int opSel() const { return opsel_; }
  // Does this form write a carry/condition mask (VOP3B sdst or implicit VCC)?
  bool hasSdst() const { return p_.sdst.kind != OpKind::NONE; }

  void setU32(U32 r) {
    if (p_.variant == V_SDWA)
      r = vdetail::sdwaDst(r, w_.v[p_.dst.reg][lane_], p_.inst[Fld::DST_SEL],
                           p_.inst[Fld::DST_UNUSED]);
    lo_[lane_] = r;
    wrote_ |= 1ull << lane_;
  }
  void setU64(U64 r) {
    lo_[lane_] = uint32_t(r);
    hi_[lane_] = uint32_t(r >> 32);
    wrote_ |= 1ull << lane_;
    wide_ = true;
  }
  void setU128(U32 d0, U32 d1, U32 d2, U32 d3) {
    setU64(pack64(d0, d1));
    x2_[lane_] = d2;
    x3_[lane_] = d3;
    quad_ = true;
  }
  void setSdst(Bool b) { sdst_ |= uint64_t(b) << lane_; }
  void setCmp(Bool b) { setSdst(b); }

  // Applies the staged results.
  void commit() {
    for (int l = 0; l < kLanes; ++l) {
      if (!((wrote_ >> l) & 1)) continue;
      w_.v[p_.dst.reg][l] = lo_[l];
      if (wide_) w_.v[(p_.dst.reg + 1) % kVecRows][l] = hi_[l];
      if (quad_) {
        w_.v[(p_.dst.reg + 2) % kVecRows][l] = x2_[l];
        w_.v[(p_.dst.reg + 3) % kVecRows][l] = x3_[l];
      }
    }
    if (has_sdst_) w_.setS64(p_.sdst.reg, sdst_);
    if (has_exec_) w_.setExec(sdst_);
  }

 private:
  bool dppSourceOk(int l) const {
    const uint8_t s = p_.dpp_src[l];
    return s < kLanes && ((exec_ >> s) & 1);
  }
  static U32 half(U32 x, bool hi) { return hi ? x >> 16 : x & 0xffffu; }
  template <class T> T absNeg(T x, int i) const {
    if (p_.variant != V_PLAIN) {
      if (vdetail::bitOf(p_.inst[Fld::ABS], i)) x = fabsBits(x);
      if (vdetail::bitOf(p_.inst[Fld::NEG], i)) x = fnegBits(x);
    }
    return x;
  }

  ExecEnv& e_;
  const PInst& p_;
  WaveState& w_;
  uint64_t exec_;
  int lane_ = 0;
  uint32_t lo_[kLanes] = {}, hi_[kLanes] = {}, x2_[kLanes] = {}, x3_[kLanes] = {};
  uint64_t wrote_ = 0, sdst_ = 0;
  bool wide_ = false, quad_ = false, has_sdst_, has_exec_;
  int opsel_ = p_.variant == V_MODS ? vdetail::opSelOf(p_.inst) : 0;
};

// ------------------------------------------------- whole-wave vector ops
// v_readlane/v_writelane/v_readfirstlane...: scalar in, scalar out, lane
// chosen by value. Runs once in both paths.
class WaveOpCtx {
 public:
  using U32 = uint32_t;
  using U64 = uint64_t;
  using Bool = bool;
  WaveOpCtx(ExecEnv& e, const PInst& p) : e_(e), p_(p), w_(e.w) {}
  U32 s(int i) const { return scalarRead32(e_, p_.src[i]); }  // scalar source
  // Lane `lane` (taken mod 64) of the VGPR source i.
  U32 vgprLane(int i, U32 lane) const {
    return srcIsVgpr(i) ? w_.v[p_.src[i].reg][lane & 63] : s(i);
  }
  bool srcIsVgpr(int i) const { return p_.src[i].kind == OpKind::VGPR; }
  U64 exec() const { return w_.exec(); }
  void setSdst32(U32 v) { w_.s[p_.dst.reg] = v; }
  void setVgprLane(U32 lane, U32 v) { w_.v[p_.dst.reg][lane & 63] = v; }
  const PInst& inst() const { return p_; }

 private:
  ExecEnv& e_;
  const PInst& p_;
  WaveState& w_;
};

// The definition over each 16-lane chunk that has a lane to write. A chunk
// with no lane to write only contributes zero mask bits; one chunk still
// runs when no lane is active so SDST/EXEC are written.
// Under a full EXEC (the common case) the chunks run with no test of their
// lanes and constant write masks (in the vector clones, except their rare
// output-modifier bodies; the baseline clone keeps one shape, for its code
// size).
template <class S, Variant V, Isa I, bool kOutMods, bool kFullShape = I != ISA_BASE>
__attribute__((always_inline)) inline int valuChunks(ExecEnv& e, const PInst& p, WaveShared& sh,
                                                     int from) {
  const uint64_t wm = sh.wmask;
  if constexpr (kFullShape) {
    if (wm == ~0ull && from == 0) {
      for (int b = 0; b < kLanes; b += kChunk) {
        WaveCtx<V, kChunk, I, kOutMods, true> d(e, p, sh, b);
        S::run(d);
        if (d.bailed()) return b;
      }
      return -1;
    }
  }
  for (int b = from; b < kLanes; b += kChunk) {
    if (((wm >> b) & ((1ull << kChunk) - 1)) == 0 && (wm != 0 || b != 0)) continue;
    WaveCtx<V, kChunk, I, kOutMods> d(e, p, sh, b);
    S::run(d);
    if (d.bailed()) return b;
  }
  return -1;
}

// Fast path: the definition runs once per 16-lane chunk that has a lane to
// write (DPP: once over the whole wave), then the mask results are written.
// flatten: the definition and every domain helper inline into the chunk
// loop, which is what keeps the chunk in registers.
// `from`, `sdst`, `written`: valuWaveSlow finishing an instruction whose
// chunks before `from` ran in another clone, with their mask results.
template <class S, Variant V>
void valuWaveSlow(ExecEnv& e, const PInst& p, int from, uint64_t sdst, unsigned written);
#if GCN_SEM_X86_CLONES
// With the definition's attributes: GCC's C++ front end takes a target
// attribute as part of the function's identity (multiversioning), and a
// plain declaration left the definition compiled without AVX2 or flatten.
template <class S, Variant V>
__attribute__((flatten, noinline, GCN_AVX2_TARGET)) void valuWaveAvx2(ExecEnv& e, const PInst& p);
#endif
template <class S, Variant V, Isa I, bool kSlow = false>
__attribute__((always_inline)) inline void valuWaveBody(ExecEnv& e, const PInst& p, int from = 0,
                                                        uint64_t sdst = 0, unsigned written = 0) {
  // A source the offsets cannot read: the out-of-line twin (a tail call, so
  // this function keeps no state across it).
  if constexpr (!kSlow)
    if (__builtin_expect(p.slow_scalars, 0)) return valuWaveSlow<S, V>(e, p, 0, 0, 0);
  // Output modifiers (omod, clamp; no clang-compiled kernel of
  // corpus/kernels uses them) have one body, in the AVX2 clone and of the
  // partial-EXEC shape only: the AVX-512 clone hands them to it, the
  // baseline would run them 5x slower (emulator_bench v_add_f32 clamp).
  [[maybe_unused]] const bool out_mods =
      V == V_MODS && (p.inst[Fld::OMOD] != 0 || p.inst[Fld::CLAMP] != 0);
#if GCN_SEM_X86_CLONES
  if constexpr (I == ISA_AVX512 && V == V_MODS)
    if (__builtin_expect(out_mods, 0)) return valuWaveAvx2<S, V>(e, p);
#endif
  WaveShared sh;
  sh.exec = e.w.exec();
  sh.wmask = WaveCtx<V>::writeMask(p, sh.exec);
  sh.resolve<V, kSlow>(e, p);
  sh.sdst = sdst;
  sh.sdst_written = written & 1;
  sh.exec_written = (written >> 1) & 1;
  if constexpr (V == V_DPP) {
    WaveCtx<V, kLanes, I> d(e, p, sh, 0);
    S::run(d);
  } else {
    int bail;
    if constexpr (V == V_MODS && !kSlow && I != ISA_AVX512) {
      if (__builtin_expect(out_mods, 0)) bail = valuChunks<S, V, I, true, false>(e, p, sh, from);
      else bail = valuChunks<S, V, I, false>(e, p, sh, from);
    } else {
      bail = valuChunks<S, V, I, kSlow || V != V_MODS>(e, p, sh, from);
    }
    // An FP operation left the AVX-512 shortcut: the baseline clone redoes
    // that chunk and the rest (their sources are still unwritten), a tail
    // call, so this handler makes no call and keeps no frame.
    if (__builtin_expect(bail >= 0, 0))
      return valuWaveSlow<S, V>(e, p, bail, sh.sdst,
                                unsigned(sh.sdst_written) | unsigned(sh.exec_written) << 1);
  }
  if (sh.sdst_written) e.w.setS64(p.sdst.reg, sh.sdst);
  if (sh.exec_written) e.w.setExec(sh.sdst);
}
template <class S, Variant V> __attribute__((flatten)) void valuWave(ExecEnv& e, const PInst& p) {
  valuWaveBody<S, V, ISA_BASE>(e, p);
}
// Instructions with an SCC/VCCZ/EXECZ/aperture/LDS-direct source (rare), and
// the rest of one that left the AVX-512 FP shortcut: the baseline clone
// with scalarRead64, for every clone.
template <class S, Variant V>
__attribute__((flatten, noinline)) void valuWaveSlow(ExecEnv& e, const PInst& p, int from,
                                                     uint64_t sdst, unsigned written) {
  valuWaveBody<S, V, ISA_BASE, true>(e, p, from, sdst, written);
}
#if GCN_SEM_X86_CLONES
// The same handler compiled for AVX2+FMA (chosen at registration when the
// CPU has them; the binary itself stays baseline x86-64). -ffp-contract=off
// (BUILD.bazel) keeps FMA from changing a*b+c roundings.
// noinline: the AVX-512 clone calls it for output modifiers.
template <class S, Variant V>
__attribute__((flatten, noinline, GCN_AVX2_TARGET)) void valuWaveAvx2(
    ExecEnv& e, const PInst& p) {
  valuWaveBody<S, V, ISA_AVX2>(e, p);
}
// And for AVX-512 (x86-64-v4) with 512-bit vectors preferred: a 16-lane
// chunk of dwords is one zmm register, and compares give k-masks.
template <class S, Variant V>
__attribute__((flatten, GCN_AVX512_TARGET)) void valuWaveAvx512(
    ExecEnv& e, const PInst& p) {
  valuWaveBody<S, V, ISA_AVX512>(e, p);
}
#endif
#if GCN_SEM_X86_CLONES
// On x86 the baseline clone is the out-of-line twin itself: it only runs on
// a host without AVX2 (or for the rare slow sources), and a separate
// baseline instantiation per variant cost a tenth of a definition's
// compile time.
template <class S, Variant V> void valuWaveBase(ExecEnv& e, const PInst& p) {
  valuWaveSlow<S, V>(e, p, 0, 0, 0);
}
#endif
// SDWA and DPP forms run the baseline clone everywhere: their handlers are
// dominated by the per-lane selects and lane permutes, an AVX2 clone gains
// at most 1.6x on them (none on integer ops, the only SDWA and DPP
// instructions in corpus/kernels' clang-compiled code), and their AVX2
// bodies were three of a definition's twenty (with the output-modifier
// bodies, a third of semantics/defs' compile time).
template <Variant V> constexpr bool kVectorClones = V == V_PLAIN || V == V_MODS;
template <class S, Variant V> Handler valuWaveHandler() {
#if GCN_SEM_X86_CLONES
  if constexpr (kVectorClones<V>) {
    if (cpuHasAvx512()) return &valuWaveAvx512<S, V>;
    if (cpuHasAvx2()) return &valuWaveAvx2<S, V>;
  }
  return &valuWaveBase<S, V>;
#else
  return &valuWave<S, V>;
#endif
}

template <class S> void valuLanes(ExecEnv& e, const PInst& p) {
  LaneCtx d(e, p);
  for (int l = 0; l < kLanes; ++l) {
    if (!d.laneEnabled(l)) continue;
    d.setLane(l);
    S::run(d);
  }
  d.commit();
}
template <class S> void valuOnce(ExecEnv& e, const PInst& p) {
  WaveOpCtx d(e, p);
  S::run(d);
}
template <class S> SemDef valuDef(std::string_view name) {
  SemDef d;
  d.mnemonic = name;
  d.kind = SemKind::VALU;
  d.fast[V_PLAIN] = valuWaveHandler<S, V_PLAIN>();
  d.fast[V_MODS] = valuWaveHandler<S, V_MODS>();
  d.fast[V_SDWA] = valuWaveHandler<S, V_SDWA>();
  d.fast[V_DPP] = valuWaveHandler<S, V_DPP>();
  d.ref = &valuLanes<S>;
  return d;
}
template <class S> SemDef valuWaveDef(std::string_view name) {
  SemDef d;
  d.mnemonic = name;
  d.kind = SemKind::VALU_WAVE;
  for (auto& f : d.fast) f = &valuOnce<S>;
  d.ref = &valuOnce<S>;
  return d;
}

}  // namespace gcn::sem
