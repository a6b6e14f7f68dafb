// The spec's own Operation pseudo-code (shared/spec/clrx/GcnInstrs*.md),
// transcribed here independently of semantics/ (plain z3::expr, read
// literally: C shift semantics as Z3's, sequential statements in order),
// proved equal to our definitions for all inputs (Z3 check 3).
//
// A disagreement is our bug or a spec erratum. Known errata are listed with
// their row id (isa/errata/*.inc) and, where one exists, the input domain on
// which the spec text is right: the test proves agreement on that domain
// and shows the counterexample outside it, so an erratum stays evidence.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "isa/errata.h"
#include "isa/target.h"
#include "prove/z3_check.h"
#include "semantics/emulator/program.h"
#include "semantics/emulator/wave_state.h"
#include "semantics/z3/z3_ctx.h"

namespace gcn::sem {
namespace {

using E = z3::expr;

// What the Operation block reads...
struct In {
  E s0, s1, d, scc, exec, vcc;  // s0/s1/d 32 or 64 bits as the form says
  uint32_t imm;                  // SOPK immediate
};
// ...and writes (unset: unchanged).
struct Out {
  std::optional<E> d, scc, exec, vcc_bit;
};

enum Form { S2, S2_64, S2_64_32, S1, S1_64, S1_32_64, SC, SC_64, SC_64_32, SK, V2, V2_CARRY, V3_CLAMP, V3_CARRY_CLAMP };

struct Entry {
  const char* mnemonic;
  Form form;
  std::function<Out(const In&)> spec;
  const char* erratum = nullptr;  // row id when the spec text is known wrong
  std::function<E(const In&)> where;  // the domain on which it is right
  const char* cpu = "gfx900";
};

// ---- literal helpers for the transcription -----------------------------
E k32(const E& like, uint64_t v) { return like.ctx().bv_val(v, 32); }
E k64(const E& like, uint64_t v) { return like.ctx().bv_val(v, 64); }
E zx(const E& x) { return z3::zext(x, 64 - x.get_sort().bv_size()); }
E sx(const E& x) { return z3::sext(x, 64 - x.get_sort().bv_size()); }
E lo(const E& x) { return x.extract(31, 0); }
E ne0(const E& x) { return x != x.ctx().bv_val(0, x.get_sort().bv_size()); }
E b2v(const E& b, unsigned w) { return z3::ite(b, b.ctx().bv_val(1, w), b.ctx().bv_val(0, w)); }
E bitcount(const E& x) {
  E s = x.ctx().bv_val(0, 32);
  for (unsigned i = 0; i < x.get_sort().bv_size(); ++i) s = s + z3::zext(x.extract(i, i), 31);
  return s;
}
E revbit(const E& x) {
  E r = x.extract(0, 0);
  for (unsigned i = 1; i < x.get_sort().bv_size(); ++i) r = z3::concat(r, x.extract(i, i));
  return r;
}
Out dscc(const E& d) { Out o; o.d = d; o.scc = ne0(d); return o; }  // SDST = ..; SCC = SDST!=0
Out donly(const E& d) { Out o; o.d = d; return o; }
Out sccOnly(const E& b) { Out o; o.scc = b; return o; }
E simm(const In& i) { return k32(i.d, uint32_t(int32_t(int16_t(i.imm)))); }

// BFE, literally: two independent ifs (SEM_SOP2_BFE_LENGTH0).
E bfe(const E& s0, const E& s1, bool sign) {
  const unsigned w = s0.get_sort().bv_size();
  auto ext = [&](const E& x) { return w == 32 ? x : z3::zext(x, 32); };
  E shift = ext(s1 & k32(s1, w - 1));                                // UINT8 shift = SSRC1 & (w-1)
  E length = ext(z3::lshr(s1, k32(s1, 16)) & k32(s1, 0x7f));         // UINT8 length = (SSRC1>>16) & 0x7f
  E W = s0.ctx().bv_val(w, w);
  E left = z3::shl(s0, W - shift - length);
  E inside = sign ? z3::ashr(left, W - length) : z3::lshr(left, W - length);
  E outside = sign ? z3::ashr(s0, shift) : z3::lshr(s0, shift);
  // "if (length==0) SDST = 0" is overwritten by the if/else that follows.
  return z3::ite(z3::ult(shift + length, W), inside, outside);
}
E sovf(const E& temp) {  // temp > ((1LL<<31)-1) || temp < (-1LL<<31)
  return z3::sgt(temp, k64(temp, 0x7fffffff)) || z3::slt(temp, k64(temp, 0xffffffff80000000ull));
}

std::vector<Entry> entries() {
  std::vector<Entry> v;
  auto add = [&](const char* m, Form f, std::function<Out(const In&)> s) { v.push_back({m, f, s}); };
  // ---------------- SOP2 (GcnInstrsSop2.md)
  add("s_absdiff_i32", S2, [](const In& i) { E t = i.s0 - i.s1; return dscc(z3::ite(z3::slt(t, k32(t, 0)), -t, t)); });
  add("s_addc_u32", S2, [](const In& i) {
    E t = zx(i.s0) + zx(i.s1) + b2v(i.scc, 64); Out o; o.d = lo(t); o.scc = ne0(z3::lshr(t, k64(t, 32))); return o; });
  add("s_add_i32", S2, [](const In& i) { Out o; o.d = i.s0 + i.s1; o.scc = sovf(sx(i.s0) + sx(i.s1)); return o; });
  add("s_add_u32", S2, [](const In& i) {
    E t = zx(i.s0) + zx(i.s1); Out o; o.d = lo(t); o.scc = ne0(z3::lshr(t, k64(t, 32))); return o; });
  add("s_and_b32", S2, [](const In& i) { return dscc(i.s0 & i.s1); });
  add("s_and_b64", S2_64, [](const In& i) { return dscc(i.s0 & i.s1); });
  add("s_andn2_b32", S2, [](const In& i) { return dscc(i.s0 & ~i.s1); });
  add("s_andn2_b64", S2_64, [](const In& i) { return dscc(i.s0 & ~i.s1); });
  add("s_ashr_i32", S2, [](const In& i) { return dscc(z3::ashr(i.s0, i.s1 & k32(i.s1, 31))); });
  add("s_ashr_i64", S2_64_32, [](const In& i) { return dscc(z3::ashr(i.s0, zx(i.s1 & k32(i.s1, 63)))); });
  v.push_back({"s_bfe_i32", S2, [](const In& i) { return dscc(bfe(i.s0, i.s1, true)); }, "SEM_SOP2_BFE_LENGTH0",
               [](const In& i) { return (z3::lshr(i.s1, k32(i.s1, 16)) & k32(i.s1, 0x7f)) != k32(i.s1, 0); }});
  v.push_back({"s_bfe_i64", S2_64_32, [](const In& i) { return dscc(bfe(i.s0, i.s1, true)); }, "SEM_SOP2_BFE_LENGTH0",
               [](const In& i) { return (z3::lshr(i.s1, k32(i.s1, 16)) & k32(i.s1, 0x7f)) != k32(i.s1, 0); }});
  add("s_bfe_u32", S2, [](const In& i) { return dscc(bfe(i.s0, i.s1, false)); });
  add("s_bfe_u64", S2_64_32, [](const In& i) { return dscc(bfe(i.s0, i.s1, false)); });
  add("s_bfm_b32", S2, [](const In& i) {
    return donly(z3::shl(z3::shl(k32(i.s0, 1), i.s0 & k32(i.s0, 31)) - k32(i.s0, 1), i.s1 & k32(i.s1, 31))); });
  add("s_bfm_b64", S2, [](const In& i) {
    E one = k64(i.s0, 1);
    return donly(z3::shl(z3::shl(one, zx(i.s0 & k32(i.s0, 63))) - one, zx(i.s1 & k32(i.s1, 63)))); });
  add("s_cselect_b32", S2, [](const In& i) { return donly(z3::ite(i.scc, i.s0, i.s1)); });
  add("s_cselect_b64", S2_64, [](const In& i) { return donly(z3::ite(i.scc, i.s0, i.s1)); });
  add("s_lshl_b32", S2, [](const In& i) { return dscc(z3::shl(i.s0, i.s1 & k32(i.s1, 31))); });
  add("s_lshl_b64", S2_64_32, [](const In& i) { return dscc(z3::shl(i.s0, zx(i.s1 & k32(i.s1, 63)))); });
  for (int n = 1; n <= 4; ++n) {
    static const char* names[] = {"", "s_lshl1_add_u32", "s_lshl2_add_u32", "s_lshl3_add_u32", "s_lshl4_add_u32"};
    add(names[n], S2, [n](const In& i) {
      E t = z3::shl(zx(i.s0), k64(i.s0, unsigned(n))) + zx(i.s1);  // UINT64 TMP = (SSRC0<<N) + SSRC1
      Out o; o.d = lo(t); o.scc = z3::uge(t, k64(t, 1ull << 32)); return o; });
  }
  add("s_lshr_b32", S2, [](const In& i) { return dscc(z3::lshr(i.s0, i.s1 & k32(i.s1, 31))); });
  add("s_lshr_b64", S2_64_32, [](const In& i) { return dscc(z3::lshr(i.s0, zx(i.s1 & k32(i.s1, 63)))); });
  add("s_max_i32", S2, [](const In& i) { Out o; o.d = z3::ite(z3::sgt(i.s0, i.s1), i.s0, i.s1); o.scc = z3::sgt(i.s0, i.s1); return o; });
  add("s_max_u32", S2, [](const In& i) { Out o; o.d = z3::ite(z3::ugt(i.s0, i.s1), i.s0, i.s1); o.scc = z3::ugt(i.s0, i.s1); return o; });
  add("s_min_i32", S2, [](const In& i) { Out o; o.d = z3::ite(z3::slt(i.s0, i.s1), i.s0, i.s1); o.scc = z3::slt(i.s0, i.s1); return o; });
  add("s_min_u32", S2, [](const In& i) { Out o; o.d = z3::ite(z3::ult(i.s0, i.s1), i.s0, i.s1); o.scc = z3::ult(i.s0, i.s1); return o; });
  add("s_mul_hi_i32", S2, [](const In& i) { return donly(lo(z3::ashr(sx(i.s0) * sx(i.s1), k64(i.s0, 32)))); });
  add("s_mul_hi_u32", S2, [](const In& i) { return donly(lo(z3::lshr(zx(i.s0) * zx(i.s1), k64(i.s0, 32)))); });
  add("s_mul_i32", S2, [](const In& i) { return donly(i.s0 * i.s1); });
  add("s_nand_b32", S2, [](const In& i) { return dscc(~(i.s0 & i.s1)); });
  add("s_nand_b64", S2_64, [](const In& i) { return dscc(~(i.s0 & i.s1)); });
  add("s_nor_b32", S2, [](const In& i) { return dscc(~(i.s0 | i.s1)); });
  add("s_nor_b64", S2_64, [](const In& i) { return dscc(~(i.s0 | i.s1)); });
  add("s_or_b32", S2, [](const In& i) { return dscc(i.s0 | i.s1); });
  add("s_or_b64", S2_64, [](const In& i) { return dscc(i.s0 | i.s1); });
  add("s_orn2_b32", S2, [](const In& i) { return dscc(i.s0 | ~i.s1); });
  add("s_orn2_b64", S2_64, [](const In& i) { return dscc(i.s0 | ~i.s1); });
  add("s_pack_hh_b32_b16", S2, [](const In& i) { return donly(z3::lshr(i.s0, k32(i.s0, 16)) | (i.s1 & k32(i.s1, 0xffff0000u))); });
  add("s_pack_lh_b32_b16", S2, [](const In& i) { return donly((i.s0 & k32(i.s0, 0xffff)) | (i.s1 & k32(i.s1, 0xffff0000u))); });
  add("s_pack_ll_b32_b16", S2, [](const In& i) { return donly((i.s0 & k32(i.s0, 0xffff)) | z3::shl(i.s1 & k32(i.s1, 0xffff), k32(i.s1, 16))); });
  add("s_subb_u32", S2, [](const In& i) {
    E t = zx(i.s0) - zx(i.s1) - b2v(i.scc, 64); Out o; o.d = lo(t); o.scc = ne0(z3::lshr(t, k64(t, 32)) & k64(t, 1)); return o; });
  add("s_sub_i32", S2, [](const In& i) { Out o; o.d = i.s0 - i.s1; o.scc = sovf(sx(i.s0) - sx(i.s1)); return o; });
  add("s_sub_u32", S2, [](const In& i) {
    E t = zx(i.s0) - zx(i.s1); Out o; o.d = lo(t); o.scc = ne0(z3::lshr(t, k64(t, 32))); return o; });
  add("s_xnor_b32", S2, [](const In& i) { return dscc(~(i.s0 ^ i.s1)); });
  add("s_xnor_b64", S2_64, [](const In& i) { return dscc(~(i.s0 ^ i.s1)); });
  add("s_xor_b32", S2, [](const In& i) { return dscc(i.s0 ^ i.s1); });
  add("s_xor_b64", S2_64, [](const In& i) { return dscc(i.s0 ^ i.s1); });

  // ---------------- SOP1 (GcnInstrsSop1.md)
  add("s_abs_i32", S1, [](const In& i) { return dscc(z3::ite(z3::slt(i.s0, k32(i.s0, 0)), -i.s0, i.s0)); });
  auto saveexec = [&](const char* m, std::function<E(const E&, const E&)> f, const char* erratum = nullptr) {
    v.push_back({m, S1_64, [f](const In& i) {  // SDST = EXEC; EXEC = f; SCC = EXEC!=0
      Out o; o.d = i.exec; o.exec = f(i.s0, i.exec); o.scc = ne0(*o.exec); return o; }, erratum});
  };
  saveexec("s_and_saveexec_b64", [](const E& s, const E& e) { return s & e; });
  saveexec("s_andn1_saveexec_b64", [](const E& s, const E& e) { return ~s & e; });
  saveexec("s_andn2_saveexec_b64", [](const E& s, const E& e) { return s & ~e; });
  saveexec("s_nand_saveexec_b64", [](const E& s, const E& e) { return ~(s & e); });
  saveexec("s_nor_saveexec_b64", [](const E& s, const E& e) { return ~(s | e); });
  saveexec("s_or_saveexec_b64", [](const E& s, const E& e) { return s | e; });
  // Both Operation blocks of S_ORN2_SAVEEXEC_B64 are copies of others.
  saveexec("s_orn2_saveexec_b64", [](const E& s, const E& e) { return ~s & e; }, "SEM_SOP1_ORN2_SAVEEXEC_OPERATION");
  saveexec("s_xnor_saveexec_b64", [](const E& s, const E& e) { return ~(s ^ e); });
  saveexec("s_xor_saveexec_b64", [](const E& s, const E& e) { return s ^ e; });
  add("s_andn1_wrexec_b64", S1_64, [](const In& i) { Out o; o.exec = ~i.s0 & i.exec; o.d = o.exec; o.scc = ne0(*o.exec); return o; });
  add("s_andn2_wrexec_b64", S1_64, [](const In& i) { Out o; o.exec = i.s0 & ~i.exec; o.d = o.exec; o.scc = ne0(*o.exec); return o; });
  add("s_bcnt0_i32_b32", S1, [](const In& i) { return dscc(bitcount(~i.s0)); });
  add("s_bcnt0_i32_b64", S1_32_64, [](const In& i) { return dscc(bitcount(~i.s0)); });
  add("s_bcnt1_i32_b32", S1, [](const In& i) { return dscc(bitcount(i.s0)); });
  add("s_bcnt1_i32_b64", S1_32_64, [](const In& i) { return dscc(bitcount(i.s0)); });
  add("s_bitreplicate_b64_b32", S1, [](const In& i) {
    E d = k64(i.s0, 0);
    for (unsigned k = 0; k < 32; ++k)
      d = d | z3::shl((z3::lshr(zx(i.s0), k64(d, k)) & k64(d, 1)) * k64(d, 3), k64(d, k << 1));
    return donly(d); });
  add("s_bitset0_b32", S1, [](const In& i) { return donly(i.d & ~z3::shl(k32(i.d, 1), i.s0 & k32(i.s0, 31))); });
  add("s_bitset0_b64", S1_32_64, [](const In& i) { return donly(i.d & ~z3::shl(k64(i.d, 1), zx(i.s0 & k32(i.s0, 63)))); });
  add("s_bitset1_b32", S1, [](const In& i) { return donly(i.d | z3::shl(k32(i.d, 1), i.s0 & k32(i.s0, 31))); });
  add("s_bitset1_b64", S1_32_64, [](const In& i) { return donly(i.d | z3::shl(k64(i.d, 1), zx(i.s0 & k32(i.s0, 63)))); });
  add("s_brev_b32", S1, [](const In& i) { return donly(revbit(i.s0)); });
  add("s_brev_b64", S1_64, [](const In& i) { return donly(revbit(i.s0)); });
  add("s_cmov_b32", S1, [](const In& i) { return donly(z3::ite(i.scc, i.s0, i.d)); });
  add("s_cmov_b64", S1_64, [](const In& i) { return donly(z3::ite(i.scc, i.s0, i.d)); });
  // SDST = -1; for i from the bottom (ff) or top (flbit): first match wins.
  auto findFirst = [](const E& x, bool want_one, bool from_top, bool dist_from_top) {
    const unsigned w = x.get_sort().bv_size();
    E r = k32(x, 0xffffffffu);
    // Build the loop's "first hit" as an ite chain from the last iteration back.
    for (unsigned n = 0; n < w; ++n) {
      const unsigned i = from_top ? n : w - 1 - n;  // iterations in reverse order
      E hit = (x.extract(i, i) == x.ctx().bv_val(want_one ? 1 : 0, 1));
      r = z3::ite(hit, k32(x, dist_from_top ? w - 1 - i : i), r);
    }
    return r;
  };
  add("s_ff0_i32_b32", S1, [=](const In& i) { return donly(findFirst(i.s0, false, false, false)); });
  add("s_ff0_i32_b64", S1_32_64, [=](const In& i) { return donly(findFirst(i.s0, false, false, false)); });
  add("s_ff1_i32_b32", S1, [=](const In& i) { return donly(findFirst(i.s0, true, false, false)); });
  add("s_ff1_i32_b64", S1_32_64, [=](const In& i) { return donly(findFirst(i.s0, true, false, false)); });
  add("s_flbit_i32_b32", S1, [=](const In& i) { return donly(findFirst(i.s0, true, true, true)); });
  add("s_flbit_i32_b64", S1_32_64, [=](const In& i) { return donly(findFirst(i.s0, true, true, true)); });
  // UINT32 bitval = (INT32)SSRC0>=0 ? 1 : 0; first i from 31 with bit i == bitval
  add("s_flbit_i32", S1, [](const In& i) {
    E bitval = z3::ite(z3::sge(i.s0, k32(i.s0, 0)), k32(i.s0, 1), k32(i.s0, 0));
    E r = k32(i.s0, 0xffffffffu);
    for (int b = 0; b <= 31; ++b) {
      E m = z3::shl(k32(i.s0, 1), k32(i.s0, unsigned(b)));
      r = z3::ite((m & i.s0) == z3::shl(bitval, k32(i.s0, unsigned(b))), k32(i.s0, 31u - unsigned(b)), r);
    }
    return donly(r); });
  // The same with the spec's 32-bit '(1U<<i)' for i up to 63.
  v.push_back({"s_flbit_i32_i64", S1_32_64, [](const In& i) {
    E bitval = z3::ite(z3::sge(i.s0, k64(i.s0, 0)), k64(i.s0, 1), k64(i.s0, 0));
    E r = k32(i.s0, 0xffffffffu);
    for (int b = 0; b <= 63; ++b) {
      E m = zx(z3::shl(k32(i.s0, 1), k32(i.s0, unsigned(b))));  // 1U << i (32-bit)
      r = z3::ite((m & i.s0) == z3::shl(bitval, k64(i.s0, unsigned(b))), k32(i.s0, 63u - unsigned(b)), r);
    }
    return donly(r); }, "SEM_SOP1_FLBIT_I64_SHIFT",
    [](const In& i) { return z3::ult(i.s0, k64(i.s0, 1ull << 32)); }});
  add("s_mov_b32", S1, [](const In& i) { return donly(i.s0); });
  add("s_mov_b64", S1_64, [](const In& i) { return donly(i.s0); });
  add("s_not_b32", S1, [](const In& i) { return dscc(~i.s0); });
  add("s_not_b64", S1_64, [](const In& i) { return dscc(~i.s0); });
  add("s_quadmask_b32", S1, [](const In& i) {
    E t = k32(i.s0, 0);
    for (unsigned n = 0; n < 8; ++n)
      t = t | z3::ite(ne0(z3::lshr(i.s0, k32(t, n << 2)) & k32(t, 15)), k32(t, 1u << n), k32(t, 0));
    return dscc(t); });
  add("s_quadmask_b64", S1_64, [](const In& i) {
    E t = k64(i.s0, 0);
    for (unsigned n = 0; n < 16; ++n)
      t = t | z3::ite(ne0(z3::lshr(i.s0, k64(t, n << 2)) & k64(t, 15)), k64(t, 1u << n), k64(t, 0));
    return dscc(t); });
  add("s_sext_i32_i8", S1, [](const In& i) { return donly(z3::sext(i.s0.extract(7, 0), 24)); });
  add("s_sext_i32_i16", S1, [](const In& i) { return donly(z3::sext(i.s0.extract(15, 0), 16)); });
  add("s_wqm_b32", S1, [](const In& i) {
    E t = k32(i.s0, 0);
    for (unsigned n = 0; n < 32; n += 4)
      t = t | z3::ite(ne0(z3::lshr(i.s0, k32(t, n)) & k32(t, 15)), k32(t, 15u << n), k32(t, 0));
    return dscc(t); });
  add("s_wqm_b64", S1_64, [](const In& i) {
    E t = k64(i.s0, 0);
    for (unsigned n = 0; n < 64; n += 4)
      t = t | z3::ite(ne0(z3::lshr(i.s0, k64(t, n)) & k64(t, 15)), k64(t, 15ull << n), k64(t, 0));
    return dscc(t); });

  // ---------------- SOPC (GcnInstrsSopc.md)
  add("s_bitcmp0_b32", SC, [](const In& i) { return sccOnly((i.s0 & z3::shl(k32(i.s0, 1), i.s1 & k32(i.s1, 31))) == k32(i.s0, 0)); });
  add("s_bitcmp1_b32", SC, [](const In& i) { return sccOnly(ne0(i.s0 & z3::shl(k32(i.s0, 1), i.s1 & k32(i.s1, 31)))); });
  add("s_bitcmp0_b64", SC_64_32, [](const In& i) { return sccOnly((i.s0 & z3::shl(k64(i.s0, 1), zx(i.s1 & k32(i.s1, 63)))) == k64(i.s0, 0)); });
  add("s_bitcmp1_b64", SC_64_32, [](const In& i) { return sccOnly(ne0(i.s0 & z3::shl(k64(i.s0, 1), zx(i.s1 & k32(i.s1, 63))))); });
  add("s_cmp_eq_i32", SC, [](const In& i) { return sccOnly(i.s0 == i.s1); });
  add("s_cmp_eq_u32", SC, [](const In& i) { return sccOnly(i.s0 == i.s1); });
  add("s_cmp_eq_u64", SC_64, [](const In& i) { return sccOnly(i.s0 == i.s1); });
  add("s_cmp_lg_i32", SC, [](const In& i) { return sccOnly(i.s0 != i.s1); });
  add("s_cmp_lg_u32", SC, [](const In& i) { return sccOnly(i.s0 != i.s1); });
  add("s_cmp_lg_u64", SC_64, [](const In& i) { return sccOnly(i.s0 != i.s1); });
  add("s_cmp_ge_i32", SC, [](const In& i) { return sccOnly(z3::sge(i.s0, i.s1)); });
  add("s_cmp_ge_u32", SC, [](const In& i) { return sccOnly(z3::uge(i.s0, i.s1)); });
  add("s_cmp_gt_i32", SC, [](const In& i) { return sccOnly(z3::sgt(i.s0, i.s1)); });
  add("s_cmp_gt_u32", SC, [](const In& i) { return sccOnly(z3::ugt(i.s0, i.s1)); });
  add("s_cmp_le_i32", SC, [](const In& i) { return sccOnly(z3::sle(i.s0, i.s1)); });
  add("s_cmp_le_u32", SC, [](const In& i) { return sccOnly(z3::ule(i.s0, i.s1)); });
  add("s_cmp_lt_i32", SC, [](const In& i) { return sccOnly(z3::slt(i.s0, i.s1)); });
  add("s_cmp_lt_u32", SC, [](const In& i) { return sccOnly(z3::ult(i.s0, i.s1)); });

  // ---------------- SOPK (GcnInstrsSopk.md); IMM16 zero-, SIMM16 sign-extended
  add("s_addk_i32", SK, [](const In& i) { Out o; o.d = i.d + simm(i); o.scc = sovf(sx(i.d) + sx(simm(i))); return o; });
  add("s_cmovk_i32", SK, [](const In& i) { return donly(z3::ite(i.scc, simm(i), i.d)); });
  add("s_cmpk_eq_i32", SK, [](const In& i) { return sccOnly(i.d == simm(i)); });
  add("s_cmpk_lg_i32", SK, [](const In& i) { return sccOnly(i.d != simm(i)); });
  add("s_cmpk_ge_i32", SK, [](const In& i) { return sccOnly(z3::sge(i.d, simm(i))); });
  add("s_cmpk_gt_i32", SK, [](const In& i) { return sccOnly(z3::sgt(i.d, simm(i))); });
  add("s_cmpk_le_i32", SK, [](const In& i) { return sccOnly(z3::sle(i.d, simm(i))); });
  add("s_cmpk_lt_i32", SK, [](const In& i) { return sccOnly(z3::slt(i.d, simm(i))); });
  add("s_cmpk_eq_u32", SK, [](const In& i) { return sccOnly(i.d == k32(i.d, i.imm)); });
  add("s_cmpk_lg_u32", SK, [](const In& i) { return sccOnly(i.d != k32(i.d, i.imm)); });
  add("s_cmpk_ge_u32", SK, [](const In& i) { return sccOnly(z3::uge(i.d, k32(i.d, i.imm))); });
  add("s_cmpk_gt_u32", SK, [](const In& i) { return sccOnly(z3::ugt(i.d, k32(i.d, i.imm))); });
  add("s_cmpk_le_u32", SK, [](const In& i) { return sccOnly(z3::ule(i.d, k32(i.d, i.imm))); });
  add("s_cmpk_lt_u32", SK, [](const In& i) { return sccOnly(z3::ult(i.d, k32(i.d, i.imm))); });
  // "SCC = SIMM16" (and no SDST write) is the spec text.
  v.push_back({"s_movk_i32", SK, [](const In& i) { return sccOnly(ne0(simm(i))); }, "SOPK_MOVK_OPERATION"});
  add("s_mulk_i32", SK, [](const In& i) { return donly(i.d * simm(i)); });

  // ---------------- VOP2 integer (GcnInstrsVop2.md), one lane: VDST of an
  // active lane; SDST bit of the lane (others 0: "SDST = 0; SDST = ... mask")
  auto vop = [&](const char* m, Form f, std::function<Out(const In&)> s, const char* cpu = "gfx900") {
    v.push_back({m, f, s, nullptr, nullptr, cpu});
  };
  auto carryOut = [](const E& t) { return ne0(z3::lshr(t, k64(t, 32))); };
  vop("v_add_co_u32", V2_CARRY, [=](const In& i) { E t = zx(i.s0) + zx(i.s1); Out o; o.d = lo(t); o.vcc_bit = carryOut(t); return o; });
  vop("v_add_co_u32", V3_CARRY_CLAMP, [=](const In& i) {
    E t = zx(i.s0) + zx(i.s1); Out o; o.d = lo(z3::ite(z3::ugt(t, k64(t, 0xffffffffu)), k64(t, 0xffffffffu), t)); o.vcc_bit = carryOut(t); return o; });
  vop("v_add_i32", V2_CARRY, [=](const In& i) { E t = zx(i.s0) + zx(i.s1); Out o; o.d = lo(t); o.vcc_bit = carryOut(t); return o; }, "gfx700");
  vop("v_add_u32", V2, [](const In& i) { return donly(lo(zx(i.s0) + zx(i.s1))); });
  vop("v_add_u32", V3_CLAMP, [](const In& i) {
    E t = zx(i.s0) + zx(i.s1); return donly(lo(z3::ite(z3::ugt(t, k64(t, 0xffffffffu)), k64(t, 0xffffffffu), t))); });
  auto addc = [=](const In& i) {
    E cc = b2v(ne0(i.vcc & k64(i.vcc, 1)), 64);  // lane 0: mask = 1
    E t = zx(i.s0) + zx(i.s1) + cc; Out o; o.d = lo(t); o.vcc_bit = carryOut(t); return o; };
  vop("v_addc_co_u32", V2_CARRY, addc);
  vop("v_addc_u32", V2_CARRY, addc, "gfx700");
  vop("v_and_b32", V2, [](const In& i) { return donly(i.s0 & i.s1); });
  vop("v_ashrrev_i32", V2, [](const In& i) { return donly(z3::ashr(i.s1, i.s0 & k32(i.s0, 31))); });
  vop("v_cndmask_b32", V2_CARRY, [](const In& i) { return donly(z3::ite(ne0(i.vcc & k64(i.vcc, 1)), i.s1, i.s0)); });
  vop("v_lshlrev_b32", V2, [](const In& i) { return donly(z3::shl(i.s1, i.s0 & k32(i.s0, 31))); });
  vop("v_lshrrev_b32", V2, [](const In& i) { return donly(z3::lshr(i.s1, i.s0 & k32(i.s0, 31))); });
  vop("v_max_i32", V2, [](const In& i) { return donly(z3::ite(z3::sgt(i.s0, i.s1), i.s0, i.s1)); });
  vop("v_max_u32", V2, [](const In& i) { return donly(z3::ite(z3::ugt(i.s0, i.s1), i.s0, i.s1)); });
  vop("v_min_i32", V2, [](const In& i) { return donly(z3::ite(z3::slt(i.s0, i.s1), i.s0, i.s1)); });
  vop("v_min_u32", V2, [](const In& i) { return donly(z3::ite(z3::ult(i.s0, i.s1), i.s0, i.s1)); });
  vop("v_mul_hi_u32_u24", V2, [](const In& i) {
    return donly(lo(z3::lshr(zx(i.s0 & k32(i.s0, 0xffffff)) * zx(i.s1 & k32(i.s1, 0xffffff)), k64(i.s0, 32)))); });
  auto i24 = [](const E& x) { return (x & k32(x, 0x7fffff)) | z3::ite(ne0(x & k32(x, 0x800000)), k32(x, 0xff800000u), k32(x, 0)); };
  vop("v_mul_hi_i32_i24", V2, [=](const In& i) { return donly(lo(z3::ashr(sx(i24(i.s0)) * sx(i24(i.s1)), k64(i.s0, 32)))); });
  vop("v_mul_i32_i24", V2, [=](const In& i) { return donly(i24(i.s0) * i24(i.s1)); });
  vop("v_mul_u32_u24", V2, [](const In& i) { return donly((i.s0 & k32(i.s0, 0xffffff)) * (i.s1 & k32(i.s1, 0xffffff))); });
  vop("v_or_b32", V2, [](const In& i) { return donly(i.s0 | i.s1); });
  vop("v_xor_b32", V2, [](const In& i) { return donly(i.s0 ^ i.s1); });
  auto sub = [=](bool rev, bool borrow) {
    return [=](const In& i) {
      E a = rev ? i.s1 : i.s0, b = rev ? i.s0 : i.s1;
      E t = zx(a) - zx(b) - (borrow ? b2v(ne0(i.vcc & k64(i.vcc, 1)), 64) : k64(a, 0));
      Out o; o.d = lo(t); o.vcc_bit = carryOut(t); return o; };
  };
  vop("v_sub_co_u32", V2_CARRY, sub(false, false));
  vop("v_subrev_co_u32", V2_CARRY, sub(true, false));
  vop("v_subb_co_u32", V2_CARRY, sub(false, true));
  vop("v_subbrev_co_u32", V2_CARRY, sub(true, true));
  vop("v_sub_u32", V2, [](const In& i) { return donly(i.s0 - i.s1); });
  // INT64 TEMP = (UINT64)SRC0 - SRC1; VDST = CLAMP ? MAX(0, TEMP) : TEMP
  vop("v_sub_u32", V3_CLAMP, [](const In& i) {
    E t = zx(i.s0) - zx(i.s1); return donly(lo(z3::ite(z3::slt(t, k64(t, 0)), k64(t, 0), t))); });
  vop("v_subrev_u32", V3_CLAMP, [](const In& i) {
    E t = zx(i.s1) - zx(i.s0); return donly(lo(z3::ite(z3::slt(t, k64(t, 0)), k64(t, 0), t))); });
  // VDST = CLAMP ? (temp>>32 ? 0 : temp) : temp; SDST lane bit = temp>>32
  vop("v_sub_co_u32", V3_CARRY_CLAMP, [=](const In& i) {
    E t = zx(i.s0) - zx(i.s1); Out o; o.d = lo(z3::ite(carryOut(t), k64(t, 0), t)); o.vcc_bit = carryOut(t); return o; });
  vop("v_subrev_co_u32", V3_CARRY_CLAMP, [=](const In& i) {
    E t = zx(i.s1) - zx(i.s0); Out o; o.d = lo(z3::ite(carryOut(t), k64(t, 0), t)); o.vcc_bit = carryOut(t); return o; });
  // UINT32 TEMP = (SRC0 & 0xffff) + (SRC1 & 0xffff); VDST = CLAMP ? MIN(0xffff, TEMP) : TEMP
  // "VDST = TEMP" keeps bit 16 of the sum (SEM_VALU_16BIT_HIGH_HALF: the
  // result is 16 bits); right whenever the sum fits.
  v.push_back({"v_add_u16", V2, [](const In& i) { return donly((i.s0 & k32(i.s0, 0xffff)) + (i.s1 & k32(i.s1, 0xffff))); },
               "SEM_VALU_16BIT_HIGH_HALF",
               [](const In& i) { return z3::ult((i.s0 & k32(i.s0, 0xffff)) + (i.s1 & k32(i.s1, 0xffff)), k32(i.s0, 0x10000)); }});
  vop("v_add_u16", V3_CLAMP, [](const In& i) {
    E t = (i.s0 & k32(i.s0, 0xffff)) + (i.s1 & k32(i.s1, 0xffff));
    return donly(z3::ite(z3::ugt(t, k32(t, 0xffff)), k32(t, 0xffff), t)); });
  // INT32 TEMP = (SRC0 & 0xffff) - (SRC1 & 0xffff); VDST = CLAMP ? MAX(TEMP, 0) : TEMP
  v.push_back({"v_sub_u16", V2, [](const In& i) { return donly((i.s0 & k32(i.s0, 0xffff)) - (i.s1 & k32(i.s1, 0xffff))); },
               "SEM_VALU_16BIT_HIGH_HALF",
               [](const In& i) { return z3::uge(i.s0 & k32(i.s0, 0xffff), i.s1 & k32(i.s1, 0xffff)); }});
  vop("v_sub_u16", V3_CLAMP, [](const In& i) {
    E t = (i.s0 & k32(i.s0, 0xffff)) - (i.s1 & k32(i.s1, 0xffff));
    return donly(z3::ite(z3::slt(t, k32(t, 0)), k32(t, 0), t)); });
  vop("v_lshlrev_b16", V2, [](const In& i) { return donly(z3::shl(i.s1, i.s0 & k32(i.s0, 15)) & k32(i.s0, 0xffff)); });
  // The 32-bit SRC1 is shifted in the text (found by this test).
  v.push_back({"v_lshrrev_b16", V2, [](const In& i) { return donly(z3::lshr(i.s1, i.s0 & k32(i.s0, 15)) & k32(i.s0, 0xffff)); },
               "SEM_Z3_LSHRREV_B16_SOURCE_WIDTH", [](const In& i) { return z3::ult(i.s1, k32(i.s1, 0x10000)); }});
  vop("v_mul_lo_u16", V2, [](const In& i) { return donly(((i.s0 & k32(i.s0, 0xffff)) * (i.s1 & k32(i.s1, 0xffff))) & k32(i.s0, 0xffff)); });
  vop("v_max_u16", V2, [](const In& i) { E a = i.s0 & k32(i.s0, 0xffff), b = i.s1 & k32(i.s1, 0xffff); return donly(z3::ite(z3::ugt(a, b), a, b)); });
  vop("v_min_u16", V2, [](const In& i) { E a = i.s0 & k32(i.s0, 0xffff), b = i.s1 & k32(i.s1, 0xffff); return donly(z3::ite(z3::ult(a, b), a, b)); });
  vop("v_subrev_u32", V2, [](const In& i) { return donly(i.s1 - i.s0); });
  return v;
}

// Assembly text of an entry.
std::string asmText(const Entry& e, uint32_t imm) {
  const std::string m = e.mnemonic;
  switch (e.form) {
    case S2: return m + (m == "s_bfm_b64" ? " s[0:1], s2, s4" : " s0, s2, s4");
    case S2_64: return m + " s[0:1], s[2:3], s[4:5]";
    case S2_64_32: return m + " s[0:1], s[2:3], s4";
    case S1: return m + (m == "s_bitreplicate_b64_b32" ? " s[0:1], s2" : " s0, s2");
    case S1_64: return m + " s[0:1], s[2:3]";
    case S1_32_64:
      return m.find("bitset") != std::string::npos ? m + " s[0:1], s2" : m + " s0, s[2:3]";
    case SC: return m + " s2, s4";
    case SC_64: return m + " s[2:3], s[4:5]";
    case SC_64_32: return m + " s[2:3], s4";
    case SK: return m + " s0, " + std::to_string(imm);
    case V2: return m + "_e32 v0, v1, v2";
    case V2_CARRY:
      if (m == "v_cndmask_b32") return m + "_e32 v0, v1, v2, vcc";
      if (m.find("addc") != std::string::npos || m.find("subb") != std::string::npos)
        return m + "_e32 v0, vcc, v1, v2, vcc";
      return m + "_e32 v0, vcc, v1, v2";
    case V3_CLAMP: return m + "_e64 v0, v1, v2 clamp";
    case V3_CARRY_CLAMP: return m + "_e64 v0, vcc, v1, v2 clamp";
  }
  return m;
}

struct Tally { int proved = 0, errata = 0, failed = 0, undefined = 0; };

void checkEntry(const Entry& e, uint32_t imm, Tally* tally) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName(e.cpu, &t, &err)) << err;
  const std::string text = asmText(e, imm);
  SCOPED_TRACE(text);
  if (!findZ3Sem(e.mnemonic)) {
    // Pending VALU definitions: counted and listed, not proved.
    std::printf("[z3] %-40s no definition yet\n", text.c_str());
    ++tally->undefined;
    return;
  }
  Program p;
  ASSERT_TRUE(buildProgramFromText(t, text, 0, Path::REFERENCE, &p, &err)) << err;
  ASSERT_EQ(p.size(), 1u);
  z3::context c;
  Z3Scope scope(c);
  WaveState proto;
  proto.reset(t.gen);
  Z3Init init(c, 1);
  Z3Wave w(init, proto.fp, t.gen);
  const bool vector = e.form >= V2;
  const bool w64s0 = e.form == S2_64 || e.form == S2_64_32 || e.form == S1_64 || e.form == S1_32_64 ||
                     e.form == SC_64 || e.form == SC_64_32;
  const bool w64s1 = e.form == S2_64 || e.form == SC_64;
  const bool w64d = e.form == S2_64 || e.form == S2_64_32 || e.form == S1_64 ||
                    (e.form == S1_32_64 && std::string(e.mnemonic).find("bitset") != std::string::npos) ||
                    std::string(e.mnemonic) == "s_bitreplicate_b64_b32" || std::string(e.mnemonic) == "s_bfm_b64";
  auto s32 = [&](int r) { return init.sreg(r).e; };
  auto s64 = [&](int r) { return z3::concat(init.sreg(r + 1).e, init.sreg(r).e); };
  In in{c.bv_val(0, 32), c.bv_val(0, 32), c.bv_val(0, 32), init.scc().e,
        z3::concat(init.sreg(127).e, init.sreg(126).e), z3::concat(init.sreg(107).e, init.sreg(106).e), imm};
  if (vector) {
    in.s0 = init.vreg(1, 0).e;
    in.s1 = init.vreg(2, 0).e;
    in.d = init.vreg(0, 0).e;
  } else if (e.form == SK) {
    in.d = s32(0);
  } else {
    in.s0 = w64s0 ? s64(2) : s32(2);
    in.s1 = w64s1 ? s64(4) : s32(4);
    if (e.form == S1_32_64 && std::string(e.mnemonic).find("bitset") != std::string::npos) in.s0 = s32(2);
    if (std::string(e.mnemonic) == "s_bitreplicate_b64_b32") in.s0 = s32(2);
    in.d = w64d ? s64(0) : s32(0);
  }
  const In in0 = in;
  ASSERT_TRUE(w.step(p.code[0])) << (w.unsupported.empty() ? "" : w.unsupported[0]);
  Out o = e.spec(in0);

