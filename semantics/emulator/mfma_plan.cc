#include "semantics/emulator/mfma_plan.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "semantics/domain/lanes.h"

namespace gcn::sem {
namespace {

MfmaPlan build(const MfmaInfo& f, int cbsz, int abid, int blgp, bool neg_mode) {
  MfmaPlan p;
  p.f = &f;
  p.cbsz = cbsz;
  p.abid = abid;
  p.blgp = neg_mode ? 0 : blgp;
  p.neg = neg_mode ? uint8_t(blgp) : 0;
  if (f.sparse) {
    const int bits = mtypeBits(f.a);
    for (int i = 0; i < f.m; ++i)
      for (int k = 0; k < f.k; k += 4) {
        const MLoc l = mfmaLoc(f, MMat::A, 0, i, k);
        for (int s = 0; s < 2; ++s) {
          const int bit = l.bit + s * bits;
          p.a_at.push_back(uint16_t((l.reg + bit / 32) * kLanes + l.lane));
          p.a_bit.push_back(uint8_t(bit % 32));
        }
        const MLoc x = smfmacIndexLoc(f, i, k, cbsz, abid);
        p.idx_at.push_back(uint16_t(x.lane));
        p.idx_bit.push_back(uint8_t(x.bit));
      }
  }
  for (int b = 0; b < f.blocks && !f.sparse; ++b)
    for (int i = 0; i < f.m; ++i)
      for (int k = 0; k < f.k; ++k) {
        const MLoc l = mfmaLoc(f, MMat::A, b, i, k);
        p.a_at.push_back(uint16_t(l.reg * kLanes + mfmaASourceLane(f, l.lane, cbsz, abid)));
        p.a_bit.push_back(uint8_t(l.bit));
      }
  for (int b = 0; b < f.blocks; ++b)
    for (int k = 0; k < f.k; ++k)
      for (int j = 0; j < f.n; ++j) {
        const MLoc l = mfmaLoc(f, MMat::B, b, k, j);
        p.b_at.push_back(uint16_t(l.reg * kLanes + mfmaBSourceLane(l.lane, p.blgp)));
        p.b_bit.push_back(uint8_t(l.bit));
      }
  for (int b = 0; b < f.blocks; ++b)
    for (int i = 0; i < f.m; ++i) {
      const MLoc l = mfmaLoc(f, MMat::CD, b, i, 0);
      p.cd_row.push_back(uint16_t(l.reg * kLanes + l.lane));
    }
  return p;
}

}  // namespace

const MfmaPlan* mfmaPlan(const Inst& in) {
  const InstDesc& d = in.desc();
  const MfmaInfo* f = mfmaInfo(d);
  if (!f) return nullptr;
  const bool neg_mode = (d.flags & F_MFMA_NEG) != 0;
  const int cbsz = in[Fld::CBSZ], abid = in[Fld::ABID], blgp = in[Fld::BLGP];
  static std::mutex mu;
  static std::map<std::tuple<const MfmaInfo*, int, int, int>, std::unique_ptr<MfmaPlan>> plans;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = plans[{f, cbsz, abid, blgp}];
  if (!slot) slot = std::make_unique<MfmaPlan>(build(*f, cbsz, abid, blgp, neg_mode));
  return slot.get();
}

}  // namespace gcn::sem
