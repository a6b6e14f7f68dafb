// The plan fast path must agree with the full decode path on every word it
// takes: same status, size and Inst. Words are random, with each field of
// the encoding's layout biased towards the values where the canonicalisers'
// rules change (register-file edges, specials, constants, literal, lds_direct,
// SDWA/DPP markers), on every generation's CPU.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "decoder/decode_plan.h"
#include "decoder/decode_plan_types.h"
#include "decoder/decode_quick.h"
#include "decoder/decoder.h"
#include "isa/index.h"
#include "isa/inst_desc.h"
#include "isa/target.h"
#include "space/inst_space.h"

namespace gcn {
namespace {

// TTMPs (108-123, tba/tma below GFX9), the apertures and src_* specials
// (235-239, 251-253) are on the plans too.
constexpr int kInteresting[] = {0,   1,   2,   3,   4,   63,  64,  100, 101, 102, 103,
                                104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 116,
                                119, 120, 122, 123, 124, 125, 126, 127, 128, 129, 192,
                                193, 208, 209, 235, 236, 237, 238, 239, 240, 247, 248,
                                249, 250, 251, 252, 253, 254, 255, 256, 257, 300, 508,
                                509, 510, 511};

// Literal values around the inline constants: integers -16..64 (as 32,
// 16 and 64-bit), 0.5, 1, 2, 4 and 1/(2*pi) as f32, f16 and f64's high
// dword, with and without the high half of a 16-bit source.
constexpr uint32_t kInterestingLiterals[] = {
    0,          1,          64,         65,         0xfffffff0, 0xffffffef, 0xffffffff,
    0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0800000, 0x3e22f983,
    0x3f800001, 0x00003800, 0x00003c00, 0x0000bc00, 0x00004400, 0x00003118, 0x0000ffff,
    0x0000fff0, 0x0000ffef, 0x00010000, 0x00013c00, 0x3ff00000, 0xbff00000, 0x3fe00000,
    0x40100000, 0x3fc45f30, 0x12345678, 0x80000000};

uint64_t setField(uint64_t w, unsigned lo, unsigned width, uint64_t v) {
  uint64_t m = (width >= 64 ? ~0ull : (1ull << width) - 1) << lo;
  return (w & ~m) | ((v << lo) & m);
}

struct Stats {
  size_t words = 0, fast = 0;
  size_t plan = 0, quick = 0;  // words the plan path takes; of those, the quick records
};

// The quick records (decode_quick.h) against the plan path: a word they
// take, the plan path takes with the same Inst; a word they send to the
// full path, the plan path does not take (-1: the plan path decides).
void checkQuick(const Target& t, const uint8_t* b, size_t len, const char* hex, Stats* st) {
  Inst quick, plan;
  DecodeResult rp;
  const bool took = decodeWithPlanPath(t, b, len, &plan, &rp);
  st->plan += took;
  if (!quickAvailable() || len < 8) return;
  const int r = quickDecode(genPlans(t.gen), t.features, b, &quick);
  if (r < 0) return;
  if (r == 0) {
    ASSERT_FALSE(took) << t.name << " " << hex << ": the quick records sent to the full path a "
                       << "word the plan path takes\nplan: " << debugString(plan);
    return;
  }
  ++st->quick;
  ASSERT_TRUE(took) << t.name << " " << hex << ": the quick records took a word the plan path "
                    << "does not\nquick: " << debugString(quick);
  ASSERT_EQ(unsigned(r), rp.size) << t.name << " " << hex;
  ASSERT_EQ(quick, plan) << t.name << " " << hex << "\nquick: " << debugString(quick)
                         << "\nplan: " << debugString(plan);
}

void checkWord(const Target& t, const uint8_t* b, size_t len, Stats* st) {
  Inst fast, full;
  DecodeResult rf;
  ++st->words;
  bool took = decodeWithPlan(t, b, len, &fast, &rf);
  DecodeResult r = decodeFull(t, b, len, &full);
  // decode() is the plan, else the full path: the same answer either way.
  Inst via;
  DecodeResult rv = decode(t, b, len, &via);
  char hex[64];
  std::snprintf(hex, sizeof hex, "%02x%02x%02x%02x %02x%02x%02x%02x", b[3], b[2], b[1], b[0],
                len > 7 ? b[7] : 0, len > 6 ? b[6] : 0, len > 5 ? b[5] : 0, len > 4 ? b[4] : 0);
  ASSERT_EQ(rv.status, r.status) << t.name << " " << hex << "\ndecode(): " << debugString(via);
  ASSERT_EQ(rv.size, r.size) << t.name << " " << hex;
  if (r.ok()) {
    ASSERT_EQ(via, full) << t.name << " " << hex << "\n" << debugString(via) << "\nvs\n"
                         << debugString(full);
  }
  checkQuick(t, b, len, hex, st);
  if (::testing::Test::HasFatalFailure() || !took) return;
  ++st->fast;
  ASSERT_EQ(r.status, DecodeStatus::OK) << t.name << " " << hex << ": plan took a word the full "
                                        << "path rejects";
  ASSERT_EQ(rf.size, r.size) << t.name << " " << hex;
  ASSERT_EQ(fast, full) << t.name << " " << hex << "\nplan: " << debugString(fast)
                        << "\nfull: " << debugString(full);
}

void runCpu(const char* cpu, int per_opcode, Stats* st) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName(cpu, &t, &err)) << err;
  const GenIndex& gi = genIndex(t.gen);
  std::mt19937_64 rng(12345);
  for (int e = 0; e < kNumEncs; ++e) {
    const EncIndex& ei = gi.enc[e];
    if (!ei.present || Enc(e) == Enc::SDWA || Enc(e) == Enc::DPP || Enc(e) == Enc::VOP3B)
      continue;  // not dword0 encodings of their own
    for (size_t op = 0; op < ei.rows.size(); ++op) {
      if (ei.rows[op] < 0) continue;
      for (int k = 0; k < per_opcode; ++k) {
        uint64_t w = rng();
        // Mostly small words: most fields zero, a few set.
        if (k % 2) w &= rng() & rng();
        w = setField(w, 0, 32, (uint32_t(w) & ~ei.match_mask) | ei.match_value);
        w = setField(w, ei.op_lo, ei.op_width, op);
        for (const FieldSlot& s : ei.fields) {
          if (s.fld == Fld::OP) continue;
          switch (rng() % 4) {
            case 0: w = setField(w, s.lo, s.width, kInteresting[rng() % std::size(kInteresting)]); break;
            case 1: w = setField(w, s.lo, s.width, 0); break;
            default: break;
          }
        }
        w = setField(w, 0, 32, (uint32_t(w) & ~ei.match_mask) | ei.match_value);
        w = setField(w, ei.op_lo, ei.op_width, op);
        // E32 words: often an SDWA or DPP form (SRC0 0xf9 / 0xfa), with the
        // extension dword's fields biased the same way.
        const bool short_enc = Enc(e) == Enc::VOP1 || Enc(e) == Enc::VOP2 || Enc(e) == Enc::VOPC;
        if (short_enc && t.gen >= Gen::GFX8 && rng() % 2) {
          const Enc x = rng() % 2 ? Enc::SDWA : Enc::DPP;
          for (const FieldSlot& s : ei.fields)
            if (s.fld == Fld::SRC0) w = setField(w, s.lo, s.width, x == Enc::SDWA ? 0xf9 : 0xfa);
          for (const FieldSlot& s : gi.enc[int(x)].fields) {
            if (s.lo < 32) continue;
            switch (rng() % 5) {
              case 0: w = setField(w, s.lo, s.width, kInteresting[rng() % std::size(kInteresting)]); break;
              case 1: w = setField(w, s.lo, s.width, 0); break;
              case 2: w = setField(w, s.lo, s.width, rng() % 7); break;
              default: break;
            }
          }
        }
        uint8_t b[16];
        for (int i = 0; i < 8; ++i) b[i] = uint8_t(w >> (8 * i));
        uint64_t tail = rng();
        for (int i = 0; i < 8; ++i) b[8 + i] = uint8_t(tail >> (8 * i));
        size_t len = 16;
        if (k % 7 == 3) len = 4 + rng() % 12;  // truncated inputs too
        checkWord(t, b, len, st);
        if (::testing::Test::HasFatalFailure()) return;
        // A word with a literal: the values where the full path changes
        // it (inline constants of every width, 16-bit sources' high bits).
        Inst full;
        if (len >= 8 && ei.dwords == 1 && decodeFull(t, b, len, &full).ok() &&
            full.has_literal && full.size == 8) {
          for (uint32_t lit : kInterestingLiterals) {
            for (int i = 0; i < 4; ++i) b[4 + i] = uint8_t(lit >> (8 * i));
            checkWord(t, b, len, st);
            if (::testing::Test::HasFatalFailure()) return;
          }
        }
      }
    }
  }
}