  // Our semantics vs the transcription, every architectural output.
  E claim = c.bool_val(true);
  E exec0 = in0.exec.extract(0, 0) == c.bv_val(1, 1);
  if (vector) {
    E ours = w.vreg(0, 0).e;
    claim = claim && (ours == (o.d ? z3::ite(exec0, *o.d, in0.d) : in0.d));
    E vcc_after = z3::concat(w.sreg(107).e, w.sreg(106).e);
    if (o.vcc_bit)
      claim = claim && (vcc_after == z3::zext(z3::ite(exec0 && *o.vcc_bit, c.bv_val(1, 1), c.bv_val(0, 1)), 63));
    else
      claim = claim && (vcc_after == in0.vcc);
  } else {
    E d_after = w64d ? w.sreg64(0).e : w.sreg(0).e;
    claim = claim && (d_after == (o.d ? *o.d : in0.d));
    claim = claim && (w.scc().e == (o.scc ? *o.scc : in0.scc));
    claim = claim && (w.exec().e == (o.exec ? *o.exec : in0.exec));
  }
  const unsigned timeout = prop::defaultTimeoutMs();
  if (!e.erratum) {
    prop::CheckResult r = prop::proveClaim(c, claim, timeout);
    std::printf("[z3] %-40s %s in %.3f s\n", text.c_str(), prop::verdictName(r.verdict), r.seconds);
    EXPECT_EQ(r.verdict, prop::Verdict::PROVED)
        << text << ": " << prop::verdictName(r.verdict)
        << (r.verdict == prop::Verdict::TIMEOUT ? " (timeout counts as a failure)" : "")
        << (r.model ? "\nspec and semantics differ; counterexample:\n" + r.model->to_string() : "");
    (r.verdict == prop::Verdict::PROVED ? tally->proved : tally->failed)++;
    return;
  }
  // A known erratum: the row exists, the spec text is refuted, and (with a
  // domain) holds there.
  EXPECT_NE(findErratum(e.erratum), nullptr) << "errata row " << e.erratum << " is missing";
  prop::CheckResult bad = prop::proveClaim(c, claim, timeout);
  EXPECT_EQ(bad.verdict, prop::Verdict::REFUTED)
      << text << ": the spec text of erratum " << e.erratum << " now agrees with our semantics";
  std::string cex;
  if (bad.model) {
    for (const Z3Init::Var& v : init.vars())
      cex += " " + v.name + "=" + bad.model->eval(v.e, true).to_string();
  }
  bool ok = bad.verdict == prop::Verdict::REFUTED;
  if (e.where) {
    E dom = e.where(in0);
    prop::CheckResult good = prop::proveClaim(c, claim, timeout, &dom);
    EXPECT_EQ(good.verdict, prop::Verdict::PROVED) << text << ": outside erratum " << e.erratum;
    ok = ok && good.verdict == prop::Verdict::PROVED;
  }
  std::printf("[z3] %-40s erratum %s (counterexample:%s)\n", text.c_str(), e.erratum, cex.c_str());
  (ok ? tally->errata : tally->failed)++;
}

TEST(Z3Spec, OperationPseudoCodeAgreesWithSemantics) {
  Tally t;
  for (const Entry& e : entries()) {
    if (e.form == SK) {
      for (uint32_t imm : {0u, 1u, 0x7fffu, 0x8000u, 0xffffu, 0x1234u}) checkEntry(e, imm, &t);
    } else {
      checkEntry(e, 0, &t);
    }
  }
  std::printf("[z3] spec transcription: %d proved, %d known errata confirmed, %d failed, "
              "%d without a definition yet\n", t.proved, t.errata, t.failed, t.undefined);
  EXPECT_EQ(t.failed, 0);
  EXPECT_GT(t.proved, 100);
}

}  // namespace
}  // namespace gcn::sem
