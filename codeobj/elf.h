// ELF64 little-endian reader for AMDGPU code objects: header, program
// headers, sections, symbols. Validates every offset and size against the
// file; the parsed structure only refers to ranges that were checked.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "codeobj/byte_reader.h"

namespace gcn::codeobj {

constexpr uint16_t kEmAmdgpu = 224;
constexpr uint8_t kElfOsAbiAmdgpuHsa = 64, kElfOsAbiAmdgpuPal = 65, kElfOsAbiAmdgpuMesa3d = 66;
constexpr uint16_t kEtRel = 1, kEtExec = 2, kEtDyn = 3;
constexpr uint32_t kShtNull = 0, kShtProgbits = 1, kShtSymtab = 2, kShtStrtab = 3,
                   kShtRela = 4, kShtHash = 5, kShtDynamic = 6, kShtNote = 7, kShtNobits = 8,
                   kShtDynsym = 11;
constexpr uint64_t kShfWrite = 1, kShfAlloc = 2, kShfExecinstr = 4;
constexpr uint32_t kPtLoad = 1, kPtNote = 4;
constexpr uint8_t kSttNotype = 0, kSttObject = 1, kSttFunc = 2, kSttSection = 3,
                  kSttFile = 4, kSttAmdgpuHsaKernel = 10;
constexpr uint16_t kShnUndef = 0, kShnLoreserve = 0xff00, kShnAbs = 0xfff1,
                   kShnAmdgpuLds = 0xff00;

struct ElfHeader {
  bool is64 = true;  // ELFCLASS64 (ELFCLASS32 only with ElfParseOptions::allow_elf32)
  uint8_t os_abi = 0, abi_version = 0;
  uint16_t type = 0, machine = 0;
  uint32_t version = 0, flags = 0;
  uint64_t entry = 0, phoff = 0, shoff = 0;
  uint16_t ehsize = 0, phentsize = 0, phnum = 0, shentsize = 0, shnum = 0, shstrndx = 0;
};

struct Section {
  std::string name;
  uint32_t name_offset = 0, type = 0, link = 0, info = 0;
  uint64_t flags = 0, addr = 0, offset = 0, size = 0, addralign = 0, entsize = 0;
  uint64_t header_offset = 0;  // file offset of this section header
  bool hasFileData() const { return type != kShtNobits && type != kShtNull; }
};

struct Segment {
  uint32_t type = 0, flags = 0;
  uint64_t offset = 0, vaddr = 0, paddr = 0, filesz = 0, memsz = 0, align = 0;
};

struct Symbol {
  std::string name;
  uint64_t value = 0, size = 0;
  uint8_t type = 0, bind = 0, other = 0;
  uint16_t shndx = 0;
  bool dynamic = false;       // from .dynsym
  uint64_t entry_offset = 0;  // file offset of the symbol table entry
};

// AMDHSA code objects are ELF64 with EM_AMDGPU; the OpenCL binaries of
// codeobj/opencl are also ELF32 and use AMD's other machine numbers.
struct ElfParseOptions {
  bool allow_elf32 = false;
  bool any_machine = false;  // any e_machine and e_type
};

class ElfFile {
 public:
  // Parses and validates `bytes` (which must outlive the ElfFile). On
  // failure returns false and a message saying what is wrong and where.
  bool parse(ByteView bytes, std::string* err, const ElfParseOptions& o = {});

  const ElfHeader& header() const { return header_; }
  const std::vector<Section>& sections() const { return sections_; }
  const std::vector<Segment>& segments() const { return segments_; }
  const std::vector<Symbol>& symbols() const { return symbols_; }
  ByteView bytes() const { return bytes_; }

  const Section* findSection(std::string_view name) const;
  // Contents of a section with file data (validated during parse).
  ByteView contents(const Section& s) const { return bytes_.sub(s.offset, s.size); }
  // The section with file data whose address range holds [addr, addr+len);
  // nullptr if none. For ET_REL, addresses are section-relative: pass the
  // section index via `shndx` (or -1 to search by address).
  const Section* sectionForAddress(uint64_t addr, uint64_t len, int shndx = -1) const;
  // File offset of a validated address range, or false.
  bool fileOffset(uint64_t addr, uint64_t len, int shndx, uint64_t* off) const;

 private:
  bool parseHeader(std::string* err);
  bool parseSegments(std::string* err);
  bool parseSections(std::string* err);
  bool parseSymbols(const Section& symtab, std::string* err);

  ByteView bytes_;
  ElfParseOptions options_;
  ElfHeader header_;
  std::vector<Section> sections_;
  std::vector<Segment> segments_;
  std::vector<Symbol> symbols_;
};

std::string_view sectionTypeName(uint32_t type);
std::string_view symbolTypeName(uint8_t type);

}  // namespace gcn::codeobj
