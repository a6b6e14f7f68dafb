// The Z3 model of the floating-point instructions equals the emulator
// every FP row with a Z3 definition, on every generation where
// it exists, over its operand space (space/inst_space.h: e32, VOP3
// with abs/neg/omod/clamp/op_sel, SDWA, DPP), from random states whose
// registers hold FP edge values (±0, denormals, ±inf, quiet and signalling
// NaNs with payloads, saturation boundaries of the conversions) under
// random MODE settings (rounding, denormal flushing, IEEE, DX10_CLAMP).
//
// The model runs from the concrete initial state (Z3Init::setConcrete), so
// every output term simplifies to a constant, compared bit for bit with the
// emulator's fast path. This ties the host implementation (host FP,
// fesetround, the double/round-to-odd f16 paths) to the symbolic one that
// z3_fp_spec_test.cc proves against the spec's Operation lines and that
// `gcnref prove` reasons with.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>

#include "decoder/decoder.h"
#include "isa/mfma.h"
#include "isa/operand_kinds.h"
#include "space/inst_space.h"
#include "semantics/emulator/program.h"
#include "semantics/sem_testing.h"
#include "semantics/z3/z3_ctx.h"

namespace gcn::sem {
namespace {

constexpr int kModelLanes = 8;

const uint32_t kF32Edges[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u, 0x3fc00000u,
    0x40000000u, 0x40400000u, 0x00000001u, 0x807fffffu, 0x00400000u, 0x00800000u, 0x80800000u,
    0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
    0xffc01234u, 0x7fa00000u, 0x4f000000u, 0x4effffffu, 0xcf000000u, 0xcf000001u, 0x4f800000u,
    0x4f7fffffu, 0x46fffe00u, 0x477fff00u, 0x437f8000u, 0x437f0000u, 0x3effffffu, 0xb3800000u,
    0x3ecccccdu, 0x41200000u, 0xc2c80000u, 0x5f000000u, 0x1f800000u, 0x33800000u, 0x38800000u,
    0x477fe000u, 0x477ff000u, 0x387fc000u, 0x33000000u};
const uint16_t kF16Edges[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff,
                              0x7c00, 0xfc00, 0x7e00, 0xfe12, 0x7c01, 0x3800, 0x3555, 0x7800, 0x77ff,
                              0xf800, 0x4000, 0x3bff, 0xb800, 0x5bf8, 0x0200, 0x4900, 0x7000};
const uint64_t kF64Edges[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x0000000000000001ull, 0x800fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0xfff8000012345678ull, 0x41e0000000000000ull, 0x41dfffffffc00000ull, 0x41efffffffe00000ull,
    0xc1e0000000000000ull, 0xc1e0000000100000ull, 0x37a16c262777579cull, 0x48078287f49c4a1dull,
    0x47efffffe0000000ull, 0x47effffff0000000ull, 0x3ff0000040000000ull, 0x3fe0000000000000ull,
    0x36a0000000000000ull, 0x380fffffe0000000ull, 0x3e70000000000000ull, 0x40dfffc000000000ull,
    0x7fe0000000000000ull, 0x0008000000000000ull, 0x3ff0000010000001ull, 0xbfefffffffffffffull};

template <class T, size_t N> T pick(const T (&a)[N], std::mt19937_64& g) { return a[g() % N]; }

// A word that is interesting as f32, as a pair of f16, or random.
uint32_t fpWord(std::mt19937_64& g) {
  switch (g() % 8) {
    case 0: case 1: case 2: return pick(kF32Edges, g);
    case 3: case 4: return uint32_t(pick(kF16Edges, g)) | uint32_t(pick(kF16Edges, g)) << 16;
    case 5: return uint32_t(g()) & 0x807fffffu;  // denormal or zero
    default: return uint32_t(g());
  }
}

// Registers hold FP edge values (pairs of consecutive registers sometimes an
// f64), EXEC is confined to the model's lanes, MODE is `mode`.
void fpWave(WaveState& w, Gen gen, std::mt19937_64& g, uint32_t mode) {
  testing::randomizeWave(w, gen, g);
  auto fill = [&](uint32_t* lo, uint32_t* hi) {
    if (g() % 3 == 0) {
      const uint64_t d = g() % 4 == 0 ? g() : pick(kF64Edges, g);
      *lo = uint32_t(d), *hi = uint32_t(d >> 32);
    } else {
      *lo = fpWord(g), *hi = fpWord(g);
    }
  };
  for (int r = 0; r + 1 < kMaxVgprs; r += 2)
    for (int l = 0; l < kModelLanes; ++l) fill(&w.v[r][l], &w.v[r + 1][l]);
  for (int s = 0; s + 1 < 104; s += 2) fill(&w.s[s], &w.s[s + 1]);
  w.setExec(g() % 4 == 0 ? 0xffu : g() & 0xffu);
  w.setMode(mode);
}

// The model's result from the concrete initial state, written into a copy
// of it; false (with the reason) if the model does not take the instruction.
bool modelRun(const Target& t, const Inst& in, const WaveState& init, WaveState* out,
              std::set<int>* vregs, std::set<int>* sregs, bool* scc, std::string* why,
              int lanes = kModelLanes) {
  Program p;
  if (!buildProgram(t, {in}, 0x1000, Path::REFERENCE, &p, why)) return false;
  // One context for every call: a fresh one per instance spent most of the
  // test in the kernel, faulting in the pages each new context zeroes.
  static z3::context c;
  Z3Scope scope(c);
  Z3Init zi(c, lanes);
  zi.setConcrete(&init);
  Z3Wave w(zi, init.fp, t.gen);
  if (!w.step(p.code[0])) {
    *why = w.unsupported.empty() ? "?" : w.unsupported[0];
    return false;
  }
  *out = init;
  auto num = [&](const z3::expr& e, uint64_t* v) {
    z3::expr s = e.simplify();
    if (s.is_numeral_u64(*v)) return true;
    *why = "the model's term does not evaluate to a constant: " + s.to_string().substr(0, 300);
    return false;
  };
  uint64_t v;
  for (auto& [reg, vals] : w.v) {
    vregs->insert(reg);
    for (int l = 0; l < int(vals.size()); ++l) {
      if (!num(vals[size_t(l)].e, &v)) return false;
      out->v[reg][l] = uint32_t(v);
    }
  }
  for (auto& [code, x] : w.s) {
    sregs->insert(code);
    if (!num(x.e, &v)) return false;
    out->s[code] = uint32_t(v);
  }
  if (w.scc_written) {
    *scc = true;
    out->scc = w.scc_v.simplify().is_true();
  }
  return true;
}

// The source operands' initial values in one lane (for failure messages).
std::string laneInputs(const Target& t, const Inst& in, const WaveState& w, int lane) {
  Program p;
  std::string err, r;
  if (!buildProgram(t, {in}, 0x1000, Path::REFERENCE, &p, &err)) return err;
  char buf[64];
  for (const Operand& o : p.code[0].src) {
    if (o.kind == OpKind::VGPR) {
      std::snprintf(buf, sizeof buf, " v%d=0x%08x v%d=0x%08x", o.reg, w.v[o.reg][lane], (o.reg + 1) & 255,
                    w.v[(o.reg + 1) & 255][lane]);
      r += buf;
    } else if (o.kind == OpKind::SREG) {
      std::snprintf(buf, sizeof buf, " s%d=0x%08x s%d=0x%08x", o.reg, w.s[o.reg], o.reg + 1, w.s[(o.reg + 1) & 127]);
      r += buf;
    } else if (o.kind == OpKind::CONST) {
      std::snprintf(buf, sizeof buf, " const=0x%llx", (unsigned long long)o.value);
      r += buf;
    }
  }
  std::snprintf(buf, sizeof buf, " vcc=0x%llx", (unsigned long long)w.vcc());
  return r + buf;
}

// The rows checked: vector ALU rows with a float source, or with a float
// result (their VOP3 form takes omod: the integer-to-float conversions).
bool isFpRow(const InstDesc& d) {
  if (!isVopEnc(d.enc)) return false;
  if (mfmaInfo(d)) return false;  // the matrix rows need all 64 lanes: z3_mfma_test
  for (int k = 0; k < d.num_operands; ++k)
    if (sourceIndex(d.operand[k].role) >= 0 && isFloatSourceType(d.operand[k].type)) return true;
  return !(d.flags & (F_NO_E64 | F_NO_MODS | F_INT_MODS | F_NO_OMOD));
}

// One test per processor, so Bazel's shards split them; each names the
// least it must check (rows in the model, instances compared), about 90 %
// of what it checks today.
struct CpuCase {
  const char* cpu;
  int min_rows, min_instances;
};

void PrintTo(const CpuCase& k, std::ostream* os) { *os << k.cpu; }

class Z3Fp : public ::testing::TestWithParam<CpuCase> {};

TEST_P(Z3Fp, ModelMatchesEmulatorOnEveryFpRow) {
  const char* cpu = GetParam().cpu;
  const uint32_t modes[] = {0x0f0, 0x000, 0x3ff, 0x2f5, 0x10a, 0x0cf, 0x230, 0x07b};
  std::mt19937_64 rng(2026);
  auto w0 = std::make_unique<WaveState>();
  auto we = std::make_unique<WaveState>();
  auto wz = std::make_unique<WaveState>();
  std::set<std::string> rows, unsupported_rows;
  std::map<std::string, std::string> unsupported_why;
  int instances = 0, failures = 0;
  Target t = targetOrDie(cpu);
  for (int row = 0; row < numInsts(); ++row) {
    const InstDesc& d = instDesc(row);
    const std::string mn(d.mnemonic);
    if (!t.has(d) || !isFpRow(d) || !findZ3Sem(d.mnemonic) || !findSem(d.mnemonic)) continue;
    if (unsupported_rows.count(mn)) continue;
    rows.insert(mn);
    for (Form form : formsOf(t, d)) {
      int n = 0;
      forEachCandidate(t, row, form, 2, 2, rng, [&](const Candidate& c) {
        Inst in;
        if (failures > 20 || unsupported_rows.count(mn)) return;
        if (!decode(t, c.bytes, c.len, &in).ok() || in.id != row || n >= 3) return;
        ++n;
        for (int rep = 0; rep < 2; ++rep) {
          fpWave(*w0, t.gen, rng, modes[rng() % 8]);
          uint32_t ip = 0;
          testing::runOne(t, in, Path::FAST, *w0, we.get(), &ip);
          if (we->stop == WaveStop::ERROR) return;  // e.g. a VGPR range past v255
          std::set<int> vregs, sregs;
          bool scc = false;
          std::string why;
          if (!modelRun(t, in, *w0, wz.get(), &vregs, &sregs, &scc, &why)) {
            if (why.find("not in the Z3 model") != std::string::npos ||
                why.find("no definition") != std::string::npos) {
              unsupported_rows.insert(mn);
              unsupported_why[mn] = why;
              return;
            }
            ADD_FAILURE() << cpu << " " << debugString(in) << ": " << why;
            ++failures;
            return;
          }
          ++instances;
          std::string diff;
          char buf[200];
          for (int r : vregs)
            for (int l = 0; l < kModelLanes; ++l)
              if (we->v[r][l] != wz->v[r][l] && diff.size() < 400) {
                std::snprintf(buf, sizeof buf, "  v%d lane %d: emulator 0x%08x, Z3 0x%08x; lane %d inputs:",
                              r, l, we->v[r][l], wz->v[r][l], l);
                diff += buf + laneInputs(t, in, *w0, l) + "\n";
              }
          for (int s : sregs)
            if (we->s[s] != wz->s[s] && diff.size() < 400) {
              std::snprintf(buf, sizeof buf, "  s[%d]: emulator 0x%08x, Z3 0x%08x\n", s, we->s[s], wz->s[s]);
              diff += buf;
            }
          if (scc && we->scc != wz->scc) diff += "  scc differs\n";
          if (!diff.empty()) {
            ++failures;
            ADD_FAILURE() << cpu << " MODE=0x" << std::hex << w0->mode() << std::dec << " "
                          << debugString(in) << "\n" << diff;
          }
        }
      });
    }
  }
  std::printf("[z3] FP rows checked against the emulator on %s: %zu rows, %d instances\n",
              cpu, rows.size() - unsupported_rows.size(), instances);
  for (auto& [m, why] : unsupported_why) std::printf("[z3]   not in the model: %s\n", why.c_str());
  EXPECT_GE(int(rows.size() - unsupported_rows.size()), GetParam().min_rows);
  EXPECT_GE(instances, GetParam().min_instances);
}

INSTANTIATE_TEST_SUITE_P(Cpus, Z3Fp,
                         ::testing::Values(CpuCase{"tahiti", 190, 2100},
                                           CpuCase{"fiji", 185, 2800},
                                           CpuCase{"gfx906", 200, 2950},
                                           CpuCase{"gfx942", 205, 3200}),
                         [](const ::testing::TestParamInfo<CpuCase>& i) {
                           return std::string(i.param.cpu);
                         });

// Mixed-precision fma rounds once to f16 through a round-to-odd f64 sum.
// A negative sum that f64 cannot hold exactly (-100 - 100 * 2^-126) must
// come out odd, or rounding toward -inf to f16 gives -100 instead of the
// f16 below it; in every rounding mode, model == emulator.
TEST(Z3Fp, MixedFmaSeesANegativeInexactSum) {
  Target t = targetOrDie("gfx942");
  Program p;
  std::string err;
  ASSERT_TRUE(testing::build(t, "v_fma_mixhi_f16 v1, v1, v2, v2 op_sel_hi:[0,0,0]", Path::FAST, &p, &err)) << err;
  const Inst in = p.code[0].inst;
  auto w0 = std::make_unique<WaveState>();
  auto we = std::make_unique<WaveState>();
  auto wz = std::make_unique<WaveState>();
  std::mt19937_64 rng(1);
  for (uint32_t mode : {0x000u, 0x005u, 0x00au, 0x00fu, 0x10au}) {
    testing::randomizeWave(*w0, t.gen, rng);
    w0->setExec(0xff);
    w0->setMode(mode);
    for (int l = 0; l < kModelLanes; ++l) {
      w0->v[1][l] = l & 1 ? 0x80800000u : 0x00800000u;  // -+2^-126
      w0->v[2][l] = l & 2 ? 0x42c80000u : 0xc2c80000u;  // +-100
    }
    uint32_t ip = 0;
    testing::runOne(t, in, Path::FAST, *w0, we.get(), &ip);
    std::set<int> vregs, sregs;
    bool scc = false;
    std::string why;
    ASSERT_TRUE(modelRun(t, in, *w0, wz.get(), &vregs, &sregs, &scc, &why)) << why;
    for (int l = 0; l < kModelLanes; ++l)
      EXPECT_EQ(we->v[1][l] >> 16, wz->v[1][l] >> 16) << "MODE 0x" << std::hex << mode << " lane " << l;
    if (mode == 0x00a) {
      EXPECT_EQ(we->v[1][0] >> 16, 0xd641u);  // toward -inf: below -100
    }
  }
}

// ds_swizzle_b32 (a lane permutation in the Z3 model, z3_ctx.cc) equals
// the emulator for quad permutes and bitmask (swap/reverse/broadcast)
// offsets, random registers and EXEC masks, all 64 lanes.
TEST(Z3Lanes, SwizzleMatchesEmulator) {
  std::mt19937_64 rng(64);
  auto w0 = std::make_unique<WaveState>();
  auto we = std::make_unique<WaveState>();
  auto wz = std::make_unique<WaveState>();
  int checked = 0;
  for (const char* cpu : {"tahiti", "gfx900"}) {
    Target t = targetOrDie(cpu);
    std::vector<uint32_t> offsets = {0x80e4, 0x80b1, 0x801b, 0x8000, 0x80ff, 0x041f, 0x7c1f, 0x001f, 0x0000,
                                     0x03e0, 0x0010, 0x7fff, 0x4210};
    for (int k = 0; k < 12; ++k) offsets.push_back(uint32_t(rng()) & 0xffff);
    for (uint32_t off : offsets) {
      Program p;
      std::string err;
      ASSERT_TRUE(testing::build(t, "ds_swizzle_b32 v3, v5 offset:" + std::to_string(off), Path::FAST, &p, &err)) << err;
      const Inst in = p.code[0].inst;
      for (int rep = 0; rep < 2; ++rep) {
        testing::randomizeWave(*w0, t.gen, rng);
        uint32_t ip = 0;
        testing::runOne(t, in, Path::FAST, *w0, we.get(), &ip);
        std::set<int> vregs, sregs;
        bool scc = false;
        std::string why;
        ASSERT_TRUE(modelRun(t, in, *w0, wz.get(), &vregs, &sregs, &scc, &why, 64)) << why;
        ASSERT_EQ(vregs, std::set<int>{3});
        for (int l = 0; l < kLanes; ++l)
          ASSERT_EQ(we->v[3][l], wz->v[3][l]) << cpu << " offset " << off << " lane " << l << " exec 0x" << std::hex << w0->exec();
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 100);
}

}  // namespace
}  // namespace gcn::sem
