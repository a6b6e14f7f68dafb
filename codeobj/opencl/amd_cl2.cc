// AMD OpenCL 2.0 binaries (BinaryFormats.md, AmdCl2Abi.md). The outer ELF
// (ELF32 e_machine 0xaf5a or ELF64 0xaf5b; e_flags a device code) holds
// per-kernel metadata objects in .rodata, the compile options and the
// compiler version in .comment, and the code in .text:
//   drivers from 1912.05: .text is an inner AMD HSA ELF64 whose .hsatext
//     holds each kernel ("&__OpenCL_<name>_kernel") as amd_kernel_code_t and
//     code; its .hsadata_readonly_agent is the program's constant data;
//   older drivers: .text holds per kernel ("__ISA_&__OpenCL_<name>_kernel_binary")
//     a stub whose first word is its size, amd_kernel_code_t, then the code.
#include <string_view>
#include <unordered_map>

#include "codeobj/elf.h"
#include "codeobj/notes.h"
#include "codeobj/opencl/amd_cl2_device.h"
#include "codeobj/opencl/amd_cl2_metadata.h"
#include "codeobj/opencl/hsa_user_sgprs.h"
#include "codeobj/opencl/program.h"

namespace gcn::codeobj::opencl {
namespace {

constexpr uint16_t kMachine32 = 0xaf5a, kMachine64 = 0xaf5b;
constexpr std::string_view kMetaPrefix = "__OpenCL_&__OpenCL_", kMetaSuffix = "_kernel_metadata";
constexpr std::string_view kIsaPrefix = "__ISA_&__OpenCL_", kIsaBinSuffix = "_kernel_binary";
constexpr std::string_view kInnerPrefix = "&__OpenCL_", kInnerSuffix = "_kernel";

// The kernel name in "<prefix><name><suffix>".
bool nameBetween(const std::string& s, std::string_view pre, std::string_view suf,
                 std::string* name) {
  if (s.size() <= pre.size() + suf.size() || s.compare(0, pre.size(), pre) != 0 ||
      s.compare(s.size() - suf.size(), suf.size(), suf) != 0)
    return false;
  *name = s.substr(pre.size(), s.size() - pre.size() - suf.size());
  return true;
}

// The bytes a symbol covers in its section (values are section offsets).
bool symbolBytes(const ElfFile& elf, const Symbol& s, const std::string& what, ByteView* out,
                 uint64_t* section_addr, std::string* err) {
  if (s.shndx == kShnUndef || s.shndx >= elf.sections().size() ||
      !elf.sections()[s.shndx].hasFileData()) {
    *err = what + " symbol '" + s.name + "' (entry at offset " + hex(s.entry_offset) +
           ") has st_shndx " + std::to_string(s.shndx) + ", no section with contents";
    return false;
  }
  const Section& sec = elf.sections()[s.shndx];
  ByteView data = elf.contents(sec);
  if (!data.contains(s.value, s.size)) {
    *err = what + " symbol '" + s.name + "' (entry at offset " + hex(s.entry_offset) + "): [" +
           hex(s.value) + ", +" + hex(s.size) + ") lies outside section '" + sec.name + "' (" +
           hex(sec.size) + " bytes)";
    return false;
  }
  *out = data.sub(s.value, s.size);
  if (section_addr) *section_addr = sec.addr;
  return true;
}

struct KernelSource {
  std::string name;
  const Symbol* metadata = nullptr;
  Cl2Metadata md;
};

class Cl2Reader {
 public:
  Cl2Reader(ProgramBuilder& b, const LoadOptions& o, std::string* err) : b_(b), o_(o), err_(err) {}
  bool read();

