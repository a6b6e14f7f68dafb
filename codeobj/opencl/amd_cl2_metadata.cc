#include "codeobj/opencl/amd_cl2_metadata.h"

namespace gcn::codeobj::opencl {
namespace {

// Field offsets of the two metadata classes. The 32-bit header keeps a
// 64-bit argument count; the entries differ only in their first five words.
struct Layout {
  uint64_t word;         // 8 or 4
  uint64_t header;       // the fixed header, before the names
  uint64_t long_header;  // header size from which the hints follow it
  uint64_t entry;        // one argument entry
  uint64_t options, kernel_id, reqd, first_len, second_len, pipes, args_num;
  uint64_t hints, vec_hint_len;
  uint64_t entry_tail;  // where the 32-bit fields of an entry start
};
constexpr Layout k64{8, 168, 0x110, 88, 28, 32, 56, 96, 104, 136, 160, 232, 256, 40};
constexpr Layout k32{4, 112, 0xa4, 64, 20, 24, 48, 72, 76, 92, 104, 144, 156, 20};

uint64_t word(ByteView b, uint64_t off, const Layout& L) {
  return L.word == 8 ? b.u64(off) : b.u32(off);
}

// A string of `len` bytes and its NUL at *pos; advances past the NUL.
bool takeString(ByteView md, uint64_t* pos, uint64_t len, const std::string& what, std::string* out,
                std::vector<std::string>* problems, std::string* err) {
  if (len >= md.size() || !md.contains(*pos, len + 1)) {
    *err = what + " (" + std::to_string(len) + " bytes at offset " + hex(*pos) +
           ") extends past the end of the metadata (" + std::to_string(md.size()) + " bytes)";
    return false;
  }
  out->assign(reinterpret_cast<const char*>(md.data() + *pos), size_t(len));
  if (md.u8(*pos + len) != 0) problems->push_back(what + " is not NUL-terminated");
  *pos += len + 1;
  return true;
}

Cl2ArgEntry readEntry(ByteView md, uint64_t off, const Layout& L) {
  Cl2ArgEntry e;
  e.entry_offset = off;
  const uint64_t t = off + L.entry_tail;
  e.vec_or_res = md.u32(t);
  e.virtual_offset = md.u32(t + 8);
  e.arg_type = md.u32(t + 12);
  e.ptr_alignment = md.u32(t + 16);
  e.ptr_type = md.u32(t + 20);
  e.ptr_space = md.u32(t + 24);
  e.pointer_or_pipe = md.u32(t + 28);
  e.is_volatile = md.u8(t + 32);
  e.is_restrict = md.u8(t + 33);
  e.is_pipe = md.u8(t + 34);
  e.kind_of_type = md.u32(t + 36);
  e.is_const = word(md, t + 40, L);
  return e;
}

bool parseHeader(ByteView md, const Layout& L, const std::string& where, Cl2Metadata* m,
                 std::vector<std::string>* problems, std::string* err) {
  if (md.size() < L.header) {
    *err = where + ": metadata is " + std::to_string(md.size()) + " bytes, its header needs " +
           std::to_string(L.header);
    return false;
  }
  m->header_size = word(md, 0, L);
  m->recorded_size = word(md, L.word, L);
  if (m->header_size < L.header || m->header_size >= md.size()) {
    *err = where + ": metadata header size (offset 0x0) is " + std::to_string(m->header_size) +
           ", outside " + std::to_string(L.header) + ".." + std::to_string(md.size() - 1);
    return false;
  }
  if (m->recorded_size != md.size())
    problems->push_back(where + ": metadata size field (offset " + hex(L.word) + ") is " +
                        std::to_string(m->recorded_size) + " but the symbol is " +
                        std::to_string(md.size()) + " bytes");
  m->options = md.u32(L.options);
  m->kernel_id = md.u16(L.kernel_id);
  for (int i = 0; i < 3; ++i) m->reqd_workgroup_size[i] = word(md, L.reqd + i * L.word, L);
  m->pipes_usage = word(md, L.pipes, L);
  m->has_hints = m->header_size >= L.long_header;
  if (m->has_hints)
    for (int i = 0; i < 3; ++i) m->workgroup_size_hint[i] = word(md, L.hints + i * L.word, L);
  return true;
}

// The vector type hint string follows the two names when the header has the
// hints; some drivers wrote it (one NUL) behind a short header too, which
// shows as an entry size shifted by one byte.
bool takeVecTypeHint(ByteView md, const Layout& L, const std::string& where, uint64_t args_num,
                     uint64_t* pos, Cl2Metadata* m, std::vector<std::string>* problems,
                     std::string* err) {
  if (m->has_hints)
    return takeString(md, pos, word(md, L.vec_hint_len, L), where + ": vec_type_hint",
                      &m->vec_type_hint, problems, err);
  if (args_num && md.contains(*pos, 4) && md.u32(*pos) == uint32_t(L.entry << 8)) *pos += 1;
  return true;
}

bool parseArgs(ByteView md, const Layout& L, const std::string& where, uint64_t args_num,
               uint64_t pos, Cl2Metadata* m, std::vector<std::string>* problems, std::string* err) {
  const uint64_t room = pos <= md.size() ? (md.size() - pos) / L.entry : 0;
  if (room == 0 || args_num > room - 1) {
    *err = where + ": argument count (offset " + hex(L.args_num) + ") is " +
           std::to_string(args_num) + ": " + std::to_string(args_num) + "+1 entries of " +
           std::to_string(L.entry) + " bytes from offset " + hex(pos) +
           " do not fit in the metadata (" + std::to_string(md.size()) + " bytes)";
    return false;
  }
  for (uint64_t i = 0; i < args_num; ++i) {
    const uint64_t off = pos + i * L.entry;
    if (word(md, off, L) != L.entry) {
      *err = where + ": argument " + std::to_string(i) + " entry at offset " + hex(off) +
             " has size " + std::to_string(word(md, off, L)) + ", expected " +
             std::to_string(L.entry);
      return false;
    }
    m->args.push_back(readEntry(md, off, L));
  }
  const uint64_t end = pos + args_num * L.entry;
  if (word(md, end, L) != 0)
    problems->push_back(where + ": the entry after the last argument (offset " + hex(end) +
                        ") is not the zero terminator");
  uint64_t s = end + L.entry;
  for (uint64_t i = 0; i < args_num; ++i) {
    Cl2ArgEntry& e = m->args[i];
    const std::string what = where + ": argument " + std::to_string(i);
    if (!takeString(md, &s, word(md, e.entry_offset + L.word, L), what + " name", &e.name, problems,
                    err) ||
        !takeString(md, &s, word(md, e.entry_offset + 2 * L.word, L), what + " type name",
                    &e.type_name, problems, err))
      return false;
  }
  return true;
}

uint32_t alignUp(uint32_t v, uint32_t a) { return a > 1 ? (v + a - 1) / a * a : v; }

// Element size of a by-value type code; 0 for codes that are no value.
uint32_t valueElemSize(uint32_t arg_type) {
  switch (arg_type) {
    case 2:
    case 6:
      return 1;  // char (2: signed scalar since Crimson 16.3)
    case 3:
    case 7:
      return 2;  // short
    case 4:
    case 8:
      return 4;  // int
    case 5:
    case 9:
      return 8;  // long
    case 11:
      return 4;  // float
    case 12:
      return 8;  // double
    default:
      return 0;
  }
}

void pointerArg(const Cl2ArgEntry& e, uint32_t psize, const std::string& where, Arg* a,
                std::vector<std::string>* problems) {
  a->size = a->align = psize;
  if (e.is_pipe) {
    a->kind = ArgKind::PIPE;
    if (e.ptr_space != 4)
      problems->push_back(where + ": pipe in address space " + std::to_string(e.ptr_space) +
                          ", expected 4 (global)");
    return;
  }
  a->is_const = e.is_const != 0;
  if (e.ptr_type == 18 && e.ptr_space == 4) {
    a->kind = ArgKind::CLKEVENT;
    return;
  }
  switch (e.ptr_space) {
    case 3:
      a->kind = ArgKind::LOCAL_POINTER;
      break;
    case 4:
      a->kind = ArgKind::GLOBAL_POINTER;
      break;
    case 5:
      a->kind = ArgKind::CONSTANT_POINTER;
      break;
    default:
      a->kind = ArgKind::GLOBAL_POINTER;
      problems->push_back(where + ": pointer address space " + std::to_string(e.ptr_space) +
                          " is not 3 (local), 4 (global) or 5 (constant)");
  }
}

void valueArg(const Cl2ArgEntry& e, uint32_t psize, const std::string& where, Arg* a,
              std::vector<std::string>* problems) {
  const uint32_t elem = valueElemSize(e.arg_type);
  uint32_t n = e.vec_or_res;
  if (n != 1 && n != 2 && n != 3 && n != 4 && n != 8 && n != 16) {
    problems->push_back(where + ": vector length " + std::to_string(n) +
                        " is not 1, 2, 3, 4, 8 or 16");
    n = 1;
  }
  if (elem == 0) {
    problems->push_back(where + ": type code " + std::to_string(e.arg_type) + " (kind " +
                        std::to_string(e.kind_of_type) + ") is no known argument type");
    a->size = a->align = psize;
    return;
  }
  // Drivers from 1912.05 record 3-element vectors as 4 elements, older
  // ones as 3: the recorded length is what the argument buffer holds.
  a->size = elem * n;
  a->align = elem;
}

}  // namespace

bool parseCl2Metadata(ByteView md, bool is64, const std::string& where, Cl2Metadata* m,
                      std::vector<std::string>* problems, std::string* err) {
  const Layout& L = is64 ? k64 : k32;
  if (!parseHeader(md, L, where, m, problems, err)) return false;
  const uint64_t args_num = md.u64(L.args_num);
  uint64_t pos = m->header_size;
  return takeString(md, &pos, word(md, L.first_len, L), where + ": first name", &m->first_name,
                    problems, err) &&
         takeString(md, &pos, word(md, L.second_len, L), where + ": second name", &m->second_name,
                    problems, err) &&
         takeVecTypeHint(md, L, where, args_num, &pos, m, problems, err) &&
         parseArgs(md, L, where, args_num, pos, m, problems, err);
}

Arg cl2Arg(const Cl2ArgEntry& e, bool is64, const std::string& where,
           std::vector<std::string>* problems) {
  Arg a;
  a.name = e.name;
  a.type_name = e.type_name;
  const uint32_t psize = is64 ? 8 : 4;
  if (e.pointer_or_pipe) {
    pointerArg(e, psize, where, &a, problems);
  } else if (e.kind_of_type == 1 && e.arg_type == 0) {
    a.kind = ArgKind::SAMPLER;
    a.size = a.align = psize;
    a.resource_id = e.vec_or_res;
  } else if (e.kind_of_type == 2 && e.arg_type >= 1 && e.arg_type <= 3) {
    a.kind = ArgKind::IMAGE;  // 1 read-only, 2 write-only, 3 read-write
    a.size = a.align = psize;
    a.resource_id = e.vec_or_res;
    a.is_const = e.arg_type == 1;
  } else if (e.kind_of_type == 4 && e.arg_type == 15) {
    a.kind = ArgKind::STRUCT;  // passed as a pointer to a copy
    a.size = a.align = psize;
  } else if (e.kind_of_type == 7 && e.arg_type == 18) {
    a.kind = ArgKind::QUEUE;
    a.size = a.align = psize;
  } else {
    if (e.kind_of_type != 4)
      problems->push_back(where + ": kind of type " + std::to_string(e.kind_of_type) +
                          " with type code " + std::to_string(e.arg_type) + " is unknown");
    valueArg(e, psize, where, &a, problems);
  }
  if (a.name.size() > 2 && a.name.compare(0, 2, "_.") == 0) {
    a.kind = ArgKind::HIDDEN;
    a.hidden = a.name.substr(2);
  }
  return a;
}

uint32_t layoutCl2Args(std::vector<Arg>* args) {
  uint32_t off = 0;
  for (Arg& a : *args) {
    a.offset = alignUp(off, a.align);
    off = a.offset + a.size;
  }
  return off;
}

}  // namespace gcn::codeobj::opencl
