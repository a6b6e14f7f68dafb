// The memory rows whose fast path is its own code (FLAT/GLOBAL/SCRATCH,
// DS and MUBUF loads and stores: mem_flat.cc, mem_ds.cc, mem_buffer.cc)
// against their per-lane reference, over the rows' operand space
// (space/inst_space.h): registers, memory, LDS, GDS and the error must come
// out identical. Addresses are aimed, lane by lane, at the cases the fast
// path must either handle or hand back: unit stride and scattered lanes
// inside a buffer, one lane past its end, a lane at an unmapped address,
// lanes in the LDS or scratch aperture, out-of-range buffer pieces, random
// EXEC.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>

#include "decoder/decoder.h"
#include "isa/operand_field.h"
#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/registry.h"
#include "semantics/sem_testing.h"
#include "space/inst_space.h"

namespace gcn::sem {
namespace {

constexpr uint64_t kBuf = 0x1000000000ull, kBufBytes = 1 << 16;
constexpr uint64_t kShared = 1ull << 48, kPrivate = 2ull << 48;
constexpr uint64_t kScratch = 0x7f0000000000ull;
constexpr int kSaddrOff = 0x7f;

enum class Aim { UNIT, SCATTER, PAST_END, UNMAPPED, APERTURE };

struct World {
  std::unique_ptr<WaveState> w = std::make_unique<WaveState>();
  MemorySystem mem;
  Lds lds{4096};
};

void initWorld(World& x, const WaveState& w0, std::mt19937_64& rng) {
  *x.w = w0;
  std::string err;
  std::vector<uint8_t> init(kBufBytes);
  for (auto& b : init) b = uint8_t(rng());
  EXPECT_TRUE(x.mem.global.map(kBuf, kBufBytes, &err, init.data(), "buf")) << err;
  EXPECT_TRUE(x.mem.global.map(kScratch, 64 * 4 * 64, &err, nullptr, "scratch")) << err;
  for (auto& b : x.lds.bytes) b = uint8_t(rng());
}

// Sets the instruction's address registers so that lane l reaches target[l]
// (as far as the encoding allows: GLOBAL's SADDR base is whatever its
// register holds unless it is a plain SGPR pair).
void aimAddresses(WaveState& w, const Inst& in, const uint64_t* target) {
  const InstDesc& d = in.desc();
  const int va = in[Fld::VADDR];
  const int64_t off = (d.flags & F_GLOBAL) ? int64_t(int32_t(uint32_t(in[Fld::OFFSET]) << 19) >> 19)
                      : w.gen >= Gen::GFX9 ? int64_t(uint32_t(in[Fld::OFFSET]) & 0x1fff)
                                           : 0;
  const int sa = in[Fld::SADDR];
  const bool saddr = (d.flags & F_GLOBAL) && sa != kSaddrOff;
  if (saddr && (sa & 127) + 1 < w.num_sgprs && (sa & 1) == 0) w.setS64(sa & 127, kBuf);
  const uint64_t base = saddr ? w.s64(sa & 127) : 0;
  for (int l = 0; l < kLanes; ++l) {
    const uint64_t a = target[l] - uint64_t(off) - base;
    w.v[va][l] = uint32_t(a);
    if (!saddr && va + 1 < kMaxVgprs) w.v[va + 1][l] = uint32_t(a >> 32);
  }
}

// SCRATCH: private offsets (the wave's scratch holds 64 dwords per lane).
// The address is SADDR's SGPR or VADDR, plus OFFSET.
void aimScratch(WaveState& w, const Inst& in, Aim aim, std::mt19937_64& rng) {
  const int32_t off = int32_t(uint32_t(in[Fld::OFFSET]) << 19) >> 19;
  const int sa = in[Fld::SADDR];
  const uint32_t common = uint32_t(rng() % 200);
  if (sa != kSaddrOff) {
    if ((sa & 127) < w.num_sgprs) w.s[sa & 127] = common - uint32_t(off);
    return;
  }
  for (int l = 0; l < kLanes; ++l) {
    uint32_t o = aim == Aim::UNIT ? common : uint32_t(rng() % 240);
    if (aim == Aim::PAST_END && l == 5) o = 254;
    if (aim == Aim::UNMAPPED && l == 9) o = 1u << 20;
    w.v[in[Fld::VADDR]][l] = o - uint32_t(off);
  }
}

void targets(Aim aim, std::mt19937_64& rng, uint32_t n, uint64_t* t) {
  const uint64_t room = kBufBytes - 16;
  const uint64_t start = rng() % (room - 64 * 16);
  for (int l = 0; l < kLanes; ++l) {
    switch (aim) {
      case Aim::UNIT: t[l] = kBuf + start + uint64_t(l) * n; break;
      default: t[l] = kBuf + rng() % room; break;
    }
  }
  const int victim = int(rng() % kLanes);
  if (aim == Aim::PAST_END) t[victim] = kBuf + kBufBytes - n / 2;
  if (aim == Aim::UNMAPPED) t[victim] = kBuf + kBufBytes + 0x1000;
  if (aim == Aim::APERTURE) {
    t[victim] = kShared + rng() % 4096;
    t[(victim + 7) % kLanes] = kPrivate + 4 * (rng() % 64);
  }
}

void runIn(World& x, const Target& t, const Inst& in, Path path) {
  Program p;
  std::string err;
  static const uint8_t kEndpgm[4] = {0x00, 0x00, 0x81, 0xbf};
  Inst end;
  ASSERT_TRUE(decode(t, kEndpgm, 4, &end).ok());
  ASSERT_TRUE(buildProgram(t, {in, end}, 0x1000, path, &p, &err)) << err;
  ExecEnv env(*x.w, p);
  env.mem = &x.mem;
  env.lds = &x.lds;
  env.scratch_base = kScratch;
  env.ip = 0;
  x.w->stop = WaveStop::NONE;
  runUntilStop(env, 10);
}

// Calls f(in, desc) for up to 16 instances from the operand space of
// every row of encoding `enc` on `t` whose fast handler is its own code;
// returns the number of such rows.
template <class F>
int forFastRows(const Target& t, Enc enc, std::mt19937_64& rng, F&& f) {
  int rows = 0;
  for (int row = 0; row < numInsts(); ++row) {
    const InstDesc& d = instDesc(row);
    const SemDef* sem = findSem(d.mnemonic);
    if (!t.has(d) || !sem || d.enc != enc) continue;
    bool distinct = false;
    for (Handler h : sem->fast) distinct |= h && h != sem->ref;
    if (!distinct) continue;
    ++rows;
    int n = 0;
    forEachCandidate(t, row, Form::NATIVE, 4, 8, rng, [&](const Candidate& c) {
      Inst in;
      if (n >= 16 || !decode(t, c.bytes, c.len, &in).ok() || in.id != row) return;
      ++n;
      f(in, d);
    });
  }
  return rows;
}

// Runs `in` from `w0` on both paths, each over its own copy of the same
// memory, LDS and GDS contents. "" when registers, error, global memory,
// LDS and GDS come out identical, else what differs; *ref_stop is the
// reference wave's stop reason.
std::string runBoth(const Target& t, const Inst& in, const WaveState& w0, std::mt19937_64& rng,
                    WaveStop* ref_stop) {
  const uint64_t seed = rng();
  std::mt19937_64 ra(seed), rb(seed);
  auto a = std::make_unique<World>(), b = std::make_unique<World>();
  initWorld(*a, w0, ra);
  initWorld(*b, w0, rb);
  runIn(*a, t, in, Path::FAST);
  runIn(*b, t, in, Path::REFERENCE);
  *ref_stop = b->w->stop;
  std::string diff = testing::diffStates(*a->w, *b->w);
  if (a->w->error != b->w->error) diff += "error: '" + a->w->error + "' vs '" + b->w->error + "'; ";
  for (size_t r = 0; r < a->mem.global.regions().size(); ++r)
    if (a->mem.global.regions()[r].bytes != b->mem.global.regions()[r].bytes)
      diff += "memory region " + a->mem.global.regions()[r].name + " differs; ";
  if (a->lds.bytes != b->lds.bytes) diff += "LDS differs; ";
  if (a->mem.gds != b->mem.gds) diff += "GDS differs; ";
  return diff.empty() ? "" : diff + debugString(in);
}

class MemFastPath : public ::testing::TestWithParam<const char*> {};

TEST_P(MemFastPath, FlatMatchesTheReferenceOnEveryAim) {
  const Target t = targetOrDie(GetParam());
  std::mt19937_64 rng(777);
  int instances = 0, aimed = 0, clean = 0;
  auto w0 = std::make_unique<WaveState>();
  const int rows = forFastRows(t, Enc::FLAT, rng, [&](const Inst& in, const InstDesc& d) {
    for (Aim aim : {Aim::UNIT, Aim::SCATTER, Aim::PAST_END, Aim::UNMAPPED, Aim::APERTURE}) {
      testing::randomizeWave(*w0, t.gen, rng);
      if (rng() % 2) w0->setExec(~0ull);
      w0->shared_base = kShared;
      w0->shared_limit = kShared + (1ull << 32) - 1;
      w0->private_base = kPrivate;
      w0->private_limit = kPrivate + (1ull << 32) - 1;
      if (d.flags & F_SCRATCH) {
        aimScratch(*w0, in, aim, rng);
      } else {
        uint64_t tg[kLanes];
        targets(aim, rng, 4, tg);
        aimAddresses(*w0, in, tg);
      }
      WaveStop stop;
      ASSERT_EQ(runBoth(t, in, *w0, rng, &stop), "") << GetParam() << " aim " << int(aim);
      ++instances;
      // Instances where every lane reached memory: the ones the fast path
      // must handle itself rather than hand back.
      if (aim == Aim::UNIT || aim == Aim::SCATTER) {
        ++aimed;
        clean += stop == WaveStop::ENDPGM;
      }
    }
  });
  std::printf("%s: %d FLAT rows with a fast path, %d instances, %d of %d aimed inside the "
              "buffer ran clean\n",
              GetParam(), rows, instances, clean, aimed);
  EXPECT_GE(rows, t.gen >= Gen::GFX9 ? 3 * 14 : 14);  // GFX9: FLAT, GLOBAL and SCRATCH
  EXPECT_GE(instances, 14 * 5 * 8);
  EXPECT_GE(clean, aimed / 2);
}

// DS loads and stores: unit-stride lanes inside LDS (the fast path's case),
// scattered lanes, a lane out of range, and on GFX6-8 an M0 limit below the
// span.
TEST_P(MemFastPath, DsMatchesTheReference) {
  const Target t = targetOrDie(GetParam());
  std::mt19937_64 rng(4242);
  int instances = 0;
  auto w0 = std::make_unique<WaveState>();
  const uint32_t lds_size = World().lds.size();
  const int rows = forFastRows(t, Enc::DS, rng, [&](const Inst& in, const InstDesc&) {
    // Aims 0-5: unit stride for each access size (all lanes active);
    // 6: scattered; 7: one lane out of range; 8: GFX6-8's M0 limit.
    static const uint32_t kStride[] = {1, 2, 4, 8, 12, 16};
    for (int aim = 0; aim < 9; ++aim) {
      testing::randomizeWave(*w0, t.gen, rng);
      if (aim < 6 || rng() % 2) w0->setExec(~0ull);
      if (t.gen < Gen::GFX9 && aim != 8) w0->setM0(0xffffffffu);
      const uint32_t off = uint32_t(in[Fld::OFFSET]);
      const uint32_t start = uint32_t(rng() % (lds_size - 64 * 16));
      for (int l = 0; l < kLanes; ++l) {
        const uint32_t target =
            aim < 6 ? start + uint32_t(l) * kStride[aim] : uint32_t(rng() % lds_size);
        w0->v[in[Fld::ADDR]][l] = target - off;
      }
      if (aim == 7) w0->v[in[Fld::ADDR]][rng() % kLanes] = lds_size - 2 - off;
      WaveStop stop;
      ASSERT_EQ(runBoth(t, in, *w0, rng, &stop), "") << GetParam() << " aim " << aim;
      ++instances;
    }
  });
  std::printf("%s: %d DS rows with a fast path, %d instances\n", GetParam(), rows, instances);
  EXPECT_GE(rows, 14);  // GFX6-8: 8 loads, 6 stores
  EXPECT_GE(instances, 14 * 9 * 8);
}

// MUBUF loads and stores through descriptors aimed at the buffer: raw,
// structured and swizzled, with ADD_TID, index/offset/ADDR64 addressing,
// some pieces out of range (read 0, not written) and descriptors near the
// buffer's end (in-range pieces on unmapped memory: a fault).
TEST_P(MemFastPath, BufferMatchesTheReference) {
  const Target t = targetOrDie(GetParam());
  std::mt19937_64 rng(99);
  int instances = 0, aimed = 0, clean = 0;
  auto w0 = std::make_unique<WaveState>();
  const int rows = forFastRows(t, Enc::MUBUF, rng, [&](const Inst& in, const InstDesc&) {
    // 0: inside the buffer; 1: small NUM_RECORDS; 2: near the buffer's end.
    for (int aim = 0; aim < 3; ++aim) {
      testing::randomizeWave(*w0, t.gen, rng);
      if (rng() % 2) w0->setExec(~0ull);
      const int rs = in[Fld::SRSRC];
      const uint64_t base = aim == 2 ? kBuf + kBufBytes - 256 : kBuf + 0x100;
      static const uint32_t kStrides[] = {0, 4, 16};
      const uint32_t stride = kStrides[rng() % 3];
      const uint32_t records = aim == 1 ? uint32_t(rng() % 64) : 0x800;
      const bool swizzle = rng() % 4 == 0, add_tid = rng() % 4 == 0;
      // DST_SEL, formats, element size and index stride at random.
      const uint32_t d3 = (uint32_t(rng()) & 0x7fffffu) | uint32_t(add_tid) << 23;
      if (rs + 3 < kScalarCodes) {
        w0->s[rs] = uint32_t(base);
        w0->s[rs + 1] = uint32_t(base >> 32 & 0xffff) | stride << 16 | uint32_t(swizzle) << 31;
        w0->s[rs + 2] = records;
        w0->s[rs + 3] = d3;
      }
      const int so = in[Fld::SOFFSET];
      if (so < w0->num_sgprs) w0->s[so] = uint32_t(rng() % 64);
      const int va = in[Fld::VADDR];
      const bool addr64 = (t.gen == Gen::GFX6 || t.gen == Gen::GFX7) && in[Fld::ADDR64];
      for (int l = 0; l < kLanes; ++l) {
        w0->v[va][l] = uint32_t(rng() % (addr64 ? 4096 : 64));
        if (va + 1 < kMaxVgprs) w0->v[va + 1][l] = addr64 ? 0 : uint32_t(rng() % 1024);
      }
      WaveStop stop;
      ASSERT_EQ(runBoth(t, in, *w0, rng, &stop), "") << GetParam() << " aim " << aim;
      ++instances;
      if (aim == 0) {
        ++aimed;
        clean += stop == WaveStop::ENDPGM;
      }
    }
  });
  std::printf("%s: %d MUBUF rows with a fast path, %d instances, %d of %d aimed inside the "
              "buffer ran clean\n",
              GetParam(), rows, instances, clean, aimed);
  EXPECT_GE(rows, 14);  // 8 loads, 6 stores
  EXPECT_GE(instances, 14 * 3 * 8);
  EXPECT_GE(clean, aimed / 3);
}

INSTANTIATE_TEST_SUITE_P(Cpus, MemFastPath, ::testing::Values("bonaire", "fiji", "gfx900"),
                         [](const ::testing::TestParamInfo<const char*>& i) {
                           return std::string(i.param);
                         });

}  // namespace
}  // namespace gcn::sem
