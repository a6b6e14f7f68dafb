// Generates the fuzzers' seed inputs and the assembler dictionary from the
// ISA tables (space/inst_space.h enumerates valid instances of every
// row), so seeds and dictionary follow the tables instead of being typed in.
//
//   gen_inputs seeds OUTDIR [KERNEL.co|CORPUS.msgpack...]
//                                            writes OUTDIR/<fuzzer>/<name>
//   gen_inputs dict                          prints fuzz/asm_fuzzer.dict
//
// tools/fuzz.sh --seed merges the seeds into corpus/fuzz/<fuzzer> with
// libFuzzer's -merge=1 (keeping only inputs that add coverage);
// dict_test checks the checked-in dictionary is what `dict` prints.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "fuzz/fuzz_util.h"
#include "space/inst_space.h"
#include "regress/codec.h"
#include "semantics/emulator/registry.h"

namespace gcn::fuzz {
namespace {

namespace fs = std::filesystem;

struct Sample {
  int target_index;
  Inst inst;
  std::vector<uint8_t> bytes;
};

// A few decodable instances of every (row, form) on every fuzz target.
std::vector<Sample> samples(int per_form) {
  std::vector<Sample> out;
  std::mt19937_64 rng(6);
  for (int ti = 0; ti < numFuzzTargets(); ++ti) {
    const Target& t = fuzzTarget(ti);
    for (int row = 0; row < numInsts(); ++row) {
      const InstDesc& d = instDesc(row);
      for (Form form : formsOf(t, d)) {
        int n = 0;
        forEachCandidate(t, row, form, 2, 2, rng, [&](const Candidate& c) {
          Inst in;
          DecodeResult r = decode(t, c.bytes, c.len, &in);
          if (!r.ok() || in.id != row || n >= per_form) return;
          ++n;
          out.push_back({ti, in, std::vector<uint8_t>(c.bytes, c.bytes + r.size)});
        });
      }
    }
  }
  return out;
}

void writeFile(const fs::path& p, const std::vector<uint8_t>& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Instruction streams: one file per (target, encoding, form), chunks of 24.
void writeStreams(const fs::path& dir, const std::vector<Sample>& ss, bool with_state,
                  bool semantics_only) {
  std::map<std::string, std::vector<uint8_t>> files;
  std::map<std::string, int> counts;
  for (const Sample& s : ss) {
    if (semantics_only && !sem::findSem(s.inst.desc().mnemonic)) continue;
    std::string key = std::string(fuzzTarget(s.target_index).name) + "-" +
                      std::string(encName(s.inst.enc)) + "-" +
                      std::string(formName(s.inst.form));
    int& n = counts[key];
    std::string name = key + "-" + std::to_string(n++ / 24);
    std::vector<uint8_t>& f = files[name];
    if (f.empty()) {
      f.push_back(uint8_t(s.target_index));
      if (with_state)  // the wave-state seed of emulator_fuzzer
        for (int i = 0; i < 8; ++i) f.push_back(uint8_t(n * 31 + i));
    }
    f.insert(f.end(), s.bytes.begin(), s.bytes.end());
  }
  for (auto& [name, bytes] : files) writeFile(dir / name, bytes);
}

void writeTexts(const fs::path& dir, const std::vector<Sample>& ss) {
  int i = 0;
  for (const Sample& s : ss) {
    std::string text = printInst(s.inst);
    std::vector<uint8_t> f{uint8_t(s.target_index)};
    f.insert(f.end(), text.begin(), text.end());
    writeFile(dir / ("text-" + std::to_string(i++)), f);
  }
}

std::vector<uint8_t> readFile(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Code objects as they are, and their metadata notes and descriptors for
// metadata_fuzzer (selector byte: 0 msgpack, 1 YAML, 2 kd, 3 akc).
void writeCodeObjects(const fs::path& out, const std::vector<std::string>& kernels) {
  for (const std::string& k : kernels) {
    std::vector<uint8_t> bytes = readFile(k);
    std::string base = fs::path(k).filename().string();
    writeFile(out / "codeobj_fuzzer" / base, bytes);
    codeobj::CodeObject co;
    std::string err;
    codeobj::LoadOptions lenient;
    lenient.strict = false;
    if (!co.load(bytes.data(), bytes.size(), &err, lenient)) {
      std::fprintf(stderr, "gen_inputs: %s: %s\n", k.c_str(), err.c_str());
      continue;
    }
    auto put = [&](uint8_t sel, const uint8_t* p, size_t n, const std::string& suffix) {
      std::vector<uint8_t> f{sel};
      f.insert(f.end(), p, p + n);
      writeFile(out / "metadata_fuzzer" / (base + suffix), f);
    };
    for (const codeobj::Note& n : co.notes()) {
      if (n.name == "AMDGPU" && n.type == codeobj::kNtAmdgpuMetadata)
        put(0, n.desc.data(), n.desc.size(), ".msgpack");
      if (n.name == "AMD" && n.type == codeobj::kNtAmdHsaMetadata)
        put(1, n.desc.data(), n.desc.size(), ".yaml");
    }
    const uint8_t* file = co.bytes().data();
    for (const codeobj::KernelInfo& ki : co.kernels()) {
      if (ki.has_kernel_descriptor && ki.descriptor_offset + 64 <= bytes.size())
        put(2, file + ki.descriptor_offset, 64, "." + ki.name + ".kd");
      if (ki.has_amd_kernel_code && ki.descriptor_offset + 256 <= bytes.size())
        put(3, file + ki.descriptor_offset, 256, "." + ki.name + ".akc");
    }
  }
}

// How a VGPR value is written (regress/codec_write.cc): 'u' one uint, 'p'
// [palette, indices], 'b' 256 bytes.
char lanesShape(const regress::VValue& v) {
  std::set<uint32_t> d(v.lanes.begin(), v.lanes.end());
  return d.size() == 1 ? 'u' : d.size() <= 16 ? 'p' : 'b';
}

// Which optional parts of the schema a record exercises.
std::string recordKind(const regress::Record& r) {
  std::string k = r.reject.empty() ? "dec" : "rej";
  if (r.has_literal) k += "-lit";
  if (r.asm_expect == regress::AsmExpect::BYTES) k += "-asmbytes";
  if (r.asm_expect == regress::AsmExpect::REJECT) k += "-asmnil";
  if (!r.cpu.empty()) k += "-cpu";
  if (!r.note.empty()) k += "-note";
  if (r.has_state) {
    k += "-state";
    std::set<char> shapes;
    for (const regress::VValue& v : r.in.v) shapes.insert(lanesShape(v));
    for (const regress::VValue& v : r.out.v) shapes.insert(lanesShape(v));
    k += "-" + std::string(shapes.begin(), shapes.end());
    if (!r.in.regions.empty()) k += "-regions";
    if (!r.out.hw.empty()) k += "-hw";
    if (!r.out.mem.empty()) k += "-mem";
    if (!r.out.stop.empty()) k += "-stop";
    if (r.in.pc != regress::kDefaultPc) k += "-pc";
  }
  return k;
}

// Small corpora for corpus_reader_fuzzer cut from the committed regression
// corpora (corpus/regression/*.msgpack, ~600 KB each: too big to mutate):
// the header and one record of each kind, plus the first three records.
void writeCorpusSeeds(const fs::path& out, const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    std::vector<uint8_t> bytes = readFile(file);
    regress::Corpus c;
    std::string err;
    if (!regress::readCorpus(bytes.data(), bytes.size(), &c, &err)) {
      std::fprintf(stderr, "gen_inputs: %s: %s\n", file.c_str(), err.c_str());
      continue;
    }
    const std::string base = fs::path(file).stem().string();
    auto put = [&](const std::string& name, const std::vector<regress::Record>& rs) {
      std::string w = regress::writeCorpus(c.header, rs);
      writeFile(out / "corpus_reader_fuzzer" / (base + "-" + name + ".msgpack"),
                std::vector<uint8_t>(w.begin(), w.end()));
    };
    std::set<std::string> seen;
    for (const regress::Record& r : c.records)
      if (seen.insert(recordKind(r)).second) put(recordKind(r), {r});
    if (c.records.size() >= 3) put("first3", {c.records.begin(), c.records.begin() + 3});
    put("empty", {});
  }
}

// Arguments: code objects (KERNEL.co) and regression corpora (*.msgpack).
int seeds(const fs::path& out, const std::vector<std::string>& inputs) {
  std::vector<std::string> kernels, corpora;
  for (const std::string& f : inputs)
    (fs::path(f).extension() == ".msgpack" ? corpora : kernels).push_back(f);
  writeCorpusSeeds(out, corpora);
  std::vector<Sample> ss = samples(3);
  writeStreams(out / "decode_fuzzer", ss, false, false);
  writeStreams(out / "text_fuzzer", ss, false, false);
  writeStreams(out / "emulator_fuzzer", ss, true, true);
  std::vector<Sample> one = samples(1);
  writeTexts(out / "asm_fuzzer", one);
  writeCodeObjects(out, kernels);
  std::printf("gen_inputs: %zu instances written under %s\n", ss.size(), out.c_str());
  return 0;
}

// Words of the assembler's syntax worth splicing into mutated lines:
// mnemonics with their form suffixes, and the modifier and operand keywords
// the printer produces (the text up to ':' or '(' for valued ones).
int dict() {
  std::set<std::string> words;
  for (int row = 0; row < numInsts(); ++row) {
    const InstDesc& d = instDesc(row);
    words.insert(std::string(d.mnemonic));
  }
  for (const Sample& s : samples(3)) {
    std::string text = printInst(s.inst);
    size_t sp = text.find(' ');
    words.insert(text.substr(0, sp));  // mnemonic as printed (_e64, _sdwa, ...)
    for (size_t i = sp; i < text.size();) {
      if (!std::isalpha(static_cast<unsigned char>(text[i])) && text[i] != '_') {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < text.size() && (std::isalpha(static_cast<unsigned char>(text[j])) ||
                                 text[j] == '_' ||
                                 (j > i && std::isdigit(static_cast<unsigned char>(text[j])))))
        ++j;
      bool after_alnum = i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1]));
      std::string w = text.substr(i, j - i);
      if (j < text.size() && (text[j] == ':' || text[j] == '(')) w += text[j];
      // Skip register names (s5, v[0:1], a7, ttmp3) and hex digits in 0x...
      bool reg = (w[0] == 's' || w[0] == 'v' || w[0] == 'a') && w.size() <= 4 && w.find_first_of("0123456789") == 1;
      if (!after_alnum && w.size() >= 2 && !reg) words.insert(w);
      i = j;
    }
  }
  std::printf("# Generated by `bazel run //fuzz:gen_inputs -- dict` from the ISA tables:\n"
              "# mnemonics and the keywords the printer produces. dict_test checks it.\n");
  for (const std::string& w : words) std::printf("\"%s\"\n", w.c_str());
  return 0;
}

}  // namespace
}  // namespace gcn::fuzz

int main(int argc, char** argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "seeds" && argc > 2)
    return gcn::fuzz::seeds(argv[2], std::vector<std::string>(argv + 3, argv + argc));
  if (mode == "dict") return gcn::fuzz::dict();
  std::fprintf(stderr, "usage: gen_inputs seeds OUTDIR [KERNEL.co|CORPUS.msgpack...] | gen_inputs dict\n");
  return 2;
}
