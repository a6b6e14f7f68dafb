#include "codeobj/opencl/cal_notes.h"

#include <cstdio>
#include <cstring>

namespace gcn::codeobj::opencl {
namespace {

using Facts = std::vector<std::pair<std::string, std::string>>;

std::string num(uint64_t v) { return std::to_string(v); }

// "05 40 82 ..." for bytes nobody decodes; long runs are cut after 64.
std::string byteList(ByteView b) {
  std::string s;
  const size_t n = b.size() < 64 ? b.size() : 64;
  for (size_t i = 0; i < n; ++i) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%02x", b.u8(i));
    if (i) s += ' ';
    s += buf;
  }
  if (b.size() > n) s += " ... (" + num(b.size()) + " bytes)";
  return s.empty() ? "(empty)" : s;
}

std::string noteLabel(const CalNote& n) {
  std::string name = calNoteName(n.type);
  return name.empty() ? "CAL note type " + num(n.type) : name;
}

// The desc must hold whole records of `rec` bytes; a tail is reported and ignored.
size_t recordCount(const CalNote& n, size_t rec, const std::string& where,
                   std::vector<std::string>* problems) {
  if (n.desc.size() % rec)
    problems->push_back(where + ": " + noteLabel(n) + " at offset " + hex(n.offset) + " has " +
                        num(n.desc.size()) + " bytes, not a multiple of its " + num(rec) +
                        "-byte records");
  return n.desc.size() / rec;
}

// Notes holding one dword (CONDOUT, EARLYEXIT, UAV_MAILBOX_SIZE); CLRX
// also writes them empty.
void singleDword(const CalNote& n, const std::string& where, Facts* facts,
                 std::vector<std::string>* problems) {
  if (n.desc.size() != 0 && n.desc.size() != 4) {
    problems->push_back(where + ": " + noteLabel(n) + " at offset " + hex(n.offset) + " has " +
                        num(n.desc.size()) + " bytes, expected 4");
  }
  facts->emplace_back(noteLabel(n), n.desc.size() >= 4 ? num(n.desc.u32(0)) : "(empty)");
}

// Lists of dwords (INPUTS, OUTPUTS, SCRATCH_BUFFERS).
void dwordList(const CalNote& n, const std::string& where, const char* unit, Facts* facts,
               std::vector<std::string>* problems) {
  const size_t count = recordCount(n, 4, where, problems);
  std::string v;
  for (size_t i = 0; i < count; ++i) v += (i ? ", " : "") + num(n.desc.u32(4 * i)) + unit;
  facts->emplace_back(noteLabel(n), v.empty() ? "none" : v);
}

// Lists of (a, b) dword pairs with the two labels given.
void pairList(const CalNote& n, const std::string& where, const char* a, const char* b,
              Facts* facts, std::vector<std::string>* problems) {
  const size_t count = recordCount(n, 8, where, problems);
  std::string v;
  for (size_t i = 0; i < count; ++i)
    v += std::string(i ? "; " : "") + a + " " + num(n.desc.u32(8 * i)) + " " + b + " " +
         num(n.desc.u32(8 * i + 4));
  facts->emplace_back(noteLabel(n), v.empty() ? "none" : v);
}

void uavList(const CalNote& n, const std::string& where, Facts* facts,
             std::vector<std::string>* problems) {
  const size_t count = recordCount(n, 16, where, problems);
  std::string v;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t o = 16 * i;
    v += std::string(i ? "; " : "") + "uav " + num(n.desc.u32(o)) + " (f1 " +
         num(n.desc.u32(o + 4)) + ", f2 " + num(n.desc.u32(o + 8)) + ", type " +
         num(n.desc.u32(o + 12)) + ")";
  }
  facts->emplace_back(noteLabel(n), v.empty() ? "none" : v);
}

void uavOpMask(const CalNote& n, Facts* facts) {
  uint32_t words[32] = {};
  const size_t count = n.desc.size() / 4 < 32 ? n.desc.size() / 4 : 32;
  for (size_t i = 0; i < count; ++i) words[i] = n.desc.u32(4 * i);
  facts->emplace_back(noteLabel(n), "uav ids " + maskIds(words, 32));
}

