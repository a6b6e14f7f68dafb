// Trailing modifiers of ALU and scalar-memory instructions, in llvm-mc's
// order: VOP3 `clamp mul:2`, VOP3P `op_sel:[..] op_sel_hi:[..] neg_lo:[..]
// neg_hi:[..] clamp`, SDWA `clamp mul:2 dst_sel:.. dst_unused:.. src0_sel:..
// src1_sel:..`, DPP `quad_perm:[..] row_mask:0x. bank_mask:0x. bound_ctrl:0`.
#include "decoder/print_util.h"

namespace gcn {
namespace {

int numSrcs(const InstDesc& d) {
  int n = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    Role r = d.operand[i].role;
    if (r == Role::src0 || r == Role::src1 || r == Role::src2) ++n;
  }
  return n;
}

bool hasFloatSrcOrDst(const InstDesc& d) {
  for (int i = 0; i < d.num_operands; ++i)
    if (isFloatType(d.operand[i].type)) return true;
  return false;
}

void appendBitList(const char* name, int bits, int n, std::string* out) {
  *out += ' ';
  *out += name;
  *out += ":[";
  for (int i = 0; i < n; ++i) {
    if (i) *out += ',';
    *out += char('0' + ((bits >> i) & 1));
  }
  *out += ']';
}

void appendOmod(int omod, std::string* out) {
  if (omod == 1) *out += " mul:2";
  else if (omod == 2) *out += " mul:4";
  else if (omod == 3) *out += " div:2";
}

const char* kSel[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD", "INVALID"};
const char* kUnused[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "INVALID"};

void appendDppCtrl(int ctrl, std::string* out) {
  char buf[48];
  if (ctrl <= 0xff) {
    std::snprintf(buf, sizeof buf, " quad_perm:[%d,%d,%d,%d]", ctrl & 3, (ctrl >> 2) & 3,
                  (ctrl >> 4) & 3, (ctrl >> 6) & 3);
  } else if (ctrl >= 0x101 && ctrl <= 0x10f) {
    std::snprintf(buf, sizeof buf, " row_shl:%d", ctrl & 0xf);
  } else if (ctrl >= 0x111 && ctrl <= 0x11f) {
    std::snprintf(buf, sizeof buf, " row_shr:%d", ctrl & 0xf);
  } else if (ctrl >= 0x121 && ctrl <= 0x12f) {
    std::snprintf(buf, sizeof buf, " row_ror:%d", ctrl & 0xf);
  } else if (ctrl == 0x130) {
    std::snprintf(buf, sizeof buf, " wave_shl:1");
  } else if (ctrl == 0x134) {
    std::snprintf(buf, sizeof buf, " wave_rol:1");
  } else if (ctrl == 0x138) {
    std::snprintf(buf, sizeof buf, " wave_shr:1");
  } else if (ctrl == 0x13c) {
    std::snprintf(buf, sizeof buf, " wave_ror:1");
  } else if (ctrl == 0x140) {
    std::snprintf(buf, sizeof buf, " row_mirror");
  } else if (ctrl == 0x141) {
    std::snprintf(buf, sizeof buf, " row_half_mirror");
  } else if (ctrl == 0x142) {
    std::snprintf(buf, sizeof buf, " row_bcast:15");
  } else if (ctrl == 0x143) {
    std::snprintf(buf, sizeof buf, " row_bcast:31");
  } else {
    std::snprintf(buf, sizeof buf, " /* invalid dpp_ctrl 0x%x */", ctrl);
  }
  *out += buf;
}

}  // namespace

void printModifiers(PrintCtx& c) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  std::string* out = c.out;
  switch (d.enc) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
    case Enc::EXP: case Enc::FLAT: case Enc::VINTRP:
      printMemoryModifiers(c);
      return;
    case Enc::SMEM:
      if (in[Fld::GLC]) *out += " glc";
      if (in[Fld::NV]) *out += " nv";
      return;
    case Enc::SMRD:
      return;
    default: break;
  }
  if (in.enc == Enc::VOP3P) {
    int n = numSrcs(d);
    int hi_default = (1 << n) - 1;
    if (in[Fld::OP_SEL]) appendBitList("op_sel", in[Fld::OP_SEL], n, out);
    if (in[Fld::OP_SEL_HI] != hi_default) appendBitList("op_sel_hi", in[Fld::OP_SEL_HI], n, out);
    if (in[Fld::NEG]) appendBitList("neg_lo", in[Fld::NEG], n, out);
    if (in[Fld::NEG_HI]) appendBitList("neg_hi", in[Fld::NEG_HI], n, out);
    if (in[Fld::CLAMP]) *out += " clamp";
    return;
  }
  if (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) {
    if (in[Fld::OP_SEL]) appendBitList("op_sel", in[Fld::OP_SEL], numSrcs(d) + 1, out);
    if (in[Fld::CLAMP]) *out += " clamp";
    appendOmod(in[Fld::OMOD], out);
    return;
  }
  if (in.form == Form::SDWA) {
    if (in[Fld::CLAMP]) *out += " clamp";
    appendOmod(in[Fld::OMOD], out);
    bool vopc = d.enc == Enc::VOPC;
    if (!vopc) {
      *out += " dst_sel:";
      *out += kSel[in[Fld::DST_SEL] & 7];
      *out += " dst_unused:";
      *out += kUnused[in[Fld::DST_UNUSED] & 3];
    }
    *out += " src0_sel:";
    *out += kSel[in[Fld::SRC0_SEL] & 7];
    if (d.enc != Enc::VOP1) {
      *out += " src1_sel:";
      *out += kSel[in[Fld::SRC1_SEL] & 7];
    }
    return;
  }
  if (in.form == Form::DPP) {
    appendDppCtrl(in[Fld::DPP_CTRL], out);
    *out += " row_mask:";
    appendHex(in[Fld::ROW_MASK], out);
    *out += " bank_mask:";
    appendHex(in[Fld::BANK_MASK], out);
    if (in[Fld::BOUND_CTRL]) *out += " bound_ctrl:0";
    return;
  }
  (void)hasFloatSrcOrDst;
}

}  // namespace gcn
