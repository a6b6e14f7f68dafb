// SaluCtx: the concrete domain of scalar definitions (GCN_SALU). Values are
// uint32_t / uint64_t / bool. A symbolic domain provides the same members
// over its own value types. Reads come before writes in every definition.
#pragma once

#include <cstdint>
#include <string>

#include "semantics/domain/domain.h"
#include "semantics/emulator/operand_read.h"
#include "semantics/emulator/registry.h"

namespace gcn::sem {

class SaluCtx {
 public:
  using U32 = uint32_t;
  using U64 = uint64_t;
  using Bool = bool;

  SaluCtx(ExecEnv& e, const PInst& p) : e_(e), p_(p), w_(e.w) {}

  // ---- operands ----
  U32 s0() const { return scalarRead32(e_, p_.src[0]); }
  U32 s1() const { return scalarRead32(e_, p_.src[1]); }
  U64 s0_64() const { return scalarRead64(e_, p_.src[0]); }
  U64 s1_64() const { return scalarRead64(e_, p_.src[1]); }
  // Current value of SDST (read-modify-write: s_cmov, s_bitset, s_addk ...).
  U32 d() const { return w_.s[p_.dst.reg]; }
  U64 d_64() const { return w_.s64(p_.dst.reg); }
  void setD(U32 v) { w_.s[p_.dst.reg] = v; }
  void setD64(U64 v) { w_.setS64(p_.dst.reg, v); }
  // SOPK/SOPP immediate: raw zero-extended, and sign-extended.
  U32 simm16() const { return uint16_t(p_.inst[Fld::SIMM16]); }
  U32 simm16s() const { return sext16(simm16()); }
  U32 literal() const { return p_.inst.literal; }  // s_setreg_imm32_b32's k
  // Raw SSRC1 field (s_set_gpr_idx_on's immediate mode mask).
  U32 ssrc1Field() const { return uint32_t(p_.inst[Fld::SSRC1]); }
  // Register numbers of the operands (SSRC0_NUMBER / SDST_NUMBER): constants.
  U32 src0Code() const { return p_.src[0].reg; }
  U32 dstCode() const { return p_.dst.reg; }

  // ---- state ----
  Bool scc() const { return w_.scc; }
  void setScc(Bool b) { w_.scc = b; }
  U64 exec() const { return w_.exec(); }
  void setExec(U64 v) { w_.setExec(v); }
  U64 vcc() const { return w_.vcc(); }
  U32 m0() const { return w_.m0(); }
  void setM0(U32 v) { w_.setM0(v); }
  U32 hwreg(U32 id) const { return w_.readHwreg(int(id)); }
  void setHwreg(U32 id, U32 v) { w_.writeHwreg(int(id), v); }
  Bool statusBit(int bit) const { return (w_.status() >> bit) & 1; }
  // Scalar register file by run-time index (s_movrel*, fork/join stack).
  // An index past the register file stops the wave with an error; reads then
  // return 0 and writes are dropped.
  U32 sgpr(U32 index) const;
  void setSgpr(U32 index, U32 v);

  // ---- control flow ----
  U64 pc() const { return p_.pc; }
  U64 nextPc() const { return p_.pc + p_.inst.size; }
  U64 relAddr() const { return p_.target_pc; }  // PC + 4 + SIMM16 * 4
  void branch() { e_.jumpTo(p_); }              // PC = RELADDR
  void branchIf(Bool c) { if (c) e_.jumpTo(p_); }
  void jump(U64 target) { e_.jumpToPc(target); }  // PC = target (absolute)
  void jumpIf(Bool c, U64 target) { if (c) e_.jumpToPc(target); }
  void endProgram() { w_.stop = WaveStop::ENDPGM; }
  void barrier() { w_.stop = WaveStop::BARRIER; }
  void halt() { w_.stop = WaveStop::HALT; }
  void trap(U32 id);
  void sendMsg(U32 imm, bool halt_after);
  void setVskip(Bool b) { if (w_.vskip != b) { w_.vskip = b; w_.stop = WaveStop::VSKIP; } }
  void fail(const std::string& msg) { w_.fail(msg); }
  const PInst& inst() const { return p_; }
  Gen gen() const { return w_.gen; }

 private:
  ExecEnv& e_;
  const PInst& p_;
  WaveState& w_;
};

template <class S> inline void saluRun(ExecEnv& e, const PInst& p) {
  SaluCtx c(e, p);
  S::run(c);
}
template <class S> SemDef saluDef(std::string_view name) {
  SemDef d;
  d.mnemonic = name;
  d.kind = SemKind::SALU;
  for (auto& f : d.fast) f = &saluRun<S>;
  d.ref = &saluRun<S>;
  return d;
}

}  // namespace gcn::sem
