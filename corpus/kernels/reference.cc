#include "corpus/kernels/reference.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <map>

namespace gcn::kernels {

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
  if (exp == 0xff) return uint16_t(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
  int e = int(exp) - 127 + 15;
  if (e >= 31) return uint16_t(sign | 0x7c00);
  if (e <= 0) {  // subnormal half (or zero)
    if (e < -10) return uint16_t(sign);
    uint32_t m = man | 0x800000;
    int shift = 14 - e;
    uint32_t r = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1))) ++r;
    return uint16_t(sign | r);
  }
  uint32_t r = (uint32_t(e) << 10) | (man >> 13), rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (r & 1))) ++r;  // may carry into the exponent: correct
  return uint16_t(sign | r);
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  uint32_t x;
  if (exp == 0x1f) {
    x = sign | 0x7f800000 | (man << 13);
  } else if (exp == 0) {
    if (!man) {
      x = sign;
    } else {
      int e = -1;
      do { man <<= 1; ++e; } while (!(man & 0x400));
      x = sign | (uint32_t(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
    }
  } else {
    x = sign | ((exp + 112) << 23) | (man << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

namespace {

// Typed element access to a buffer argument (unaligned-safe).
template <typename T>
struct Buf {
  std::vector<uint8_t>* b;
  size_t size() const { return b->size() / sizeof(T); }
  T get(size_t i) const {
    T v{};
    if ((i + 1) * sizeof(T) <= b->size()) std::memcpy(&v, b->data() + i * sizeof(T), sizeof(T));
    return v;
  }
  void set(size_t i, T v) {
    if ((i + 1) * sizeof(T) <= b->size()) std::memcpy(b->data() + i * sizeof(T), &v, sizeof(T));
  }
};
template <typename T>
Buf<T> buf(std::vector<Arg>& a, size_t i) { return Buf<T>{&a[i].bytes}; }
uint32_t u32(const std::vector<Arg>& a, size_t i) { return uint32_t(a[i].scalar); }
float f32(const std::vector<Arg>& a, size_t i) {
  uint32_t v = uint32_t(a[i].scalar);
  float f;
  std::memcpy(&f, &v, 4);
  return f;
}

// Visits every work-item of the grid (HSA: partial edge groups).
struct Item {
  uint32_t gid[3], lid[3], group[3], flat_lid;
};
void forEachItem(const KernelCase& c, const std::function<void(const Item&)>& f) {
  for (uint32_t z = 0; z < c.grid.z; ++z)
    for (uint32_t y = 0; y < c.grid.y; ++y)
      for (uint32_t x = 0; x < c.grid.x; ++x) {
        Item it{{x, y, z},
                {x % c.block.x, y % c.block.y, z % c.block.z},
                {x / c.block.x, y / c.block.y, z / c.block.z},
                0};
        it.flat_lid = (it.lid[2] * c.block.y + it.lid[1]) * c.block.x + it.lid[0];
        f(it);
      }
}

using Ref = bool (*)(const KernelCase&, std::vector<Arg>&, std::string*);

bool wholeGroups(const KernelCase& c, std::string* err) {
  if (c.grid.x % c.block.x || c.grid.y % c.block.y || c.grid.z % c.block.z) {
    *err = c.kernel + ": the reference needs whole work-groups (grid a multiple of block)";
    return false;
  }
  return true;
}
bool wholeWaves(const KernelCase& c, std::string* err) {
  if (c.grid.y != 1 || c.grid.z != 1 || c.block.x % 64 || c.grid.x % c.block.x) {
    *err = c.kernel + ": the reference needs a 1D grid of whole 64-lane waves";
    return false;
  }
  return true;
}

bool vadd_i32(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), x = buf<int32_t>(a, 1), y = buf<int32_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) out.set(i, int32_t(uint32_t(x.get(i)) + uint32_t(y.get(i))));
  return true;
}

bool int_ops(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<uint32_t>(a, 0), A = buf<uint32_t>(a, 1), B = buf<uint32_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t x = A.get(i), y = B.get(i), s = y & 31;
    uint32_t o[8];
    o[0] = x * y + (x ^ y);
    o[1] = uint32_t((uint64_t(x) * y) >> 32);
    o[2] = (x << s) | (x >> ((32 - s) & 31));
    o[3] = uint32_t(int32_t(x) >> s);
    o[4] = uint32_t(__builtin_popcount(x)) + (x ? uint32_t(__builtin_clz(x)) : 32u) * 64;
    o[5] = int32_t(x) < int32_t(y) ? x : y;
    o[6] = (x >> 8) & 0xfff;
    o[7] = x > y ? x - y : y - x;
    for (int k = 0; k < 8; ++k) out.set(8 * i + k, o[k]);
  }
  return true;
}

bool int_div(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto q = buf<int32_t>(a, 0), r = buf<int32_t>(a, 1);
  auto uq = buf<uint32_t>(a, 2), ur = buf<uint32_t>(a, 3);
  auto A = buf<int32_t>(a, 4), B = buf<int32_t>(a, 5);
  uint32_t n = u32(a, 6);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    int32_t x = A.get(i), y = B.get(i);
    if (y == 0 || (x == INT32_MIN && y == -1)) {
      q.set(i, 0); r.set(i, 0); uq.set(i, 0); ur.set(i, 0);
      continue;
    }
    q.set(i, x / y);
    r.set(i, x % y);
    uq.set(i, uint32_t(x) / uint32_t(y));
    ur.set(i, uint32_t(x) % uint32_t(y));
  }
  return true;
}

bool f32_arith(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    float x = A.get(i), y = B.get(i);
    out.set(4 * i, std::fma(x, y, 1.5f));
    out.set(4 * i + 1, x / y);
    out.set(4 * i + 2, std::sqrt(std::fabs(x)));
    out.set(4 * i + 3, std::fmax(x, y) - std::fmin(x, y));
  }
  return true;
}

