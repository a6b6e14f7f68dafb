#include "codeobj/code_object.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

#include "util/read_file.h"

namespace gcn::codeobj {

uint32_t KernelInfo::groupSegmentSize() const {
  return has_kernel_descriptor ? kd.group_segment_fixed_size : akc.workgroup_group_segment_byte_size;
}
uint32_t KernelInfo::privateSegmentSize() const {
  return has_kernel_descriptor ? kd.private_segment_fixed_size
                               : akc.workitem_private_segment_byte_size;
}
uint64_t KernelInfo::kernargSize() const {
  return has_kernel_descriptor ? kd.kernarg_size : akc.kernarg_segment_byte_size;
}

const KernelInfo* CodeObject::findKernel(const std::string& name) const {
  for (const KernelInfo& k : kernels_)
    if (k.name == name) return &k;
  return nullptr;
}

bool CodeObject::loadFile(const std::string& path, std::string* err, const LoadOptions& o) {
  return loadWholeFile(path, err, [&](const uint8_t* data, size_t size, std::string* e) {
    return load(data, size, e, o);
  });
}

bool CodeObject::load(const uint8_t* data, size_t size, std::string* err, const LoadOptions& o) {
  data_ = std::make_unique<std::vector<uint8_t>>(data, data + size);
  notes_.clear();
  v2_ = V2Notes();
  metadata_ = Metadata();
  kernels_.clear();
  warnings_.clear();
  if (!elf_.parse(bytes(), err)) return false;
  if (!decodeTarget(elf_.header(), &target_, err)) return false;
  std::string terr;
  if (!targetFromName(target_.processor, &isa_target_, &terr)) {
    *err = "e_flags at offset 0x30 (EF_AMDGPU_MACH " + hex(target_.mach) + "): " + terr;
    return false;
  }
  if (elf_.header().type != kEtDyn) {
    *err = "e_type at offset 0x10 is " + std::to_string(elf_.header().type) +
           ": only linked (ET_DYN) code objects can be loaded; link relocatable objects with "
           "ld.lld -shared";
    return false;
  }
  std::vector<std::string> problems;
  if (!loadNotes(&problems, err)) return false;
  bool ok = target_.code_object_version == 2 ? loadKernelsV2(&problems, err)
                                               : loadKernelsV3(&problems, err);
  if (!ok) return false;
  if (o.strict && !problems.empty()) {
    *err = problems[0];
    if (problems.size() > 1) *err += " (and " + std::to_string(problems.size() - 1) + " more problems)";
    return false;
  }
  warnings_ = std::move(problems);
  return true;
}

bool CodeObject::loadNotes(std::vector<std::string>* problems, std::string* err) {
  for (const Section& s : elf_.sections())
    if (s.type == kShtNote && !parseNotes(elf_, s, &notes_, err)) return false;
  bool have_meta = false;
  for (const Note& n : notes_) {
    bool msgpack = n.name == "AMDGPU" && n.type == kNtAmdgpuMetadata;
    bool yaml = n.name == "AMD" && n.type == kNtAmdHsaMetadata;
    if (msgpack || yaml) {
      if (have_meta) {
        *err = "second metadata note at offset " + hex(n.offset) + ": only one is allowed";
        return false;
      }
      if (msgpack && target_.code_object_version == 2) {
        *err = "NT_AMDGPU_METADATA note at offset " + hex(n.offset) +
               " in a code object v2 (EI_ABIVERSION 0), which uses YAML metadata";
        return false;
      }
      if (yaml && target_.code_object_version != 2) {
        *err = "NT_AMD_HSA_METADATA note at offset " + hex(n.offset) + " in a code object v" +
               std::to_string(target_.code_object_version) + ", which uses MessagePack metadata";
        return false;
      }
      bool ok = msgpack ? decodeMsgpackMetadata(n.desc, n.desc_offset, &metadata_, err)
                        : decodeYamlMetadata(n.desc, n.desc_offset, &metadata_, err);
      if (!ok) return false;
      have_meta = true;
    } else if (n.name == "AMD" && !decodeV2Note(n, &v2_, err)) {
      return false;
    }
  }
  if (!have_meta) {
    *err = target_.code_object_version == 2
               ? "no NT_AMD_HSA_METADATA note: code object v2 for amdhsa requires metadata"
               : "no NT_AMDGPU_METADATA note: code object v" +
                     std::to_string(target_.code_object_version) + " requires metadata";
    return false;
  }
  if (!metadata_.target.empty()) {
    std::string want = "amdgcn-amd-amdhsa--" + target_.targetId();
    if (metadata_.target != want)
      problems->push_back("metadata amdhsa.target is '" + metadata_.target +
                          "' but e_flags (offset 0x30) say '" + want + "'");
  }
  if (v2_.has_isa) {
    const std::string& p = target_.processor;
    uint32_t major = uint32_t(p[3] - '0'), minor = uint32_t(p[4] - '0');
    if (v2_.isa_major != major || v2_.isa_minor != minor)
      problems->push_back("NT_AMD_HSA_ISA_VERSION note says " + std::to_string(v2_.isa_major) +
                          "." + std::to_string(v2_.isa_minor) + " but e_flags name " + p);
  }
  return true;
}

bool CodeObject::finishKernel(KernelInfo* k, uint64_t code_limit, std::vector<std::string>* problems,
                              std::string* err) {
  const Section* text = elf_.sectionForAddress(k->entry_vaddr, 4);
  if (!text || !(text->flags & kShfExecinstr)) {
    *err = "kernel '" + k->name + "': entry point " + hex(k->entry_vaddr) +
           " (from the descriptor at offset " + hex(k->descriptor_offset) +
           ") is not inside an executable section";
    return false;
  }
  if (k->entry_vaddr % 256)
    problems->push_back("kernel '" + k->name + "': entry point " + hex(k->entry_vaddr) +
                        " is not 256-byte aligned");
  uint64_t end = text->addr + text->size;
  if (code_limit > k->entry_vaddr && code_limit < end) end = code_limit;
  k->entry_offset = text->offset + (k->entry_vaddr - text->addr);
  k->code = elf_.bytes().sub(k->entry_offset, end - k->entry_vaddr);
  const KernelMeta* m = k->meta;
  std::string w = "kernel '" + k->name + "': ";
  auto same = [&](const char* what, uint64_t header, uint64_t meta) {
    if (header != meta)
      problems->push_back(w + what + " is " + std::to_string(header) + " in the " +
                          (k->has_kernel_descriptor ? "kernel descriptor" : "amd_kernel_code_t") +
                          " (offset " + hex(k->descriptor_offset) + ") but " +
                          std::to_string(meta) + " in the metadata");
  };
  same("group segment size", k->groupSegmentSize(), m->group_segment_fixed_size);
  same("private segment size", k->privateSegmentSize(), m->private_segment_fixed_size);
  same("kernarg size", k->kernargSize(), m->kernarg_segment_size);
  const Gen gen = isa_target_.gen;
  const uint32_t vgprs = allocatedVgprs(k->rsrc1(), gen);
  if (vgprs < m->vgpr_count)
    problems->push_back(w + "metadata vgpr_count " + std::to_string(m->vgpr_count) +
                        " exceeds the " + std::to_string(vgprs) + " VGPRs COMPUTE_PGM_RSRC1 allocates");
  if (isCdna2On(gen) && k->has_kernel_descriptor) {
    // One file (vgpr_count counts both): VGPRs below ACCUM_OFFSET, AccVGPRs from it.
    const uint32_t accum = accumOffset(k->kd);
    if (accum + m->agpr_count > vgprs)
      problems->push_back(w + "ACCUM_OFFSET " + std::to_string(accum) + " plus metadata agpr_count " +
                          std::to_string(m->agpr_count) + " exceeds the " + std::to_string(vgprs) +
                          " registers COMPUTE_PGM_RSRC1 allocates");
  }
  if (allocatedSgprs(k->rsrc1(), isa_target_.gen) < m->sgpr_count)
    problems->push_back(w + "metadata sgpr_count " + std::to_string(m->sgpr_count) +
                        " exceeds the " + std::to_string(allocatedSgprs(k->rsrc1(), isa_target_.gen)) +
                        " SGPRs COMPUTE_PGM_RSRC1 allocates");
  if (m->wavefront_size != 64)
    problems->push_back(w + "metadata wavefront_size is " + std::to_string(m->wavefront_size) +
                        ", GFX6-GFX9 waves have 64 lanes");
  return true;
}

bool CodeObject::loadKernelsV3(std::vector<std::string>* problems, std::string* err) {
  std::set<std::string> seen;
  for (const Symbol& s : elf_.symbols()) {
    if (s.name.size() <= 3 || s.name.compare(s.name.size() - 3, 3, ".kd") != 0) continue;
    if (s.type != kSttObject || s.shndx == kShnUndef || !seen.insert(s.name).second) continue;
    KernelInfo k;
    k.name = s.name.substr(0, s.name.size() - 3);
    k.descriptor_symbol = s.name;
    k.descriptor_vaddr = s.value;
    k.has_kernel_descriptor = true;
    if (!elf_.fileOffset(s.value, kKernelDescriptorSize, -1, &k.descriptor_offset)) {
      *err = "kernel descriptor symbol '" + s.name + "' (symbol entry at offset " +
             hex(s.entry_offset) + "): address " + hex(s.value) +
             " + 64 bytes is not inside a section with file data";
      return false;
    }
    if (s.size != kKernelDescriptorSize)
      problems->push_back("kernel descriptor symbol '" + s.name + "' has size " +
                          std::to_string(s.size) + ", expected 64");
    if (s.value % 64)
      problems->push_back("kernel descriptor '" + s.name + "' at " + hex(s.value) +
                          " is not 64-byte aligned");
    k.kd = decodeKernelDescriptor(elf_.bytes().sub(k.descriptor_offset, kKernelDescriptorSize));
    checkKernelDescriptor(k.kd, isa_target_.gen,
                          "kernel descriptor '" + s.name + "' at offset " + hex(k.descriptor_offset),
                          problems);
    k.entry_vaddr = s.value + uint64_t(k.kd.kernel_code_entry_byte_offset);
    k.meta = metadata_.findBySymbol(s.name);
    if (!k.meta) {
      *err = "kernel descriptor symbol '" + s.name + "' (offset " + hex(k.descriptor_offset) +
             ") has no entry in amdhsa.kernels";
      return false;
    }
    uint64_t limit = 0;
    bool have_func = false;
    for (const Symbol& f : elf_.symbols())
      if (f.name == k.name && f.type == kSttFunc && f.shndx != kShnUndef) {
        have_func = true;
        if (f.value != k.entry_vaddr)
          problems->push_back("kernel '" + k.name + "': function symbol at " + hex(f.value) +
                              " but the descriptor's entry point is " + hex(k.entry_vaddr));
        else if (f.size)
          limit = f.value + f.size;
      }
    if (!have_func)
      problems->push_back("kernel '" + k.name + "': no STT_FUNC symbol for the entry point");
    if (!finishKernel(&k, limit, problems, err)) return false;
    kernels_.push_back(std::move(k));
  }
  for (const KernelMeta& m : metadata_.kernels)
    if (!seen.count(m.symbol)) {
      *err = "amdhsa.kernels entry '" + m.name + "' names kernel descriptor symbol '" + m.symbol +
             "', which is missing from the symbol tables";
      return false;
    }
  return true;
}

bool CodeObject::loadKernelsV2(std::vector<std::string>* problems, std::string* err) {
  std::set<std::string> seen;
  for (const Symbol& s : elf_.symbols()) {
    if (s.type != kSttAmdgpuHsaKernel || s.shndx == kShnUndef || !seen.insert(s.name).second)
      continue;
    KernelInfo k;
    k.name = s.name;
    k.descriptor_symbol = s.name;
    k.descriptor_vaddr = s.value;
    k.has_amd_kernel_code = true;
    if (!elf_.fileOffset(s.value, kAmdKernelCodeSize, -1, &k.descriptor_offset)) {
      *err = "kernel symbol '" + s.name + "' (symbol entry at offset " + hex(s.entry_offset) +
             "): amd_kernel_code_t at " + hex(s.value) +
             " + 256 bytes is not inside a section with file data";
      return false;
    }
    k.akc = decodeAmdKernelCode(elf_.bytes().sub(k.descriptor_offset, kAmdKernelCodeSize));
    checkAmdKernelCode(k.akc, isa_target_.gen,
                       "amd_kernel_code_t of '" + s.name + "' at offset " + hex(k.descriptor_offset),
                       problems);
    k.entry_vaddr = s.value + uint64_t(k.akc.kernel_code_entry_byte_offset);
    k.meta = metadata_.findByName(s.name);
    if (!k.meta) {
      *err = "kernel symbol '" + s.name + "' (offset " + hex(k.descriptor_offset) +
             ") has no entry in the metadata Kernels";
      return false;
    }
    const std::string& p = target_.processor;
    if (k.akc.amd_machine_version_major != uint32_t(p[3] - '0') ||
        k.akc.amd_machine_version_minor != uint32_t(p[4] - '0'))
      problems->push_back("amd_kernel_code_t of '" + s.name + "': machine version " +
                          std::to_string(k.akc.amd_machine_version_major) + "." +
                          std::to_string(k.akc.amd_machine_version_minor) +
                          " does not match e_flags processor " + p);
    if ((1ull << (k.akc.wavefront_size & 63)) != k.meta->wavefront_size)
      problems->push_back("amd_kernel_code_t of '" + s.name + "': wavefront_size 2^" +
                          std::to_string(k.akc.wavefront_size) + " but metadata says " +
                          std::to_string(k.meta->wavefront_size));
    if (!finishKernel(&k, s.size ? s.value + s.size : 0, problems, err)) return false;
    kernels_.push_back(std::move(k));
  }
  for (const KernelMeta& m : metadata_.kernels)
    if (!seen.count(m.name)) {
      *err = "metadata kernel '" + m.name + "' has no AMDGPU_HSA_KERNEL symbol (missing descriptor)";
      return false;
    }
  return true;
}

bool CodeObject::loadImage(std::vector<uint8_t>* image, uint64_t* base, std::string* err) const {
  uint64_t lo = ~uint64_t(0), hi = 0;
  for (const Segment& s : elf_.segments())
    if (s.type == kPtLoad && s.memsz) {
      lo = std::min(lo, s.vaddr);
      hi = std::max(hi, s.vaddr + s.memsz);
    }
  if (lo >= hi) {
    *err = "no PT_LOAD segments to load";
    return false;
  }
  if (hi - lo > (256u << 20)) {
    *err = "PT_LOAD segments span " + hex(hi - lo) + " bytes (limit 256 MiB)";
    return false;
  }
  image->assign(size_t(hi - lo), 0);
  for (const Segment& s : elf_.segments())
    if (s.type == kPtLoad && s.filesz) {
      ByteView src = elf_.bytes().sub(s.offset, s.filesz);
      std::copy(src.data(), src.data() + src.size(), image->begin() + long(s.vaddr - lo));
    }
  *base = lo;
  return true;
}

}  // namespace gcn::codeobj