class PlanVsFull : public ::testing::TestWithParam<const char*> {};

TEST_P(PlanVsFull, SameResultOnEveryWordThePlanTakes) {
  Stats st;
  runCpu(GetParam(), 256, &st);
  if (HasFatalFailure()) return;
  // Not vacuous: a good share of the words must take the plan, and where
  // the quick records run, most of the plan path's words take them.
  EXPECT_GT(st.fast * 10, st.words) << st.fast << " of " << st.words;
  if (quickAvailable()) {
    EXPECT_GT(st.quick * 10, st.plan * 7) << st.quick << " of " << st.plan;
  }
  std::printf("%s: %zu words, %zu took the plan, %zu of the plan path's %zu the quick records\n",
              GetParam(), st.words, st.fast, st.quick, st.plan);
}

INSTANTIATE_TEST_SUITE_P(Cpus, PlanVsFull,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906",
                                           "gfx908", "gfx90a", "gfx940", "gfx942"));

// Words of the families the plans cover (all printed by the
// full path): the plan takes each and agrees with the full path.
TEST(PlanVsFull, TakesTheNewFamilies) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  struct Case {
    const char* what;
    uint8_t b[8];
    size_t len;
  };
  const Case cases[] = {
      // checkOperands aligns misaligned SGPR ranges down.
      {"s_ff1_i32_b64 s0, s[0:1] (ssrc0 s1)", {0x01, 0x11, 0x80, 0xbe}, 4},
      {"v_cmp_eq_u64_e64 s[2:3] (sdst s3), v[1:2], v[2:3]",
       {0x03, 0x00, 0xea, 0xd0, 0x01, 0x05, 0x02, 0x00}, 8},
      {"global_atomic_umax v0, v0, s[2:3] (saddr s3)",
       {0x00, 0x80, 0x1c, 0xdd, 0x00, 0x00, 0x03, 0x00}, 8},
      // SMEM: SGPR offset with high offset bits set (cleared); no operands.
      {"s_buffer_atomic_umin_x2 s[0:1], s[0:3], exec_lo",
       {0x00, 0x00, 0x94, 0xc1, 0xfe, 0xff, 0x1f, 0x00}, 8},
      {"s_dcache_inv_vol (sbase bits set)", {0x04, 0x00, 0x88, 0xc0, 0x00, 0x00, 0x00, 0x00}, 8},
      // SCRATCH with saddr off / an SGPR; FLAT atomic without glc; lds loads.
      {"scratch_store_dwordx2 v0, v[0:1], off",
       {0x00, 0x40, 0x74, 0xdc, 0x00, 0x00, 0x7f, 0xff}, 8},
      {"scratch_store_short off, v0, s3", {0x00, 0x40, 0x68, 0xdc, 0x00, 0x00, 0x03, 0x00}, 8},
      {"flat_atomic_and_x2 v[0:1], v[0:1] (vdst ignored)",
       {0x00, 0x00, 0xa0, 0xdd, 0x00, 0x00, 0x00, 0x40}, 8},
      {"global_load_ubyte v[0:1], off lds", {0x00, 0xa0, 0x40, 0xdc, 0x00, 0x00, 0x7f, 0x00}, 8},
      {"buffer_load_dword off, s[0:3], s32 lds",
       {0x00, 0x00, 0x51, 0xe0, 0x00, 0x00, 0x00, 0x20}, 8},
      // VOP3P: op_sel_hi[2] of a 2-source op set by the full path.
      {"v_pk_sub_u16 v0, v1, v2 op_sel_hi:[0,0]",
       {0x00, 0x00, 0x8b, 0xd3, 0x01, 0x05, 0x02, 0x00}, 8},
      {"v_mad_mix_f32 v0, v1, v2, v2 op_sel:[0,0,1]",
       {0x00, 0x20, 0xa0, 0xd3, 0x01, 0x05, 0x0a, 0x04}, 8},
      // Encodings from llvm-mc-16 -mcpu=gfx900 --show-encoding.
      // Mandatory literals: the dword after the instruction.
      {"v_madak_f32 v1, v2, v3, 0x41200000", {0x02, 0x07, 0x02, 0x30, 0x00, 0x00, 0x20, 0x41}, 8},
      {"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x12345678",
       {0x01, 0x18, 0x00, 0xba, 0x78, 0x56, 0x34, 0x12}, 8},
      {"v_interp_p1_f32_e32 v1, v2, attr3.y", {0x02, 0x0d, 0x04, 0xd4}, 4},
      {"buffer_wbinvl1", {0x00, 0x00, 0xf8, 0xe0, 0x00, 0x00, 0x00, 0x00}, 8},
      {"s_atc_probe 7, s[2:3], 0x10", {0xc1, 0x01, 0x9a, 0xc0, 0x10, 0x00, 0x00, 0x00}, 8},
      // Cleared by the full path: abs bits of GFX9's integer op_sel rows
      // (errata VOP3_OPSEL_INT_MODS_IGNORED; llvm-mc prints v_mad_u16 v1,
      // v2, v3, v4), SOP1's unused ssrc0 (s_getpc_b64 s[2:3], ssrc0 = 5).
      {"v_mad_u16 v1, v2, v3, v4 (abs bits)", {0x01, 0x03, 0x04, 0xd2, 0x02, 0x07, 0x12, 0x04}, 8},
      {"s_getpc_b64 s[2:3] (ssrc0 set)", {0x05, 0x1c, 0x82, 0xbe}, 4},
      // GFX9 SMEM with SOE = 1, IMM = 0: the SGPR offset in SOFFSET (llvm-mc
      // prints s_load_dword s5, s[2:3], s7, the text of the SOE = 0 form).
      {"s_load_dword s5, s[2:3], s7 (soe)", {0x41, 0x41, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x0e}, 8},
      // GFX9 SDWA: src0/src1 neg from two places (bits 52 and 60).
      {"v_add_f32_sdwa v0, -v1, -v2", {0xf9, 0x04, 0x00, 0x02, 0x01, 0x16, 0x16, 0x16}, 8},
  };
  for (const Case& c : cases) {
    Inst fast, full;
    DecodeResult rf;
    ASSERT_TRUE(decodeWithPlan(t, c.b, c.len, &fast, &rf)) << c.what;
    DecodeResult r = decodeFull(t, c.b, c.len, &full);
    ASSERT_EQ(r.status, DecodeStatus::OK) << c.what;
    EXPECT_EQ(rf.size, r.size) << c.what;
    EXPECT_EQ(fast, full) << c.what << "\nplan: " << debugString(fast)
                          << "\nfull: " << debugString(full);
  }
}

