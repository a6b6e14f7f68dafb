// The architectural state of one wave (GcnState.md, GcnOperands.md).
//
// Scalar registers live in `s[]` indexed by their 7-bit operand code, so an
// SDST/SSRC code 0..127 addresses its storage directly: SGPRs, FLAT_SCRATCH,
// XNACK_MASK, VCC (106/107), TBA/TMA, TTMPs, M0 (124), EXEC (126/127).
// VCCZ, EXECZ are derived on read. VGPRs are v[reg][lane] (lane-contiguous,
// so a whole-wave operand is one aligned 256-byte row); the AccVGPRs of the
// CDNA processors are rows of the same array (Program::file_row0: after
// the 256 VGPRs where the files are separate, at the kernel's ACCUM_OFFSET
// where GFX90A's unified file holds both).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "isa/gen.h"
#include "isa/legality.h"
#include "isa/vector_files.h"
#include "semantics/domain/fp.h"
#include "semantics/domain/lanes.h"

namespace gcn::sem {

constexpr int kMaxVgprs = kRegsPerVectorFile;  // v0..v255, and a0..a255
// Rows of WaveState::v: one block of kMaxVgprs per vector file.
constexpr int kVecRows = kNumVectorFiles * kRegsPerVectorFile;
// Row of register 0 of vector file f where the files are separate (gfx908).
constexpr int separateFileRow0(int f) { return f * kRegsPerVectorFile; }
constexpr int kAgprRow0 = separateFileRow0(kAgprFile);
constexpr int kScalarCodes = 128;
// The register row r of WaveState::v holds where the files are separate:
// "v5" in the first block, "a5" in the AccVGPRs'. Every report that names
// rows uses it.
inline std::string vectorRowName(int r) {
  const int f = r / kRegsPerVectorFile;
  return (f < kNumVectorFiles ? kVectorFiles[f].prefix : '?') + std::to_string(r % kRegsPerVectorFile);
}
// The rows a vector register name ("v5", "a[4:7]") stands for where the
// files are separate: the first in *row, how many in *count. False when
// `name` is not one vector register name.
bool vectorRowsOfName(std::string_view name, int* row, int* count);

// s_getreg/s_setreg ids (LLVM's HW_REG_*; isa/special_imm.cc).
enum HwReg : int {
  HW_MODE = 1, HW_STATUS = 2, HW_TRAPSTS = 3, HW_HW_ID = 4, HW_GPR_ALLOC = 5,
  HW_LDS_ALLOC = 6, HW_IB_STS = 7, HW_PC_LO = 8, HW_PC_HI = 9,
  HW_INST_DW0 = 10, HW_INST_DW1 = 11, HW_IB_DBG0 = 12, HW_IB_DBG1 = 13,
  HW_FLUSH_IB = 14, HW_SH_MEM_BASES = 15, HW_TBA_LO = 16, HW_TBA_HI = 17,
  HW_TMA_LO = 18, HW_TMA_HI = 19, kNumHwRegs = 32
};
// Bits of STATUS the model derives or reads.
enum StatusBit : int {
  ST_SCC = 0, ST_PRIV = 5, ST_EXECZ = 9, ST_VCCZ = 10, ST_IN_BARRIER = 12, ST_HALT = 13,
  ST_COND_DBG_USER = 20, ST_COND_DBG_SYS = 21
};
// MODE fields used by control flow: GPR index enable and the fork/join
// conditional stack pointer.
constexpr uint32_t kModeGprIdxEn = 1u << 27;
constexpr int kModeCspShift = 29;
// MODE bits that make the hardware enter the trap handler on its own
// (DEBUG_EN: after every instruction; EXCP_EN: on FP/integer exceptions).
constexpr uint32_t kModeTrapBits = 0x7f800u;  // bits 11..18
constexpr uint64_t kPcMask = (1ull << 48) - 1;  // the PC is 48 bits

// Why a wave stopped running (the emulator loop inspects `stop`).
enum class WaveStop : uint8_t {
  NONE = 0,
  ENDPGM,      // s_endpgm*
  BARRIER,     // s_barrier: wait for the workgroup
  HALT,        // s_sethalt 1 / s_sendmsghalt
  TRAP,        // s_trap with no trap handler installed (TBA = 0)
  ERROR,       // fault, unsupported instruction, bad branch: see `error`
  BUDGET,      // instruction budget exhausted
  VSKIP,       // s_setvskip or MODE.GPR_IDX_EN changed (loop re-dispatches)
  WAIT,        // blocked on GWS / ordered count: re-runs the instruction later
};

struct SentMessage {
  uint64_t pc;
  uint32_t simm16;
  uint32_t m0;
  bool halt;
};

struct WaveState {
  // --- registers ---
  alignas(64) uint32_t v[kVecRows][kLanes];
  alignas(8) uint32_t s[kScalarCodes];
  // Not architectural: the fast VALU path's rows for scalar sources (the
  // value broadcast per instruction) and a row of zeros (no operand, the
  // high half of a scalar). In the wave so that every source's row is at an
  // offset from it fixed at pre-decode (PInst::row_off).
  alignas(64) uint32_t bcast[3][kLanes];
  alignas(64) uint32_t zero_row[kLanes] = {};
  bool scc = false;
  uint64_t pc = 0;           // byte address of the current instruction
  uint32_t hwreg[kNumHwRegs] = {};  // MODE, STATUS (static bits), TRAPSTS ...
  FpMode fp;                 // decoded MODE, refreshed on every MODE write
  bool vskip = false;
  // Aperture sources (SRC_SHARED_BASE.. codes 235-238) and POPS id (239).
  uint64_t shared_base = 0, shared_limit = 0, private_base = 0, private_limit = 0;
  uint32_t pops_exiting_wave_id = 0;