// Name of a PROGINFO address that carries one plain value; nullptr otherwise.
const char* progInfoName(uint32_t address) {
  switch (address) {
    case kPiUserElementCount: return "proginfo user elements";
    case kPiNumVgprs: return "proginfo vgprs";
    case kPiNumSgprs: return "proginfo sgprs";
    case kPiFloatMode: return "proginfo float mode";
    case kPiIeeeMode: return "proginfo ieee mode";
    case kPiScratchDwords: return "proginfo scratch dwords per work-item";
    case kPiSgprsAvailable: return "proginfo sgprs available";
    case kPiVgprsAvailable: return "proginfo vgprs available";
    case kPiComputePgmRsrc2: return "COMPUTE_PGM_RSRC2";
    case kPiThreadsPerGroupX: return "proginfo threads per group x";
    case kPiThreadsPerGroupY: return "proginfo threads per group y";
    case kPiThreadsPerGroupZ: return "proginfo threads per group z";
    case kPiUavMaskLow: return "proginfo uav mask (ids 0-31)";
    case kPiThreadGroups: return "proginfo thread groups";
    case kPiWavesPerSimd: return "proginfo waves per simd";
    case kPiWavefrontSize: return "proginfo wavefront size";
    case kPiLdsAvailable: return "proginfo lds bytes available";
    case kPiLdsUsed: return "proginfo lds bytes used";
    default: return nullptr;
  }
}

// Keeps the values the reader uses; other addresses are only listed.
void storeProgInfo(uint32_t a, uint32_t v, ProgInfo* pi) {
  switch (a) {
    case kPiUserElementCount: pi->has_user_count = true, pi->user_count = v; return;
    case kPiNumVgprs: pi->has_vgprs = true, pi->vgprs = v; return;
    case kPiNumSgprs: pi->has_sgprs = true, pi->sgprs = v; return;
    case kPiFloatMode: pi->has_float_mode = true, pi->float_mode = v; return;
    case kPiIeeeMode: pi->has_ieee_mode = true, pi->ieee_mode = v; return;
    case kPiScratchDwords: pi->has_scratch = true, pi->scratch_dwords = v; return;
    case kPiComputePgmRsrc2: pi->has_rsrc2 = true, pi->rsrc2 = v; return;
    case kPiThreadsPerGroupX: pi->has_threads[0] = true, pi->threads[0] = v; return;
    case kPiThreadsPerGroupY: pi->has_threads[1] = true, pi->threads[1] = v; return;
    case kPiThreadsPerGroupZ: pi->has_threads[2] = true, pi->threads[2] = v; return;
    case kPiUavMaskLow: pi->has_uav_mask_low = true, pi->uav_mask_low = v; return;
    case kPiLdsUsed: pi->has_lds_used = true, pi->lds_used = v; return;
    default: break;
  }
  if (a >= kPiUserElementsFirst && a < kPiUserElementsEnd) {
    // Four consecutive addresses per element: class, api slot, first register, count.
    const uint32_t i = (a - kPiUserElementsFirst) / 4, field = (a - kPiUserElementsFirst) % 4;
    UserData& u = pi->user[i];
    uint32_t* dst[4] = {&u.data_class, &u.api_slot, &u.reg_start, &u.reg_size};
    *dst[field] = v;
    pi->user_fields[i] |= uint8_t(1u << field);
  } else if (a >= kPiUavMaskFirst && a < kPiUavMaskEnd) {
    pi->has_uav_mask = true;
    pi->uav_mask[a - kPiUavMaskFirst] = v;
  }
}

std::string progInfoValue(uint32_t a, uint32_t v) {
  switch (a) {
    case kPiFloatMode:
    case kPiComputePgmRsrc2:
    case kPiUavMaskLow: {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%08x", v);
      return a == kPiUavMaskLow ? std::string(buf) + " (uav ids " + maskIds(&v, 1) + ")" : buf;
    }
    default: return num(v);
  }
}

