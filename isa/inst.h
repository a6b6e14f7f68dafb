// A decoded instruction: the row it instantiates plus its normalised fields.
// Decoder, encoder, printer, parser and the semantics all speak Inst.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "isa/encoding.h"
#include "isa/gen.h"
#include "isa/inst_desc.h"

namespace gcn {

// The physical shape of an instruction. For VOP1/VOP2/VOPC rows it says
// which of the four forms was used; every other row has exactly one.
enum class Form : uint8_t { NATIVE, E32, E64, SDWA, DPP };
std::string_view formName(Form f);

// Operand codes of the 9-bit source space (SSRC*, SRC*, SDST, SOFFSET ...).
namespace opc {
constexpr int kVccLo = 106, kVccHi = 107, kM0 = 124, kExecLo = 126,
              kExecHi = 127, kZero = 128, kIntPos = 129 /*1..64*/,
              kIntNeg = 193 /*-1..-16*/, kSharedBase = 235, kSharedLimit = 236,
              kPrivateBase = 237, kPrivateLimit = 238, kPopsExitingWaveId = 239,
              kHalf = 240 /*0.5*/, kInvPi2 = 248, kSdwa = 249, kDpp = 250,
              kVccz = 251, kExecz = 252, kScc = 253, kLdsDirect = 254,
              kLiteral = 255, kVgpr0 = 256;
}  // namespace opc

// 64-byte aligned: the decoder's fast path writes an Inst as 64-byte
// vector stores, and each one that crosses a cache line costs two (a
// stack Inst at 16-byte alignment: decode of one word repeated ~9 % slower).
struct alignas(64) Inst {
  uint16_t id = 0;          // row index (instDesc(id))
  Gen gen = Gen::GFX9;
  Enc enc = Enc::SOP2;      // encoding of dword0 (VOP3 for e64 forms)
  Form form = Form::NATIVE;
  uint8_t size = 0;         // bytes, including literal
  bool has_literal = false;
  uint32_t literal = 0;
  std::array<int32_t, kNumStoredFlds> f{};  // normalised fields, see Fld

  // Stored fields only (isStoredFld); fieldValue reads any field.
  int32_t& operator[](Fld x) { return f[size_t(x)]; }
  int32_t operator[](Fld x) const { return f[size_t(x)]; }
  const InstDesc& desc() const { return instDesc(id); }

  bool operator==(const Inst& o) const {
    return id == o.id && gen == o.gen && enc == o.enc && form == o.form &&
           size == o.size && has_literal == o.has_literal &&
           literal == o.literal && f == o.f;
  }
  bool operator!=(const Inst& o) const { return !(*this == o); }
};

// 320 bytes, five 64-byte chunks: the decoder's fill writes an Inst chunk
// by chunk, and the last chunk, from NV on, is a constant in its quick
// records (encoding.h). A sixth chunk made decoding one word repeated
// 8 % slower (decode_bench): a new field needs the place of one the Inst
// need not store, as SEG and RESERVED are not stored.
static_assert(sizeof(Inst) == 320, "an Inst is five 64-byte chunks");
static_assert(offsetof(Inst, f) + 4 * size_t(Fld::NV) == 256, "NV starts the last chunk");

// A human-readable dump of every non-zero field, for test failure messages.
std::string debugString(const Inst& inst);

}  // namespace gcn
