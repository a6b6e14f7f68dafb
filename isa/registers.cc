#include "isa/registers.h"

#include <cstdio>
#include <cstring>

#include "isa/legality.h"
#include "isa/reg_text.h"

namespace gcn {
namespace {

void appendRange(const char* prefix, int first, int dwords, std::string* out) {
  if (first < 0 || dwords < 1) {  // not produced by the decoder; printf spelling
    char buf[32];
    if (dwords == 1)
      std::snprintf(buf, sizeof buf, "%s%d", prefix, first);
    else
      std::snprintf(buf, sizeof buf, "%s[%d:%d]", prefix, first, first + dwords - 1);
    *out += buf;
    return;
  }
  char buf[40];
  out->append(buf, size_t(putRegRange(buf, prefix, first, dwords) - buf));
}

struct Special {
  int code;
  int dwords;
  const char* name;
  GenMask gens;
};

// Scalar registers with names, per generation (GcnOperands.md; LLVM names).
constexpr Special kSpecials[] = {
    {102, 2, "flat_scratch", kGfx8 | kGfx9},
    {102, 1, "flat_scratch_lo", kGfx8 | kGfx9},
    {103, 1, "flat_scratch_hi", kGfx8 | kGfx9},
    {104, 2, "flat_scratch", kGfx7},
    {104, 1, "flat_scratch_lo", kGfx7},
    {105, 1, "flat_scratch_hi", kGfx7},
    {104, 2, "xnack_mask", kGfx8 | kGfx9},
    {104, 1, "xnack_mask_lo", kGfx8 | kGfx9},
    {105, 1, "xnack_mask_hi", kGfx8 | kGfx9},
    {106, 2, "vcc", kAllGens},
    {106, 1, "vcc_lo", kAllGens},
    {107, 1, "vcc_hi", kAllGens},
    {108, 2, "tba", kGfx6 | kGfx7 | kGfx8},
    {108, 1, "tba_lo", kGfx6 | kGfx7 | kGfx8},
    {109, 1, "tba_hi", kGfx6 | kGfx7 | kGfx8},
    {110, 2, "tma", kGfx6 | kGfx7 | kGfx8},
    {110, 1, "tma_lo", kGfx6 | kGfx7 | kGfx8},
    {111, 1, "tma_hi", kGfx6 | kGfx7 | kGfx8},
    {124, 1, "m0", kAllGens},
    {126, 2, "exec", kAllGens},
    {126, 1, "exec_lo", kAllGens},
    {127, 1, "exec_hi", kAllGens},
    {235, 1, "src_shared_base", kGfx9},
    {236, 1, "src_shared_limit", kGfx9},
    {237, 1, "src_private_base", kGfx9},
    {238, 1, "src_private_limit", kGfx9},
    {239, 1, "src_pops_exiting_wave_id", kGfx9},
    {251, 1, "src_vccz", kAllGens},
    {252, 1, "src_execz", kAllGens},
    {253, 1, "src_scc", kAllGens},
    {254, 1, "src_lds_direct", kGfx8 | kGfx9},
    // 64-bit sources read the same specials under the same names
    // ('s_mov_b64 s[0:1], src_vccz', 'v_add_f64 v[0:1], src_shared_base, ..').
    // Listed after the 32-bit rows so the parser's first match stays 1 dword.
    {235, 2, "src_shared_base", kGfx9},
    {236, 2, "src_shared_limit", kGfx9},
    {237, 2, "src_private_base", kGfx9},
    {238, 2, "src_private_limit", kGfx9},
    {239, 2, "src_pops_exiting_wave_id", kGfx9},
    {251, 2, "src_vccz", kAllGens},
    {252, 2, "src_execz", kAllGens},
    {253, 2, "src_scc", kAllGens},
};


// kSpecials as a lookup: the first matching row per (gen, code, 1|2 dwords).
struct SpecialIndex {
  const char* name[kNumGens][256][2];
};
constexpr SpecialIndex buildSpecialIndex() {
  SpecialIndex x{};
  for (const Special& sp : kSpecials)
    for (int g = 0; g < kNumGens; ++g)
      if ((sp.gens & genBit(Gen(g))) && sp.code >= 0 && sp.code < 256 &&
          (sp.dwords == 1 || sp.dwords == 2) && !x.name[g][sp.code][sp.dwords - 1])
        x.name[g][sp.code][sp.dwords - 1] = sp.name;
  return x;
}
constexpr SpecialIndex kSpecialIndex = buildSpecialIndex();

const char* specialName(Gen g, int code, int dwords) {
  if (code < 0 || code > 255 || (dwords != 1 && dwords != 2)) {
    for (const Special& s : kSpecials)
      if (s.code == code && s.dwords == dwords && (s.gens & genBit(g))) return s.name;
    return nullptr;
  }
  return kSpecialIndex.name[int(g)][code][dwords - 1];
}

}  // namespace

int numSgprs(Gen g) { return (g == Gen::GFX6 || g == Gen::GFX7) ? 104 : 102; }

bool appendScalarRegName(Gen g, int code, int dwords, std::string* out) {
  if (code >= 0 && code + dwords <= numSgprs(g)) {
    appendRange("s", code, dwords, out);
    return true;
  }
  if (const char* name = specialName(g, code, dwords)) {
    *out += name;
    return true;
  }
  if (code >= ttmpBase(g) && code + dwords <= ttmpEnd()) {
    appendRange("ttmp", code - ttmpBase(g), dwords, out);
    return true;
  }
  return false;
}

bool scalarRegNameExists(Gen g, int code, int dwords) {
  return (code >= 0 && code + dwords <= numSgprs(g)) || specialName(g, code, dwords) ||
         (code >= ttmpBase(g) && code + dwords <= ttmpEnd());
}

void appendVgprName(int n, int dwords, std::string* out) {
  appendVectorRegName(kVgprFile, n, dwords, out);
}

void appendVectorRegName(int file, int n, int dwords, std::string* out) {
  const char prefix[2] = {kVectorFiles[file].prefix, 0};
  appendRange(prefix, n, dwords, out);
}

bool parseRegName(Gen g, std::string_view s, int* code, int* dwords,
                  size_t* consumed) {
  const GenMask gb = genBit(g);
  auto isIdent = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           (c >= 'A' && c <= 'Z');
  };
  // Special names (longest first by scanning all and keeping the longest).
  size_t best = 0;
  for (const Special& sp : kSpecials) {
    if (!(sp.gens & gb)) continue;
    size_t n = std::strlen(sp.name);
    if (s.size() >= n && s.substr(0, n) == sp.name &&
        (s.size() == n || !isIdent(s[n])) && n > best) {
      best = n;
      *code = sp.code;
      *dwords = sp.dwords;
    }
  }
  // LLVM also accepts the short forms scc, vccz, execz, lds_direct.
  static constexpr std::pair<const char*, int> kShort[] = {
      {"vccz", 251}, {"execz", 252}, {"scc", 253}, {"lds_direct", 254}};
  for (auto& [name, c] : kShort) {
    size_t n = std::strlen(name);
    if (c == 254 && !(gb & (kGfx8 | kGfx9))) continue;
    if (s.size() >= n && s.substr(0, n) == name && (s.size() == n || !isIdent(s[n])) &&
        n > best) {
      best = n;
      *code = c;
      *dwords = 1;
    }
  }
  if (best) {
    *consumed = best;
    return true;
  }
  // s5, s[4:7], v5, v[4:7], ttmp5, ttmp[4:7]
  int base, limit;
  size_t p;
  if (s.substr(0, 4) == "ttmp") {
    base = ttmpBase(g);
    limit = ttmpEnd() - base;
    p = 4;
  } else if (!s.empty() && s[0] == 's') {
    base = 0;
    limit = numSgprs(g);
    p = 1;
  } else {
    const int file = s.empty() ? -1 : vectorFileOfPrefix(s[0]);
    if (file < 0) return false;
    base = vectorTextCode(file, 0);
    limit = kRegsPerVectorFile;
    p = 1;
  }
  auto num = [&](size_t* q, int* v) {
    size_t st = *q;
    int x = 0;
    while (*q < s.size() && s[*q] >= '0' && s[*q] <= '9' && *q - st < 4) x = x * 10 + (s[(*q)++] - '0');
    *v = x;
    return *q > st;
  };
  int lo, hi;
  if (p < s.size() && s[p] == '[') {
    ++p;
    if (!num(&p, &lo)) return false;
    hi = lo;
    if (p < s.size() && s[p] == ':') {
      ++p;
      if (!num(&p, &hi)) return false;
    }
    if (p >= s.size() || s[p] != ']') return false;
    ++p;
  } else {
    if (!num(&p, &lo)) return false;
    if (p < s.size() && isIdent(s[p])) return false;
    hi = lo;
  }
  if (hi < lo || hi >= limit) return false;
  *code = base + lo;
  *dwords = hi - lo + 1;
  *consumed = p;
  return true;
}

