#include "semantics/emulator/wave_state.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "isa/registers.h"

namespace gcn::sem {

bool vectorRowsOfName(std::string_view name, int* row, int* count) {
  int code, dwords;
  size_t used;
  // Vector names are the same on every generation.
  if (!parseRegName(Gen::GFX9, name, &code, &dwords, &used) || used != name.size()) return false;
  const int file = vectorCodeFile(code);
  if (file < 0) return false;
  *row = separateFileRow0(file) + vectorCodeIndex(code);
  *count = dwords;
  return true;
}

uint32_t WaveState::status() const {
  uint32_t st = hwreg[HW_STATUS];
  st &= ~((1u << ST_SCC) | (1u << ST_EXECZ) | (1u << ST_VCCZ));
  st |= uint32_t(scc) << ST_SCC;
  st |= uint32_t(execz()) << ST_EXECZ;
  st |= uint32_t(vccz()) << ST_VCCZ;
  return st;
}

uint32_t WaveState::readHwreg(int id) const {
  switch (id) {
    case HW_STATUS: return status();
    case HW_PC_LO: return uint32_t(pc);
    case HW_PC_HI: return uint32_t(pc >> 32);
    case HW_TBA_LO: case HW_TBA_HI: case HW_TMA_LO: case HW_TMA_HI:
      return gen >= Gen::GFX9 ? hwreg[id] : s[108 + (id - HW_TBA_LO)];
    default: return (id >= 0 && id < kNumHwRegs) ? hwreg[id] : 0;
  }
}

void WaveState::writeHwreg(int id, uint32_t value) {
  if (id == HW_MODE) setMode(value);
  else if (id == HW_TRAPSTS) hwreg[HW_TRAPSTS] = value;
  else if (id == HW_STATUS && ((hwreg[HW_STATUS] >> ST_PRIV) & 1)) {
    // The handler restores STATUS; SCC, EXECZ and VCCZ stay derived.
    const uint32_t derived = (1u << ST_SCC) | (1u << ST_EXECZ) | (1u << ST_VCCZ);
    hwreg[HW_STATUS] = value & ~derived;
  } else if (gen >= Gen::GFX9 && id >= HW_TBA_LO && id <= HW_TMA_HI) {
    hwreg[id] = value;
  }
  // Other registers are read-only from a user-mode shader: the write is
  // dropped.
  if ((id == HW_MODE || id == HW_TBA_LO || id == HW_TBA_HI) && (mode() & kModeTrapBits) &&
      trapBase() != 0) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "unsupported in the functional model: hardware-initiated traps "
                  "(MODE.DEBUG_EN/EXCP_EN = 0x%x with a trap handler installed)",
                  (mode() & kModeTrapBits) >> 11);
    fail(buf);
  }
}

void WaveState::reset(Gen g, int vgpr_rows) {
  gen = g;
  num_sgprs = numSgprs(g);
  std::memset(v, 0, sizeof v[0] * size_t(std::max(vgpr_rows, vgpr_dirty)));
  vgpr_dirty = vgpr_rows;
  std::memset(s, 0, sizeof s);
  scc = false;
  pc = 0;
  for (auto& h : hwreg) h = 0;
  // Round to nearest, f32 denormals flushed, f64/f16 denormals kept: the
  // compute default (amdhsa float_denorm_mode_16_64 = 3), DX10 clamp and
  // IEEE on.
  setMode(0xc0u | (1u << 8) | (1u << 9));
  setExec(~0ull);
  stop = WaveStop::NONE;
  error.clear();
  executed = 0;
  messages.clear();
  vskip = false;
}

void WaveState::fail(const std::string& what) {
  if (stop == WaveStop::ERROR) return;  // keep the first error
  char buf[64];
  std::snprintf(buf, sizeof buf, "wave %u, pc 0x%llx: ", wave_id, (unsigned long long)pc);
  error = buf + what;
  stop = WaveStop::ERROR;
}

std::string scalarCodeName(Gen g, int code) {
  std::string out;
  if (appendScalarRegName(g, code, 1, &out)) return out;
  return "s_code" + std::to_string(code);
}

}  // namespace gcn::sem
