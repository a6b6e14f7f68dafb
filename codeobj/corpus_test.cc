// Every checked-in code object loads strictly, and what codeobj decodes
// agrees with independent sources: llvm-readelf-16 / llvm-objdump-16 output
// generated once (corpus/kernels/golden, see regen.sh) and the argument
// layout that follows from the OpenCL signatures.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "codeobj/code_object.h"
#include "codeobj/metadata_node.h"
#include "codeobj/test_util.h"
#include "corpus/kernels/reference.h"

namespace gcn::codeobj {
namespace {

using testing::corpusFiles;
using testing::readText;
using testing::stem;

TEST(Corpus, HasEveryKernelForTheIssueTargets) {
  auto files = corpusFiles();
  // 28 sources x {gfx803, gfx900} + 2 gfx906 + 5 other code object versions.
  EXPECT_GE(files.size(), 63u);
  std::map<std::string, int> per_cpu;
  for (auto& f : files) per_cpu[stem(f).substr(stem(f).rfind('.') + 1)]++;
  EXPECT_GE(per_cpu["gfx803"], 28);
  EXPECT_GE(per_cpu["gfx900"], 28);
  EXPECT_GE(per_cpu["gfx906"], 2);
}

TEST(Corpus, LoadsStrictlyWithTheTargetInItsName) {
  for (const std::string& path : corpusFiles()) {
    SCOPED_TRACE(path);
    CodeObject co;
    std::string err;
    ASSERT_TRUE(co.loadFile(path, &err)) << err;
    std::string s = stem(path);
    EXPECT_EQ(co.target().processor, s.substr(s.rfind('.') + 1));
    int version = 4;
    for (int v : {2, 3, 5})
      if (s.find(".v" + std::to_string(v) + ".") != std::string::npos) version = v;
    EXPECT_EQ(co.target().code_object_version, version);
    EXPECT_EQ(co.metadata().format,
              version == 2 ? Metadata::Format::YAML : Metadata::Format::MSGPACK);
    ASSERT_FALSE(co.kernels().empty());
    for (const KernelInfo& k : co.kernels()) {
      SCOPED_TRACE(k.name);
      EXPECT_EQ(k.has_kernel_descriptor, version >= 3);
      EXPECT_EQ(k.has_amd_kernel_code, version == 2);
      const Section* text = co.elf().findSection(".text");
      ASSERT_NE(text, nullptr);
      EXPECT_GE(k.entry_vaddr, text->addr);
      EXPECT_LT(k.entry_vaddr, text->addr + text->size);
      EXPECT_EQ(k.entry_vaddr % 256, 0u);
      EXPECT_GE(k.code.size(), 4u);
      EXPECT_EQ(k.code.size() % 4, 0u);
      // The last instruction clang emits for a kernel is s_endpgm (0xbf810000).
      uint32_t last = k.code.u32(k.code.size() - 4);
      EXPECT_EQ(last, 0xbf810000u);
      EXPECT_EQ(k.meta->wavefront_size, 64u);
    }
    EXPECT_TRUE(co.warnings().empty());
  }
}

// The explicit arguments follow from the kernel signature: each at the next
// offset aligned to its size; no hidden arguments (the kernels use the
// dispatch packet, not implicit arguments), so the segment ends with the last.
TEST(Corpus, KernargLayoutFollowsTheOpenClSignature) {
  for (const kernels::KernelCase& c : kernels::kernelCases()) {
    for (const std::string& cpu : c.required_variants) {
      std::string path = testing::corpusDir() + "/" + c.source + "." + cpu + ".co";
      SCOPED_TRACE(path + " " + c.kernel);
      CodeObject co;
      std::string err;
      ASSERT_TRUE(co.loadFile(path, &err)) << err;
      const KernelInfo* k = co.findKernel(c.kernel);
      ASSERT_NE(k, nullptr);
      ASSERT_EQ(k->meta->args.size(), c.args.size());
      uint64_t off = 0, align = 1;
      for (size_t i = 0; i < c.args.size(); ++i) {
        const KernelArg& a = k->meta->args[i];
        uint64_t size = 4;
        std::string kind = "by_value";
        switch (c.args[i].kind) {
          case kernels::Arg::Kind::BUFFER: size = 8; kind = "global_buffer"; break;
          case kernels::Arg::Kind::LOCAL: size = 4; kind = "dynamic_shared_pointer"; break;
          case kernels::Arg::Kind::U64:
          case kernels::Arg::Kind::I64:
          case kernels::Arg::Kind::F64: size = 8; break;
          default: break;
        }
        off = (off + size - 1) / size * size;
        align = std::max(align, size);
        EXPECT_EQ(a.value_kind, kind) << "arg " << i;
        EXPECT_EQ(a.size, size) << "arg " << i;
        EXPECT_EQ(a.offset, off) << "arg " << i;
        if (kind == "global_buffer") {
          EXPECT_EQ(a.address_space, "global");
        }
        off += size;
      }
      EXPECT_EQ(k->meta->kernarg_segment_size, off);
      EXPECT_EQ(k->kernargSize(), off);
      EXPECT_EQ(k->meta->kernarg_segment_align, align);
    }
  }
}

// LDS and scratch sizes from the sources: __local arrays and the private
// array of private_array.cl (96 ints + spill, so more than 384 bytes).
TEST(Corpus, SegmentSizesFollowTheSources) {
  std::map<std::string, uint32_t> lds = {{"lds_reduce", 1024}, {"lds_scan", 1024},
                                         {"lds_transpose", 16 * 17 * 4}, {"lds_atomics", 128},
                                         {"vadd_i32", 0}, {"lds_dynamic", 0}};
  for (auto& [name, bytes] : lds) {
    for (const char* cpu : {"gfx803", "gfx900"}) {
      CodeObject co;
      std::string err;
      ASSERT_TRUE(co.loadFile(testing::corpusDir() + "/" + name + "." + cpu + ".co", &err)) << err;
      EXPECT_EQ(co.kernels()[0].groupSegmentSize(), bytes) << name << " " << cpu;
    }
  }
  CodeObject co;
  std::string err;
  ASSERT_TRUE(co.loadFile(testing::corpusDir() + "/private_array.gfx900.co", &err)) << err;
  const KernelInfo& k = co.kernels()[0];
  EXPECT_GE(k.privateSegmentSize(), 384u);
  EXPECT_TRUE(k.rsrc2().enable_sgpr_private_segment_wave_byte_offset);
  EXPECT_TRUE(k.kd.user_sgprs.private_segment_buffer);
  // 2D/3D kernels enable the Y/Z work-group ids and work-item ids.
  ASSERT_TRUE(co.loadFile(testing::corpusDir() + "/grid3d.gfx900.co", &err)) << err;
  EXPECT_TRUE(co.kernels()[0].rsrc2().enable_sgpr_workgroup_id_z);
  EXPECT_EQ(co.kernels()[0].rsrc2().enable_vgpr_workitem_id, 2u);
  ASSERT_TRUE(co.loadFile(testing::corpusDir() + "/lds_transpose.gfx900.co", &err)) << err;
  EXPECT_EQ(co.kernels()[0].rsrc2().enable_vgpr_workitem_id, 1u);
  EXPECT_EQ(co.kernels()[0].meta->reqd_workgroup_size, (std::vector<uint64_t>{16, 16, 1}));
}

// --- llvm-readelf-16 golden data ----------------------------------------------

std::vector<std::string> words(const std::string& line) {
  std::istringstream ss(line);
  std::vector<std::string> w;
  for (std::string x; ss >> x;) w.push_back(x);
  return w;
}

uint64_t hexv(const std::string& s) { return std::stoull(s, nullptr, 16); }

// The YAML text llvm-readelf prints for the metadata note.
std::string metadataYaml(const std::string& golden) {
  std::istringstream in(golden);
  std::string line, out;
  bool on = false;
  while (std::getline(in, line)) {
    if (line.find("AMDGPU Metadata:") != std::string::npos ||
        line.find("AMD HSA Metadata:") != std::string::npos) {
      on = true;
      continue;
    }
    if (!on) continue;
    if (line.find_first_not_of(' ') != std::string::npos &&
        line.substr(line.find_first_not_of(' ')) == "---")
      continue;
    out += line + "\n";
    if (line == "...") break;
  }
  return out;
}

uint64_t yamlUint(const Node* n) {
  EXPECT_NE(n, nullptr);
  return n ? std::stoull(n->s) : ~0ull;
}

TEST(Golden, SectionsSymbolsAndMetadataMatchLlvmReadelf) {
  size_t files = 0;
  for (const std::string& path : corpusFiles()) {
    SCOPED_TRACE(path);
    std::string golden = readText(testing::corpusDir() + "/golden/" + stem(path) + ".readelf");
    ASSERT_FALSE(golden.empty());
    CodeObject co;
    std::string err;
    ASSERT_TRUE(co.loadFile(path, &err)) << err;
    ++files;
    std::istringstream in(golden);
    std::string line;
    size_t sections = 0, symbols = 0;
    while (std::getline(in, line)) {
      auto w = words(line);
      if (line.rfind("  Flags:", 0) == 0) {
        EXPECT_EQ(hexv(w[1]), co.elf().header().flags);
      }
      if (line.rfind("  ABI Version:", 0) == 0) {
        EXPECT_EQ(std::stoul(w[2]), co.elf().header().abi_version);
      }
      if (line.rfind("  [", 0) == 0 && w.size() >= 7 && w[0] != "[Nr]") {
        size_t idx = std::stoul(line.substr(3, line.find(']') - 3));
        ASSERT_LT(idx, co.elf().sections().size());
        const Section& s = co.elf().sections()[idx];
        auto c = words(line.substr(line.find(']') + 1));
        size_t b = idx == 0 ? 0 : 1;  // section 0 has no name column
        ASSERT_GE(c.size(), b + 4) << line;
        if (idx) {
          EXPECT_EQ(c[0], s.name);
        }
        EXPECT_EQ(c[b], std::string(sectionTypeName(s.type)));
        EXPECT_EQ(hexv(c[b + 1]), s.addr);
        EXPECT_EQ(hexv(c[b + 2]), s.offset);
        EXPECT_EQ(hexv(c[b + 3]), s.size);
        ++sections;
      }
      // "     2: 0000000000001600   116 FUNC    GLOBAL PROTECTED   7 add"
      if (w.size() == 8 && w[0].back() == ':' && w[1].size() == 16 && w[0] != "0:") {
        bool found = false;
        for (const Symbol& s : co.elf().symbols())
          if (s.name == w[7] && s.value == hexv(w[1]) && s.size == std::stoull(w[2]) &&
              w[3] == std::string(symbolTypeName(s.type)))
            found = true;
        EXPECT_TRUE(found) << line;
        ++symbols;
      }
    }
    EXPECT_EQ(sections, co.elf().sections().size());
    EXPECT_GE(symbols, 2 * co.kernels().size());

    // Metadata: LLVM's YAML rendering, read as a plain tree.
    std::string yaml = metadataYaml(golden);
    Node root;
    ASSERT_TRUE(yamlToNode(yaml.data(), yaml.size(), &root, &err)) << err << "\n" << yaml;
    bool v2 = co.target().code_object_version == 2;
    const Node* ks = root.get(v2 ? "Kernels" : "amdhsa.kernels");
    ASSERT_NE(ks, nullptr);
    ASSERT_EQ(ks->seq.size(), co.metadata().kernels.size());
    for (size_t i = 0; i < ks->seq.size(); ++i) {
      const Node& y = ks->seq[i];
      const KernelMeta& m = co.metadata().kernels[i];
      const Node* props = v2 ? y.get("CodeProps") : &y;
      ASSERT_NE(props, nullptr);
      auto key = [&](const char* v3, const char* v2k) { return props->get(v2 ? v2k : v3); };
      EXPECT_EQ(yamlUint(key(".kernarg_segment_size", "KernargSegmentSize")), m.kernarg_segment_size);
      EXPECT_EQ(yamlUint(key(".group_segment_fixed_size", "GroupSegmentFixedSize")),
                m.group_segment_fixed_size);
      EXPECT_EQ(yamlUint(key(".private_segment_fixed_size", "PrivateSegmentFixedSize")),
                m.private_segment_fixed_size);
      EXPECT_EQ(yamlUint(key(".sgpr_count", "NumSGPRs")), m.sgpr_count);
      EXPECT_EQ(yamlUint(key(".vgpr_count", "NumVGPRs")), m.vgpr_count);
      EXPECT_EQ(yamlUint(key(".wavefront_size", "WavefrontSize")), m.wavefront_size);
      EXPECT_EQ(yamlUint(key(".max_flat_workgroup_size", "MaxFlatWorkGroupSize")),
                m.max_flat_workgroup_size);
      const Node* args = y.get(v2 ? "Args" : ".args");
      ASSERT_EQ(args ? args->seq.size() : 0, m.args.size());
      for (size_t a = 0; a < m.args.size(); ++a) {
        const Node& ya = args->seq[a];
        EXPECT_EQ(yamlUint(ya.get(v2 ? "Size" : ".size")), m.args[a].size);
        if (!v2) {
          EXPECT_EQ(yamlUint(ya.get(".offset")), m.args[a].offset);
          EXPECT_EQ(ya.get(".value_kind")->s, m.args[a].value_kind);
        }
      }
    }
  }
  EXPECT_GE(files, 63u);
}

// llvm-objdump-16's decoding of each kernel descriptor (.amdhsa_* directives).
TEST(Golden, KernelDescriptorsMatchLlvmObjdump) {
  size_t checked = 0;
  for (const std::string& path : corpusFiles()) {
    if (path.find(".v2.") != std::string::npos) continue;
    SCOPED_TRACE(path);
    CodeObject co;
    std::string err;
    ASSERT_TRUE(co.loadFile(path, &err)) << err;
    std::istringstream in(readText(testing::corpusDir() + "/golden/" + stem(path) + ".kd"));
    const KernelInfo* k = nullptr;
    for (std::string line; std::getline(in, line);) {
      auto w = words(line);
      if (w.empty()) continue;
      if (w[0] == ".amdhsa_kernel") {
        k = co.findKernel(w[1]);
        ASSERT_NE(k, nullptr) << w[1];
        ++checked;
        continue;
      }
      if (w[0] == ".end_amdhsa_kernel" || !k) continue;
      ASSERT_EQ(w.size(), 2u) << line;
      std::string key = w[0].substr(std::string(".amdhsa_").size());
      uint64_t v = std::stoull(w[1]);
      const KernelDescriptor& d = k->kd;
      const PgmRsrc1& r1 = d.rsrc1;
      const PgmRsrc2& r2 = d.rsrc2;
      std::map<std::string, uint64_t> ours = {
          {"group_segment_fixed_size", d.group_segment_fixed_size},
          {"private_segment_fixed_size", d.private_segment_fixed_size},
          {"kernarg_size", d.kernarg_size},
          {"next_free_vgpr", allocatedVgprs(r1, co.isaTarget().gen)},
          // objdump reconstructs (granulated + 1) * 8 on GFX8 and GFX9 alike.
          {"next_free_sgpr", allocatedSgprs(r1, co.isaTarget().gen)},
          {"reserve_vcc", 0}, {"reserve_flat_scratch", 0}, {"reserve_xnack_mask", 0},
          {"float_round_mode_32", r1.float_round_mode_32},
          {"float_round_mode_16_64", r1.float_round_mode_16_64},
          {"float_denorm_mode_32", r1.float_denorm_mode_32},
          {"float_denorm_mode_16_64", r1.float_denorm_mode_16_64},
          {"dx10_clamp", r1.enable_dx10_clamp},
          {"ieee_mode", r1.enable_ieee_mode},
          {"fp16_overflow", r1.fp16_ovfl},
          {"system_sgpr_private_segment_wavefront_offset",
           r2.enable_sgpr_private_segment_wave_byte_offset},
          {"system_sgpr_workgroup_id_x", r2.enable_sgpr_workgroup_id_x},
          {"system_sgpr_workgroup_id_y", r2.enable_sgpr_workgroup_id_y},
          {"system_sgpr_workgroup_id_z", r2.enable_sgpr_workgroup_id_z},
          {"system_sgpr_workgroup_info", r2.enable_sgpr_workgroup_info},
          {"system_vgpr_workitem_id", r2.enable_vgpr_workitem_id},
          {"exception_fp_ieee_invalid_op", (r2.enable_exception >> 0) & 1},
          {"exception_fp_denorm_src", (r2.enable_exception >> 1) & 1},
          {"exception_fp_ieee_div_zero", (r2.enable_exception >> 2) & 1},
          {"exception_fp_ieee_overflow", (r2.enable_exception >> 3) & 1},
          {"exception_fp_ieee_underflow", (r2.enable_exception >> 4) & 1},
          {"exception_fp_ieee_inexact", (r2.enable_exception >> 5) & 1},
          {"exception_int_div_zero", (r2.enable_exception >> 6) & 1},
          {"user_sgpr_private_segment_buffer", d.user_sgprs.private_segment_buffer},
          {"user_sgpr_dispatch_ptr", d.user_sgprs.dispatch_ptr},
          {"user_sgpr_queue_ptr", d.user_sgprs.queue_ptr},
          {"user_sgpr_kernarg_segment_ptr", d.user_sgprs.kernarg_segment_ptr},
          {"user_sgpr_dispatch_id", d.user_sgprs.dispatch_id},
          {"user_sgpr_flat_scratch_init", d.user_sgprs.flat_scratch_init},
          {"user_sgpr_private_segment_size", d.user_sgprs.private_segment_size},
          // GFX90A and later (COMPUTE_PGM_RSRC3; the private segment enable
          // is the wave offset bit where scratch is architected).
          {"accum_offset", accumOffset(d)},
          {"tg_split", (d.compute_pgm_rsrc3 >> 16) & 1},
          {"enable_private_segment", r2.enable_sgpr_private_segment_wave_byte_offset},
          {"user_sgpr_kernarg_preload_length", d.kernarg_preload_length},
          {"user_sgpr_kernarg_preload_offset", d.kernarg_preload_offset},
      };
      auto it = ours.find(key);
      ASSERT_NE(it, ours.end()) << "directive not checked: " << key;
      EXPECT_EQ(it->second, v) << k->name << " ." << key;
    }
  }
  EXPECT_GE(checked, 60u);
}

// amd_kernel_code_t (v2) against the same kernel's v4 descriptor and the
// v2 ISA notes.
TEST(CodeObjectV2, AmdKernelCodeAgreesWithV4Descriptor) {
  for (auto [v2name, v4name] : {std::pair<const char*, const char*>{"vadd_i32.v2.gfx900", "vadd_i32.gfx900"},
                                {"lds_reduce.v2.gfx803", "lds_reduce.gfx803"}}) {
    SCOPED_TRACE(v2name);
    CodeObject a, b;
    std::string err;
    ASSERT_TRUE(a.loadFile(testing::corpusDir() + "/" + v2name + ".co", &err)) << err;
    ASSERT_TRUE(b.loadFile(testing::corpusDir() + "/" + v4name + ".co", &err)) << err;
    const AmdKernelCode& c = a.kernels()[0].akc;
    const KernelDescriptor& d = b.kernels()[0].kd;
    EXPECT_EQ(c.amd_code_version_major, 1u);
    EXPECT_EQ(c.amd_machine_kind, 1u);
    EXPECT_EQ(c.kernel_code_entry_byte_offset, 256);
    EXPECT_EQ(c.workgroup_group_segment_byte_size, d.group_segment_fixed_size);
    EXPECT_EQ(c.kernarg_segment_byte_size, d.kernarg_size);
    EXPECT_EQ(c.wavefront_size, 6);  // 2^6 = 64
    EXPECT_TRUE(c.is_ptr64);
    EXPECT_EQ(c.user_sgprs.kernarg_segment_ptr, d.user_sgprs.kernarg_segment_ptr);
    EXPECT_EQ(c.user_sgprs.dispatch_ptr, d.user_sgprs.dispatch_ptr);
    EXPECT_EQ(c.rsrc2.user_sgpr_count, c.user_sgprs.count());
    EXPECT_EQ(a.v2Notes().version_major, 2u);
    EXPECT_EQ(a.v2Notes().isa_arch, "AMDGPU");
    EXPECT_EQ(a.v2Notes().isa_vendor, "AMD");
    std::string proc = a.target().processor;
    EXPECT_EQ(a.v2Notes().isa_major, uint32_t(proc[3] - '0'));
    EXPECT_EQ(a.kernels()[0].meta->args.size(), b.kernels()[0].meta->args.size());
    for (size_t i = 0; i < a.kernels()[0].meta->args.size(); ++i) {
      EXPECT_EQ(a.kernels()[0].meta->args[i].offset, b.kernels()[0].meta->args[i].offset);
      EXPECT_EQ(a.kernels()[0].meta->args[i].value_kind, b.kernels()[0].meta->args[i].value_kind);
    }
  }
}

TEST(Eflags, FeatureSettingsPerVersion) {
  struct Want { const char* file; const char* id; FeatureState xnack, sramecc; };
  for (const Want& w : {Want{"vadd_i32.gfx900", "gfx900", FeatureState::ANY, FeatureState::UNSUPPORTED},
                        Want{"vadd_i32.gfx803", "gfx803", FeatureState::UNSUPPORTED, FeatureState::UNSUPPORTED},
                        Want{"dot4.gfx906", "gfx906", FeatureState::ANY, FeatureState::ANY},
                        Want{"vadd_i32.v3.gfx900", "gfx900:xnack+", FeatureState::ON, FeatureState::UNSUPPORTED},
                        Want{"vadd_i32.v5.gfx900", "gfx900", FeatureState::ANY, FeatureState::UNSUPPORTED}}) {
    CodeObject co;
    std::string err;
    ASSERT_TRUE(co.loadFile(testing::corpusDir() + "/" + w.file + ".co", &err)) << err;
    EXPECT_EQ(co.target().targetId(), w.id) << w.file;
    EXPECT_EQ(co.target().xnack, w.xnack) << w.file;
    EXPECT_EQ(co.target().sramecc, w.sramecc) << w.file;
  }
}

}  // namespace
}  // namespace gcn::codeobj
