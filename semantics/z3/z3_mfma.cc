// The MFMA rows over Z3. Integer MFMA (int8 products summed in 32 bits) is
// modelled exactly, element by element through the same plan as the
// emulator (emulator/mfma_plan.h), over all 64 lanes. Float MFMA is not:
// each result is a chain of up to 32 IEEE fused multiply-adds whose inputs
// come from other lanes, which Z3's floating-point theory does not decide
// in the prover's limits; `gcnref prove` names it and says so. Integer
// SMFMAC is exact too: each stored A value meets the B row its (symbolic)
// index field names, a choice among the group's four rows.
#include <set>
#include <string_view>

#include "isa/mfma.h"
#include "semantics/emulator/mfma_plan.h"
#include "semantics/z3/z3_ctx.h"

namespace gcn::sem {
namespace {

// The 8-bit element at dword `at` (register * 64 + lane) of the rows from
// `reg`, bit `bit`, sign-extended to 32 bits.
z3::expr byteAt(const Z3Wave& w, int reg, int at, int bit) {
  const z3::expr x = w.vreg(reg + at / kLanes, at % kLanes).e;
  return z3::sext(x.extract(unsigned(bit + 7), unsigned(bit)), 24);
}

void z3SmfmacInt(Z3Wave& w, const PInst& p) {
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  const int ra = p.src[0].reg, rb = p.src[1].reg, rx = p.src[2].reg, rd = p.dst.reg;
  const int groups = f.k / 4;
  std::vector<std::pair<int, z3::expr>> out;
  for (int i = 0; i < f.m; ++i) {
    const int row = pl.cd_row[size_t(i)];
    for (int j = 0; j < f.n; ++j) {
      const int at = row + j;
      z3::expr acc = w.vreg(rd + at / kLanes, at % kLanes).e;
      for (int g = 0; g < groups; ++g) {
        const size_t ig = size_t(i * groups + g);
        const int bit = pl.idx_bit[ig];
        const z3::expr field =
            w.vreg(rx, pl.idx_at[ig]).e.extract(unsigned(bit + 3), unsigned(bit));
        auto bRow = [&](int k) {
          const size_t ib = size_t(k * f.n + j);
          return byteAt(w, rb, pl.b_at[ib], pl.b_bit[ib]);
        };
        for (int s = 0; s < 2; ++s) {
          const z3::expr pos = field.extract(unsigned(2 * s + 1), unsigned(2 * s));
          const z3::expr bv =
              z3::ite(pos == 0, bRow(4 * g),
                      z3::ite(pos == 1, bRow(4 * g + 1),
                              z3::ite(pos == 2, bRow(4 * g + 2), bRow(4 * g + 3))));
          const size_t ia = 2 * ig + size_t(s);
          acc = acc + byteAt(w, ra, pl.a_at[ia], pl.a_bit[ia]) * bv;
        }
      }
      out.emplace_back(at, acc.simplify());
    }
  }
  for (auto& [at, e] : out) w.setVreg(rd + at / kLanes, at % kLanes, ZU32(e));
}

void z3MfmaInt(Z3Wave& w, const PInst& p) {
  if (w.lanes() < kLanes) return w.fail(p, "MFMA reads across all 64 lanes: use --lanes 64");
  if (p.mfma->f->sparse) return z3SmfmacInt(w, p);
  const MfmaPlan& pl = *p.mfma;
  const MfmaInfo& f = *pl.f;
  z3::context& c = w.init->ctx();
  const int ra = p.src[0].reg, rb = p.src[1].reg, rd = p.dst.reg;
  const bool c_const = p.src[2].kind != OpKind::VGPR;
  // Every result before any write: D may overlap A, B or C.
  std::vector<std::pair<int, z3::expr>> out;
  for (int b = 0; b < f.blocks; ++b)
    for (int i = 0; i < f.m; ++i) {
      const int row = pl.cd_row[size_t(b * f.m + i)];
      for (int j = 0; j < f.n; ++j) {
        const int at = row + j;
        z3::expr acc = c_const ? c.bv_val(uint32_t(p.src[2].value), 32)
                               : w.vreg(p.src[2].reg + at / kLanes, at % kLanes).e;
        for (int k = 0; k < f.k; ++k) {
          const size_t ia = size_t((b * f.m + i) * f.k + k), ib = size_t((b * f.k + k) * f.n + j);
          acc = acc + byteAt(w, ra, pl.a_at[ia], pl.a_bit[ia]) * byteAt(w, rb, pl.b_at[ib], pl.b_bit[ib]);
        }
        out.emplace_back(at, acc.simplify());
      }
    }
  for (auto& [at, e] : out) w.setVreg(rd + at / kLanes, at % kLanes, ZU32(e));
}

void z3MfmaFloat(Z3Wave& w, const PInst& p) {
  w.fail(p, "float MFMA is not in the Z3 model (a chain of K fused multiply-adds per element "
            "over values from other lanes: beyond what Z3's floating-point theory decides in "
            "the prover's limits); the integer MFMAs are modelled");
}

const bool kZ3MfmaRegistered = [] {
  std::set<std::string_view> done;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    const MfmaInfo* f = mfmaInfo(*d);
    if (!f || !done.insert(d->mnemonic).second) continue;
    Z3Def z;
    z.mnemonic = d->mnemonic;
    z.kind = SemKind::CUSTOM;
    z.custom = f->cd == MType::I32 ? &z3MfmaInt : &z3MfmaFloat;
    Z3Registrar r(z);
  }
  return true;
}();

}  // namespace
}  // namespace gcn::sem