  // --- identity and bookkeeping (not architectural) ---
  Gen gen = Gen::GFX9;
  int num_sgprs = 102;       // addressable s0..s{n-1} (isa/registers.h)
  uint32_t wave_id = 0;      // global wave index within the dispatch
  uint32_t wave_in_group = 0;
  WaveStop stop = WaveStop::NONE;
  std::string error;         // set with stop == ERROR: what, wave, pc, lane, addr
  uint64_t executed = 0;     // instructions executed
  std::vector<SentMessage> messages;
  // VGPR rows at and past this index are zero: reset(g, rows) clears only
  // [0, max(rows, vgpr_dirty)). Running with VGPR indexing (gpr_index.h)
  // sets it to at least kMaxVgprs, since any VGPR may then be written.
  int vgpr_dirty = kVecRows;

  WaveState() { std::memset(v, 0, sizeof v); std::memset(s, 0, sizeof s); }

  uint64_t s64(int code) const { uint64_t x; std::memcpy(&x, &s[code], 8); return x; }
  void setS64(int code, uint64_t x) { std::memcpy(&s[code], &x, 8); }
  uint64_t exec() const { return s64(126); }
  void setExec(uint64_t x) { setS64(126, x); }
  uint64_t vcc() const { return s64(106); }
  void setVcc(uint64_t x) { setS64(106, x); }
  uint32_t m0() const { return s[124]; }
  void setM0(uint32_t x) { s[124] = x; }
  bool execz() const { return exec() == 0; }
  bool vccz() const { return vcc() == 0; }

  // Trap handler address (0: none): TBA, the tba SGPR pair (codes 108/109)
  // on GFX6-8, hardware registers TBA_LO/HI on GFX9.
  uint64_t trapBase() const {
    return gen >= Gen::GFX9 ? (hwreg[HW_TBA_LO] | uint64_t(hwreg[HW_TBA_HI]) << 32) : s64(108);
  }
  int ttmp0() const { return ttmpBase(gen); }

  uint32_t mode() const { return hwreg[HW_MODE]; }
  // A change of GPR_IDX_EN stops the wave with VSKIP so the run loop
  // re-dispatches between its fast and slow steps (gpr_index.h).
  void setMode(uint32_t m) {
    if ((hwreg[HW_MODE] ^ m) & kModeGprIdxEn && stop == WaveStop::NONE) stop = WaveStop::VSKIP;
    hwreg[HW_MODE] = m;
    fp = FpMode::fromMode(m);
  }
  // STATUS with the derived bits (SCC, EXECZ, VCCZ) filled in.
  uint32_t status() const;
  // s_getreg view of a hardware register (derived ones computed).
  uint32_t readHwreg(int id) const;
  // s_setreg: writable are MODE and TRAPSTS (user mode), STATUS inside the
  // trap handler (PRIV), TBA/TMA on GFX9 (the model keeps no privilege
  // level for them: that is how a test installs a handler); writes to the
  // read-only registers are dropped, as the hardware does. A write that
  // would let the hardware trap on its own (MODE DEBUG_EN/EXCP_EN with a
  // handler installed) stops the wave: the model raises no exceptions.
  void writeHwreg(int id, uint32_t value);

  // Sets gen-dependent defaults (SGPR count, MODE with f64/f16 denormals on).
  void reset(Gen g) { reset(g, kVecRows); }
  // The same, for a wave that will touch only v0..v{vgpr_rows-1}: the rows
  // the previous occupant may have written are cleared, the rest are zero.
  void reset(Gen g, int vgpr_rows);
  // Records an error and stops the wave: message names wave and pc.
  void fail(const std::string& what);
};

// Names of scalar operand codes for messages and `gcnref exec` output:
// "s5", "vcc_lo", "exec_hi", "m0", "ttmp3", ...
std::string scalarCodeName(Gen g, int code);

}  // namespace gcn::sem
