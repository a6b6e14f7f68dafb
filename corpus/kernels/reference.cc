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

bool f32x2_arith(const KernelCase& c, std::vector<Arg>& a, std::string*) {
  auto out = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2);
  const uint64_t sb = a[3].scalar;
  float s[2];
  std::memcpy(&s[0], &sb, 4);
  std::memcpy(&s[1], reinterpret_cast<const char*>(&sb) + 4, 4);
  uint32_t n = u32(a, 4);
  const float k[2] = {0.5f, -4.0f};
  for (uint32_t i = 0; i < n && i < c.grid.x; ++i)
    for (uint32_t h = 0; h < 2; ++h) {
      float x = A.get(2 * i + h), y = B.get(2 * i + h);
      out.set(8 * i + h, std::fma(x, 2.0f, y));
      out.set(8 * i + 2 + h, x * k[h]);
      out.set(8 * i + 4 + h, x + s[h]);
      out.set(8 * i + 6 + h, (y - s[h]) * x);
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

// --- Matrix (MFMA) kernels, mfma_*.cl ------------------------------------
//
// Numeric model of v_mfma_* (the emulator implements it; these references
// follow it exactly, so the cases compare with max_ulp 0):
//  * Float MFMA: each D element starts from its C element and adds the
//    products A[i][k] * B[k][j] one at a time, in increasing k, each step a
//    fused multiply-add with one rounding (round to nearest even) in the
//    accumulator type: f32 for f32, f16 and bf16 inputs (f16 and bf16 are
//    first widened to float, exactly), f64 for f64. Hence `acc = fma(a, b,
//    acc)` over k here. Instructions that accumulate onto a previous
//    result (K loops, two half-K steps) continue the same chain.
//  * Integer MFMA (i8): exact products of the signed bytes, summed onto C
//    in 32-bit two's complement (wrapping).
//  * Multi-block instructions (16x16x1f32: 4 blocks, 4x4x1f32: 16) compute
//    independent matrices, one per block.
// The kernels load A and B into the lanes each instruction expects and
// store D row-major, so apart from mfma_bcast's modifiers the reference is
// a plain matrix product.

float bf16ToFloat(uint16_t h) {
  uint32_t x = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

// D = A * B + C (m x k times k x n, row-major) by the float model above.
template <typename T, typename GetA, typename GetB, typename GetC, typename SetD>
void fmaMatmul(uint32_t m, uint32_t n, uint32_t k, GetA a, GetB b, GetC c, SetD d) {
  for (uint32_t i = 0; i < m; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      T acc = c(i, j);
      for (uint32_t t = 0; t < k; ++t) acc = std::fma(T(a(i, t)), T(b(t, j)), acc);
      d(i, j, acc);
    }
}

// mfma_f32 / mfma_f16 / mfma_bf16 / mfma_i8 / mfma_f64: wave w of the grid
// computes matrix set w (A m x k, B k x n, C and D m x n, packed set after set).
bool mfma_f32(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2), C = buf<float>(a, 3);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    fmaMatmul<float>(
        32, 32, 2, [&](uint32_t i, uint32_t t) { return A.get(w * 64 + i * 2 + t); },
        [&](uint32_t t, uint32_t j) { return B.get(w * 64 + t * 32 + j); },
        [&](uint32_t i, uint32_t j) { return C.get(w * 1024 + i * 32 + j); },
        [&](uint32_t i, uint32_t j, float v) { D.set(w * 1024 + i * 32 + j, v); });
  return true;
}

bool mfma_f16(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<float>(a, 0), C = buf<float>(a, 3);
  auto A = buf<uint16_t>(a, 1), B = buf<uint16_t>(a, 2);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    fmaMatmul<float>(
        32, 32, 8, [&](uint32_t i, uint32_t t) { return halfToFloat(A.get(w * 256 + i * 8 + t)); },
        [&](uint32_t t, uint32_t j) { return halfToFloat(B.get(w * 256 + t * 32 + j)); },
        [&](uint32_t i, uint32_t j) { return C.get(w * 1024 + i * 32 + j); },
        [&](uint32_t i, uint32_t j, float v) { D.set(w * 1024 + i * 32 + j, v); });
  return true;
}

bool mfma_bf16(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<float>(a, 0), C = buf<float>(a, 3);
  auto A = buf<uint16_t>(a, 1), B = buf<uint16_t>(a, 2);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    fmaMatmul<float>(
        16, 16, 16, [&](uint32_t i, uint32_t t) { return bf16ToFloat(A.get(w * 256 + i * 16 + t)); },
        [&](uint32_t t, uint32_t j) { return bf16ToFloat(B.get(w * 256 + t * 16 + j)); },
        [&](uint32_t i, uint32_t j) { return C.get(w * 256 + i * 16 + j); },
        [&](uint32_t i, uint32_t j, float v) { D.set(w * 256 + i * 16 + j, v); });
  return true;
}

bool mfma_i8(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<int32_t>(a, 0), C = buf<int32_t>(a, 3);
  auto A = buf<int8_t>(a, 1), B = buf<int8_t>(a, 2);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    for (uint32_t i = 0; i < 32; ++i)
      for (uint32_t j = 0; j < 32; ++j) {
        uint32_t acc = uint32_t(C.get(w * 1024 + i * 32 + j));
        for (uint32_t t = 0; t < 16; ++t)
          acc += uint32_t(int32_t(A.get(w * 512 + i * 16 + t)) * int32_t(B.get(w * 512 + t * 32 + j)));
        D.set(w * 1024 + i * 32 + j, int32_t(acc));
      }
  return true;
}

bool mfma_f64(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<double>(a, 0), A = buf<double>(a, 1), B = buf<double>(a, 2), C = buf<double>(a, 3);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    fmaMatmul<double>(
        16, 16, 4, [&](uint32_t i, uint32_t t) { return A.get(w * 64 + i * 4 + t); },
        [&](uint32_t t, uint32_t j) { return B.get(w * 64 + t * 16 + j); },
        [&](uint32_t i, uint32_t j) { return C.get(w * 256 + i * 16 + j); },
        [&](uint32_t i, uint32_t j, double v) { D.set(w * 256 + i * 16 + j, v); });
  return true;
}

// mfma_bcast: the A-broadcast and B lane-group modifiers of the multi-block
// f32 MFMAs (from AMD's matrix instruction calculator; the same on gfx908,
// gfx90a and gfx942). Without modifiers, block b of an R x R instruction
// (R = 16: 4 blocks, R = 4: 16 blocks, K = 1) reads A[b][i][0] from lane
// R * b + i and B[b][0][j] from lane R * b + j.
//  * cbsz / abid: the blocks form groups of 2^cbsz; every block of a group
//    reads the A of block abid of its group, i.e. block
//    (b & ~(2^cbsz - 1)) | abid.
//  * blgp: B's value for lane l is taken from lane
//      0: l              1: l % 32 (lower half to both)
//      2: 32 + l % 32    3: (l + 16) % 64 (rotated down by 16 lanes)
//      4..7: 16 * (blgp - 4) + l % 16 (one group of 16 lanes to all).
// C and D keep their plain layout.
uint32_t mfmaBlgpLane(uint32_t l, uint32_t blgp) {
  switch (blgp) {
    case 0: return l;
    case 1: return l % 32;
    case 2: return 32 + l % 32;
    case 3: return (l + 16) % 64;
    default: return 16 * (blgp - 4) + l % 16;
  }
}

// One wave's multi-block outer products: blocks of r x r, lanes la / lb
// the wave's 64 a and b values, c / d the blocks row-major one after another.
void mfmaBlocks(uint32_t r, uint32_t cbsz, uint32_t abid, uint32_t blgp, const float* la,
                const float* lb, Buf<float> c, Buf<float> d, size_t off) {
  const uint32_t blocks = 64 / r;
  for (uint32_t b = 0; b < blocks; ++b) {
    uint32_t ab = (b & ~((1u << cbsz) - 1)) | abid;
    for (uint32_t i = 0; i < r; ++i)
      for (uint32_t j = 0; j < r; ++j) {
        size_t e = off + (b * r + i) * r + j;
        d.set(e, std::fma(la[r * ab + i], lb[mfmaBlgpLane(r * b + j, blgp)], c.get(e)));
      }
  }
}

bool mfma_bcast(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto d1 = buf<float>(a, 0), d2 = buf<float>(a, 1), d3 = buf<float>(a, 2);
  auto A = buf<float>(a, 3), B = buf<float>(a, 4), c16 = buf<float>(a, 5), c4 = buf<float>(a, 6);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w) {
    float la[64], lb[64];
    for (uint32_t l = 0; l < 64; ++l) {
      la[l] = A.get(w * 64 + l);
      lb[l] = B.get(w * 64 + l);
    }
    mfmaBlocks(16, 1, 1, 3, la, lb, c16, d1, w * 1024);
    mfmaBlocks(16, 2, 2, 6, la, lb, c16, d2, w * 1024);
    mfmaBlocks(4, 3, 5, 1, la, lb, c4, d3, w * 256);
  }
  return true;
}

