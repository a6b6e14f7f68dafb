// SMFMAC against a dense host product: a random 4:2 sparse A is compressed
// into its stored values and index fields, placed by the register formulas
// AMD's matrix instruction calculator prints for the instruction (written out
// here, independently of isa/mfma.h), run on both paths and compared with
// C + A * B over the dense A. The values are small integers, so the f16
// product is exact in f32 and any accumulation order gives the same bits.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "isa/target_testing.h"
#include "semantics/sem_testing.h"

namespace gcn::sem {
namespace {

uint16_t f16Of(int v) {  // small integers only: exact
  if (v == 0) return 0;
  const uint16_t sign = v < 0 ? 0x8000 : 0;
  int m = v < 0 ? -v : v, e = 0;
  while (m >= 2 << e) ++e;
  return uint16_t(sign | (e + 15) << 10 | ((m << (10 - e)) & 0x3ff));
}

struct Sparse {
  int a[32][64] = {};  // dense A[i][k]
  int b[64][32] = {};
  int c[32][32] = {};
  int pos[32][16][2] = {};  // [i][group][stored value]: dense position in the group
};

Sparse randomSparse(int m, int n, int k, std::mt19937& rng) {
  Sparse s;
  std::uniform_int_distribution<int> val(-7, 7), p(0, 3);
  for (int i = 0; i < m; ++i)
    for (int g = 0; g < k / 4; ++g) {
      int p0 = p(rng), p1 = p(rng);
      while (p1 == p0) p1 = p(rng);
      if (p1 < p0) std::swap(p0, p1);
      s.pos[i][g][0] = p0;
      s.pos[i][g][1] = p1;
      s.a[i][4 * g + p0] = val(rng);
      s.a[i][4 * g + p1] = val(rng);
    }
  for (int kk = 0; kk < k; ++kk)
    for (int j = 0; j < n; ++j) s.b[kk][j] = val(rng);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) s.c[i][j] = val(rng) * 100;
  return s;
}

class Smfmac : public ::testing::TestWithParam<Path> {
 protected:
  void SetUp() override { w = std::make_unique<WaveState>(); w->reset(Gen::GFX940); }
  void run(const std::string& text) {
    std::string err;
    ASSERT_TRUE(testing::runText(targetOrDie("gfx942"), text + "\ns_endpgm", *w, &err, GetParam()))
        << err << "\n" << text;
  }
  void setBits(int reg, int lane, int bit, int width, uint32_t v) {
    uint32_t& x = w->v[reg][lane];
    const uint32_t mask = (width == 32 ? ~0u : (1u << width) - 1) << bit;
    x = (x & ~mask) | ((v << bit) & mask);
  }
  std::unique_ptr<WaveState> w;
};

// v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10: A[i][k] at lane
// 16 * (k / 16) + i, register (k / 8) % 2, the group's two bytes from bit
// 16 * ((k / 4) % 2); index field at bit 4 * ((k / 4) % 4) + 16 * set;
// B[k][j] lane 16 * (k / 16) + j, register (k / 4) % 4, byte k % 4; D[i][j]
// register i % 4, lane 16 * (i / 4) + j.
TEST_P(Smfmac, I8AgainstTheDenseProduct) {
  for (int variant = 0; variant < 3; ++variant) {
    // {cbsz, abid} -> the index set read: {0,1} -> 1, {1,1} -> 0, {0,3} -> 1.
    const int cbsz = variant == 1 ? 1 : 0, abid = variant == 2 ? 3 : 1, set = cbsz ? 0 : abid % 2;
    std::mt19937 rng(7 + variant);
    const Sparse s = randomSparse(16, 16, 64, rng);
    for (int l = 0; l < 64; ++l)
      for (int r = 0; r < 11; ++r) w->v[r][l] = rng();  // the other index set: noise
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < 16; ++g) {
        const int k = 4 * g, lane = 16 * (k / 16) + i;
        for (int v = 0; v < 2; ++v)
          setBits(4 + (k / 8) % 2, lane, 16 * ((k / 4) % 2) + 8 * v, 8,
                  uint32_t(s.a[i][k + s.pos[i][g][v]]) & 0xff);
        setBits(10, lane, 4 * ((k / 4) % 4) + 16 * set, 4,
                uint32_t(s.pos[i][g][0] | s.pos[i][g][1] << 2));
      }
    for (int k = 0; k < 64; ++k)
      for (int j = 0; j < 16; ++j)
        setBits(6 + (k / 4) % 4, 16 * (k / 16) + j, 8 * (k % 4), 8, uint32_t(s.b[k][j]) & 0xff);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) w->v[i % 4][16 * (i / 4) + j] = uint32_t(s.c[i][j]);
    run("v_smfmac_i32_16x16x64_i8 v[0:3], v[4:5], v[6:9], v10 cbsz:" + std::to_string(cbsz) +
        " abid:" + std::to_string(abid));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        int want = s.c[i][j];
        for (int k = 0; k < 64; ++k) want += s.a[i][k] * s.b[k][j];
        ASSERT_EQ(int32_t(w->v[i % 4][16 * (i / 4) + j]), want)
            << "cbsz " << cbsz << " abid " << abid << " D[" << i << "][" << j << "]";
      }
  }
}

