// Programs pre-decoded once: a flat vector of ready-to-run instructions
// holding the resolved handler pointer, the resolved operands and the
// decoded Inst. The emulator's hot loop never looks at bytes or tables.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "isa/inst.h"
#include "isa/target.h"
#include "semantics/domain/lanes.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::sem {

#if GCN_SEM_X86_CLONES
// Does this CPU run the AVX2+FMA handler clones? (GCN_SEM_NO_AVX2 set in the
// environment forces the baseline handlers, to compare the two.)
bool cpuHasAvx2();
// Does it run the AVX-512 (x86-64-v4) clones? (GCN_SEM_NO_AVX512 forces the
// AVX2 ones.)
bool cpuHasAvx512();
#endif

struct ExecEnv;
struct PInst;
struct MfmaPlan;
// Every instruction handler: one call executes the instruction for the wave.
using Handler = void (*)(ExecEnv&, const PInst&);

// Where an operand's value comes from, resolved at pre-decode.
enum class OpKind : uint8_t {
  NONE,
  SREG,       // scalar register file s[reg] (7-bit code: SGPR, VCC, M0, EXEC, TTMP...)
  VGPR,       // v[reg]
  CONST,      // inline constant or literal, `value` holds it at the operand width
  SCC, VCCZ, EXECZ,
  APERTURE,   // SRC_SHARED_BASE..SRC_PRIVATE_LIMIT (reg = 235..238), POPS (239)
  LDS_DIRECT, // M0-addressed LDS read (GcnOperands.md "LDS direct access")
};

struct Operand {
  OpKind kind = OpKind::NONE;
  uint8_t dwords = 1;   // register count
  uint16_t reg = 0;     // s-code or VGPR index
  uint64_t value = 0;   // CONST: value at the operand width
};

// Which instantiation of a VALU definition runs (chosen per instruction at
// pre-decode so the fast path has no modifier branches).
enum Variant : uint8_t {
  V_PLAIN = 0,  // e32, or e64 with no modifiers set
  V_MODS,       // VOP3 with abs/neg/clamp/omod/op_sel
  V_SDWA,
  V_DPP,
  kNumVariants
};

// Operand slots of PInst::src by role.
enum Slot : uint8_t { S0 = 0, S1 = 1, S2 = 2 };

struct PInst {
  Handler fn = nullptr;     // the handler the loop calls (fast or reference)
  uint32_t index = 0;       // own index in Program::code
  uint32_t next = 0;        // index of the following instruction
  int32_t target = -1;      // SOPP/SOPK branch target index (-1: not an instruction)
  uint64_t pc = 0;          // byte address
  uint64_t target_pc = 0;   // RELADDR = pc + 4 + SIMM16 * 4 (branches only)
  Variant variant = V_PLAIN;
  // Instruction-desc facts the VALU contexts need per instruction, looked up
  // once here (a desc() lookup per 16-lane chunk showed in profiles).
  uint8_t opsel = 0;        // op_sel bits honoured by u16()/setU16() (vdetail::opSelOf)
  bool keep_half = false;   // 16-bit result keeps the other half (vdetail::keepsOtherHalf)
  bool cmpx = false;        // v_cmpx row: the compare result also goes to EXEC
  Operand src[3];           // ssrc0/src0, ssrc1/src1, src2 (incl. implicit VCC)
  // The fast VALU path's source rows as byte offsets from the WaveState
  // (setSourceRows): a VGPR's row and the next one, else zero_row, and
  // for a 32-bit scalar source its bcast row; scalar_srcs has bit i set for
  // each scalar source, which the handler reads (and broadcasts if 32-bit,
  // bcast_srcs). So resolving a VGPR source costs no branch on its kind.
  uint32_t row_off[3] = {}, hi_off[3] = {};
  uint8_t scalar_srcs = 0;
  uint8_t bcast_srcs = 0;   // the 32-bit ones among them (64-bit: row_off = zero_row)
  // A scalar source's value without a call or a branch on its kind:
  // (the 8 bytes at sc_off from the WaveState & sc_mask) | sc_const, i.e.
  // an SGPR/VCC/EXEC/M0 read at its width, or a constant (mask 0). Kinds
  // the formula cannot read (SCC, VCCZ, EXECZ, apertures, LDS direct) set
  // slow_scalars, and the handler hands the instruction to its out-of-line
  // twin, which reads them with scalarRead64: the common handler then makes
  // no call and needs no saved registers or stack frame.
  uint32_t sc_off[3] = {};
  uint64_t sc_mask[3] = {}, sc_const[3] = {};
  bool slow_scalars = false;
  // Float source modifiers as masks, x = (x & and) ^ xor: abs clears the
  // sign, then neg flips it (ABS/NEG of a modifier variant; pre-decode, so
  // the handler does not rebuild them from the bits on every instruction).
  uint32_t and32[3] = {~0u, ~0u, ~0u}, xor32[3] = {};
  uint64_t and64[3] = {~0ull, ~0ull, ~0ull}, xor64[3] = {};
  Operand dst;              // sdst or vdst
  Operand sdst;             // VOP3B/VOPC-e64/VOP2-carry sdst (VCC in e32 forms)
  // DPP: source lane per lane (0xff = out of range) and the row/bank mask.
  uint8_t dpp_src[kLanes];
  uint64_t dpp_rowbank = ~0ull;
  // Memory instructions: added to the data register fields (VDATA, VDST,
  // DATA0/1) to give their row in WaveState::v: 0, or the Program's
  // file_row0 of the AccVGPRs when the ACC bit names them (mem::dataReg).
  uint16_t data_row0 = 0;
  const MfmaPlan* mfma = nullptr;  // MFMA rows: element positions (mfma_plan.h)
  Inst inst;
  const char* mnemonic() const;
};

