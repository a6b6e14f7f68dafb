// Names of the operand codes of the 9-bit source space and of register
// ranges, per generation, in LLVM's spelling. Printer and parser share them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "isa/gen.h"
#include "isa/inst_desc.h"
#include "isa/vector_files.h"

namespace gcn {

// Number of addressable SGPRs (s0..s{n-1}) on g.
int numSgprs(Gen g);

// Appends the name of the scalar operand range starting at `code` (0..255,
// not an inline constant) that is `dwords` wide: "s5", "s[4:7]", "vcc",
// "exec_lo", "ttmp[4:7]", "flat_scratch", "src_shared_base", ...
// Returns false (and appends nothing) when no name exists on g.
bool appendScalarRegName(Gen g, int code, int dwords, std::string* out);
// Whether appendScalarRegName(g, code, dwords, ...) would succeed.
bool scalarRegNameExists(Gen g, int code, int dwords);

// Appends "v5" or "v[4:7]" for VGPR index n (0..255) `dwords` wide.
void appendVgprName(int n, int dwords, std::string* out);
// The same for register n of vector file `file` (isa/vector_files.h): a5,
// a[4:7] for the AccVGPRs.
void appendVectorRegName(int file, int n, int dwords, std::string* out);

// Parses a register name at the start of `s` (longest match): SGPR and
// vector-file ranges, TTMPs, specials. On success sets code (9-bit space:
// VGPRs are 256+n; the other vector files, which no 9-bit code names, the
// codes past it, vectorTextCode), dwords, and chars consumed.
bool parseRegName(Gen g, std::string_view s, int* code, int* dwords,
                  size_t* consumed);

// Inline constants: integer value for codes 128..208, or the IEEE bit
// pattern of the float constants 240..248 at the given width (16/32/64).
bool isInlineConstant(Gen g, int code);
bool inlineIntValue(int code, int64_t* v);
// Bits of the float inline constant at width `bits`.
uint64_t inlineFloatBits(int code, int bits);
// Code of the integer inline constant with value v (-16..64), or -1.
int inlineIntCode(int64_t v);
// Code of the float inline constant (240..248 the generation has) whose bit
// pattern at `bits` width is `pattern`, or -1.
int inlineFloatCode(Gen g, uint64_t pattern, int bits);
// The inline constant a 32-bit literal stands for in an operand of `bits`
// width (16, 32, 64), or -1: what the decoder canonicalises a literal to.
// 16: the low half as an integer constant, or (f16 operands only) as an f16
// float constant; 32: the integer or f32 float constant; 64: only 0..64
// coincide, the literal being extended.
int literalInlineCode(Gen g, uint32_t literal, int bits, bool f16);
// The inline constant a packed-pair dword of a VOP1/VOP2 row equals: an
// integer constant by its 32-bit value, for pkf16 also an f16 constant's
// pattern with the high half 0; -1 when none.
int packedDwordInlineCode(Gen g, OpType t, uint32_t dword);

}  // namespace gcn