// v_smfmac_f32_32x32x16_f16 a[0:15], v[16:17], v[18:21], v22 abid:2, D in
// AccVGPRs: A[i][k] lane 32 * (k / 8) + i, register (k / 4) % 2, both
// halves; index field at bit 4 * ((k / 4) % 2) + 8 * abid; B[k][j] lane
// 32 * (k / 8) + j, register (k % 8) / 2, half k % 2; D[i][j] register
// 4 * (i / 8) + i % 4, lane 32 * ((i / 4) % 2) + j.
TEST_P(Smfmac, F16IntoAccVgprsAgainstTheDenseProduct) {
  std::mt19937 rng(11);
  const Sparse s = randomSparse(32, 32, 16, rng);
  for (int l = 0; l < 64; ++l) w->v[22][l] = rng();
  for (int i = 0; i < 32; ++i)
    for (int g = 0; g < 4; ++g) {
      const int k = 4 * g, lane = 32 * (k / 8) + i;
      for (int v = 0; v < 2; ++v)
        setBits(16 + (k / 4) % 2, lane, 16 * v, 16, f16Of(s.a[i][k + s.pos[i][g][v]]));
      setBits(22, lane, 4 * ((k / 4) % 2) + 8 * 2, 4, uint32_t(s.pos[i][g][0] | s.pos[i][g][1] << 2));
    }
  for (int k = 0; k < 16; ++k)
    for (int j = 0; j < 32; ++j) setBits(18 + (k % 8) / 2, 32 * (k / 8) + j, 16 * (k % 2), 16, f16Of(s.b[k][j]));
  const int acc = kAgprRow0;  // a0: runText keeps the AccVGPRs apart
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      const float c = float(s.c[i][j]);
      std::memcpy(&w->v[acc + 4 * (i / 8) + i % 4][32 * ((i / 4) % 2) + j], &c, 4);
    }
  run("v_smfmac_f32_32x32x16_f16 a[0:15], v[16:17], v[18:21], v22 abid:2");
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      int want = s.c[i][j];
      for (int k = 0; k < 16; ++k) want += s.a[i][k] * s.b[k][j];
      float got;
      std::memcpy(&got, &w->v[acc + 4 * (i / 8) + i % 4][32 * ((i / 4) % 2) + j], 4);
      ASSERT_EQ(got, float(want)) << "D[" << i << "][" << j << "]";
    }
}

INSTANTIATE_TEST_SUITE_P(Paths, Smfmac, ::testing::Values(Path::FAST, Path::REFERENCE),
                         [](const auto& i) { return i.param == Path::FAST ? "Fast" : "Reference"; });

}  // namespace
}  // namespace gcn::sem
