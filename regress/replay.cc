#include "regress/replay.h"

#include <cinttypes>
#include <cstdio>
#include <map>

#include "decoder/decoder.h"
#include "isa/index.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "regress/machine.h"
#include "semantics/emulator/wave_state.h"

namespace gcn::regress {
namespace {

const char* statusName(DecodeStatus s) {
  switch (s) {
    case DecodeStatus::OK: return "OK";
    case DecodeStatus::TRUNCATED: return "TRUNCATED";
    case DecodeStatus::UNKNOWN_ENCODING: return "UNKNOWN_ENCODING";
    case DecodeStatus::UNKNOWN_OPCODE: return "UNKNOWN_OPCODE";
    case DecodeStatus::RESERVED_BITS: return "RESERVED_BITS";
    case DecodeStatus::INVALID_OPERAND: return "INVALID_OPERAND";
  }
  return "?";
}

std::string hex(const std::vector<uint8_t>& b) {
  std::string s;
  char buf[8];
  for (size_t i = 0; i < b.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%s0x%02x", i ? "," : "", b[i]);
    s += buf;
  }
  return s;
}
std::string hex32(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%" PRIx64, v);
  return b;
}

class Checker {
 public:
  Checker(size_t index, std::vector<Mismatch>* out) : index_(index), out_(out) {}
  void add(const std::string& what) { out_->push_back({index_, what}); }

