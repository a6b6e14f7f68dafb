// Encoder tests: Inst -> bytes. Expected bytes are derived by hand from the
// field layouts of shared/spec/clrx/GcnInstrs*.md (derivation in comments),
// plus the decode -> encode -> decode fixpoint over random words.
#include "isa/processors.h"
#include "encoder/encoder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "text/parser.h"
#include "isa/index.h"
#include "isa/target_testing.h"
#include "space/inst_space.h"

namespace gcn {
namespace {

int rowId(const Target& t, std::string_view mn, Enc enc) {
  for (int i = 0; i < numInsts(); ++i)
    if (instDesc(i).mnemonic == mn && instDesc(i).enc == enc && t.has(instDesc(i))) return i;
  ADD_FAILURE() << "no row " << mn;
  return 0;
}

std::vector<uint8_t> enc(const Target& t, const Inst& in, std::string* err = nullptr) {
  uint8_t b[16];
  std::string e;
  size_t n = encodeInst(t, in, b, &e);
  if (err) *err = e;
  return std::vector<uint8_t>(b, b + n);
}

std::vector<uint8_t> le(std::initializer_list<uint32_t> dwords) {
  std::vector<uint8_t> v;
  for (uint32_t d : dwords)
    for (int k = 0; k < 4; ++k) v.push_back(uint8_t(d >> (8 * k)));
  return v;
}

// SOP2 (GcnInstrsSop2.md): [31:30]=10 | OP[29:23] | SDST[22:16] | SSRC1[15:8] | SSRC0[7:0]
TEST(Encoder, Sop2FromFields) {
  Target t = targetOrDie("gfx900");
  Inst in;
  in.id = uint16_t(rowId(t, "s_add_u32", Enc::SOP2));
  in.gen = t.gen;
  in.enc = Enc::SOP2;
  in[Fld::SDST] = 5;
  in[Fld::SSRC0] = 1;
  in[Fld::SSRC1] = 2;
  // 0x80000000 | 5<<16 | 2<<8 | 1
  EXPECT_EQ(enc(t, in), le({0x80050201}));
}

// VOP3A GFX9: VDST[7:0] ABS[10:8] CLAMP[15] OP[25:16] | SRC0 SRC1 SRC2 (9 bits
// each from bit 32) OMOD[60:59] NEG[63:61]. v_add_f32 e64 = 0x100 + 0x01.
TEST(Encoder, Vop3ModifiersFromFields) {
  Target t = targetOrDie("gfx900");
  Inst in;
  in.id = uint16_t(rowId(t, "v_add_f32", Enc::VOP2));
  in.gen = t.gen;
  in.enc = Enc::VOP3;
  in.form = Form::E64;
  in[Fld::SRC0] = 257;  // v1
  in[Fld::SRC1] = 258;  // v2
  in[Fld::NEG] = 1;
  in[Fld::ABS] = 2;
  in[Fld::CLAMP] = 1;
  in[Fld::OMOD] = 1;
  // dword0 0xD0000000 | 0x101<<16 | 1<<15 | 2<<8; dword1 0x101 | 0x102<<9 | 1<<27 | 1<<29
  EXPECT_EQ(enc(t, in), le({0xD1018200, 0x28020501}));
}

TEST(Encoder, RangeChecks) {
  Target t = targetOrDie("gfx900");
  Inst in;
  in.id = uint16_t(rowId(t, "s_add_u32", Enc::SOP2));
  in.gen = t.gen;
  in.enc = Enc::SOP2;
  in[Fld::SDST] = 200;  // 7-bit field
  std::string err;
  EXPECT_TRUE(enc(t, in, &err).empty());
  EXPECT_NE(err.find("SDST"), std::string::npos) << err;

  // GFX9 SMEM OFFSET is a signed 21-bit field.
  Inst s;
  s.id = uint16_t(rowId(t, "s_load_dword", Enc::SMEM));
  s.gen = t.gen;
  s.enc = Enc::SMEM;
  s[Fld::SBASE] = 2;
  s[Fld::IMM] = 1;
  s[Fld::OFFSET] = 1 << 20;
  EXPECT_TRUE(enc(t, s, &err).empty());
  EXPECT_NE(err.find("signed"), std::string::npos) << err;
  s[Fld::OFFSET] = -(1 << 20);
  EXPECT_EQ(enc(t, s, &err).size(), 8u) << err;
  s[Fld::SBASE] = 3;  // X2: must be even
  EXPECT_TRUE(enc(t, s, &err).empty());
}

TEST(Validate, ConstantBusAndLiterals) {
  Target t = targetOrDie("gfx900");
  Inst in;
  ParseError pe;
  ASSERT_TRUE(parseInst(t, "v_add_f32_e64 v0, s1, v2", &in, &pe)) << pe.message;
  EXPECT_EQ(validateInst(t, in), "");
  in[Fld::SRC1] = 2;  // s2: two different SGPRs
  EXPECT_NE(validateInst(t, in).find("constant bus"), std::string::npos);
  in[Fld::SRC1] = 1;  // the same SGPR twice is one read
  EXPECT_EQ(validateInst(t, in), "");
  in[Fld::SRC1] = opc::kLiteral;
  in.has_literal = true;
  EXPECT_NE(validateInst(t, in).find("literal"), std::string::npos);
}

// Clamp and omod on rows that take neither: validateInst refuses the Inst
// and the decoder the word it would encode to (llvm-mc-19 -mcpu=gfx942
// refuses 'v_cvt_pk_fp8_f32 v0, v1, v2 clamp': invalid operand).
TEST(Validate, ClampAndOmodOnlyWhereTheDecoderTakesThem) {
  struct Case {
    const char* cpu;
    const char* text;
    Fld f;
    const char* needle;
  };
  const Case cases[] = {
      {"gfx942", "v_cvt_pk_fp8_f32 v0, v1, v2", Fld::CLAMP, "clamp"},
      {"gfx900", "v_cndmask_b32_e64 v0, v1, v2, s[0:1]", Fld::CLAMP, "clamp"},
      // llvm-mc-16 -mcpu=gfx900: 'v_interp_p2_f16 v1, v2, attr0.x, v3 mul:2':
      // not a valid operand.
      {"gfx900", "v_interp_p2_f16 v1, v2, attr0.x, v3", Fld::OMOD, "output modifier"},
  };
  for (const Case& c : cases) {
    Target t = targetOrDie(c.cpu);
    Inst in;
    ParseError pe;
    ASSERT_TRUE(parseInst(t, c.text, &in, &pe)) << c.text << ": " << pe.message;
    EXPECT_EQ(validateInst(t, in), "") << c.text;
    uint8_t ok[16];
    std::string why;
    const size_t n = encodeInst(t, in, ok, &why);
    ASSERT_EQ(n, 8u) << c.text << ": " << why;
    in[c.f] = 1;
    EXPECT_NE(validateInst(t, in).find(c.needle), std::string::npos) << c.text << ": " << validateInst(t, in);
    // The word with the bit set: the decoder refuses it.
    const int bit = c.f == Fld::CLAMP ? 15 : 59;
    ok[bit / 8] = uint8_t(ok[bit / 8] | 1u << (bit % 8));
    Inst back;
    EXPECT_FALSE(decode(t, ok, n, &back).ok()) << c.text;
  }
}

// The same over the instruction space: for every VOP3-form instruction,
// the word with a source modifier, clamp or omod bit set decodes (keeping
// the bit) exactly when validateInst takes the Inst with that bit set.
TEST(Validate, ModifierBitsAgreeWithTheDecoderOnEveryRow) {
  for (const char* cpu : {"gfx600", "gfx700", "gfx803", "gfx900", "gfx90a", "gfx942"}) {
    const Target t = targetOrDie(cpu);
    const std::vector<uint8_t> s = validInstructionStream(t, 20000, 3);
    const GenIndex& gi = genIndex(t.gen);
    int checked = 0, refused = 0;
    for (size_t pos = 0; pos < s.size();) {
      Inst in;
      const DecodeResult r = decode(t, s.data() + pos, s.size() - pos, &in);
      ASSERT_TRUE(r.ok()) << cpu << " at " << pos;
      const size_t at = pos;
      pos += r.size;
      // Instances the decoder reads but an assembler refuses for other
      // reasons (the constant bus, GFX90A's VGPR alignment) say nothing here.
      if ((in.enc != Enc::VOP3 && in.enc != Enc::VOP3B) || !validateInst(t, in).empty()) continue;
      // Each bit of NEG and ABS (one per source), CLAMP, OMOD's low bit.
      for (auto [f, bit] : {std::pair{Fld::NEG, 1}, {Fld::NEG, 2}, {Fld::NEG, 4}, {Fld::ABS, 1},
                            {Fld::ABS, 2}, {Fld::ABS, 4}, {Fld::CLAMP, 1}, {Fld::OMOD, 1}}) {
        if (in[f] & bit) continue;
        const FieldSlot* slot = nullptr;
        for (const FieldSlot& fs : gi.enc[int(in.enc)].fields)
          if (fs.fld == f) slot = &fs;
        if (!slot) continue;
        std::vector<uint8_t> w(s.begin() + long(at), s.begin() + long(at + r.size));
        const int b = slot->lo + __builtin_ctz(unsigned(bit));
        w[b / 8] = uint8_t(w[b / 8] | 1u << (b % 8));
        Inst back, x = in;
        const DecodeResult rb = decode(t, w.data(), w.size(), &back);
        const bool decoder_takes = rb.ok() && (back[f] & bit);
        x[f] |= bit;
        const std::string why = validateInst(t, x);
        EXPECT_EQ(decoder_takes, why.empty()) << cpu << " " << debugString(x) << ": " << why;
        ++checked;
        refused += !decoder_takes;
      }
    }
    EXPECT_GT(checked, 1000) << cpu;
    EXPECT_GT(refused, 10) << cpu;
  }
}

// Memory combinations the decoder reads but an assembler refuses
// (errata MEM_ASSEMBLER_ONLY_RULES): illegal for validateInst.
TEST(Validate, MemoryAssemblerRules) {
  Target t = targetOrDie("gfx900");
  Inst in;
  ParseError pe;
  ASSERT_TRUE(parseInst(t, "image_atomic_add v0, v0, s[0:7] dmask:0x1", &in, &pe)) << pe.message;
  EXPECT_EQ(validateInst(t, in), "");
  in[Fld::DMASK] = 2;
  EXPECT_NE(validateInst(t, in).find("atomic image dmask"), std::string::npos);
  ASSERT_TRUE(parseInst(t, "image_gather4 v[0:3], v4, s[8:15], s[0:3] dmask:0x2", &in, &pe)) << pe.message;
  EXPECT_EQ(validateInst(t, in), "");
  in[Fld::DMASK] = 3;
  EXPECT_NE(validateInst(t, in).find("only one bit"), std::string::npos);
  ASSERT_TRUE(parseInst(t, "buffer_store_dword v1, off, s[8:11], 0", &in, &pe)) << pe.message;
  EXPECT_EQ(validateInst(t, in), "");
  in[Fld::TFE] = 1;
  EXPECT_NE(validateInst(t, in).find("TFE"), std::string::npos);
  Target si = targetOrDie("tahiti");
  ASSERT_TRUE(parseInst(si, "buffer_load_dword v1, v[2:3], s[4:7], 0 addr64", &in, &pe)) << pe.message;
  EXPECT_EQ(validateInst(si, in), "");
  in[Fld::OFFEN] = 1;
  EXPECT_NE(validateInst(si, in).find("addr64"), std::string::npos);
}

// Fuzz findings F1/F2: the lenient decoder reads these words as
// llvm-mc does, validateInst refuses the Inst, and the strict decoder
// rejects the word — the same list (memoryAssemblerRule), so "strictly
// canonical" implies "assemblable" (errata MEM_ASSEMBLER_ONLY_STRICT).
TEST(Validate, StrictDecoderRefusesWhatValidateRefuses) {
  struct Case {
    const char* cpu;
    std::vector<uint8_t> bytes;
    const char* needle;
  };
  // tahiti buffer_load_dword v1, v[2:3], s[4:7], 0 offen addr64: bits 12
  // (OFFEN) and 15 (ADDR64) of buffer_load_dword (op 12 at bits 18-24).
  const Case cases[] = {
      {"gfx803", {0x04, 0x00, 0x50, 0xdc, 0x01, 0x00, 0x00, 0x04}, "flat offset"},
      {"gfx900", {0x00, 0x07, 0x40, 0xf0, 0x01, 0x02, 0x01, 0x00}, "atomic image dmask"},
      {"tahiti", {0x00, 0x90, 0x30, 0xe0, 0x02, 0x01, 0x01, 0x80}, "addr64"},
  };
  DecodeOptions strict;
  strict.strict = true;
  for (const Case& c : cases) {
    Target t = targetOrDie(c.cpu);
    Inst in, sin;
    DecodeResult r = decode(t, c.bytes.data(), c.bytes.size(), &in);
    ASSERT_TRUE(r.ok()) << c.cpu << " " << c.needle;
    EXPECT_NE(validateInst(t, in).find(c.needle), std::string::npos) << c.cpu << ": " << validateInst(t, in);
    DecodeResult sr = decode(t, c.bytes.data(), c.bytes.size(), &sin, strict);
    EXPECT_EQ(sr.status, DecodeStatus::RESERVED_BITS) << c.cpu << " " << c.needle;
  }
}

// decode -> encode -> decode is a fixpoint for every decodable word.
TEST(Encoder, DecodeEncodeFixpoint) {
  std::mt19937_64 rng(7);
  for (std::string_view cpu : kInstructionSetCpus) {
    Target t = targetOrDie(cpu);
    const GenIndex& gi = genIndex(t.gen);
    int checked = 0;
    for (int e = 0; e < kNumEncs; ++e) {
      const EncIndex& ei = gi.enc[e];
      if (!ei.present || ei.match_mask == 0) continue;
      for (int i = 0; i < 3000; ++i) {
        uint32_t w[4];
        for (auto& x : w) x = uint32_t(rng());
        w[0] = (w[0] & ~ei.match_mask) | ei.match_value;
        if ((i & 7) == 0 && t.gen >= Gen::GFX8 && (Enc(e) == Enc::VOP1 || Enc(e) == Enc::VOP2 || Enc(e) == Enc::VOPC))
          w[0] = (w[0] & ~0x1ffu) | ((i & 8) ? 0xf9u : 0xfau);
        uint8_t b[16];
        std::memcpy(b, w, 16);
        Inst a;
        if (!decode(t, b, 16, &a).ok()) continue;
        uint8_t o[16];
        std::string err;
        size_t n = encodeInst(t, a, o, &err);
        ASSERT_GT(n, 0u) << cpu << " " << debugString(a) << ": " << err;
        EXPECT_EQ(n, a.size);
        Inst a2;
        ASSERT_TRUE(decode(t, o, n, &a2).ok()) << cpu << " " << debugString(a);
        EXPECT_EQ(a2, a) << cpu << "\n" << debugString(a) << "\n" << debugString(a2);
        ++checked;
      }
    }
    EXPECT_GT(checked, 1000) << cpu;
  }
}

// v_nop_sdwa has no SRC0, so GFX9's S0 bit stays clear: the word llvm-mc
// writes, and the one the decoder reads back as the SDWA v_nop (with S0
// set it reads a 4-byte v_nop followed by another instruction).
TEST(Encoder, NopSdwaLeavesS0Clear) {
  const Target t = targetOrDie("gfx900");
  Inst in;
  ParseError pe;
  ASSERT_TRUE(parseInst(t, "v_nop_sdwa", &in, &pe)) << pe.message;
  const std::vector<uint8_t> bytes = enc(t, in);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0xf9, 0x00, 0x00, 0x7e, 0x00, 0x00, 0x00, 0x00}));
  Inst back;
  DecodeResult r = decode(t, bytes.data(), bytes.size(), &back);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.size, 8u);
  EXPECT_EQ(back.form, Form::SDWA);
}

}  // namespace
}  // namespace gcn
