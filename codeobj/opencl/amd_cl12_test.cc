// AMD OpenCL 1.2 reader on binaries CLRX's clrxasm wrote (testdata/*.s
// say how), on malformed copies of them and on every prefix of one.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "codeobj/elf.h"
#include "codeobj/opencl/amd_metadata.h"
#include "codeobj/opencl/program.h"
#include "codeobj/opencl/test_support.h"

namespace gcn::codeobj::opencl {
namespace {

using namespace cltest;

std::vector<uint32_t> words(ByteView v) {
  std::vector<uint32_t> w;
  for (size_t i = 0; i + 4 <= v.size(); i += 4) w.push_back(v.u32(i));
  return w;
}

// File offset of the first occurrence of `needle`; fails the test if absent.
size_t find(const std::vector<uint8_t>& b, const void* needle, size_t n, size_t from = 0) {
  for (size_t i = from; i + n <= b.size(); ++i)
    if (std::memcmp(b.data() + i, needle, n) == 0) return i;
  ADD_FAILURE() << "pattern not found";
  return 0;
}

size_t findText(const std::vector<uint8_t>& b, const std::string& s) {
  return find(b, s.data(), s.size());
}

// File offset of kernel `name`'s inner ELF.
size_t innerOffset(const std::vector<uint8_t>& b, const std::string& kernel) {
  return size_t(symbolOffset(b, "__OpenCL_" + kernel + "_kernel"));
}

TEST(AmdCl12, PitcairnProgram) {
  const Loaded l = load(file("amd_cl12_pitcairn"));
  ASSERT_TRUE(l.ok) << l.err;
  const Program& p = l.p;
  EXPECT_EQ(p.format(), Format::AMD_CL12);
  EXPECT_EQ(p.abi(), Abi::AMD_CL12);
  EXPECT_FALSE(p.is64bit());
  EXPECT_EQ(p.device(), "pitcairn");
  EXPECT_EQ(p.processor(), "gfx601");
  EXPECT_TRUE(p.warnings().empty()) << p.warnings().front();
  ASSERT_EQ(p.kernels().size(), 2u);
  EXPECT_EQ(p.kernels()[0].name, "vadd");
  EXPECT_EQ(p.kernels()[1].name, "nop");
  const ByteView g = p.globalData();
  ASSERT_EQ(g.size(), 17u);
  EXPECT_EQ(g.u32(0), 1u);
  EXPECT_EQ(g.u32(12), 4u);
  EXPECT_EQ(g.u8(16), 0x55);
  EXPECT_EQ(fact(p.facts(), "compile options"), "-O2 -cl-std=CL1.2");
  EXPECT_EQ(fact(p.facts(), "driver version"), "1912.5");
  EXPECT_EQ(fact(p.facts(), "e_machine"), "0x3fe (pitcairn)");
}

TEST(AmdCl12, PitcairnKernelSetup) {
  const Loaded l = load(file("amd_cl12_pitcairn"));
  ASSERT_TRUE(l.ok) << l.err;
  const Kernel& k = l.p.kernels()[0];
  // clrxdisasm: c2000904 bf8c007f 7e020200 bf810000
  EXPECT_EQ(words(k.code), (std::vector<uint32_t>{0xc2000904, 0xbf8c007f, 0x7e020200, 0xbf810000}));
  EXPECT_EQ(k.code.data(), l.p.bytes().data() + k.code_offset);
  EXPECT_EQ(k.code_address, 0u);
  EXPECT_EQ(k.rsrc2.raw, 0x0040099du);
  EXPECT_EQ(k.rsrc2.user_sgpr_count, 14u);
  EXPECT_TRUE(k.rsrc2.enable_sgpr_private_segment_wave_byte_offset);
  EXPECT_TRUE(k.rsrc2.enable_sgpr_workgroup_id_x);
  EXPECT_TRUE(k.rsrc2.enable_sgpr_workgroup_id_y);
  EXPECT_FALSE(k.rsrc2.enable_sgpr_workgroup_id_z);
  EXPECT_EQ(k.rsrc2.enable_vgpr_workitem_id, 1u);
  EXPECT_EQ(k.rsrc2.granulated_lds_size, 128u);  // a local pointer: all 32 KiB
  EXPECT_EQ(k.sgprs, 17u);
  EXPECT_EQ(k.vgprs, 2u);
  EXPECT_EQ(k.rsrc1.granulated_workitem_vgpr_count, 0u);
  EXPECT_EQ(k.rsrc1.granulated_wavefront_sgpr_count, 2u);  // 17 + VCC in blocks of 8
  EXPECT_EQ(k.rsrc1.float_denorm_mode_16_64, 3u);          // float mode 0xc0
  EXPECT_EQ(k.lds_bytes, 256u);
  EXPECT_EQ(k.scratch_bytes, 64u);
  EXPECT_EQ(k.reqd_workgroup_size[0], 64u);
  EXPECT_EQ(k.reqd_workgroup_size[1], 1u);
  EXPECT_EQ(k.reqd_workgroup_size[2], 1u);
  EXPECT_EQ(k.uav_id, 11u);
  EXPECT_EQ(k.cb_id, 10u);
  EXPECT_EQ(k.printf_id, 9u);
  EXPECT_EQ(k.private_id, 8u);
  ASSERT_EQ(k.user_data.size(), 4u);
  const uint32_t want[4][4] = {{23, 0, 2, 2}, {2, 0, 4, 4}, {2, 1, 8, 4}, {17, 0, 12, 2}};
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(k.user_data[i].data_class, want[i][0]);
    EXPECT_EQ(k.user_data[i].api_slot, want[i][1]);
    EXPECT_EQ(k.user_data[i].reg_start, want[i][2]);
    EXPECT_EQ(k.user_data[i].reg_size, want[i][3]);
  }
  EXPECT_EQ(fact(k.facts, "ATI_UAV"),
            "uav 12 (f1 4, f2 0, type 5); uav 13 (f1 4, f2 0, type 5); uav 0 (f1 2, f2 2, type 5)");
  EXPECT_EQ(fact(k.facts, "ATI_CONSTANT_BUFFERS"),
            "cb 0 size/16 0; cb 1 size/16 0; cb 14 size/16 0");
  EXPECT_EQ(fact(k.facts, "ATI_SCRATCH_BUFFERS"), "16 dwords");
  EXPECT_EQ(fact(k.facts, "proginfo uav mask"), "uav ids 0 10 12 13 14");
  EXPECT_EQ(fact(k.facts, "user data 3"), "PTR_RESOURCE_TABLE api slot 0 s[12:13]");
  EXPECT_EQ(fact(k.facts, "kernel header"), "0x40 0x0 0x40 0x100 0x0 0x1 0x0 0x0");
}

TEST(AmdCl12, PitcairnArguments) {
  const Loaded l = load(file("amd_cl12_pitcairn"));
  ASSERT_TRUE(l.ok) << l.err;
  struct Want {
    const char* name;
    const char* type;
    ArgKind kind;
    uint32_t size, offset, res;
    bool is_const;
  } want[] = {
      {"out", "float*", ArgKind::GLOBAL_POINTER, 4, 0, 12, false},
      {"in", "float*", ArgKind::GLOBAL_POINTER, 4, 16, 13, true},
      {"tbl", "int*", ArgKind::CONSTANT_POINTER, 4, 32, 14, true},
      {"tmp", "float*", ArgKind::LOCAL_POINTER, 4, 48, 0, false},
      {"n", "uint", ArgKind::VALUE, 4, 64, 0, false},
      {"scale", "float4", ArgKind::VALUE, 16, 80, 0, false},
      {"s", "struct S", ArgKind::STRUCT, 24, 96, 0, false},
      {"img", "image2d_t", ArgKind::IMAGE, 32, 128, 0, true},
      {"wimg", "image2d_t", ArgKind::IMAGE, 32, 160, 0, false},
      {"smp", "sampler_t", ArgKind::SAMPLER, 4, 192, 0, false},
      {"cnt", "counter32_t", ArgKind::COUNTER, 4, 208, 0, false},
  };
  const std::vector<Arg>& args = l.p.kernels()[0].args;
  ASSERT_EQ(args.size(), std::size(want));
  for (size_t i = 0; i < args.size(); ++i) {
    SCOPED_TRACE(want[i].name);
    EXPECT_EQ(args[i].name, want[i].name);
    EXPECT_EQ(args[i].type_name, want[i].type);
    EXPECT_EQ(args[i].kind, want[i].kind);
    EXPECT_EQ(args[i].size, want[i].size);
    EXPECT_EQ(args[i].offset, want[i].offset);
    EXPECT_EQ(args[i].align, 16u);
    EXPECT_EQ(args[i].resource_id, want[i].res);
    EXPECT_EQ(args[i].is_const, want[i].is_const);
  }
  const Kernel& nop = l.p.kernels()[1];
  EXPECT_EQ(words(nop.code), (std::vector<uint32_t>{0xbf800000, 0xbf810000}));
  ASSERT_EQ(nop.args.size(), 1u);
  EXPECT_EQ(nop.args[0].resource_id, 12u);
}

TEST(AmdCl12, Tonga64) {
  const Loaded l = load(file("amd_cl12_tonga64"));
  ASSERT_TRUE(l.ok) << l.err;
  EXPECT_TRUE(l.p.is64bit());
  EXPECT_EQ(l.p.device(), "tonga");
  EXPECT_EQ(l.p.processor(), "gfx802");
  ASSERT_EQ(l.p.kernels().size(), 1u);
  const Kernel& k = l.p.kernels()[0];
  EXPECT_EQ(k.name, "copy");
  // clrxdisasm: c00a0301 00000060 bf8c007f 32020000 bf810000
  EXPECT_EQ(words(k.code),
            (std::vector<uint32_t>{0xc00a0301, 0x60, 0xbf8c007f, 0x32020000, 0xbf810000}));
  EXPECT_EQ(k.rsrc2.raw, 0x00010098u);
  EXPECT_EQ(k.rsrc2.granulated_lds_size, 2u);  // 1024 bytes in 512-byte blocks
  EXPECT_EQ(k.lds_bytes, 1024u);
  ASSERT_EQ(k.args.size(), 4u);
  EXPECT_EQ(k.args[0].size, 8u);  // 64-bit global pointers
  EXPECT_EQ(k.args[1].size, 8u);
  EXPECT_TRUE(k.args[1].is_const);
  EXPECT_EQ(k.args[2].size, 8u);
  EXPECT_EQ(k.args[3].type_name, "uchar4");
  EXPECT_EQ(k.args[3].size, 16u);  // each 8-bit element in a dword of its own
  EXPECT_EQ(k.args[3].offset, 48u);
  EXPECT_EQ(fact(k.facts, "arg 3 'c'"), "u8 x4: each element widened to a dword");
}

TEST(AmdCl12, OldDriverLayout) {
  const Loaded l = load(file("amd_cl12_old_driver"));
  ASSERT_TRUE(l.ok) << l.err;
  EXPECT_EQ(l.p.device(), "capeverde");
  EXPECT_EQ(l.p.processor(), "gfx601");
  ASSERT_EQ(l.p.kernels().size(), 2u);
  const Kernel& k = l.p.kernels()[0];
  EXPECT_EQ(k.user_data.size(), 3u);  // of 16 written
  EXPECT_EQ(k.uav_id, 9u);
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[0].resource_id, 10u);
  EXPECT_EQ(k.args[1].kind, ArgKind::CONSTANT_POINTER);
  EXPECT_EQ(k.args[1].resource_id, 2u);
  EXPECT_EQ(fact(k.facts, "arg 1 'k'"), "constant buffer 2, not a UAV");
  EXPECT_EQ(k.args[2].offset, 32u);
  EXPECT_EQ(fact(k.facts, "ATI_CONSTANT_BUFFERS"),
            "cb 2 size/16 4096; cb 1 size/16 3; cb 0 size/16 15");
  const Kernel& bare = l.p.kernels()[1];
  EXPECT_TRUE(bare.user_data.empty());
  EXPECT_EQ(bare.rsrc2.user_sgpr_count, 2u);
  EXPECT_TRUE(bare.args.empty());
}