void progInfo(const CalNote& n, const std::string& where, ProgInfo* pi, Facts* facts,
              std::vector<std::string>* problems) {
  pi->seen = true;
  const size_t count = recordCount(n, 8, where, problems);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t a = n.desc.u32(8 * i), v = n.desc.u32(8 * i + 4);
    storeProgInfo(a, v, pi);
    // User elements and the UAV mask words are listed whole by the caller.
    if (a >= kPiUserElementsFirst && a < kPiUserElementsEnd) continue;
    if (a >= kPiUavMaskFirst && a < kPiUavMaskEnd) continue;
    if (const char* name = progInfoName(a)) {
      facts->emplace_back(name, progInfoValue(a, v));
    } else {
      char buf[40];
      std::snprintf(buf, sizeof buf, "proginfo 0x%08x", a);
      facts->emplace_back(buf, hex(v));
    }
  }
}

}  // namespace

const char* calNoteName(uint32_t type) {
  static const char* const kNames[] = {
      "",
      "ATI_PROGINFO",
      "ATI_INPUTS",
      "ATI_OUTPUTS",
      "ATI_CONDOUT",
      "ATI_FLOAT32CONSTS",
      "ATI_INT32CONSTS",
      "ATI_BOOL32CONSTS",
      "ATI_EARLYEXIT",
      "ATI_GLOBAL_BUFFERS",
      "ATI_CONSTANT_BUFFERS",
      "ATI_INPUT_SAMPLERS",
      "ATI_PERSISTENT_BUFFERS",
      "ATI_SCRATCH_BUFFERS",
      "ATI_SUB_CONSTANT_BUFFERS",
      "ATI_UAV_MAILBOX_SIZE",
      "ATI_UAV",
      "ATI_UAV_OP_MASK",
  };
  return type < sizeof kNames / sizeof kNames[0] ? kNames[type] : "";
}

std::string maskIds(const uint32_t* words, size_t count) {
  std::string s;
  for (size_t w = 0; w < count; ++w)
    for (uint32_t b = 0; b < 32; ++b)
      if (words[w] >> b & 1) s += (s.empty() ? "" : " ") + num(32 * w + b);
  return s.empty() ? "none" : s;
}

bool parseCalEncodings(const ElfFile& inner, std::vector<CalEncoding>* out, std::string* err) {
  const std::vector<Segment>& segs = inner.segments();
  if (segs.empty() || segs[0].type != kPtCalEncodingDictionary) {
    *err = segs.empty() ? "no program headers, so no CAL encoding dictionary"
                        : "program header 0 has type " + hex(segs[0].type) +
                              ", expected the CAL encoding dictionary (" +
                              hex(kPtCalEncodingDictionary) + ")";
    return false;
  }
  const Segment& dict = segs[0];
  const ByteView b = inner.bytes();
  if (!b.contains(dict.offset, dict.filesz)) {
    *err = "CAL encoding dictionary at offset " + hex(dict.offset) + " size " + hex(dict.filesz) +
           " runs past the end of the inner ELF (" + hex(b.size()) + " bytes)";
    return false;
  }
  if (dict.filesz == 0 || dict.filesz % kCalEncodingEntrySize) {
    *err = "CAL encoding dictionary at offset " + hex(dict.offset) + " has size " +
           hex(dict.filesz) + ", expected a non-zero multiple of " + num(kCalEncodingEntrySize);
    return false;
  }
  for (uint64_t o = dict.offset; o < dict.offset + dict.filesz; o += kCalEncodingEntrySize) {
    CalEncoding e;
    e.entry_offset = o;
    e.machine = b.u32(o);
    e.type = b.u32(o + 4);
    e.offset = b.u32(o + 8);
    e.size = b.u32(o + 12);
    e.flags = b.u32(o + 16);
    if (!b.contains(e.offset, e.size)) {
      *err = "CAL encoding " + num(out->size()) + " (entry at offset " + hex(o) + "): range " +
             hex(e.offset) + " size " + hex(e.size) + " runs past the end of the inner ELF (" +
             hex(b.size()) + " bytes)";
      return false;
    }
    out->push_back(e);
  }
  // The remaining program headers belong to the encodings in order; one
  // that ends where its encoding ends closes that encoding.
  size_t enc = 0;
  for (size_t i = 1; i < segs.size(); ++i) {
    if (enc >= out->size()) {
      *err = "program header " + num(i) + " lies after the last CAL encoding's range";
      return false;
    }
    CalEncoding& e = (*out)[enc];
    const Segment& s = segs[i];
    const uint64_t end = uint64_t(e.offset) + e.size;
    if (s.offset < e.offset || s.offset > end || s.filesz > end - s.offset) {
      *err = "program header " + num(i) + " [" + hex(s.offset) + ", " + hex(s.offset + s.filesz) +
             ") lies outside CAL encoding " + num(enc) + " [" + hex(e.offset) + ", " + hex(end) +
             ")";
      return false;
    }
    e.segments.push_back(i);
    if (s.offset + s.filesz == end) ++enc;
  }
  return true;
}

