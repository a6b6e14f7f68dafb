#include "difftest/inputs.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <random>

#include "decoder/decoder.h"
#include "encoder/encoder.h"
#include "isa/index.h"
#include "space/inst_space.h"

namespace gcn::difftest {
namespace {

constexpr size_t kInputBytes = 12;  // longest GFX6-9 instruction: 8 bytes + literal

std::string upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

// Literal dwords worth more than random bits: float/half constants, edges.
constexpr uint32_t kLiterals[] = {0x3f800000, 0x12345678, 0xffff, 0x3c00, 0x80000000,
                                  1,          0x40490fdb, 0xffffffff, 0x7fc00000, 0x3e22f983};

uint32_t literalDword(std::mt19937_64& rng) {
  if (rng() % 10 < 3) return kLiterals[rng() % (sizeof kLiterals / sizeof kLiterals[0])];
  return uint32_t(rng());
}

void put32(std::vector<uint8_t>* b, size_t at, uint32_t v) { std::memcpy(b->data() + at, &v, 4); }

}  // namespace

// The candidates hold filler in fields the row does not use (e.g. SRC2 of a
// two-source e64 op); a structured input should be the row's instance as an
// assembler would write it, so unused bits are cleared. Random and mutated
// inputs keep such bits.
void canonicalise(const Target& t, std::vector<uint8_t>* bytes) {
  Inst inst;
  if (!decode(t, bytes->data(), bytes->size(), &inst).ok()) return;
  uint8_t enc[16];
  std::string err;
  size_t n = encodeInst(t, inst, enc, &err);
  if (!n) return;
  std::copy(enc, enc + std::min(n, bytes->size()), bytes->begin());
}

namespace {

void structured(const Target& t, const InputOptions& o, long budget, std::mt19937_64& rng,
                std::vector<Input>* out) {
  std::vector<std::pair<int, Form>> slots;
  for (int id = 0; id < numInsts(); ++id) {
    const InstDesc& d = instDesc(id);
    for (Form f : formsOf(t, d)) {
      Enc e = f == Form::E64 ? Enc::VOP3 : d.enc;
      if (formSelected(o.forms, e, f) || formSelected(o.forms, d.enc, f)) slots.push_back({id, f});
    }
  }
  if (slots.empty() || budget <= 0) return;
  long per = std::max(1L, budget / long(slots.size()));
  long left = budget;
  for (const auto& [id, f] : slots) {
    if (left <= 0) break;
    std::vector<Candidate> all;
    forEachCandidate(t, id, f, 16, 4, rng, [&](const Candidate& c) { all.push_back(c); });
    long take = std::min<long>({per, long(all.size()), left});
    for (long k = 0; k < take; ++k) {
      // Evenly spaced, so every swept field gets picks; index 0 is the base.
      const Candidate& c = all[size_t(k * long(all.size()) / take)];
      Input in;
      in.origin = Origin::STRUCTURED;
      in.bytes.assign(c.bytes, c.bytes + std::min<size_t>(c.len, kInputBytes));
      canonicalise(t, &in.bytes);
      out->push_back(std::move(in));
    }
    left -= take;
  }
}

void random(const Target& t, const InputOptions& o, long budget, std::mt19937_64& rng,
            std::vector<Input>* out) {
  const GenIndex& gi = genIndex(t.gen);
  struct Kind {
    Enc enc;      // dword0 prefix
    Form form;    // SDWA/DPP: extension marker in SRC0
  };
  std::vector<Kind> kinds;
  for (int e = 0; e < kNumEncs; ++e) {
    Enc en = Enc(e);
    const EncIndex& ei = gi.enc[e];
    if (!ei.present || ei.match_mask == 0 || sharesOpcodeSpace(en)) continue;
    if (en == Enc::SDWA || en == Enc::DPP) continue;
    Form f = (en == Enc::VOP1 || en == Enc::VOP2 || en == Enc::VOPC) ? Form::E32
             : en == Enc::VOP3 ? Form::E64 : Form::NATIVE;
    if (formSelected(o.forms, en, f)) kinds.push_back({en, f});
    if (t.gen >= Gen::GFX8 && f == Form::E32) {
      if (formSelected(o.forms, en, Form::SDWA)) kinds.push_back({en, Form::SDWA});
      if (formSelected(o.forms, en, Form::DPP)) kinds.push_back({en, Form::DPP});
    }
  }
  if (kinds.empty()) return;
  for (long i = 0; i < budget; ++i) {
    const Kind& k = kinds[size_t(i) % kinds.size()];
    const EncIndex& ei = gi.enc[int(k.enc)];
    uint32_t w0 = (uint32_t(rng()) & ~ei.match_mask) | ei.match_value;
    if (k.form == Form::SDWA || k.form == Form::DPP) w0 = (w0 & ~0x1ffu) | (k.form == Form::SDWA ? 0xf9 : 0xfa);
    Input in;
    in.origin = Origin::RANDOM;
    in.bytes.resize(kInputBytes);
    put32(&in.bytes, 0, w0);
    put32(&in.bytes, 4, ei.dwords > 1 ? uint32_t(rng()) : literalDword(rng));
    put32(&in.bytes, 8, literalDword(rng));
    out->push_back(std::move(in));
  }
}

void mutations(const Target& t, const InputOptions& o, long budget, std::mt19937_64& rng,
               const std::vector<Input>& pool, std::vector<Input>* out) {
  std::vector<std::vector<uint8_t>> seeds;
  auto addSeed = [&](const std::vector<uint8_t>& b) {
    Inst inst;
    if (!decode(t, b.data(), b.size(), &inst).ok()) return;
    if (!formSelected(o.forms, inst.enc, inst.form)) return;
    std::vector<uint8_t> s = b;
    s.resize(std::max(s.size(), kInputBytes), 0);
    s.resize(kInputBytes);
    seeds.push_back(std::move(s));
  };
  for (const auto& b : o.seed_corpus) addSeed(b);
  for (const Input& in : pool) addSeed(in.bytes);
  if (seeds.empty()) return;
  for (long i = 0; i < budget; ++i) {
    Input in;
    in.origin = Origin::MUTATION;
    in.bytes = seeds[rng() % seeds.size()];
    Inst inst;
    decode(t, in.bytes.data(), in.bytes.size(), &inst);
    size_t bits = size_t(std::max<int>(inst.size, 4)) * 8;
    int flips = 1 + int(rng() % 3);
    for (int k = 0; k < flips; ++k) {
      size_t b = rng() % bits;
      in.bytes[b / 8] ^= uint8_t(1u << (b % 8));
    }
    out->push_back(std::move(in));
  }
}

}  // namespace

std::string_view originName(Origin o) {
  switch (o) {
    case Origin::STRUCTURED: return "structured";
    case Origin::RANDOM: return "random";
    case Origin::MUTATION: return "mutation";
  }
  return "?";
}

bool formSelected(const std::vector<std::string>& forms, Enc e, Form f) {
  if (forms.empty()) return true;
  std::string en = upper(encName(e)), fn = upper(formName(f));
  for (const std::string& s : forms) {
    std::string u = upper(s);
    if (u == en || u == fn) return true;
    if (u == upper(encName(opcodeSpace(e))) || (u == "VOP3" && f == Form::E64)) return true;
  }
  return false;
}

bool checkFormNames(const std::vector<std::string>& forms, std::string* err) {
  for (const std::string& s : forms) {
    bool ok = false;
    for (int e = 0; e < kNumEncs; ++e) ok |= upper(encName(Enc(e))) == upper(s);
    for (Form f : {Form::NATIVE, Form::E32, Form::E64, Form::SDWA, Form::DPP})
      ok |= upper(formName(f)) == upper(s);
    if (!ok) {
      *err = "unknown form '" + s + "' (expected an encoding such as SOP1, VOP3, MUBUF or a form E32, E64, SDWA, DPP)";
      return false;
    }
  }
  return true;
}

std::vector<Input> generateInputs(const Target& t, const InputOptions& o) {
  std::mt19937_64 rng(o.seed * 0x9e3779b97f4a7c15ull + uint64_t(t.gen) + 1);
  long s = o.count / 2, r = o.count * 35 / 100, m = o.count - s - r;
  std::vector<Input> out;
  structured(t, o, s, rng, &out);
  long got = long(out.size());
  random(t, o, r + (s - got), rng, &out);  // a narrow --forms leaves structured short
  std::vector<Input> pool(out.begin(), out.begin() + got);
  mutations(t, o, m, rng, pool, &out);
  return out;
}

}  // namespace gcn::difftest
