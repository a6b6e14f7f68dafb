#include "properties/wave_gen.h"

#include <cstdio>
#include <random>

namespace gcn::props {

namespace {
const uint32_t kEdgeWords[] = {
    0, 1, 2, 31, 32, 33, 63, 64, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe,
    0x00ffffff, 0x01000000, 0x00800000, 0xff800000, 0x7f800000,  // 24-bit edge, ±inf
    0x7fc00000, 0xffc00000, 0x7fc12345, 0x7f800001, 0xff812345,     // f32 qNaN/sNaN payloads
    0x00000001, 0x807fffff, 0x7f7fffff, 0x3f800000, 0xbf800000,     // denormals, max, ±1
    0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0xfe01, 0x0001, 0x8000, 0x03ff,  // f16
    0x7c007e00, 0x3c00bc00,                                         // packed f16 pairs
    0x7ff00000, 0x7ff80000, 0xfff00000, 0x00100000,                 // f64 high halves
};

uint32_t fillWord(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0: return kEdgeWords[rng() % (sizeof kEdgeWords / sizeof kEdgeWords[0])];
    case 1: return uint32_t(rng() % 70);
    default: return uint32_t(rng());
  }
}
}  // namespace

void applyWaveInit(const WaveInit& init, Gen g, sem::WaveState& w) {
  w.reset(g);
  std::mt19937_64 rng(init.fill_seed);
  for (auto& row : w.v)
    for (auto& x : row) x = fillWord(rng);
  for (int i = 0; i < sem::kScalarCodes; ++i) w.s[i] = fillWord(rng);
  for (size_t r = 0; r < init.vgpr.size(); ++r)
    for (size_t l = 0; l < init.vgpr[r].size() && l < size_t(sem::kLanes); ++l)
      w.v[r][l] = init.vgpr[r][l];
  for (size_t i = 0; i < init.sgpr.size(); ++i) w.s[i] = init.sgpr[i];
  w.setExec(init.exec);
  w.setVcc(init.vcc);
  w.scc = init.scc;
  w.setM0(init.m0);
  w.setMode(init.mode);
}

rc::Gen<uint32_t> genWord() {
  return rc::gen::weightedOneOf<uint32_t>({
      {3, rc::gen::elementOf(std::vector<uint32_t>(std::begin(kEdgeWords), std::end(kEdgeWords)))},
      {2, rc::gen::inRange<uint32_t>(0, 70)},
      {1, rc::gen::inRange<uint32_t>(0, 1u << 24)},
      {4, rc::gen::arbitrary<uint32_t>()},
  });
}

rc::Gen<uint64_t> genLaneMask() {
  using rc::gen::map;
  return rc::gen::weightedOneOf<uint64_t>({
      {3, rc::gen::element<uint64_t>(~0ull, 0ull, 1ull, 1ull << 63, 0x5555555555555555ull,
                                     0xaaaaaaaaaaaaaaaaull, 0x00000000ffffffffull,
                                     0xffffffff00000000ull, 0x1111111111111111ull,
                                     0x000000000000ffffull, 0x8000000000000001ull)},
      {1, map(rc::gen::inRange(0, 64), [](int k) { return uint64_t(1) << k; })},
      {2, map(rc::gen::tuple(rc::gen::arbitrary<uint64_t>(), rc::gen::arbitrary<uint64_t>(),
                             rc::gen::arbitrary<uint64_t>()),
              [](const std::tuple<uint64_t, uint64_t, uint64_t>& t) {
                return uint64_t(std::get<0>(t) & std::get<1>(t) & std::get<2>(t));  // sparse
              })},
      {1, map(rc::gen::tuple(rc::gen::arbitrary<uint64_t>(), rc::gen::arbitrary<uint64_t>()),
              [](const std::tuple<uint64_t, uint64_t>& t) {
                return uint64_t(std::get<0>(t) | std::get<1>(t));  // dense
              })},
      {3, rc::gen::arbitrary<uint64_t>()},
  });
}

rc::Gen<uint32_t> genMode() {
  // Fields of GcnState.md "MODE Register": FP_ROUND[3:0] (f32, f64/f16),
  // FP_DENORM[7:4], DX10_CLAMP[8], IEEE[9]. Shrinks towards the reset MODE
  // (round to nearest, f64/f16 denormals kept, DX10_CLAMP and IEEE on).
  return rc::gen::map(
      rc::gen::tuple(rc::gen::inRange(0, 4), rc::gen::inRange(0, 4), rc::gen::inRange(0, 16),
                     rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>()),
      [](const std::tuple<int, int, int, bool, bool>& t) {
        uint32_t den = uint32_t(std::get<2>(t)) ^ 0xcu;  // 0 -> f64/f16 denormals on
        return uint32_t(std::get<0>(t)) | uint32_t(std::get<1>(t)) << 2 | den << 4 |
               uint32_t(!std::get<3>(t)) << 8 | uint32_t(!std::get<4>(t)) << 9;
      });
}

rc::Gen<WaveInit> genWaveInit() {
  return rc::gen::exec([] {
    WaveInit w;
    w.fill_seed = *rc::gen::arbitrary<uint64_t>();
    // A register is now and then uniform across lanes (as a VGPR loaded
    // from an SGPR would be), else per-lane values.
    for (int r = 0; r < kExplicitVgprs; ++r) {
      if (*rc::gen::inRange(0, 4) == 0)
        w.vgpr.push_back(std::vector<uint32_t>(sem::kLanes, *genWord()));
      else
        w.vgpr.push_back(*rc::gen::container<std::vector<uint32_t>>(sem::kLanes, genWord()));
    }
    w.sgpr = *rc::gen::container<std::vector<uint32_t>>(kExplicitSgprs, genWord());
    w.exec = *genLaneMask();
    w.vcc = *genLaneMask();
    w.scc = *rc::gen::arbitrary<bool>();
    w.m0 = *rc::gen::weightedOneOf<uint32_t>(
        {{3, rc::gen::inRange<uint32_t>(0, 16)}, {1, genWord()}});
    w.mode = *genMode();
    return w;
  });
}

std::ostream& operator<<(std::ostream& os, const WaveInit& w) {
  char buf[128];
  std::snprintf(buf, sizeof buf,
                "exec=0x%016llx vcc=0x%016llx scc=%d m0=0x%x mode=0x%03x fill_seed=%llu\n",
                (unsigned long long)w.exec, (unsigned long long)w.vcc, int(w.scc), w.m0, w.mode,
                (unsigned long long)w.fill_seed);
  os << buf << "  s0..: ";
  for (uint32_t x : w.sgpr) {
    std::snprintf(buf, sizeof buf, "%x ", x);
    os << buf;
  }
  os << "\n";
  for (size_t r = 0; r < w.vgpr.size(); ++r) {
    os << "  v" << r << ":";
    bool uniform = true;
    for (uint32_t x : w.vgpr[r]) uniform &= x == w.vgpr[r][0];
    for (size_t l = 0; l < (uniform ? 1 : w.vgpr[r].size()); ++l) {
      std::snprintf(buf, sizeof buf, " %x", w.vgpr[r][l]);
      os << buf;
    }
    os << (uniform ? " (all lanes)\n" : "\n");
  }
  return os;
}

}  // namespace gcn::props
