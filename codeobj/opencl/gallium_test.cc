// GalliumCompute binaries written by clrxasm (testdata/gallium_*.s, each with
// its command): the old ABI with LLVM 3.8 (3 config pairs) and 3.9 (5),
// before and from Mesa 17, and the AMDHSA ABI of LLVM 4; ELF32 and ELF64.
// Malformed variants are made here by mutating bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "codeobj/elf.h"
#include "codeobj/opencl/program.h"
#include "codeobj/opencl/test_support.h"

namespace gcn::codeobj::opencl {
namespace {

using namespace cltest;

struct Sample {
  const char* name;
  const char* processor;
};
constexpr Sample kSamples[] = {{"gallium_pitcairn32_llvm38", "pitcairn"},
                               {"gallium_bonaire64_llvm39", "bonaire"},
                               {"gallium_fiji64_hsa", "fiji"},
                               {"gallium_gfx900_32_hsa", "gfx900"}};

void expectArg(const Arg& a, ArgKind kind, uint32_t offset, uint32_t size,
               const char* hidden = "") {
  expectArgLayout(a, kind, offset, size, std::to_string(offset));
  EXPECT_EQ(a.hidden, hidden) << offset;
}

// Where the container's records are, walked independently of the reader.
struct Container {
  std::vector<size_t> kernel;  // table entry (name length) of each kernel
  size_t sections = 0;         // section count
  size_t section0 = 0;         // first section header
  size_t elf = 0;              // its data
};

Container walk(const std::vector<uint8_t>& b) {
  Container c;
  size_t pos = 4;
  for (uint32_t i = 0; i < get32(b, 0); ++i) {
    c.kernel.push_back(pos);
    pos += 4 + get32(b, pos);
    pos += 12 + 24 * size_t(get32(b, pos + 8));
  }
  c.sections = pos;
  c.section0 = pos + 4;
  c.elf = pos + 24;
  return c;
}

// File offset of a symbol table entry of the inner ELF.
size_t symbolEntry(const std::vector<uint8_t>& b, const Container& c, const std::string& name) {
  return c.elf + symbol(parseElf(b, c.elf), name).entry_offset;
}

TEST(Gallium, TheProcessorMustBeGiven) {
  expectHas(loadError(file("gallium_pitcairn32_llvm38"), ""), "do not name their processor");
}

TEST(Gallium, OldAbiLlvm38) {
  Program p = loadClean("gallium_pitcairn32_llvm38", "pitcairn");
  EXPECT_EQ(p.format(), Format::GALLIUM);
  EXPECT_EQ(p.abi(), Abi::GALLIUM);
  EXPECT_FALSE(p.is64bit());
  EXPECT_EQ(p.processor(), "gfx601");
  EXPECT_EQ(fact(p.facts(), ".AMDGPU.config"), "3 register pairs per kernel");
  EXPECT_EQ(fact(p.facts(), "code section type"), "0 (text)");
  EXPECT_EQ(bytesOf(p.globalData()),
            (std::vector<uint8_t>{0x44, 0x33, 0x22, 0x11, 0x88, 0x77, 0x66, 0x55}));
  ASSERT_EQ(p.kernels().size(), 2u);

  const Kernel& a = p.kernels()[0];
  EXPECT_EQ(a.name, "add");
  // clrxdisasm: c0020109 s_load_dword s4, s[0:1], 0x9; bf810000 s_endpgm.
  EXPECT_EQ(bytesOf(a.code),
            (std::vector<uint8_t>{0x09, 0x01, 0x02, 0xc0, 0x00, 0x00, 0x81, 0xbf}));
  EXPECT_FALSE(a.has_amd_kernel_code);
  EXPECT_EQ(a.rsrc1.raw, 0xc0040u);
  EXPECT_EQ(a.rsrc2.raw, 0x10489u);
  EXPECT_EQ(a.rsrc2.user_sgpr_count, 4u);
  EXPECT_TRUE(a.rsrc2.enable_sgpr_workgroup_info);  // .tgsize
  EXPECT_EQ(a.sgprs, 16u);
  EXPECT_EQ(a.vgprs, 4u);
  EXPECT_EQ(a.lds_bytes, 512u);  // 2 blocks of 256 bytes on GFX6
  EXPECT_EQ(a.scratch_bytes, 64u);
  EXPECT_EQ(fact(a.facts, "config COMPUTE_TMPRING_SIZE"), "0x4000");
  // The device sees .text then .rodata; kernels start at their offsets.
  ASSERT_EQ(a.image.size(), 16u + 8u);
  EXPECT_EQ(a.image_entry, 0u);
  EXPECT_EQ(a.image[16], 0x44);
  // Arguments follow the 9 setup dwords, aligned from the argument start.
  ASSERT_EQ(a.args.size(), 7u);
  expectArg(a.args[0], ArgKind::GLOBAL_POINTER, 36, 8);
  expectArg(a.args[1], ArgKind::CONSTANT_POINTER, 44, 8);
  expectArg(a.args[2], ArgKind::LOCAL_POINTER, 52, 4);
  expectArg(a.args[3], ArgKind::VALUE, 56, 4);
  EXPECT_EQ(fact(a.facts, "argument 3"), "scalar, size 1, target size 4, align 4, sext, general");
  expectArg(a.args[4], ArgKind::VALUE, 68, 16);
  expectArg(a.args[5], ArgKind::HIDDEN, 84, 4, "griddim");
  expectArg(a.args[6], ArgKind::HIDDEN, 88, 12, "gridoffset");

  const Kernel& m = p.kernels()[1];
  EXPECT_EQ(m.name, "mul");
  EXPECT_EQ(m.code_address, 8u);
  EXPECT_EQ(m.image_entry, 8u);
  EXPECT_EQ(bytesOf(m.code),
            (std::vector<uint8_t>{0x80, 0x02, 0x00, 0x7e, 0x00, 0x00, 0x81, 0xbf}));
  EXPECT_EQ(m.rsrc2.raw, 0x988u);
  EXPECT_EQ(m.lds_bytes, 0u);
  ASSERT_EQ(m.args.size(), 3u);
  expectArg(m.args[0], ArgKind::GLOBAL_POINTER, 36, 8);
  expectArg(m.args[2], ArgKind::HIDDEN, 48, 12, "gridoffset");
}

TEST(Gallium, OldAbiLlvm39Mesa17) {
  Program p = loadClean("gallium_bonaire64_llvm39", "bonaire");
  EXPECT_EQ(p.abi(), Abi::GALLIUM);
  EXPECT_TRUE(p.is64bit());
  EXPECT_EQ(p.processor(), "gfx704");
  EXPECT_EQ(fact(p.facts(), ".AMDGPU.config"), "5 register pairs per kernel (LLVM >= 3.9)");
  EXPECT_EQ(fact(p.facts(), "code section type"), "2 (executable: Mesa >= 17)");
  const Kernel& k = p.kernels().at(0);
  // clrxdisasm: c0420109 s_load_dwordx2, bf8c007f s_waitcnt, be8c03ff <literal>,
  // be8d03ff <literal>, bf810000 s_endpgm.
  ASSERT_EQ(k.code.size(), 28u);
  EXPECT_EQ(k.code.u32(0), 0xc0420109u);
  EXPECT_EQ(k.code.u32(4), 0xbf8c007fu);
  EXPECT_EQ(k.code.u32(8), 0xbe8c03ffu);
  EXPECT_EQ(k.code.u32(16), 0xbe8d03ffu);
  EXPECT_EQ(k.code.u32(24), 0xbf810000u);
  // The two literals take the scratch buffer descriptor's first words.
  EXPECT_EQ(factValues(p.facts(), "relocation"),
            (std::vector<std::string>{".text+0xc: SCRATCH_RSRC_DWORD0",
                                      ".text+0x14: SCRATCH_RSRC_DWORD1"}));
  EXPECT_EQ(k.scratch_bytes, 128u);
  EXPECT_TRUE(k.rsrc2.enable_sgpr_private_segment_wave_byte_offset);
  EXPECT_EQ(fact(k.facts, "config spilled SGPRs"), "0x3");
  EXPECT_EQ(fact(k.facts, "config spilled VGPRs"), "0x5");
  ASSERT_EQ(k.args.size(), 4u);
  expectArg(k.args[0], ArgKind::GLOBAL_POINTER, 36, 8);
  expectArg(k.args[1], ArgKind::VALUE, 44, 8);
  expectArg(k.args[3], ArgKind::HIDDEN, 56, 12, "gridoffset");
}

TEST(Gallium, HsaAbi) {
  Program p = loadClean("gallium_fiji64_hsa", "fiji");
  EXPECT_EQ(p.abi(), Abi::GALLIUM_HSA);
  EXPECT_TRUE(p.is64bit());
  EXPECT_EQ(p.processor(), "gfx803");
  ASSERT_EQ(p.kernels().size(), 2u);
  const Kernel& f = p.kernels()[0];
  EXPECT_EQ(f.name, "first");
  ASSERT_TRUE(f.has_amd_kernel_code);
  EXPECT_EQ(f.akc.amd_machine_version_major, 8);
  EXPECT_EQ(f.code_address, 0x100u);      // after amd_kernel_code_t
  EXPECT_EQ(f.code.u32(0), 0xc0060003u);  // s_load_dwordx2 s[0:1], s[6:7], 0x0
  EXPECT_EQ(f.code.u32(8), 0xbf810000u);
  EXPECT_EQ(f.code.size(), 0x100u);  // up to the next kernel
  EXPECT_EQ(f.image_entry, 0x100u);
  EXPECT_EQ(f.image.size(), 0x308u + 8u);
  EXPECT_EQ(fact(f.facts, "user SGPRs"),
            "s[0:3] private segment buffer, s[4:5] dispatch packet, s[6:7] kernarg segment");
  EXPECT_EQ(f.rsrc2.user_sgpr_count, 8u);
  EXPECT_EQ(f.akc.kernarg_segment_byte_size, 28u);
  ASSERT_EQ(f.args.size(), 4u);
  expectArg(f.args[0], ArgKind::GLOBAL_POINTER, 0, 8);
  expectArg(f.args[1], ArgKind::VALUE, 8, 4);
  expectArg(f.args[2], ArgKind::HIDDEN, 12, 4, "griddim");
  expectArg(f.args[3], ArgKind::HIDDEN, 16, 12, "gridoffset");

  const Kernel& s = p.kernels()[1];
  EXPECT_EQ(s.code_address, 0x300u);
  EXPECT_EQ(bytesOf(s.code),
            (std::vector<uint8_t>{0x82, 0x02, 0x02, 0x7e, 0x00, 0x00, 0x81, 0xbf}));
  EXPECT_EQ(s.lds_bytes, 1024u);
  expectArg(s.args.at(0), ArgKind::CONSTANT_POINTER, 0, 8);
}

TEST(Gallium, HsaAbiInElf32) {
  Program p = loadClean("gallium_gfx900_32_hsa", "gfx900");
  EXPECT_EQ(p.abi(), Abi::GALLIUM_HSA);
  EXPECT_FALSE(p.is64bit());
  const Kernel& k = p.kernels().at(0);
  EXPECT_EQ(bytesOf(k.code), (std::vector<uint8_t>{0x00, 0x00, 0x81, 0xbf}));
  EXPECT_EQ(k.akc.amd_machine_version_major, 9);
  expectArg(k.args.at(2), ArgKind::HIDDEN, 12, 12, "gridoffset");
}

TEST(Gallium, CodeOffsetsPointIntoTheFile) {
  for (const Sample& s : kSamples) {
    Program p = loadClean(s.name, s.processor);
    expectCodeInFile(p, s.name);
    for (const Kernel& k : p.kernels()) {
      ASSERT_LE(k.image_entry + k.code.size(), k.image.size()) << s.name;
      EXPECT_EQ(std::memcmp(k.image.data() + k.image_entry, k.code.data(), k.code.size()), 0);
    }
  }
}

// Mesa pairs .AMDGPU.config blocks with the global symbols sorted by
// address; here 'add' moves after 'mul', so the blocks swap kernels.
TEST(Gallium, ConfigBlocksFollowAddressOrder) {
  auto b = file("gallium_pitcairn32_llvm38");
  const Container c = walk(b);
  put32(b, symbolEntry(b, c, "add") + 4, 8);  // st_value (ELF32)
  put32(b, symbolEntry(b, c, "mul") + 4, 0);
  const size_t add = c.kernel[0], mul = c.kernel[1];
  put32(b, add + 4 + 3 + 4, 8);  // offsets in the kernel table
  put32(b, mul + 4 + 3 + 4, 0);
  expectHas(loadError(b, "pitcairn"), "not in address order");
  const Loaded l = load(b, "pitcairn", false);
  ASSERT_TRUE(l.ok) << l.err;
  EXPECT_EQ(l.p.kernels().at(0).rsrc2.raw, 0x988u);  // 'mul's block
  EXPECT_EQ(l.p.kernels().at(1).rsrc2.raw, 0x10489u);
}

TEST(Gallium, ContainerErrorsNameTheRecord) {
  const auto b = file("gallium_pitcairn32_llvm38");
  const Container c = walk(b);
  auto t = b;
  put32(t, c.kernel[0] + 4 + 3, 7);  // section id of 'add'
  expectHas(loadError(t, "pitcairn"),
            "kernel 0 'add': section id 7 not in the section table (ids: 0)");
  t = b;
  put32(t, 0, 1000);
  expectHas(loadError(t, "pitcairn"), "kernel count 1000 at offset 0x0 needs at least 16000 bytes");
  t = b;
  put32(t, c.kernel[1], 5000);
  expectHas(loadError(t, "pitcairn"), "kernel 1 (table entry at offset 0xbf): name length 5000");
  t = b;
  put32(t, c.kernel[1] + 4 + 3 + 8, 1000);
  expectHas(loadError(t, "pitcairn"), "kernel 1 'mul': argument count 1000");
  t = b;
  put32(t, c.kernel[1] + 4 + 3 + 4, 0x1000);
  expectHas(loadError(t, "pitcairn"),
            "kernel 1 'mul': offset 0x1000 is outside .text (0x10 bytes)");
  t = b;
  put32(t, c.sections, 3);
  expectHas(loadError(t, "pitcairn"), "section 1: its header at offset 0x576 runs past the end");
  t = b;
  put32(t, c.section0 + 12, get32(b, c.section0 + 12) + 1);
  expectHas(loadError(t, "pitcairn"), "size fields disagree");
  t = b;
  put32(t, c.section0 + 4, 1);  // a constant-data section: no code
  expectHas(loadError(t, "pitcairn"),
            "no text section (type 0 or 2) holds an ELF; section types: 1");
}

TEST(Gallium, ElfErrorsNameTheProblem) {
  const auto b = file("gallium_pitcairn32_llvm38");
  const Container c = walk(b);
  auto t = b;
  t[c.elf + 4] = 3;  // EI_CLASS
  expectHas(loadError(t, "pitcairn"), "ELF in section id 0 (at offset 0x132): EI_CLASS");
  t = b;
  put32(t, symbolEntry(b, c, "mul") + 4, 12);
  expectHas(loadError(t, "pitcairn"),
            "kernel 1 'mul': symbol value 0xc differs from the kernel "
            "table offset 0x8");
  t = b;
  const std::string name("\0mul\0", 5);
  auto it = std::search(t.begin() + long(c.elf), t.end(), name.begin(), name.end());
  ASSERT_NE(it, t.end());
  it[1] = 'M';
  expectHas(loadError(t, "pitcairn"), "kernel 1 'mul': no defined symbol 'mul' in the ELF");
}

TEST(Gallium, ConfigMustSplitPerSymbol) {
  auto t = file("gallium_pitcairn32_llvm38");
  const Container c = walk(t);
  const ElfFile elf = parseElf(t, c.elf);
  const Section* cfg = elf.findSection(".AMDGPU.config");
  ASSERT_NE(cfg, nullptr);
  put32(t, c.elf + cfg->header_offset + 20, uint32_t(cfg->size - 4));  // sh_size (ELF32)
  expectHas(loadError(t, "pitcairn"), ".AMDGPU.config (44 bytes) does not split");
}

TEST(Gallium, EveryPrefixFailsCleanly) {
  for (const Sample& s : kSamples) expectEveryPrefixFails(file(s.name), s.name, s.processor);
}

TEST(Gallium, RandomMutationsNeverCrash) {
  std::mt19937 rng(54321);
  for (const Sample& s : kSamples) loadMutations(file(s.name), rng, 3000, s.processor);
}

}  // namespace
}  // namespace gcn::codeobj::opencl