bool f64_arith(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<double>(a, 0), A = buf<double>(a, 1), B = buf<double>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    double x = A.get(i), y = B.get(i);
    out.set(4 * i, std::fma(x, y, 0.25));
    out.set(4 * i + 1, x / y);
    out.set(4 * i + 2, std::sqrt(std::fabs(x)));
    out.set(4 * i + 3, std::fma(-y, 3.0, x));
  }
  return true;
}

bool f16_arith(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<uint16_t>(a, 0), A = buf<uint16_t>(a, 1), B = buf<uint16_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    double x = halfToFloat(A.get(i)), y = halfToFloat(B.get(i));
    // Computed in double (exact for products and sums of halves), one rounding.
    out.set(4 * i, floatToHalf(float(x * y)));
    out.set(4 * i + 1, floatToHalf(float(x + y)));
    out.set(4 * i + 2, floatToHalf(float(x / y)));
    out.set(4 * i + 3, floatToHalf(float(std::sqrt(std::fabs(x)))));
  }
  return true;
}

bool convert(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto oi = buf<int32_t>(a, 0);
  auto of = buf<float>(a, 1);
  auto od = buf<double>(a, 2);
  auto oh = buf<uint16_t>(a, 3);
  auto A = buf<float>(a, 4);
  uint32_t n = u32(a, 5);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    float x = A.get(i);
    oi.set(2 * i, int32_t(x));
    oi.set(2 * i + 1, int32_t(std::floor(x)));
    of.set(2 * i, float(int32_t(x * 3.0f)));
    of.set(2 * i + 1, std::trunc(x * 0.5f));
    od.set(i, double(x) * 1.0000001);
    oh.set(i, floatToHalf(x));
  }
  return true;
}

bool branch_divergent(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  uint32_t n = u32(a, 2);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    int32_t x = A.get(i), r;
    if (x & 1) {
      r = x > 100 ? int32_t(uint32_t(x) * 3) : x - 7;
    } else if ((i & 3) == 2) {
      r = int32_t(0u - uint32_t(x));
    } else {
      r = x >> 1;
      if (r == 0) r = 12345;
    }
    out.set(i, r);
  }
  return true;
}

