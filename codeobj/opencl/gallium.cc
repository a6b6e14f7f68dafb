// GalliumCompute binaries (Mesa Clover; BinaryFormats.md, GalliumAbi.md): a
// little-endian container without magic,
//   u32 kernel count, per kernel: u32 name length, name, u32 section id,
//     u32 offset in the code, u32 argument count, per argument six u32
//     (type, size, target size, target alignment, sign extension, semantic);
//   u32 section count, per section: u32 id, type, size, size + 4, size,
//     then `size` bytes;
// whose text section (type 0, or 2 "executable" from Mesa 17) is an ELF
// (32- or 64-bit) with all kernels in .text, .rodata placed after .text on
// the device, and per kernel either register pairs in .AMDGPU.config (old
// ABI, arguments after 9 setup dwords in s[0:1]) or, from LLVM 4,
// amd_kernel_code_t at the kernel's offset (AMDHSA ABI).
#include <algorithm>
#include <unordered_map>

#include "codeobj/elf.h"
#include "codeobj/opencl/hsa_user_sgprs.h"
#include "codeobj/opencl/program.h"

namespace gcn::codeobj::opencl {
namespace {

struct GalArg {
  uint32_t type = 0, size = 0, target_size = 0, target_align = 0, ext = 0, semantic = 0;
};

struct GalKernel {
  std::string name;
  uint32_t section_id = 0, offset = 0;
  std::vector<GalArg> args;
};

struct GalSection {
  uint32_t id = 0, type = 0;
  uint64_t header_offset = 0;
  ByteView data;
};

constexpr uint32_t kSectionText = 0, kSectionTextExecutable = 2;  // Mesa >= 17 numbering
constexpr uint32_t kRegRsrc1 = 0xb848, kRegRsrc2 = 0xb84c, kRegTmpringSize = 0xb860,
                   kSpilledSgprs = 0x4, kSpilledVgprs = 0x8;
// The old ABI's setup dwords before the arguments: group counts, global
// sizes and local sizes, three each.
constexpr uint32_t kOldAbiArgBase = 36;
// Every kernel gets its own copy of .text and .rodata; more than this in all
// comes from a hostile kernel count, not from a compiler.
constexpr uint64_t kMaxImageBytes = uint64_t(256) << 20;

const char* argTypeName(uint32_t t) {
  static const char* const kNames[] = {"scalar",         "constant",       "global",
                                       "local",          "image2d_rdonly", "image2d_wronly",
                                       "image3d_rdonly", "image3d_wronly", "sampler"};
  return t < sizeof kNames / sizeof kNames[0] ? kNames[t] : "unknown";
}

const char* semanticName(uint32_t s) {
  static const char* const kNames[] = {"general", "griddim", "gridoffset", "image_size",
                                       "image_format"};
  return s < sizeof kNames / sizeof kNames[0] ? kNames[s] : "unknown";
}

uint32_t alignUp(uint32_t v, uint32_t a) { return a > 1 ? (v + a - 1) / a * a : v; }

// " 0 1 2" for messages, the first 16.
template <typename T, typename F>
std::string listOf(const std::vector<T>& v, F value) {
  std::string r;
  for (size_t i = 0; i < v.size() && i < 16; ++i) r += " " + std::to_string(value(v[i]));
  if (v.size() > 16) r += " ...";
  return v.empty() ? " none" : r;
}

class GalliumReader {
 public:
  GalliumReader(ProgramBuilder& b, const LoadOptions& o, std::string* err)
      : b_(b), o_(o), err_(err), bytes_(b.bytes()) {}
  bool read();

 private:
  bool parseKernelTable(uint64_t* pos);
  bool parseKernel(size_t i, uint64_t* pos, GalKernel* k);
  bool parseSections(uint64_t pos);
  bool parseElf();
  bool checkKernelSections();
  bool checkKernelSymbols();
  bool findConfig();
  void detectHsa();
  bool readKernel(size_t i, Kernel* k);
  void fillFromKernelCode(const std::string& where, Gen gen, Kernel* k);
  bool readKernelCode(const GalKernel& g, const std::string& where, Kernel* k);
  void readConfig(size_t i, const std::string& where, Kernel* k);
  void fillArgs(const GalKernel& g, const std::string& where, Kernel* k);
  void checkArgsFit(const std::string& where, Kernel* k);
  bool planImages();
  void buildImage(Kernel* k, uint32_t entry);
  void elfFacts();
  void relocationFacts(const Section& rel);
  std::string kernelLabel(size_t i) const;