enum class Path : uint8_t { FAST, REFERENCE };

// How the float matrix instructions (MFMA, SMFMAC) accumulate; AMD
// publishes neither (errata SEM_MFMA_NUMERICS). FMA_CHAIN: from C, one fused
// multiply-add per k in increasing k, each rounded. EXACT_SUM: C plus every
// product held exactly, rounded once.
enum class MatrixNumerics : uint8_t { FMA_CHAIN, EXACT_SUM };
const char* matrixNumericsName(MatrixNumerics m);  // "fma-chain", "exact-sum"
bool parseMatrixNumerics(const std::string& s, MatrixNumerics* m);

// Row of register 0 of each vector file (Program::file_row0).
using FileRows = std::array<int, kNumVectorFiles>;
// FileRows where every vector file is a block of its own.
constexpr FileRows separateFileRows() {
  FileRows r{};
  for (int f = 0; f < kNumVectorFiles; ++f) r[size_t(f)] = separateFileRow0(f);
  return r;
}

struct Program {
  Target target;
  uint64_t base = 0;                  // address of the first instruction
  std::vector<PInst> code;            // code.back() is the end sentinel
  std::unordered_map<uint64_t, uint32_t> index_of_pc;
  Path path = Path::FAST;
  // One past the highest VGPR an instruction names, at the operand's width
  // after modifiers (kMaxVgprs when M0-relative v_movrel* can reach any).
  // Without VGPR indexing (gpr_index.h), which the emulator tracks per wave,
  // no instruction touches a VGPR at or past it.
  int vgpr_rows = 0;
  // Row of register 0 of each vector file in WaveState::v. Set before
  // buildProgram: separateFileRow0 (separate files, as gfx908 has them),
  // or for the AccVGPRs on GFX90A/GFX940 the kernel's ACCUM_OFFSET, where
  // they follow the VGPRs in one file.
  FileRows file_row0 = separateFileRows();
  MatrixNumerics matrix_numerics = MatrixNumerics::FMA_CHAIN;

  // Number of real instructions (without the sentinel).
  size_t size() const { return code.empty() ? 0 : code.size() - 1; }
  // Index of the instruction at byte address pc, or -1.
  int32_t indexOf(uint64_t pc) const {
    auto it = index_of_pc.find(pc);
    return it == index_of_pc.end() ? -1 : int32_t(it->second);
  }
};

// Fills PInst::row_off/hi_off/scalar_srcs from src (pre-decode, and again
// after VGPR indexing rewrites a copy's operands).
void setSourceRows(PInst* p);

// Builds a program from decoded instructions laid out from `base`. Every
// instruction gets its handler; rows with no semantics get a handler that
// stops the wave with "unsupported in the functional model: <mnemonic>"
// (so a program containing, say, an EXP still runs up to it). Fails (false,
// message) only on bad operands (e.g. a VGPR range past v255).
bool buildProgram(const Target& t, const std::vector<Inst>& insts, uint64_t base,
                  Path path, Program* out, std::string* err,
                  const std::vector<uint8_t>* sizes = nullptr);
// Decodes bytes, then buildProgram. Error names the byte offset.
bool buildProgramFromBytes(const Target& t, const uint8_t* bytes, size_t len,
                           uint64_t base, Path path, Program* out, std::string* err);
// Assembles LLVM-syntax source (text/assembler.h), then buildProgram.
// Errors carry "line L, column C". Blank lines, comments (; # //) and
// `label:` lines are accepted; labels may be used as branch targets.
bool buildProgramFromText(const Target& t, const std::string& text, uint64_t base,
                          Path path, Program* out, std::string* err);

// Resolves one 9-bit source code as an operand of type width `bits`
// (is_float: inline float constants use that width's pattern; 64-bit
// literals are the high half for f64, zero-extended for b64/u64,
// sign-extended for i64; see isa/errata/semantics.inc).
Operand resolveSource(Gen g, int code, int bits, bool is_float, bool is_signed,
                      const Inst& inst);

}  // namespace gcn::sem
