#include "codeobj/opencl/amd_metadata.h"

#include <algorithm>

namespace gcn::codeobj::opencl {
namespace {

using Fields = std::vector<std::string_view>;

std::string num(uint64_t v) { return std::to_string(v); }

// Splits at `sep`; the last of `max_fields` fields keeps the rest whole
// (type names in ;reflection lines may hold the separator).
Fields split(std::string_view s, char sep, size_t max_fields) {
  Fields f;
  while (f.size() + 1 < max_fields) {
    const size_t p = s.find(sep);
    if (p == std::string_view::npos) break;
    f.push_back(s.substr(0, p));
    s.remove_prefix(p + 1);
  }
  f.push_back(s);
  return f;
}

bool decimal(std::string_view s, uint32_t* v) {
  if (s.empty() || s.size() > 10) return false;
  uint64_t r = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    r = r * 10 + uint64_t(c - '0');
  }
  if (r > UINT32_MAX) return false;
  *v = uint32_t(r);
  return true;
}

// One line being read: failures name it.
struct Line {
  size_t no = 0;
  std::string_view text;
  Fields f;  // f[0] is the key
  std::string* err = nullptr;

  std::string label() const {
    std::string t(text.substr(0, 80));
    if (text.size() > 80) t += "...";
    return "metadata line " + num(no) + " '" + t + "'";
  }
  bool fail(const std::string& what) const {
    *err = label() + ": " + what;
    return false;
  }
  bool need(size_t n) const {
    if (f.size() >= n) return true;
    return fail("has " + num(f.size()) + " fields, expected " + num(n));
  }
  bool number(size_t i, const char* what, uint32_t* v) const {
    if (i < f.size() && decimal(f[i], v)) return true;
    return fail(std::string(what) + " '" + std::string(i < f.size() ? f[i] : "") +
                "' is not a decimal number");
  }
  void flag(size_t i, const char* what, bool* v, std::vector<std::string>* problems) const {
    if (f[i] != "0" && f[i] != "1")
      problems->push_back(label() + ": " + what + " '" + std::string(f[i]) + "' is not 0 or 1");
    *v = f[i] == "1";
  }
};

bool validVectorSize(uint32_t n) {
  return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16;
}

// The field after an argument's size names the constant buffer its slot
// is in; the runtime fills constant buffer 1 only.
void checkBuffer(const Line& l, size_t i, std::vector<std::string>* problems) {
  if (l.f[i] != "1")
    problems->push_back(l.label() + ": the slot is in constant buffer '" + std::string(l.f[i]) +
                        "', not 1");
}

AmdMetaArg startArg(const Line& l, const char* kind) {
  AmdMetaArg a;
  a.line_kind = kind;
  a.name = std::string(l.f[1]);
  a.line = l.no;
  return a;
}

// ;value:NAME:TYPE:VECSIZE:1:OFFSET and ;value:NAME:struct:SIZE:1:OFFSET
bool readValue(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  if (!l.need(6)) return false;
  AmdMetaArg a = startArg(l, "value");
  a.type = std::string(l.f[2]);
  if (a.type == "struct") {
    if (!l.number(3, "struct size", &a.struct_size)) return false;
  } else {
    if (amdValueElementSize(a.type) == 0) return l.fail("unknown value type '" + a.type + "'");
    if (!l.number(3, "vector size", &a.vec)) return false;
    if (!validVectorSize(a.vec))
      return l.fail("vector size " + num(a.vec) + " is not 1-4, 8 or 16");
  }
  if (!l.number(5, "offset", &a.offset)) return false;
  checkBuffer(l, 4, problems);
  md->args.push_back(std::move(a));
  return true;
}

bool knownSpace(std::string_view s) { return s == "uav" || s == "c" || s == "hc" || s == "hl"; }

// ;pointer:NAME:TYPE:1:1:OFFSET:SPACE:RESID:ELEMSIZE[:ACCESS[:VOLATILE:RESTRICT]]
// (9 fields from APP SDK 2.5, the access from 2.6, the flags from
// metadata version 3:1:104 on).
bool readPointer(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  if (!l.need(9)) return false;
  AmdMetaArg a = startArg(l, "pointer");
  a.type = std::string(l.f[2]);
  a.space = std::string(l.f[6]);
  a.access = l.f.size() > 9 ? std::string(l.f[9]) : "RW";
  if (!l.number(5, "offset", &a.offset) || !l.number(7, "resource id", &a.res_id) ||
      !l.number(8, "element size", &a.elem_size))
    return false;
  if (!knownSpace(a.space))
    return l.fail("pointer space '" + a.space + "' is not uav, c, hc or hl");
  if (a.access != "RO" && a.access != "RW")
    return l.fail("pointer access '" + a.access + "' is not RO or RW");
  if (l.f.size() > 10) l.flag(10, "volatile flag", &a.is_volatile, problems);
  if (l.f.size() > 11) l.flag(11, "restrict flag", &a.is_restrict, problems);
  checkBuffer(l, 4, problems);
  md->args.push_back(std::move(a));
  return true;
}

bool knownImageDim(std::string_view d) {
  return d == "1D" || d == "1DA" || d == "1DB" || d == "2D" || d == "2DA" || d == "3D";
}

// ;image:NAME:DIM:ACCESS:RESID:1:OFFSET
bool readImage(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  if (!l.need(7)) return false;
  AmdMetaArg a = startArg(l, "image");
  a.type = std::string(l.f[2]);
  a.access = std::string(l.f[3]);
  if (!knownImageDim(a.type))
    return l.fail("image type '" + a.type + "' is not 1D, 1DA, 1DB, 2D, 2DA or 3D");
  if (a.access != "RO" && a.access != "WO" && a.access != "RW")
    return l.fail("image access '" + a.access + "' is not RO, WO or RW");
  if (!l.number(4, "resource id", &a.res_id) || !l.number(6, "offset", &a.offset)) return false;
  checkBuffer(l, 5, problems);
  md->args.push_back(std::move(a));
  return true;
}

// ;counter:NAME:BITS:RESID:1:OFFSET
bool readCounter(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  if (!l.need(6)) return false;
  AmdMetaArg a = startArg(l, "counter");
  if (!l.number(2, "counter bits", &a.counter_bits) || !l.number(3, "resource id", &a.res_id) ||
      !l.number(5, "offset", &a.offset))
    return false;
  if (a.counter_bits != 32 && a.counter_bits != 64)
    return l.fail("counter width " + num(a.counter_bits) + " is not 32 or 64");
  a.type = "counter" + num(a.counter_bits);
  checkBuffer(l, 4, problems);
  md->args.push_back(std::move(a));
  return true;
}

bool readMemory(const Line& l, AmdMetadata* md) {
  if (!l.need(2)) return false;
  const std::string_view what = l.f[1];
  struct Size {
    const char* name;
    bool* has;
    uint32_t* value;
  } sizes[] = {{"uavprivate", &md->has_uavprivate, &md->uavprivate},
               {"hwlocal", &md->has_hwlocal, &md->hwlocal},
               {"hwregion", &md->has_hwregion, &md->hwregion}};
  for (const Size& s : sizes)
    if (what == s.name) {
      *s.has = true;
      return l.need(3) && l.number(2, s.name, s.value);
    }
  if (what == "datareqd") md->datareqd = true;
  if (what == "64bitABI") md->abi64 = true;
  return true;  // other memory lines are only listed
}

bool readCws(const Line& l, AmdMetadata* md) {
  md->has_cws = true;
  return l.need(4) && l.number(1, "size x", &md->cws[0]) && l.number(2, "size y", &md->cws[1]) &&
         l.number(3, "size z", &md->cws[2]);
}

// ;uavid / ;cbid / ;printfid / ;privateid
bool readId(const Line& l, bool* has, uint32_t* v) {
  *has = true;
  return l.need(2) && l.number(1, "resource id", v);
}

// Lines that refine arguments, applied once all argument lines are read.
struct Refinements {
  std::vector<Line> constargs, samplers, reflections;
};

void applyConstArg(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  uint32_t i = 0;
  if (l.f.size() < 3 || !decimal(l.f[1], &i)) {
    problems->push_back(l.label() + ": expected ;constarg:INDEX:NAME");
    return;
  }
  if (i >= md->args.size() || md->args[i].name != l.f[2]) {
    problems->push_back(l.label() + ": argument " + num(i) + " is not '" + std::string(l.f[2]) +
                        "' (" + num(md->args.size()) + " arguments)");
    return;
  }
  md->args[i].is_const = true;
}

void applySampler(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  AmdConstSampler s;
  if (l.f.size() < 5 || !decimal(l.f[2], &s.index) || !decimal(l.f[3], &s.location) ||
      !decimal(l.f[4], &s.value)) {
    problems->push_back(l.label() + ": expected ;sampler:NAME:INDEX:LOCATION:VALUE");
    return;
  }
  s.name = std::string(l.f[1]);
  for (AmdMetaArg& a : md->args)
    if (a.name == s.name) {
      a.is_sampler = true;
      return;
    }
  // A sampler no argument carries is one the kernel source declares.
  md->samplers.push_back(std::move(s));
}

void applyReflection(const Line& l, AmdMetadata* md, std::vector<std::string>* problems) {
  uint32_t i = 0;
  if (l.f.size() < 3 || !decimal(l.f[1], &i)) {
    problems->push_back(l.label() + ": expected ;reflection:INDEX:TYPE");
    return;
  }
  if (i >= md->args.size()) {
    problems->push_back(l.label() + ": argument " + num(i) + " does not exist (" +
                        num(md->args.size()) + " arguments)");
    return;
  }
  if (!md->args[i].reflection.empty())
    problems->push_back(l.label() + ": argument " + num(i) + " already has type '" +
                        md->args[i].reflection + "'");
  md->args[i].reflection = std::string(l.f[2]);
}

void checkNames(const AmdMetadata& md, std::vector<std::string>* problems) {
  for (size_t i = 0; i < md.args.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (md.args[i].name == md.args[j].name)
        problems->push_back("metadata line " + num(md.args[i].line) + ": argument name '" +
                            md.args[i].name + "' is used by argument " + num(j) + " too");
}

bool readLine(const Line& l, AmdMetadata* md, Refinements* refine,
              std::vector<std::string>* problems) {
  const std::string_view key = l.f[0];
  if (key == "value") return readValue(l, md, problems);
  if (key == "pointer") return readPointer(l, md, problems);
  if (key == "image") return readImage(l, md, problems);
  if (key == "counter") return readCounter(l, md, problems);
  if (key == "memory") return readMemory(l, md);
  if (key == "cws") return readCws(l, md);
  if (key == "uavid") return readId(l, &md->has_uavid, &md->uavid);
  if (key == "cbid") return readId(l, &md->has_cbid, &md->cbid);
  if (key == "printfid") return readId(l, &md->has_printfid, &md->printfid);
  if (key == "privateid") return readId(l, &md->has_privateid, &md->privateid);
  if (key == "constarg") refine->constargs.push_back(l);
  if (key == "sampler") refine->samplers.push_back(l);
  if (key == "reflection") refine->reflections.push_back(l);
  const std::string rest = l.f.size() > 1 ? std::string(l.text.substr(key.size() + 2)) : "";
  if (key == "ARGSTART") md->argstart = rest;
  if (key == "ARGEND") md->argend = rest;
  if (key == "version") md->version = rest;
  if (key == "device") md->device = rest;
  return true;  // other keys (uniqueid, function, printf formats ...) are only listed
}

// Bytes an argument's slot takes in constant buffer 1: its value rounded
// up to whole 16-byte slots (an image's 8-dword descriptor data).
uint32_t slotBytes(const Arg& a) {
  const uint32_t v = a.kind == ArgKind::IMAGE ? 32 : a.size;
  return (v + 15) & ~15u;
}

void checkSlots(const std::vector<Arg>& args, const AmdMetadata& md,
                std::vector<std::string>* problems) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string where = "metadata line " + num(md.args[i].line) + ": argument " + num(i) +
                              " '" + args[i].name + "'";
    if (args[i].offset % 16)
      problems->push_back(where + " at offset " + num(args[i].offset) +
                          " is not in a 16-byte slot of constant buffer 1");
    for (size_t j = 0; j < i; ++j) {
      const uint64_t a0 = args[i].offset, a1 = a0 + slotBytes(args[i]);
      const uint64_t b0 = args[j].offset, b1 = b0 + slotBytes(args[j]);
      if (a0 < b1 && b0 < a1)
        problems->push_back(where + " [" + num(a0) + ", " + num(a1) + ") overlaps argument " +
                            num(j) + " '" + args[j].name + "' [" + num(b0) + ", " + num(b1) + ")");
    }
  }
}

