// Corpus -> msgpack. Keys are strings so fields can be added without a
// version bump; optional keys are left out when they hold their default,
// which keeps the committed corpora small.
#include <msgpack.hpp>

#include <cstring>

#include "regress/codec.h"

namespace gcn::regress {
namespace {

using Packer = msgpack::packer<msgpack::sbuffer>;

void str(Packer& p, const std::string& s) { p.pack(s); }

void bin(Packer& p, const uint8_t* b, size_t n) {
  p.pack_bin(uint32_t(n));
  p.pack_bin_body(reinterpret_cast<const char*>(b), uint32_t(n));
}

// A VGPR value, in the smallest of three shapes: one uint when every lane
// holds it; [palette, indices] when at most 16 distinct values occur
// (palette: array of uints, indices: 32 bytes, lane 2k in the low nibble of
// byte k, lane 2k+1 in the high one); else 256 bytes, lane 0 first,
// little-endian words.
void lanes(Packer& p, const std::array<uint32_t, sem::kLanes>& l) {
  std::vector<uint32_t> pal;
  uint8_t idx[sem::kLanes / 2] = {};
  for (int i = 0; i < sem::kLanes && pal.size() <= 16; ++i) {
    size_t k = 0;
    while (k < pal.size() && pal[k] != l[size_t(i)]) ++k;
    if (k == pal.size()) pal.push_back(l[size_t(i)]);
    if (k < 16) idx[i / 2] |= uint8_t(k << (4 * (i & 1)));
  }
  if (pal.size() == 1) {
    p.pack(l[0]);
    return;
  }
  if (pal.size() <= 16) {
    p.pack_array(2);
    p.pack_array(uint32_t(pal.size()));
    for (uint32_t x : pal) p.pack(x);
    bin(p, idx, sizeof idx);
    return;
  }
  uint8_t b[sem::kLanes * 4];
  for (int i = 0; i < sem::kLanes; ++i)
    for (int k = 0; k < 4; ++k) b[i * 4 + k] = uint8_t(l[size_t(i)] >> (8 * k));
  bin(p, b, sizeof b);
}

void sregs(Packer& p, const std::vector<SValue>& s) {
  p.pack_array(uint32_t(s.size()));
  for (const SValue& x : s) {
    p.pack_array(2);
    p.pack(x.code);
    p.pack(x.value);
  }
}

void vregs(Packer& p, const std::vector<VValue>& v) {
  p.pack_array(uint32_t(v.size()));
  for (const VValue& x : v) {
    p.pack_array(2);
    p.pack(x.reg);
    lanes(p, x.lanes);
  }
}

const char* spaceName(Space s) {
  return s == Space::LDS ? "lds" : s == Space::GDS ? "gds" : "global";
}

void image(Packer& p, const WaveImage& w) {
  p.pack_map(5 + (w.pc != kDefaultPc) + !w.s.empty() + !w.v.empty() + !w.regions.empty());
  if (w.pc != kDefaultPc) { str(p, "pc"); p.pack(w.pc); }
  str(p, "exec"); p.pack(w.exec);
  str(p, "vcc"); p.pack(w.vcc);
  str(p, "m0"); p.pack(w.m0);
  str(p, "mode"); p.pack(w.mode);
  str(p, "scc"); p.pack(w.scc);
  if (!w.s.empty()) { str(p, "s"); sregs(p, w.s); }
  if (!w.v.empty()) { str(p, "v"); vregs(p, w.v); }
  if (!w.regions.empty()) {
    str(p, "regions");
    p.pack_array(uint32_t(w.regions.size()));
    for (const Region& r : w.regions) {
      p.pack_array(2);
      p.pack(r.base);
      p.pack(r.size);
    }
  }
}

void effects(Packer& p, const WaveEffects& e) {
  uint32_t n = 2 + !e.s.empty() + !e.v.empty() + !e.hw.empty() + !e.stop.empty() + !e.mem.empty();
  p.pack_map(n);
  if (!e.s.empty()) { str(p, "s"); sregs(p, e.s); }
  if (!e.v.empty()) { str(p, "v"); vregs(p, e.v); }
  str(p, "scc"); p.pack(e.scc);
  str(p, "next_pc"); p.pack(e.next_pc);
  if (!e.hw.empty()) {
    str(p, "hw");
    p.pack_array(uint32_t(e.hw.size()));
    for (const auto& h : e.hw) {
      p.pack_array(2);
      p.pack(h.first);
      p.pack(h.second);
    }
  }
  if (!e.stop.empty()) { str(p, "stop"); str(p, e.stop); }
  if (!e.mem.empty()) {
    str(p, "mem");
    p.pack_array(uint32_t(e.mem.size()));
    for (const MemWrite& m : e.mem) {
      p.pack_array(3);
      str(p, spaceName(m.space));
      p.pack(m.addr);
      bin(p, m.bytes.data(), m.bytes.size());
    }
  }
}

void record(Packer& p, const Record& r) {
  const bool dec = r.reject.empty();
  uint32_t n = 1 + !r.cpu.empty() + !r.note.empty() + r.has_state;
  if (dec) n += 5 + r.has_literal + (r.asm_expect != AsmExpect::SAME);
  else n += 1;
  p.pack_map(n);
  if (!r.cpu.empty()) { str(p, "cpu"); str(p, r.cpu); }
  str(p, "bytes"); bin(p, r.bytes.data(), r.bytes.size());
  if (!dec) {
    str(p, "reject"); str(p, r.reject);
  } else {
    str(p, "row"); str(p, r.row);
    str(p, "enc"); str(p, r.enc);
    str(p, "form"); str(p, r.form);
    if (r.has_literal) { str(p, "literal"); p.pack(r.literal); }
    str(p, "fields");
    p.pack_map(uint32_t(r.fields.size()));
    for (const auto& f : r.fields) {
      str(p, f.first);
      p.pack(f.second);
    }
    str(p, "text"); str(p, r.text);
    if (r.asm_expect == AsmExpect::BYTES) { str(p, "asm"); bin(p, r.asm_bytes.data(), r.asm_bytes.size()); }
    if (r.asm_expect == AsmExpect::REJECT) { str(p, "asm"); p.pack_nil(); }
  }
  if (r.has_state) {
    str(p, "state");
    p.pack_map(2);
    str(p, "in"); image(p, r.in);
    str(p, "out"); effects(p, r.out);
  }
  if (!r.note.empty()) { str(p, "note"); str(p, r.note); }
}

}  // namespace

std::string writeHeader(const Header& h) {
  msgpack::sbuffer buf;
  Packer p(&buf);
  p.pack_map(6);
  str(p, "format"); str(p, h.format);
  str(p, "version"); p.pack(h.version);
  str(p, "cpu"); str(p, h.cpu);
  str(p, "generator"); str(p, h.generator);
  str(p, "seed"); p.pack(h.seed);
  str(p, "records"); p.pack(h.records);
  return std::string(buf.data(), buf.size());
}

std::string writeRecord(const Record& r) {
  msgpack::sbuffer buf;
  Packer p(&buf);
  record(p, r);
  return std::string(buf.data(), buf.size());
}

std::string writeCorpus(const Header& h, const std::vector<Record>& records) {
  Header hh = h;
  hh.records = records.size();
  std::string out = writeHeader(hh);
  for (const Record& r : records) out += writeRecord(r);
  return out;
}

}  // namespace gcn::regress
