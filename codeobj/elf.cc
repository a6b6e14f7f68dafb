#include "codeobj/elf.h"

#include <algorithm>
#include <cstdio>

namespace gcn::codeobj {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

namespace {

// Record sizes and field offsets of the two ELF classes.
struct ClassLayout {
  uint64_t ehdr, phdr, shdr, sym;
  bool wide;  // ELFCLASS64: addresses, offsets and sizes are 8 bytes
};
constexpr ClassLayout kElf64{64, 56, 64, 24, true};
constexpr ClassLayout kElf32{52, 32, 40, 16, false};

std::string sectionLabel(size_t i, const Section& s) {
  std::string r = "section [" + std::to_string(i) + "]";
  if (!s.name.empty()) r += " '" + s.name + "'";
  return r;
}

}  // namespace

std::string_view sectionTypeName(uint32_t type) {
  switch (type) {
    case kShtNull: return "NULL";
    case kShtProgbits: return "PROGBITS";
    case kShtSymtab: return "SYMTAB";
    case kShtStrtab: return "STRTAB";
    case kShtRela: return "RELA";
    case kShtHash: return "HASH";
    case kShtDynamic: return "DYNAMIC";
    case kShtNote: return "NOTE";
    case kShtNobits: return "NOBITS";
    case kShtDynsym: return "DYNSYM";
    case 0x6ffffff6: return "GNU_HASH";
    case 0x6fff4c03: return "LLVM_ADDRSIG";
    default: return "OTHER";
  }
}

std::string_view symbolTypeName(uint8_t type) {
  switch (type) {
    case kSttNotype: return "NOTYPE";
    case kSttObject: return "OBJECT";
    case kSttFunc: return "FUNC";
    case kSttSection: return "SECTION";
    case kSttFile: return "FILE";
    case kSttAmdgpuHsaKernel: return "AMDGPU_HSA_KERNEL";
    default: return "OTHER";
  }
}

bool ElfFile::parse(ByteView bytes, std::string* err, const ElfParseOptions& o) {
  bytes_ = bytes;
  options_ = o;
  header_ = ElfHeader();
  sections_.clear();
  segments_.clear();
  symbols_.clear();
  return parseHeader(err) && parseSegments(err) && parseSections(err);
}

bool ElfFile::parseHeader(std::string* err) {
  const ByteView& b = bytes_;
  if (b.size() < 4 || b.u8(0) != 0x7f || b.u8(1) != 'E' || b.u8(2) != 'L' || b.u8(3) != 'F') {
    *err = "not an ELF file: bad magic at offset 0x0";
    return false;
  }
  const bool elf32 = b.size() > 4 && b.u8(4) == 1 && options_.allow_elf32;
  if (b.size() > 4 && b.u8(4) != 2 && !elf32) {
    *err = "EI_CLASS at offset 0x4 is " + std::to_string(b.u8(4)) +
           (options_.allow_elf32 ? ", expected ELFCLASS32 (1) or ELFCLASS64 (2)"
                                 : ", expected ELFCLASS64 (2): amdgcn code objects are 64-bit");
    return false;
  }
  const ClassLayout& L = elf32 ? kElf32 : kElf64;
  if (b.size() < L.ehdr) {
    *err = "truncated ELF header: file has " + std::to_string(b.size()) + " bytes, the ELF" +
           (elf32 ? "32" : "64") + " header needs " + std::to_string(L.ehdr);
    return false;
  }
  if (b.u8(5) != 1) {
    *err = "EI_DATA at offset 0x5 is " + std::to_string(b.u8(5)) +
           ", expected ELFDATA2LSB (1)";
    return false;
  }
  if (b.u8(6) != 1) {
    *err = "EI_VERSION at offset 0x6 is " + std::to_string(b.u8(6)) + ", expected 1";
    return false;
  }
  ElfHeader& h = header_;
  h.is64 = !elf32;
  h.os_abi = b.u8(7);
  h.abi_version = b.u8(8);
  h.type = b.u16(16);
  h.machine = b.u16(18);
  h.version = b.u32(20);
  if (elf32) {
    h.entry = b.u32(24);
    h.phoff = b.u32(28);
    h.shoff = b.u32(32);
  } else {
    h.entry = b.u64(24);
    h.phoff = b.u64(32);
    h.shoff = b.u64(40);
  }
  const uint64_t f = elf32 ? 36 : 48;  // e_flags and the 16-bit fields after it
  h.flags = b.u32(f);
  h.ehsize = b.u16(f + 4);
  h.phentsize = b.u16(f + 6);
  h.phnum = b.u16(f + 8);
  h.shentsize = b.u16(f + 10);
  h.shnum = b.u16(f + 12);
  h.shstrndx = b.u16(f + 14);
  if (h.machine != kEmAmdgpu && !options_.any_machine) {
    *err = "e_machine at offset 0x12 is " + std::to_string(h.machine) +
           ", expected EM_AMDGPU (224): not an AMDGPU code object";
    return false;
  }
  if (h.version != 1) {
    *err = "e_version at offset 0x14 is " + std::to_string(h.version) + ", expected 1";
    return false;
  }
  if (h.type != kEtRel && h.type != kEtExec && h.type != kEtDyn && !options_.any_machine) {
    *err = "e_type at offset 0x10 is " + std::to_string(h.type) +
           ", expected ET_REL (1) or ET_DYN (3)";
    return false;
  }
  if (h.ehsize != L.ehdr) {
    *err = "e_ehsize at offset " + hex(f + 4) + " is " + std::to_string(h.ehsize) +
           ", expected " + std::to_string(L.ehdr);
    return false;
  }
  if (h.phnum && h.phentsize != L.phdr) {
    *err = "e_phentsize at offset " + hex(f + 6) + " is " + std::to_string(h.phentsize) +
           ", expected " + std::to_string(L.phdr);
    return false;
  }
  if (h.shnum && h.shentsize != L.shdr) {
    *err = "e_shentsize at offset " + hex(f + 10) + " is " + std::to_string(h.shentsize) +
           ", expected " + std::to_string(L.shdr);
    return false;
  }
  if (h.shnum == 0 && h.shoff != 0) {
    *err = "e_shnum is 0 with e_shoff " + hex(h.shoff) +
           ": extended section numbering is not supported";
    return false;
  }
  return true;
}

bool ElfFile::parseSegments(std::string* err) {
  const ElfHeader& h = header_;
  if (h.phnum == 0) return true;
  const ClassLayout& L = h.is64 ? kElf64 : kElf32;
  if (!bytes_.contains(h.phoff, uint64_t(h.phnum) * L.phdr)) {
    *err = "program header table (e_phoff " + hex(h.phoff) + ", " + std::to_string(h.phnum) +
           " entries) extends past the end of the file (" + std::to_string(bytes_.size()) +
           " bytes)";
    return false;
  }
  for (uint16_t i = 0; i < h.phnum; ++i) {
    uint64_t o = h.phoff + uint64_t(i) * L.phdr;
    Segment s;
    s.type = bytes_.u32(o);
    if (L.wide) {
      s.flags = bytes_.u32(o + 4);
      s.offset = bytes_.u64(o + 8);
      s.vaddr = bytes_.u64(o + 16);
      s.paddr = bytes_.u64(o + 24);
      s.filesz = bytes_.u64(o + 32);
      s.memsz = bytes_.u64(o + 40);
      s.align = bytes_.u64(o + 48);
    } else {
      s.offset = bytes_.u32(o + 4);
      s.vaddr = bytes_.u32(o + 8);
      s.paddr = bytes_.u32(o + 12);
      s.filesz = bytes_.u32(o + 16);
      s.memsz = bytes_.u32(o + 20);
      s.flags = bytes_.u32(o + 24);
      s.align = bytes_.u32(o + 28);
    }
    std::string where = "program header " + std::to_string(i) + " at offset " + hex(o);
    if ((s.type == kPtLoad || s.type == kPtNote) && !bytes_.contains(s.offset, s.filesz)) {
      *err = where + ": p_offset " + hex(s.offset) + " + p_filesz " + hex(s.filesz) +
             " extends past the end of the file (" + std::to_string(bytes_.size()) + " bytes)";
      return false;
    }
    if (s.type == kPtLoad && s.filesz > s.memsz) {
      *err = where + ": p_filesz " + hex(s.filesz) + " is larger than p_memsz " + hex(s.memsz);
      return false;
    }
    if (s.type == kPtLoad && s.vaddr + s.memsz < s.vaddr) {
      *err = where + ": p_vaddr + p_memsz overflows";
      return false;
    }
    segments_.push_back(s);
  }
  return true;
}

bool ElfFile::parseSections(std::string* err) {
  const ElfHeader& h = header_;
  if (h.shnum == 0) return true;
  const ClassLayout& L = h.is64 ? kElf64 : kElf32;
  if (!bytes_.contains(h.shoff, uint64_t(h.shnum) * L.shdr)) {
    *err = "section header table (e_shoff " + hex(h.shoff) + ", " + std::to_string(h.shnum) +
           " entries) extends past the end of the file (" + std::to_string(bytes_.size()) +
           " bytes)";
    return false;
  }
  for (uint16_t i = 0; i < h.shnum; ++i) {
    uint64_t o = h.shoff + uint64_t(i) * L.shdr;
    Section s;
    s.header_offset = o;
    s.name_offset = bytes_.u32(o);
    s.type = bytes_.u32(o + 4);
    if (L.wide) {
      s.flags = bytes_.u64(o + 8);
      s.addr = bytes_.u64(o + 16);
      s.offset = bytes_.u64(o + 24);
      s.size = bytes_.u64(o + 32);
      s.link = bytes_.u32(o + 40);
      s.info = bytes_.u32(o + 44);
      s.addralign = bytes_.u64(o + 48);
      s.entsize = bytes_.u64(o + 56);
    } else {
      s.flags = bytes_.u32(o + 8);
      s.addr = bytes_.u32(o + 12);
      s.offset = bytes_.u32(o + 16);
      s.size = bytes_.u32(o + 20);
      s.link = bytes_.u32(o + 24);
      s.info = bytes_.u32(o + 28);
      s.addralign = bytes_.u32(o + 32);
      s.entsize = bytes_.u32(o + 36);
    }
    if (s.hasFileData() && !bytes_.contains(s.offset, s.size)) {
      *err = "section [" + std::to_string(i) + "] (header at offset " + hex(o) +
             "): sh_offset " + hex(s.offset) + " + sh_size " + hex(s.size) +
             " extends past the end of the file (" + std::to_string(bytes_.size()) + " bytes)";
      return false;
    }
    if (s.addr + s.size < s.addr) {
      *err = "section [" + std::to_string(i) + "] (header at offset " + hex(o) +
             "): sh_addr + sh_size overflows";
      return false;
    }
    sections_.push_back(s);
  }
  // Section names.
  if (h.shstrndx >= h.shnum) {
    *err = "e_shstrndx at offset 0x3e is " + std::to_string(h.shstrndx) +
           ", but there are only " + std::to_string(h.shnum) + " sections";
    return false;
  }
  const Section& strs = sections_[h.shstrndx];
  if (strs.type != kShtStrtab) {
    *err = "section name table [" + std::to_string(h.shstrndx) + "] (header at offset " +
           hex(strs.header_offset) + ") has type " + std::to_string(strs.type) +
           ", expected SHT_STRTAB";
    return false;
  }
  ByteView names = contents(strs);
  for (size_t i = 0; i < sections_.size(); ++i) {
    Section& s = sections_[i];
    std::string_view nm;
    if (!names.cstr(s.name_offset, &nm)) {
      *err = "section [" + std::to_string(i) + "] (header at offset " + hex(s.header_offset) +
             "): sh_name " + hex(s.name_offset) +
             " is not a NUL-terminated string inside the section name table (size " +
             hex(strs.size) + ")";
      return false;
    }
    s.name = std::string(nm);
  }
  // Sections with file data must not overlap each other or the headers.
  std::vector<size_t> order;
  for (size_t i = 0; i < sections_.size(); ++i)
    if (sections_[i].hasFileData() && sections_[i].size) order.push_back(i);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return sections_[a].offset < sections_[b].offset;
  });
  for (size_t k = 0; k < order.size(); ++k) {
    const Section& s = sections_[order[k]];
    if (s.offset < L.ehdr) {
      *err = sectionLabel(order[k], s) + " at offset " + hex(s.offset) +
             " overlaps the ELF header";
      return false;
    }
    uint64_t sh_end = h.shoff + uint64_t(h.shnum) * L.shdr;
    if (s.offset < sh_end && h.shoff < s.offset + s.size) {
      *err = sectionLabel(order[k], s) + " [" + hex(s.offset) + ", " + hex(s.offset + s.size) +
             ") overlaps the section header table [" + hex(h.shoff) + ", " + hex(sh_end) + ")";
      return false;
    }
    if (k + 1 < order.size()) {
      const Section& t = sections_[order[k + 1]];
      if (s.offset + s.size > t.offset) {
        *err = sectionLabel(order[k], s) + " [" + hex(s.offset) + ", " +
               hex(s.offset + s.size) + ") overlaps " + sectionLabel(order[k + 1], t) + " [" +
               hex(t.offset) + ", " + hex(t.offset + t.size) + ")";
        return false;
      }
    }
  }
  for (const Section& s : sections_)
    if (s.type == kShtSymtab || s.type == kShtDynsym)
      if (!parseSymbols(s, err)) return false;
  return true;
}

