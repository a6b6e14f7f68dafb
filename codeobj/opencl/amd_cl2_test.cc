// AMD OpenCL 2.0 binaries written by clrxasm (testdata/amd_cl2_*.s, each
// with its command): the layouts of drivers before 1912.05, of 1912.05, of
// Crimson 16.3+ and of the GFX9 drivers; 32- and 64-bit. Malformed variants
// are made here by mutating bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "codeobj/opencl/amd_cl2_device.h"
#include "codeobj/opencl/program.h"
#include "codeobj/opencl/test_support.h"

namespace gcn::codeobj::opencl {
namespace {

using namespace cltest;

constexpr const char* kFiles[] = {"amd_cl2_bonaire64_old", "amd_cl2_tonga32_200406",
                                  "amd_cl2_fiji64_191205", "amd_cl2_gfx900_258000"};

void expectArg(const Arg& a, const char* name, ArgKind kind, uint32_t offset, uint32_t size) {
  EXPECT_EQ(a.name, name);
  expectArgLayout(a, kind, offset, size, name);
}

// The six setup arguments AmdCl2Abi.md puts first, each a size_t.
void expectSetupArgs(const Kernel& k, uint32_t word) {
  const char* names[] = {"global_offset_0", "global_offset_1", "global_offset_2",
                         "printf_buffer",   "vqueue_pointer",  "aqlwrap_pointer"};
  ASSERT_GE(k.args.size(), 6u);
  for (uint32_t i = 0; i < 6; ++i) {
    EXPECT_EQ(k.args[i].kind, ArgKind::HIDDEN) << i;
    EXPECT_EQ(k.args[i].hidden, names[i]);
    EXPECT_EQ(k.args[i].offset, i * word);
    EXPECT_EQ(k.args[i].size, word);
  }
}

TEST(AmdCl2, OldDriverLayout) {
  Program p = loadClean("amd_cl2_bonaire64_old");
  EXPECT_EQ(p.format(), Format::AMD_CL2);
  EXPECT_EQ(p.abi(), Abi::AMD_CL2);
  EXPECT_TRUE(p.is64bit());
  EXPECT_EQ(p.device(), "bonaire");
  EXPECT_EQ(p.processor(), "gfx704");
  EXPECT_NE(fact(p.facts(), "driver").find("before 1912.05"), std::string::npos);
  EXPECT_EQ(fact(p.facts(), "compile options"), "-cl-std=CL2.0");
  ASSERT_EQ(p.kernels().size(), 2u);

  const Kernel& k = p.kernels()[0];
  EXPECT_EQ(k.name, "scale");
  // clrxdisasm: c040070c s_load_dwordx2, 7e0202f2 v_mov_b32 v1, 1.0, bf810000.
  EXPECT_EQ(bytesOf(k.code), (std::vector<uint8_t>{0x0c, 0x07, 0x40, 0xc0, 0xf2, 0x02, 0x02, 0x7e,
                                                   0x00, 0x00, 0x81, 0xbf}));
  EXPECT_EQ(fact(k.facts, "stub"), "2656 bytes");
  ASSERT_TRUE(k.has_amd_kernel_code);
  EXPECT_EQ(k.rsrc1.raw, 0xc0040u);
  EXPECT_EQ(k.rsrc2.raw, 0x90u);
  EXPECT_EQ(k.rsrc2.user_sgpr_count, 8u);
  EXPECT_TRUE(k.akc.user_sgprs.private_segment_buffer);
  EXPECT_TRUE(k.akc.user_sgprs.dispatch_ptr);
  EXPECT_TRUE(k.akc.user_sgprs.kernarg_segment_ptr);
  EXPECT_EQ(fact(k.facts, "user SGPRs"),
            "s[0:3] private segment buffer, s[4:5] dispatch packet, s[6:7] kernarg segment");
  EXPECT_EQ(k.reqd_workgroup_size[0], 64u);
  EXPECT_EQ(k.reqd_workgroup_size[1], 1u);

  ASSERT_EQ(k.args.size(), 16u);
  expectSetupArgs(k, 8);
  expectArg(k.args[6], "out", ArgKind::GLOBAL_POINTER, 48, 8);
  expectArg(k.args[7], "in", ArgKind::GLOBAL_POINTER, 56, 8);
  EXPECT_TRUE(k.args[7].is_const);
  EXPECT_EQ(k.args[7].type_name, "float*");
  expectArg(k.args[8], "tmp", ArgKind::LOCAL_POINTER, 64, 8);
  expectArg(k.args[9], "factor", ArgKind::VALUE, 72, 4);
  expectArg(k.args[10], "v", ArgKind::VALUE, 76, 16);
  expectArg(k.args[11], "c", ArgKind::VALUE, 92, 1);
  // Before 1912.05 a 3-element vector is recorded (and passed) as 3.
  expectArg(k.args[12], "d3", ArgKind::VALUE, 96, 24);
  expectArg(k.args[13], "img", ArgKind::IMAGE, 120, 8);
  EXPECT_TRUE(k.args[13].is_const);
  expectArg(k.args[14], "smp", ArgKind::SAMPLER, 128, 8);
  expectArg(k.args[15], "s", ArgKind::STRUCT, 136, 8);
  EXPECT_EQ(k.args[15].type_name, "struct S");

  const Kernel& z = p.kernels()[1];
  EXPECT_EQ(z.name, "zero");
  EXPECT_EQ(bytesOf(z.code),
            (std::vector<uint8_t>{0x80, 0x02, 0x00, 0x7e, 0x00, 0x00, 0x81, 0xbf}));
  EXPECT_EQ(fact(z.facts, "user SGPRs"), "s[0:3] private segment buffer, s[4:5] kernarg segment");
  EXPECT_EQ(z.rsrc2.user_sgpr_count, 6u);
  ASSERT_EQ(z.args.size(), 7u);
  expectArg(z.args[6], "p", ArgKind::GLOBAL_POINTER, 48, 8);
}

TEST(AmdCl2, Crimson16Layout32Bit) {
  Program p = loadClean("amd_cl2_tonga32_200406");
  EXPECT_FALSE(p.is64bit());
  EXPECT_EQ(p.device(), "tonga");
  EXPECT_EQ(p.processor(), "gfx802");
  EXPECT_EQ(fact(p.facts(), "ISA note version"), "8.0.0");
  EXPECT_EQ(bytesOf(p.globalData()),
            (std::vector<uint8_t>{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}));
  ASSERT_EQ(p.kernels().size(), 1u);
  const Kernel& k = p.kernels()[0];
  EXPECT_EQ(k.name, "fill");
  EXPECT_EQ(k.code_address, 0x200u);
  // be800081 s_mov_b32 s0, 1 ... be8200ff <literal> ... bf810000.
  ASSERT_EQ(k.code.size(), 28u);
  EXPECT_EQ(k.code.u32(0), 0xbe800081u);
  EXPECT_EQ(k.code.u32(4), 0x7e040200u);
  EXPECT_EQ(k.code.u32(8), 0xbe8200ffu);
  EXPECT_EQ(k.code.u32(24), 0xbf810000u);
  // The literals at code+0xc and code+0x14 are patched with the data address.
  const std::vector<std::string> relocs = factValues(p.facts(), "relocation");
  ASSERT_EQ(relocs.size(), 2u);
  EXPECT_EQ(relocs[0], "0x20c (.hsatext+0x10c): low 32 bits of .hsadata_readonly_agent+0x4");
  EXPECT_EQ(relocs[1], "0x214 (.hsatext+0x114): high 32 bits of .hsadata_readonly_agent+0x4");

  EXPECT_EQ(k.lds_bytes, 256u);
  EXPECT_EQ(k.scratch_bytes, 64u);
  EXPECT_TRUE(k.akc.user_sgprs.flat_scratch_init);
  EXPECT_FALSE(k.akc.user_sgprs.queue_ptr);
  EXPECT_EQ(k.rsrc2.user_sgpr_count, 10u);
  EXPECT_EQ(fact(k.facts, "vec_type_hint"), "float4");
  EXPECT_EQ(fact(k.facts, "work_group_size_hint"), "8,8,1");

  ASSERT_EQ(k.args.size(), 11u);
  expectSetupArgs(k, 4);
  expectArg(k.args[6], "dst", ArgKind::GLOBAL_POINTER, 24, 4);
  expectArg(k.args[7], "n", ArgKind::VALUE, 28, 2);
  expectArg(k.args[8], "v3", ArgKind::VALUE, 32, 16);  // recorded as 4 elements
  expectArg(k.args[9], "q", ArgKind::QUEUE, 48, 4);
  expectArg(k.args[10], "ev", ArgKind::CLKEVENT, 52, 4);
}

TEST(AmdCl2, Driver191205Layout) {
  Program p = loadClean("amd_cl2_fiji64_191205");
  EXPECT_EQ(p.device(), "fiji");
  EXPECT_EQ(p.processor(), "gfx803");
  EXPECT_NE(fact(p.facts(), "driver").find("1912.05"), std::string::npos);
  ASSERT_EQ(p.kernels().size(), 1u);
  const Kernel& k = p.kernels()[0];
  EXPECT_EQ(bytesOf(k.code), (std::vector<uint8_t>{0x02, 0x00, 0x0a, 0xc0, 0x30, 0x00, 0x00, 0x00,
                                                   0x00, 0x00, 0x81, 0xbf}));
  ASSERT_EQ(k.args.size(), 8u);
  expectArg(k.args[7], "src", ArgKind::CONSTANT_POINTER, 56, 8);
  EXPECT_TRUE(k.args[7].is_const);
}

TEST(AmdCl2, Gfx9GenericAddressing) {
  Program p = loadClean("amd_cl2_gfx900_258000");
  EXPECT_EQ(p.device(), "gfx900");
  EXPECT_EQ(p.processor(), "gfx900");
  EXPECT_NE(fact(p.facts(), "driver").find("'GFX9'"), std::string::npos);
  const Kernel& k = p.kernels().at(0);
  EXPECT_EQ(fact(k.facts, "user SGPRs"),
            "s[0:3] private segment buffer, s[4:5] dispatch packet, s[6:7] queue, "
            "s[8:9] kernarg segment, s[10:11] flat scratch init");
  EXPECT_EQ(k.rsrc2.user_sgpr_count, 12u);
  EXPECT_EQ(k.code.u32(0), 0xc0060004u);  // s_load_dwordx2 s[0:1], s[8:9], 0x30
  EXPECT_EQ(k.code.u32(8), 0xbf810000u);
}

TEST(AmdCl2, CodeOffsetsPointIntoTheFile) {
  for (const char* name : kFiles) {
    Program p = loadClean(name);
    expectCodeInFile(p, name);
    for (const Kernel& k : p.kernels()) EXPECT_EQ(k.image.size(), k.code.size()) << name;
  }
}

TEST(AmdCl2, ProcessorOptionMustAgree) {
  const auto b = file("amd_cl2_bonaire64_old");
  EXPECT_EQ(loadError(b, "gfx704"), "");
  expectHas(loadError(b, "fiji"), "bonaire");
}

TEST(AmdCl2, EveryPrefixFailsCleanly) {
  for (const char* name : kFiles) expectEveryPrefixFails(file(name), name);
}

TEST(AmdCl2, RandomMutationsNeverCrash) {
  std::mt19937 rng(12345);
  for (const char* name : kFiles) loadMutations(file(name), rng, 3000);
}

const char kScaleMetadata[] = "__OpenCL_&__OpenCL_scale_kernel_metadata";

TEST(AmdCl2, MetadataErrorsNameTheField) {
  const auto b = file("amd_cl2_bonaire64_old");
  const uint64_t md = symbolOffset(b, kScaleMetadata);
  auto t = b;
  put64(t, md + 160, 1000);  // argument count
  std::string e = loadError(t);
  expectHas(e, "kernel 'scale': argument count (offset 0xa0) is 1000");
  t = b;
  put64(t, md, 8);  // header size
  expectHas(loadError(t), "kernel 'scale': metadata header size (offset 0x0) is 8");
  t = b;
  put64(t, md + 96, 5000);  // first name length
  expectHas(loadError(t), "kernel 'scale': first name (5000 bytes");
  // The first argument entry follows the header and the two names.
  const uint64_t entry = md + 0xd8 + 0x15 + 1 + 7 + 1;
  t = b;
  put64(t, entry, 80);
  expectHas(loadError(t), "argument 0 entry at offset");
  t = b;
  put64(t, entry + 8, 100000);  // argument name length
  expectHas(loadError(t), "kernel 'scale': argument 0 name (100000 bytes");
}

TEST(AmdCl2, MetadataValuesAreValidated) {
  const auto b = file("amd_cl2_bonaire64_old");
  const uint64_t md = symbolOffset(b, kScaleMetadata);
  auto t = b;
  put64(t, md + 8, 7);  // recorded metadata size
  expectHas(loadError(t), "metadata size field (offset 0x8) is 7");
  EXPECT_EQ(loadError(t, "", false), "");
  const uint64_t entry = md + 0xd8 + 0x15 + 1 + 7 + 1 + 9 * 88;  // 'factor'
  t = b;
  put32(t, entry + 52, 13);  // type code
  expectHas(loadError(t), "argument 9 'factor': type code 13 (kind 4) is no known argument type");
  t = b;
  put32(t, entry + 40, 5);  // vector length
  expectHas(loadError(t), "vector length 5");
}

TEST(AmdCl2, CodeErrorsNameTheKernel) {
  const auto b = file("amd_cl2_bonaire64_old");
  const uint64_t code = symbolOffset(b, "__ISA_&__OpenCL_scale_kernel_binary");
  auto t = b;
  put32(t, code, 0x100000);  // stub size
  expectHas(loadError(t), "kernel 'scale': stub size 1048576");
  t = b;
  put64(t, code + 0xa60 + 16, 16);  // kernel_code_entry_byte_offset
  expectHas(loadError(t), "kernel 'scale': kernel_code_entry_byte_offset 16");

  const auto f = file("amd_cl2_fiji64_191205");
  t = f;
  // The inner symbol's name, not the outer metadata symbol that contains it.
  const std::string sym("\0&__OpenCL_copy_kernel\0", 23);
  auto it = std::search(t.begin(), t.end(), sym.begin(), sym.end());
  ASSERT_NE(it, t.end());
  it[11] = 'C';
  expectHas(loadError(t), "kernel 'copy': no symbol '&__OpenCL_copy_kernel' in the inner binary");
}

TEST(AmdCl2, DeviceCodeMustNameADevice) {
  auto t = file("amd_cl2_bonaire64_old");
  put32(t, 48, 99);  // e_flags
  expectHas(loadError(t), "device code 99 (e_flags) names no device");
  t = file("amd_cl2_tonga32_200406");
  put32(t, 36, 0);
  // The ISA note still says 8.0.0: a warning, the device from the note.
  expectHas(loadError(t), "device code 0 (e_flags) names no device with ISA version 8.0.0");
  const Loaded l = load(t, "", false);
  ASSERT_TRUE(l.ok) << l.err;
  EXPECT_EQ(l.p.processor(), "gfx802");
}

TEST(AmdCl2, MachineMustMatchTheClass) {
  auto t = file("amd_cl2_bonaire64_old");
  put16(t, 18, 0xaf5a);
  // 0xaf5a is the 32-bit number; the sniffer still takes it for AMD OpenCL 2.0.
  expectHas(loadError(t), "e_machine at offset 0x12 is 0xaf5a, expected 0xaf5b");
}

Cl2Device device(uint32_t code, uint32_t first, uint32_t end, int note_stepping = -1,
                 uint32_t note_minor = 0, const char* processor = "") {
  Cl2DeviceEvidence ev;
  ev.eflags = code;
  ev.first_driver = first;
  ev.end_driver = end;
  ev.driver_reason = "test drivers";
  if (note_stepping >= 0) {
    ev.has_isa_note = true;
    ev.isa_major = 8;
    ev.isa_minor = note_minor;
    ev.isa_stepping = uint32_t(note_stepping);
  }
  ev.processor = processor;
  Cl2Device d;
  std::string err;
  EXPECT_TRUE(resolveCl2Device(ev, &d, &err)) << err;
  return d;
}

// The same e_flags code names different devices under different drivers;
// the ISA note and the processor option choose.
TEST(AmdCl2, DeviceCodesDependOnTheDriver) {
  EXPECT_EQ(device(17, 191205, 200406).name, "fiji");
  EXPECT_EQ(device(17, 200406, 223600, 0, 1).name, "stoney");  // ISA 8.1.0
  EXPECT_EQ(device(17, 200406, 223600, 4).name, "ellesmere");  // ISA 8.0.4
  const Cl2Device open = device(13, 223600, UINT32_MAX);
  EXPECT_EQ(open.name, "fiji");
  EXPECT_EQ(open.candidates, "fiji carrizo");
  EXPECT_EQ(device(13, 223600, UINT32_MAX, -1, 0, "gfx801").name, "carrizo");
  EXPECT_EQ(device(13, 223600, UINT32_MAX, 1).name, "carrizo");  // ISA 8.0.1
  EXPECT_EQ(cl2DeviceProcessor("goose"), "gfx803");
  Cl2DeviceEvidence ev;
  ev.eflags = 99;
  ev.driver_reason = "test drivers";
  Cl2Device d;
  std::string err;
  EXPECT_FALSE(resolveCl2Device(ev, &d, &err));
  EXPECT_EQ(err, "device code 99 (e_flags) names no device of test drivers");
}

}  // namespace
}  // namespace gcn::codeobj::opencl
