// Operands and modifiers of the memory encodings (DS, MUBUF, MTBUF, MIMG,
// FLAT/GLOBAL/SCRATCH), EXP and VINTRP.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "decoder/canon.h"
#include "text/print_util.h"
#include "decoder/row_info.h"
#include "isa/reg_text.h"
#include "isa/registers.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "text/syntax.h"

namespace gcn {
namespace {

void vgprs(int n, int dwords, TextOut* out) { appendVgprName(n & 0xff, dwords, out); }
// A data operand: VGPRs, or AGPRs when the GFX90A+ ACC bit says so.
void dataRegs(const Inst& in, const OperandSpec& op, int n, int dwords, TextOut* out) {
  const int file = operandFileOf(in, op);
  if (file == kVgprFile) return vgprs(n, dwords, out);
  out->viaString([&](std::string* s) {
    appendVectorRegName(file, n & 0xff, dwords, s);
    return true;
  });
}

void appendExpTarget(int tgt, TextOut* out) {
  const char* name;
  int n = tgt;
  if (tgt <= 7) name = "mrt";
  else if (tgt == 8) { name = "mrtz"; n = -1; }
  else if (tgt == 9) { name = "null"; n = -1; }
  else if (tgt >= 12 && tgt <= 15) { name = "pos"; n = tgt - 12; }
  else if (tgt >= 32 && tgt <= 63) { name = "param"; n = tgt - 32; }
  else name = "invalid_target_";
  *out += name;
  if (n != -1 || tgt <= 7) appendDec(n, out);
}

void appendInterpAttr(int attr, int chan, TextOut* out) {
  *out += "attr";
  appendDec(attr, out);
  *out += '.';
  *out += "xyzw"[chan & 3];
}

void appendInterpParam(int v, TextOut* out) {
  static const char* k[] = {"p10", "p20", "p0"};
  if (v >= 0 && v <= 2) {
    *out += k[v];
  } else {
    *out += "invalid_param_";
    appendDec(v, out);
  }
}

}  // namespace

// ds_swizzle_b32's offset in llvm-mc's spelling (AMDGPUInstPrinter's
// printSwizzle): QUAD_PERM mode when bits 15:8 are 0x80, other values with
// bit 15 set raw, otherwise the and/or/xor bitmask mode as SWAP, REVERSE,
// BROADCAST or BITMASK_PERM.
char* putSwizzle(char* p, int off) {
  char buf[64];
  if ((off & 0xff00) == 0x8000) {
    std::snprintf(buf, sizeof buf, " offset:swizzle(QUAD_PERM,%d,%d,%d,%d)", off & 3,
                  (off >> 2) & 3, (off >> 4) & 3, (off >> 6) & 3);
  } else if (off & 0x8000) {
    std::snprintf(buf, sizeof buf, " offset:%d", off);
  } else {
    int and_m = off & 0x1f, or_m = (off >> 5) & 0x1f, xor_m = (off >> 10) & 0x1f;
    auto pow2 = [](int v) { return v > 0 && (v & (v - 1)) == 0; };
    int group = 32 - and_m;
    if (and_m == 0x1f && or_m == 0 && pow2(xor_m)) {
      std::snprintf(buf, sizeof buf, " offset:swizzle(SWAP,%d)", xor_m);
    } else if (and_m == 0x1f && or_m == 0 && xor_m > 0 && pow2(xor_m + 1)) {
      std::snprintf(buf, sizeof buf, " offset:swizzle(REVERSE,%d)", xor_m + 1);
    } else if (group > 1 && pow2(group) && or_m < group && xor_m == 0) {
      std::snprintf(buf, sizeof buf, " offset:swizzle(BROADCAST,%d,%d)", group, or_m);
    } else {
      char mask[6];
      for (int i = 0; i < 5; ++i) mask[i] = swizzleBitmaskChar(off, 4 - i);  // bit 4 first
      mask[5] = 0;
      std::snprintf(buf, sizeof buf, " offset:swizzle(BITMASK_PERM,\"%s\")", mask);
    }
  }
  const size_t n = std::strlen(buf);
  std::memcpy(p, buf, n);
  return p + n;
}

namespace {

const char* kDfmt[] = {"INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
                       "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16",
                       "32_32_32", "32_32_32_32", "RESERVED_15"};
const char* kNfmt[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"};

bool rowHasVaddr(const InstDesc& d);

bool rowHasVaddr(const InstDesc& d) { return rowHas(rowInfo(d), Role::vaddr); }

void sregs(const Inst& in, int code, int dwords, TextOut* out) {
  if (!appendScalarRegName(in.gen, code, dwords, out)) {
    if (!appendSrc(in, code, OpType::b32, out)) *out += "<invalid operand>";
  }
}

}  // namespace

char* putSregTuple(char* p, int code, int dwords) {
  // SGPR tuples (memorySregTupleValid's first case); TTMP tuples and odd
  // widths are appendMemorySregTuple's.
  if (dwords >= 1 && code >= 0 && !(code & 3) && code + dwords <= 104) {
    *p++ = 's';
    *p++ = '[';
    p = putDec(p, code);
    *p++ = ':';
    p = putDec(p, code + dwords - 1);
    *p++ = ']';
    return p;
  }
  return nullptr;
}

bool appendSregTuple(Gen g, int code, int dwords, TextOut* out) {
  if (char* e = putSregTuple(out->reserve(kPutRoom), code, dwords)) {
    out->commit(e);
    return true;
  }
  return out->viaString([&](std::string* s) { return appendMemorySregTuple(g, code, dwords, s); });
}

char* putMtbufFormat(char* p, int df, int nf) {
  if (df == 1 && nf == 0) return p;
  auto put = [&](const char* z) {
    size_t n = std::strlen(z);
    std::memcpy(p, z, n);
    p += n;
  };
  put(" format:[");
  if (df != 1) { put("BUF_DATA_FORMAT_"); put(kDfmt[df & 15]); }
  if (df != 1 && nf != 0) put(",");
  if (nf != 0) { put("BUF_NUM_FORMAT_"); put(kNfmt[nf & 7]); }
  put("]");
  return p;
}

// The modifiers in the order llvm-mc prints them; which ones a row has
// depends only on the row, its generation and encoding.
int memoryModSteps(const Inst& in, const InstDesc& d, ModStep* step) {
  int n = 0;
  auto add = [&](ModStep::Kind k, Fld f, std::string_view text) {
    ModStep& s = step[n++];
    std::memset(s.text, 0, sizeof s.text);
    std::memcpy(s.text, text.data(), text.size());
    s.n = uint8_t(text.size());
    s.kind = k;
    s.f = f;
  };
  auto flag = [&](Fld f, std::string_view text) { add(ModStep::FLAG, f, text); };
  auto cacheBits = [&] {
    for (Fld f : {Fld::GLC, Fld::SLC, Fld::SCC})
      flag(f, std::string(" ") + std::string(syntax::cacheBitName(in.gen, d.enc, f)));
  };
  switch (d.enc) {
    case Enc::DS:
      if (rowInfo(d).facts & RF_DS_SWIZZLE) add(ModStep::SWIZZLE, Fld::OFFSET, "");
      else add(ModStep::DEC, Fld::OFFSET, " offset:");
      add(ModStep::DEC, Fld::OFFSET0, " offset0:");
      add(ModStep::DEC, Fld::OFFSET1, " offset1:");
      flag(Fld::GDS, " gds");
      break;
    case Enc::MTBUF:
    case Enc::MUBUF: {
      if (d.enc == Enc::MTBUF) add(ModStep::MTBUF_FORMAT, Fld::DFMT, "");
      flag(Fld::IDXEN, " idxen");
      flag(Fld::OFFEN, " offen");
      flag(Fld::ADDR64, " addr64");
      add(ModStep::DEC, Fld::OFFSET, " offset:");
      const bool vaddr = rowHasVaddr(d);
      if (!vaddr) flag(Fld::LDS, " lds");  // buffer_store_lds_dword
      cacheBits();
      if (vaddr) flag(Fld::LDS, " lds");
      flag(Fld::TFE, " tfe");
      break;
    }
    case Enc::MIMG:
      add(ModStep::HEX, Fld::DMASK, " dmask:");
      flag(Fld::UNORM, " unorm");
      cacheBits();
      flag(Fld::R128, in.gen >= Gen::GFX9 ? " a16" : " r128");
      flag(Fld::TFE, " tfe");
      flag(Fld::LWE, " lwe");
      flag(Fld::DA, " da");
      flag(Fld::D16, " d16");
      break;
    case Enc::FLAT:
      // GFX9 GLOBAL/SCRATCH offsets are signed 13-bit; FLAT's print unsigned.
      add((d.flags & (F_GLOBAL | F_SCRATCH)) ? ModStep::FLAT_S13 : ModStep::DEC, Fld::OFFSET,
          " offset:");
      cacheBits();
      flag(Fld::LDS, " lds");
      break;
    case Enc::EXP:
      flag(Fld::DONE, " done");
      flag(Fld::COMPR, " compr");
      flag(Fld::VM, " vm");
      break;
    case Enc::SMEM:
      flag(Fld::GLC, " glc");
      flag(Fld::NV, " nv");
      break;
    default:
      break;
  }
  return n;
}

bool printMemoryOperand(PrintCtx& c, int i) {
  const Inst& in = c.in;
  const OperandSpec& op = c.d.operand[i];
  TextOut* out = c.out;
  int dw = operandDwords(in, op);
  switch (op.role) {
    case Role::vsrc:
      if (op.type == OpType::interpparam) {
        appendInterpParam(in[Fld::VSRC], out);
        return true;
      }
      vgprs(in[Fld::VSRC], 1, out);
      return true;
    case Role::vdst:
      if (!memoryVdstPresent(in)) return false;
      dataRegs(in, op, in[Fld::VDST], dw, out);
      return true;
    case Role::vdata: case Role::addr: case Role::data0:
    case Role::data1:
      dataRegs(in, op, in[roleFieldFor(in, op)], dw, out);
      return true;
    case Role::vaddr:
      if (!memoryVaddrPresent(in)) {
        *out += "off";
        return true;
      }
      vgprs(in[Fld::VADDR], dw, out);
      return true;
    case Role::saddr:
      if (!memorySaddrPresent(in)) {
        *out += "off";
        return true;
      }
      sregs(in, in[Fld::SADDR] & (dw == 2 ? ~1 : ~0), dw, out);
      return true;
    case Role::srsrc: case Role::ssamp:
      if (!appendSregTuple(in.gen, in[roleFieldFor(in, op)], dw, out))
        *out += "<invalid operand>";
      return true;
    case Role::soffset:
      sregs(in, in[Fld::SOFFSET], 1, out);
      return true;
    case Role::tgt:
      appendExpTarget(in[Fld::TGT], out);
      return true;
    case Role::vsrc0: case Role::vsrc1: case Role::vsrc2: case Role::vsrc3: {
      int k = int(op.role) - int(Role::vsrc0);
      if (k == 0 && out->endsWith(", ")) {
        out->truncate(out->size() - 2);  // "exp mrt0 v1, ...": no comma after tgt
        *out += ' ';
      }
      // Compressed exports send two registers: slots 0,1 show VSRC0 and
      // slots 2,3 VSRC1, each under its own EN bit (llvm's printExpSrcN).
      if (!((in[Fld::EN] >> k) & 1)) {
        *out += "off";
        return true;
      }
      static constexpr Fld kSrc[] = {Fld::VSRC0, Fld::VSRC1, Fld::VSRC2, Fld::VSRC3};
      vgprs(in[kSrc[in[Fld::COMPR] ? k / 2 : k]], 1, out);
      return true;
    }
    case Role::attr:
      appendInterpAttr(in[Fld::ATTR], in[Fld::ATTRCHAN], out);
      return true;
    default:
      return false;
  }
}

}  // namespace gcn
