// Helpers shared by the OpenCL reader tests: the checked-in binaries of
// testdata/, byte patches that make malformed copies of them, and loads
// that expect a clean result or an error message.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "codeobj/elf.h"
#include "codeobj/opencl/program.h"
#include "codeobj/test_util.h"

namespace gcn::codeobj::opencl::cltest {

// testdata/<name>.bin; the tests run from the workspace root.
inline std::vector<uint8_t> file(const std::string& name) {
  auto b = testing::readBytes("codeobj/opencl/testdata/" + name + ".bin");
  EXPECT_FALSE(b.empty()) << name;
  return b;
}

struct Loaded {
  Program p;
  bool ok = false;
  std::string err;
};

// The argument order follows LoadOptions: Gallium tests always name the
// processor, the AMD ones only to check that it must agree.
inline Loaded load(const std::vector<uint8_t>& b, const std::string& processor = "",
                   bool strict = true) {
  Loaded l;
  LoadOptions o;
  o.processor = processor;
  o.strict = strict;
  l.ok = l.p.load(b.data(), b.size(), &l.err, o);
  return l;
}

// "" when the bytes load; a failed load must say why.
inline std::string loadError(const std::vector<uint8_t>& b, const std::string& processor = "",
                             bool strict = true) {
  Loaded l = load(b, processor, strict);
  if (l.ok) return "";
  EXPECT_FALSE(l.err.empty());
  return l.err;
}

// A binary that must load without errors or warnings.
inline Program loadClean(const std::string& name, const std::string& processor = "") {
  Loaded l = load(file(name), processor);
  EXPECT_TRUE(l.ok) << name << ": " << l.err;
  EXPECT_TRUE(l.p.warnings().empty()) << name << ": " << l.p.warnings().front();
  return std::move(l.p);
}

inline void expectHas(const std::string& err, const std::string& what) {
  EXPECT_NE(err.find(what), std::string::npos) << "'" << what << "' not in: " << err;
}

using Facts = std::vector<std::pair<std::string, std::string>>;

// A missing fact reads as a value no test expects, so the comparison fails
// with the name in the message.
inline std::string fact(const Facts& facts, const std::string& name) {
  for (const auto& [k, v] : facts)
    if (k == name) return v;
  return "<no fact '" + name + "'>";
}

// Every value of a fact the binary may record more than once ("relocation").
inline std::vector<std::string> factValues(const Facts& facts, const std::string& name) {
  std::vector<std::string> r;
  for (const auto& [k, v] : facts)
    if (k == name) r.push_back(v);
  return r;
}

inline std::vector<uint8_t> bytesOf(ByteView v) {
  return std::vector<uint8_t>(v.data(), v.data() + v.size());
}

// Kinds compare by name so a failure reads "GLOBAL_POINTER" and not a number.
inline void expectArgLayout(const Arg& a, ArgKind kind, uint32_t offset, uint32_t size,
                            const std::string& label) {
  EXPECT_EQ(argKindName(a.kind), std::string(argKindName(kind))) << label;
  EXPECT_EQ(a.offset, offset) << label;
  EXPECT_EQ(a.size, size) << label;
}

// Little-endian whatever the host, as the formats store their fields.
inline void putLe(std::vector<uint8_t>& b, size_t off, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) b[off + size_t(i)] = uint8_t(v >> (8 * i));
}
inline void put16(std::vector<uint8_t>& b, size_t off, uint16_t v) { putLe(b, off, v, 2); }
inline void put32(std::vector<uint8_t>& b, size_t off, uint32_t v) { putLe(b, off, v, 4); }
inline void put64(std::vector<uint8_t>& b, size_t off, uint64_t v) { putLe(b, off, v, 8); }
inline uint32_t get32(const std::vector<uint8_t>& b, size_t off) {
  return uint32_t(b[off]) | uint32_t(b[off + 1]) << 8 | uint32_t(b[off + 2]) << 16 |
         uint32_t(b[off + 3]) << 24;
}

// The ELF at `offset` in b, parsed as the readers parse theirs (ELF32 and
// the formats' own e_machine values allowed). It refers to b.
inline ElfFile parseElf(const std::vector<uint8_t>& b, size_t offset = 0) {
  ElfFile elf;
  std::string err;
  ElfParseOptions o;
  o.allow_elf32 = o.any_machine = true;
  EXPECT_TRUE(elf.parse(ByteView(b.data() + offset, b.size() - offset), &err, o)) << err;
  return elf;
}

inline Symbol symbol(const ElfFile& elf, const std::string& name) {
  for (const Symbol& s : elf.symbols())
    if (s.name == name) return s;
  ADD_FAILURE() << "no symbol " << name;
  return Symbol();
}

// File offset of the bytes a symbol of the outer ELF covers.
inline uint64_t symbolOffset(const std::vector<uint8_t>& b, const std::string& name) {
  const ElfFile elf = parseElf(b);
  const Symbol s = symbol(elf, name);
  if (s.shndx >= elf.sections().size()) {
    ADD_FAILURE() << name << " is in no section";
    return 0;
  }
  return elf.sections()[s.shndx].offset + s.value;
}

// Each kernel's code is where code_offset says in the program's bytes.
inline void expectCodeInFile(const Program& p, const std::string& label) {
  for (const Kernel& k : p.kernels()) {
    ASSERT_LE(k.code_offset + k.code.size(), p.bytes().size()) << label;
    EXPECT_EQ(std::memcmp(p.bytes().data() + k.code_offset, k.code.data(), k.code.size()), 0)
        << label << " kernel " << k.name;
  }
}

// No prefix of a binary loads, even leniently: each format keeps a table
// the reader needs at its end. Sanitizers catch reads past the prefix.
inline void expectEveryPrefixFails(const std::vector<uint8_t>& b, const std::string& label,
                                   const std::string& processor = "") {
  ASSERT_FALSE(b.empty()) << label;
  for (size_t n = 0; n < b.size(); ++n) {
    const std::vector<uint8_t> t(b.begin(), b.begin() + long(n));
    ASSERT_NE(loadError(t, processor, false), "")
        << label << " truncated to " << n << " bytes loaded";
  }
}

// Lenient loads of copies with 1 to 4 random bytes changed: each loads or
// says why, and the sanitizers see no bad access.
inline void loadMutations(const std::vector<uint8_t>& b, std::mt19937& rng, int copies,
                          const std::string& processor = "") {
  ASSERT_FALSE(b.empty());
  for (int i = 0; i < copies; ++i) {
    auto t = b;
    for (int j = 0; j < 1 + i % 4; ++j) t[rng() % t.size()] = uint8_t(rng());
    loadError(t, processor, false);
  }
}

}  // namespace gcn::codeobj::opencl::cltest