 private:
  size_t index_;
  std::vector<Mismatch>* out_;
};

void compareEffects(const Target& t, const char* path, const WaveEffects& want, const WaveEffects& got,
                    Checker& c) {
  const std::string p = std::string("semantics (") + path + "): ";
  std::map<int, uint32_t> ws, gs;
  for (const SValue& s : want.s) ws[s.code] = s.value;
  for (const SValue& s : got.s) gs[s.code] = s.value;
  for (int code = 0; code < 128; ++code) {
    auto a = ws.find(code), b = gs.find(code);
    if (a == ws.end() && b == gs.end()) continue;
    if (a != ws.end() && b != gs.end() && a->second == b->second) continue;
    c.add(p + sem::scalarCodeName(t.gen, code) + ": corpus " +
          (a == ws.end() ? std::string("unchanged") : hex32(a->second)) + ", build " +
          (b == gs.end() ? std::string("unchanged") : hex32(b->second)));
  }
  std::map<int, const VValue*> wv, gv;
  for (const VValue& v : want.v) wv[v.reg] = &v;
  for (const VValue& v : got.v) gv[v.reg] = &v;
  for (int r = 0; r < 256; ++r) {
    auto a = wv.find(r), b = gv.find(r);
    if (a == wv.end() && b == gv.end()) continue;
    if (a == wv.end() || b == gv.end()) {
      c.add(p + "v" + std::to_string(r) + ": " + (a == wv.end() ? "corpus unchanged, build writes it" : "corpus writes it, build leaves it unchanged"));
      continue;
    }
    std::string lanes;
    int n = 0;
    for (int l = 0; l < sem::kLanes; ++l)
      if (a->second->lanes[size_t(l)] != b->second->lanes[size_t(l)]) {
        if (n++ < 3)
          lanes += " lane " + std::to_string(l) + ": corpus " + hex32(a->second->lanes[size_t(l)]) +
                   ", build " + hex32(b->second->lanes[size_t(l)]) + ";";
      }
    if (n) c.add(p + "v" + std::to_string(r) + " differs in " + std::to_string(n) + " lanes:" + lanes);
  }
  if (want.scc != got.scc) c.add(p + "scc: corpus " + std::to_string(want.scc) + ", build " + std::to_string(got.scc));
  if (want.hw != got.hw) {
    std::map<int, uint32_t> wh(want.hw.begin(), want.hw.end()), gh(got.hw.begin(), got.hw.end());
    for (int h = 0; h < 32; ++h)
      if (wh.count(h) != gh.count(h) || (wh.count(h) && wh[h] != gh[h]))
        c.add(p + "hwreg " + std::to_string(h) + ": corpus " +
              (wh.count(h) ? hex32(wh[h]) : std::string("unchanged")) + ", build " +
              (gh.count(h) ? hex32(gh[h]) : std::string("unchanged")));
  }
  if (want.next_pc != got.next_pc)
    c.add(p + "next pc: corpus " + hex32(want.next_pc) + ", build " + hex32(got.next_pc));
  if (want.stop != got.stop)
    c.add(p + "stop: corpus '" + want.stop + "', build '" + got.stop + "'");
  if (want.mem != got.mem) {
    // Compare byte maps per space so a split or merged run is no mismatch.
    static const char* kSpace[] = {"global", "lds", "gds"};
    std::map<std::pair<int, uint64_t>, uint8_t> wm, gm;
    for (const MemWrite& m : want.mem)
      for (size_t i = 0; i < m.bytes.size(); ++i) wm[{int(m.space), m.addr + i}] = m.bytes[i];
    for (const MemWrite& m : got.mem)
      for (size_t i = 0; i < m.bytes.size(); ++i) gm[{int(m.space), m.addr + i}] = m.bytes[i];
    int n = 0;
    std::string first;
    auto note = [&](const std::pair<int, uint64_t>& k, const std::string& a, const std::string& b) {
      if (n++ < 3) first += std::string(" ") + kSpace[k.first] + " " + hex32(k.second) + ": corpus " + a + ", build " + b + ";";
    };
    for (const auto& [k, v] : wm) {
      auto g = gm.find(k);
      if (g == gm.end()) note(k, hex32(v), "unwritten");
      else if (g->second != v) note(k, hex32(v), hex32(g->second));
    }
    for (const auto& [k, v] : gm)
      if (!wm.count(k)) note(k, "unwritten", hex32(v));
    if (n) c.add(p + "memory differs in " + std::to_string(n) + " bytes:" + first);
  }
}

}  // namespace

void checkRecord(const std::string& cpu, const Record& r, size_t index, std::vector<Mismatch>* out) {
  Checker c(index, out);
  Target t;
  std::string err;
  const std::string& name = r.cpu.empty() ? cpu : r.cpu;
  if (!targetFromName(name, &t, &err)) {
    c.add("cpu '" + name + "': " + err);
    return;
  }
  Inst in;
  DecodeResult d = decode(t, r.bytes.data(), r.bytes.size(), &in);
  if (!r.reject.empty()) {
    if (d.ok())
      c.add("decoder: corpus expects rejection (" + r.reject + ") of [" + hex(r.bytes) + "], build decodes '" +
            printInst(in) + "'");
    else if (r.reject != statusName(d.status))
      c.add(std::string("decoder: rejection status: corpus ") + r.reject + ", build " + statusName(d.status));
    return;
  }
  if (!d.ok()) {
    c.add(std::string("decoder: rejects [") + hex(r.bytes) + "] (" + statusName(d.status) + ": " +
          explainDecodeError(t, r.bytes.data(), r.bytes.size(), d) + "), corpus expects '" + r.text + "'");
    return;
  }
  if (d.size != r.bytes.size())
    c.add("decoder: size: corpus " + std::to_string(r.bytes.size()) + ", build " + std::to_string(d.size));
  if (in.desc().mnemonic != r.row)
    c.add("decoder: row: corpus " + r.row + ", build " + std::string(in.desc().mnemonic));
  if (encName(in.enc) != r.enc) c.add("decoder: encoding: corpus " + r.enc + ", build " + std::string(encName(in.enc)));
  if (formName(in.form) != r.form) c.add("decoder: form: corpus " + r.form + ", build " + std::string(formName(in.form)));
  if (in.has_literal != r.has_literal || (r.has_literal && in.literal != r.literal))
    c.add("decoder: literal: corpus " + (r.has_literal ? hex32(r.literal) : std::string("none")) + ", build " +
          (in.has_literal ? hex32(in.literal) : std::string("none")));
  std::array<int32_t, kNumFlds> want{};
  for (const auto& [key, value] : r.fields) {
    int f = -1;
    for (int i = 0; i < kNumFlds; ++i)
      if (fldName(Fld(i)) == key) f = i;
    if (f < 0) c.add("decoder: corpus field '" + key + "' does not exist in this build");
    else want[size_t(f)] = value;
  }
  for (int i = 0; i < kNumFlds; ++i)
    if (want[size_t(i)] != fieldValue(in, Fld(i)))
      c.add("decoder: field " + std::string(fldName(Fld(i))) + ": corpus " + std::to_string(want[size_t(i)]) +
            ", build " + std::to_string(fieldValue(in, Fld(i))));
  const std::string text = printInst(in);
  if (text != r.text) c.add("printer: corpus '" + r.text + "', build '" + text + "'");

  Inst parsed;
  ParseError pe;
  uint8_t enc[16];
  size_t n = 0;
  std::string why;
  if (parseInst(t, r.text, &parsed, &pe)) n = encodeInst(t, parsed, enc, &why);
  else why = "column " + std::to_string(pe.column) + ": " + pe.message;
  const std::vector<uint8_t> got(enc, enc + n);
  if (r.asm_expect == AsmExpect::REJECT) {
    if (n) c.add("assembler: corpus expects '" + r.text + "' rejected, build assembles [" + hex(got) + "]");
  } else {
    const std::vector<uint8_t>& exp = r.asm_expect == AsmExpect::BYTES ? r.asm_bytes : r.bytes;
    if (!n) c.add("assembler: rejects '" + r.text + "' (" + why + "), corpus expects [" + hex(exp) + "]");
    else if (got != exp) c.add("assembler: '" + r.text + "': corpus [" + hex(exp) + "], build [" + hex(got) + "]");
  }

  if (!r.has_state) return;
  auto m = std::make_unique<Machine>();
  for (sem::Path path : {sem::Path::FAST, sem::Path::REFERENCE}) {
    const char* pn = path == sem::Path::FAST ? "fast" : "reference";
    if (!setUp(t, r.in, m.get(), &err)) {
      c.add("state.in: " + err);
      return;
    }
    RunOutcome o = runOnce(t, in, path, m.get());
    if (!o.built) {
      c.add(std::string("semantics (") + pn + "): cannot build the program: " + o.error);
      continue;
    }
    if (!o.error.empty()) {
      c.add(std::string("semantics (") + pn + "): the wave stopped with an error: " + o.error);
      continue;
    }
    compareEffects(t, pn, r.out, o.effects, c);
  }
}

CheckSummary checkCorpus(const Corpus& corpus) {
  CheckSummary s;
  s.records = corpus.records.size();
  for (size_t i = 0; i < corpus.records.size(); ++i) {
    const size_t before = s.mismatches.size();
    checkRecord(corpus.header.cpu, corpus.records[i], i, &s.mismatches);
    s.with_state += corpus.records[i].has_state;
    s.failed_records += s.mismatches.size() != before;
  }
  return s;
}

}  // namespace gcn::regress
