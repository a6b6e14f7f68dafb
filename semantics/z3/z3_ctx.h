// The symbolic machine: a wave of N lanes whose registers are Z3 terms, and
// the contexts (Z3SaluCtx, Z3LaneCtx, Z3WaveOpCtx) that run the unchanged
// GCN_SALU / GCN_VALU / GCN_VALU_WAVE definitions over it (z3_defs.cc holds
// the instantiations). Instructions come pre-decoded as PInst (program.h),
// so operand resolution, DPP lane tables and SDWA fields are the emulator's.
//
// Model, mirroring LaneCtx (the reference path):
//   * scalar file s[0..127] (by operand code, EXEC at 126, VCC at 106), SCC;
//   * VGPRs v[reg][lane] for lanes 0..N-1 (N = 64 is the exact wave; a
//     smaller N restricts EXEC to lanes 0..N-1 for speed: initial EXEC bits
//     >= N are 0 and vector ops run only lanes < N);
//   * a VALU op runs the definition once per lane; lane l is enabled when
//     EXEC[l] (symbolic) and the DPP row/bank mask and, without bound_ctrl,
//     the DPP source lane's EXEC bit allow it; writes are ite(enabled, new,
//     old); SDST/VCC bits of disabled lanes are 0; v_cmpx writes EXEC;
//   * registers never written read as the initial-state variables named
//     "s5", "v3.l7", "scc", "exec"..., shared between runs through Z3Init,
//     so two sequences run from the same symbolic initial state.
// Anything the model does not cover (branches, hardware registers, M0-indexed
// SGPRs, LDS/memory) marks the run unsupported with a message naming the
// instruction; callers report it instead of a result.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/emulator/program.h"
#include "semantics/defs/vector_ctx.h"
#include "semantics/domain/z3_domain.h"
#include "semantics/domain/z3_fp.h"

namespace gcn::sem {

// Initial-state variables, created on first use and shared by every run.
class Z3Init {
 public:
  Z3Init(z3::context& c, int lanes) : c_(c), lanes_(lanes) {}
  // Concrete evaluation: registers read as the values of `w` (which must
  // outlive this) instead of variables, so every term simplifies to a
  // constant (prove/z3_fp_test.cc ties the model to the emulator so).
  void setConcrete(const WaveState* w) { concrete_ = w; }
  z3::context& ctx() const { return c_; }
  int lanes() const { return lanes_; }
  ZU32 sreg(int code);          // s[code]; EXEC bits >= lanes are 0
  ZU32 vreg(int reg, int lane);
  ZBool scc();
  // Every variable created so far (for printing counterexamples).
  struct Var { std::string name; z3::expr e; int kind; int reg; int lane; };
  enum { SREG, VREG, SCC, EXEC_BIT };
  const std::vector<Var>& vars() const { return vars_; }

 private:
  z3::expr var(const std::string& name, int bits, int kind, int reg, int lane);
  z3::context& c_;
  int lanes_;
  const WaveState* concrete_ = nullptr;
  std::map<std::string, size_t> index_;
  std::vector<Var> vars_;
};

struct Z3Wave {
  explicit Z3Wave(Z3Init& init, FpMode fp = FpMode(), Gen gen = Gen::GFX9)
      : init(&init), fp(fp), gen(gen) {}
  Z3Init* init;
  FpMode fp;
  Gen gen;
  std::map<int, ZU32> s;                     // written scalar codes
  std::map<int, std::vector<ZU32>> v;        // written VGPRs (all lanes)
  bool scc_written = false;
  z3::expr scc_v{init->ctx()};
  bool ended = false;                        // s_endpgm seen
  std::vector<std::string> unsupported;      // "s_branch: control flow"

  int lanes() const { return init->lanes(); }
  ZU32 sreg(int code) const;
  void setSreg(int code, const ZU32& x);
  ZU64 sreg64(int code) const { return pack64(sreg(code), sreg((code + 1) & 127)); }
  void setSreg64(int code, const ZU64& x) { setSreg(code, lo32(x)); setSreg((code + 1) & 127, hi32(x)); }
  ZU64 exec() const { return sreg64(126); }
  ZU64 vcc() const { return sreg64(106); }
  ZBool scc() const;
  void setScc(const ZBool& b);
  ZU32 vreg(int reg, int lane) const;
  void setVreg(int reg, int lane, const ZU32& x);
  void fail(const PInst& p, const std::string& why);