// smfmac: 4:2 sparse A given as stored values and one index byte per row
// and group of four dense k (bits 1:0 and 3:2: the two stored values' dense
// positions, increasing). The product runs over the dense k in increasing
// order, skipping A's structural zeros: one fused multiply-add (f16 set:
// 16x16x32) or exact integer multiply-add (i8 set: 16x16x64) per stored
// value, which is the emulator's model (errata SEM_SMFMAC_INDEX) when the
// positions increase.
bool smfmac(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  if (!wholeWaves(c, err)) return false;
  auto D = buf<float>(a, 0), C = buf<float>(a, 5);
  auto D8 = buf<int32_t>(a, 1), C8 = buf<int32_t>(a, 9);
  auto A = buf<uint16_t>(a, 2), B = buf<uint16_t>(a, 4);
  auto AI = buf<uint8_t>(a, 3), AI8 = buf<uint8_t>(a, 7);
  auto A8 = buf<int8_t>(a, 6), B8 = buf<int8_t>(a, 8);
  for (uint32_t w = 0; w < c.grid.x / 64; ++w)
    for (uint32_t i = 0; i < 16; ++i)
      for (uint32_t j = 0; j < 16; ++j) {
        float acc = C.get(w * 256 + i * 16 + j);
        for (uint32_t g = 0; g < 8; ++g) {
          const uint32_t x = AI.get(w * 128 + i * 8 + g);
          for (uint32_t s = 0; s < 2; ++s) {
            const uint32_t k = 4 * g + ((x >> (2 * s)) & 3);
            acc = std::fma(halfToFloat(A.get(w * 256 + i * 16 + 2 * g + s)),
                           halfToFloat(B.get(w * 512 + k * 16 + j)), acc);
          }
        }
        D.set(w * 256 + i * 16 + j, acc);
        uint32_t acc8 = uint32_t(C8.get(w * 256 + i * 16 + j));
        for (uint32_t g = 0; g < 16; ++g) {
          const uint32_t x = AI8.get(w * 256 + i * 16 + g);
          for (uint32_t s = 0; s < 2; ++s) {
            const uint32_t k = 4 * g + ((x >> (2 * s)) & 3);
            acc8 += uint32_t(int32_t(A8.get(w * 512 + i * 32 + 2 * g + s)) *
                             int32_t(B8.get(w * 1024 + k * 16 + j)));
          }
        }
        D8.set(w * 256 + i * 16 + j, int32_t(acc8));
      }
  return true;
}

