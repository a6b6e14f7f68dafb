#include "codeobj/notes.h"

namespace gcn::codeobj {

std::string typeNameOf(const Note& n) {
  if (n.name == "AMDGPU" && n.type == kNtAmdgpuMetadata) return "NT_AMDGPU_METADATA";
  if (n.name != "AMD") return "";
  switch (n.type) {
    case kNtAmdHsaCodeObjectVersion: return "NT_AMD_HSA_CODE_OBJECT_VERSION";
    case kNtAmdHsaHsail: return "NT_AMD_HSA_HSAIL";
    case kNtAmdHsaIsaVersion: return "NT_AMD_HSA_ISA_VERSION";
    case kNtAmdHsaProducer: return "NT_AMD_HSA_PRODUCER";
    case kNtAmdHsaProducerOptions: return "NT_AMD_HSA_PRODUCER_OPTIONS";
    case kNtAmdHsaExtension: return "NT_AMD_HSA_EXTENSION";
    case kNtAmdHsaMetadata: return "NT_AMD_HSA_METADATA";
    case kNtAmdHsaIsaName: return "NT_AMD_HSA_ISA_NAME";
    default: return "";
  }
}

bool parseNotes(const ElfFile& elf, const Section& sec, std::vector<Note>* out, std::string* err) {
  ByteView b = elf.contents(sec);
  uint64_t pos = 0;
  auto align4 = [](uint64_t v) { return (v + 3) & ~uint64_t(3); };
  while (pos < b.size()) {
    uint64_t at = sec.offset + pos;
    std::string where = "note record at offset " + hex(at) + " in section '" + sec.name + "'";
    uint32_t namesz = 0, descsz = 0, type = 0;
    if (!b.read(pos, &namesz) || !b.read(pos + 4, &descsz) || !b.read(pos + 8, &type)) {
      *err = where + ": truncated note header (" + std::to_string(b.size() - pos) +
             " bytes left, need 12)";
      return false;
    }
    uint64_t name_off = pos + 12;
    uint64_t desc_off = name_off + align4(namesz);
    if (!b.contains(name_off, namesz) || !b.contains(desc_off, descsz)) {
      *err = where + ": namesz " + std::to_string(namesz) + " / descsz " +
             std::to_string(descsz) + " extend past the end of the section (size " +
             hex(sec.size) + ")";
      return false;
    }
    Note n;
    if (namesz) {
      if (b.u8(name_off + namesz - 1) != 0) {
        *err = where + ": owner name is not NUL-terminated";
        return false;
      }
      n.name.assign(reinterpret_cast<const char*>(b.data() + name_off), namesz - 1);
    }
    n.type = type;
    n.offset = at;
    n.desc_offset = sec.offset + desc_off;
    n.desc = b.sub(desc_off, descsz);
    out->push_back(std::move(n));
    uint64_t next = desc_off + align4(descsz);
    pos = next > b.size() ? b.size() : next;  // final padding may be absent
  }
  return true;
}

namespace {

bool str(ByteView d, uint64_t off, uint64_t size, std::string* out) {
  if (!d.contains(off, size)) return false;
  const char* p = reinterpret_cast<const char*>(d.data() + off);
  size_t n = size_t(size);
  while (n && p[n - 1] == 0) --n;  // sizes count the terminating NUL
  out->assign(p, n);
  return true;
}

}  // namespace

bool decodeV2Note(const Note& n, V2Notes* v, std::string* err) {
  const ByteView& d = n.desc;
  std::string where = typeNameOf(n) + " note (desc at offset " + hex(n.desc_offset) + ")";
  auto need = [&](uint64_t bytes) {
    if (d.size() >= bytes) return true;
    *err = where + ": desc is " + std::to_string(d.size()) + " bytes, need at least " +
           std::to_string(bytes);
    return false;
  };
  switch (n.type) {
    case kNtAmdHsaCodeObjectVersion:
      if (!need(8)) return false;
      v->has_version = true;
      v->version_major = d.u32(0);
      v->version_minor = d.u32(4);
      return true;
    case kNtAmdHsaHsail:
      if (!need(11)) return false;
      v->has_hsail = true;
      v->hsail_major = d.u32(0);
      v->hsail_minor = d.u32(4);
      v->profile = d.u8(8);
      v->machine_model = d.u8(9);
      v->default_float_round = d.u8(10);
      return true;
    case kNtAmdHsaIsaVersion: {
      if (!need(16)) return false;
      uint16_t vs = d.u16(0), as = d.u16(2);
      v->isa_major = d.u32(4);
      v->isa_minor = d.u32(8);
      v->isa_stepping = d.u32(12);
      if (!str(d, 16, vs, &v->isa_vendor) || !str(d, 16 + uint64_t(vs), as, &v->isa_arch)) {
        *err = where + ": vendor/architecture name sizes " + std::to_string(vs) + "/" +
               std::to_string(as) + " exceed the desc (" + std::to_string(d.size()) + " bytes)";
        return false;
      }
      v->has_isa = true;
      return true;
    }
    case kNtAmdHsaProducer: {
      if (!need(12)) return false;
      uint16_t ns = d.u16(0);
      v->producer_major = d.u32(4);
      v->producer_minor = d.u32(8);
      if (!str(d, 12, ns, &v->producer)) {
        *err = where + ": producer name size " + std::to_string(ns) + " exceeds the desc";
        return false;
      }
      v->has_producer = true;
      return true;
    }
    case kNtAmdHsaProducerOptions: {
      if (!need(2)) return false;
      uint16_t os = d.u16(0);
      if (!str(d, 2, os, &v->producer_options)) {
        *err = where + ": options size " + std::to_string(os) + " exceeds the desc";
        return false;
      }
      return true;
    }
    case kNtAmdHsaIsaName:
      str(d, 0, d.size(), &v->isa_name);
      return true;
    default:
      return true;  // extension and unknown notes carry nothing we use
  }
}

}  // namespace gcn::codeobj