  // Executes one pre-decoded instruction; false (and `unsupported`) if the
  // Z3 model has no definition or the definition needs an unmodelled part.
  bool step(const PInst& p);
};

// Scalar operand reads as the concrete operand_read.h does.
ZU64 z3ScalarRead64(Z3Wave& w, const PInst& p, const Operand& o);
ZU32 z3ScalarRead32(Z3Wave& w, const PInst& p, const Operand& o);

// ------------------------------------------------------------------ SALU
class Z3SaluCtx {
 public:
  using U32 = ZU32;
  using U64 = ZU64;
  using Bool = ZBool;
  Z3SaluCtx(Z3Wave& w, const PInst& p) : w_(w), p_(p) {}

  U32 s0() const { return z3ScalarRead32(w_, p_, p_.src[0]); }
  U32 s1() const { return z3ScalarRead32(w_, p_, p_.src[1]); }
  U64 s0_64() const { return z3ScalarRead64(w_, p_, p_.src[0]); }
  U64 s1_64() const { return z3ScalarRead64(w_, p_, p_.src[1]); }
  U32 d() const { return w_.sreg(p_.dst.reg); }
  U64 d_64() const { return w_.sreg64(p_.dst.reg); }
  void setD(const U32& v) { w_.setSreg(p_.dst.reg, v); }
  void setD64(const U64& v) { w_.setSreg64(p_.dst.reg, v); }
  uint32_t simm16() const { return uint16_t(p_.inst[Fld::SIMM16]); }
  uint32_t simm16s() const { return uint32_t(int32_t(int16_t(simm16()))); }
  uint32_t literal() const { return p_.inst.literal; }
  uint32_t ssrc1Field() const { return uint32_t(p_.inst[Fld::SSRC1]); }
  uint32_t src0Code() const { return p_.src[0].reg; }
  uint32_t dstCode() const { return p_.dst.reg; }

  Bool scc() const { return w_.scc(); }
  void setScc(const Bool& b) { w_.setScc(b); }
  U64 exec() const { return w_.exec(); }
  void setExec(const U64& v) { w_.setSreg64(126, v); }
  U64 vcc() const { return w_.vcc(); }
  U32 m0() const { return w_.sreg(124); }
  void setM0(const U32& v) { w_.setSreg(124, v); }
  // Not modelled: hardware registers, STATUS, indexed SGPRs, control flow.
  template <class I> U32 hwreg(const I&) const { return un("hardware registers"); }
  template <class I, class V> void setHwreg(const I&, const V&) { un("hardware registers"); }
  Bool statusBit(int) const { un("STATUS"); return ZBool(false); }
  U32 sgpr(const U32&) const { return un("M0/CSP-indexed SGPRs"); }
  void setSgpr(const U32&, const U32&) { un("M0/CSP-indexed SGPRs"); }
  U64 pc() const { return U64(p_.pc); }
  U64 nextPc() const { return U64(p_.pc + p_.inst.size); }
  U64 relAddr() const { return U64(p_.target_pc); }
  void branch() { un("control flow (prove takes straight-line code)"); }
  void branchIf(const Bool&) { un("control flow (prove takes straight-line code)"); }
  void jump(const U64&) { un("control flow (prove takes straight-line code)"); }
  void jumpIf(const Bool&, const U64&) { un("control flow (prove takes straight-line code)"); }
  void endProgram() { w_.ended = true; }
  void barrier() {}
  void halt() { un("s_sethalt"); }
  void trap(uint32_t) { un("traps"); }
  void sendMsg(uint32_t, bool) { un("messages"); }
  void setVskip(const Bool&) { un("VSKIP"); }
  void fail(const std::string& msg) { w_.fail(p_, msg); }
  const PInst& inst() const { return p_; }
  Gen gen() const { return w_.gen; }

