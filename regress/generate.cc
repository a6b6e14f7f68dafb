#include "regress/generate.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include "decoder/decoder.h"
#include "isa/index.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "space/inst_space.h"
#include "regress/machine.h"
#include "semantics/emulator/registry.h"

namespace gcn::regress {
namespace {

std::string upper(std::string_view s) {
  std::string o(s);
  for (char& c : o) c = char(std::toupper(static_cast<unsigned char>(c)));
  return o;
}

bool formSelected(const std::vector<std::string>& forms, const Inst& in) {
  if (forms.empty()) return true;
  for (const std::string& f : forms)
    if (upper(f) == upper(encName(in.enc)) || upper(f) == upper(formName(in.form))) return true;
  return false;
}

// Register values: edge values often, small integers, random words.
uint32_t randWord(std::mt19937_64& rng) {
  static const uint32_t kEdges[] = {0, 1, 2, 31, 32, 63, 64, 0x7fffffff, 0x80000000, 0xffffffff,
                                    0xfffffffe, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000,
                                    0xbf800000, 0x00800000, 0x807fffff, 0x3c003c00, 0x7c00fc00,
                                    0x10000, 0x80000001};
  switch (rng() % 4) {
    case 0: return kEdges[rng() % (sizeof kEdges / sizeof kEdges[0])];
    case 1: return uint32_t(rng() % 70);
    default: return uint32_t(rng());
  }
}

bool isMemory(Enc e) {
  return e == Enc::SMRD || e == Enc::SMEM || e == Enc::DS || e == Enc::MUBUF ||
         e == Enc::MTBUF || e == Enc::MIMG || e == Enc::FLAT;
}

// How an initial register is filled.
// How an initial register is filled: RANDOM per lane; UNIFORM one random
// value; ADDRESS base + (lane % 8) * stride (a small window); HIGH a small
// uniform value (upper address dword, buffer index).
enum class Fill : uint8_t { RANDOM, UNIFORM, ADDRESS, HIGH };

struct StatePlan {
  std::map<int, Fill> v;   // VGPR -> fill
  std::map<int, Fill> s;   // scalar code -> fill
  int rsrc = -1;           // buffer descriptor at this scalar code
};

void addV(StatePlan& p, int reg, int n, Fill f) {
  for (int r = reg; r < reg + n && r < sem::kVecRows; ++r)
    if (r >= 0 && !p.v.count(r)) p.v[r] = f;
}
void addS(StatePlan& p, int code, int n) {
  for (int c = code; c < code + n && c < 128; ++c)
    if (c >= 0) p.s.emplace(c, Fill::RANDOM);
}

// Registers of the row's operand `role` (its base width, see inst_desc.h),
// `def` when the row has no such operand.
int widthOf(const InstDesc& d, Role role, int def) {
  for (int i = 0; i < d.num_operands; ++i) {
    if (d.operand[i].role != role) continue;
    return typeDwords(d.operand[i].type);
  }
  return def;
}

// The registers the instruction reads or partly keeps (destinations get a
// uniform value so that lanes it must not write show up as unchanged).
StatePlan planFor(const Inst& in, const sem::PInst& pi) {
  StatePlan p;
  const InstDesc& d = in.desc();
  auto op = [&](const sem::Operand& o, Fill f) {
    if (o.kind == sem::OpKind::VGPR) addV(p, o.reg, o.dwords, f);
    if (o.kind == sem::OpKind::SREG) addS(p, o.reg, o.dwords);
  };
  for (const sem::Operand& o : pi.src) op(o, Fill::RANDOM);
  op(pi.dst, Fill::UNIFORM);
  op(pi.sdst, Fill::UNIFORM);
  // M0-relative moves read or write a register window past the operand.
  if (d.flags & F_READS_M0) {
    for (const sem::Operand& o : pi.src)
      if (o.kind == sem::OpKind::VGPR) addV(p, o.reg, 16, Fill::RANDOM);
      else if (o.kind == sem::OpKind::SREG) addS(p, o.reg, 16);
  }
  if (!isMemory(in.enc)) return p;
  const bool data_in = d.flags & (F_STORE | F_ATOMIC);
  const Fill data = data_in ? Fill::RANDOM : Fill::UNIFORM;
  switch (in.enc) {
    case Enc::DS:
      addV(p, in[Fld::ADDR], 1, Fill::ADDRESS);
      addV(p, in[Fld::DATA0] + pi.data_row0, widthOf(d, Role::data0, 0), Fill::RANDOM);
      addV(p, in[Fld::DATA1] + pi.data_row0, widthOf(d, Role::data1, 0), Fill::RANDOM);
      addV(p, in[Fld::VDST] + pi.data_row0, widthOf(d, Role::vdst, 0), Fill::UNIFORM);
      break;
    case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
      addV(p, in[Fld::VADDR], 1, Fill::ADDRESS);
      addV(p, in[Fld::VADDR] + 1, 1, Fill::HIGH);
      addV(p, in[Fld::VDATA] + pi.data_row0, widthOf(d, Role::vdata, 0) + (in[Fld::TFE] ? 1 : 0), data);
      if (in.enc != Enc::MIMG) p.rsrc = in[Fld::SRSRC];
      addS(p, in[Fld::SRSRC], 4);
      if (in[Fld::SOFFSET] < 128) addS(p, in[Fld::SOFFSET], 1);
      break;
    case Enc::FLAT:
      addV(p, in[Fld::VADDR], 1, Fill::ADDRESS);
      addV(p, in[Fld::VADDR] + 1, 1, Fill::HIGH);
      addV(p, in[Fld::VDATA] + pi.data_row0, widthOf(d, Role::vdata, 0), data);
      addV(p, in[Fld::VDST] + pi.data_row0, widthOf(d, Role::vdst, 0) + (in[Fld::TFE] ? 1 : 0), Fill::UNIFORM);
      if (in[Fld::SADDR] < 126) addS(p, in[Fld::SADDR], 2);
      break;
    default:  // SMRD, SMEM
      // A buffer resource (s128) or a 64-bit address (s64).
      addS(p, in[Fld::SBASE], widthOf(d, Role::sbase, 2));
      addS(p, in[Fld::SDATA], widthOf(d, Role::sdata, 1));
      if (!in[Fld::IMM] && in[Fld::OFFSET] < 128) addS(p, in[Fld::OFFSET], 1);
      if (in[Fld::SOFFSET] < 128) addS(p, in[Fld::SOFFSET], 1);
      if (widthOf(d, Role::sbase, 2) == 4) p.rsrc = in[Fld::SBASE];
      break;
  }
  return p;
}

bool isNamedCode(int c) { return c == 106 || c == 107 || c == 124 || c == 126 || c == 127; }

WaveImage makeImage(const Inst& in, const StatePlan& p, std::mt19937_64& rng) {
  WaveImage w;
  switch (rng() % 8) {
    case 0: w.exec = 0; break;
    case 1: case 2: case 3: w.exec = ~0ull; break;
    default: w.exec = rng(); break;
  }
  w.vcc = rng();
  w.scc = rng() & 1;
  w.m0 = (in.enc == Enc::DS && rng() % 4) ? 0xffffffffu : (rng() % 2 ? uint32_t(rng() % 16) : randWord(rng));
  w.mode = uint32_t(rng() & 0x3ff);
  for (const auto& [code, fill] : p.s) {
    if (isNamedCode(code)) continue;
    w.s.push_back({uint16_t(code), randWord(rng)});
  }
  if (p.rsrc >= 0 && p.rsrc + 3 < 128) {
    // A buffer descriptor with a small stride and a record count that
    // sometimes cuts the access short, so range checks are exercised.
    static const uint32_t kRecords[] = {0, 16, 64, 256, 4096, 0xffffffffu};
    static const uint32_t kStrides[] = {0, 4, 8, 16, 64};
    uint32_t words[4] = {uint32_t(rng()) & ~3u,
                         uint32_t(rng() & 0xffff) | kStrides[rng() % 5] << 16 | uint32_t(rng() & 3) << 30,
                         kRecords[rng() % 6], uint32_t(rng())};
    for (SValue& s : w.s)
      if (s.code >= p.rsrc && s.code < p.rsrc + 4) s.value = words[s.code - p.rsrc];
  }
  const uint32_t addr_base = uint32_t(rng() % 256) & ~3u;
  static const uint32_t kStride[] = {0, 4, 8, 16};
  const uint32_t addr_stride = kStride[rng() % 4];
  for (const auto& [reg, fill] : p.v) {
    VValue v;
    v.reg = uint16_t(reg);
    if (fill == Fill::RANDOM) {
      // Three values per register, spread over the lanes at random: lanes
      // still differ (lane swaps, DPP and EXEC show), and the corpus stays
      // small (palette encoding, corpus/README.md).
      uint32_t pal[3];
      for (auto& x : pal) x = randWord(rng);
      for (auto& x : v.lanes) x = pal[rng() % 3];
    } else if (fill == Fill::UNIFORM) {
      v.lanes.fill(randWord(rng));
    } else if (fill == Fill::HIGH) {
      v.lanes.fill(uint32_t(rng() % 4));
    } else {
      // Eight addresses shared by the lanes: stores collide (the highest
      // lane wins), loaded values repeat, and both stay small.
      for (int l = 0; l < sem::kLanes; ++l) v.lanes[size_t(l)] = addr_base + uint32_t(l % 8) * addr_stride;
    }
    w.v.push_back(v);
  }
  return w;
}

// "memory fault: global load of 4 bytes at 0x1234 (lane 5): ..." -> (addr, n).
bool parseFault(const std::string& e, uint64_t* addr, uint32_t* n) {
  size_t f = e.find("memory fault:");
  if (f == std::string::npos) return false;
  size_t of = e.find(" of ", f), at = e.find(" bytes at 0x", f);
  if (of == std::string::npos || at == std::string::npos) return false;
  unsigned long long a = 0;
  unsigned bytes = 0;
  if (std::sscanf(e.c_str() + of, " of %u", &bytes) != 1) return false;
  if (std::sscanf(e.c_str() + at, " bytes at 0x%llx", &a) != 1) return false;
  *addr = a;
  *n = bytes ? bytes : 1;
  return true;
}

constexpr uint64_t kPage = 4096;
constexpr size_t kMaxPages = 8;

std::vector<Region> regionsOf(const std::set<uint64_t>& pages) {
  std::vector<Region> out;
  for (uint64_t pg : pages) {
    if (!out.empty() && out.back().base + out.back().size == pg * kPage)
      out.back().size += uint32_t(kPage);
    else
      out.push_back({pg * kPage, uint32_t(kPage)});
  }
  return out;
}

std::string describe(const WaveEffects& a, const WaveEffects& b) {
  if (a.s != b.s) return "scalar registers";
  if (a.v != b.v) return "VGPRs";
  if (a.scc != b.scc) return "SCC";
  if (a.hw != b.hw) return "hardware registers";
  if (a.next_pc != b.next_pc) return "next pc";
  if (a.stop != b.stop) return "stop";
  return "memory";
}

// Runs the instruction on a random wave; memory pages it faults on are
// mapped and the run repeated, so accesses land in small mapped windows.
bool makeState(const Target& t, const Inst& in, std::mt19937_64& rng, Record* rec, GenStats* st) {
  if (!sem::findSem(in.desc().mnemonic)) return false;
  // Operand codes the printer calls invalid (e.g. SCC as a 64-bit VOPC
  // destination) have no defined behaviour to pin down.
  if (printInst(in).find("<invalid") != std::string::npos) return false;
  sem::Program prog;
  std::string err;
  if (!sem::buildProgram(t, {in}, kDefaultPc, sem::Path::FAST, &prog, &err)) return false;
  WaveImage img = makeImage(in, planFor(in, prog.code[0]), rng);
  std::set<uint64_t> pages;
  auto m = std::make_unique<Machine>();
  for (int attempt = 0; attempt < 8; ++attempt) {
    img.regions = regionsOf(pages);
    if (!setUp(t, img, m.get(), &err)) return false;
    RunOutcome fast = runOnce(t, in, sem::Path::FAST, m.get());
    if (!fast.built) return false;
    uint64_t addr;
    uint32_t n;
    if (!fast.error.empty()) {
      if (!parseFault(fast.error, &addr, &n)) return false;
      size_t before = pages.size();
      pages.insert(addr / kPage);
      pages.insert((addr + n - 1) / kPage);
      if (pages.size() == before || pages.size() > kMaxPages) return false;
      continue;
    }
    if (!setUp(t, img, m.get(), &err)) return false;
    RunOutcome ref = runOnce(t, in, sem::Path::REFERENCE, m.get());
    if (!ref.error.empty() || !(ref.effects == fast.effects)) {
      st->warnings.push_back("fast and reference paths disagree (" + describe(fast.effects, ref.effects) +
                             ") on '" + printInst(in) + "'; record kept without state");
      return false;
    }
    rec->has_state = true;
    rec->in = img;
    rec->out = fast.effects;
    ++st->with_state;
    return true;
  }
  return false;
}

}  // namespace

bool checkForms(const std::vector<std::string>& forms, std::string* err) {
  for (const std::string& s : forms) {
    bool ok = false;
    for (int e = 0; e < kNumEncs; ++e) ok |= upper(encName(Enc(e))) == upper(s);
    for (Form f : {Form::NATIVE, Form::E32, Form::E64, Form::SDWA, Form::DPP}) ok |= upper(formName(f)) == upper(s);
    if (!ok) {
      *err = "unknown form '" + s + "' (expected an encoding such as SOP1, VOP3, MUBUF or a form E32, E64, SDWA, DPP)";
      return false;
    }
  }
  return true;
}

Record recordFor(const Target& t, const uint8_t* bytes, size_t len, std::mt19937_64* rng, GenStats* st) {
  Record r;
  Inst in;
  DecodeResult d = decode(t, bytes, len, &in);
  if (!d.ok()) {
    static const char* kNames[] = {"OK", "TRUNCATED", "UNKNOWN_ENCODING", "UNKNOWN_OPCODE",
                                   "RESERVED_BITS", "INVALID_OPERAND"};
    r.bytes.assign(bytes, bytes + len);
    r.reject = size_t(d.status) < 6 ? kNames[int(d.status)] : "?";
    return r;
  }
  r.bytes.assign(bytes, bytes + d.size);
  r.row = std::string(in.desc().mnemonic);
  r.enc = std::string(encName(in.enc));
  r.form = std::string(formName(in.form));
  r.has_literal = in.has_literal;
  r.literal = in.literal;
  for (int i = 0; i < kNumFlds; ++i)
    if (const int32_t v = fieldValue(in, Fld(i))) r.fields.emplace_back(std::string(fldName(Fld(i))), v);
  r.text = printInst(in);
  Inst parsed;
  ParseError pe;
  uint8_t out[16];
  std::string err;
  size_t n = 0;
  if (parseInst(t, r.text, &parsed, &pe)) n = encodeInst(t, parsed, out, &err);
  if (n == 0) {
    r.asm_expect = AsmExpect::REJECT;
  } else if (std::vector<uint8_t>(out, out + n) != r.bytes) {
    r.asm_expect = AsmExpect::BYTES;
    r.asm_bytes.assign(out, out + n);
  }
  if (rng) makeState(t, in, *rng, &r, st);
  return r;
}

bool generate(const Target& t, const GenOptions& o, std::vector<Record>* out, GenStats* st,
              std::string* err) {
  if (!checkForms(o.forms, err)) return false;
  std::mt19937_64 rng(o.seed * 0x9e3779b97f4a7c15ull + uint64_t(t.gen) * 7919 + t.features);
  struct Pair {
    int row;
    Form form;
  };
  std::vector<Pair> pairs;
  for (int id = 0; id < numInsts(); ++id) {
    const InstDesc& d = instDesc(id);
    for (Form f : formsOf(t, d)) {
      Candidate c;
      Inst in;
      if (!baseCandidate(t, id, f, &c) || !decode(t, c.bytes, c.len, &in).ok()) {
        // The base word may need an operand the sweep supplies; keep the
        // pair when the row's encoding/form is selected at all.
        in.enc = (f == Form::E64) ? Enc::VOP3 : d.enc;
        in.form = f;
      }
      if (formSelected(o.forms, in)) pairs.push_back({id, f});
    }
  }
  st->pairs = long(pairs.size());
  const long n_random = o.forms.empty() ? o.count / 50 : 0;
  const long n_struct = o.count - n_random;
  // Every pair gets count/pairs records (the remainder to a random subset);
  // with fewer records than pairs, a random subset of pairs gets one each.
  std::vector<long> quota(pairs.size(), pairs.empty() ? 0 : n_struct / long(pairs.size()));
  {
    std::vector<size_t> order(pairs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    long rem = pairs.empty() ? 0 : n_struct % long(pairs.size());
    for (long i = 0; i < rem; ++i) ++quota[order[size_t(i)]];
  }
  std::set<std::vector<uint8_t>> seen;
  for (size_t pi = 0; pi < pairs.size(); ++pi) {
    if (!quota[pi]) continue;
    const int kRandom = 6;
    std::vector<Candidate> sweep, random;
    std::vector<Candidate> all;
    forEachCandidate(t, pairs[pi].row, pairs[pi].form, 6, kRandom, rng,
                     [&](const Candidate& c) { all.push_back(c); });
    // The last kRandom candidates vary every field at once: take from those
    // first, then from the one-field sweeps.
    for (size_t i = 0; i < all.size(); ++i) (i + kRandom >= all.size() ? random : sweep).push_back(all[i]);
    std::shuffle(random.begin(), random.end(), rng);
    std::shuffle(sweep.begin(), sweep.end(), rng);
    long taken = 0;
    for (int pass = 0; pass < 2 && taken < quota[pi]; ++pass) {
      const auto& pool = pass == 0 ? random : sweep;
      for (size_t i = 0; i < pool.size() && taken < quota[pi]; ++i) {
        if (pass == 0 && taken >= (quota[pi] + 1) / 2) break;
        Inst in;
        DecodeResult d = decode(t, pool[i].bytes, pool[i].len, &in);
        if (!d.ok() || in.id != pairs[pi].row || in.form != pairs[pi].form) continue;
        std::vector<uint8_t> b(pool[i].bytes, pool[i].bytes + d.size);
        if (!seen.insert(b).second) continue;
        out->push_back(recordFor(t, b.data(), b.size(), &rng, st));
        ++taken;
      }
    }
  }
  // Random words over the whole encoding space: mostly decoder rejections
  // and odd corners the structured sweep does not reach.
  for (long i = 0; i < n_random; ++i) {
    uint8_t b[16];
    for (int k = 0; k < 16; k += 8) {
      uint64_t x = rng();
      std::memcpy(b + k, &x, 8);
    }
    const size_t len = 12;  // the longest instruction: 8 bytes + literal
    Inst in;
    DecodeResult d = decode(t, b, len, &in);
    std::vector<uint8_t> key(b, b + (d.ok() ? d.size : len));
    if (!seen.insert(key).second) continue;
    out->push_back(recordFor(t, b, len, &rng, st));
  }
  return true;
}

}  // namespace gcn::regress