 private:
  bool parseOuter();
  void collectSymbols();
  bool parseMetadata();
  bool parseInner();
  bool resolveDevice();
  Cl2DeviceEvidence evidence() const;
  void readIsaNote(Cl2DeviceEvidence* ev) const;
  bool readKernel(const KernelSource& src, Kernel* k);
  bool findCode(const std::string& name, ByteView* region, uint64_t* addr, std::string* stub);
  bool addToTotal(uint64_t size, const char* what, uint64_t* total);
  bool setupAndCode(ByteView region, uint64_t addr, const std::string& where, Kernel* k);
  void fillFromKernelCode(const std::string& where, Kernel* k);
  void fillArgs(const KernelSource& src, const std::string& where, Kernel* k);
  void metadataFacts(const Cl2Metadata& md, Kernel* k);
  void isaMetadataFact(const std::string& name, Kernel* k);
  void innerDataFacts();
  void relocationFacts(const Section& rela);
  void attachReloc(uint64_t address, uint32_t type, const std::string& target, uint64_t addend);
  void stringFact(const char* symbol, const char* fact);
  std::string sectionName(const ElfFile& elf, uint16_t shndx) const;

  ProgramBuilder& b_;
  const LoadOptions& o_;
  std::string* err_;
  ElfFile outer_, inner_;
  bool is64_ = false, old_layout_ = false, has_inner_ = false;
  std::vector<KernelSource> sources_;
  std::unordered_map<std::string, const Symbol*> isa_metadata_;  // by kernel name
  std::unordered_map<std::string, const Symbol*> code_symbols_;  // by kernel name
  uint64_t code_total_ = 0;
};

bool Cl2Reader::parseOuter() {
  if (!outer_.parse(b_.bytes(), err_, ElfParseOptions{true, true})) return false;
  is64_ = outer_.header().is64;
  const uint16_t want = is64_ ? kMachine64 : kMachine32;
  if (outer_.header().machine != want) {
    *err_ = "e_machine at offset 0x12 is " + hex(outer_.header().machine) + ", expected " +
            hex(want) + " for an ELF" + (is64_ ? "64" : "32") + " AMD OpenCL 2.0 binary";
    return false;
  }
  b_.setFormat(Format::AMD_CL2, Abi::AMD_CL2, is64_);
  return true;
}

void Cl2Reader::collectSymbols() {
  std::string name;
  for (const Symbol& s : outer_.symbols()) {
    if (nameBetween(s.name, kMetaPrefix, kMetaSuffix, &name)) {
      sources_.push_back(KernelSource{name, &s, {}});
    } else if (nameBetween(s.name, kIsaPrefix, kIsaBinSuffix, &name)) {
      code_symbols_.emplace(name, &s);
    } else if (nameBetween(s.name, kIsaPrefix, kMetaSuffix, &name)) {
      isa_metadata_.emplace(name, &s);
    }
  }
  old_layout_ = !code_symbols_.empty();
}

// Each kernel's records are apart in real binaries; objects that overlap
// would let a small file describe unbounded work.
bool Cl2Reader::addToTotal(uint64_t size, const char* what, uint64_t* total) {
  *total += size;
  if (*total <= b_.bytes().size()) return true;
  *err_ = std::string(what) + " take " + std::to_string(*total) +
          " bytes or more in all, more than the file's " + std::to_string(b_.bytes().size()) +
          ": they overlap";
  return false;
}

bool Cl2Reader::parseMetadata() {
  uint64_t total = 0;
  for (KernelSource& src : sources_) {
    ByteView md;
    const std::string where = "kernel '" + src.name + "'";
    if (!addToTotal(src.metadata->size, "the kernel metadata objects", &total) ||
        !symbolBytes(outer_, *src.metadata, where + ": metadata", &md, nullptr, err_) ||
        !parseCl2Metadata(md, is64_, where, &src.md, b_.problems, err_))
      return false;
  }
  return true;
}

bool Cl2Reader::parseInner() {
  const Section* text = outer_.findSection(".text");
  if (old_layout_ || !text) {
    if (!old_layout_ && !sources_.empty()) {
      *err_ = std::to_string(sources_.size()) + " kernel metadata objects but no .text section";
      return false;
    }
    return true;
  }
  std::string e;
  if (!inner_.parse(outer_.contents(*text), &e, ElfParseOptions{false, true})) {
    *err_ = "inner binary (.text at offset " + hex(text->offset) + "): " + e;
    return false;
  }
  has_inner_ = true;
  std::string name;
  for (const Symbol& s : inner_.symbols())
    if (nameBetween(s.name, kInnerPrefix, kInnerSuffix, &name)) code_symbols_.emplace(name, &s);
  return true;
}

void Cl2Reader::readIsaNote(Cl2DeviceEvidence* ev) const {
  const Section* note = inner_.findSection(".note");
  std::vector<Note> notes;
  std::string e;
  if (!note || !parseNotes(inner_, *note, &notes, &e)) return;
  for (const Note& n : notes)
    if (n.name == "AMD" && n.type == kNtAmdHsaIsaVersion && n.desc.size() >= 16) {
      ev->has_isa_note = true;
      ev->isa_major = n.desc.u32(4);
      ev->isa_minor = n.desc.u32(8);
      ev->isa_stepping = n.desc.u32(12);
    }
}

// Which drivers could have written this layout (see amd_cl2_device.h).
Cl2DeviceEvidence Cl2Reader::evidence() const {
  Cl2DeviceEvidence ev;
  ev.eflags = outer_.header().flags;
  ev.processor = o_.processor;
  if (old_layout_ || !has_inner_) {
    ev.end_driver = 191205;
    ev.driver_reason = "drivers before 1912.05 (kernel stubs in the outer .text)";
    return ev;
  }
  readIsaNote(&ev);
  const auto& syms = inner_.symbols();
  const Section* note = inner_.findSection(".note");
  const ByteView note_bytes = note ? inner_.contents(*note) : ByteView();
  const bool arch_word = !sources_.empty() && sources_[0].md.second_name.rfind("GFX", 0) == 0;
  if (!syms.empty() && !syms[0].name.empty()) {
    ev.first_driver = 191205, ev.end_driver = 200406;
    ev.driver_reason = "driver 1912.05 (inner symbol table without a null symbol)";
  } else if (arch_word) {
    ev.first_driver = 223600;
    ev.driver_reason =
        "drivers from 2236.00 (metadata architecture word '" + sources_[0].md.second_name + "')";
  } else if (note_bytes.size() == 200 && note_bytes.u8(197) != 0) {
    ev.first_driver = 203603, ev.end_driver = 223600;
    ev.driver_reason = "AMDGPU-PRO drivers 2036.03 to 2236.00 (its producer options note)";
  } else {
    ev.first_driver = 200406, ev.end_driver = 223600;
    ev.driver_reason = "drivers 2004.06 to 2236.00 (inner null symbol, 'generic' metadata word)";
  }
  return ev;
}

bool Cl2Reader::resolveDevice() {
  const Cl2DeviceEvidence ev = evidence();
  Cl2Device dev;
  if (!resolveCl2Device(ev, &dev, err_)) return false;
  for (std::string& p : dev.problems) b_.problems->push_back(std::move(p));
  b_.fact("driver", ev.driver_reason);
  b_.fact("device code (e_flags)", std::to_string(ev.eflags));
  if (ev.has_isa_note)
    b_.fact("ISA note version", std::to_string(ev.isa_major) + "." + std::to_string(ev.isa_minor) +
                                    "." + std::to_string(ev.isa_stepping));
  if (!dev.candidates.empty())
    b_.fact("device", dev.name + " (the code also means " + dev.candidates +
                          " under other drivers of the range; the processor option chooses)");
  return b_.setDevice(dev.name, o_, err_);
}

// The kernel's symbol bytes from amd_kernel_code_t to the end of its code,
// and their address in their section.
bool Cl2Reader::findCode(const std::string& name, ByteView* region, uint64_t* addr,
                         std::string* stub) {
  const std::string where = "kernel '" + name + "'";
  const auto found = code_symbols_.find(name);
  if (found == code_symbols_.end()) {
    *err_ = where + ": no symbol '" +
            (old_layout_ ? std::string(kIsaPrefix) + name + std::string(kIsaBinSuffix) +
                               "' in the outer binary"
                         : std::string(kInnerPrefix) + name + std::string(kInnerSuffix) +
                               "' in the inner binary");
    return false;
  }
  const Symbol& s = *found->second;
  if (!addToTotal(s.size, "the kernel code symbols", &code_total_)) return false;
  if (!old_layout_) {
    uint64_t base = 0;
    std::string e;
    if (!symbolBytes(inner_, s, "inner", region, &base, &e)) {
      *err_ = where + ": " + e;
      return false;
    }
    *addr = base + s.value;
    return true;
  }
  ByteView all;
  if (!symbolBytes(outer_, s, where + ": code", &all, nullptr, err_)) return false;
  const uint32_t stub_size = all.u32(0);
  if (all.size() < 4 || stub_size >= all.size()) {
    *err_ = where + ": stub size " + std::to_string(stub_size) + " (first word of '" + s.name +
            "') leaves nothing of its " + std::to_string(all.size()) + " bytes";
    return false;
  }
  *region = all.sub(stub_size, all.size() - stub_size);
  *addr = s.value + stub_size;
  *stub = std::to_string(stub_size) + " bytes";
  return true;
}

bool Cl2Reader::setupAndCode(ByteView region, uint64_t addr, const std::string& where, Kernel* k) {
  if (region.size() < kAmdKernelCodeSize) {
    *err_ = where + ": " + std::to_string(region.size()) +
            " bytes of code, fewer than the 256-byte amd_kernel_code_t";
    return false;
  }
  k->akc = decodeAmdKernelCode(region.sub(0, kAmdKernelCodeSize));
  k->has_amd_kernel_code = true;
  const int64_t entry = k->akc.kernel_code_entry_byte_offset;
  if (entry < int64_t(kAmdKernelCodeSize) || uint64_t(entry) > region.size()) {
    *err_ = where + ": kernel_code_entry_byte_offset " + std::to_string(entry) +
            " (amd_kernel_code_t byte 16) is outside 256.." + std::to_string(region.size());
    return false;
  }
  k->code = region.sub(uint64_t(entry), region.size() - uint64_t(entry));
  k->code_offset = uint64_t(k->code.data() - b_.bytes().data());
  k->code_address = uint32_t(addr + uint64_t(entry));
  return true;
}

// AMD's finalizer stores the used register counts in reserved_vgpr_first and
// reserved_sgpr_first with a zero count, and before 1912.05 an 8-byte
// kernarg alignment: conventions of the format, not errors.
void Cl2Reader::fillFromKernelCode(const std::string& where, Kernel* k) {
  const AmdKernelCode& a = k->akc;
  AmdKernelCode checked = a;
  if (!checked.reserved_vgpr_count) checked.reserved_vgpr_first = 0;
  if (!checked.reserved_sgpr_count) checked.reserved_sgpr_first = 0;
  if (old_layout_ && checked.kernarg_segment_alignment == 3) checked.kernarg_segment_alignment = 4;
  fillFromAmdKernelCode(checked, b_.p->isaTarget().gen, where, b_.problems, k);
  k->facts.emplace_back(
      "reserved_vgpr_first / reserved_sgpr_first",
      std::to_string(a.reserved_vgpr_first) + " / " + std::to_string(a.reserved_sgpr_first));
}

void Cl2Reader::fillArgs(const KernelSource& src, const std::string& where, Kernel* k) {
  for (size_t i = 0; i < src.md.args.size(); ++i) {
    const Cl2ArgEntry& e = src.md.args[i];
    k->args.push_back(cl2Arg(
        e, is64_, where + ": argument " + std::to_string(i) + " '" + e.name + "'", b_.problems));
    k->facts.emplace_back("argument " + std::to_string(i) + " entry",
                          "virtual offset " + std::to_string(e.virtual_offset) + ", type " +
                              std::to_string(e.arg_type) + ", kind " +
                              std::to_string(e.kind_of_type) + ", vector/resource " +
                              std::to_string(e.vec_or_res) + ", pointer alignment " +
                              std::to_string(e.ptr_alignment));
  }
  const uint32_t end = layoutCl2Args(&k->args);
  if (k->args.empty() || k->args[0].kind != ArgKind::HIDDEN)
    k->facts.emplace_back("setup arguments", "none in the metadata: user arguments start at 0");
  if (end > k->akc.kernarg_segment_byte_size)
    b_.problems->push_back(where + ": the arguments end at byte " + std::to_string(end) +
                           " but kernarg_segment_byte_size is " +
                           std::to_string(k->akc.kernarg_segment_byte_size));
}

void Cl2Reader::metadataFacts(const Cl2Metadata& md, Kernel* k) {
  for (int i = 0; i < 3; ++i) k->reqd_workgroup_size[i] = uint32_t(md.reqd_workgroup_size[i]);
  k->facts.emplace_back("metadata kernel id", std::to_string(md.kernel_id));
  k->facts.emplace_back("metadata options", hex(md.options));
  k->facts.emplace_back("metadata names", md.first_name + ", " + md.second_name);
  if (md.has_hints) {
    k->facts.emplace_back("work_group_size_hint", std::to_string(md.workgroup_size_hint[0]) + "," +
                                                      std::to_string(md.workgroup_size_hint[1]) +
                                                      "," +
                                                      std::to_string(md.workgroup_size_hint[2]));
    k->facts.emplace_back("vec_type_hint", md.vec_type_hint);
  }
  if (md.pipes_usage) k->facts.emplace_back("pipes/scratch word", std::to_string(md.pipes_usage));
}

// Drivers before 1912.05 add a small binary record per kernel (shown up to
// 64 bytes).
void Cl2Reader::isaMetadataFact(const std::string& name, Kernel* k) {
  const auto found = isa_metadata_.find(name);
  if (found == isa_metadata_.end()) return;
  ByteView v;
  std::string e;
  if (!symbolBytes(outer_, *found->second, "ISA metadata", &v, nullptr, &e)) {
    b_.problems->push_back("kernel '" + name + "': " + e);
    return;
  }
  static const char kDigits[] = "0123456789abcdef";
  std::string text;
  for (size_t i = 0; i < v.size() && i < 64; ++i) {
    text += kDigits[v.u8(i) >> 4];
    text += kDigits[v.u8(i) & 15];
  }
  if (v.size() > 64) text += "... (" + std::to_string(v.size()) + " bytes)";
  k->facts.emplace_back("ISA metadata", text);
}

bool Cl2Reader::readKernel(const KernelSource& src, Kernel* k) {
  const std::string where = "kernel '" + src.name + "'";
  k->name = src.name;
  ByteView region;
  uint64_t addr = 0;
  std::string stub;
  if (!findCode(src.name, &region, &addr, &stub) || !setupAndCode(region, addr, where, k))
    return false;
  if (!stub.empty()) k->facts.emplace_back("stub", stub);
  isaMetadataFact(src.name, k);
  fillFromKernelCode(where, k);
  metadataFacts(src.md, k);
  fillArgs(src, where, k);
  return true;
}

std::string Cl2Reader::sectionName(const ElfFile& elf, uint16_t shndx) const {
  return shndx < elf.sections().size() ? elf.sections()[shndx].name
                                       : "section " + std::to_string(shndx);
}

// A relocation of the read-only global data inside a kernel's code becomes
// that kernel's GlobalDataReloc (the dispatcher places the data); one the
// dispatcher could not apply is a problem.
void Cl2Reader::attachReloc(uint64_t address, uint32_t type, const std::string& target,
                            uint64_t addend) {
  using Kind = GlobalDataReloc::Kind;
  const std::string where = "relocation at " + hex(address);
  if (target != ".hsadata_readonly_agent" || (type != 1 && type != 2)) {
    b_.problems->push_back(where + " (type " + std::to_string(type) + " against " + target +
                           "): only the low/high 32 bits of the read-only global data are "
                           "supported");
    return;
  }
  for (Kernel& k : b_.kernels()) {
    if (address < k.code_address || address + 4 > uint64_t(k.code_address) + k.code.size())
      continue;
    GlobalDataReloc g;
    g.image_offset = uint32_t(address - k.code_address) + k.image_entry;
    g.kind = type == 1 ? Kind::ABS32_LO : Kind::ABS32_HI;
    g.addend = int64_t(addend);
    k.relocs.push_back(g);
    return;
  }
  b_.problems->push_back(where + " lies in no kernel's code");
}

// Code refers to global data through relocations the runtime applies; the
// facts give the patched address as Kernel::code_address counts them.
void Cl2Reader::relocationFacts(const Section& rela) {
  const ByteView r = inner_.contents(rela);
  const Section* text = inner_.findSection(".hsatext");
  const uint64_t base = text ? text->addr : 0;
  for (uint64_t o = 0; o + 24 <= r.size(); o += 24) {
    const uint64_t info = r.u64(o + 8);
    const uint64_t sym = info >> 32;
    const uint32_t type = uint32_t(info);
    std::string target = "symbol " + std::to_string(sym);
    uint64_t addend = r.u64(o + 16);  // two's complement: wraps like the loader's sum
    if (sym < inner_.symbols().size()) {
      const Symbol& s = inner_.symbols()[sym];
      target = sectionName(inner_, s.shndx);
      addend += s.value;
    }
    const bool negative = int64_t(addend) < 0;
    attachReloc(base + r.u64(o), type, target, addend);
    b_.fact("relocation", hex(base + r.u64(o)) + " (.hsatext+" + hex(r.u64(o)) + "): " +
                              (type == 1   ? "low"
                               : type == 2 ? "high"
                                           : "type " + std::to_string(type)) +
                              " 32 bits of " + target + (negative ? "-" : "+") +
                              hex(negative ? 0 - addend : addend));
  }
}

void Cl2Reader::innerDataFacts() {
  if (!has_inner_) return;
  if (const Section* s = inner_.findSection(".hsadata_readonly_agent"))
    b_.setGlobalData(inner_.contents(*s));
  if (const Section* s = inner_.findSection(".hsadata_global_agent"))
    b_.fact("read-write global data (.hsadata_global_agent)", std::to_string(s->size) + " bytes");
  if (const Section* s = inner_.findSection(".hsabss_global_agent"))
    b_.fact("zeroed global data (.hsabss_global_agent)", std::to_string(s->size) + " bytes");
  if (const Section* s = inner_.findSection(".hsaimage_samplerinit"))
    b_.fact("sampler initializers (.hsaimage_samplerinit)", std::to_string(s->size / 8));
  if (const Section* s = inner_.findSection(".rela.hsatext")) relocationFacts(*s);
}

void Cl2Reader::stringFact(const char* symbol, const char* fact) {
  for (const Symbol& s : outer_.symbols())
    if (s.name == symbol) {
      ByteView v;
      std::string e;
      if (symbolBytes(outer_, s, symbol, &v, nullptr, &e))
        b_.fact(fact, std::string(reinterpret_cast<const char*>(v.data()), v.size()));
      else
        b_.problems->push_back(e);
      return;
    }
}

bool Cl2Reader::read() {
  if (!parseOuter()) return false;
  collectSymbols();
  if (!parseMetadata() || !parseInner() || !resolveDevice()) return false;
  stringFact("__OpenCL_compiler_options", "compile options");
  stringFact("acl_version_string", "compiler version");
  b_.fact("inner binary", old_layout_  ? "none (drivers before 1912.05)"
                          : has_inner_ ? "AMD HSA ELF64"
                                       : "none");
  for (const KernelSource& src : sources_) {
    Kernel k;
    if (!readKernel(src, &k)) return false;
    b_.kernels().push_back(std::move(k));
  }
  if (code_symbols_.size() != sources_.size())
    b_.problems->push_back(std::to_string(code_symbols_.size()) + " kernel code symbols but " +
                           std::to_string(sources_.size()) + " kernel metadata objects");
  innerDataFacts();
  return true;
}

}  // namespace

bool readAmdCl2(ProgramBuilder& b, const LoadOptions& o, std::string* err) {
  return Cl2Reader(b, o, err).read();
}

}  // namespace gcn::codeobj::opencl
