// Algebraic laws of single operations the spec implies, over generated
// instructions and wave states (GcnInstrs*.md Operation text):
// commutativity, sub/subrev and compare operand swaps, v_mad_*24 as
// multiply then add, s_*_saveexec as its two-instruction expansion,
// v_cndmask with a constant mask, s_bfe of the whole remaining word.
// RapidCheck prints the seed of a failing run; rerun with RC_PARAMS="seed=N".
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <map>
#include <set>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "properties/inst_gen.h"
#include "properties/sem_laws_testing.h"
#include "properties/sem_props.h"

namespace gcn::props {
namespace {

// ---------------------------------------------------------- commutativity
// Rows whose Operation is symmetric in SRC0 and SRC1 (reviewed against
// GcnInstrsVop2/Vop3/Vop3p/Vopc/Sop2/Sopc.md). Integer and bitwise ops must
// commute bit for bit.
const std::set<std::string_view> kCommutativeInt = {
    "v_add_u32", "v_add_co_u32", "v_add_i32", "v_addc_u32", "v_addc_co_u32", "v_add_u16",
    "v_add_i16", "v_mul_lo_u16", "v_mul_lo_u32", "v_mul_lo_i32", "v_mul_hi_u32",
    "v_mul_hi_i32", "v_mul_u32_u24", "v_mul_i32_i24", "v_mul_hi_u32_u24", "v_mul_hi_i32_i24",
    "v_min_i32", "v_max_i32", "v_min_u32", "v_max_u32", "v_min_u16", "v_max_u16", "v_min_i16",
    "v_max_i16", "v_and_b32", "v_or_b32", "v_xor_b32", "v_xnor_b32", "v_mad_u32_u24",
    "v_mad_i32_i24", "v_mad_u64_u32", "v_mad_i64_i32", "v_mad_u16", "v_mad_i16",
    "v_mad_legacy_u16", "v_mad_legacy_i16", "v_mad_u32_u16", "v_mad_i32_i16", "v_add3_u32",
    "v_or3_b32", "v_and_or_b32", "v_xad_u32", "v_add_lshl_u32", "v_lerp_u8", "v_min3_i32",
    "v_max3_i32", "v_med3_i32", "v_min3_u32", "v_max3_u32", "v_med3_u32", "v_min3_i16",
    "v_max3_i16", "v_med3_i16", "v_min3_u16", "v_max3_u16", "v_med3_u16", "v_sad_u8",
    "v_sad_hi_u8", "v_sad_u16", "v_sad_u32", "v_pk_add_u16", "v_pk_add_i16",
    "v_pk_mul_lo_u16", "v_pk_max_i16", "v_pk_min_i16", "v_pk_max_u16", "v_pk_min_u16",
    "v_pk_mad_u16", "v_pk_mad_i16", "v_dot2_i32_i16", "v_dot2_u32_u16", "v_dot4_i32_i8",
    "v_dot4_u32_u8", "v_dot8_i32_i4", "v_dot8_u32_u4", "v_cmp_eq_i32", "v_cmp_ne_i32",
    "v_cmp_eq_u32", "v_cmp_ne_u32", "v_cmp_eq_i64", "v_cmp_ne_i64", "v_cmp_eq_u64",
    "v_cmp_ne_u64", "v_cmp_eq_i16", "v_cmp_ne_i16", "v_cmp_eq_u16", "v_cmp_ne_u16",
    "v_cmpx_eq_i32", "v_cmpx_ne_i32", "v_cmpx_eq_u32", "v_cmpx_ne_u32", "v_cmpx_eq_u64",
    "v_cmpx_ne_u64",
    "s_add_u32", "s_add_i32", "s_addc_u32", "s_mul_i32", "s_mul_hi_u32", "s_mul_hi_i32",
    "s_min_i32", "s_min_u32", "s_max_i32", "s_max_u32", "s_and_b32", "s_and_b64", "s_or_b32",
    "s_or_b64", "s_xor_b32", "s_xor_b64", "s_nand_b32", "s_nand_b64", "s_nor_b32",
    "s_nor_b64", "s_xnor_b32", "s_xnor_b64", "s_absdiff_i32", "s_cmp_eq_i32", "s_cmp_lg_i32",
    "s_cmp_eq_u32", "s_cmp_lg_u32", "s_cmp_eq_u64", "s_cmp_lg_u64",
};
// Floating-point rows: the value commutes, but when both sources are NaN
// the spec does not say whose payload the result carries (V_ADD_F32's
// Operation is "VDST = ASFLOAT(SRC0) + ASFLOAT(SRC1)", nothing on NaN
// payloads anywhere in GcnInstrs*.md); the model returns the first NaN
// source quieted (semantics/domain/fp.h propagateNan), so with two NaNs the
// result is a NaN either way but its payload follows the operand order.
// Left out by the spec: v_min_legacy_f32 / v_max_legacy_f32 (DX9 rule
// "(a < b) ? a : b": a NaN in SRC0 yields SRC1, a NaN in SRC1 is the result).
// The result's FP width with each row: the NaN tolerance below compares
// 16-bit halves, 32-bit words or 64-bit pairs of the destination.
const std::map<std::string_view, int> kCommutativeFp = {
    {"v_add_f32", 32}, {"v_mul_f32", 32}, {"v_add_f64", 64}, {"v_mul_f64", 64}, {"v_add_f16", 16},
    {"v_mul_f16", 16}, {"v_min_f32", 32}, {"v_max_f32", 32}, {"v_min_f64", 64}, {"v_max_f64", 64},
    {"v_min_f16", 16}, {"v_max_f16", 16}, {"v_mul_legacy_f32", 32}, {"v_mad_f32", 32},
    {"v_fma_f32", 32}, {"v_fma_f64", 64}, {"v_mad_f16", 16}, {"v_fma_f16", 16}, {"v_mac_f32", 32},
    {"v_fmac_f32", 32}, {"v_mac_f16", 16}, {"v_mad_legacy_f32", 32}, {"v_mac_legacy_f32", 32},
    {"v_mad_legacy_f16", 16}, {"v_fma_legacy_f16", 16}, {"v_min3_f32", 32}, {"v_max3_f32", 32},
    {"v_med3_f32", 32}, {"v_min3_f16", 16}, {"v_max3_f16", 16}, {"v_med3_f16", 16},
    {"v_pk_add_f16", 16}, {"v_pk_mul_f16", 16}, {"v_pk_min_f16", 16}, {"v_pk_max_f16", 16},
    {"v_pk_fma_f16", 16}, {"v_dot2_f32_f16", 32}, {"v_mad_mix_f32", 32}, {"v_mad_mixlo_f16", 16},
    {"v_mad_mixhi_f16", 16}, {"v_fma_mix_f32", 32}, {"v_fma_mixlo_f16", 16},
    {"v_fma_mixhi_f16", 16}, {"v_cmp_eq_f32", 32}, {"v_cmp_lg_f32", 32}, {"v_cmp_o_f32", 32},
    {"v_cmp_u_f32", 32}, {"v_cmp_neq_f32", 32}, {"v_cmp_nlg_f32", 32}, {"v_cmp_eq_f64", 64},
    {"v_cmp_neq_f64", 64}, {"v_cmp_eq_f16", 16}, {"v_cmp_neq_f16", 16},
};

bool isFpRow(std::string_view m) { return kCommutativeFp.count(m) != 0; }

// S_MIN/S_MAX_I32/U32: "SCC = SSRC0 < SSRC1" (resp. >): SCC tells which
// source was chosen, so only SDST commutes (GcnInstrsSop2.md).
const std::set<std::string_view> kSccTellsSource = {"s_min_i32", "s_min_u32", "s_max_i32",
                                                    "s_max_u32"};
// V_MIN3/MAX3/MED3 take the first NaN source's rule (GcnInstrsVop3.md).
const std::set<std::string_view> kFirstNanRule = {"v_min3_f32", "v_max3_f32", "v_med3_f32",
                                                  "v_min3_f16", "v_max3_f16", "v_med3_f16"};

int32_t swapBits01(int32_t x) { return (x & ~3) | ((x & 1) << 1) | ((x >> 1) & 1); }

// The same instruction with SRC0 and SRC1 exchanged, per-source modifier
// bits (abs/neg/neg_hi/op_sel/op_sel_hi/sext) and SDWA selects with them.
Inst swapSources(const Inst& orig) {
  Inst in = orig;  // (an over-aligned Inst by value draws a GCC ABI note)
  const bool sop = in.enc == Enc::SOP2 || in.enc == Enc::SOPC;
  if (sop) {
    std::swap(in[Fld::SSRC0], in[Fld::SSRC1]);
    return in;
  }
  std::swap(in[Fld::SRC0], in[Fld::SRC1]);
  for (Fld f : {Fld::ABS, Fld::NEG, Fld::NEG_HI, Fld::OP_SEL, Fld::OP_SEL_HI, Fld::SEXT})
    in[f] = swapBits01(in[f]);
  std::swap(in[Fld::SRC0_SEL], in[Fld::SRC1_SEL]);
  return in;
}

// Is `in` an instruction the encoder writes and the decoder reads back
// unchanged, and legal for the assembler (constant bus, VGPR-only slots)?
bool roundTrips(const Target& t, const Inst& in) {
  uint8_t buf[16];
  std::string err;
  size_t n = encodeInst(t, in, buf, &err);
  if (n == 0) return false;
  Inst again;
  return decode(t, buf, n, &again).ok() && again == in && validateInst(t, in).empty();
}

bool nan16(uint32_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; }
bool nan32(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
bool nan64(uint32_t lo, uint32_t hi) {
  return (hi & 0x7ff00000u) == 0x7ff00000u && ((hi & 0xfffffu) != 0 || lo != 0);
}

// States equal except, for an FP row, result words where both sides are
// NaNs of the result type (16-bit halves, 32-bit words or 64-bit pairs).
std::string fpAwareDiff(const Inst& in, const sem::WaveState& a, const sem::WaveState& b) {
  const std::string_view m = in.desc().mnemonic;
  sem::WaveState bb = b;
  if (kSccTellsSource.count(m)) bb.scc = a.scc;
  if (isFpRow(m)) {
    const int bits = kCommutativeFp.at(m);
    const int dst = in[Fld::VDST];
    // V_MIN3/MAX3/MED3 take the first NaN source's rule (GcnInstrsVop3.md:
    // if ISNAN(SF0) then MAX(SF1, SF2), else if ISNAN(SF1) ...): with two
    // NaN sources, one signalling and one quiet, IEEE mode gives the third
    // source in one order and the quieted sNaN in the other. A NaN on one
    // side only is then the spec's (`-13` in an f32 source is the integer
    // pattern 0xfffffff3, a NaN: found by this property).
    const bool first_nan_rule = kFirstNanRule.count(m) != 0;
    auto tolerated = [&](bool x_nan, bool y_nan) {
      return (x_nan && y_nan) || (first_nan_rule && (x_nan || y_nan));
    };
    for (int l = 0; l < sem::kLanes; ++l) {
      if (bits == 64) {
        const int hi = (dst + 1) & 255;
        if (nan64(a.v[dst][l], a.v[hi][l]) && nan64(b.v[dst][l], b.v[hi][l]))
          bb.v[dst][l] = a.v[dst][l], bb.v[hi][l] = a.v[hi][l];
        continue;
      }
      const uint32_t x = a.v[dst][l], y = b.v[dst][l];
      if (bits == 32 && tolerated(nan32(x), nan32(y))) bb.v[dst][l] = x;
      if (bits == 16) {
        uint32_t r = y;
        for (int h = 0; h < 2; ++h) {
          const uint32_t xh = (x >> (16 * h)) & 0xffffu, yh = (y >> (16 * h)) & 0xffffu;
          if (xh != yh && tolerated(nan16(xh), nan16(yh)))
            r = (r & ~(0xffffu << (16 * h))) | xh << (16 * h);
        }
        bb.v[dst][l] = r;
      }
    }
  }
  return sem::testing::diffStates(a, bb);
}

// SRC0 op SRC1 == SRC1 op SRC0 for the reviewed rows, in every form but DPP
// (DPP permutes SRC0 only), with the modifiers that travel with a source.
RC_GTEST_PROP(OpLaws, CommutativeOpsCommute, (const WaveInit& w)) {
  static const auto g = genInstWhere([](const Target&, int row, Form f) {
    const std::string_view m = instDesc(row).mnemonic;
    return f != Form::DPP && hasSem(row) && (kCommutativeInt.count(m) || kCommutativeFp.count(m));
  });
  GenInst gi = *g;
  Inst a = gi.inst;
  // A partial SDWA destination of an FP result would cut a NaN into bytes
  // whose payload origin the comparison could not tell apart.
  if (a.form == Form::SDWA && isFpRow(a.desc().mnemonic)) a[Fld::DST_SEL] = 6;
  Inst b = swapSources(a);
  RC_PRE(roundTrips(gi.target, a) && roundTrips(gi.target, b));
  const sem::Path path = *genPath();
  auto wa = newState(), wb = newState();
  uint32_t ia = 0, ib = 0;
  runInst(gi.target, a, w, path, wa.get(), &ia);
  runInst(gi.target, b, w, path, wb.get(), &ib);
  RC_LOG() << "swapped: " << printInst(b) << "  {" << debugString(b) << "}\n";
  RC_ASSERT(fpAwareDiff(a, *wa, *wb) == "");
}

// ------------------------------------------------------- operand swaps
// Pairs (A, B) with A(x, y) == B(y, x): V_SUBREV_* is "VDST = SRC1 - SRC0"
// (GcnInstrsVop2.md), V_SUBBREV likewise with the borrow; V_CMP_LT(x, y)
// == V_CMP_GT(y, x) etc. for every comparison (GcnInstrsVopc.md), which
// holds for NaN too (LT and GT are both false on unordered; NLT/NGT both
// true); S_CMP likewise (GcnInstrsSopc.md).
std::vector<std::pair<std::string, std::string>> swapPairs() {
  std::vector<std::pair<std::string, std::string>> v;
  for (const char* s : {"_f32", "_f16", "_i32", "_u32", "_co_u32", "_u16"})
    v.push_back({std::string("v_sub") + s, std::string("v_subrev") + s});
  for (const char* s : {"_u32", "_co_u32"})
    v.push_back({std::string("v_subb") + s, std::string("v_subbrev") + s});
  const std::pair<const char*, const char*> cmp[] = {
      {"lt", "gt"}, {"le", "ge"}, {"eq", "eq"}, {"ne", "ne"}, {"lg", "lg"}, {"nlt", "ngt"},
      {"nle", "nge"}, {"neq", "neq"}, {"nlg", "nlg"}, {"o", "o"}, {"u", "u"}, {"f", "f"},
      {"t", "t"}, {"tru", "tru"}, {"gt", "lt"}, {"ge", "le"}};
  for (const char* ty : {"_f16", "_f32", "_f64", "_i16", "_u16", "_i32", "_u32", "_i64", "_u64"})
    for (auto [x, y] : cmp)
      for (const char* p : {"v_cmp_", "v_cmpx_", "v_cmps_", "v_cmpsx_"})
        v.push_back({p + std::string(x) + ty, p + std::string(y) + ty});
  for (const char* ty : {"_i32", "_u32", "_u64"})
    for (auto [x, y] : cmp) v.push_back({"s_cmp_" + std::string(x) + ty, "s_cmp_" + std::string(y) + ty});
  return v;
}

struct SwapCand {
  int target, row_a, row_b;
};

const std::vector<SwapCand>& swapCands() {
  static const std::vector<SwapCand> v = [] {
    std::vector<SwapCand> out;
    for (const auto& [ma, mb] : swapPairs())
      for (int ti = 0; ti < int(propertyTargets().size()); ++ti) {
        const int ra = rowOn(targetAt(ti), ma), rb = rowOn(targetAt(ti), mb);
        if (ra >= 0 && rb >= 0 && hasSem(ra) && hasSem(rb) && !vgprOperands(instDesc(ra)).empty())
          out.push_back({ti, ra, rb});
      }
    return out;
  }();
  return v;
}

std::string vopSuffix(const InstDesc& d) {
  return d.enc == Enc::VOP1 || d.enc == Enc::VOP2 || d.enc == Enc::VOPC ? "_e64" : "";
}

rc::Gen<ProgramPair> genSwapPair() {
  return rc::gen::exec([] {
    const SwapCand& c = *rc::gen::elementOf(swapCands());
    const Target& t = targetAt(c.target);
    const InstDesc& da = instDesc(c.row_a);
    const InstDesc& db = instDesc(c.row_b);
    auto make = [&](std::vector<std::string> ops) {
      const std::string a = std::string(da.mnemonic) + vopSuffix(da) + joinOps(ops);
      std::swap(ops[size_t(srcIndex(da, 0))], ops[size_t(srcIndex(da, 1))]);
      return ProgramPair{t, a, std::string(db.mnemonic) + vopSuffix(db) + joinOps(ops)};
    };
    ProgramPair p = make(*genOperands(da, true));
    if (!parses(t, p.a) || !parses(t, p.b)) p = make(vgprOperands(da));
    return p;
  });
}

RC_GTEST_PROP(OpLaws, SwappedOperandsOfTheMirrorOp, (const WaveInit& w)) {
  assertSameEffect(*genSwapPair(), w, *genPath());
}

// ------------------------------------------- v_mad_*24 = v_mul_*24 + add
// V_MAD_U32_U24: VDST = SRC0[23:0] * SRC1[23:0] + SRC2 (GcnInstrsVop3.md),
// V_MUL_U32_U24: VDST = SRC0[23:0] * SRC1[23:0]: both read only the low 24
// bits, so the law holds for every input, not only 24-bit ones. The add
// is v_add_u32 (GFX9) or v_add_i32/v_add_u32 with a carry-out into
// s[40:41] (GFX6-8), which the comparison ignores.
RC_GTEST_PROP(OpLaws, Mad24IsMul24ThenAdd, (const WaveInit& w)) {
  const int ti = *rc::gen::inRange(0, int(propertyTargets().size()));
  const Target& t = targetAt(ti);
  const bool sign = *rc::gen::arbitrary<bool>();
  const InstDesc& mad = instDesc(rowOn(t, sign ? "v_mad_i32_i24" : "v_mad_u32_u24"));
  std::vector<std::string> ops = *genOperands(mad, true);  // v8, a, b, c
  const std::string add = t.gen >= Gen::GFX9   ? "v_add_u32_e64 v8, v8, "
                          : t.gen == Gen::GFX8 ? "v_add_u32_e64 v8, s[40:41], v8, "
                                               : "v_add_i32_e64 v8, s[40:41], v8, ";
  auto make = [&](const std::vector<std::string>& o) {
    return ProgramPair{t, std::string(mad.mnemonic) + joinOps(o),
                       std::string(sign ? "v_mul_i32_i24_e64 v8, " : "v_mul_u32_u24_e64 v8, ") +
                           o[1] + ", " + o[2] + "\n" + add + o[3]};
  };
  ProgramPair p = make(ops);
  if (!parses(t, p.a)) p = make(vgprOperands(mad));
  assertSameEffect(p, w, *genPath(), 40);
}

// -------------------------------------------------- s_*_saveexec expansion
// S_AND_SAVEEXEC_B64: SDST = EXEC; EXEC = SSRC0 & EXEC; SCC = EXEC != 0
// (GcnInstrsSop1.md) == s_mov_b64 SDST, exec; s_and_b64 exec, SSRC0, exec
// (S_AND_B64 sets SCC = result != 0). SDST and SSRC0 distinct: the
// Operation reads SSRC0 after writing SDST, the model reads first (the
// definitions' all-reads-before-writes rule); the aliasing case is not a law.
// S_ANDN1/ORN1 (GFX9): ~SSRC0 op EXEC; S_ANDN1/ANDN2_WREXEC (GFX9): EXEC =
// ~SSRC0 & EXEC / SSRC0 & ~EXEC; SDST = the new EXEC.
RC_GTEST_PROP(OpLaws, SaveexecIsItsExpansion, (const WaveInit& w)) {
  struct Ex {
    const char* op;
    const char* expansion;  // %D sdst, %S ssrc0
  };
  static const Ex kEx[] = {
      {"s_and_saveexec_b64", "s_mov_b64 %D, exec\ns_and_b64 exec, %S, exec"},
      {"s_or_saveexec_b64", "s_mov_b64 %D, exec\ns_or_b64 exec, %S, exec"},
      {"s_xor_saveexec_b64", "s_mov_b64 %D, exec\ns_xor_b64 exec, %S, exec"},
      {"s_andn2_saveexec_b64", "s_mov_b64 %D, exec\ns_andn2_b64 exec, %S, exec"},
      {"s_orn2_saveexec_b64", "s_mov_b64 %D, exec\ns_orn2_b64 exec, %S, exec"},
      {"s_nand_saveexec_b64", "s_mov_b64 %D, exec\ns_nand_b64 exec, %S, exec"},
      {"s_nor_saveexec_b64", "s_mov_b64 %D, exec\ns_nor_b64 exec, %S, exec"},
      {"s_xnor_saveexec_b64", "s_mov_b64 %D, exec\ns_xnor_b64 exec, %S, exec"},
      {"s_andn1_saveexec_b64", "s_mov_b64 %D, exec\ns_andn2_b64 exec, exec, %S"},
      {"s_orn1_saveexec_b64", "s_mov_b64 %D, exec\ns_orn2_b64 exec, exec, %S"},
      {"s_andn1_wrexec_b64", "s_andn2_b64 exec, exec, %S\ns_mov_b64 %D, exec"},
      {"s_andn2_wrexec_b64", "s_andn2_b64 exec, %S, exec\ns_mov_b64 %D, exec"},
  };
  const int ti = *rc::gen::inRange(0, int(propertyTargets().size()));
  const Target& t = targetAt(ti);
  const Ex& ex = *rc::gen::elementOf(std::vector<Ex>(std::begin(kEx), std::end(kEx)));
  const int r = rowOn(t, ex.op);
  // (computed first: RC_PRE's expression capture does not short-circuit)
  const bool exists = r >= 0 && hasSem(r);
  RC_PRE(exists);
  const std::string d = *rc::gen::element<std::string>("s[20:21]", "s[22:23]", "vcc");
  const std::string s = *rc::gen::oneOf(
      rc::gen::map(rc::gen::inRange(0, 8), [](int k) { return "s[" + std::to_string(2 * k) + ":" + std::to_string(2 * k + 1) + "]"; }),
      rc::gen::map(rc::gen::inRange(-16, 65), [](int k) { return std::to_string(k); }));
  std::string b = ex.expansion;
  for (size_t p; (p = b.find("%D")) != std::string::npos;) b.replace(p, 2, d);
  for (size_t p; (p = b.find("%S")) != std::string::npos;) b.replace(p, 2, s);
  assertSameEffect(ProgramPair{t, std::string(ex.op) + " " + d + ", " + s, b}, w, *genPath());
}

// ---------------------------------------------- v_cndmask, constant masks
// V_CNDMASK_B32: VDST = SSRC2[lane] ? SRC1 : SRC0 (GcnInstrsVop2.md): with
// an all-ones mask it is v_mov_b32 of SRC1, with an all-zero mask of SRC0.
RC_GTEST_PROP(OpLaws, CndmaskWithConstantMaskIsAMove, (const WaveInit& w)) {
  const int ti = *rc::gen::inRange(0, int(propertyTargets().size()));
  const Target& t = targetAt(ti);
  const InstDesc& d = instDesc(rowOn(t, "v_cndmask_b32"));
  const bool ones = *rc::gen::arbitrary<bool>();
  const bool e32 = *rc::gen::arbitrary<bool>();
  const std::string mask = e32 ? "vcc" : *rc::gen::element<std::string>("vcc", "s[20:21]", "s[30:31]");
  std::vector<std::string> ops = *genOperands(d, !e32);  // v8, a, b, vcc
  const std::string set = "s_mov_b64 " + mask + ", " + (ones ? "-1" : "0") + "\n";
  auto make = [&](const std::vector<std::string>& o) {
    return ProgramPair{t,
                       set + (e32 ? "v_cndmask_b32_e32 v8, " : "v_cndmask_b32_e64 v8, ") + o[1] +
                           ", " + o[2] + ", " + mask,
                       set + "v_mov_b32_e64 v8, " + (ones ? o[2] : o[1])};
  };
  ProgramPair p = make(ops);
  if (!parses(t, p.a.substr(set.size()))) p = make(vgprOperands(d));
  assertSameEffect(p, w, *genPath());
}

// --------------------------------------------- s_bfe of the remaining word
// S_BFE_U32: SDST = (SSRC0 >> SSRC1[4:0]) & ((1 << SSRC1[22:16]) - 1),
// SCC = SDST != 0 (GcnInstrsSop2.md). With width 32 - offset the mask keeps
// every bit the shift left (and for the unsigned form any wider width up to
// 31 too): s_lshr_b32 by the offset, which sets SCC the same way. S_BFE_I32
// sign-extends from bit width-1, the top bit of the shifted word exactly
// when width == 32 - offset: s_ashr_i32. Likewise the 64-bit forms with
// SSRC1[5:0] and width 64 - offset.
RC_GTEST_PROP(OpLaws, BfeOfTheWholeRestIsAShift, (const WaveInit& w)) {
  const int ti = *rc::gen::inRange(0, int(propertyTargets().size()));
  const Target& t = targetAt(ti);
  const bool wide = *rc::gen::arbitrary<bool>();
  const bool sign = *rc::gen::arbitrary<bool>();
  const int bits = wide ? 64 : 32;
  const int off = *rc::gen::inRange(0, bits);
  int width = bits - off;
  if (!sign && off > 0 && *rc::gen::arbitrary<bool>())
    width = *rc::gen::inRange(bits - off, bits == 32 ? 32 : 64);
  // Garbage in the unused control bits: the Operation reads only the fields.
  const uint32_t junk = *rc::gen::arbitrary<bool>() ? 0u : (*rc::gen::arbitrary<uint32_t>() & 0xff80ffc0u);
  const uint32_t ctl = junk | uint32_t(off) | uint32_t(width) << 16;
  const std::string src = wide ? "s[" + std::to_string(2 * *rc::gen::inRange(0, 8)) + ":" : "s";
  std::string s0 = wide ? src + std::to_string(std::stoi(src.substr(2)) + 1) + "]"
                        : "s" + std::to_string(*rc::gen::inRange(0, 16));
  const std::string d = wide ? "s[20:21]" : "s20";
  char ctl_text[16];
  std::snprintf(ctl_text, sizeof ctl_text, "0x%x", ctl);
  const std::string bfe = std::string("s_bfe_") + (sign ? "i" : "u") + std::to_string(bits);
  const std::string shift = std::string(sign ? "s_ashr_" : "s_lshr_") + (sign ? "i" : "b") + std::to_string(bits);
  assertSameEffect(ProgramPair{t, bfe + " " + d + ", " + s0 + ", " + ctl_text,
                               shift + " " + d + ", " + s0 + ", " + std::to_string(off)},
                   w, *genPath());
}

TEST(OpLaws, SwapPairsCoverEveryGeneration) {
  std::set<Gen> gens, all;
  for (const SwapCand& c : swapCands()) gens.insert(targetAt(c.target).gen);
  for (const Target& t : propertyTargets()) all.insert(t.gen);
  EXPECT_EQ(gens, all);
  EXPECT_GE(all.size(), 4u);
  EXPECT_GT(swapCands().size(), 300u);
}

}  // namespace
}  // namespace gcn::props