// ---- the metadata string alone ---------------------------------------------

struct Parsed {
  AmdMetadata md;
  std::vector<Arg> args;
  std::vector<std::string> problems;
  bool ok = false;
  std::string err;
};

Parsed parse(const std::string& text, bool is64 = false) {
  Parsed p;
  p.ok = parseAmdMetadata(text, &p.md, &p.problems, &p.err);
  if (p.ok) buildAmdArgs(p.md, is64, &p.args, &p.problems);
  return p;
}

TEST(AmdMetadata, OlderPointerLinesAndConstantBuffers) {
  // APP SDK 2.5 (9 fields) and 2.6 (10 fields) pointer lines; an "hc"
  // constant pointer names a constant buffer.
  const Parsed p = parse(
      ";ARGSTART:__OpenCL_k_kernel\n"
      ";pointer:a:float:1:1:0:uav:10:4\n"
      ";pointer:b:i32:1:1:16:hc:3:4:RO\n"
      ";value:x:i16:2:1:32\n"
      ";value:d:double:3:1:48\n"
      ";memory:hwlocal:64\n"
      ";sampler:unknown_17:0:1:17\n"
      ";ARGEND:__OpenCL_k_kernel\n",
      true);
  ASSERT_TRUE(p.ok) << p.err;
  EXPECT_TRUE(p.problems.empty()) << p.problems.front();
  ASSERT_EQ(p.args.size(), 4u);
  EXPECT_EQ(p.args[0].kind, ArgKind::GLOBAL_POINTER);
  EXPECT_EQ(p.args[0].size, 8u);
  EXPECT_EQ(p.args[0].type_name, "float*");
  EXPECT_FALSE(p.args[0].is_const);
  EXPECT_EQ(p.args[1].kind, ArgKind::CONSTANT_POINTER);
  EXPECT_EQ(p.args[1].resource_id, 3u);
  EXPECT_TRUE(p.args[1].is_const);
  EXPECT_EQ(p.args[2].size, 8u);   // two 16-bit elements, a dword each
  EXPECT_EQ(p.args[3].size, 24u);  // double3
  EXPECT_EQ(p.md.hwlocal, 64u);
  ASSERT_EQ(p.md.samplers.size(), 1u);
  EXPECT_EQ(p.md.samplers[0].value, 17u);
  EXPECT_EQ(p.md.argstart, "__OpenCL_k_kernel");
}

