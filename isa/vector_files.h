// The vector register files: the VGPRs and the AccVGPRs (AGPRs) of the CDNA
// processors. One entry per file says how its registers are written, which
// operand types name it, and where its registers sit in the parser's code
// space and, by default, in the emulator's rows. Printer, parser, legality
// rules, emulator, prover and tools read the entries, so a further file is
// one entry here plus its operand types in inst_desc.h.
#pragma once

#include <cstdint>
#include <iterator>

#include "isa/inst_desc.h"

namespace gcn {

constexpr int kRegsPerVectorFile = 256;  // v0..v255, a0..a255

struct VectorFile {
  char prefix;         // v5, a[4:7]
  const char* noun;    // the parser's messages: "AGPRs are not allowed here"
  const char* a_noun;  // "expected an AGPR"
  // Types naming registers of this file only (vN, aN).
  OpType first, last;
  // Types naming this file or the VGPRs, as a bit of the word's ACC field
  // says (avN; isa/operand_field.h accBit); kCount when none do.
  OpType either_first, either_last;
};

// Entry 0 is the VGPRs: a vector operand names them unless its type or an
// ACC bit names another file.
inline constexpr VectorFile kVectorFiles[] = {
    {'v', "VGPR", "a VGPR", OpType::v16, OpType::v128, OpType::kCount, OpType::kCount},
    {'a', "AGPR", "an AGPR", OpType::a32, OpType::a1024, OpType::av32, OpType::av128},
};
constexpr int kNumVectorFiles = int(std::size(kVectorFiles));
constexpr int kVgprFile = 0;
constexpr int kAgprFile = 1;

// Which files an operand may name: always `file`, or (by_acc_bit) `file`
// when its ACC bit is set and the VGPRs otherwise. file < 0: no vector
// register.
struct FileChoice {
  int8_t file = -1;
  bool by_acc_bit = false;
  constexpr bool isVector() const { return file >= 0; }
  // Whether a register of file f fits the choice.
  constexpr bool admits(int f) const { return f == file || (by_acc_bit && f == kVgprFile); }
  // Whether the operand may name a file other than the VGPRs.
  constexpr bool beyondVgprs() const { return file > kVgprFile; }
};

// The files an operand type names, from the entries' type ranges.
constexpr FileChoice typeFileChoice(OpType t) {
  for (int f = 0; f < kNumVectorFiles; ++f) {
    const VectorFile& v = kVectorFiles[f];
    if (t >= v.first && t <= v.last) return {int8_t(f), false};
    if (v.either_first != OpType::kCount && t >= v.either_first && t <= v.either_last)
      return {int8_t(f), true};
  }
  return {};
}

// The file whose register names start with `prefix`, or -1.
constexpr int vectorFileOfPrefix(char prefix) {
  for (int f = 0; f < kNumVectorFiles; ++f)
    if (kVectorFiles[f].prefix == prefix) return f;
  return -1;
}

// The parser's code for register n of file f: the 9-bit source space's
// 256 + n for the VGPRs, the codes past it for the other files (no 9-bit
// field names those; the operand's type or ACC bit does).
constexpr int vectorTextCode(int f, int n) { return 256 + f * kRegsPerVectorFile + n; }
// The file of a parser code, or -1 for a code naming no vector register.
constexpr int vectorCodeFile(int code) {
  const int f = code >= 256 ? (code - 256) / kRegsPerVectorFile : -1;
  return f < kNumVectorFiles ? f : -1;
}
// The register number of a vector parser code within its file.
constexpr int vectorCodeIndex(int code) { return (code - 256) % kRegsPerVectorFile; }

}  // namespace gcn
