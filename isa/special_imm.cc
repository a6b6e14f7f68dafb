#include "isa/special_imm.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace gcn {
namespace {

bool isGfx9(Gen g) { return g >= Gen::GFX9; }

std::vector<std::string_view> splitArgs(std::string_view s) {
  std::vector<std::string_view> v;
  while (true) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    size_t c = s.find(',');
    std::string_view a = s.substr(0, c);
    while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
    v.push_back(a);
    if (c == std::string_view::npos) break;
    s.remove_prefix(c + 1);
  }
  return v;
}

bool parseUint(std::string_view s, unsigned* v) {
  if (s.empty()) return false;
  std::string t(s);
  char* end = nullptr;
  unsigned long x = std::strtoul(t.c_str(), &end, 0);
  if (*end) return false;
  *v = unsigned(x);
  return true;
}

// Hardware register ids with names (GcnInstrsSopk.md; LLVM's HW_REG_*).
struct HwregName {
  unsigned id;
  const char* name;
  GenMask gens;
};
constexpr HwregName kHwregs[] = {
    {1, "HW_REG_MODE", kAllGens},      {2, "HW_REG_STATUS", kAllGens},
    {3, "HW_REG_TRAPSTS", kAllGens},   {4, "HW_REG_HW_ID", kAllGens},
    {5, "HW_REG_GPR_ALLOC", kAllGens}, {6, "HW_REG_LDS_ALLOC", kAllGens},
    {7, "HW_REG_IB_STS", kAllGens},    {15, "HW_REG_SH_MEM_BASES", kGfx9},
    {16, "HW_REG_TBA_LO", kGfx9},      {17, "HW_REG_TBA_HI", kGfx9},
    {18, "HW_REG_TMA_LO", kGfx9},      {19, "HW_REG_TMA_HI", kGfx9},
    // GFX940 (llvm-mc-19 -mcpu=gfx940 prints hwreg(20..24) by these names).
    {20, "HW_REG_XCC_ID", kGfx940},    {21, "HW_REG_SQ_PERF_SNAPSHOT_DATA", kGfx940},
    {22, "HW_REG_SQ_PERF_SNAPSHOT_DATA1", kGfx940},
    {23, "HW_REG_SQ_PERF_SNAPSHOT_PC_LO", kGfx940},
    {24, "HW_REG_SQ_PERF_SNAPSHOT_PC_HI", kGfx940},
};

struct MsgName {
  unsigned id;
  const char* name;
  GenMask gens;
};
constexpr MsgName kMsgs[] = {
    {1, "MSG_INTERRUPT", kAllGens},         {2, "MSG_GS", kAllGens},
    {3, "MSG_GS_DONE", kAllGens},           {4, "MSG_SAVEWAVE", kGfx8 | kGfx9},
    {5, "MSG_STALL_WAVE_GEN", kGfx9},       {6, "MSG_HALT_WAVES", kGfx9},
    {7, "MSG_ORDERED_PS_DONE", kGfx9},      {8, "MSG_EARLY_PRIM_DEALLOC", kGfx9},
    {9, "MSG_GS_ALLOC_REQ", kGfx9},         {10, "MSG_GET_DOORBELL", kGfx9},
    {15, "MSG_SYSMSG", kAllGens},
};
constexpr const char* kGsOps[] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT",
                                  "GS_OP_EMIT_CUT"};
constexpr const char* kSysOps[] = {nullptr, "SYSMSG_OP_ECC_ERR_INTERRUPT",
                                   "SYSMSG_OP_REG_RD", "SYSMSG_OP_HOST_TRAP_ACK",
                                   "SYSMSG_OP_TTRACE_PC"};

}  // namespace

WaitcntFields decodeWaitcnt(Gen g, uint32_t imm) {
  WaitcntFields w;
  w.vm = imm & 0xf;
  if (isGfx9(g)) w.vm |= ((imm >> 14) & 3) << 4;
  w.exp = (imm >> 4) & 7;
  w.lgkm = (imm >> 8) & 0xf;
  return w;
}

WaitcntFields waitcntMax(Gen g) { return {isGfx9(g) ? 63u : 15u, 7u, 15u}; }

bool encodeWaitcntField(Gen g, std::string_view name, unsigned v, uint32_t* imm) {
  WaitcntFields m = waitcntMax(g);
  if (name == "vmcnt") {
    if (v > m.vm) return false;
    *imm = (*imm & ~0xfu) | (v & 0xf);
    if (isGfx9(g)) *imm = (*imm & ~(3u << 14)) | (((v >> 4) & 3) << 14);
  } else if (name == "expcnt") {
    if (v > m.exp) return false;
    *imm = (*imm & ~(7u << 4)) | (v << 4);
  } else if (name == "lgkmcnt") {
    if (v > m.lgkm) return false;
    *imm = (*imm & ~(0xfu << 8)) | (v << 8);
  } else {
    return false;
  }
  return true;
}

