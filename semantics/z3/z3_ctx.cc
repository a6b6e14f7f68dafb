#include "semantics/z3/z3_ctx.h"

#include "semantics/defs/mem_common.h"

#include <cmath>
#include <limits>

namespace gcn::sem {

// ------------------------------------------------------------ domain glue
namespace {
thread_local z3::context* g_ctx = nullptr;
}  // namespace

z3::context& z3ctx() {
  if (!g_ctx) {
    std::fprintf(stderr, "gcn::sem::z3ctx(): no Z3Scope is active\n");
    std::abort();
  }
  return *g_ctx;
}
Z3Scope::Z3Scope(z3::context& c) : prev_(g_ctx) { g_ctx = &c; }
Z3Scope::~Z3Scope() { g_ctx = prev_; }

uint32_t z3FpDefaultNan32() {
  const float inf = std::numeric_limits<float>::infinity();
  return asU32(fadd(FpMode(), inf, -inf));
}
uint32_t z3FpDefaultNan16() { return hadd(FpMode(), 0x7c00u, 0xfc00u); }  // inf - inf

namespace {
// Reasons recorded by domain functions without a Z3 model (z3_fp.h) while
// the current instruction's definition runs.
thread_local std::vector<std::string> g_unsupported;
}  // namespace
void z3Unsupported(const std::string& what) {
  for (const std::string& w : g_unsupported)
    if (w == what) return;
  g_unsupported.push_back(what);
}

uint64_t z3FpDefaultNan64() {
  const double inf = std::numeric_limits<double>::infinity();
  return asU64(fadd(FpMode(), inf, -inf));
}

// ------------------------------------------------------------- initial state
z3::expr Z3Init::var(const std::string& name, int bits, int kind, int reg, int lane) {
  auto it = index_.find(name);
  if (it != index_.end()) return vars_[it->second].e;
  z3::expr e = bits == 0 ? c_.bool_const(name.c_str()) : c_.bv_const(name.c_str(), unsigned(bits));
  index_[name] = vars_.size();
  vars_.push_back({name, e, kind, reg, lane});
  return e;
}

ZU32 Z3Init::sreg(int code) {
  if ((code == 126 || code == 127) && !concrete_) {
    // EXEC as one variable per lane ("exec.l5"), lanes beyond the model 0.
    z3::expr_vector bits(c_);
    for (int k = 31; k >= 0; --k) {
      const int lane = (code - 126) * 32 + k;
      bits.push_back(lane < lanes_ ? var("exec.l" + std::to_string(lane), 1, EXEC_BIT, 126, lane) : c_.bv_val(0, 1));
    }
    return ZU32(z3::concat(bits));
  }
  z3::expr e = concrete_ ? c_.bv_val(concrete_->s[code & 127], 32)
                         : var("s" + std::to_string(code), 32, SREG, code, 0);
  // Lanes that do not exist in an N-lane model are never active.
  if (code == 126 && lanes_ < 32) return ZU32(e & c_.bv_val((1u << lanes_) - 1, 32));
  if (code == 127 && lanes_ < 64)
    return ZU32(e & c_.bv_val(lanes_ <= 32 ? 0u : uint32_t((1ull << (lanes_ - 32)) - 1), 32));
  return ZU32(e);
}
ZU32 Z3Init::vreg(int reg, int lane) {
  reg %= kVecRows;
  if (concrete_) return ZU32(c_.bv_val(concrete_->v[reg][lane], 32));
  return ZU32(var(vectorRowName(reg) + ".l" + std::to_string(lane), 32, VREG, reg, lane));
}
ZBool Z3Init::scc() {
  if (concrete_) return ZBool(c_.bool_val(concrete_->scc));
  return ZBool(var("scc", 0, SCC, 0, 0)); }

// ------------------------------------------------------------------- wave
ZU32 Z3Wave::sreg(int code) const {
  auto it = s.find(code);
  return it != s.end() ? it->second : init->sreg(code);
}
void Z3Wave::setSreg(int code, const ZU32& x) {
  s.erase(code);
  s.emplace(code, x);
}
ZBool Z3Wave::scc() const { return scc_written ? ZBool(scc_v) : init->scc(); }
void Z3Wave::setScc(const ZBool& b) { scc_v = b.e; scc_written = true; }
ZU32 Z3Wave::vreg(int reg, int lane) const {
  auto it = v.find(reg % kVecRows);
  if (it != v.end()) return it->second[size_t(lane)];
  return init->vreg(reg % kVecRows, lane);
}
void Z3Wave::setVreg(int reg, int lane, const ZU32& x) {
  reg %= kVecRows;
  auto it = v.find(reg);
  if (it == v.end()) {
    std::vector<ZU32> row;
    for (int l = 0; l < lanes(); ++l) row.push_back(init->vreg(reg, l));
    it = v.emplace(reg, std::move(row)).first;
  }
  it->second[size_t(lane)] = x;
}
void Z3Wave::fail(const PInst& p, const std::string& why) {
  unsupported.push_back(std::string(p.mnemonic()) + ": " + why);
}

ZU64 z3ScalarRead64(Z3Wave& w, const PInst& p, const Operand& o) {
  switch (o.kind) {
    case OpKind::SREG: return o.dwords >= 2 ? w.sreg64(o.reg) : zext64(w.sreg(o.reg));
    case OpKind::CONST: return ZU64(o.value);
    case OpKind::SCC: return toU64(w.scc());
    case OpKind::VCCZ: return toU64(w.vcc() == uint64_t(0));
    case OpKind::EXECZ: return toU64(w.exec() == uint64_t(0));
    case OpKind::APERTURE: w.fail(p, "aperture registers not in the Z3 model"); return ZU64(uint64_t(0));
    case OpKind::LDS_DIRECT: w.fail(p, "LDS_DIRECT not in the Z3 model"); return ZU64(uint64_t(0));
    default: return ZU64(uint64_t(0));
  }
}
ZU32 z3ScalarRead32(Z3Wave& w, const PInst& p, const Operand& o) {
  if (o.kind == OpKind::SREG) return w.sreg(o.reg);
  return lo32(z3ScalarRead64(w, p, o));
}

// ------------------------------------------------------------------- VALU
Z3LaneCtx::Z3LaneCtx(Z3Wave& w, const PInst& p)
    : w_(w), p_(p), exec_(w.exec()),
      has_sdst_(p.sdst.kind == OpKind::SREG),
      has_exec_(p.inst.desc().flags & F_VOPC_CMPX) {
  z3::context& c = w.init->ctx();
  const int n = w.lanes();
  for (int l = 0; l < n; ++l) {
    lo_.push_back(c.bv_val(0, 32));
    hi_.push_back(c.bv_val(0, 32));
    x2_.push_back(c.bv_val(0, 32));
    x3_.push_back(c.bv_val(0, 32));
    sdst_.push_back(c.bool_val(false));
    enabled_.push_back(laneEnabled(l).e);
  }
  wrote_.assign(size_t(n), false);
}

ZBool Z3LaneCtx::dppSourceOk(int l) const {
  const uint8_t s = p_.dpp_src[l];
  if (s >= kLanes || s >= w_.lanes()) return ZBool(false);
  return ZBool(exec_.e.extract(s, s) == w_.init->ctx().bv_val(1, 1));
}
ZBool Z3LaneCtx::laneEnabled(int l) const {
  // The bit itself (after simplification the lane's own EXEC variable, so
  // lanes' terms are renamings of each other: z3_equiv.cc's lane symmetry).
  ZBool on(exec_.e.extract(unsigned(l), unsigned(l)) == w_.init->ctx().bv_val(1, 1));
  if (p_.variant == V_DPP) {
    if (!((p_.dpp_rowbank >> l) & 1)) return ZBool(false);
    if (!p_.inst[Fld::BOUND_CTRL]) on = on & dppSourceOk(l);
  }
  return on;
}

ZU32 Z3LaneCtx::u32(int i) const {
  const Operand& o = p_.src[i];
  ZU32 x(0u);
  if (o.kind == OpKind::VGPR) {
    if (p_.variant == V_DPP && i == 0) {
      const uint8_t s = p_.dpp_src[lane_];
      ZU32 val = s < w_.lanes() ? w_.vreg(o.reg, s) : ZU32(0u);
      // Without bound_ctrl a lane whose source is off is disabled, so what
      // it reads is never seen: the plain read keeps the terms of a DPP
      // form identical to the e32 form's (the solver needs no case split).
      x = p_.inst[Fld::BOUND_CTRL] ? select(dppSourceOk(lane_), val, 0u) : val;
    } else {
      x = w_.vreg(o.reg, lane_);
    }
  } else {
    x = z3ScalarRead32(w_, p_, o);
  }
  if (p_.variant == V_SDWA && i < 2) {
    const int sel = i == 0 ? p_.inst[Fld::SRC0_SEL] : p_.inst[Fld::SRC1_SEL];
    x = vdetail::sdwaSel(x, sel, vdetail::bitOf(p_.inst[Fld::SEXT], i));
  }
  return x;
}
ZU64 Z3LaneCtx::u64(int i) const {
  const Operand& o = p_.src[i];
  if (o.kind != OpKind::VGPR) return z3ScalarRead64(w_, p_, o);
  if (p_.variant == V_DPP && i == 0) {
    // 64-bit DPP: both dwords from the source lane, as u32 reads one.
    const uint8_t s = p_.dpp_src[lane_];
    const ZU64 val = s < w_.lanes() ? pack64(w_.vreg(o.reg, s), w_.vreg(o.reg + 1, s)) : ZU64(0u);
    return p_.inst[Fld::BOUND_CTRL] ? select(dppSourceOk(lane_), val, ZU64(0u)) : val;
  }
  return pack64(w_.vreg(o.reg, lane_), w_.vreg(o.reg + 1, lane_));
}
ZU32 Z3LaneCtx::u32Dword(int i, int k) const {
  const Operand& o = p_.src[i];
  if (o.kind == OpKind::VGPR) return w_.vreg((o.reg + k) % kVecRows, lane_);
  if (o.kind == OpKind::SREG) return w_.sreg((o.reg + k) & 127);
  return k < 2 ? lo32(z3ScalarRead64(w_, p_, o) >> uint64_t(32 * k)) : ZU32(0u);
}
ZBool Z3LaneCtx::maskIn(int i) const {
  return ((z3ScalarRead64(w_, p_, p_.src[i]) >> unsigned(lane_)) & uint64_t(1)) != uint64_t(0);
}
void Z3LaneCtx::setU32(U32 r) {
  if (p_.variant == V_SDWA)
    r = vdetail::sdwaDst(r, w_.vreg(p_.dst.reg, lane_), p_.inst[Fld::DST_SEL], p_.inst[Fld::DST_UNUSED]);
  lo_[size_t(lane_)] = r.e;
  wrote_[size_t(lane_)] = true;
}
void Z3LaneCtx::setU64(const U64& r) {
  lo_[size_t(lane_)] = lo32(r).e;
  hi_[size_t(lane_)] = hi32(r).e;
  wrote_[size_t(lane_)] = true;
  wide_ = true;
}
void Z3LaneCtx::commit() {
  z3::context& c = w_.init->ctx();
  const int n = w_.lanes();
  for (int l = 0; l < n; ++l) {
    if (!wrote_[size_t(l)]) continue;
    const ZBool en(enabled_[size_t(l)]);
    w_.setVreg(p_.dst.reg, l, select(en, ZU32(lo_[size_t(l)]), w_.vreg(p_.dst.reg, l)));
    if (wide_)
      w_.setVreg(p_.dst.reg + 1, l, select(en, ZU32(hi_[size_t(l)]), w_.vreg(p_.dst.reg + 1, l)));
    if (quad_) {
      w_.setVreg(p_.dst.reg + 2, l, select(en, ZU32(x2_[size_t(l)]), w_.vreg(p_.dst.reg + 2, l)));
      w_.setVreg(p_.dst.reg + 3, l, select(en, ZU32(x3_[size_t(l)]), w_.vreg(p_.dst.reg + 3, l)));
    }
  }
  if (has_sdst_ || has_exec_) {
    // Bit l: the lane ran and set it. Lanes >= n do not exist.
    z3::expr_vector bits(c);
    for (int l = 63; l >= 0; --l)
      bits.push_back(l < n ? z3::ite(enabled_[size_t(l)] && sdst_[size_t(l)], c.bv_val(1, 1), c.bv_val(0, 1))
                           : c.bv_val(0, 1));
    ZU64 m(z3::concat(bits));
    if (has_sdst_) w_.setSreg64(p_.sdst.reg, m);
    if (has_exec_) w_.setSreg64(126, m);
  }
}

namespace {
// The lane index when it is a constant (v_readlane s0, v1, 3), else -1.
int constLane(const ZU32& l) {
  z3::expr e = l.e.simplify();
  uint64_t k;
  return e.is_numeral_u64(k) ? int(k) : -1;
}
}  // namespace

ZU32 Z3WaveOpCtx::vgprLane(int i, const ZU32& lane) const {
  if (!srcIsVgpr(i)) return s(i);
  const ZU32 l = lane & 63u;
  const int n = w_.lanes();
  const int k0 = constLane(l);
  if (k0 >= 0 && k0 < n) return w_.vreg(p_.src[i].reg, k0);
  if (n < 64) w_.fail(p_, "this lane index needs the 64-lane model");
  ZU32 r = w_.vreg(p_.src[i].reg, n - 1);
  for (int k = n - 2; k >= 0; --k) r = select(l == uint32_t(k), w_.vreg(p_.src[i].reg, k), r);
  return r;
}
void Z3WaveOpCtx::setVgprLane(const ZU32& lane, const ZU32& v) {
  const ZU32 l = lane & 63u;
  const int n = w_.lanes();
  const int k0 = constLane(l);
  if (k0 >= 0 && k0 < n) return w_.setVreg(p_.dst.reg, k0, v);
  if (n < 64) w_.fail(p_, "this lane index needs the 64-lane model");
  for (int k = 0; k < n; ++k)
    w_.setVreg(p_.dst.reg, k, select(l == uint32_t(k), v, w_.vreg(p_.dst.reg, k)));
}

// ---------------------------------------------------------------- stepping
bool Z3Wave::step(const PInst& p) {
  const size_t before = unsupported.size();
  g_unsupported.clear();
  const Z3Def* d = findZ3Sem(p.mnemonic());
  if (!d) {
    unsupported.push_back(std::string(p.mnemonic()) + ": no definition in the Z3 model");
    return false;
  }
  if (d->custom) {
    d->custom(*this, p);
    for (const std::string& w : g_unsupported) fail(p, w);
    g_unsupported.clear();
    return unsupported.size() == before;
  }
  switch (d->kind) {
    case SemKind::SALU: { Z3SaluCtx c(*this, p); d->salu(c); break; }
    case SemKind::VALU: {
      Z3LaneCtx c(*this, p);
      for (int l = 0; l < lanes(); ++l) {
        c.setLane(l);
        d->valu(c);
      }
      c.commit();
      break;
    }
    case SemKind::VALU_WAVE: { Z3WaveOpCtx c(*this, p); d->wave(c); break; }
    default:
      unsupported.push_back(std::string(p.mnemonic()) + ": no definition in the Z3 model");
  }
  for (const std::string& w : g_unsupported) fail(p, w);
  g_unsupported.clear();
  return unsupported.size() == before;
}

// ------------------------------------------------------ lane permutations
namespace {
// DS_SWIZZLE_B32 within the wave (mem_ds.cc, no memory involved): active
// lanes take the ADDR VGPR of the lane mem::dsSwizzleSource picks, 0 when
// that lane is inactive (lanes beyond the model's are).
void z3DsSwizzle(Z3Wave& w, const PInst& p) {
  const Inst& in = p.inst;
  const int vdst = in[Fld::VDST], src = in[Fld::ADDR];
  const uint32_t off = uint32_t(in[Fld::OFFSET]);
  const int n = w.lanes();
  const ZU64 exec = w.exec();
  z3::context& c = w.init->ctx();
  auto on = [&](int l) { return ZBool(exec.e.extract(unsigned(l), unsigned(l)) == c.bv_val(1, 1)); };
  std::vector<ZU32> tmp;
  for (int l = 0; l < n; ++l) {
    const int from = mem::dsSwizzleSource(off, l);
    tmp.push_back(from < n ? select(on(from), w.vreg(src, from), 0u) : ZU32(0u));
  }
  for (int l = 0; l < n; ++l) w.setVreg(vdst, l, select(on(l), tmp[size_t(l)], w.vreg(vdst, l)));
}
Z3Def customDef(std::string_view n, void (*f)(Z3Wave&, const PInst&)) {
  Z3Def d;
  d.mnemonic = n;
  d.kind = SemKind::CUSTOM;
  d.custom = f;
  return d;
}
const Z3Registrar z3reg_ds_swizzle(customDef("ds_swizzle_b32", &z3DsSwizzle));
}  // namespace

// ---------------------------------------------------------------- registry
namespace {
std::map<std::string_view, Z3Def>& table() {
  static std::map<std::string_view, Z3Def> t;
  return t;
}
}  // namespace
Z3Registrar::Z3Registrar(const Z3Def& d) { table()[d.mnemonic] = d; }
const Z3Def* findZ3Sem(std::string_view m) {
  auto it = table().find(m);
  return it == table().end() ? nullptr : &it->second;
}
std::vector<const Z3Def*> allZ3Sems() {
  std::vector<const Z3Def*> v;
  for (auto& kv : table()) v.push_back(&kv.second);
  return v;
}

}  // namespace gcn::sem
