// Operands and modifiers of the memory encodings (DS, MUBUF, MTBUF, MIMG,
// FLAT/GLOBAL/SCRATCH), EXP and VINTRP.
#include <cstdio>

#include "decoder/print_util.h"
#include "isa/registers.h"
#include "isa/memory_rules.h"

namespace gcn {
namespace {

void vgprs(int n, int dwords, std::string* out) { appendVgprName(n & 0xff, dwords, out); }

void appendExpTarget(int tgt, std::string* out) {
  char buf[24];
  if (tgt <= 7) std::snprintf(buf, sizeof buf, "mrt%d", tgt);
  else if (tgt == 8) std::snprintf(buf, sizeof buf, "mrtz");
  else if (tgt == 9) std::snprintf(buf, sizeof buf, "null");
  else if (tgt >= 12 && tgt <= 15) std::snprintf(buf, sizeof buf, "pos%d", tgt - 12);
  else if (tgt >= 32 && tgt <= 63) std::snprintf(buf, sizeof buf, "param%d", tgt - 32);
  else std::snprintf(buf, sizeof buf, "invalid_target_%d", tgt);
  *out += buf;
}

void appendInterpAttr(int attr, int chan, std::string* out) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "attr%d.%c", attr, "xyzw"[chan & 3]);
  *out += buf;
}

const char* kDfmt[] = {"INVALID", "8", "16", "8_8", "32", "16_16", "10_11_11", "11_11_10",
                       "10_10_10_2", "2_10_10_10", "8_8_8_8", "32_32", "16_16_16_16",
                       "32_32_32", "32_32_32_32", "RESERVED_15"};
const char* kNfmt[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"};

void appendMemoryModifiers(const Inst& in, std::string* out) {
  const InstDesc& d = in.desc();
  auto flag = [&](Fld f, const char* name) {
    if (in[f]) {
      *out += ' ';
      *out += name;
    }
  };
  auto offset = [&](Fld f, const char* name) {
    if (in[f]) {
      *out += ' ';
      *out += name;
      *out += ':';
      appendDec(in[f], out);
    }
  };
  switch (d.enc) {
    case Enc::DS:
      offset(Fld::OFFSET, "offset");
      offset(Fld::OFFSET0, "offset0");
      offset(Fld::OFFSET1, "offset1");
      flag(Fld::GDS, "gds");
      break;
    case Enc::MTBUF:
    case Enc::MUBUF:
      if (d.enc == Enc::MTBUF) {
        int df = in[Fld::DFMT], nf = in[Fld::NFMT];
        if (df != 1 || nf != 0) {
          *out += " format:[";
          if (df != 1) { *out += "BUF_DATA_FORMAT_"; *out += kDfmt[df & 15]; }
          if (df != 1 && nf != 0) *out += ',';
          if (nf != 0) { *out += "BUF_NUM_FORMAT_"; *out += kNfmt[nf & 7]; }
          *out += ']';
        }
      }
      flag(Fld::IDXEN, "idxen");
      flag(Fld::OFFEN, "offen");
      flag(Fld::ADDR64, "addr64");
      offset(Fld::OFFSET, "offset");
      flag(Fld::GLC, "glc");
      flag(Fld::SLC, "slc");
      flag(Fld::LDS, "lds");
      flag(Fld::TFE, "tfe");
      break;
    case Enc::MIMG:
      if (in[Fld::DMASK]) {
        *out += " dmask:";
        appendHex(uint32_t(in[Fld::DMASK]), out);
      }
      flag(Fld::UNORM, "unorm");
      flag(Fld::GLC, "glc");
      flag(Fld::SLC, "slc");
      flag(Fld::R128, "r128");
      flag(Fld::TFE, "tfe");
      flag(Fld::LWE, "lwe");
      flag(Fld::DA, "da");
      flag(Fld::D16, "d16");
      break;
    case Enc::FLAT:
      offset(Fld::OFFSET, "offset");
      flag(Fld::GLC, "glc");
      flag(Fld::SLC, "slc");
      flag(Fld::LDS, "lds");
      flag(Fld::TFE, "tfe");
      break;
    case Enc::EXP:
      flag(Fld::DONE, "done");
      flag(Fld::COMPR, "compr");
      flag(Fld::VM, "vm");
      break;
    default:
      break;
  }
}

void sregs(const Inst& in, int code, int dwords, std::string* out) {
  if (!appendScalarRegName(in.gen, code, dwords, out)) {
    if (!appendSrc(in, code, OpType::b32, out)) *out += "<invalid operand>";
  }
}

}  // namespace

bool printMemoryOperand(PrintCtx& c, int i) {
  const Inst& in = c.in;
  const OperandSpec& op = c.d.operand[i];
  std::string* out = c.out;
  int dw = operandDwords(in, op);
  switch (op.role) {
    case Role::vdst: case Role::vdata: case Role::addr: case Role::data0:
    case Role::data1: case Role::vsrc:
      vgprs(in[roleFieldFor(in, op)], dw, out);
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
      sregs(in, in[Fld::SADDR], dw, out);
      return true;
    case Role::srsrc: case Role::ssamp: case Role::soffset:
      sregs(in, in[roleFieldFor(in, op)], dw, out);
      return true;
    case Role::tgt:
      appendExpTarget(in[Fld::TGT], out);
      return true;
    case Role::vsrc0: case Role::vsrc1: case Role::vsrc2: case Role::vsrc3: {
      int k = int(op.role) - int(Role::vsrc0);
      bool compr = in[Fld::COMPR];
      // Compressed exports send two registers (vsrc0, vsrc1) under en bits
      // (0,1) and (2,3).
      int bit = compr ? (k < 2 ? k * 2 : -1) : k;
      if (bit < 0 || !((in[Fld::EN] >> bit) & 1)) {
        *out += "off";
        return true;
      }
      vgprs(in[roleFieldFor(in, op)], 1, out);
      return true;
    }
    case Role::attr:
      appendInterpAttr(in[Fld::ATTR], in[Fld::ATTRCHAN], out);
      return true;
    default:
      return false;
  }
}

void printMemoryModifiers(PrintCtx& c) {
  appendMemoryModifiers(c.in, c.out);
}

}  // namespace gcn