TEST(AmdMetadata, Disagreements) {
  const Parsed p = parse(
      ";value:x:u32:1:1:0\n"
      ";value:x:u32:1:2:8\n"
      ";pointer:q:u8:1:1:16:uav:12:1:RW:2:0\n"
      ";constarg:0:y\n"
      ";reflection:7:uint\n"
      "garbage\n");
  ASSERT_TRUE(p.ok) << p.err;
  const std::string all = [&] {
    std::string s;
    for (const std::string& q : p.problems) s += q + "\n";
    return s;
  }();
  expectHas(all, "line 2 ';value:x:u32:1:2:8': the slot is in constant buffer '2', not 1");
  expectHas(all, "volatile flag '2' is not 0 or 1");
  expectHas(all, "argument 0 is not 'y'");
  expectHas(all, "argument 7 does not exist");
  expectHas(all, "line 6 'garbage': does not start with ';'");
  expectHas(all, "argument name 'x' is used by argument 0 too");
  expectHas(all, "at offset 8 is not in a 16-byte slot");
  expectHas(all, "[8, 24) overlaps argument 0 'x' [0, 16)");
}

TEST(AmdMetadata, UnreadableLines) {
  const char* bad[][2] = {
      {";pointer:a:float:1:1:0:uav\n", "has 7 fields, expected 9"},
      {";pointer:a:float:1:1:0:gds:1:4\n", "pointer space 'gds'"},
      {";value:v:u32:5:1:0\n", "vector size 5 is not 1-4, 8 or 16"},
      {";image:i:4D:RO:0:1:0\n", "image type '4D'"},
      {";counter:c:16:0:1:0\n", "counter width 16"},
      {";cws:64:1\n", "has 3 fields, expected 4"},
      {";memory:hwlocal:-1\n", "hwlocal '-1' is not a decimal number"},
      {";value:v:u32:1:1:99999999999\n", "offset '99999999999' is not a decimal number"},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b[0]);
    const Parsed p = parse(b[0]);
    ASSERT_FALSE(p.ok);
    expectHas(p.err, "metadata line 1 '");
    expectHas(p.err, b[1]);
  }
}