bool loop_collatz(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto steps = buf<uint32_t>(a, 0), start = buf<uint32_t>(a, 1);
  uint32_t n = u32(a, 2);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t x = start.get(i), s = 0;
    while (x > 1 && s < 1000) {
      x = (x & 1) ? 3 * x + 1 : x >> 1;
      ++s;
    }
    steps.set(i, s);
  }
  return true;
}

bool lds_reduce(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeGroups(c, err)) return false;
  auto sums = buf<uint32_t>(a, 0), A = buf<uint32_t>(a, 1);
  uint32_t n = u32(a, 2);
  for (uint32_t g = 0; g < c.grid.x / c.block.x; ++g) {
    uint32_t s = 0;
    for (uint32_t l = 0; l < c.block.x; ++l) {
      uint32_t i = g * c.block.x + l;
      if (i < n) s += A.get(i);
    }
    sums.set(g, s);
  }
  return true;
}

bool lds_scan(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  uint32_t n = u32(a, 2);
  uint32_t run = 0;
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    if (i % c.block.x == 0) run = 0;
    run += uint32_t(A.get(i));
    out.set(i, int32_t(run));
  }
  return true;
}

bool lds_transpose(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeGroups(c, err)) return false;
  auto out = buf<float>(a, 0), in = buf<float>(a, 1);
  uint32_t rows = u32(a, 2), cols = u32(a, 3);
  if (c.grid.x < cols || c.grid.y < rows) {
    *err = "lds_transpose: the grid must cover cols x rows";
    return false;
  }
  for (uint32_t y = 0; y < rows; ++y)
    for (uint32_t x = 0; x < cols; ++x) out.set(x * rows + y, in.get(y * cols + x));
  return true;
}

bool global_atomics(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto hist = buf<uint32_t>(a, 0), st = buf<uint32_t>(a, 1), A = buf<uint32_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t x = A.get(i);
    hist.set(x & 15, hist.get(x & 15) + 1);
    st.set(0, st.get(0) + x);
    st.set(1, std::min(st.get(1), x));
    st.set(2, std::max(st.get(2), x));
    st.set(3, st.get(3) | (1u << (x & 31)));
    st.set(4, st.get(4) ^ x);
    st.set(5, std::max(st.get(5), (x * 7) % 1000));
  }
  return true;
}

bool lds_atomics(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeGroups(c, err)) return false;
  auto hist = buf<uint32_t>(a, 0), A = buf<uint32_t>(a, 1);
  uint32_t n = u32(a, 2);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) hist.set(A.get(i) & 31, hist.get(A.get(i) & 31) + 1);
  return true;
}

bool i64_arith(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<uint64_t>(a, 0), A = buf<uint64_t>(a, 1), B = buf<uint64_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint64_t x = A.get(i), y = B.get(i) | 1;
    out.set(6 * i, x * y + (x >> 7));
    out.set(6 * i + 1, x / y);
    out.set(6 * i + 2, x % y);
    bool ovf = int64_t(x) == INT64_MIN && int64_t(y) == -1;
    out.set(6 * i + 3, ovf ? x : uint64_t(int64_t(x) / int64_t(y)));
    out.set(6 * i + 4, (x << (y & 63)) ^ uint64_t(int64_t(x) >> 13));
    out.set(6 * i + 5, int64_t(x) < int64_t(y) ? x - y : y + 0x123456789abcdefULL);
  }
  return true;
}

bool private_array(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), idx = buf<int32_t>(a, 1);
  uint32_t n = u32(a, 2);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t tmp[96];
    for (uint32_t k = 0; k < 96; ++k) tmp[k] = k * i + 1;
    uint32_t s = 0;
    for (uint32_t k = 0; k < 8; ++k) {
      int32_t j = idx.get(i * 8 + k) % 96;
      if (j < 0) j += 96;
      tmp[j] += s;
      s += tmp[(j * 5 + 3) % 96];
    }
    out.set(i, int32_t(s));
  }
  return true;
}

