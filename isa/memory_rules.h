// Operand widths that depend on modifiers (vdata with tfe/d16/dmask, vaddr
// with offen/idxen/addr64, GLOBAL's saddr) and the presence rules for
// optional address operands. Shared by printer, parser and encoder.
#pragma once

#include <string>

#include "isa/inst.h"

namespace gcn {

// Width in dwords of operand `op` of `in`, after modifier rules.
int operandDwords(const Inst& in, const OperandSpec& op);
// MUBUF/MTBUF: VADDR is a 64-bit address (GFX6/7's addr64; bit 15 is
// unassigned from GFX8 on).
inline bool bufferAddr64(const Inst& in) {
  return in[Fld::ADDR64] && (in.gen == Gen::GFX6 || in.gen == Gen::GFX7);
}
// MUBUF/MTBUF: the VGPRs VADDR supplies: none (offen, idxen and addr64
// clear), 1 (an index or an offset) or 2 (both, or a 64-bit address).
// Inline: the print plans and the emulator's buffer path ask it per
// instruction.
inline int bufferVaddrDwords(const Inst& in) {
  if (bufferAddr64(in) || (in[Fld::OFFEN] && in[Fld::IDXEN])) return 2;
  return in[Fld::OFFEN] || in[Fld::IDXEN] ? 1 : 0;
}
// MUBUF/MTBUF: vaddr used (bufferVaddrDwords); FLAT: always;
// GLOBAL: always; SCRATCH: vaddr used unless saddr is given.
bool memoryVaddrPresent(const Inst& in);
// FLAT/GLOBAL atomics return data (vdst) only with glc (sc0 on GFX940);
// every other row's vdst is always written.
bool memoryVdstPresent(const Inst& in);
// The SADDR code of "off" (GLOBAL/SCRATCH without an SGPR address).
constexpr int kSaddrOff = 0x7f;
// GLOBAL/SCRATCH: SADDR is not kSaddrOff.
bool memorySaddrPresent(const Inst& in);

// MIMG vdata width as llvm-mc-16 decodes it: one VGPR per DMASK bit (at
// least one; always 4 for gather4), halved (rounded up) with d16 on GFX9, +1
// with tfe. When llvm has no opcode variant of that width (atomics: 1/2
// regs, cmpswap 2/4; gather4: 2/4/5; others 1..5) or the range would run
// past v255, the row's default width (its vdata type) is used instead.
int mimgVdataDwords(const Inst& in);

// SRSRC/SSAMP: the SGPR number (a multiple of 4) of a `dwords`-wide
// resource/sampler tuple. Valid as llvm's decoder reads it: s[n:n+dwords-1]
// within s0..s103, or a TTMP tuple ttmp[k:k+dwords-1] within ttmp0..15
// (GFX9) / ttmp0..11 (GFX6-8).
// Codes llvm prints with an "Invalid register" comment (xnack_mask, tba) or
// rejects are invalid here (errata MEM_SRSRC_INVALID_TUPLE).
bool memorySregTupleValid(Gen g, int code, int dwords);
// Appends the tuple's name; false if invalid.
bool appendMemorySregTuple(Gen g, int code, int dwords, std::string* out);

// MUBUF/MTBUF soffset: an SGPR, TTMP, M0, VCC/EXEC half, flat_scratch or
// xnack_mask half, src_* register or inline constant; no literal, no
// null (125) or src_lds_direct (254) (errata MUBUF_SOFFSET_RESERVED_CODES).
bool memorySoffsetValid(Gen g, int code);

// GLOBAL saddr (not off): an SGPR or TTMP pair, an odd one aligned down
// (errata FLAT_GLOBAL_SADDR_ODD), or a 64-bit special register. The code
// the decoder keeps, or -1 when the word is refused.
int globalSaddrCode(Gen g, int code);
// SCRATCH saddr (not off): one SGPR, TTMP or special register, not null
// (errata MUBUF_SOFFSET_RESERVED_CODES).
bool scratchSaddrValid(Gen g, int code);

// Memory combinations the disassembler decodes (as llvm-mc's does) but an
// assembler refuses: meaningless for the hardware (errata
// MEM_ASSEMBLER_ONLY_RULES, FLAT_GFX8_OFFSET_DECODED). Returns llvm-mc's
// message, "" if none applies. validateInst refuses these Insts and the
// strict decoder their words, from this one list. `at`, when given, is set
// to the field of the modifier the message is about (llvm-mc's column),
// Fld::kCount when none is.
std::string memoryAssemblerRule(const Inst& in, Fld* at = nullptr);

}  // namespace gcn