bool isInlineConstant(Gen g, int code) {
  if (code >= 128 && code <= 208) return true;
  if (code >= 240 && code <= 247) return true;
  if (code == 248) return g == Gen::GFX8 || g >= Gen::GFX9;
  return false;
}

bool inlineIntValue(int code, int64_t* v) {
  if (code >= 128 && code <= 192) {
    if (v) *v = code - 128;
    return true;
  }
  if (code >= 193 && code <= 208) {
    if (v) *v = 192 - code;
    return true;
  }
  return false;
}

uint64_t inlineFloatBits(int code, int bits) {
  static constexpr uint16_t k16[] = {0x3800, 0xB800, 0x3C00, 0xBC00,
                                     0x4000, 0xC000, 0x4400, 0xC400, 0x3118};
  static constexpr uint32_t k32[] = {0x3F000000, 0xBF000000, 0x3F800000,
                                     0xBF800000, 0x40000000, 0xC0000000,
                                     0x40800000, 0xC0800000, 0x3E22F983};
  static constexpr uint64_t k64[] = {
      0x3FE0000000000000, 0xBFE0000000000000, 0x3FF0000000000000,
      0xBFF0000000000000, 0x4000000000000000, 0xC000000000000000,
      0x4010000000000000, 0xC010000000000000, 0x3FC45F306DC9C882};
  int i = code - 240;
  if (i < 0 || i > 8) return 0;
  return bits == 16 ? k16[i] : bits == 64 ? k64[i] : k32[i];
}