// Lanes of the wave holding global id i (1D, whole waves).
uint32_t waveBase(uint32_t i) { return i & ~63u; }

bool wave_bpermute(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  for (uint32_t i = 0; i < c.grid.x; ++i) out.set(i, A.get(waveBase(i) + 63 - (i & 63)));
  return true;
}

bool wave_dpp(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  for (uint32_t i = 0; i < c.grid.x; ++i) {
    uint32_t row = i & ~15u, l = i & 15, q = i & ~3u;
    out.set(4 * i, l ? A.get(i - 1) : 0);           // row_shr:1, bound_ctrl: 0 fill
    out.set(4 * i + 1, A.get(q + 3 - (i & 3)));      // quad_perm:[3,2,1,0]
    out.set(4 * i + 2, A.get(row + ((l - 4) & 15)));  // row_ror:4
    uint32_t s = 0;
    for (uint32_t k = row; k <= i; ++k) s += uint32_t(A.get(k));  // row inclusive scan
    out.set(4 * i + 3, int32_t(s));
  }
  return true;
}

bool wave_readlane(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto out = buf<int32_t>(a, 0);
  auto ballots = buf<uint64_t>(a, 1);
  auto A = buf<int32_t>(a, 2);
  for (uint32_t i = 0; i < c.grid.x; ++i) {
    uint32_t w = waveBase(i);
    uint32_t v = uint32_t(A.get(w)) + 2 * uint32_t(A.get(w + 5)) - uint32_t(A.get(w + 63)) +
                 uint32_t(A.get(i));
    out.set(i, int32_t(v));
    if ((i & 63) == 0) {
      uint64_t b = 0;
      for (uint32_t l = 0; l < 64; ++l)
        if (A.get(w + l) > 0) b |= uint64_t(1) << l;
      ballots.set(i / 64, b);
    }
  }
  return true;
}

bool wave_swizzle(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  for (uint32_t i = 0; i < c.grid.x; ++i) {
    out.set(3 * i, A.get((i & ~3u) + 3 - (i & 3)));
    out.set(3 * i + 1, A.get(i ^ 1));
    out.set(3 * i + 2, A.get(i & ~31u));
  }
  return true;
}

bool grid3d(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<uint32_t>(a, 0);
  uint32_t nx = u32(a, 1), ny = u32(a, 2), nz = u32(a, 3);
  forEachItem(c, [&](const Item& it) {
    if (it.gid[0] >= nx || it.gid[1] >= ny || it.gid[2] >= nz) return;
    uint32_t idx = (it.gid[2] * ny + it.gid[1]) * nx + it.gid[0];
    out.set(idx, (it.group[2] << 24) | (it.group[1] << 16) | (it.group[0] << 8) | it.flat_lid);
  });
  return true;
}

bool matmul(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto C = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2);
  uint32_t m = u32(a, 3), n = u32(a, 4), k = u32(a, 5);
  for (uint32_t row = 0; row < m && row < c.grid.y; ++row)
    for (uint32_t col = 0; col < n && col < c.grid.x; ++col) {
      float acc = 0.0f;
      for (uint32_t t = 0; t < k; ++t) acc = std::fma(A.get(row * k + t), B.get(t * n + col), acc);
      C.set(row * n + col, acc);
    }
  return true;
}

bool saxpy_multi(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto y = buf<float>(a, 0), x = buf<float>(a, 1);
  float alpha = f32(a, 2);
  uint32_t n = u32(a, 3);
  (void)c;
  for (uint32_t i = 0; i < n; ++i) y.set(i, std::fma(alpha, x.get(i), y.get(i)));
  return true;
}