 private:
  U32 un(const char* what) const { w_.fail(p_, std::string(what) + " is not in the Z3 model"); return U32(0u); }
  Z3Wave& w_;
  const PInst& p_;
};

// ------------------------------------------------------------------ VALU
// One lane of a VALU op (LaneCtx over Z3 terms; see the file comment).
class Z3LaneCtx : public LaneWriters<Z3LaneCtx, ZU32, ZF32, ZF64> {
 public:
  using U32 = ZU32;
  using U64 = ZU64;
  using F32 = ZF32;
  using F64 = ZF64;
  using Bool = ZBool;

  Z3LaneCtx(Z3Wave& w, const PInst& p);
  ZBool laneEnabled(int l) const;
  void setLane(int l) { lane_ = l; }

  U32 u32(int i) const;
  F32 f32(int i) const { return absNeg(asF32(u32(i)), i); }
  U64 u64(int i) const;
  F64 f64(int i) const { return absNeg(asF64(u64(i)), i); }
  Bool maskIn(int i) const;
  // 16-bit sources/results and the other LaneCtx members (vector_ctx.h).
  U32 u16(int i) const { return half(u32(i), vdetail::bitOf(opsel_, i)); }
  U32 u16hi(int i) const { return half(u32(i), vdetail::bitOf(p_.inst[Fld::OP_SEL_HI], i)); }
  // f16 / packed / mixed sources as vector_ctx.h's vdetail helpers do.
  U32 f16(int i) const {
    U32 x = u16(i);
    if (p_.variant == V_PLAIN || i >= 3) return x;
    if (vdetail::bitOf(p_.inst[Fld::ABS], i)) x = x & 0x7fffu;
    if (vdetail::bitOf(p_.inst[Fld::NEG], i)) x = x ^ 0x8000u;
    return x;
  }
  U32 pkF16(int i, bool hi) const {
    const bool sel = vdetail::bitOf(hi ? p_.inst[Fld::OP_SEL_HI] : p_.inst[Fld::OP_SEL], i);
    const bool neg = vdetail::bitOf(hi ? p_.inst[Fld::NEG_HI] : p_.inst[Fld::NEG], i);
    const U32 x = u32(i);
    return ((sel ? x >> 16u : x) & 0xffffu) ^ (neg ? 0x8000u : 0u);
  }
  F32 mixF32(int i) const {
    const U32 x = u32(i);
    F32 f = vdetail::bitOf(p_.inst[Fld::OP_SEL_HI], i)
                ? h2f(w_.fp, vdetail::bitOf(p_.inst[Fld::OP_SEL], i) ? x >> 16u : x)
                : asF32(x);
    if (vdetail::bitOf(p_.inst[Fld::NEG_HI], i)) f = fabsBits(f);
    if (vdetail::bitOf(p_.inst[Fld::NEG], i)) f = fnegBits(f);
    return f;
  }
  // VOP3P packed 32-bit elements (vector_ctx.h).
  U32 pkU32(int i, bool hi) const {
    const bool sel = vdetail::bitOf(hi ? p_.inst[Fld::OP_SEL_HI] : p_.inst[Fld::OP_SEL], i);
    const U64 x = u64(i);
    return sel ? hi32(x) : lo32(x);
  }
  F32 pkF32(int i, bool hi) const {
    const bool neg = vdetail::bitOf(hi ? p_.inst[Fld::NEG_HI] : p_.inst[Fld::NEG], i);
    return asF32(pkU32(i, hi) ^ (neg ? 0x80000000u : 0u));
  }
  U32 u32Dword(int i, int k) const;
  U32 dstOld32() const { return w_.vreg(p_.dst.reg, lane_); }
  U64 dstOld64() const { return pack64(w_.vreg(p_.dst.reg, lane_), w_.vreg(p_.dst.reg + 1, lane_)); }
  U32 literalK() const { return U32(p_.inst.literal); }
  Bool vccIn() const { return ((w_.vcc() >> unsigned(lane_)) & uint64_t(1)) != uint64_t(0); }
  Gen gen() const { return p_.inst.gen; }
  U32 laneId() const { return U32(uint32_t(lane_)); }
  const FpMode& mode() const { return w_.fp; }
  bool clampOn() const { return p_.inst[Fld::CLAMP] != 0; }
  int omod() const { return p_.inst[Fld::OMOD]; }
  const PInst& pinst() const { return p_; }
  int opSel() const { return opsel_; }
  bool hasSdst() const { return p_.sdst.kind != OpKind::NONE; }

