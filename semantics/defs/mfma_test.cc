// The matrix definitions beyond their layouts (isa/mfma_layout_test) and
// SMFMAC (smfmac_test): an inline-constant C, and the two numeric models of
// the float rows (Program::matrix_numerics): a case where they differ, and
// under the exact-sum model the fast path equal to the per-lane reference
// for every float MFMA and SMFMAC row of every CDNA processor, over the
// row's encodings and random states (the default model is covered by
// equivalence_test).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "isa/mfma.h"
#include "semantics/sem_testing.h"
#include "space/inst_space.h"

namespace gcn::sem {
namespace {

uint32_t f32(float f) { uint32_t x; std::memcpy(&x, &f, 4); return x; }

// v_mfma_f32_32x32x2f32: A[i][k] in lane i + 32k, B[k][j] in lane j + 32k.
// With A[i][0] = 2^30, A[i][1] = -2^30, B = 1 and C = 1, the chain rounds
// 1 + 2^30 to 2^30 and ends at 0; the exact sum is 1.
TEST(MatrixNumerics, ChainAndExactSumDifferOnCancellation) {
  for (Path path : {Path::FAST, Path::REFERENCE})
    for (MatrixNumerics m : {MatrixNumerics::FMA_CHAIN, MatrixNumerics::EXACT_SUM}) {
      auto w = std::make_unique<WaveState>();
      w->reset(Gen::GFX90A);
      for (int l = 0; l < 64; ++l) {
        w->v[32][l] = f32(l < 32 ? 1073741824.0f : -1073741824.0f);
        w->v[33][l] = f32(1.0f);
        for (int r = 0; r < 16; ++r) w->v[r][l] = f32(1.0f);
      }
      std::string err;
      ASSERT_TRUE(testing::runText(targetOrDie("gfx90a"),
                                   "v_mfma_f32_32x32x2f32 v[0:15], v32, v33, v[0:15]\ns_endpgm", *w,
                                   &err, path, nullptr, 1000, m))
          << err;
      const float want = m == MatrixNumerics::EXACT_SUM ? 1.0f : 0.0f;
      for (int r = 0; r < 16; ++r)
        for (int l = 0; l < 64; ++l)
          ASSERT_EQ(w->v[r][l], f32(want)) << matrixNumericsName(m) << " v" << r << " lane " << l;
    }
}

// GFX90A on: an inline constant C is every accumulator element, at the
// accumulator's width: 2.0 is 0x40000000 in each f32 or i32 element and
// 0x4000000000000000 in each f64 one.
TEST(Mfma, InlineConstantCIsOneAccumulatorElement) {
  struct Case {
    const char* cpu;
    const char* text;
    int dwords, step;  // registers of D; 2: f64 pairs
  };
  const Case cases[] = {
      {"gfx90a", "v_mfma_f32_32x32x2f32 v[0:15], v32, v33, 2.0", 16, 1},
      {"gfx90a", "v_mfma_i32_16x16x16i8 v[0:3], v32, v33, 2.0", 4, 1},
      {"gfx942", "v_mfma_f32_16x16x16_f16 v[0:3], v[32:33], v[34:35], 2.0", 4, 1},
      {"gfx90a", "v_mfma_f64_16x16x4f64 v[0:7], v[32:33], v[34:35], 2.0", 8, 2},
  };
  for (const Case& c : cases)
    for (Path path : {Path::FAST, Path::REFERENCE}) {
      auto w = std::make_unique<WaveState>();
      w->reset(Gen::GFX90A);
      std::string err;
      ASSERT_TRUE(testing::runText(targetOrDie(c.cpu), std::string(c.text) + "\ns_endpgm", *w, &err,
                                   path))
          << err;
      for (int r = 0; r < c.dwords; ++r)
        for (int l = 0; l < 64; ++l) {
          const uint32_t want = c.step == 2 ? (r % 2 ? 0x40000000u : 0u) : 0x40000000u;
          ASSERT_EQ(w->v[r][l], want) << c.text << " v" << r << " lane " << l;
        }
    }
}

// The 4x4 shapes of 16 blocks run lane by lane on the fast path, with A
// and B read in place when CBSZ and BLGP are zero: fast == reference for
// every such row over every CBSZ/ABID/BLGP and with D the same as C,
// overlapping A, B or part of C, or C a constant.
TEST(Mfma, FourByFourLanesMatchReferenceOverModifiersAndOverlaps) {
  std::mt19937_64 rng(7);
  auto w0 = std::make_unique<WaveState>();
  int rows = 0, runs = 0;
  for (const char* cpu : {"gfx908", "gfx90a", "gfx942"}) {
    const Target t = targetOrDie(cpu);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      const MfmaInfo* f = mfmaInfo(d);
      if (!f || f->sparse || f->blocks != 16 || !t.has(d)) continue;
      ++rows;
      // gfx908 keeps C and D in AGPRs; A and B may be either, so all are.
      const bool gfx908 = std::string(cpu) == "gfx908";
      auto tuple = [&](int r, int n) {
        const std::string file = gfx908 ? "a" : "v";
        return n == 1 ? file + std::to_string(r)
                      : file + "[" + std::to_string(r) + ":" + std::to_string(r + n - 1) + "]";
      };
      const std::string a = tuple(8, f->a_dwords), b = tuple(12, f->b_dwords);
      const std::string ab = ", " + a + ", " + b + ", ";
      // D, A, B, C
      std::vector<std::string> shapes = {
          tuple(0, 4) + ab + tuple(0, 4),  tuple(8, 4) + ab + tuple(0, 4),
          tuple(12, 4) + ab + tuple(0, 4), tuple(0, 4) + ab + tuple(20, 4),
          tuple(2, 4) + ab + tuple(0, 4),  tuple(0, 4) + ab + tuple(2, 4),
      };
      if (!gfx908) shapes.push_back(tuple(0, 4) + ab + "1.0");
      for (const std::string& ops : shapes)
        for (int cbsz = 0; cbsz <= 4; ++cbsz)
          for (int abid = 0; abid < (1 << cbsz); abid += cbsz > 1 ? 3 : 1)
            for (int blgp = 0; blgp < 8; ++blgp) {
              const std::string text = std::string(d.mnemonic) + " " + ops +
                                       " cbsz:" + std::to_string(cbsz) + " abid:" +
                                       std::to_string(abid) + " blgp:" + std::to_string(blgp) +
                                       "\ns_endpgm";
              testing::randomizeWave(*w0, t.gen, rng);
              WaveState wf = *w0, wr = *w0;
              std::string err;
              ASSERT_TRUE(testing::runText(t, text, wf, &err, Path::FAST)) << text << ": " << err;
              ASSERT_TRUE(testing::runText(t, text, wr, &err, Path::REFERENCE)) << err;
              ASSERT_EQ(testing::diffStates(wf, wr), "") << cpu << " " << text;
              ++runs;
            }
    }
  }
  std::printf("4x4 by lanes: %d rows, %d runs, fast == reference\n", rows, runs);
  // gfx908 and gfx90a: f32, f16, i8, bf16 (+ bf16_1k on gfx90a); gfx942:
  // the four _16b rows.
  EXPECT_EQ(rows, 4 + 5 + 4);
}

TEST(MatrixNumerics, NamesParse) {
  for (MatrixNumerics m : {MatrixNumerics::FMA_CHAIN, MatrixNumerics::EXACT_SUM}) {
    MatrixNumerics back = MatrixNumerics::FMA_CHAIN;
    ASSERT_TRUE(parseMatrixNumerics(matrixNumericsName(m), &back));
    EXPECT_EQ(back, m);
  }
  MatrixNumerics x;
  EXPECT_FALSE(parseMatrixNumerics("exact", &x));
}

TEST(MatrixNumerics, ExactSumFastMatchesReferenceOnEveryFloatRow) {
  std::mt19937_64 rng(99);
  auto w0 = std::make_unique<WaveState>();
  auto wf = std::make_unique<WaveState>();
  auto wr = std::make_unique<WaveState>();
  int rows = 0, instances = 0;
  for (const char* cpu : {"gfx908", "gfx90a", "gfx942"}) {
    const Target t = targetOrDie(cpu);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      const MfmaInfo* f = mfmaInfo(d);
      if (!f || f->cd == MType::I32 || !t.has(d)) continue;
      ++rows;
      for (Form form : formsOf(t, d)) {
        int n = 0;
        forEachCandidate(t, row, form, 3, 3, rng, [&](const Candidate& c) {
          Inst in;
          if (!decode(t, c.bytes, c.len, &in).ok() || in.id != row || n >= 3) return;
          ++n;
          testing::randomizeWave(*w0, t.gen, rng);
          uint32_t ipf = 0, ipr = 0;
          testing::runOne(t, in, Path::FAST, *w0, wf.get(), &ipf, MatrixNumerics::EXACT_SUM);
          testing::runOne(t, in, Path::REFERENCE, *w0, wr.get(), &ipr, MatrixNumerics::EXACT_SUM);
          ++instances;
          ASSERT_EQ(testing::diffStates(*wf, *wr), "") << cpu << " " << debugString(in);
        });
      }
    }
  }
  std::printf("exact-sum: %d float matrix rows, %d instances, fast == reference\n", rows, instances);
  // The float rows: gfx908 15 of 20, gfx90a 22 of 27, gfx940 39 of 46 (12
  // of them SMFMAC); the rest are int8.
  EXPECT_EQ(rows, 15 + 22 + 39);
}

}  // namespace
}  // namespace gcn::sem