// mfma_gemm: C = A * B, 64x64 tiles per 256-work-item group.
bool mfma_gemm(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  auto C = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2);
  uint32_t m = u32(a, 3), n = u32(a, 4), k = u32(a, 5);
  if (m % 64 || n % 64 || k % 16 || c.block.x != 256 || c.block.y != 1 || c.block.z != 1 ||
      c.grid.x != 256 * (n / 64) || c.grid.y != m / 64 || c.grid.z != 1) {
    *err = "mfma_gemm: needs M, N multiples of 64, K of 16, groups of 256 and a grid of "
           "(256 * N / 64, M / 64)";
    return false;
  }
  fmaMatmul<float>(
      m, n, k, [&](uint32_t i, uint32_t t) { return A.get(i * k + t); },
      [&](uint32_t t, uint32_t j) { return B.get(t * n + j); }, [](uint32_t, uint32_t) { return 0.0f; },
      [&](uint32_t i, uint32_t j, float v) { C.set(i * n + j, v); });
  return true;
}

// mfma_spill: C = A * B with K fixed at 256, one wave per 64-row strip.
bool mfma_spill(const KernelCase& c, std::vector<Arg>& a, std::string* err) {
  auto C = buf<float>(a, 0), A = buf<float>(a, 1), B = buf<float>(a, 2);
  uint32_t n = u32(a, 3), m = 64 * c.grid.y;
  const uint32_t k = 256;
  if (n % 32 || c.block.x != 64 || c.block.y != 1 || c.block.z != 1 || c.grid.x != 64 ||
      c.grid.z != 1) {
    *err = "mfma_spill: needs N a multiple of 32, groups of 64 and a grid of (64, M / 64)";
    return false;
  }
  fmaMatmul<float>(
      m, n, k, [&](uint32_t i, uint32_t t) { return A.get(i * k + t); },
      [&](uint32_t t, uint32_t j) { return B.get(t * n + j); }, [](uint32_t, uint32_t) { return 0.0f; },
      [&](uint32_t i, uint32_t j, float v) { C.set(i * n + j, v); });
  return true;
}

const std::map<std::string, Ref>& refs() {
  static const std::map<std::string, Ref> m = {
      {"vadd_i32", vadd_i32},   {"int_ops", int_ops},
      {"int_div", int_div},     {"f32_arith", f32_arith}, {"f32x2_arith", f32x2_arith},
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
      {"mfma_f32", mfma_f32},   {"mfma_f16", mfma_f16},
      {"mfma_bf16", mfma_bf16}, {"mfma_i8", mfma_i8},
      {"mfma_f64", mfma_f64},   {"mfma_bcast", mfma_bcast},
      {"mfma_gemm", mfma_gemm}, {"mfma_spill", mfma_spill},
      {"smfmac", smfmac},
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
