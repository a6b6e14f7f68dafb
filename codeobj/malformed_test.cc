// Malformed code objects: every truncation and many corruptions of real
// files give a clear error (what and where), never a crash or an
// out-of-bounds read (run under --config=asan to check the latter).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "codeobj/code_object.h"
#include "codeobj/test_util.h"

namespace gcn::codeobj {
namespace {

std::vector<uint8_t> file(const std::string& name) {
  auto b = testing::readBytes(testing::corpusDir() + "/" + name + ".co");
  EXPECT_FALSE(b.empty()) << name;
  return b;
}

std::string loadError(const std::vector<uint8_t>& b, bool strict = true) {
  CodeObject co;
  std::string err;
  LoadOptions o;
  o.strict = strict;
  if (co.load(b.data(), b.size(), &err, o)) return "";
  EXPECT_FALSE(err.empty());
  return err;
}

void put32(std::vector<uint8_t>& b, size_t off, uint32_t v) { std::memcpy(&b[off], &v, 4); }
void put64(std::vector<uint8_t>& b, size_t off, uint64_t v) { std::memcpy(&b[off], &v, 8); }

// File offset of a section's header / contents, found with the real parser.
const Section& sec(const CodeObject& co, const char* name) {
  const Section* s = co.elf().findSection(name);
  EXPECT_NE(s, nullptr) << name;
  return *s;
}

void e(const std::string& err, const char* what) {
  EXPECT_NE(err.find(what), std::string::npos) << err;
}

TEST(Malformed, EveryTruncationFails) {
  for (const char* name : {"vadd_i32.gfx900", "vadd_i32.v2.gfx900", "vadd_i32.v5.gfx900",
                           "two_kernels.gfx803"}) {
    auto b = file(name);
    ASSERT_EQ(loadError(b), "") << name;
    for (size_t n = 0; n < b.size(); ++n) {
      std::vector<uint8_t> t(b.begin(), b.begin() + long(n));
      std::string err = loadError(t, false);
      ASSERT_NE(err, "") << name << " truncated to " << n << " bytes loaded";
    }
  }
}

TEST(Malformed, HeaderErrorsNameTheField) {
  auto b = file("vadd_i32.gfx900");
  auto t = b;
  t[0] = 0x7e;
  EXPECT_NE(loadError(t).find("bad magic"), std::string::npos);
  t = b;
  t[4] = 1;
  EXPECT_NE(loadError(t).find("ELFCLASS64"), std::string::npos);
  t = b;
  t[5] = 2;
  EXPECT_NE(loadError(t).find("EI_DATA"), std::string::npos);
  t = b;
  t[18] = 62;  // EM_X86_64
  t[19] = 0;
  std::string e = loadError(t);
  EXPECT_NE(e.find("e_machine at offset 0x12 is 62"), std::string::npos) << e;
  t = b;
  t[7] = 0;  // ELFOSABI_NONE
  EXPECT_NE(loadError(t).find("EI_OSABI"), std::string::npos);
  t = b;
  t[8] = 7;
  EXPECT_NE(loadError(t).find("EI_ABIVERSION"), std::string::npos);
  t = b;
  put32(t, 48, 0x12c | 0x10000);  // reserved e_flags bit
  EXPECT_NE(loadError(t).find("reserved bits 0x10000"), std::string::npos);
  t = b;
  put32(t, 48, 0x033);  // gfx1010: not GCN
  EXPECT_NE(loadError(t).find("not a GCN GFX6-GFX9"), std::string::npos);
  t = b;
  put32(t, 48, 0x54c);  // gfx942 (xnack and sramecc any, as llvm-mc-19 writes it): a
                        // known processor, so only the metadata's target disagrees
  EXPECT_NE(loadError(t).find("e_flags (offset 0x30) say 'amdgcn-amd-amdhsa--gfx942'"), std::string::npos)
      << loadError(t);
  t = b;
  put32(t, 48, 0x02a | 0x300);  // gfx803 with xnack on: unsupported feature
  EXPECT_NE(loadError(t).find("does not support xnack"), std::string::npos);
  t = b;
  put32(t, 48, 0x027);  // reserved EF_AMDGPU_MACH
  EXPECT_NE(loadError(t).find("not a known processor"), std::string::npos);
  t = b;
  t[16] = 1;  // ET_REL
  EXPECT_NE(loadError(t).find("ET_DYN"), std::string::npos);
}

TEST(Malformed, SectionTableErrors) {
  auto b = file("vadd_i32.gfx900");
  CodeObject co;
  std::string err;
  ASSERT_TRUE(co.load(b.data(), b.size(), &err));
  const ElfHeader& h = co.elf().header();
  const Section& text = sec(co, ".text");
  const Section& ro = sec(co, ".rodata");

  auto t = b;
  put64(t, 40, b.size() - 10);  // e_shoff near the end
  EXPECT_NE(loadError(t).find("section header table"), std::string::npos);
  t = b;
  t[62] = 99;  // e_shstrndx
  EXPECT_NE(loadError(t).find("e_shstrndx"), std::string::npos);
  t = b;
  put64(t, text.header_offset + 32, 0x100000);  // .text size beyond the file
  e(loadError(t), "extends past the end of the file");
  t = b;
  put64(t, text.header_offset + 24, ro.offset + 8);  // .text overlapping .rodata
  std::string o = loadError(t);
  EXPECT_NE(o.find("overlaps"), std::string::npos) << o;
  t = b;
  put32(t, text.header_offset, 0xfffff);  // sh_name outside .shstrtab
  EXPECT_NE(loadError(t).find("sh_name"), std::string::npos);
  // A string table without its final NUL.
  const Section& shs = co.elf().sections()[h.shstrndx];
  t = b;
  for (uint64_t i = 0; i < shs.size; ++i) t[shs.offset + i] = 'x';
  EXPECT_NE(loadError(t).find("NUL-terminated"), std::string::npos);
  t = b;
  put64(t, sec(co, ".symtab").header_offset + 56, 16);  // bad sh_entsize
  EXPECT_NE(loadError(t).find("sh_entsize"), std::string::npos);
  size_t load = 0;
  while (co.elf().segments()[load].type != kPtLoad) ++load;
  t = b;
  put64(t, h.phoff + 56 * load + 32, 0x1000000);  // PT_LOAD p_filesz past the end
  EXPECT_NE(loadError(t).find("program header"), std::string::npos);
}

TEST(Malformed, NotesAndMetadata) {
  auto b = file("vadd_i32.gfx900");
  CodeObject co;
  std::string err;
  ASSERT_TRUE(co.load(b.data(), b.size(), &err));
  ASSERT_EQ(co.notes().size(), 1u);
  const Note& n = co.notes()[0];
  auto t = b;
  put32(t, n.offset, 0x7fffffff);  // namesz
  e(loadError(t), "extend past the end of the section");
  t = b;
  put32(t, n.offset + 8, 33);  // not the metadata note type any more
  e(loadError(t), "no NT_AMDGPU_METADATA note");
  t = b;
  t[n.desc_offset] = 0xc1;  // a byte MessagePack never uses
  e(loadError(t), "NT_AMDGPU_METADATA note (desc at offset");
  t = b;
  // The root map claims 2^32-1 entries: a limit error, not a huge allocation.
  t[n.desc_offset] = 0xdf;
  t[n.desc_offset + 1] = t[n.desc_offset + 2] = t[n.desc_offset + 3] = t[n.desc_offset + 4] = 0xff;
  e(loadError(t), "MessagePack");
  t = b;
  put32(t, n.offset + 4, uint32_t(n.desc.size() - 7));  // desc cut short
  e(loadError(t), "note");
  // Rename a metadata key: ".kernarg_segment_size" -> ".kernarg_segment_sizf".
  t = b;
  std::string key = ".kernarg_segment_size";
  auto it = std::search(t.begin() + long(n.desc_offset), t.end(), key.begin(), key.end());
  ASSERT_NE(it, t.end());
  it[long(key.size()) - 1] = 'f';
  e(loadError(t), "amdhsa.kernels[0]..kernarg_segment_size: required key is missing");
}

TEST(Malformed, DescriptorAndSymbols) {
  auto b = file("vadd_i32.gfx900");
  CodeObject co;
  std::string err;
  ASSERT_TRUE(co.load(b.data(), b.size(), &err));
  const KernelInfo& k = co.kernels()[0];
  // Missing descriptor: rename "vadd_i32.kd" in both string tables.
  auto t = b;
  std::string kd = "vadd_i32.kd";
  for (auto it = t.begin(); (it = std::search(it, t.end(), kd.begin(), kd.end())) != t.end(); ++it)
    it[9] = 'x';
  e(loadError(t), "missing from the symbol tables");
  // Reserved descriptor byte: strict load fails, lenient load warns.
  t = b;
  t[k.descriptor_offset + 30] = 1;
  e(loadError(t), "reserved byte 30");
  EXPECT_EQ(loadError(t, false), "");
  // USER_SGPR_COUNT that disagrees with the enable bits.
  t = b;
  uint32_t rsrc2;
  std::memcpy(&rsrc2, &t[k.descriptor_offset + 52], 4);
  put32(t, k.descriptor_offset + 52, (rsrc2 & ~0x3eu) | (15u << 1));
  e(loadError(t), "USER_SGPR_COUNT is 15");
  // Entry point outside .text.
  t = b;
  put64(t, k.descriptor_offset + 16, 0x100000);
  e(loadError(t), "is not inside an executable section");
  // Must-be-zero rsrc1 bits (PRIV).
  t = b;
  uint32_t rsrc1;
  std::memcpy(&rsrc1, &t[k.descriptor_offset + 48], 4);
  put32(t, k.descriptor_offset + 48, rsrc1 | (1u << 20));
  e(loadError(t), "PRIV (bit 20) must be 0");
  // Group segment size that disagrees with the metadata.
  t = b;
  put32(t, k.descriptor_offset, 4096);
  e(loadError(t), "group segment size is 4096");
}

TEST(Malformed, V2AmdKernelCode) {
  auto b = file("vadd_i32.v2.gfx900");
  CodeObject co;
  std::string err;
  ASSERT_TRUE(co.load(b.data(), b.size(), &err)) << err;
  const KernelInfo& k = co.kernels()[0];
  auto t = b;
  t[k.descriptor_offset] = 7;  // amd_code_version_major
  e(loadError(t), "amd_code_version_major (byte 0) is 7");
  t = b;
  t[k.descriptor_offset + 110] = 1;
  e(loadError(t), "reserved byte 110");
  t = b;
  t[k.descriptor_offset + 120] = 1;
  e(loadError(t), "runtime_loader_kernel_symbol");
  t = b;
  t[k.descriptor_offset + 103] = 5;  // wavefront_size 2^5 vs metadata 64
  e(loadError(t), "wavefront_size 2^5");
  // Break the YAML: a tab in the metadata.
  for (const Note& n : co.notes())
    if (n.type == kNtAmdHsaMetadata) {
      t = b;
      t[n.desc_offset + 5] = '\t';
      e(loadError(t), "NT_AMD_HSA_METADATA note (desc at offset");
    }
}

// Random corruption of real files: load either succeeds or reports an
// error; the sanitizer configs turn any out-of-bounds read into a failure.
TEST(Malformed, RandomMutationsNeverCrash) {
  std::mt19937 rng(42);
  size_t failures = 0, total = 0;
  for (const std::string& path : testing::corpusFiles()) {
    auto b = testing::readBytes(path);
    for (int round = 0; round < 300; ++round) {
      auto t = b;
      int flips = 1 + int(rng() % 8);
      for (int f = 0; f < flips; ++f) {
        size_t at = rng() % t.size();
        switch (rng() % 3) {
          case 0: t[at] ^= uint8_t(1u << (rng() % 8)); break;
          case 1: t[at] = uint8_t(rng()); break;
          default: t[at] = (rng() & 1) ? 0xff : 0; break;
        }
      }
      CodeObject co;
      std::string err;
      LoadOptions o;
      o.strict = rng() & 1;
      if (!co.load(t.data(), t.size(), &err, o)) {
        ASSERT_FALSE(err.empty());
        ++failures;
      } else {
        for (const KernelInfo& k : co.kernels()) ASSERT_NE(k.meta, nullptr);
      }
      ++total;
    }
  }
  EXPECT_GT(failures, total / 10);  // the mutations do reach the checks
}

}  // namespace
}  // namespace gcn::codeobj
