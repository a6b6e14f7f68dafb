#include "decoder/canon.h"
#include "decoder/row_info.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "isa/special_imm.h"

namespace gcn {

// Scalar encodings: llvm-mc ignores fields an instruction does not use
// (s_getpc's SSRC0, s_memtime's OFFSET, ...); clear them so the Inst is
// canonical. SOPP is the exception: llvm-mc rejects a non-zero SIMM16 on an
// operand-less SOPP, and so do we. Returns false to reject.
bool canonicalizeScalar(Inst* in, const InstDesc& d, bool* clean) {
  const uint32_t roles = rowInfo(d).roles;
  auto uses = [&](Role r) { return (roles >> unsigned(r)) & 1; };
  auto named = [&](int code) { return scalarRegNameExists(in->gen, code, 1); };
  // Scalar-memory data registers exclude m0 and exec (LLVM's
  // SReg_*_XM0_XEXEC classes): llvm-mc's assembler rejects them and its
  // disassembler prints them with an "Invalid register" comment
  // (SMEM_SDATA_M0_EXEC).
  auto badSdata = [&]() {
    if (!uses(Role::sdata)) return false;
    for (int i = 0; i < d.num_operands; ++i)
      if (d.operand[i].role == Role::sdata && d.operand[i].type > OpType::s512)
        return false;  // s_atc_probe: an immediate
    int c = (*in)[Fld::SDATA];
    return c == opc::kM0 || c == opc::kExecLo || c == opc::kExecHi;
  };
  auto clear = [&](Fld f) {
    if ((*in)[f]) {
      *clean = false;
      (*in)[f] = 0;
    }
  };
  switch (d.enc) {
    case Enc::SOPP:
      if (!uses(Role::simm16) && (*in)[Fld::SIMM16]) return false;
      if (d.operand[0].type == OpType::sendmsg) {
        uint32_t c = canonicalSendmsg(in->gen, uint32_t((*in)[Fld::SIMM16]));
        if (c != uint32_t((*in)[Fld::SIMM16])) {
          *clean = false;
          (*in)[Fld::SIMM16] = int32_t(c);
        }
      }
      if (d.operand[0].type == OpType::waitcnt) {
        // Only the counter fields are meaningful; llvm-mc drops the rest.
        uint32_t v = uint32_t((*in)[Fld::SIMM16]);
        uint32_t keep = in->gen >= Gen::GFX9 ? 0xcf7fu : 0x0f7fu;
        if (v & ~keep) {
          *clean = false;
          (*in)[Fld::SIMM16] = int32_t(v & keep);
        }
      }
      return true;
    case Enc::SOP1: case Enc::SOP2: case Enc::SOPK: case Enc::SOPC:
      if (!uses(Role::sdst)) clear(Fld::SDST);
      if (!uses(Role::ssrc0)) clear(Fld::SSRC0);
      if (!uses(Role::ssrc1)) clear(Fld::SSRC1);
      if (!uses(Role::simm16)) clear(Fld::SIMM16);
      // src_lds_direct (254) is a VALU-only source: llvm-mc's assembler
      // rejects it in SSRC* and its disassembler adds an "Invalid register"
      // comment (SCALAR_INVALID_REGISTER_COMMENT); rejected below.
      // Register-only sources (sN: s_setpc_b64, s_movrels_*, ...) take
      // no constant or literal: checkOperands' scalarCodeFate.
      for (int i = 0; i < d.num_operands; ++i) {
        const OperandSpec& op = d.operand[i];
        if (op.role != Role::ssrc0 && op.role != Role::ssrc1) continue;
        if (op.type > OpType::s512 && !isSourceType(op.type))
          continue;  // an immediate in the SSRC1 slot (s_set_gpr_idx_on)
        if ((*in)[op.role == Role::ssrc0 ? Fld::SSRC0 : Fld::SSRC1] == opc::kLdsDirect) return false;
      }
      return true;
    case Enc::SMRD:
      if (!uses(Role::sdata)) clear(Fld::SDATA);
      if (!uses(Role::sbase)) clear(Fld::SBASE);
      if (!uses(Role::offset)) { clear(Fld::OFFSET); clear(Fld::IMM); }
      if (badSdata()) return false;
      // IMM=0: OFFSET names an SGPR (SReg_32), except GFX7's 0xff literal.
      if (uses(Role::offset) && !(*in)[Fld::IMM] &&
          !(in->gen == Gen::GFX7 && (*in)[Fld::OFFSET] == 0xff) &&
          !named((*in)[Fld::OFFSET]))
        return false;
      return true;
    case Enc::SMEM:
      if (!uses(Role::sdata)) clear(Fld::SDATA);
      if (!uses(Role::sbase)) clear(Fld::SBASE);
      clear(Fld::NV);  // llvm-mc neither prints nor accepts nv (errata)
      // Only loads, stores and atomics take glc; llvm-mc ignores the bit on
      // s_memtime, s_dcache_*, s_atc_probe* (SMEM_NO_GLC_OPS).
      if (!(d.flags & (F_LOAD | F_STORE | F_ATOMIC))) clear(Fld::GLC);
      if (!uses(Role::offset)) {
        // llvm-mc's encoding fixes IMM=0 for rows without an offset and
        // rejects IMM=1 (SMEM_NO_OFFSET_IMM).
        if ((*in)[Fld::IMM]) return false;
        clear(Fld::OFFSET); clear(Fld::SOE); clear(Fld::SOFFSET);
      } else if (!(*in)[Fld::IMM]) {
        if ((*in)[Fld::SOE]) {
          // SOE=1 with IMM=0 prints exactly like SOE=0 with the SGPR in
          // OFFSET, which is how llvm-mc assembles that text: canonicalise
          // to it so the text round-trips (SMEM_GFX9_SOE_SGPR_ONLY).
          *clean = false;
          (*in)[Fld::OFFSET] = (*in)[Fld::SOFFSET];
          (*in)[Fld::SOFFSET] = 0;
          (*in)[Fld::SOE] = 0;
        } else if ((*in)[Fld::OFFSET] & ~0x7f) {
          *clean = false;
          (*in)[Fld::OFFSET] &= 0x7f;
        }
      }
      if (!(*in)[Fld::SOE]) clear(Fld::SOFFSET);
      if (badSdata()) return false;
      // The SGPR offset must name a register on this generation (125, null
      // from GFX10, is reserved: SMEM_SOFFSET_NULL).
      if (uses(Role::offset)) {
        if ((*in)[Fld::SOE] && !named((*in)[Fld::SOFFSET])) return false;
        if (!(*in)[Fld::SOE] && !(*in)[Fld::IMM] && !named((*in)[Fld::OFFSET]))
          return false;
      }
      return true;
    default:
      return true;
  }
}

bool canonicalizeScalarLiteral(Inst* in, const InstDesc& d, bool* clean) {
  Inst& I = *in;
  if (d.enc == Enc::SMRD && I.has_literal && I.literal <= 0xff) {
    // A GFX7 literal offset that fits the 8-bit immediate prints as the same
    // text, which llvm-mc assembles to the 4-byte IMM form
    // (SMRD_GFX7_LITERAL_OFFSET).
    I[Fld::IMM] = 1;
    I[Fld::OFFSET] = int32_t(I.literal);
    I.has_literal = false;
    I.literal = 0;
    I.size = uint8_t(I.size - 4);
    *clean = false;
    return true;
  }
  if (d.enc != Enc::SOP1 && d.enc != Enc::SOP2 && d.enc != Enc::SOPC) return true;
  if (!I.has_literal) return true;
  // Each source reading the literal is judged at its own type, as llvm-mc
  // prints it: s_ashr_i64's 64-bit SSRC0 keeps 0xffffffff while its 32-bit
  // SSRC1 reads it as -1. The literal goes when no source still reads it.
  const uint32_t L = I.literal;
  bool changed = false, still_read = false;
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    if (op.role != Role::ssrc0 && op.role != Role::ssrc1) continue;
    if (!isSourceType(op.type)) continue;
    const Fld f = op.role == Role::ssrc0 ? Fld::SSRC0 : Fld::SSRC1;
    if (I[f] != opc::kLiteral) continue;
    const int code = inlineCodeForLiteral(I.gen, op.type, L);
    if (code < 0) {
      still_read = true;
      continue;
    }
    I[f] = code;
    changed = true;
  }
  if (!changed) return true;
  if (!still_read) {
    I.has_literal = false;
    I.literal = 0;
    I.size = uint8_t(I.size - 4);
  }
  *clean = false;
  return true;
}

}  // namespace gcn
