// Buffer data/number format conversion for MTBUF and buffer_*_format_*
// (GcnMemHandling.md "MUBUF/MTBUF format conversion").
#pragma once

#include <cstdint>

namespace gcn::sem::mem {

// Data format layout: element size and, per component, its bit position
// and width from the element's lowest bit.
struct DataFormat {
  uint8_t bytes = 0;
  uint8_t ncomp = 0;
  uint8_t bits[4] = {};
  uint8_t shift[4] = {};
};
// False for the invalid (0) and reserved (15) codes.
bool dataFormat(int dfmt, DataFormat* out);

enum Nfmt : int {
  NF_UNORM = 0, NF_SNORM = 1, NF_USCALED = 2, NF_SSCALED = 3, NF_UINT = 4, NF_SINT = 5,
  NF_SNORM_OGL = 6, NF_FLOAT = 7
};
inline bool nfmtIsFloat(int nfmt) { return nfmt != NF_UINT && nfmt != NF_SINT; }

// A component's raw bits -> the 32-bit register value (float bits for the
// float number formats, an integer for UINT/SINT).
uint32_t unpackComponent(uint32_t raw, int bits, int nfmt);
// A register value -> the component's raw bits.
uint32_t packComponent(uint32_t reg, int bits, int nfmt);

// Bits [shift, shift+bits) of a little-endian byte array (bits <= 32).
uint32_t getBits(const uint8_t* p, int shift, int bits);
void setBits(uint8_t* p, int shift, int bits, uint32_t v);

// IEEE half <-> single: round to nearest even (domain/valu_fp.h's d2h; a
// NaN keeps its top payload bits and is quieted), exact (domain/half.h).
uint16_t f32ToF16(uint32_t f);
uint32_t f16ToF32(uint16_t h);

}  // namespace gcn::sem::mem