int inlineIntCode(int64_t v) {
  if (v >= 0 && v <= 64) return int(128 + v);
  if (v >= -16 && v < 0) return int(192 - v);
  return -1;
}

int inlineFloatCode(Gen g, uint64_t pattern, int bits) {
  for (int k = 240; k <= 248; ++k)
    if (isInlineConstant(g, k) && inlineFloatBits(k, bits) == pattern) return k;
  return -1;
}

int packedDwordInlineCode(Gen g, OpType t, uint32_t dword) {
  const int code = inlineIntCode(int32_t(dword));
  if (code >= 0 || t != OpType::pkf16 || (dword >> 16)) return code;
  return inlineFloatCode(g, dword, 16);
}

int literalInlineCode(Gen g, uint32_t literal, int bits, bool f16) {
  if (bits == 64) return literal <= 64 ? 128 + int(literal) : -1;
  if (bits == 16) {
    int code = inlineIntCode(int16_t(literal & 0xffff));
    // Only the low half reaches a 16-bit operand, so a literal whose low
    // half is an f16 inline constant is that constant.
    return code >= 0 || !f16 ? code : inlineFloatCode(g, literal & 0xffff, 16);
  }
  int code = inlineIntCode(int32_t(literal));
  return code >= 0 ? code : inlineFloatCode(g, literal, 32);
}

}  // namespace gcn