// ---- malformed copies ------------------------------------------------------

TEST(AmdCl12Malformed, TruncatedInnerElf) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const Symbol s = symbol(parseElf(b), "__OpenCL_vadd_kernel");
  put32(b, s.entry_offset + 8, 0x100);  // st_size: the inner ELF's headers only
  const std::string e = loadError(b);
  expectHas(e, "kernel vadd: inner ELF at .text+0x0");
  expectHas(e, "past the end");
}

TEST(AmdCl12Malformed, InnerElfOutsideText) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const Symbol s = symbol(parseElf(b), "__OpenCL_nop_kernel");
  put32(b, s.entry_offset + 4, 0x10000);  // st_value
  const std::string e = loadError(b);
  expectHas(e, "kernel nop: symbol '__OpenCL_nop_kernel'");
  expectHas(e, "is not inside section '.text'");
}

TEST(AmdCl12Malformed, NoteSizePastSegment) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const size_t inner = innerOffset(b, "vadd");
  // The first note (ATI_INPUTS) sits where the CAL encoding starts, 0x1c0.
  put32(b, inner + 0x1c0 + 4, 0x1000);
  const std::string e = loadError(b);
  expectHas(e, "kernel vadd: inner ELF at .text+0x0");
  expectHas(e, "CAL note 0 at offset 0x1c0: size 0x1000 runs past the note segment");
}