// decode() (the quick records or the plans, then the full path) and the
// plan path alone against the full path on the instruction space's
// candidates: every row and form, operands swept per field and at random
// (space/inst_space.h; the bench stream is drawn from these). The
// biased random words above miss rows' own corners: v_interp_mov_f32's
// VOP3 form with a literal code in its parameter slot was one.
TEST(PlanVsFull, SameResultOnTheInstructionSpace) {
  for (const char* cpu : {"gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx908", "gfx90a",
                          "gfx940", "gfx942"}) {
    Target t;
    std::string err;
    ASSERT_TRUE(targetFromName(cpu, &t, &err)) << err;
    std::mt19937_64 rng(5);
    size_t n = 0, plan = 0;
    for (int id = 0; id < numInsts(); ++id) {
      if (!t.has(instDesc(id))) continue;
      for (Form f : formsOf(t, instDesc(id))) {
        forEachCandidate(t, id, f, 8, 64, rng, [&](const Candidate& c) {
          if (::testing::Test::HasFatalFailure()) return;
          Inst full, via, fast;
          const DecodeResult rf = decodeFull(t, c.bytes, c.len, &full);
          const DecodeResult rv = decode(t, c.bytes, c.len, &via);
          char hex[64];
          std::snprintf(hex, sizeof hex, "%02x%02x%02x%02x %02x%02x%02x%02x", c.bytes[3],
                        c.bytes[2], c.bytes[1], c.bytes[0], c.bytes[7], c.bytes[6], c.bytes[5],
                        c.bytes[4]);
          ++n;
          ASSERT_EQ(rv.status, rf.status) << cpu << " " << hex << " " << debugString(via);
          ASSERT_EQ(rv.size, rf.size) << cpu << " " << hex;
          if (rf.ok()) {
            ASSERT_EQ(via, full) << cpu << " " << hex << "\n" << debugString(via);
          }
          DecodeResult rp;
          if (!decodeWithPlanPath(t, c.bytes, c.len, &fast, &rp)) return;
          ++plan;
          ASSERT_TRUE(rf.ok()) << cpu << " " << hex << ": the plan path took a word the full "
                               << "path rejects\n" << debugString(fast);
          ASSERT_EQ(rp.size, rf.size) << cpu << " " << hex;
          ASSERT_EQ(fast, full) << cpu << " " << hex << "\nplan: " << debugString(fast)
                                << "\nfull: " << debugString(full);
        });
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
    std::printf("%s: %zu candidates, %zu taken by the plan path\n", cpu, n, plan);
    EXPECT_GT(plan, n / 2) << cpu;
  }
}

// Every value of every field, one field at a time: from a word the plan
// path takes (the first of the instruction space's candidates of each row
// and form), each field of the word's layout (dword0's encoding, and the
// SDWA/DPP dword) is set to each of its values (64 of them for fields
// wider than 9 bits) and the plan path must agree with the full path
// wherever it takes the result. The random words above sample the fields; this walks
// each field's values whole, so a plan's accepted set that drifts from the
// canonicalisers' rules fails here for any value of any row.
void sweepFields(const char* cpu, size_t* words, size_t* taken) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName(cpu, &t, &err)) << err;
  const GenIndex& gi = genIndex(t.gen);
  std::mt19937_64 rng(9);
  for (int id = 0; id < numInsts(); ++id) {
    if (!t.has(instDesc(id))) continue;
    for (Form f : formsOf(t, instDesc(id))) {
      Candidate base;
      bool found = false;
      forEachCandidate(t, id, f, 2, 8, rng, [&](const Candidate& c) {
        Inst in;
        DecodeResult r;
        if (!found && decodeWithPlanPath(t, c.bytes, c.len, &in, &r)) base = c, found = true;
      });
      if (found) {
        Inst in;
        ASSERT_TRUE(decodeFull(t, base.bytes, base.len, &in).ok());
        std::vector<FieldSlot> slots = gi.enc[int(in.enc)].fields;
        if (in.form == Form::SDWA || in.form == Form::DPP)
          for (const FieldSlot& s : gi.enc[int(in.form == Form::SDWA ? Enc::SDWA : Enc::DPP)].fields)
            if (s.lo >= 32) slots.push_back(s);
        uint64_t w0;
        std::memcpy(&w0, base.bytes, 8);
        for (const FieldSlot& s : slots) {
          if (s.fld == Fld::OP) continue;
          const uint64_t n = 1ull << s.width;
          const int count = s.width <= 9 ? int(n) : 64;
          for (int k = 0; k < count; ++k) {
            const uint64_t v = s.width <= 9 ? uint64_t(k) : k < 2 ? (k ? n - 1 : 0) : rng() % n;
            Candidate c = base;
            const uint64_t w = setField(w0, s.lo, s.width, v);
            std::memcpy(c.bytes, &w, 8);
            Inst fast, full;
            DecodeResult rp;
            ++*words;
            if (!decodeWithPlanPath(t, c.bytes, c.len, &fast, &rp)) continue;
            ++*taken;
            const DecodeResult rf = decodeFull(t, c.bytes, c.len, &full);
            ASSERT_TRUE(rf.ok()) << cpu << " " << instDesc(id).mnemonic << ": field "
                                 << int(s.fld) << " = " << v << ": the plan path took a word "
                                 << "the full path rejects\n" << debugString(fast);
            ASSERT_EQ(rp.size, rf.size) << cpu << " " << debugString(full);
            ASSERT_EQ(fast, full) << cpu << " field " << int(s.fld) << " = " << v
                                  << "\nplan: " << debugString(fast)
                                  << "\nfull: " << debugString(full);
          }
        }
      }
    }
  }
}