// As llvm-mc: symbolic when message, operation and stream are all valid
// (bits outside those fields are then dropped: an erratum, the decoder
// clears them); numeric triple when the fields re-encode to the whole
// immediate; otherwise false (the caller prints the plain number).
bool formatSendmsg(Gen g, uint32_t imm, std::string* out) {
  unsigned id = imm & 0xf, op = (imm >> 4) & 7, stream = (imm >> 8) & 3;
  const MsgName* m = nullptr;
  for (const MsgName& x : kMsgs)
    if (x.id == id && (x.gens & genBit(g))) m = &x;
  char buf[96];
  if (m && sendmsgFieldsValid(g, id, op, stream)) {
    if (id == 2 || id == 3) {
      if (op == 0)
        std::snprintf(buf, sizeof buf, "sendmsg(%s, %s)", m->name, kGsOps[0]);
      else
        std::snprintf(buf, sizeof buf, "sendmsg(%s, %s, %u)", m->name, kGsOps[op], stream);
    } else if (id == 15) {
      std::snprintf(buf, sizeof buf, "sendmsg(%s, %s)", m->name, kSysOps[op]);
    } else {
      std::snprintf(buf, sizeof buf, "sendmsg(%s)", m->name);
    }
    *out += buf;
    return true;
  }
  if ((id | (op << 4) | (stream << 8)) == imm) {
    std::snprintf(buf, sizeof buf, "sendmsg(%u, %u, %u)", id, op, stream);
    *out += buf;
    return true;
  }
  return false;
}

bool sendmsgFieldsValid(Gen g, unsigned id, unsigned op, unsigned stream) {
  bool known = false;
  for (const MsgName& x : kMsgs)
    if (x.id == id && (x.gens & genBit(g))) known = true;
  if (!known) return false;
  if (id == 2) return op >= 1 && op <= 3;                       // GS
  if (id == 3) return op <= 3 && (op != 0 || stream == 0);      // GS_DONE
  if (id == 15) return op >= 1 && op <= 4 && stream == 0;       // SYSMSG
  return op == 0 && stream == 0;
}

uint32_t canonicalSendmsg(Gen g, uint32_t imm) {
  unsigned id = imm & 0xf, op = (imm >> 4) & 7, stream = (imm >> 8) & 3;
  if (sendmsgFieldsValid(g, id, op, stream)) return id | (op << 4) | (stream << 8);
  return imm;
}

bool parseSendmsg(Gen g, std::string_view args, uint32_t* imm, std::string* err) {
  auto a = splitArgs(args);
  unsigned id = 0, op = 0, stream = 0;
  bool found = false;
  for (const MsgName& x : kMsgs)
    if (a[0] == x.name && (x.gens & genBit(g))) {
      id = x.id;
      found = true;
    }
  if (!found && !parseUint(a[0], &id)) {
    *err = "unknown message '" + std::string(a[0]) + "'";
    return false;
  }
  if (a.size() > 1) {
    bool fop = false;
    for (unsigned i = 0; i < 4; ++i)
      if (a[1] == kGsOps[i]) { op = i; fop = true; }
    for (unsigned i = 1; i < 5; ++i)
      if (a[1] == kSysOps[i]) { op = i; fop = true; }
    if (!fop && !parseUint(a[1], &op)) {
      *err = "unknown message operation '" + std::string(a[1]) + "'";
      return false;
    }
  }
  if (a.size() > 2 && !parseUint(a[2], &stream)) {
    *err = "bad stream id '" + std::string(a[2]) + "'";
    return false;
  }
  if (a.size() > 3 || id > 15 || op > 7 || stream > 3) {
    *err = "sendmsg operand out of range";
    return false;
  }
  *imm = id | (op << 4) | (stream << 8);
  return true;
}

std::string formatHwreg(Gen g, uint32_t imm) {
  unsigned id = imm & 0x3f, offset = (imm >> 6) & 0x1f, width = ((imm >> 11) & 0x1f) + 1;
  std::string s = "hwreg(";
  const char* name = nullptr;
  for (const HwregName& h : kHwregs)
    if (h.id == id && (h.gens & genBit(g))) name = h.name;
  if (name) s += name;
  else s += std::to_string(id);
  if (offset != 0 || width != 32) {
    s += ", " + std::to_string(offset) + ", " + std::to_string(width);
  }
  s += ")";
  return s;
}

bool parseHwreg(Gen g, std::string_view args, uint32_t* imm, std::string* err) {
  auto a = splitArgs(args);
  unsigned id = 0, offset = 0, width = 32;
  bool found = false;
  for (const HwregName& h : kHwregs)
    if (a[0] == h.name && (h.gens & genBit(g))) {
      id = h.id;
      found = true;
    }
  if (!found && !parseUint(a[0], &id)) {
    *err = "unknown hardware register '" + std::string(a[0]) + "'";
    return false;
  }
  if (a.size() == 3) {
    if (!parseUint(a[1], &offset) || !parseUint(a[2], &width)) {
      *err = "bad hwreg offset/width";
      return false;
    }
  } else if (a.size() != 1) {
    *err = "hwreg takes (id) or (id, offset, width)";
    return false;
  }
  if (id > 63 || offset > 31 || width < 1 || width > 32) {
    *err = "hwreg field out of range";
    return false;
  }
  *imm = id | (offset << 6) | ((width - 1) << 11);
  return true;
}

}  // namespace gcn