bool ElfFile::parseSymbols(const Section& symtab, std::string* err) {
  std::string where = "symbol table '" + symtab.name + "' (header at offset " +
                      hex(symtab.header_offset) + ")";
  const ClassLayout& L = header_.is64 ? kElf64 : kElf32;
  const uint64_t kSymSize = L.sym;
  if (symtab.entsize != kSymSize) {
    *err = where + ": sh_entsize is " + std::to_string(symtab.entsize) + ", expected " +
           std::to_string(kSymSize);
    return false;
  }
  if (symtab.size % kSymSize) {
    *err = where + ": sh_size " + hex(symtab.size) + " is not a multiple of " +
           std::to_string(kSymSize);
    return false;
  }
  if (symtab.link >= sections_.size() || sections_[symtab.link].type != kShtStrtab) {
    *err = where + ": sh_link " + std::to_string(symtab.link) +
           " does not name a string table section";
    return false;
  }
  ByteView strs = contents(sections_[symtab.link]);
  ByteView syms = contents(symtab);
  for (uint64_t o = 0; o < symtab.size; o += kSymSize) {
    Symbol s;
    uint32_t name = syms.u32(o);
    const uint64_t info = L.wide ? 4 : 12;  // st_info, st_other, st_shndx
    s.type = syms.u8(o + info) & 0xf;
    s.bind = syms.u8(o + info) >> 4;
    s.other = syms.u8(o + info + 1);
    s.shndx = syms.u16(o + info + 2);
    s.value = L.wide ? syms.u64(o + 8) : syms.u32(o + 4);
    s.size = L.wide ? syms.u64(o + 16) : syms.u32(o + 8);
    s.dynamic = symtab.type == kShtDynsym;
    s.entry_offset = symtab.offset + o;
    std::string_view nm;
    if (!strs.cstr(name, &nm)) {
      *err = where + ": symbol " + std::to_string(o / kSymSize) + " at offset " +
             hex(symtab.offset + o) + " has st_name " + hex(name) +
             " outside its string table or not NUL-terminated";
      return false;
    }
    if (s.shndx != kShnUndef && s.shndx < kShnLoreserve && s.shndx >= sections_.size()) {
      *err = where + ": symbol '" + std::string(nm) + "' at offset " + hex(symtab.offset + o) +
             " has st_shndx " + std::to_string(s.shndx) + " but there are only " +
             std::to_string(sections_.size()) + " sections";
      return false;
    }
    s.name = std::string(nm);
    symbols_.push_back(std::move(s));
  }
  return true;
}

const Section* ElfFile::findSection(std::string_view name) const {
  for (const Section& s : sections_)
    if (s.name == name) return &s;
  return nullptr;
}

const Section* ElfFile::sectionForAddress(uint64_t addr, uint64_t len, int shndx) const {
  auto fits = [&](const Section& s) {
    return s.hasFileData() && addr >= s.addr && addr - s.addr <= s.size &&
           len <= s.size - (addr - s.addr);
  };
  if (shndx >= 0) {
    if (size_t(shndx) >= sections_.size()) return nullptr;
    return fits(sections_[shndx]) ? &sections_[shndx] : nullptr;
  }
  for (const Section& s : sections_)
    if ((s.flags & kShfAlloc) && fits(s)) return &s;
  return nullptr;
}

bool ElfFile::fileOffset(uint64_t addr, uint64_t len, int shndx, uint64_t* off) const {
  const Section* s = sectionForAddress(addr, len, shndx);
  if (!s) return false;
  *off = s->offset + (addr - s->addr);
  return true;
}

}  // namespace gcn::codeobj