bool parseCalNotes(const ElfFile& inner, const Segment& seg, std::vector<CalNote>* out,
                   std::string* err) {
  const ByteView b = inner.bytes().sub(seg.offset, seg.filesz);
  if (b.size() != seg.filesz) {
    *err = "note segment at offset " + hex(seg.offset) + " size " + hex(seg.filesz) +
           " runs past the end of the inner ELF";
    return false;
  }
  uint64_t pos = 0;
  for (size_t i = 0; pos < b.size(); ++i) {
    const uint64_t at = seg.offset + pos;
    const std::string where = "CAL note " + num(i) + " at offset " + hex(at);
    const uint64_t left = b.size() - pos;
    if (left < kCalNoteHeaderSize) {
      *err = where + ": header needs " + num(kCalNoteHeaderSize) + " bytes, " + hex(left) +
             " left in the note segment";
      return false;
    }
    const uint32_t namesz = b.u32(pos), descsz = b.u32(pos + 4), type = b.u32(pos + 8);
    if (namesz != 8 || std::memcmp(b.data() + pos + 12, "ATI CAL", 8) != 0) {
      *err = where + ": owner is not \"ATI CAL\" (namesz " + num(namesz) + ")";
      return false;
    }
    if (descsz > left - kCalNoteHeaderSize) {
      *err = where + ": size " + hex(descsz) + " runs past the note segment (" +
             hex(left - kCalNoteHeaderSize) + " bytes left)";
      return false;
    }
    CalNote n;
    n.type = type;
    n.offset = at;
    n.desc = b.sub(pos + kCalNoteHeaderSize, descsz);
    out->push_back(n);
    pos += kCalNoteHeaderSize + descsz;
  }
  return true;
}

void decodeCalNote(const CalNote& n, const std::string& where, ProgInfo* pi, Facts* facts,
                   std::vector<std::string>* problems) {
  switch (n.type) {
    case kCalProgInfo: progInfo(n, where, pi, facts, problems); return;
    case kCalInputs: dwordList(n, where, "", facts, problems); return;
    case kCalOutputs: dwordList(n, where, "", facts, problems); return;
    case kCalScratchBuffers: dwordList(n, where, " dwords", facts, problems); return;
    case kCalCondOut:
    case kCalEarlyExit:
    case kCalUavMailboxSize: singleDword(n, where, facts, problems); return;
    case kCalFloat32Consts:
    case kCalInt32Consts:
    case kCalBool32Consts: pairList(n, where, "offset", "size", facts, problems); return;
    case kCalConstantBuffers: pairList(n, where, "cb", "size/16", facts, problems); return;
    case kCalInputSamplers: pairList(n, where, "input", "sampler", facts, problems); return;
    case kCalUav: uavList(n, where, facts, problems); return;
    case kCalUavOpMask: uavOpMask(n, facts); return;
    case kCalGlobalBuffers:
    case kCalPersistentBuffers:
    case kCalSubConstantBuffers: facts->emplace_back(noteLabel(n), byteList(n.desc)); return;
    default:
      problems->push_back(where + ": CAL note at offset " + hex(n.offset) + " has unknown type " +
                          num(n.type));
      facts->emplace_back(noteLabel(n), byteList(n.desc));
      return;
  }
}

}  // namespace gcn::codeobj::opencl
