#include "isa/operand_field.h"

#include "isa/operand_kinds.h"

namespace gcn {

Fld operandField(const Inst& in, const OperandSpec& op, bool writing) {
  const bool short_form =
      in.form == Form::E32 || in.form == Form::SDWA || in.form == Form::DPP;
  switch (op.role) {
    case Role::sdst:
      if (in.enc == Enc::VOP3B) return Fld::SDST;
      if (in.enc == Enc::VOP3) return Fld::VDST;  // VOPC e64, v_readlane
      if (short_form) {
        if (op.type == OpType::s64) {
          if (in.form == Form::SDWA && (writing || in[Fld::SD])) return Fld::SDST;
          return Fld::kCount;  // implicit vcc
        }
        return Fld::VDST;  // v_readfirstlane_b32
      }
      return Fld::SDST;
    case Role::src2:
      if (short_form && op.type == OpType::s64) return Fld::kCount;  // implicit vcc
      return Fld::SRC2;
    case Role::ssrc0: return Fld::SSRC0;
    case Role::ssrc1: return Fld::SSRC1;
    case Role::simm16: return Fld::SIMM16;
    case Role::sdata: return Fld::SDATA;
    case Role::sbase: return Fld::SBASE;
    case Role::soffset: return Fld::SOFFSET;
    case Role::offset: return Fld::OFFSET;
    case Role::vdst: return Fld::VDST;
    case Role::src0: return Fld::SRC0;
    case Role::src1: return Fld::SRC1;
    case Role::vsrc: return Fld::VSRC;
    case Role::attr: return Fld::ATTR;
    case Role::addr: return Fld::ADDR;
    case Role::data0: return Fld::DATA0;
    case Role::data1: return Fld::DATA1;
    case Role::vaddr: return Fld::VADDR;
    case Role::vdata: return Fld::VDATA;
    case Role::srsrc: return Fld::SRSRC;
    case Role::ssamp: return Fld::SSAMP;
    case Role::saddr: return Fld::SADDR;
    case Role::tgt: return Fld::TGT;
    case Role::vsrc0: return Fld::VSRC0;
    case Role::vsrc1: return Fld::VSRC1;
    case Role::vsrc2: return Fld::VSRC2;
    case Role::vsrc3: return Fld::VSRC3;
    default: return Fld::kCount;
  }
}

Fld sourceRoleField(Role r) {
  switch (r) {
    case Role::src0: return Fld::SRC0;
    case Role::src1: return Fld::SRC1;
    case Role::src2: return Fld::SRC2;
    case Role::ssrc0: return Fld::SSRC0;
    case Role::ssrc1: return Fld::SSRC1;
    default: return Fld::kCount;
  }
}

namespace {
bool isMemoryDataRole(Enc e, Role r) {
  switch (e) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::FLAT: case Enc::MIMG:
      return r == Role::vdata || r == Role::vdst || r == Role::data0 || r == Role::data1;
    default: return false;
  }
}
}  // namespace

int accBit(const InstDesc& d, Role r) {
  if (isMemoryDataRole(d.enc, r)) return 0;
  switch (r) {
    case Role::src0: return 0;
    case Role::src1: return 1;
    case Role::src2: case Role::vdst: return 2;
    default: return -1;
  }
}

FileChoice operandFile(const InstDesc& d, Gen g, const OperandSpec& op) {
  const FileChoice f = typeFileChoice(op.type);
  if (!isCdna2On(g) || !f.isVector() || f.by_acc_bit) return f;
  if (f.file == kVgprFile && isMemoryDataRole(d.enc, op.role)) return {kAgprFile, true};
  // MFMA C and D: AGPRs on gfx908, either file (by ACC_CD) from GFX90A.
  if (f.file == kAgprFile && d.enc == Enc::VOP3P_MAI && (op.role == Role::vdst || op.role == Role::src2))
    return {kAgprFile, true};
  return f;
}

bool registerOperandTakesInlineConstant(const InstDesc& d, Gen g, const OperandSpec& op) {
  return d.enc == Enc::VOP3P_MAI && op.role == Role::src2 && isCdna2On(g) && !(d.flags & F_SMFMAC);
}

FileSelector fileSelector(const InstDesc& d, Gen g, const OperandSpec& op) {
  const FileChoice f = operandFile(d, g, op);
  if (!f.isVector()) return -1;
  if (!f.by_acc_bit) return FileSelector(f.file << 4 | kAlwaysBit);
  const int bit = accBit(d, op.role);
  return bit < 0 ? FileSelector(kVgprFile << 4 | kAlwaysBit) : FileSelector(f.file << 4 | bit);
}

int operandFileOf(const Inst& in, const OperandSpec& op) {
  const InstDesc& d = in.desc();
  if (registerOperandTakesInlineConstant(d, in.gen, op) && in[Fld::SRC2] < opc::kVgpr0) return kVgprFile;
  return selectedFile(fileSelector(d, in.gen, op), in[Fld::ACC]);
}

}  // namespace gcn