TEST(AmdCl12Malformed, NoteOwner) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const size_t inner = innerOffset(b, "nop");
  b[inner + 0x1c0 + 12] = 'X';  // "ATI CAL" -> "XTI CAL"
  const std::string e = loadError(b);
  expectHas(e, "kernel nop: inner ELF");
  expectHas(e, "owner is not \"ATI CAL\"");
}

TEST(AmdCl12Malformed, EncodingDictionaryMissing) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const size_t inner = innerOffset(b, "vadd");
  put32(b, inner + 0x34, 6);  // program header 0: PT_PHDR instead of the dictionary
  expectHas(loadError(b), "expected the CAL encoding dictionary");
}

TEST(AmdCl12Malformed, UserDataOutOfRange) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  // vadd's element 3 (PTR_RESOURCE_TABLE, s[12:13]) moved to s[15:16].
  const uint8_t start3[] = {0x0f, 0x10, 0x00, 0x80};  // address 0x8000100f
  const size_t at = find(b, start3, 4, innerOffset(b, "vadd"));
  put32(b, at + 4, 15);
  expectHas(loadError(b), "kernel vadd: user data 3 (s[15:16]) runs past s15");
  const Loaded lenient = load(b, "", false);
  ASSERT_TRUE(lenient.ok) << lenient.err;
  ASSERT_FALSE(lenient.p.warnings().empty());
  EXPECT_EQ(lenient.p.kernels()[0].user_data[3].reg_start, 15u);
}