  ProgramBuilder& b_;
  const LoadOptions& o_;
  std::string* err_;
  ByteView bytes_;
  std::vector<GalKernel> kernels_;
  std::vector<GalSection> sections_;
  const GalSection* elf_section_ = nullptr;
  ElfFile elf_;
  const Section* text_ = nullptr;
  ByteView config_;
  uint64_t config_block_ = 0;             // bytes of .AMDGPU.config per kernel symbol
  std::vector<uint64_t> config_symbols_;  // global symbol values, sorted: one block each
  std::vector<uint64_t> starts_;          // kernel offsets, sorted
  bool hsa_ = false;
};

std::string GalliumReader::kernelLabel(size_t i) const {
  return "kernel " + std::to_string(i) + " '" + kernels_[i].name + "'";
}

bool GalliumReader::parseKernel(size_t i, uint64_t* pos, GalKernel* k) {
  const std::string where =
      "kernel " + std::to_string(i) + " (table entry at offset " + hex(*pos) + ")";
  uint32_t name_len = 0;
  if (!bytes_.read(*pos, &name_len) || !bytes_.contains(*pos + 4, name_len)) {
    *err_ = where + ": name length " + std::to_string(name_len) +
            " runs past the end of the file (" + std::to_string(bytes_.size()) + " bytes)";
    return false;
  }
  k->name.assign(reinterpret_cast<const char*>(bytes_.data() + *pos + 4), name_len);
  *pos += 4 + uint64_t(name_len);
  uint32_t nargs = 0;
  if (!bytes_.read(*pos, &k->section_id) || !bytes_.read(*pos + 4, &k->offset) ||
      !bytes_.read(*pos + 8, &nargs)) {
    *err_ = "kernel " + std::to_string(i) + " '" + k->name + "': section id, offset and " +
            "argument count at offset " + hex(*pos) + " run past the end of the file";
    return false;
  }
  *pos += 12;
  if (!bytes_.contains(*pos, uint64_t(nargs) * 24)) {
    *err_ = "kernel " + std::to_string(i) + " '" + k->name + "': argument count " +
            std::to_string(nargs) + " (offset " + hex(*pos - 4) + "): " + std::to_string(nargs) +
            " entries of 24 bytes run past the end of the file (" + std::to_string(bytes_.size()) +
            " bytes)";
    return false;
  }
  for (uint32_t j = 0; j < nargs; ++j, *pos += 24) {
    const uint64_t p = *pos;
    k->args.push_back(GalArg{bytes_.u32(p), bytes_.u32(p + 4), bytes_.u32(p + 8),
                             bytes_.u32(p + 12), bytes_.u32(p + 16), bytes_.u32(p + 20)});
  }
  return true;
}

bool GalliumReader::parseKernelTable(uint64_t* pos) {
  uint32_t count = 0;
  if (!bytes_.read(0, &count)) {
    *err_ =
        "kernel count at offset 0x0: the file has only " + std::to_string(bytes_.size()) + " bytes";
    return false;
  }
  // Each kernel takes at least 16 bytes: a bound before allocating.
  if (count > (bytes_.size() - 4) / 16) {
    *err_ = "kernel count " + std::to_string(count) + " at offset 0x0 needs at least " +
            std::to_string(uint64_t(count) * 16) + " bytes, the file has " +
            std::to_string(bytes_.size());
    return false;
  }
  *pos = 4;
  kernels_.resize(count);
  for (uint32_t i = 0; i < count; ++i)
    if (!parseKernel(i, pos, &kernels_[i])) return false;
  return true;
}

bool GalliumReader::parseSections(uint64_t pos) {
  uint32_t count = 0;
  if (!bytes_.read(pos, &count)) {
    *err_ = "section count at offset " + hex(pos) + " runs past the end of the file (" +
            std::to_string(bytes_.size()) + " bytes)";
    return false;
  }
  pos += 4;
  if (count > (bytes_.size() - pos) / 20) {
    *err_ = "section count " + std::to_string(count) + " at offset " + hex(pos - 4) +
            " needs at least " + std::to_string(uint64_t(count) * 20) + " bytes, " +
            std::to_string(bytes_.size() - pos) + " remain";
    return false;
  }
  for (uint32_t i = 0; i < count; ++i) {
    if (!bytes_.contains(pos, 20)) {
      *err_ = "section " + std::to_string(i) + ": its header at offset " + hex(pos) +
              " runs past the end of the file (" + std::to_string(bytes_.size()) + " bytes)";
      return false;
    }
    GalSection s;
    s.header_offset = pos;
    s.id = bytes_.u32(pos);
    s.type = bytes_.u32(pos + 4);
    const uint32_t size = bytes_.u32(pos + 8), data_len = bytes_.u32(pos + 12),
                   inner = bytes_.u32(pos + 16);
    const std::string where = "section " + std::to_string(i) + " (id " + std::to_string(s.id) +
                              ", header at offset " + hex(pos) + ")";
    if (uint64_t(data_len) != uint64_t(size) + 4 || inner != size) {
      *err_ = where + ": size fields disagree: size " + std::to_string(size) + ", data length " +
              std::to_string(data_len) + " (expected size + 4), data size " + std::to_string(inner);
      return false;
    }
    pos += 20;
    if (!bytes_.contains(pos, size)) {
      *err_ = where + ": " + std::to_string(size) + " bytes of data from offset " + hex(pos) +
              " run past the end of the file (" + std::to_string(bytes_.size()) + " bytes)";
      return false;
    }
    s.data = bytes_.sub(pos, size);
    pos += size;
    sections_.push_back(s);
  }
  if (pos != bytes_.size())
    b_.problems->push_back(std::to_string(bytes_.size() - pos) +
                           " bytes after the last section (offset " + hex(pos) + ")");
  return true;
}

bool hasElfMagic(ByteView d) {
  return d.size() >= 4 && d.u8(0) == 0x7f && d.u8(1) == 'E' && d.u8(2) == 'L' && d.u8(3) == 'F';
}

bool GalliumReader::parseElf() {
  for (const GalSection& s : sections_)
    if ((s.type == kSectionText || s.type == kSectionTextExecutable) && hasElfMagic(s.data)) {
      elf_section_ = &s;
      break;
    }
  if (!elf_section_) {
    *err_ = "no text section (type 0 or 2) holds an ELF; section types:" +
            listOf(sections_, [](const GalSection& s) { return s.type; });
    return false;
  }
  std::string e;
  if (!elf_.parse(elf_section_->data, &e, ElfParseOptions{true, true})) {
    *err_ = "ELF in section id " + std::to_string(elf_section_->id) + " (at offset " +
            hex(uint64_t(elf_section_->data.data() - bytes_.data())) + "): " + e;
    return false;
  }
  text_ = elf_.findSection(".text");
  if (!text_ || !text_->hasFileData()) {
    *err_ = "the ELF in section id " + std::to_string(elf_section_->id) + " has no .text";
    return false;
  }
  return true;
}

bool GalliumReader::checkKernelSections() {
  std::unordered_map<uint32_t, const GalSection*> by_id;
  for (const GalSection& x : sections_) by_id.emplace(x.id, &x);
  for (size_t i = 0; i < kernels_.size(); ++i) {
    const GalKernel& k = kernels_[i];
    const auto found = by_id.find(k.section_id);
    if (found == by_id.end()) {
      *err_ = kernelLabel(i) + ": section id " + std::to_string(k.section_id) +
              " not in the section table (ids:" +
              listOf(sections_, [](const GalSection& x) { return x.id; }) + ")";
      return false;
    }
    const GalSection* s = found->second;
    if (s != elf_section_) {
      *err_ = kernelLabel(i) + ": section id " + std::to_string(k.section_id) + " (type " +
              std::to_string(s->type) + ") is not the code section (id " +
              std::to_string(elf_section_->id) + ")";
      return false;
    }
    if (k.offset >= text_->size) {
      *err_ = kernelLabel(i) + ": offset " + hex(k.offset) + " is outside .text (" +
              hex(text_->size) + " bytes)";
      return false;
    }
  }
  return true;
}

bool GalliumReader::checkKernelSymbols() {
  const uint16_t text_index = uint16_t(text_ - elf_.sections().data());
  std::unordered_map<std::string, const Symbol*> defined;
  for (const Symbol& s : elf_.symbols())
    if (s.shndx != kShnUndef) defined.emplace(s.name, &s);
  for (size_t i = 0; i < kernels_.size(); ++i) {
    const GalKernel& k = kernels_[i];
    const auto found = defined.find(k.name);
    const Symbol* sym = found == defined.end() ? nullptr : found->second;
    if (!sym) {
      *err_ = kernelLabel(i) + ": no defined symbol '" + k.name + "' in the ELF";
      return false;
    }
    if (sym->shndx != text_index || sym->bind != 1)
      b_.problems->push_back(kernelLabel(i) + ": symbol '" + k.name + "' is not a global " +
                             "symbol in .text");
    if (sym->value != k.offset)
      b_.problems->push_back(kernelLabel(i) + ": symbol value " + hex(sym->value) +
                             " differs from the kernel table offset " + hex(k.offset));
  }
  return true;
}

// .AMDGPU.config holds one block of (register, value) pairs per global
// defined symbol. Mesa pairs them with the symbols in address order.
bool GalliumReader::findConfig() {
  const Section* c = elf_.findSection(".AMDGPU.config");
  if (!c || !c->hasFileData()) return true;
  config_ = elf_.contents(*c);
  std::vector<uint64_t> symtab_order;
  for (const Symbol& s : elf_.symbols())
    if (s.bind == 1 && s.shndx != kShnUndef && !s.dynamic) symtab_order.push_back(s.value);
  config_symbols_ = symtab_order;
  std::stable_sort(config_symbols_.begin(), config_symbols_.end());
  const uint64_t n = config_symbols_.size();
  if (n == 0 || config_.size() % n || (config_.size() / n) % 8) {
    *err_ = ".AMDGPU.config (" + std::to_string(config_.size()) + " bytes) does not split " +
            "into 8-byte register pairs for each of the " + std::to_string(n) + " global symbols";
    return false;
  }
  config_block_ = config_.size() / n;
  if (symtab_order != config_symbols_)
    b_.problems->push_back(
        ".AMDGPU.config: the global symbols are not in address order; "
        "Mesa pairs the config blocks by address (used here), CLRX by "
        "symbol order");
  b_.fact(".AMDGPU.config", std::to_string(config_block_ / 8) + " register pairs per kernel" +
                                (config_block_ == 40 ? " (LLVM >= 3.9)" : ""));
  return true;
}

// amd_kernel_code_t at a kernel's offset (LLVM >= 4): version 1, machine
// kind 1 and an entry offset inside .text.
bool looksLikeKernelCode(ByteView text, uint64_t off) {
  if (!text.contains(off, kAmdKernelCodeSize)) return false;
  const int64_t entry = int64_t(text.u64(off + 16));
  return text.u32(off) == 1 && text.u16(off + 8) == 1 && entry >= int64_t(kAmdKernelCodeSize) &&
         uint64_t(entry) <= text.size() - off;
}

void GalliumReader::detectHsa() {
  const ByteView text = elf_.contents(*text_);
  size_t with = 0;
  for (const GalKernel& k : kernels_) with += looksLikeKernelCode(text, k.offset);
  hsa_ = with == kernels_.size() && with > 0;
  if (with && !hsa_)
    b_.problems->push_back(std::to_string(with) + " of " + std::to_string(kernels_.size()) +
                           " kernels start with amd_kernel_code_t; reading none as AMDHSA");
}

void GalliumReader::readConfig(size_t i, const std::string& where, Kernel* k) {
  if (!config_block_) return;
  const uint64_t value = kernels_[i].offset;
  const auto it = std::lower_bound(config_symbols_.begin(), config_symbols_.end(), value);
  if (it == config_symbols_.end() || *it != value) {
    b_.problems->push_back(where + ": no global symbol at offset " + hex(value) +
                           " to pair a .AMDGPU.config block with");
    return;
  }
  const ByteView block =
      config_.sub(uint64_t(it - config_symbols_.begin()) * config_block_, config_block_);
  bool rsrc1 = false, rsrc2 = false;
  for (uint64_t o = 0; o + 8 <= block.size(); o += 8) {
    const uint32_t reg = block.u32(o), v = block.u32(o + 4);
    if (reg == kRegRsrc1 && !hsa_) k->rsrc1 = decodeRsrc1(v), rsrc1 = true;
    if (reg == kRegRsrc2 && !hsa_) k->rsrc2 = decodeRsrc2(v), rsrc2 = true;
    // COMPUTE_TMPRING_SIZE.WAVESIZE: 1 KiB units per wave of 64.
    if (reg == kRegTmpringSize && !hsa_) k->scratch_bytes = ((v >> 12) & 0x1fff) * 1024 / 64;
    const std::string name = reg == kRegRsrc1         ? "COMPUTE_PGM_RSRC1"
                             : reg == kRegRsrc2       ? "COMPUTE_PGM_RSRC2"
                             : reg == kRegTmpringSize ? "COMPUTE_TMPRING_SIZE"
                             : reg == kSpilledSgprs   ? "spilled SGPRs"
                             : reg == kSpilledVgprs   ? "spilled VGPRs"
                                                      : "register " + hex(reg);
    k->facts.emplace_back("config " + name, hex(v));
  }
  if (!hsa_ && (!rsrc1 || !rsrc2))
    b_.problems->push_back(where + ": .AMDGPU.config block lacks COMPUTE_PGM_RSRC" +
                           std::string(rsrc1 ? "2" : "1") + " (0x" + (rsrc1 ? "b84c" : "b848") +
                           ")");
}

// Clover lays out each argument at its target alignment, extended to its
// target size; gridoffset is three such values. The old ABI's kernel finds
// that buffer after the setup dwords, alignment counted from its start.
void GalliumReader::fillArgs(const GalKernel& g, const std::string& where, Kernel* k) {
  const uint32_t base = hsa_ ? 0 : kOldAbiArgBase;
  uint32_t off = 0;
  for (size_t j = 0; j < g.args.size(); ++j) {
    const GalArg& ga = g.args[j];
    const std::string w = where + ": argument " + std::to_string(j);
    Arg a;
    a.type_name = argTypeName(ga.type);
    a.align = ga.target_align;
    const uint32_t elems = ga.semantic == 2 ? 3 : 1;
    a.offset = alignUp(off, ga.target_align);
    off = a.offset;
    for (uint32_t e = 0; e < elems; ++e) off = alignUp(off, ga.target_align) + ga.target_size;
    a.size = off - a.offset;
    a.offset += base;
    switch (ga.type) {
      case 0:
        a.kind = ArgKind::VALUE;
        break;
      case 1:
        a.kind = ArgKind::CONSTANT_POINTER;
        break;
      case 2:
        a.kind = ArgKind::GLOBAL_POINTER;
        break;
      case 3:
        a.kind = ArgKind::LOCAL_POINTER;
        break;
      case 4:
      case 5:
      case 6:
      case 7:
        a.kind = ArgKind::IMAGE;
        a.is_const = ga.type == 4 || ga.type == 6;
        break;
      case 8:
        a.kind = ArgKind::SAMPLER;
        break;
      default:
        b_.problems->push_back(w + ": type " + std::to_string(ga.type) + " is unknown");
    }
    if (ga.semantic != 0) {
      a.kind = ArgKind::HIDDEN;
      a.hidden = semanticName(ga.semantic);
      if (ga.semantic > 4)
        b_.problems->push_back(w + ": semantic " + std::to_string(ga.semantic) + " is unknown");
    }
    if (ga.target_size < ga.size)
      b_.problems->push_back(w + ": target size " + std::to_string(ga.target_size) +
                             " is smaller than its size " + std::to_string(ga.size));
    if (ga.target_align & (ga.target_align - 1))
      b_.problems->push_back(w + ": target alignment " + std::to_string(ga.target_align) +
                             " is not a power of two");
    k->facts.emplace_back("argument " + std::to_string(j),
                          std::string(argTypeName(ga.type)) + ", size " + std::to_string(ga.size) +
                              ", target size " + std::to_string(ga.target_size) + ", align " +
                              std::to_string(ga.target_align) + (ga.ext ? ", sext" : ", zext") +
                              ", " + semanticName(ga.semantic));
    k->args.push_back(std::move(a));
  }
}

void GalliumReader::checkArgsFit(const std::string& where, Kernel* k) {
  if (!hsa_ || k->args.empty()) return;
  const Arg& last = k->args.back();
  const uint64_t end = uint64_t(last.offset) + last.size;
  if (end > k->akc.kernarg_segment_byte_size)
    b_.problems->push_back(where + ": the arguments end at byte " + std::to_string(end) +
                           " but kernarg_segment_byte_size is " +
                           std::to_string(k->akc.kernarg_segment_byte_size));
}

// The device sees .text with .rodata right after it and starts a kernel at
// its offset; the code a kernel owns ends where the next kernel starts.
bool GalliumReader::readKernelCode(const GalKernel& g, const std::string& where, Kernel* k) {
  const ByteView text = elf_.contents(*text_);
  const auto next = std::upper_bound(starts_.begin(), starts_.end(), uint64_t(g.offset));
  const uint64_t end = next == starts_.end() ? text.size() : *next;
  uint64_t start = g.offset;
  if (hsa_) {
    k->akc = decodeAmdKernelCode(text.sub(g.offset, kAmdKernelCodeSize));
    k->has_amd_kernel_code = true;
    start += uint64_t(k->akc.kernel_code_entry_byte_offset);
    if (start > end) {
      *err_ = where + ": kernel_code_entry_byte_offset " +
              std::to_string(k->akc.kernel_code_entry_byte_offset) +
              " passes the next kernel (at " + hex(end) + ")";
      return false;
    }
  }
  k->code = text.sub(start, end - start);
  k->code_offset = uint64_t(k->code.data() - bytes_.data());
  k->code_address = uint32_t(text_->addr + start);
  buildImage(k, uint32_t(start));
  return true;
}

void GalliumReader::buildImage(Kernel* k, uint32_t entry) {
  const ByteView text = elf_.contents(*text_);
  k->image.assign(text.data(), text.data() + text.size());
  if (const Section* ro = elf_.findSection(".rodata"))
    if (ro->hasFileData()) {
      const ByteView r = elf_.contents(*ro);
      k->image.insert(k->image.end(), r.data(), r.data() + r.size());
    }
  k->image_entry = entry;
}

bool GalliumReader::planImages() {
  for (const GalKernel& k : kernels_) starts_.push_back(k.offset);
  std::sort(starts_.begin(), starts_.end());
  const Section* ro = elf_.findSection(".rodata");
  const uint64_t each = text_->size + (ro && ro->hasFileData() ? ro->size : 0);
  if (each && kernels_.size() > kMaxImageBytes / each) {
    *err_ = std::to_string(kernels_.size()) + " kernels with " + std::to_string(each) +
            " bytes of .text and .rodata each need more than " + std::to_string(kMaxImageBytes) +
            " bytes of kernel images";
    return false;
  }
  return true;
}

void GalliumReader::fillFromKernelCode(const std::string& where, Gen gen, Kernel* k) {
  const AmdKernelCode& a = k->akc;
  // Mesa programs LDS_SIZE from the kernel's COMPUTE_PGM_RSRC2, which an HSA
  // runtime would take from the dispatch packet instead (readKernel sizes
  // the kernel's LDS from it too).
  AmdKernelCode checked = a;
  checked.rsrc2.granulated_lds_size = 0;
  fillFromAmdKernelCode(checked, gen, where, b_.problems, k);
  k->facts.emplace_back("amd_machine_version", std::to_string(a.amd_machine_version_major) + "." +
                                                   std::to_string(a.amd_machine_version_minor) +
                                                   "." +
                                                   std::to_string(a.amd_machine_version_stepping));
}

bool GalliumReader::readKernel(size_t i, Kernel* k) {
  const GalKernel& g = kernels_[i];
  const std::string where = kernelLabel(i);
  k->name = g.name;
  if (!readKernelCode(g, where, k)) return false;
  const Gen gen = b_.p->isaTarget().gen;
  if (hsa_) fillFromKernelCode(where, gen, k);
  readConfig(i, where, k);
  k->lds_bytes = k->rsrc2.granulated_lds_size * (gen == Gen::GFX6 ? 256 : 512);
  if (hsa_ && !k->lds_bytes) k->lds_bytes = k->akc.workgroup_group_segment_byte_size;
  if (!hsa_) {
    k->sgprs = allocatedSgprs(k->rsrc1, gen);
    k->vgprs = allocatedVgprs(k->rsrc1, gen);
    k->facts.emplace_back("user SGPRs",
                          "s[0:1] setup and argument buffer" +
                              std::string(k->rsrc2.user_sgpr_count >= 4 ? ", s[2:3] scratch" : "") +
                              " (" + std::to_string(k->rsrc2.user_sgpr_count) + " user SGPRs)");
  }
  fillArgs(g, where, k);
  checkArgsFit(where, k);
  return true;
}

// Mesa patches the literals these relocations name with the scratch buffer
// descriptor's first two words.
void GalliumReader::relocationFacts(const Section& rel) {
  const bool wide = elf_.header().is64;
  const uint64_t size = wide ? 16 : 8;
  const ByteView r = elf_.contents(rel);
  for (uint64_t o = 0; o + size <= r.size(); o += size) {
    const uint64_t offset = wide ? r.u64(o) : r.u32(o);
    const uint64_t sym = wide ? r.u64(o + 8) >> 32 : r.u32(o + 4) >> 8;
    const std::string name =
        sym < elf_.symbols().size() ? elf_.symbols()[sym].name : "symbol " + std::to_string(sym);
    b_.fact("relocation", ".text+" + hex(offset) + ": " + name);
  }
}

void GalliumReader::elfFacts() {
  const ElfHeader& h = elf_.header();
  b_.fact("ELF", std::string(h.is64 ? "ELF64" : "ELF32") + ", e_machine " +
                     std::to_string(h.machine) + ", OS ABI " + std::to_string(h.os_abi));
  b_.fact(
      "code section type",
      std::to_string(elf_section_->type) +
          (elf_section_->type == kSectionTextExecutable ? " (executable: Mesa >= 17)" : " (text)"));
  if (const Section* c = elf_.findSection(".comment"))
    if (c->hasFileData()) {
      const ByteView v = elf_.contents(*c);
      b_.fact("comment", std::string(reinterpret_cast<const char*>(v.data()), v.size()));
    }
  if (const Section* rel = elf_.findSection(".rel.text"))
    if (rel->hasFileData()) relocationFacts(*rel);
  if (const Section* ro = elf_.findSection(".rodata"))
    if (ro->hasFileData()) b_.setGlobalData(elf_.contents(*ro));
}

bool GalliumReader::read() {
  uint64_t pos = 0;
  if (!parseKernelTable(&pos) || !parseSections(pos) || !parseElf() || !checkKernelSections() ||
      !checkKernelSymbols() || !findConfig())
    return false;
  detectHsa();
  if (!planImages()) return false;
  if (!hsa_ && !config_block_ && !kernels_.empty()) {
    *err_ = "no .AMDGPU.config section and no amd_kernel_code_t at the kernel offsets";
    return false;
  }
  b_.setFormat(Format::GALLIUM, hsa_ ? Abi::GALLIUM_HSA : Abi::GALLIUM, elf_.header().is64);
  if (!b_.setDevice("", o_, err_)) return false;
  elfFacts();
  for (size_t i = 0; i < kernels_.size(); ++i) {
    Kernel k;
    if (!readKernel(i, &k)) return false;
    b_.kernels().push_back(std::move(k));
  }
  return true;
}

}  // namespace

bool readGallium(ProgramBuilder& b, const LoadOptions& o, std::string* err) {
  return GalliumReader(b, o, err).read();
}

}  // namespace gcn::codeobj::opencl