  void setU32(U32 r);
  void setU64(const U64& r);
  void setU128(const U32& d0, const U32& d1, const U32& d2, const U32& d3) {
    setU64(pack64(d0, d1));
    x2_[size_t(lane_)] = d2.e;
    x3_[size_t(lane_)] = d3.e;
    quad_ = true;
  }
  void setSdst(const Bool& b) { sdst_[lane_] = b.e; }
  void setCmp(const Bool& b) { setSdst(b); }
  void commit();

 private:
  ZBool dppSourceOk(int l) const;
  static U32 half(const U32& x, bool hi) { return hi ? x >> 16u : x & 0xffffu; }
  template <int W> ZFP<W> absNeg(ZFP<W> x, int i) const {
    if (p_.variant != V_PLAIN) {
      if (vdetail::bitOf(p_.inst[Fld::ABS], i)) x = fabsBits(x);
      if (vdetail::bitOf(p_.inst[Fld::NEG], i)) x = fnegBits(x);
    }
    return x;
  }
  Z3Wave& w_;
  const PInst& p_;
  ZU64 exec_;
  int lane_ = 0;
  std::vector<z3::expr> lo_, hi_, x2_, x3_, sdst_, enabled_;
  std::vector<bool> wrote_;
  bool wide_ = false, quad_ = false, has_sdst_, has_exec_;
  int opsel_ = p_.variant == V_MODS ? vdetail::opSelOf(p_.inst) : 0;
};

// --------------------------------------------------- whole-wave vector ops
class Z3WaveOpCtx {
 public:
  using U32 = ZU32;
  using U64 = ZU64;
  using Bool = ZBool;
  Z3WaveOpCtx(Z3Wave& w, const PInst& p) : w_(w), p_(p) {}
  U32 s(int i) const { return z3ScalarRead32(w_, p_, p_.src[i]); }
  U32 vgprLane(int i, const U32& lane) const;  // lane taken mod 64
  bool srcIsVgpr(int i) const { return p_.src[i].kind == OpKind::VGPR; }
  U64 exec() const { return w_.exec(); }
  void setSdst32(const U32& v) { w_.setSreg(p_.dst.reg, v); }
  void setVgprLane(const U32& lane, const U32& v);
  const PInst& inst() const { return p_; }

 private:
  Z3Wave& w_;
  const PInst& p_;
};

// ---------------------------------------------------------------- registry
struct Z3Def {
  std::string_view mnemonic;
  SemKind kind = SemKind::SALU;
  void (*salu)(Z3SaluCtx&) = nullptr;
  void (*valu)(Z3LaneCtx&) = nullptr;
  void (*wave)(Z3WaveOpCtx&) = nullptr;
  void (*custom)(Z3Wave&, const PInst&) = nullptr;  // a GCN_SEM_CUSTOM row's model
};
struct Z3Registrar {
  explicit Z3Registrar(const Z3Def& d);
};
const Z3Def* findZ3Sem(std::string_view mnemonic);
std::vector<const Z3Def*> allZ3Sems();

template <class S> void z3RunSalu(Z3SaluCtx& c) { S::run(c); }
template <class S> void z3RunValu(Z3LaneCtx& c) { S::run(c); }
template <class S> void z3RunWave(Z3WaveOpCtx& c) { S::run(c); }
template <class S> Z3Def z3SaluDef(std::string_view n) {
  Z3Def d; d.mnemonic = n; d.kind = SemKind::SALU; d.salu = &z3RunSalu<S>; return d;
}
template <class S> Z3Def z3ValuDef(std::string_view n) {
  Z3Def d; d.mnemonic = n; d.kind = SemKind::VALU; d.valu = &z3RunValu<S>; return d;
}
template <class S> Z3Def z3WaveDef(std::string_view n) {
  Z3Def d; d.mnemonic = n; d.kind = SemKind::VALU_WAVE; d.wave = &z3RunWave<S>; return d;
}

}  // namespace gcn::sem