TEST(AmdCl12Malformed, UserDataBeyondRsrc2) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  // nop's COMPUTE_PGM_RSRC2 0x90 -> 0x84: 2 user SGPRs, but its elements use s2-s7.
  const uint8_t rsrc2[] = {0x13, 0x2e, 0x00, 0x00, 0x90, 0x00, 0x00, 0x00};
  const size_t at = find(b, rsrc2, 8, innerOffset(b, "nop"));
  put32(b, at + 4, 0x84);
  expectHas(loadError(b), "kernel nop: user data 0 (s[2:3]) runs past the 2 user SGPRs");
}

TEST(AmdCl12Malformed, UnknownNoteType) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  put32(b, innerOffset(b, "nop") + 0x1c0 + 8, 99);
  expectHas(loadError(b), "has unknown type 99");
  const Loaded lenient = load(b, "", false);
  ASSERT_TRUE(lenient.ok) << lenient.err;
  EXPECT_EQ(fact(lenient.p.kernels()[1].facts, "CAL note type 99"), "(empty)");
}

TEST(AmdCl12Malformed, BadMetadataType) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  b[findText(b, ";value:n:u32:") + 11] = '3';  // u32 -> u33
  const std::string e = loadError(b);
  expectHas(e, "kernel vadd: metadata at file offset");
  expectHas(e, "metadata line 14 ';value:n:u33:1:1:64': unknown value type 'u33'");
}

TEST(AmdCl12Malformed, BadMetadataNumber) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  b[findText(b, ";pointer:out:float:1:1:0:uav:12") + 30] = 'x';  // resource id 12 -> 1x
  expectHas(loadError(b), "resource id '1x' is not a decimal number");
}

TEST(AmdCl12Malformed, MetadataLineWithoutSemicolon) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  b[findText(b, ";function:1:1025")] = '#';
  const std::string e = loadError(b);
  expectHas(e, "kernel nop: metadata");
  expectHas(e, "does not start with ';'");
  EXPECT_TRUE(load(b, "", false).ok);
}

TEST(AmdCl12Malformed, MetadataDisagreesWithElfClass) {
  std::vector<uint8_t> b = file("amd_cl12_tonga64");
  const size_t at = findText(b, ";memory:64bitABI");
  b[at + 8] = 'X';  // an unknown memory line now
  expectHas(loadError(b), "metadata lacks ;memory:64bitABI but the ELF is 64-bit");
}

TEST(AmdCl12Malformed, UnknownMachine) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  b[18] = 0x10;  // e_machine 0x3fe -> 0x310: not one of the format's devices
  b[19] = 0x04;  // 0x410: inside the range sniffing accepts, no device
  expectHas(loadError(b), "e_machine at offset 0x12 is 0x410");
}

TEST(AmdCl12Malformed, EncodingForAnotherDevice) {
  std::vector<uint8_t> b = file("amd_cl12_pitcairn");
  const size_t inner = innerOffset(b, "nop");
  put32(b, inner + 0x94, 0x1a);  // the dictionary entry's machine: tahiti
  expectHas(loadError(b), "kernel nop: no CAL encoding is for pitcairn");
}

// ---- robustness -------------------------------------------------------------

// The section header table comes last: no shorter prefix is a binary.
TEST(AmdCl12Robust, EveryPrefix) {
  expectEveryPrefixFails(file("amd_cl12_tonga64"), "amd_cl12_tonga64");
}

TEST(AmdCl12Robust, ByteFlips) {
  std::mt19937 rng(12345);
  loadMutations(file("amd_cl12_pitcairn"), rng, 4000);
}

}  // namespace
}  // namespace gcn::codeobj::opencl