Arg valueArg(const AmdMetaArg& m) {
  Arg a;
  if (m.type == "struct") {
    a.kind = ArgKind::STRUCT;
    a.size = m.struct_size;
  } else {
    a.kind = m.is_sampler ? ArgKind::SAMPLER : ArgKind::VALUE;
    a.size = m.vec * std::max<uint32_t>(4, amdValueElementSize(m.type));
  }
  return a;
}

Arg pointerArg(const AmdMetaArg& m, bool is64) {
  Arg a;
  if (m.space == "hl") {
    a.kind = ArgKind::LOCAL_POINTER;
    a.size = 4;
  } else {
    a.kind = m.space == "uav" ? ArgKind::GLOBAL_POINTER : ArgKind::CONSTANT_POINTER;
    a.size = is64 ? 8 : 4;
    a.resource_id = m.res_id;
  }
  a.is_const = m.access == "RO" || m.is_const || a.kind == ArgKind::CONSTANT_POINTER;
  return a;
}

Arg toArg(const AmdMetaArg& m, bool is64) {
  Arg a;
  if (m.line_kind == "value") {
    a = valueArg(m);
  } else if (m.line_kind == "pointer") {
    a = pointerArg(m, is64);
  } else if (m.line_kind == "image") {
    a.kind = ArgKind::IMAGE;
    a.size = 32;
    a.resource_id = m.res_id;
    a.is_const = m.access == "RO";
  } else {
    a.kind = ArgKind::COUNTER;
    a.size = m.counter_bits / 8;
    a.resource_id = m.res_id;
  }
  a.name = m.name;
  a.offset = m.offset;
  a.align = 16;
  if (!m.reflection.empty())
    a.type_name = m.reflection;
  else
    a.type_name = m.line_kind == "pointer" ? m.type + "*" : m.type;
  return a;
}

}  // namespace

