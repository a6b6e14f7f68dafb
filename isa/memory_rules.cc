#include "isa/memory_rules.h"

#include <algorithm>
#include <cstdio>

#include "isa/index.h"
#include "isa/legality.h"
#include "isa/registers.h"

namespace gcn {
namespace {


bool isGather4(const InstDesc& d) {
  return d.flags & F_GATHER4;
}

}  // namespace

bool memoryVdstPresent(const Inst& in) {
  const InstDesc& d = in.desc();
  return !(d.enc == Enc::FLAT && (d.flags & F_ATOMIC)) || in[Fld::GLC];
}

bool memorySaddrPresent(const Inst& in) {
  return in[Fld::SADDR] != kSaddrOff;
}

bool memoryVaddrPresent(const Inst& in) {
  const InstDesc& d = in.desc();
  switch (d.enc) {
    case Enc::MUBUF:
    case Enc::MTBUF:
      return bufferVaddrDwords(in) > 0;
    case Enc::FLAT:
      if (d.flags & F_SCRATCH)
        return layoutHasField(in.gen, Enc::FLAT, Fld::SVE) ? in[Fld::SVE] != 0 : !memorySaddrPresent(in);
      return true;
    default:
      return true;
  }
}

int mimgVdataDwords(const Inst& in) {
  const InstDesc& d = in.desc();
  int def = 1;
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == Role::vdata) def = typeDwords(d.operand[i].type);
  const bool gather = isGather4(d);
  int n = gather ? 4 : __builtin_popcount(unsigned(in[Fld::DMASK]) & 0xf);
  if (n == 0) n = 1;
  if (in[Fld::D16] && in.gen >= Gen::GFX9) n = (n + 1) / 2;
  if (in[Fld::TFE]) n += 1;
  bool have;
  if (d.flags & F_ATOMIC) have = n == def || n == 2 * def;
  else if (gather) have = n == 2 || n == 4 || n == 5;
  else have = n >= 1 && n <= 5;
  if (!have) n = def;
  if (!vectorTupleFits(in[Fld::VDATA] & 0xff, n)) n = def;
  return n;
}

int operandDwords(const Inst& in, const OperandSpec& op) {
  const InstDesc& d = in.desc();
  int dw = typeDwords(op.type);
  switch (d.enc) {
    case Enc::MUBUF:
    case Enc::MTBUF:
      if (op.role == Role::vaddr) return std::max(1, bufferVaddrDwords(in));
      if (op.role == Role::vdata || op.role == Role::vdst) {
        if ((d.flags & F_D16) && in.gen >= Gen::GFX9) dw = (dw + 1) / 2;
        return dw + (in[Fld::TFE] ? 1 : 0);
      }
      return dw;
    case Enc::MIMG:
      if (op.role == Role::vdata || op.role == Role::vdst) return mimgVdataDwords(in);
      return dw;  // srsrc is always 8 SGPRs (errata MIMG_R128_SRSRC_WIDTH)
    case Enc::FLAT:
      if (op.role == Role::vaddr) {
        if (d.flags & F_SCRATCH) return 1;
        if ((d.flags & F_GLOBAL) && memorySaddrPresent(in)) return 1;
        return 2;
      }
      return dw;  // llvm ignores TFE/NV (errata FLAT_TFE_NV_UNSUPPORTED)
    default:
      return dw;
  }
}

bool memorySregTupleValid(Gen g, int code, int dwords) {
  if (code < 0 || (code & 3)) return false;
  if (code + dwords <= 104) return true;  // llvm's SGPR tuples end at s103
  // TTMP tuples within ttmp0..15 on GFX9, ttmp0..11 before (llvm's gfx803
  // disassembler also prints ttmp[8:15]; errata MEM_SRSRC_INVALID_TUPLE).
  int t = code - ttmpBase(g);
  return code < 124 && t >= 0 && t + dwords <= (g >= Gen::GFX9 ? 16 : 12);
}

