#include "isa/mfma.h"

#include <string_view>
#include <unordered_map>

namespace gcn {
namespace {

struct MfmaRow {
  std::string_view mnemonic;
  int m, n, k, blocks;
  MType a, b, cd;
};

#define GCN_MFMA(name, M, N, K, B, TA, TB, TCD) \
  {#name, M, N, K, B, MType::TA, MType::TB, MType::TCD},
constexpr MfmaRow kRows[] = {
#include "isa/tables/mfma.inc"
};
#undef GCN_MFMA

const std::unordered_map<const InstDesc*, MfmaInfo>& infoByRow() {
  static const auto* m = [] {
    auto* out = new std::unordered_map<const InstDesc*, MfmaInfo>;
    std::unordered_map<std::string_view, const MfmaRow*> by_name;
    for (const MfmaRow& r : kRows) by_name[r.mnemonic] = &r;
    for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
      auto it = by_name.find(d->mnemonic);
      if (it == by_name.end()) continue;
      const MfmaRow& r = *it->second;
      MfmaInfo f{r.m, r.n, r.k, r.blocks, r.a, r.b, r.cd, (d->flags & F_SMFMAC) != 0, 1, 1, 1};
      for (int i = 0; i < d->num_operands; ++i) {
        const OperandSpec& op = d->operand[i];
        const int dw = typeDwords(op.type);
        if (op.role == Role::src0) f.a_dwords = dw;
        else if (op.role == Role::src1) f.b_dwords = dw;
        else if (op.role == Role::vdst) f.cd_dwords = dw;
      }
      (*out)[d] = f;
    }
    return out;
  }();
  return *m;
}

}  // namespace

int mtypeBits(MType t) {
  switch (t) {
    case MType::F16: case MType::BF16: return 16;
    case MType::I8: case MType::FP8: case MType::BF8: return 8;
    case MType::F64: return 64;
    default: return 32;
  }
}

const MfmaInfo* mfmaInfo(const InstDesc& d) {
  const auto& m = infoByRow();
  auto it = m.find(&d);
  return it == m.end() ? nullptr : &it->second;
}

int mfmaConstantBits(const InstDesc& d, Role role) {
  const MfmaInfo* f = mfmaInfo(d);
  return f && !f->sparse && role == Role::src2 ? mtypeBits(f->cd) : 0;
}

MLoc mfmaLoc(const MfmaInfo& f, MMat mat, int b, int row, int col) {
  if (mat != MMat::CD) {
    const bool is_a = mat == MMat::A;
    const int bits = mtypeBits(is_a ? f.a : f.b);
    const int per_lane = (is_a ? f.a_dwords : f.b_dwords) * 32 / bits;
    const int k = is_a ? col : row, x = is_a ? row : col, dim = is_a ? f.m : f.n;
    if (is_a && f.sparse) {
      const int dense = 2 * per_lane, e = 2 * ((k % dense) / 4);
      return {e * bits / 32, x + dim * (b + f.blocks * (k / dense)), (e * bits) % 32};
    }
    const int e = k % per_lane;
    return {e * bits / 32, x + dim * (b + f.blocks * (k / per_lane)), (e * bits) % 32};
  }
  const int i = row, j = col;
  const int g = i / 4 + (f.m / 4) * b;
  if (mtypeBits(f.cd) == 64) {
    const int groups = 16 / f.n;
    return {2 * (g / groups), 16 * (i % 4) + f.n * (g % groups) + j, 0};
  }
  const int groups = 64 / f.n;
  return {4 * (g / groups) + i % 4, f.n * (g % groups) + j, 0};
}

MLoc smfmacIndexLoc(const MfmaInfo& f, int row, int k, int cbsz, int abid) {
  const int dense = 2 * f.a_dwords * 32 / mtypeBits(f.a);
  const int set = cbsz ? 0 : abid % (32 / dense);
  return {0, row + f.m * (k / dense), set * dense + 4 * ((k % dense) / 4)};
}

int mfmaASourceLane(const MfmaInfo& f, int lane, int cbsz, int abid) {
  if (cbsz == 0 || f.blocks == 1) return lane;
  const int b = (lane / f.m) % f.blocks, rest = lane - f.m * b;
  const int src = ((b >> cbsz) << cbsz) + (abid & ((1 << cbsz) - 1));
  return rest + f.m * (src % f.blocks);
}

int mfmaBSourceLane(int lane, int blgp) {
  switch (blgp & 7) {
    case 1: return lane % 32;
    case 2: return 32 + lane % 32;
    case 3: return (lane + 16) % 64;
    case 4: return lane % 16;
    case 5: return 16 + lane % 16;
    case 6: return 32 + lane % 16;
    case 7: return 48 + lane % 16;
    default: return lane;
  }
}

}  // namespace gcn
