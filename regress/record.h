// The in-memory model of a regression corpus (corpus/README.md has the
// msgpack schema): a header and records, each one instruction's bytes with
// everything the current build says about them — decoded fields, canonical
// text, what the assembler makes of that text and, for executable rows, one
// wave's initial state and the state the semantics leave behind.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "semantics/domain/lanes.h"

namespace gcn::regress {

constexpr const char* kFormatName = "gcnref-regression-corpus";
constexpr int kVersion = 1;

// Where a one-instruction program is placed (s_getpc, branch targets).
constexpr uint64_t kDefaultPc = 0x1000;

struct SValue {  // scalar register file entry, by 7-bit operand code
  uint16_t code = 0;
  uint32_t value = 0;
  bool operator==(const SValue& o) const { return code == o.code && value == o.value; }
};
struct VValue {  // one VGPR, all lanes
  uint16_t reg = 0;
  std::array<uint32_t, sem::kLanes> lanes{};
  bool operator==(const VValue& o) const { return reg == o.reg && lanes == o.lanes; }
};
// Mapped global memory, filled with patternByte(address) (machine.h): only
// the window is stored, never its bytes.
struct Region {
  uint64_t base = 0;
  uint32_t size = 0;
};
enum class Space : uint8_t { GLOBAL, LDS, GDS };
struct MemWrite {  // bytes that differ from the initial pattern after the run
  Space space = Space::GLOBAL;
  uint64_t addr = 0;
  std::vector<uint8_t> bytes;
  bool operator==(const MemWrite& o) const {
    return space == o.space && addr == o.addr && bytes == o.bytes;
  }
};

// Initial wave: WaveState::reset(gen) defaults, all registers zero, then
// these values. LDS (64 KiB) and GDS (64 KiB) are attached, pattern filled.
struct WaveImage {
  uint64_t pc = kDefaultPc;
  uint64_t exec = ~0ull, vcc = 0;
  uint32_t m0 = 0, mode = 0;
  bool scc = false;
  std::vector<SValue> s;  // other scalar codes (not VCC/M0/EXEC)
  std::vector<VValue> v;
  std::vector<Region> regions;
};

// What the run changed (registers compared with the initial wave, memory
// with the pattern).
struct WaveEffects {
  std::vector<SValue> s;                        // every changed scalar code
  std::vector<VValue> v;                        // every changed VGPR (all lanes)
  bool scc = false;                             // final SCC
  std::vector<std::pair<int, uint32_t>> hw;     // changed hardware registers
  uint64_t next_pc = 0;                         // where execution continues
  std::string stop;                             // "" = still running; else endpgm, halt, ...
  std::vector<MemWrite> mem;
  bool operator==(const WaveEffects& o) const {
    return s == o.s && v == o.v && scc == o.scc && hw == o.hw && next_pc == o.next_pc &&
           stop == o.stop && mem == o.mem;
  }
};

enum class AsmExpect : uint8_t {
  SAME,    // parse(text) + encode gives `bytes`
  BYTES,   // ... gives `asm_bytes` (an alias or a shorter form)
  REJECT,  // the parser/encoder rejects the text
};

struct Record {
  std::string cpu;              // empty: the header's
  std::vector<uint8_t> bytes;   // the input, exactly one instruction
  std::string reject;           // non-empty: the decoder rejects the bytes with this status
  // Decoded (when reject is empty).
  std::string row, enc, form;   // table mnemonic, encoding name, form name
  bool has_literal = false;
  uint32_t literal = 0;
  std::vector<std::pair<std::string, int32_t>> fields;  // non-zero normalised fields
  std::string text;
  AsmExpect asm_expect = AsmExpect::SAME;
  std::vector<uint8_t> asm_bytes;
  // Executable rows.
  bool has_state = false;
  WaveImage in;
  WaveEffects out;
  std::string note;             // provenance (e.g. a gcnref diff finding)
};

struct Header {
  std::string format = kFormatName;
  int version = kVersion;
  std::string cpu;              // default target of the records
  std::string generator;        // how the file was made, free text
  uint64_t seed = 0;
  uint64_t records = 0;         // number of records that follow
};

struct Corpus {
  Header header;
  std::vector<Record> records;
  std::vector<uint64_t> offsets;  // byte offset of each record (filled by the reader)
};

}  // namespace gcn::regress
