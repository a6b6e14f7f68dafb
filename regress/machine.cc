#include "regress/machine.h"

#include <cstring>

#include "semantics/emulator/emulator.h"
#include "semantics/emulator/exec_env.h"

namespace gcn::regress {
namespace {

const std::vector<uint8_t>& patternBlock() {
  static const std::vector<uint8_t> b = [] {
    std::vector<uint8_t> v(sem::kLdsBytes > sem::kGdsBytes ? sem::kLdsBytes : sem::kGdsBytes);
    for (size_t i = 0; i < v.size(); ++i) v[i] = patternByte(i);
    return v;
  }();
  return b;
}

// Runs of bytes that differ from the pattern (addr = base + offset).
void diffPattern(Space sp, uint64_t base, const uint8_t* p, size_t n, std::vector<MemWrite>* out) {
  for (size_t i = 0; i < n;) {
    if (p[i] == patternByte(base + i)) {
      ++i;
      continue;
    }
    MemWrite w;
    w.space = sp;
    w.addr = base + i;
    while (i < n && p[i] != patternByte(base + i)) w.bytes.push_back(p[i++]);
    out->push_back(std::move(w));
  }
}

}  // namespace

std::string stopName(sem::WaveStop s) {
  switch (s) {
    case sem::WaveStop::NONE: return "";
    case sem::WaveStop::ENDPGM: return "endpgm";
    case sem::WaveStop::BARRIER: return "barrier";
    case sem::WaveStop::HALT: return "halt";
    case sem::WaveStop::TRAP: return "trap";
    case sem::WaveStop::ERROR: return "error";
    case sem::WaveStop::BUDGET: return "budget";
    case sem::WaveStop::VSKIP: return "vskip";
    case sem::WaveStop::WAIT: return "wait";
  }
  return "?";
}

bool setUp(const Target& t, const WaveImage& img, Machine* m, std::string* err) {
  sem::WaveState& w = *m->w;
  w.reset(t.gen);
  w.pc = img.pc;
  w.setExec(img.exec);
  w.setVcc(img.vcc);
  w.setM0(img.m0);
  w.setMode(img.mode);
  w.scc = img.scc;
  for (const SValue& s : img.s) w.s[s.code & 127] = s.value;
  for (const VValue& v : img.v) std::memcpy(w.v[v.reg % sem::kVecRows], v.lanes.data(), sizeof w.v[0]);
  m->mem.global.regions().clear();
  for (size_t i = 0; i < img.regions.size(); ++i) {
    const Region& r = img.regions[i];
    std::vector<uint8_t> bytes(r.size);
    for (uint32_t k = 0; k < r.size; ++k) bytes[k] = patternByte(r.base + k);
    if (!m->mem.global.map(r.base, r.size, err, bytes.data())) {
      *err = "region " + std::to_string(i) + ": " + *err;
      return false;
    }
  }
  const auto& pat = patternBlock();
  m->lds.bytes.assign(pat.begin(), pat.begin() + sem::kLdsBytes);
  m->mem.gds.assign(pat.begin(), pat.begin() + sem::kGdsBytes);
  // GWS resources and waiters start afresh too: a record's run (fast, then
  // reference, on one Machine) must not see the previous run's barrier arrival.
  m->mem.sync = sem::DsSync();
  m->mem.sync.beginDispatch(w.wave_id);
  *m->init = w;
  return true;
}

RunOutcome runOnce(const Target& t, const Inst& inst, sem::Path path, Machine* m) {
  RunOutcome r;
  sem::WaveState& w = *m->w;
  sem::Program p;
  if (!sem::buildProgram(t, {inst}, w.pc, path, &p, &r.error)) return r;
  r.built = true;
  sem::ExecEnv env(w, p);
  env.mem = &m->mem;
  env.lds = &m->lds;
  env.ip = p.code[0].next;
  w.stop = sem::WaveStop::NONE;
  p.code[0].fn(env, p.code[0]);
  ++w.executed;
  if (w.stop == sem::WaveStop::ERROR) r.error = w.error.empty() ? "stopped with an error" : w.error;

  const sem::WaveState& a = *m->init;
  WaveEffects& e = r.effects;
  for (int c = 0; c < sem::kScalarCodes; ++c)
    if (w.s[c] != a.s[c]) e.s.push_back({uint16_t(c), w.s[c]});
  for (int v = 0; v < sem::kVecRows; ++v)
    if (std::memcmp(w.v[v], a.v[v], sizeof w.v[v])) {
      VValue x;
      x.reg = uint16_t(v);
      std::memcpy(x.lanes.data(), w.v[v], sizeof w.v[v]);
      e.v.push_back(x);
    }
  e.scc = w.scc;
  for (int h = 0; h < sem::kNumHwRegs; ++h)
    if (w.hwreg[h] != a.hwreg[h]) e.hw.emplace_back(h, w.hwreg[h]);
  e.next_pc = env.ip < p.code.size() ? p.code[env.ip].pc : 0;
  e.stop = stopName(w.stop);
  for (const sem::MemRegion& g : m->mem.global.regions())
    diffPattern(Space::GLOBAL, g.base, g.bytes.data(), g.bytes.size(), &e.mem);
  diffPattern(Space::LDS, 0, m->lds.bytes.data(), m->lds.bytes.size(), &e.mem);
  diffPattern(Space::GDS, 0, m->mem.gds.data(), m->mem.gds.size(), &e.mem);
  return r;
}

}  // namespace gcn::regress