bool appendMemorySregTuple(Gen g, int code, int dwords, std::string* out) {
  if (!memorySregTupleValid(g, code, dwords)) return false;
  // Written without snprintf (printer hot path); both numbers are >= 0
  // for the widths used (dwords >= 1).
  int first = code + dwords <= 104 ? code : code - ttmpBase(g);
  char buf[32];
  if (dwords < 1) {
    std::snprintf(buf, sizeof buf, code + dwords <= 104 ? "s[%d:%d]" : "ttmp[%d:%d]", first,
                  first + dwords - 1);
    *out += buf;
    return true;
  }
  char* p = buf;
  for (const char* q = code + dwords <= 104 ? "s[" : "ttmp["; *q;) *p++ = *q++;
  for (int k = 0; k < 2; ++k) {
    int v = k ? first + dwords - 1 : first;
    char tmp[12];
    int n = 0;
    do {
      tmp[n++] = char('0' + v % 10);
      v /= 10;
    } while (v);
    while (n) *p++ = tmp[--n];
    *p++ = k ? ']' : ':';
  }
  out->append(buf, size_t(p - buf));
  return true;
}

bool memorySoffsetValid(Gen g, int code) {
  if (code < 0 || code > 255) return false;
  if (code == opc::kLiteral || code == opc::kLdsDirect || code == 125) return false;
  if (inlineIntValue(code, nullptr)) return true;
  if (code >= 240 && code <= 248) return isInlineConstant(g, code);
  std::string s;
  return appendScalarRegName(g, code, 1, &s);
}

int globalSaddrCode(Gen g, int code) {
  const int a = alignedScalarCode(g, code, 2);
  return !(a & 1) && scalarRegNameExists(g, a, 2) ? a : -1;
}

bool scratchSaddrValid(Gen g, int code) {
  return code != 125 && scalarRegNameExists(g, code, 1);
}

std::string memoryAssemblerRule(const Inst& in, Fld* at) {
  const InstDesc& d = in.desc();
  const bool buffer = d.enc == Enc::MUBUF || d.enc == Enc::MTBUF;
  auto broken = [&](Fld f, const char* msg) {
    if (at) *at = f;
    return std::string(msg);
  };
  if (at) *at = Fld::kCount;
  if (buffer && in[Fld::ADDR64] && (in[Fld::OFFEN] || in[Fld::IDXEN]))
    return broken(in[Fld::OFFEN] ? Fld::OFFEN : Fld::IDXEN,
                  "invalid operand for instruction: addr64 cannot be combined with offen or idxen");
  if (buffer && in[Fld::TFE] && (d.flags & F_STORE))
    return broken(Fld::TFE, "TFE modifier has no meaning for store instructions");
  if (d.enc == Enc::MIMG && (d.flags & F_ATOMIC) && in[Fld::DMASK] != 1 && in[Fld::DMASK] != 3 &&
      in[Fld::DMASK] != 15)
    return broken(Fld::DMASK, "invalid atomic image dmask");
  if (d.enc == Enc::MIMG && isGather4(d) && __builtin_popcount(unsigned(in[Fld::DMASK])) != 1)
    return broken(Fld::DMASK, "invalid image_gather dmask: only one bit must be set");
  if ((d.flags & F_NO_RTN) && in[Fld::GLC] && !isCdna2On(in.gen))
    return broken(Fld::GLC, "operands are not valid for this GPU or mode");
  if (d.enc == Enc::DS && in[Fld::GDS] && isCdna2On(in.gen) && !(d.flags & F_GDS_ONLY))
    return broken(Fld::GDS, "gds modifier is not supported on this GPU");
  // FLAT's OFFSET bits exist from GCN 1.4 (GLOBAL/SCRATCH are GFX9 only).
  if (d.enc == Enc::FLAT && in.gen < Gen::GFX9 && in[Fld::OFFSET])
    return broken(Fld::OFFSET, "flat offset modifier is not supported on this GPU");
  return "";
}

}  // namespace gcn
