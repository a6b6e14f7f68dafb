// An amdhsa code object loaded from bytes: ELF structure, target (e_flags),
// notes, typed metadata and one KernelInfo per kernel (v3+ kernel
// descriptor or v2 amd_kernel_code_t, entry point, machine code), all
// cross-checked. This is what objdump prints and what dispatch runs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "codeobj/eflags.h"
#include "codeobj/elf.h"
#include "codeobj/kernel_code.h"
#include "codeobj/kernel_descriptor.h"
#include "codeobj/metadata.h"
#include "codeobj/notes.h"
#include "isa/target.h"

namespace gcn::codeobj {

struct KernelInfo {
  std::string name;               // kernel (function) name
  std::string descriptor_symbol;  // "k.kd" (v3+) or "k" (v2: amd_kernel_code_t)
  uint64_t descriptor_vaddr = 0, descriptor_offset = 0;  // address, file offset
  bool has_kernel_descriptor = false;  // v3+
  bool has_amd_kernel_code = false;    // v2
  KernelDescriptor kd;
  AmdKernelCode akc;
  uint64_t entry_vaddr = 0, entry_offset = 0;  // first instruction
  ByteView code;                      // machine code from the entry (validated)
  const KernelMeta* meta = nullptr;   // never null after a successful load

  // The same facts whichever header the kernel has.
  uint32_t groupSegmentSize() const;
  uint32_t privateSegmentSize() const;
  uint64_t kernargSize() const;
  const PgmRsrc1& rsrc1() const { return has_kernel_descriptor ? kd.rsrc1 : akc.rsrc1; }
  const PgmRsrc2& rsrc2() const { return has_kernel_descriptor ? kd.rsrc2 : akc.rsrc2; }
};

struct LoadOptions {
  // Strict: any validation problem (reserved bits, counts that disagree,
  // metadata vs descriptor) fails the load. Lenient: they become warnings
  // (objdump uses this to show what it can). Structural errors (bounds,
  // missing descriptor or metadata) always fail.
  bool strict = true;
};

class CodeObject {
 public:
  CodeObject() = default;
  CodeObject(const CodeObject&) = delete;
  CodeObject& operator=(const CodeObject&) = delete;
  CodeObject(CodeObject&&) = default;
  CodeObject& operator=(CodeObject&&) = default;

  // Takes a copy of the bytes; false with "what and where" on error.
  bool load(const uint8_t* data, size_t size, std::string* err, const LoadOptions& o = {});
  bool loadFile(const std::string& path, std::string* err, const LoadOptions& o = {});

  const ElfFile& elf() const { return elf_; }
  const TargetInfo& target() const { return target_; }
  // The decoder target (gen + features) for the e_flags processor.
  const Target& isaTarget() const { return isa_target_; }
  const std::vector<Note>& notes() const { return notes_; }
  const V2Notes& v2Notes() const { return v2_; }
  const Metadata& metadata() const { return metadata_; }
  const std::vector<KernelInfo>& kernels() const { return kernels_; }
  const KernelInfo* findKernel(const std::string& name) const;
  const std::vector<std::string>& warnings() const { return warnings_; }
  ByteView bytes() const { return ByteView(data_ ? data_->data() : nullptr, data_ ? data_->size() : 0); }

  // The PT_LOAD segments laid out from the lowest p_vaddr (*base): what a
  // loader copies to device memory. False if there are none or the image
  // would exceed 256 MiB.
  bool loadImage(std::vector<uint8_t>* image, uint64_t* base, std::string* err) const;

 private:
  bool loadNotes(std::vector<std::string>* problems, std::string* err);
  bool loadKernelsV3(std::vector<std::string>* problems, std::string* err);
  bool loadKernelsV2(std::vector<std::string>* problems, std::string* err);
  bool finishKernel(KernelInfo* k, uint64_t code_limit_vaddr, std::vector<std::string>* problems,
                    std::string* err);

  std::unique_ptr<std::vector<uint8_t>> data_;
  ElfFile elf_;
  TargetInfo target_;
  Target isa_target_;
  std::vector<Note> notes_;
  V2Notes v2_;
  Metadata metadata_;
  std::vector<KernelInfo> kernels_;
  std::vector<std::string> warnings_;
};

}  // namespace gcn::codeobj
