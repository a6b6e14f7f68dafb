// gcnref objdump: everything codeobj/ knows about an amdhsa code object
// (header, sections, symbols, notes, metadata, kernel descriptors) and the
// disassembly of each kernel with gcnref's decoder and printer. AMD OpenCL
// and GalliumCompute binaries go to objdump_opencl.cc.
#include <cinttypes>
#include <cstdio>
#include <string>

#include "codeobj/code_object.h"
#include "codeobj/opencl/program.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "tools/gcnref/cli.h"
#include "util/read_file.h"

namespace gcn::cli {
namespace {

using namespace gcn::codeobj;

void printFields(const std::vector<Field>& fields) {
  for (const Field& f : fields) std::printf("    %-48s %" PRIu64 " (0x%" PRIx64 ")\n", f.name.c_str(), f.value, f.value);
}

std::string joinU(const std::vector<uint64_t>& v) {
  std::string r;
  for (size_t i = 0; i < v.size(); ++i) r += (i ? "," : "") + std::to_string(v[i]);
  return r;
}

void printMetadata(const Metadata& m) {
  std::printf("\nMetadata (%s, version %s%s%s):\n",
              m.format == Metadata::Format::MSGPACK ? "MessagePack NT_AMDGPU_METADATA"
                                                    : "YAML NT_AMD_HSA_METADATA",
              joinU(m.version).c_str(), m.target.empty() ? "" : ", target ", m.target.c_str());
  for (const std::string& p : m.printf_formats) std::printf("  printf: %s\n", p.c_str());
  for (const KernelMeta& k : m.kernels) {
    std::printf("  kernel %s (symbol %s", k.name.c_str(), k.symbol.c_str());
    if (!k.language.empty())
      std::printf(", %s %s", k.language.c_str(), joinU(k.language_version).c_str());
    std::printf(")\n");
    std::printf("    kernarg_segment_size %" PRIu64 " align %" PRIu64
                ", group_segment_fixed_size %" PRIu64 ", private_segment_fixed_size %" PRIu64 "\n",
                k.kernarg_segment_size, k.kernarg_segment_align, k.group_segment_fixed_size,
                k.private_segment_fixed_size);
    std::printf("    wavefront_size %" PRIu64 ", sgpr_count %" PRIu64 ", vgpr_count %" PRIu64
                ", sgpr_spill_count %" PRIu64 ", vgpr_spill_count %" PRIu64
                ", max_flat_workgroup_size %" PRIu64 "\n",
                k.wavefront_size, k.sgpr_count, k.vgpr_count, k.sgpr_spill_count,
                k.vgpr_spill_count, k.max_flat_workgroup_size);
    if (k.has_agpr_count) std::printf("    agpr_count %" PRIu64 "\n", k.agpr_count);
    if (!k.reqd_workgroup_size.empty())
      std::printf("    reqd_workgroup_size %s\n", joinU(k.reqd_workgroup_size).c_str());
    for (size_t i = 0; i < k.args.size(); ++i) {
      const KernelArg& a = k.args[i];
      std::printf("    arg %zu: offset %" PRIu64 " size %" PRIu64 " %s", i, a.offset, a.size,
                  a.value_kind.c_str());
      if (!a.address_space.empty()) std::printf(" %s", a.address_space.c_str());
      if (!a.type_name.empty()) std::printf(" '%s'", a.type_name.c_str());
      if (!a.name.empty()) std::printf(" %s", a.name.c_str());
      if (a.is_const) std::printf(" const");
      std::printf("\n");
    }
  }
}

}  // namespace

void printDisassembly(const Target& t, const std::string& name, const uint8_t* p, size_t n,
                      uint64_t address, size_t* errors) {
  std::printf("\nDisassembly of kernel %s (%zu bytes at 0x%" PRIx64 "):\n", name.c_str(), n,
              address);
  size_t pos = 0;
  std::string text;
  while (pos < n) {
    Inst inst;
    DecodeResult r = decode(t, p + pos, n - pos, &inst);
    size_t len;
    text.clear();
    if (r.ok()) {
      printInst(inst, &text);
      len = r.size;
    } else {
      ++*errors;
      text = "; invalid instruction encoding: " + explainDecodeError(t, p + pos, n - pos, r);
      len = n - pos < 4 ? n - pos : 4;
    }
    std::string words;
    for (size_t w = 0; w < len; w += 4) {
      uint32_t v = 0;
      for (size_t b = 0; b < 4 && w + b < len; ++b) v |= uint32_t(p[pos + w + b]) << (8 * b);
      char buf[16];
      std::snprintf(buf, sizeof buf, "%s%08X", w ? " " : "", v);
      words += buf;
    }
    std::printf("\t%-58s // %012" PRIX64 ": %s\n", text.c_str(), address + pos, words.c_str());
    pos += len;
  }
}

int cmdObjdump(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu"});
  if (a.positional.size() != 1) {
    std::fprintf(stderr, "usage: gcnref objdump CODE_OBJECT [--mcpu=CPU]\n");
    return 2;
  }
  const std::string& path = a.positional[0];
  std::vector<uint8_t> file;
  std::string err;
  if (!readWholeFile(path, &file, &err)) {
    std::fprintf(stderr, "gcnref: error: %s\n", err.c_str());
    return 1;
  }
  opencl::Format format;
  if (opencl::sniffFormat(ByteView(file.data(), file.size()), &format))
    return objdumpOpenCl(path, file, a);
  CodeObject co;
  LoadOptions opts;
  opts.strict = false;
  if (!co.load(file.data(), file.size(), &err, opts)) {
    err = path + ": " + err;
    std::fprintf(stderr, "gcnref: error: %s\n", err.c_str());
    return 1;
  }
  Target t = co.isaTarget();
  if (a.has("mcpu") && !targetFromArgs(a, &t)) return 2;

  const ElfHeader& h = co.elf().header();
  const TargetInfo& ti = co.target();
  std::printf("%s: file format elf64-amdgpu\n\nELF header:\n", path.c_str());
  std::printf("  OS/ABI %u (amdhsa), ABI version %u (code object v%d), type %s, machine EM_AMDGPU\n",
              h.os_abi, h.abi_version, ti.code_object_version,
              h.type == kEtDyn ? "ET_DYN" : h.type == kEtRel ? "ET_REL" : "ET_EXEC");
  std::printf("  e_flags 0x%x: processor %s (EF_AMDGPU_MACH 0x%x), xnack %s, sramecc %s\n",
              h.flags, ti.processor.c_str(), ti.mach,
              std::string(featureStateName(ti.xnack)).c_str(),
              std::string(featureStateName(ti.sramecc)).c_str());
  std::printf("  target id %s; disassembling for %s\n", ti.targetId().c_str(),
              std::string(t.name).c_str());

  std::printf("\nSections:\n  [Nr] %-18s %-12s %-16s %-8s %-8s flags\n", "name", "type", "address",
              "offset", "size");
  const auto& secs = co.elf().sections();
  for (size_t i = 0; i < secs.size(); ++i) {
    const Section& s = secs[i];
    std::printf("  [%2zu] %-18s %-12s %016" PRIx64 " %08" PRIx64 " %08" PRIx64 " %s%s%s\n", i,
                s.name.c_str(), std::string(sectionTypeName(s.type)).c_str(), s.addr, s.offset,
                s.size, s.flags & kShfWrite ? "W" : "", s.flags & kShfAlloc ? "A" : "",
                s.flags & kShfExecinstr ? "X" : "");
  }
  std::printf("\nSymbols:\n");
  for (const Symbol& s : co.elf().symbols())
    if (!s.name.empty())
      std::printf("  %016" PRIx64 " %6" PRIu64 " %-18s %-6s %s%s\n", s.value, s.size,
                  std::string(symbolTypeName(s.type)).c_str(),
                  s.bind == 1 ? "GLOBAL" : s.bind == 0 ? "LOCAL" : "WEAK", s.name.c_str(),
                  s.dynamic ? " (dynsym)" : "");

  std::printf("\nNotes:\n");
  for (const Note& n : co.notes()) {
    std::string tn = typeNameOf(n);
    std::printf("  %-8s type %-3u %-32s desc %zu bytes at offset 0x%" PRIx64 "\n", n.name.c_str(),
                n.type, tn.empty() ? "(unknown)" : tn.c_str(), n.desc.size(), n.desc_offset);
  }
  const V2Notes& v2 = co.v2Notes();
  if (v2.has_version)
    std::printf("  code object version %u.%u\n", v2.version_major, v2.version_minor);
  if (v2.has_isa)
    std::printf("  ISA %s %s %u.%u.%u\n", v2.isa_vendor.c_str(), v2.isa_arch.c_str(),
                v2.isa_major, v2.isa_minor, v2.isa_stepping);
  if (!v2.isa_name.empty()) std::printf("  ISA name %s\n", v2.isa_name.c_str());
  if (v2.has_producer)
    std::printf("  producer %s %u.%u\n", v2.producer.c_str(), v2.producer_major, v2.producer_minor);
  if (!v2.producer_options.empty()) std::printf("  producer options %s\n", v2.producer_options.c_str());

  printMetadata(co.metadata());

  size_t errors = 0;
  for (const KernelInfo& k : co.kernels()) {
    std::printf("\nKernel %s:\n", k.name.c_str());
    std::vector<Field> fields;
    if (k.has_kernel_descriptor) {
      std::printf("  kernel descriptor %s at 0x%" PRIx64 " (file offset 0x%" PRIx64 ")\n",
                  k.descriptor_symbol.c_str(), k.descriptor_vaddr, k.descriptor_offset);
      listKernelDescriptor(k.kd, co.isaTarget().gen, &fields);
    } else {
      std::printf("  amd_kernel_code_t at 0x%" PRIx64 " (file offset 0x%" PRIx64 ")\n",
                  k.descriptor_vaddr, k.descriptor_offset);
      listAmdKernelCode(k.akc, &fields);
    }
    printFields(fields);
    std::printf("  entry 0x%" PRIx64 " (file offset 0x%" PRIx64 "), %zu bytes of code\n",
                k.entry_vaddr, k.entry_offset, k.code.size());
  }
  for (const std::string& w : co.warnings()) {
    std::printf("\nwarning: %s\n", w.c_str());
    std::fprintf(stderr, "gcnref: warning: %s\n", w.c_str());
  }
  for (const KernelInfo& k : co.kernels())
    printDisassembly(t, k.name, k.code.data(), k.code.size(), k.entry_vaddr, &errors);
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
