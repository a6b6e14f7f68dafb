// A sum of doubles and of products of doubles, held exactly and rounded
// once (round to nearest even) to f32 or f64: the "exact sum" numeric model
// of the matrix instructions (semantics/defs/mfma.cc). The value is a fixed
// point integer with its lowest bit at 2^-2148 (the smallest product of two
// subnormal doubles) and room above 2^2048 (the largest product) for the
// carries of 2^16 terms, in two's complement. Infinities and NaNs are kept
// apart as flags and combine as IEEE addition would: NaN if any term is NaN
// or an infinity meets its opposite. A zero result is -0 only when every
// term was -0, as a chain of IEEE additions gives.
#pragma once

#include <cstdint>

namespace gcn::sem {

class ExactSum {
 public:
  void add(double x);
  void addProduct(double a, double b);
  float toF32() const;
  double toF64() const;

 private:
  static constexpr int kBias = 2148;   // bit 0 is 2^-2148
  static constexpr int kLimbs = 68;    // 4352 bits: 2^2048 * 2^16 with sign
  void addScaled(unsigned __int128 mag, int lsb_exp, bool negative);
  // The rounded magnitude as mant * 2^exp with mant below 2^(p+1), after
  // rounding to p bits no finer than 2^min_exp; false for zero.
  bool round(int p, int min_exp, uint64_t* mant, int* exp, bool* negative) const;
  // The sum rounded to F (p bits, quantum at least 2^min_exp).
  template <class F>
  F to(int p, int min_exp) const;
  uint64_t limb_[kLimbs] = {};
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false, all_neg_zero_ = true;
};

}  // namespace gcn::sem