bool bitfield(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<uint32_t>(a, 0), A = buf<uint32_t>(a, 1), B = buf<uint32_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t x = A.get(i), y = B.get(i), off = y & 15, w = (y >> 4) & 15;
    out.set(5 * i, w ? (x >> off) & ((1u << w) - 1) : 0);
    out.set(5 * i + 1, (x & 0xff00ff00u) | (y & 0x00ff00ffu));
    out.set(5 * i + 2, uint32_t(((uint64_t(x) << 32) | y) >> (y & 31)));
    out.set(5 * i + 3, x ? 31 - uint32_t(__builtin_clz(x)) : 0xffffffffu);
    uint32_t rev = 0;
    for (int b = 0; b < 32; ++b) rev |= ((x >> b) & 1) << (31 - b);
    out.set(5 * i + 4, rev ^ uint32_t(__builtin_ctz(y | 0x80000000u)));
  }
  return true;
}

bool lds_dynamic(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeGroups(c, err)) return false;
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  uint32_t n = u32(a, 3), ls = c.block.x;
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t j = (i / ls) * ls + (ls - 1 - i % ls);
    out.set(i, j < n ? A.get(j) : 0);
  }
  return true;
}

bool mixed_f16_f32(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<float>(a, 0), C = buf<float>(a, 3);
  auto A = buf<uint16_t>(a, 1), B = buf<uint16_t>(a, 2);
  uint32_t n = u32(a, 4);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i)
    out.set(i, std::fma(halfToFloat(A.get(i)), halfToFloat(B.get(i)), C.get(i)));
  return true;
}

bool dot4(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1), B = buf<int32_t>(a, 2);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) {
    uint32_t s = i;
    for (int k = 0; k < 4; ++k)
      s += uint32_t(int32_t(int8_t(A.get(i) >> (8 * k))) * int32_t(int8_t(B.get(i) >> (8 * k))));
    out.set(i, int32_t(s));
  }
  return true;
}

bool scale(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  int32_t k = int32_t(a[2].scalar);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i)
    out.set(i, int32_t(uint32_t(A.get(i)) * uint32_t(k) + uint32_t(A.get(i) >> 3)));
  return true;
}

bool offset(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<int32_t>(a, 0), A = buf<int32_t>(a, 1);
  int32_t k = int32_t(a[2].scalar);
  uint32_t n = u32(a, 3);
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i) out.set(i, int32_t(uint32_t(A.get(i)) + uint32_t(k)));
  return true;
}

const std::map<std::string, Ref>& refs() {
  static const std::map<std::string, Ref> m = {
      {"vadd_i32", vadd_i32},   {"int_ops", int_ops},
      {"int_div", int_div},     {"f32_arith", f32_arith},
      {"f64_arith", f64_arith}, {"f16_arith", f16_arith},
      {"convert", convert},     {"branch_divergent", branch_divergent},
      {"loop_collatz", loop_collatz}, {"lds_reduce", lds_reduce},
      {"lds_scan", lds_scan},   {"lds_transpose", lds_transpose},
      {"global_atomics", global_atomics}, {"lds_atomics", lds_atomics},
      {"i64_arith", i64_arith}, {"private_array", private_array},
      {"wave_bpermute", wave_bpermute}, {"wave_dpp", wave_dpp},
      {"wave_readlane", wave_readlane}, {"wave_swizzle", wave_swizzle},
      {"grid3d", grid3d},       {"matmul", matmul},
      {"saxpy_multi", saxpy_multi}, {"bitfield", bitfield},
      {"lds_dynamic", lds_dynamic}, {"mixed_f16_f32", mixed_f16_f32},
      {"dot4", dot4},           {"scale", scale},
      {"offset", offset},
  };
  return m;
}

}  // namespace

bool runReference(const KernelCase& c, std::vector<Arg>* args, std::string* err) {
  auto it = refs().find(c.kernel);
  if (it == refs().end()) {
    *err = "no host reference for kernel '" + c.kernel + "'";
    return false;
  }
  if (!c.block.x || !c.block.y || !c.block.z) {
    *err = c.kernel + ": zero work-group size";
    return false;
  }
  return it->second(c, *args, err);
}

}  // namespace gcn::kernels
