// The print plans (print_plan.cc) are a faster way to the same text: on
// words of every opcode of every encoding, on every generation's CPU, the
// plan path must print exactly what the general path (printOperand per
// operand, printer.cc) prints, and the caller's-buffer printInst must give
// that text when there is room and SIZE_MAX when there is not.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "decoder/decoder.h"
#include "text/print_util.h"
#include "text/printer.h"
#include "isa/index.h"
#include "isa/target.h"

namespace gcn {
namespace {

// Register-file edges, specials, constants, literal, SDWA/DPP markers.
constexpr int kInteresting[] = {0,   1,   2,   3,   63,  64,  101, 102, 103, 104, 106,
                                107, 108, 111, 112, 123, 124, 125, 126, 127, 128, 129,
                                192, 193, 208, 235, 239, 240, 247, 248, 249, 250, 251,
                                253, 254, 255, 256, 257, 300, 510, 511};

uint64_t setField(uint64_t w, unsigned lo, unsigned width, uint64_t v) {
  uint64_t m = (width >= 64 ? ~0ull : (1ull << width) - 1) << lo;
  return (w & ~m) | ((v << lo) & m);
}

std::string general(const Inst& in) {
  std::string s;
  TextOut out(&s);
  printGeneral(in, &out);
  return s;
}

struct Counts {
  size_t printed = 0, planned = 0, raw = 0;
};

void check(const Inst& in, Counts* c) {
  ++c->printed;
  const std::string text = printInst(in);
  ASSERT_EQ(text, general(in)) << debugString(in);
  if (const PrintPlan* plan = printPlan(in)) {
    ++c->planned;
    // The plan path itself (printInst falls back to the general path when
    // it declines an Inst, so the comparison above alone would not see it).
    char raw[kPlanRoom];
    if (char* e = putWithPlan(*plan, in, raw, raw + sizeof raw)) {
      ++c->raw;
      ASSERT_EQ(std::string(raw, e), text) << debugString(in);
    }
  }
  char buf[1024];
  ASSERT_EQ(printInst(in, buf, sizeof buf), text.size()) << text;
  ASSERT_EQ(std::string(buf, text.size()), text);
  // The documented room: the text plus 2 (a ", " written before an operand
  // that turns out absent).
  ASSERT_EQ(printInst(in, buf, text.size() + 2), text.size()) << text;
  ASSERT_FALSE(text.empty());
  ASSERT_EQ(printInst(in, buf, text.size() - 1), SIZE_MAX) << text;
}

class PrintPlanVsGeneral : public ::testing::TestWithParam<const char*> {};

TEST_P(PrintPlanVsGeneral, SameText) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName(GetParam(), &t, &err)) << err;
  const GenIndex& gi = genIndex(t.gen);
  std::mt19937_64 rng(2026);
  Counts c;
  for (int e = 0; e < kNumEncs; ++e) {
    const EncIndex& ei = gi.enc[e];
    if (!ei.present || Enc(e) == Enc::SDWA || Enc(e) == Enc::DPP || Enc(e) == Enc::VOP3B)
      continue;  // not dword0 encodings of their own
    for (size_t op = 0; op < ei.rows.size(); ++op) {
      if (ei.rows[op] < 0) continue;
      for (int k = 0; k < 64; ++k) {
        uint64_t w = rng();
        if (k % 2) w &= rng() & rng();  // mostly zero fields
        for (const FieldSlot& s : ei.fields)
          if (s.fld != Fld::OP && rng() % 3 == 0)
            w = setField(w, s.lo, s.width, kInteresting[rng() % std::size(kInteresting)]);
        w = setField(w, 0, 32, (uint32_t(w) & ~ei.match_mask) | ei.match_value);
        w = setField(w, ei.op_lo, ei.op_width, op);
        const bool short_enc = Enc(e) == Enc::VOP1 || Enc(e) == Enc::VOP2 || Enc(e) == Enc::VOPC;
        if (short_enc && t.gen >= Gen::GFX8 && rng() % 2) {  // SDWA / DPP forms
          const bool sdwa = rng() % 2;
          for (const FieldSlot& s : ei.fields)
            if (s.fld == Fld::SRC0) w = setField(w, s.lo, s.width, sdwa ? 0xf9 : 0xfa);
          const EncIndex& xi = gi.enc[int(sdwa ? Enc::SDWA : Enc::DPP)];
          for (const FieldSlot& s : xi.fields)
            if (s.lo >= 32 && rng() % 2) w = setField(w, s.lo, s.width, rng() % 7);
        }
        uint8_t b[16];
        uint64_t tail = rng();
        for (int i = 0; i < 8; ++i) b[i] = uint8_t(w >> (8 * i));
        for (int i = 0; i < 8; ++i) b[8 + i] = uint8_t(tail >> (8 * i));
        Inst in;
        if (!decode(t, b, sizeof b, &in).ok()) continue;
        check(in, &c);
        if (HasFatalFailure()) return;
      }
    }
  }
  // Not vacuous: many words decode, and nearly all of them have a plan.
  EXPECT_GT(c.printed, 5000u);
  EXPECT_GT(c.planned * 100, c.printed * 99) << c.planned << " of " << c.printed;
  EXPECT_GT(c.raw * 100, c.planned * 95) << c.raw << " of " << c.planned;
  std::printf("%s: %zu printed, %zu by plan, %zu of them by the raw writers\n", GetParam(),
              c.printed, c.planned, c.raw);
}

INSTANTIATE_TEST_SUITE_P(Cpus, PrintPlanVsGeneral,
                         ::testing::Values("gfx600", "gfx700", "gfx803", "gfx900", "gfx906",
                                           "gfx908", "gfx90a", "gfx940", "gfx942"));

// An Inst whose enc is not the one its row's plan was built for (put
// together by hand) is printed by the general path, not by a wrong plan.
TEST(PrintPlan, OtherEncTakesGeneralPath) {
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err)) << err;
  const uint8_t v_add[] = {0x01, 0x05, 0x02, 0x02};  // v_add_f32_e32 v1, v1, v2
  Inst in;
  ASSERT_TRUE(decode(t, v_add, sizeof v_add, &in).ok());
  ASSERT_NE(printPlan(in), nullptr);
  Inst odd = in;
  odd.enc = Enc::VOP3;
  EXPECT_EQ(printPlan(odd), nullptr);
  EXPECT_EQ(printInst(odd), general(odd));
}

}  // namespace
}  // namespace gcn
