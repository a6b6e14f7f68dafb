// AMD OpenCL 1.2 (Catalyst) program binaries (ClrxAsmAmd.md, AmdAbi.md).
// The outer ELF (32- or 64-bit, e_machine naming the device) holds, per
// kernel k, three symbols: __OpenCL_k_kernel (an inner ELF32 in .text),
// __OpenCL_k_metadata (the argument string in .rodata) and
// __OpenCL_k_header (32 bytes in .rodata); __OpenCL_0_global (drivers from
// 1348.05 on) or __OpenCL_2_global marks the program's constant data, and
// .comment holds the compile options (__OpenCL_compile_options) followed
// by the driver's version string.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "codeobj/elf.h"
#include "codeobj/opencl/amd_metadata.h"
#include "codeobj/opencl/cal_notes.h"
#include "codeobj/opencl/devices.h"
#include "codeobj/opencl/program.h"
#include "codeobj/pgm_rsrc.h"

namespace gcn::codeobj::opencl {
namespace {

std::string num(uint64_t v) { return std::to_string(v); }

std::string hex8(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

constexpr uint16_t kEmAmdCpu = 0x7d4;     // the x86 binaries of the same runtime
constexpr uint16_t kInnerMachine = 0x7d;  // e_machine of every inner ELF
constexpr size_t kHeaderSize = 32;

std::string calMachineLabel(uint32_t m) {
  const ClDevice* d = clDeviceByCalMachine(m);
  return hex(m) + (d ? " (" + std::string(d->name) + ")" : " (unknown device)");
}

// One kernel's symbols in the outer ELF.
struct KernelSyms {
  std::string name;
  const Symbol* kernel = nullptr;
  const Symbol* metadata = nullptr;
  const Symbol* header = nullptr;
};

struct Outer {
  ElfFile elf;
  bool is64 = false;
  const ClDevice* device = nullptr;
  const Section* text = nullptr;
  const Symbol* options = nullptr;
  const Symbol* global = nullptr;
  std::vector<KernelSyms> kernels;
};

bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

std::string symbolLabel(const Symbol& s) {
  return "symbol '" + s.name + "' (entry at offset " + hex(s.entry_offset) + ")";
}

// The bytes a symbol covers in its section: st_value is the offset in the
// section (the sections have address 0).
bool symbolBytes(const ElfFile& elf, const Symbol& s, ByteView* out, uint64_t* file_off,
                 std::string* err) {
  if (s.shndx == kShnUndef || s.shndx >= elf.sections().size()) {
    *err = symbolLabel(s) + ": st_shndx " + num(s.shndx) + " is no section of the file";
    return false;
  }
  const Section& sec = elf.sections()[s.shndx];
  if (!sec.hasFileData() || s.value > sec.size || s.size > sec.size - s.value) {
    *err = symbolLabel(s) + ": [" + hex(s.value) + ", " + hex(s.value + s.size) +
           ") is not inside section '" + sec.name + "' (size " + hex(sec.size) + ")";
    return false;
  }
  *file_off = sec.offset + s.value;
  *out = elf.bytes().sub(*file_off, s.size);
  return true;
}

KernelSyms* kernelEntry(Outer* o, const std::string& name) {
  for (KernelSyms& k : o->kernels)
    if (k.name == name) return &k;
  o->kernels.push_back(KernelSyms{name});
  return &o->kernels.back();
}

// Sorts the __OpenCL_ symbols; kernels keep the order of their symbols.
void collectSymbols(Outer* o, std::vector<std::string>* problems) {
  static const std::string_view kPrefix = "__OpenCL_";
  struct Role {
    const char* suffix;
    const Symbol* KernelSyms::*slot;
  } roles[] = {{"_kernel", &KernelSyms::kernel},
               {"_metadata", &KernelSyms::metadata},
               {"_header", &KernelSyms::header}};
  for (const Symbol& s : o->elf.symbols()) {
    const std::string_view n = s.name;
    if (n.substr(0, kPrefix.size()) != kPrefix) continue;
    if (n == "__OpenCL_compile_options") {
      o->options = &s;
      continue;
    }
    if (n == "__OpenCL_0_global" || n == "__OpenCL_2_global") {
      o->global = &s;
      continue;
    }
    for (const Role& r : roles) {
      if (!endsWith(n, r.suffix) || n.size() <= kPrefix.size() + std::strlen(r.suffix)) continue;
      const std::string name(
          n.substr(kPrefix.size(), n.size() - kPrefix.size() - std::strlen(r.suffix)));
      KernelSyms* k = kernelEntry(o, name);
      if (k->*r.slot) problems->push_back(symbolLabel(s) + ": kernel '" + name + "' has two");
      k->*r.slot = &s;
      break;
    }
  }
}

bool readOuter(ProgramBuilder& b, Outer* o, std::string* err) {
  ElfParseOptions eo;
  eo.allow_elf32 = true;
  eo.any_machine = true;
  if (!o->elf.parse(b.bytes(), err, eo)) return false;
  const ElfHeader& h = o->elf.header();
  o->is64 = h.is64;
  if (h.machine == kEmAmdCpu) {
    *err = "e_machine 0x7d4 marks a CPU (x86) binary of the AMD runtime, not a GPU one";
    return false;
  }
  o->device = clDeviceByCl12Machine(h.machine);
  if (!o->device) {
    *err = "e_machine at offset 0x12 is " + hex(h.machine) +
           ", which names no GPU device of the AMD OpenCL 1.2 format";
    return false;
  }
  if (h.flags != 0)
    b.problems->push_back("e_flags is " + hex(h.flags) + ", expected 0 in AMD OpenCL 1.2");
  o->text = o->elf.findSection(".text");
  collectSymbols(o, b.problems);
  return true;
}

// "1912.5" from "... AMD-APP (1912.5) ..."; "" when absent.
std::string driverVersion(std::string_view info) {
  const size_t p = info.find("AMD-APP (");
  if (p == std::string_view::npos) return "";
  const size_t start = p + 9, end = info.find(')', start);
  return end == std::string_view::npos ? "" : std::string(info.substr(start, end - start));
}

// Compile options, then the driver's string after them in .comment.
bool readInfoStrings(ProgramBuilder& b, const Outer& o, std::string* err) {
  uint64_t after_options = 0;
  int options_section = -1;
  if (o.options) {
    ByteView v;
    uint64_t off = 0;
    if (!symbolBytes(o.elf, *o.options, &v, &off, err)) return false;
    b.fact("compile options", std::string(reinterpret_cast<const char*>(v.data()), v.size()));
    after_options = o.options->value + o.options->size;
    options_section = o.options->shndx;
  }
  const Section* comment = o.elf.findSection(".comment");
  if (!comment || !comment->hasFileData()) return true;
  const size_t index = size_t(comment - o.elf.sections().data());
  const uint64_t start = int(index) == options_section ? after_options : 0;
  const ByteView c = o.elf.contents(*comment).sub(start, comment->size - start);
  const std::string info(reinterpret_cast<const char*>(c.data()), c.size());
  b.fact("driver info", info);
  const std::string version = driverVersion(info);
  if (!version.empty()) b.fact("driver version", version);
  return true;
}

bool readGlobalData(ProgramBuilder& b, const Outer& o, std::string* err) {
  if (!o.global) return true;
  ByteView v;
  uint64_t off = 0;
  if (!symbolBytes(o.elf, *o.global, &v, &off, err)) return false;
  b.setGlobalData(v);
  b.fact("global data",
         num(v.size()) + " bytes at file offset " + hex(off) + " (" + o.global->name + ")");
  return true;
}

// ---- one kernel ----------------------------------------------------------

struct KernelReader {
  KernelReader(ProgramBuilder& pb, const Outer& out, const KernelSyms& ks)
      : b(pb), o(out), syms(ks) {}
  ProgramBuilder& b;
  const Outer& o;
  const KernelSyms& syms;
  Kernel k;
  std::string where;       // "kernel vadd"
  std::string inner_at;    // "kernel vadd: inner ELF at .text+0x0 (file offset 0x687)"
  uint64_t inner_off = 0;  // file offset of the inner ELF
  ElfFile inner;
  ProgInfo pi;
  std::vector<CalNote> notes;
  AmdMetadata md;
  Gen gen = Gen::GFX6;

  void problem(const std::string& s) { b.problems->push_back(where + ": " + s); }
  bool fail(std::string* err, const std::string& at, const std::string& what) {
    *err = at + ": " + what;
    return false;
  }
};

bool parseInner(KernelReader& r, std::string* err) {
  ByteView v;
  std::string e;
  if (!symbolBytes(r.o.elf, *r.syms.kernel, &v, &r.inner_off, &e)) return r.fail(err, r.where, e);
  if (!r.o.text || r.syms.kernel->shndx != size_t(r.o.text - r.o.elf.sections().data()))
    return r.fail(err, r.where, symbolLabel(*r.syms.kernel) + " is not in .text");
  r.inner_at = r.where + ": inner ELF at .text+" + hex(r.syms.kernel->value) + " (file offset " +
               hex(r.inner_off) + ")";
  r.k.facts.emplace_back("inner ELF",
                         "file offset " + hex(r.inner_off) + ", " + hex(v.size()) + " bytes");
  ElfParseOptions eo;
  eo.allow_elf32 = true;
  eo.any_machine = true;
  if (!r.inner.parse(v, &e, eo)) return r.fail(err, r.inner_at, e);
  const ElfHeader& h = r.inner.header();
  if (h.is64 || h.machine != kInnerMachine)
    r.problem("inner ELF is " + std::string(h.is64 ? "ELF64" : "ELF32") + " with e_machine " +
              hex(h.machine) + ", expected ELF32 with " + hex(kInnerMachine));
  return true;
}

// The encoding for the binary's device, or the only one there is.
const CalEncoding* chooseEncoding(KernelReader& r, const std::vector<CalEncoding>& encs) {
  for (size_t i = 0; i < encs.size(); ++i) {
    const CalEncoding& e = encs[i];
    r.k.facts.emplace_back("CAL encoding " + num(i), "machine " + calMachineLabel(e.machine) +
                                                         ", type " + num(e.type) + ", offset " +
                                                         hex(e.offset) + ", size " + hex(e.size) +
                                                         ", flags " + hex(e.flags));
  }
  for (const CalEncoding& e : encs)
    if (e.machine == r.o.device->cal_machine) return &e;
  r.problem("no CAL encoding is for " + std::string(r.o.device->name) + " (machine " +
            hex(r.o.device->cal_machine) + "); reading encoding 0, machine " +
            calMachineLabel(encs[0].machine));
  return &encs[0];
}

bool readNotes(KernelReader& r, const CalEncoding& enc, std::string* err) {
  for (size_t i : enc.segments) {
    const Segment& s = r.inner.segments()[i];
    if (s.type != kPtNote) continue;
    std::string e;
    if (!parseCalNotes(r.inner, s, &r.notes, &e)) return r.fail(err, r.inner_at, e);
  }
  const std::string where = r.inner_at;
  for (const CalNote& n : r.notes) decodeCalNote(n, where, &r.pi, &r.k.facts, r.b.problems);
  if (!r.pi.seen) r.problem("no ATI_PROGINFO note: resource registers and user data unknown");
  return true;
}

// The program code: the inner .text, which the encoding's PT_LOAD holds.
bool readCode(KernelReader& r, const CalEncoding& enc, std::string* err) {
  const Section* t = r.inner.findSection(".text");
  if (!t || !t->hasFileData()) return r.fail(err, r.inner_at, "no .text section with the code");
  bool loaded = false;
  for (size_t i : enc.segments) {
    const Segment& s = r.inner.segments()[i];
    if (s.type == kPtLoad && t->offset >= s.offset && t->size <= s.filesz &&
        t->offset - s.offset <= s.filesz - t->size)
      loaded = true;
  }
  if (!loaded)
    r.problem("inner .text at offset " + hex(t->offset) +
              " is in no PT_LOAD segment of its CAL encoding");
  const uint64_t off = r.inner_off + t->offset;
  r.k.code = r.b.bytes().sub(off, t->size);
  r.k.code_offset = off;
  r.k.code_address = uint32_t(t->addr);
  return true;
}

std::string regRange(uint32_t start, uint32_t count) {
  if (count == 0) return "no registers";
  if (count == 1) return "s" + num(start);
  return "s[" + num(start) + ":" + num(start + count - 1) + "]";
}

// Registers a class takes (AmdAbi.md); 0 when it varies or is unknown.
uint32_t userDataRegs(uint32_t c, uint32_t size) {
  switch (UserDataClass(c)) {
    case UserDataClass::IMM_RESOURCE: return 8;
    case UserDataClass::IMM_SAMPLER:
    case UserDataClass::IMM_CONST_BUFFER: return 4;
    case UserDataClass::IMM_UAV: return size == 8 ? 8 : 4;
    default: break;
  }
  return c >= uint32_t(UserDataClass::PTR_RESOURCE_TABLE) &&
                 c <= uint32_t(UserDataClass::PTR_INDIRECT_UAV)
             ? 2
             : 0;
}

void checkUserData(KernelReader& r, const UserData& u, size_t i, uint32_t* used) {
  const std::string at = "user data " + num(i) + " (" + regRange(u.reg_start, u.reg_size) + ")";
  const char* cls = userDataClassName(u.data_class);
  if (!*cls) r.problem(at + ": data class " + num(u.data_class) + " is unknown");
  const uint32_t want = userDataRegs(u.data_class, u.reg_size);
  if (*cls && want && want != u.reg_size)
    r.problem(at + ": " + cls + " takes " + num(want) + " registers, not " + num(u.reg_size));
  const uint64_t end = uint64_t(u.reg_start) + u.reg_size;
  if (end > 16) {
    r.problem(at + " runs past s15, the last user SGPR");
  } else if (end > r.k.rsrc2.user_sgpr_count) {
    r.problem(at + " runs past the " + num(r.k.rsrc2.user_sgpr_count) +
              " user SGPRs COMPUTE_PGM_RSRC2 sets up");
  }
  for (uint64_t s = u.reg_start; s < end && s < 32; ++s) {
    if (*used >> s & 1) r.problem(at + ": s" + num(s) + " is loaded by another element too");
    *used |= 1u << s;
  }
}

void readUserData(KernelReader& r) {
  if (!r.pi.seen) return;
  uint32_t count = r.pi.user_count;
  if (!r.pi.has_user_count) r.problem("ATI_PROGINFO has no user element count");
  if (count > kMaxUserElements) {
    r.problem("ATI_PROGINFO user element count " + num(count) + " exceeds " +
              num(kMaxUserElements));
    count = kMaxUserElements;
  }
  uint32_t used = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const UserData& u = r.pi.user[i];
    if (r.pi.user_fields[i] != 0xf)
      r.problem("ATI_PROGINFO user element " + num(i) + " lacks some of its four entries");
    r.k.user_data.push_back(u);
    const char* cls = userDataClassName(u.data_class);
    r.k.facts.emplace_back("user data " + num(i),
                           std::string(*cls ? cls : "class " + num(u.data_class)) + " api slot " +
                               num(u.api_slot) + " " + regRange(u.reg_start, u.reg_size));
    checkUserData(r, u, i, &used);
  }
}

// AMD OpenCL 1.2 stores no COMPUTE_PGM_RSRC1: the runtime builds it from
// the register counts and modes in PROGINFO. SGPRs gain 2 for VCC, which
// the PROGINFO count leaves out (ClrxAsmAmd.md "Scalar register allocation").
uint32_t derivedRsrc1(const ProgInfo& pi) {
  const uint32_t vgprs = pi.vgprs ? pi.vgprs : 1, sgprs = pi.sgprs + 2;
  return ((vgprs - 1) / 4) | (((sgprs - 1) / 8) << 6) | ((pi.float_mode & 0xff) << 12) |
         ((pi.ieee_mode ? 1u : 0u) << 23);
}

uint32_t ldsGranule(Gen g) { return g == Gen::GFX6 ? 256 : 512; }

// The generic RSRC2 checks are for kernel descriptors, where the LDS size
// must be 0; here the register is the one the runtime writes, LDS included.
void checkRsrc2Bits(KernelReader& r) {
  const PgmRsrc2& rs = r.k.rsrc2;
  const std::string at = "COMPUTE_PGM_RSRC2 " + hex8(rs.raw);
  if (rs.enable_trap_handler) r.problem(at + ": TRAP_PRESENT (bit 6) is the runtime's to set");
  if (rs.enable_vgpr_workitem_id == 3) r.problem(at + ": TIDIG_COMP_CNT (bits 12:11) is 3");
  if (rs.reserved) r.problem(at + ": reserved bit 31 is set");
}

void readRegisters(KernelReader& r) {
  const ProgInfo& pi = r.pi;
  if (!pi.seen) return;
  if (!pi.has_rsrc2) r.problem("ATI_PROGINFO has no COMPUTE_PGM_RSRC2 (0x2e13)");
  if (!pi.has_vgprs || !pi.has_sgprs) r.problem("ATI_PROGINFO lacks the VGPR or SGPR count");
  r.k.rsrc2 = decodeRsrc2(pi.rsrc2);
  r.k.vgprs = pi.vgprs;
  r.k.sgprs = pi.sgprs;
  r.k.rsrc1 = decodeRsrc1(derivedRsrc1(pi));
  r.k.facts.emplace_back("COMPUTE_PGM_RSRC1 (derived)",
                         hex8(r.k.rsrc1.raw) +
                             " from the VGPR and SGPR (+2 VCC) counts, "
                             "float mode and IEEE mode");
  if (pi.has_uav_mask)
    r.k.facts.emplace_back("proginfo uav mask", "uav ids " + maskIds(pi.uav_mask, 32));
  if (pi.has_uav_mask && pi.has_uav_mask_low && pi.uav_mask_low != pi.uav_mask[0])
    r.problem("ATI_PROGINFO uav mask word 0 " + hex8(pi.uav_mask[0]) + " differs from " +
              hex8(pi.uav_mask_low) + " at 0x8000001f");
  checkRsrc2Bits(r);
}

void readHeader(KernelReader& r) {
  if (!r.syms.header) {
    r.problem("no __OpenCL_" + r.k.name + "_header symbol");
    return;
  }
  ByteView v;
  uint64_t off = 0;
  std::string e;
  if (!symbolBytes(r.o.elf, *r.syms.header, &v, &off, &e)) {
    r.problem(e);
    return;
  }
  std::string s;
  for (uint64_t i = 0; i + 4 <= v.size(); i += 4) s += (i ? " " : "") + hex(v.u32(i));
  r.k.facts.emplace_back("kernel header", s.empty() ? "(empty)" : s);
  if (v.size() != kHeaderSize)
    r.problem("kernel header has " + num(v.size()) + " bytes, expected " + num(kHeaderSize));
  // Dword 4 flags a 64-bit binary (8) and printf use (2).
  if (v.size() >= 20 && ((v.u32(16) & 8) != 0) != r.o.is64)
    r.problem("kernel header dword 4 (" + hex(v.u32(16)) + ") says " +
              ((v.u32(16) & 8) ? "64" : "32") + "-bit, the ELF class " + (r.o.is64 ? "64" : "32") +
              "-bit");
}

// What Arg cannot say: 8- and 16-bit values take a dword per element in
// constant buffer 1, and an "hc" constant pointer's resource id is a
// constant buffer rather than a UAV.
void noteArgDetails(KernelReader& r) {
  for (size_t i = 0; i < r.md.args.size(); ++i) {
    const AmdMetaArg& m = r.md.args[i];
    const std::string name = "arg " + num(i) + " '" + m.name + "'";
    const uint32_t e = m.line_kind == "value" ? amdValueElementSize(m.type) : 0;
    if (e != 0 && e < 4)
      r.k.facts.emplace_back(name,
                             m.type + " x" + num(m.vec) + ": each element widened to a dword");
    if (m.line_kind == "pointer" && m.space == "hc")
      r.k.facts.emplace_back(name, "constant buffer " + num(m.res_id) + ", not a UAV");
  }
}

bool readMetadata(KernelReader& r, std::string* err) {
  if (!r.syms.metadata) {
    r.problem("no __OpenCL_" + r.k.name + "_metadata symbol: the argument list is unknown");
    return true;
  }
  ByteView v;
  uint64_t off = 0;
  std::string e;
  if (!symbolBytes(r.o.elf, *r.syms.metadata, &v, &off, &e)) return r.fail(err, r.where, e);
  const std::string_view text(reinterpret_cast<const char*>(v.data()), v.size());
  const std::string at = r.where + ": metadata at file offset " + hex(off);
  std::vector<std::string> probs;
  if (!parseAmdMetadata(text, &r.md, &probs, &e)) return r.fail(err, at, e);
  for (const std::string& p : probs) r.b.problems->push_back(at + ": " + p);
  for (const std::string& line : r.md.lines) r.k.facts.emplace_back("metadata", line);
  probs.clear();
  buildAmdArgs(r.md, r.o.is64, &r.k.args, &probs);
  for (const std::string& p : probs) r.b.problems->push_back(at + ": " + p);
  noteArgDetails(r);
  return true;
}

void checkMetadataAgrees(KernelReader& r) {
  const AmdMetadata& md = r.md;
  const std::string sym = "__OpenCL_" + r.k.name + "_kernel";
  if (md.argstart != sym || md.argend != sym)
    r.problem("metadata ARGSTART '" + md.argstart + "' / ARGEND '" + md.argend +
              "' should both be " + sym);
  if (!md.device.empty() && md.device != r.o.device->name)
    r.problem("metadata names device '" + md.device + "', e_machine " +
              std::string(r.o.device->name));
  if (md.abi64 != r.o.is64)
    r.problem(std::string(md.abi64 ? "metadata says ;memory:64bitABI"
                                   : "metadata lacks ;memory:64bitABI") +
              " but the ELF is " + (r.o.is64 ? "64" : "32") + "-bit");
}

void readResources(KernelReader& r) {
  const AmdMetadata& md = r.md;
  if (md.has_uavid) r.k.uav_id = md.uavid;
  if (md.has_cbid) r.k.cb_id = md.cbid;
  if (md.has_printfid) r.k.printf_id = md.printfid;
  if (md.has_privateid) r.k.private_id = md.privateid;
  r.k.lds_bytes = md.hwlocal;
  r.k.scratch_bytes = md.uavprivate;
  if (r.pi.has_scratch && r.pi.scratch_dwords * 4 > r.k.scratch_bytes)
    r.k.scratch_bytes = r.pi.scratch_dwords * 4;
  if (md.has_cws)
    for (int i = 0; i < 3; ++i) r.k.reqd_workgroup_size[i] = md.cws[i];
}

void checkSizes(KernelReader& r) {
  const PgmRsrc2& rs = r.k.rsrc2;
  const uint64_t lds = uint64_t(rs.granulated_lds_size) * ldsGranule(r.gen);
  if (r.pi.has_rsrc2 && r.k.lds_bytes > lds)
    r.problem("metadata hwlocal " + num(r.k.lds_bytes) + " bytes exceeds the " + num(lds) +
              " bytes of LDS COMPUTE_PGM_RSRC2 allocates");
  if (r.pi.has_rsrc2 && r.pi.scratch_dwords && !rs.enable_sgpr_private_segment_wave_byte_offset)
    r.problem("ATI_PROGINFO scratch of " + num(r.pi.scratch_dwords) +
              " dwords per work-item, but COMPUTE_PGM_RSRC2 leaves SCRATCH_EN clear");
  for (const CalNote& n : r.notes)
    if (n.type == kCalScratchBuffers && n.desc.size() >= 4 && r.pi.has_scratch &&
        n.desc.u32(0) != r.pi.scratch_dwords)
      r.problem("ATI_SCRATCH_BUFFERS says " + num(n.desc.u32(0)) + " dwords, ATI_PROGINFO " +
                num(r.pi.scratch_dwords));
  const bool threads = r.pi.has_threads[0] && r.pi.has_threads[1] && r.pi.has_threads[2];
  if (r.md.has_cws && threads &&
      (r.pi.threads[0] != r.md.cws[0] || r.pi.threads[1] != r.md.cws[1] ||
       r.pi.threads[2] != r.md.cws[2]))
    r.problem("metadata cws " + num(r.md.cws[0]) + "x" + num(r.md.cws[1]) + "x" + num(r.md.cws[2]) +
              " differs from ATI_PROGINFO's threads per group " + num(r.pi.threads[0]) + "x" +
              num(r.pi.threads[1]) + "x" + num(r.pi.threads[2]));
}

// Every global pointer the kernel uses has its UAV id in the ATI_UAV list
// (unused ones carry the kernel's uavid instead).
void checkUavs(KernelReader& r) {
  std::vector<uint32_t> listed;
  bool has_list = false;
  for (const CalNote& n : r.notes)
    if (n.type == kCalUav) {
      has_list = true;
      for (uint64_t o = 0; o + 16 <= n.desc.size(); o += 16) listed.push_back(n.desc.u32(o));
    }
  if (!has_list) return;
  for (const Arg& a : r.k.args) {
    if (a.kind != ArgKind::GLOBAL_POINTER || a.resource_id == r.k.uav_id) continue;
    bool found = false;
    for (uint32_t id : listed) found = found || id == a.resource_id;
    if (!found)
      r.problem("argument '" + a.name + "' uses UAV " + num(a.resource_id) +
                ", which ATI_UAV does not list");
  }
}

bool readKernel(ProgramBuilder& b, const Outer& o, const KernelSyms& syms, std::string* err) {
  KernelReader r(b, o, syms);
  r.k.name = syms.name;
  r.where = "kernel " + syms.name;
  r.gen = b.p->isaTarget().gen;
  if (!syms.kernel) {
    b.problems->push_back(r.where + ": metadata or header without a __OpenCL_" + syms.name +
                          "_kernel symbol");
    return true;
  }
  if (!parseInner(r, err)) return false;
  std::vector<CalEncoding> encs;
  std::string e;
  if (!parseCalEncodings(r.inner, &encs, &e)) return r.fail(err, r.inner_at, e);
  const CalEncoding* enc = chooseEncoding(r, encs);
  if (!readNotes(r, *enc, err) || !readCode(r, *enc, err)) return false;
  readRegisters(r);
  readUserData(r);
  if (!readMetadata(r, err)) return false;
  if (syms.metadata) checkMetadataAgrees(r);
  readHeader(r);
  readResources(r);
  checkSizes(r);
  checkUavs(r);
  b.kernels().push_back(std::move(r.k));
  return true;
}

}  // namespace

bool readAmdCl12(ProgramBuilder& b, const LoadOptions& opts, std::string* err) {
  Outer o;
  if (!readOuter(b, &o, err)) return false;
  b.setFormat(Format::AMD_CL12, Abi::AMD_CL12, o.is64);
  if (!b.setDevice(std::string(o.device->name), opts, err)) return false;
  b.fact("e_machine", hex(o.elf.header().machine) + " (" + std::string(o.device->name) + ")");
  if (!readInfoStrings(b, o, err) || !readGlobalData(b, o, err)) return false;
  if (o.kernels.empty()) b.problems->push_back("no __OpenCL_<name>_kernel symbols: no kernels");
  for (const KernelSyms& k : o.kernels)
    if (!readKernel(b, o, k, err)) return false;
  return true;
}

}  // namespace gcn::codeobj::opencl
