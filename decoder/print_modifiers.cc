// Trailing modifiers of ALU and scalar-memory instructions, in llvm-mc's
// order: VOP3 `clamp mul:2`, VOP3P `op_sel:[..] op_sel_hi:[..] neg_lo:[..]
// neg_hi:[..] clamp`, SDWA `clamp mul:2 dst_sel:.. dst_unused:.. src0_sel:..
// src1_sel:..`, DPP `quad_perm:[..] row_mask:0x. bank_mask:0x. bound_ctrl:0`.
#include "decoder/canon.h"
#include "decoder/print_util.h"
#include "decoder/row_info.h"

namespace gcn {
namespace {

int numSrcs(const InstDesc& d) { return rowInfo(d).src_roles; }

bool hasFloatSrcOrDst(const InstDesc& d) {
  for (int i = 0; i < d.num_operands; ++i)
    if (isFloatType(d.operand[i].type)) return true;
  return false;
}

void appendBitList(const char* name, int bits, int n, TextOut* out) {
  *out += ' ';
  *out += name;
  *out += ":[";
  for (int i = 0; i < n; ++i) {
    if (i) *out += ',';
    *out += char('0' + ((bits >> i) & 1));
  }
  *out += ']';
}

void appendOmod(int omod, TextOut* out) {
  if (omod == 1) *out += " mul:2";
  else if (omod == 2) *out += " mul:4";
  else if (omod == 3) *out += " div:2";
}

// string_views: their lengths are known without strlen (hot for SDWA).
constexpr std::string_view kSel[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                     "WORD_0", "WORD_1", "DWORD",  "INVALID"};
constexpr std::string_view kUnused[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE",
                                        "INVALID"};

void appendDppCtrl(int ctrl, TextOut* out) {
  char buf[48];
  if (ctrl >= 0 && ctrl <= 0xff) {
    char q[] = " quad_perm:[0,0,0,0]";
    q[12] = char('0' + (ctrl & 3));
    q[14] = char('0' + ((ctrl >> 2) & 3));
    q[16] = char('0' + ((ctrl >> 4) & 3));
    q[18] = char('0' + ((ctrl >> 6) & 3));
    out->append(q, sizeof q - 1);
    return;
  } else if (ctrl <= 0xff) {
    std::snprintf(buf, sizeof buf, " quad_perm:[%d,%d,%d,%d]", ctrl & 3, (ctrl >> 2) & 3,
                  (ctrl >> 4) & 3, (ctrl >> 6) & 3);
  } else if (ctrl >= 0x101 && ctrl <= 0x10f) {
    *out += " row_shl:";
    appendDec(ctrl & 0xf, out);
    return;
  } else if (ctrl >= 0x111 && ctrl <= 0x11f) {
    *out += " row_shr:";
    appendDec(ctrl & 0xf, out);
    return;
  } else if (ctrl >= 0x121 && ctrl <= 0x12f) {
    *out += " row_ror:";
    appendDec(ctrl & 0xf, out);
    return;
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
    // Not decodable (DPP_INVALID_CTRL): llvm-mc prints this comment.
    std::snprintf(buf, sizeof buf, " /* Invalid dpp_ctrl value */");
  }
  *out += buf;
}

}  // namespace

const char* vopSuffix(const Inst& in) {
  const InstDesc& d = in.desc();
  const uint32_t facts = rowInfo(d).facts;
  const bool bare = facts & RF_BARE;
  switch (in.form) {
    case Form::E32:
      if (bare || (facts & (RF_READLANE | RF_WRITELANE | RF_READFIRSTLANE | RF_SWAP)) ||
          (d.flags & F_LITERAL_K))
        return "";
      return "_e32";
    case Form::E64: return bare ? "" : "_e64";
    case Form::SDWA:
      if (bare || (d.enc == Enc::VOPC && in.gen == Gen::GFX8)) return "";
      return "_sdwa";
    case Form::DPP: return bare ? "" : "_dpp";
    default: break;
  }
  // VOP3 forms of the VINTRP f32 ops keep an _e64 suffix on GFX8/9.
  if (d.enc == Enc::VOP3 && (facts & RF_INTERP_E64)) return "_e64";
  return "";
}

void printModifiers(PrintCtx& c) {
  const Inst& in = c.in;
  const InstDesc& d = c.d;
  TextOut* out = c.out;
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
    bool mix = rowInfo(d).facts & RF_MIX_LAST;
    int present = (1 << n) - 1;
    if (mix) {
      // Mix ops: NEG/NEG_HI print as -v / |v| with the operands.
      if (in[Fld::OP_SEL]) appendBitList("op_sel", in[Fld::OP_SEL], 3, out);
      if (in[Fld::OP_SEL_HI] & 7) appendBitList("op_sel_hi", in[Fld::OP_SEL_HI], 3, out);
    } else {
      if (in[Fld::OP_SEL] & present) appendBitList("op_sel", in[Fld::OP_SEL], n, out);
      if ((in[Fld::OP_SEL_HI] & present) != present)
        appendBitList("op_sel_hi", in[Fld::OP_SEL_HI], n, out);
      if (in[Fld::NEG] & present) appendBitList("neg_lo", in[Fld::NEG], n, out);
      if (in[Fld::NEG_HI] & present) appendBitList("neg_hi", in[Fld::NEG_HI], n, out);
    }
    if (in[Fld::CLAMP]) *out += " clamp";
    return;
  }
  if (in.enc == Enc::VOP3 || in.enc == Enc::VOP3B) {
    bool interp = rowHas(rowInfo(d), Role::attr);
    if (interp && (in[Fld::SRC0] & 0x100)) *out += " high";
    if (in[Fld::OP_SEL] && in.enc == Enc::VOP3 && (d.flags & F_OPSEL)) {
      // [src0, src1, (src2,) dst]: dst is always op_sel bit 3.
      int n = numSrcs(d);
      int v = in[Fld::OP_SEL];
      int bits = (v & ((1 << n) - 1)) | (((v >> 3) & 1) << n);
      appendBitList("op_sel", bits, n + 1, out);
    }
    if (in[Fld::CLAMP]) *out += " clamp";
    appendOmod(in[Fld::OMOD], out);
    return;
  }
  if (in.form == Form::SDWA) {
    bool vopc = d.enc == Enc::VOPC;
    if (in[Fld::CLAMP]) *out += " clamp";
    if (in.gen == Gen::GFX9) appendOmod(in[Fld::OMOD], out);
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
    if (in[Fld::BOUND_CTRL]) *out += " bound_ctrl:1";
    return;
  }
  (void)hasFloatSrcOrDst;
}

}  // namespace gcn
