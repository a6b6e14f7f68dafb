// Assembles the per-encoding table files into the arrays the rest of gcnref
// reads. The .inc files are the single source of truth; this file only
// includes them and parses each row's operand string once at start-up.
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "isa/encoding.h"
#include "isa/errata.h"
#include "isa/inst_desc.h"

namespace gcn {
namespace {

const EncodingInfo kEncodings[] = {
#define GCN_ENCODING(e, gens, dwords, mask, value) \
  {Enc::e, GenMask(gens), dwords, mask, value},
#define GCN_FIELD(...)
#define GCN_INST(...)
#include "isa/tables/all.inc"
#undef GCN_ENCODING
#undef GCN_FIELD
#undef GCN_INST
};

const FieldLayout kFields[] = {
#define GCN_ENCODING(...)
#define GCN_FIELD(e, gens, fld, lo, width, xform) \
  {Enc::e, GenMask(gens), Fld::fld, lo, width, Xform::xform},
#define GCN_INST(...)
#include "isa/tables/all.inc"
#undef GCN_ENCODING
#undef GCN_FIELD
#undef GCN_INST
};

struct RawInst {
  const char* mnemonic;
  Enc enc;
  int16_t op[kNumOpcodeColumns];
  const char* operands;
  uint64_t flags;
};

const RawInst kRawInsts[] = {
#define GCN_ENCODING(...)
#define GCN_FIELD(...)
#define GCN_INST(m, e, o6, o7, o8, o9, ops, fl) \
  {#m, Enc::e, {o6, o7, o8, o9}, ops, uint64_t(fl)},
#include "isa/tables/all.inc"
#undef GCN_ENCODING
#undef GCN_FIELD
#undef GCN_INST
};

const Erratum kErrata[] = {
#define GCN_ERRATUM(id, gens, subj, spec, llvm, ev, choice, why) \
  {#id, GenMask(gens), subj, spec, llvm, ev, ErratumChoice::choice, why},
#include "isa/errata/all.inc"
#undef GCN_ERRATUM
};

constexpr const char* kRoleNames[] = {
#define X(r) #r,
    GCN_ROLE_LIST(X)
#undef X
};

constexpr const char* kTypeNames[] = {
#define X(t) #t,
    GCN_OPTYPE_LIST(X)
#undef X
};
static_assert(sizeof(kTypeNames) / sizeof(kTypeNames[0]) == size_t(OpType::kCount),
              "kTypeNames must follow OpType");

[[noreturn]] void tableError(const RawInst& r, const std::string& what) {
  std::fprintf(stderr, "gcnref: bad table row %s: %s\n", r.mnemonic, what.c_str());
  std::abort();
}

// Role and type names by a small open-addressed hash: start-up parses
// ~4000 operand tokens, and comparing each with every name in turn was
// most of gcnref's start-up (about 9 M instructions).
struct NameIndex {
  int8_t slot[128];
  const char* const* names;
  static unsigned hash(std::string_view s) {
    return (unsigned(s.size()) * 31u + uint8_t(s.front()) * 7u + uint8_t(s.back()) * 3u +
            uint8_t(s[s.size() / 2])) & 127u;
  }
  NameIndex(const char* const* n, int count) : names(n) {
    for (int8_t& x : slot) x = -1;
    for (int i = 0; i < count; ++i) {
      unsigned h = hash(n[i]);
      while (slot[h] >= 0) h = (h + 1) & 127u;
      slot[h] = int8_t(i);
    }
  }
  // The index of name s, or -1.
  int find(std::string_view s) const {
    if (s.empty()) return -1;
    for (unsigned h = hash(s);; h = (h + 1) & 127u) {
      const int i = slot[h];
      if (i < 0) return -1;
      if (s == names[i]) return i;
    }
  }
};

// The generations on which each encoding is laid out: a row of an encoding
// a generation lacks (VINTRP and EXP from GFX90A, MIMG on GFX940) is absent
// there whatever its opcode columns say.
std::array<GenMask, kNumEncs> encodingGens() {
  std::array<GenMask, kNumEncs> m{};
  for (const EncodingInfo& x : kEncodings) m[int(x.enc)] |= x.gens;
  return m;
}

std::vector<InstDesc> buildInsts() {
  static_assert(int(Role::kCount) < 100 && int(OpType::kCount) < 100, "NameIndex holds 128");
  const NameIndex roles(kRoleNames, int(Role::kCount));
  const NameIndex types(kTypeNames, int(OpType::kCount));
  const std::array<GenMask, kNumEncs> enc_gens = encodingGens();
  std::vector<InstDesc> out;
  out.reserve(sizeof(kRawInsts) / sizeof(kRawInsts[0]));
  for (const RawInst& r : kRawInsts) {
    InstDesc d{};
    d.mnemonic = r.mnemonic;
    d.enc = r.enc;
    for (int g = 0; g < kNumGens; ++g) {
      const uint64_t absent = (isCdna2On(Gen(g)) ? F_NO_CDNA2 : F_CDNA2) |
                              (Gen(g) == Gen::GFX940 ? F_NO_GFX940 : F_GFX940);
      const bool laid_out = enc_gens[int(r.enc)] & genBit(Gen(g));
      d.op[g] = (r.flags & absent) || !laid_out ? NA : r.op[std::min(g, kNumOpcodeColumns - 1)];
    }
    d.operands = r.operands;
    d.flags = r.flags;
    std::string_view s = r.operands;
    while (!s.empty()) {
      while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
      if (s.empty()) break;
      size_t end = s.find(' ');
      std::string_view tok = s.substr(0, end);
      s.remove_prefix(end == std::string_view::npos ? s.size() : end);
      size_t colon = tok.find(':');
      if (colon == std::string_view::npos)
        tableError(r, "operand '" + std::string(tok) + "' lacks ':type'");
      std::string_view role = tok.substr(0, colon), type = tok.substr(colon + 1);
      const int ri = roles.find(role), ti = types.find(type);
      if (ri < 0) tableError(r, "unknown role '" + std::string(role) + "'");
      if (ti < 0) tableError(r, "unknown type '" + std::string(type) + "'");
      if (d.num_operands >= 8) tableError(r, "more than 8 operands");
      d.operand[d.num_operands++] = {Role(ri), OpType(ti)};
    }
    out.push_back(d);
  }
  return out;
}

const std::vector<InstDesc>& insts() {
  static const std::vector<InstDesc> v = buildInsts();
  return v;
}

}  // namespace

std::string_view roleName(Role r) { return kRoleNames[int(r)]; }
std::string_view typeName(OpType t) { return kTypeNames[int(t)]; }

std::string_view encName(Enc e) {
  static constexpr std::string_view kNames[] = {
#define X(e) #e,
      GCN_ENC_LIST(X)
#undef X
  };
  return kNames[int(e)];
}

std::string_view fldName(Fld f) {
  static constexpr std::string_view kNames[] = {
#define X(f) #f,
      GCN_FLD_LIST(X)
#undef X
  };
  return kNames[int(f)];
}

const FieldLayout* fieldLayoutsBegin() { return kFields; }
const FieldLayout* fieldLayoutsEnd() {
  return kFields + sizeof(kFields) / sizeof(kFields[0]);
}
const EncodingInfo* encodingsBegin() { return kEncodings; }
const EncodingInfo* encodingsEnd() {
  return kEncodings + sizeof(kEncodings) / sizeof(kEncodings[0]);
}

const InstDesc* instsBegin() { return insts().data(); }
const InstDesc* instsEnd() { return insts().data() + insts().size(); }
int numInsts() { return int(insts().size()); }
const InstDesc& instDesc(int id) { return insts()[size_t(id)]; }

const Erratum* errataBegin() { return kErrata; }
const Erratum* errataEnd() {
  return kErrata + sizeof(kErrata) / sizeof(kErrata[0]);
}
const Erratum* findErratum(std::string_view id) {
  for (const Erratum& e : kErrata)
    if (e.id == id) return &e;
  return nullptr;
}

}  // namespace gcn