class PlanFieldSweep : public ::testing::TestWithParam<const char*> {};

TEST_P(PlanFieldSweep, EveryValueOfEveryField) {
  size_t words = 0, taken = 0;
  sweepFields(GetParam(), &words, &taken);
  if (HasFatalFailure()) return;
  EXPECT_GT(taken * 4, words) << taken << " of " << words;  // not vacuous
  std::printf("%s: %zu words, %zu taken by the plan path\n", GetParam(), words, taken);
}

INSTANTIATE_TEST_SUITE_P(Cpus, PlanFieldSweep,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906",
                                           "gfx908", "gfx90a", "gfx940", "gfx942"));

// A mandatory literal cut off: the plan path leaves the word to the full
// path (TRUNCATED) without touching the Inst.
TEST(PlanVsFull, TruncatedLiteral) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  const uint8_t b[8] = {0x02, 0x07, 0x02, 0x30, 0x00, 0x00, 0x20, 0x41};  // v_madak_f32
  for (size_t len = 4; len < 8; ++len) {
    Inst inst;
    inst.id = 7;
    DecodeResult r;
    EXPECT_FALSE(decodeWithPlanPath(t, b, len, &inst, &r)) << len;
    EXPECT_EQ(inst.id, 7) << len;
    EXPECT_EQ(decode(t, b, len, &inst).status, DecodeStatus::TRUNCATED) << len;
  }
  Inst inst;
  const DecodeResult r = decode(t, b, 8, &inst);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.size, 8);
  EXPECT_TRUE(inst.has_literal);
  EXPECT_EQ(inst.literal, 0x41200000u);
}

// Strict decoding never takes the plan: it needs the canonicalisers' verdict.
TEST(PlanVsFull, StrictUsesTheFullPath) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  // s_waitcnt with bits outside the counters: lenient clears them, strict rejects.
  const uint8_t b[4] = {0x7f, 0xff, 0x8c, 0xbf};
  Inst inst;
  DecodeOptions strict;
  strict.strict = true;
  EXPECT_EQ(decode(t, b, 4, &inst, strict).status, decodeFull(t, b, 4, &inst, strict).status);
  EXPECT_EQ(decode(t, b, 4, &inst, strict).status, DecodeStatus::RESERVED_BITS);
  DecodeResult r;
  EXPECT_FALSE(decodeWithPlan(t, b, 4, &inst, &r));  // bits 12-13 and 15: not a plain word
}

}  // namespace
}  // namespace gcn
