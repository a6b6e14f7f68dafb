// The msgpack regression-corpus reader (regress/codec_read.cc) on arbitrary
// bytes: it is the boundary `gcnref corpus` and `gcnref diff --corpus` read
// untrusted files through. Never a crash, an unbounded allocation or an
// empty error; a file that reads back OK re-encodes (regress/codec_write.cc)
// to bytes that read back to the same header and records, and the writer is
// a fixpoint on its own output.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.h"
#include "regress/codec.h"

using namespace gcn::regress;

namespace {

// The first difference between two records ("" when they are equal). The
// record types have no operator== of their own: only the codec needs one.
std::string diffImage(const WaveImage& a, const WaveImage& b) {
  if (a.pc != b.pc) return "state.in.pc";
  if (a.exec != b.exec) return "state.in.exec";
  if (a.vcc != b.vcc) return "state.in.vcc";
  if (a.m0 != b.m0) return "state.in.m0";
  if (a.mode != b.mode) return "state.in.mode";
  if (a.scc != b.scc) return "state.in.scc";
  if (a.s != b.s) return "state.in.s";
  if (a.v != b.v) return "state.in.v";
  if (a.regions.size() != b.regions.size()) return "state.in.regions";
  for (size_t i = 0; i < a.regions.size(); ++i)
    if (a.regions[i].base != b.regions[i].base || a.regions[i].size != b.regions[i].size)
      return "state.in.regions[" + std::to_string(i) + "]";
  return "";
}

std::string diffRecord(const Record& a, const Record& b) {
  if (a.cpu != b.cpu) return "cpu";
  if (a.bytes != b.bytes) return "bytes";
  if (a.reject != b.reject) return "reject";
  if (a.row != b.row || a.enc != b.enc || a.form != b.form) return "row/enc/form";
  if (a.has_literal != b.has_literal || a.literal != b.literal) return "literal";
  if (a.fields != b.fields) return "fields";
  if (a.text != b.text) return "text";
  if (a.asm_expect != b.asm_expect || a.asm_bytes != b.asm_bytes) return "asm";
  if (a.has_state != b.has_state) return "state";
  if (a.has_state) {
    std::string d = diffImage(a.in, b.in);
    if (!d.empty()) return d;
    if (!(a.out == b.out)) return "state.out";
  }
  if (a.note != b.note) return "note";
  return "";
}

std::string diffHeader(const Header& a, const Header& b) {
  if (a.format != b.format) return "format";
  if (a.version != b.version) return "version";
  if (a.cpu != b.cpu) return "cpu";
  if (a.generator != b.generator) return "generator";
  if (a.seed != b.seed) return "seed";
  if (a.records != b.records) return "records";
  return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  Corpus c;
  std::string err;
  const bool ok = readCorpus(data_, size_, &c, &err);
  FUZZ_CHECK(c.records.size() == c.offsets.size(), "record/offset count mismatch", "");
  for (size_t i = 0; i < c.offsets.size(); ++i)
    FUZZ_CHECK(c.offsets[i] < size_ && (i == 0 || c.offsets[i - 1] < c.offsets[i]),
               "record offsets not increasing inside the file", std::to_string(i));
  if (!ok) {
    FUZZ_CHECK(!err.empty(), "reader failure without a message", "");
    return 0;
  }
  FUZZ_CHECK(c.header.records == c.records.size(), "header record count differs from records read",
             std::to_string(c.header.records));

  const std::string w = writeCorpus(c.header, c.records);
  Corpus c2;
  std::string err2;
  FUZZ_CHECK(readCorpus(reinterpret_cast<const uint8_t*>(w.data()), w.size(), &c2, &err2),
             "re-encoded corpus does not read back", err2);
  std::string d = diffHeader(c.header, c2.header);
  FUZZ_CHECK(d.empty(), "re-encoded header reads back different", d);
  for (size_t i = 0; i < c.records.size(); ++i) {
    d = diffRecord(c.records[i], c2.records[i]);
    FUZZ_CHECK(d.empty(), "re-encoded record reads back different", "record " + std::to_string(i) + ": " + d);
  }
  FUZZ_CHECK(writeCorpus(c2.header, c2.records) == w, "writer is not a fixpoint on its own output", "");
  return 0;
}