uint32_t amdValueElementSize(std::string_view t) {
  if (t == "u8" || t == "i8") return 1;
  if (t == "u16" || t == "i16") return 2;
  if (t == "u32" || t == "i32" || t == "float") return 4;
  if (t == "u64" || t == "i64" || t == "double") return 8;
  return 0;
}

bool parseAmdMetadata(std::string_view text, AmdMetadata* md, std::vector<std::string>* problems,
                      std::string* err) {
  // The symbol may count a terminating NUL.
  while (!text.empty() && text.back() == '\0') text.remove_suffix(1);
  Refinements refine;
  size_t no = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    const std::string_view raw = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++no;
    if (raw.empty()) continue;
    md->lines.emplace_back(raw);
    Line l;
    l.no = no;
    l.text = raw;
    l.err = err;
    if (raw[0] != ';') {
      problems->push_back(l.label() + ": does not start with ';'");
      continue;
    }
    l.f = split(raw.substr(1), ':', raw.compare(1, 11, "reflection:") == 0 ? 3 : 64);
    if (!readLine(l, md, &refine, problems)) return false;
  }
  for (const Line& l : refine.constargs) applyConstArg(l, md, problems);
  for (const Line& l : refine.samplers) applySampler(l, md, problems);
  for (const Line& l : refine.reflections) applyReflection(l, md, problems);
  checkNames(*md, problems);
  return true;
}

void buildAmdArgs(const AmdMetadata& md, bool is64, std::vector<Arg>* args,
                  std::vector<std::string>* problems) {
  for (const AmdMetaArg& m : md.args) args->push_back(toArg(m, is64));
  checkSlots(*args, md, problems);
}

}  // namespace gcn::codeobj::opencl
