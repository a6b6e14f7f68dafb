// The launches and inputs of the kernel suite, and output comparison.
#include <cmath>
#include <cstring>

#include "corpus/kernels/reference.h"

namespace gcn::kernels {
namespace {

struct Rng {
  uint64_t s;
  uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return uint32_t(s >> 33);
  }
  float unit() { return float(next() >> 8) / float(1u << 24); }  // [0, 1)
};

template <typename T>
Arg bufferOf(const std::vector<T>& v) {
  Arg a;
  a.kind = Arg::Kind::BUFFER;
  a.bytes.resize(v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(a.bytes.data(), v.data(), a.bytes.size());
  return a;
}
Arg zeros(size_t bytes) {
  Arg a;
  a.kind = Arg::Kind::BUFFER;
  a.bytes.assign(bytes, 0);
  return a;
}
Arg u32(uint32_t v) { Arg a; a.kind = Arg::Kind::U32; a.scalar = v; return a; }
Arg i32(int32_t v) { Arg a; a.kind = Arg::Kind::I32; a.scalar = uint32_t(v); return a; }
Arg f32(float v) {
  Arg a;
  a.kind = Arg::Kind::F32;
  uint32_t b;
  std::memcpy(&b, &v, 4);
  a.scalar = b;
  return a;
}
Arg local(uint64_t bytes) { Arg a; a.kind = Arg::Kind::LOCAL; a.scalar = bytes; return a; }

std::vector<uint32_t> randU32(Rng& r, size_t n) {
  std::vector<uint32_t> v(n);
  for (auto& x : v) x = r.next();
  return v;
}
std::vector<int32_t> randI32(Rng& r, size_t n, int32_t lo, int32_t hi) {
  std::vector<int32_t> v(n);
  for (auto& x : v) x = lo + int32_t(r.next() % uint32_t(hi - lo + 1));
  return v;
}
std::vector<float> randF32(Rng& r, size_t n, float lo, float hi) {
  std::vector<float> v(n);
  for (auto& x : v) x = lo + (hi - lo) * r.unit();
  return v;
}

// Uniform values of [lo, hi) for the matrix kernels, from all 31 bits that
// Rng::next() yields (24 for a float, 62 for a double).
float unit24(Rng& r) { return float(r.next() >> 7) / float(1u << 24); }
std::vector<float> uniformF32(Rng& r, size_t n, float lo, float hi) {
  std::vector<float> v(n);
  for (auto& x : v) x = lo + (hi - lo) * unit24(r);
  return v;
}
std::vector<double> uniformF64(Rng& r, size_t n, double lo, double hi) {
  std::vector<double> v(n);
  for (auto& x : v) {
    double u = (double(r.next()) + double(r.next()) / 2147483648.0) / 2147483648.0;
    x = lo + (hi - lo) * u;
  }
  return v;
}
// Half and bf16 bit patterns of uniform values of [lo, hi) (bf16: the upper
// half of the float, truncated, so the value is exact).
std::vector<uint16_t> uniformF16(Rng& r, size_t n, float lo, float hi) {
  std::vector<uint16_t> v;
  for (float f : uniformF32(r, n, lo, hi)) v.push_back(floatToHalf(f));
  return v;
}
std::vector<uint16_t> uniformBf16(Rng& r, size_t n, float lo, float hi) {
  std::vector<uint16_t> v;
  for (float f : uniformF32(r, n, lo, hi)) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    v.push_back(uint16_t(b >> 16));
  }
  return v;
}

KernelCase make(const char* src, const char* kernel, Dim3 grid, Dim3 block, std::vector<Arg> args,
                std::vector<OutputCheck> outs) {
  KernelCase c;
  c.source = src;
  c.kernel = kernel;
  c.grid = grid;
  c.block = block;
  c.args = std::move(args);
  c.outputs = std::move(outs);
  return c;
}

}  // namespace

std::vector<KernelCase> kernelCases() {
  Rng r{12345};
  std::vector<KernelCase> cs;
  const uint32_t n = 1000;  // not a multiple of the block: partial last group
  Dim3 g1{1024, 1, 1}, b64{64, 1, 1}, b256{256, 1, 1};

  cs.push_back(make("vadd_i32", "vadd_i32", {1000, 1, 1}, b64,
                    {zeros(4 * n), bufferOf(randI32(r, n, -100000, 100000)),
                     bufferOf(randI32(r, n, -100000, 100000)), u32(n)},
                    {{0, Elem::I32}}));
  cs.push_back(make("int_ops", "int_ops", g1, b64,
                    {zeros(32 * n), bufferOf(randU32(r, n)), bufferOf(randU32(r, n)), u32(n)},
                    {{0, Elem::U32}}));
  {
    auto b = randI32(r, n, -70000, 70000);
    b[3] = 0;   // division by zero path
    b[4] = -1;
    auto a = randI32(r, n, INT32_MIN / 2, INT32_MAX / 2);
    a[4] = INT32_MIN;  // the overflow case
    cs.push_back(make("int_div", "int_div", g1, b64,
                      {zeros(4 * n), zeros(4 * n), zeros(4 * n), zeros(4 * n), bufferOf(a),
                       bufferOf(b), u32(n)},
                      {{0, Elem::I32}, {1, Elem::I32}, {2, Elem::U32}, {3, Elem::U32}}));
  }
  // Positive, normal inputs: mad (gfx803) vs fma (gfx9) differ by <= 1 ulp,
  // division and sqrt are within OpenCL's 2.5 / 3 ulp.
  cs.push_back(make("f32_arith", "f32_arith", g1, b64,
                    {zeros(16 * n), bufferOf(randF32(r, n, 0.5f, 1000.0f)),
                     bufferOf(randF32(r, n, 0.25f, 50.0f)), u32(n)},
                    {{0, Elem::F32, 3}}));
  {
    // float2 s = (1.25, -3.5) by value (8 bytes of kernel arguments).
    Arg s;
    s.kind = Arg::Kind::U64;
    s.scalar = 0xc0600000'3fa00000ull;
    // Normal inputs: mad (gfx803) vs fma differ by <= 1 ulp.
    cs.push_back(make("f32x2_arith", "f32x2_arith", g1, b64,
                      {zeros(32 * n), bufferOf(randF32(r, 2 * n, -100.0f, 100.0f)),
                       bufferOf(randF32(r, 2 * n, -100.0f, 100.0f)), s, u32(n)},
                      {{0, Elem::F32, 1}}));
  }
  {
    std::vector<double> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = 100.0 + 1e4 * r.unit();
      b[i] = 0.5 + 10.0 * r.unit();
    }
    cs.push_back(make("f64_arith", "f64_arith", g1, b64,
                      {zeros(32 * n), bufferOf(a), bufferOf(b), u32(n)}, {{0, Elem::F64, 2}}));
  }
  {
    std::vector<uint16_t> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = floatToHalf(0.5f + 60.0f * r.unit());
      b[i] = floatToHalf(0.25f + 8.0f * r.unit());
    }
    cs.push_back(make("f16_arith", "f16_arith", g1, b64,
                      {zeros(8 * n), bufferOf(a), bufferOf(b), u32(n)}, {{0, Elem::F16, 1}}));
  }
  cs.push_back(make("convert", "convert", g1, b64,
                    {zeros(8 * n), zeros(8 * n), zeros(8 * n), zeros(2 * n),
                     bufferOf(randF32(r, n, -30000.0f, 30000.0f)), u32(n)},
                    {{0, Elem::I32}, {1, Elem::F32}, {2, Elem::F64}, {3, Elem::F16}}));
  cs.push_back(make("branch_divergent", "branch_divergent", g1, b64,
                    {zeros(4 * n), bufferOf(randI32(r, n, -300, 300)), u32(n)}, {{0, Elem::I32}}));
  {
    auto s = randU32(r, n);
    for (auto& x : s) x = 1 + x % 5000;
    cs.push_back(make("loop_collatz", "loop_collatz", g1, b64, {zeros(4 * n), bufferOf(s), u32(n)},
                      {{0, Elem::U32}}));
  }
  cs.push_back(make("lds_reduce", "lds_reduce", g1, b256,
                    {zeros(4 * 4), bufferOf(randU32(r, n)), u32(n)}, {{0, Elem::U32}}));
  cs.push_back(make("lds_scan", "lds_scan", {1000, 1, 1}, {128, 1, 1},
                    {zeros(4 * n), bufferOf(randI32(r, n, -1000, 1000)), u32(n)},
                    {{0, Elem::I32}}));
  {
    const uint32_t rows = 40, cols = 70;
    cs.push_back(make("lds_transpose", "lds_transpose", {80, 48, 1}, {16, 16, 1},
                      {zeros(4 * rows * cols), bufferOf(randF32(r, rows * cols, -1.0f, 1.0f)),
                       u32(rows), u32(cols)},
                      {{0, Elem::F32}}));
  }
  cs.push_back(make("global_atomics", "global_atomics", g1, b64,
                    {zeros(16 * 4), bufferOf(std::vector<uint32_t>{0, 0xffffffffu, 0, 0, 0, 0}),
                     bufferOf(randU32(r, n)), u32(n)},
                    {{0, Elem::U32}, {1, Elem::U32}}));
  cs.push_back(make("lds_atomics", "lds_atomics", g1, b256,
                    {zeros(32 * 4), bufferOf(randU32(r, n)), u32(n)}, {{0, Elem::U32}}));
  {
    std::vector<uint64_t> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = (uint64_t(r.next()) << 32) | r.next();
      b[i] = i % 3 ? (uint64_t(r.next()) << 32) | r.next() : r.next() % 1000;
    }
    cs.push_back(make("i64_arith", "i64_arith", g1, b64,
                      {zeros(48 * n), bufferOf(a), bufferOf(b), u32(n)}, {{0, Elem::U64}}));
  }
  cs.push_back(make("private_array", "private_array", {256, 1, 1}, b64,
                    {zeros(4 * 256), bufferOf(randI32(r, 8 * 256, -500, 500)), u32(256)},
                    {{0, Elem::I32}}));
  cs.push_back(make("wave_bpermute", "wave_bpermute", {256, 1, 1}, {128, 1, 1},
                    {zeros(4 * 256), bufferOf(randI32(r, 256, -1000, 1000))}, {{0, Elem::I32}}));
  cs.push_back(make("wave_dpp", "wave_dpp", {256, 1, 1}, b64,
                    {zeros(16 * 256), bufferOf(randI32(r, 256, -1000, 1000))}, {{0, Elem::I32}}));
  cs.push_back(make("wave_readlane", "wave_readlane", {256, 1, 1}, b64,
                    {zeros(4 * 256), zeros(8 * 4), bufferOf(randI32(r, 256, -1000, 1000))},
                    {{0, Elem::I32}, {1, Elem::U64}}));
  cs.push_back(make("wave_swizzle", "wave_swizzle", {256, 1, 1}, b64,
                    {zeros(12 * 256), bufferOf(randI32(r, 256, -1000, 1000))}, {{0, Elem::I32}}));
  cs.push_back(make("grid3d", "grid3d", {20, 12, 6}, {8, 4, 2},
                    {zeros(4 * 19 * 11 * 5), u32(19), u32(11), u32(5)}, {{0, Elem::U32}}));
  {
    const uint32_t m = 24, nn = 40, k = 33;
    cs.push_back(make("matmul", "matmul", {48, 32, 1}, {16, 8, 1},
                      {zeros(4 * m * nn), bufferOf(randF32(r, m * k, -1.0f, 1.0f)),
                       bufferOf(randF32(r, k * nn, -1.0f, 1.0f)), u32(m), u32(nn), u32(k)},
                      {{0, Elem::F32}}));
  }
  cs.push_back(make("saxpy_multi", "saxpy_multi", {192, 1, 1}, b64,
                    {bufferOf(randF32(r, n, -10.0f, 10.0f)), bufferOf(randF32(r, n, -10.0f, 10.0f)),
                     f32(2.5f), u32(n)},
                    {{0, Elem::F32}}));
  cs.push_back(make("bitfield", "bitfield", g1, b64,
                    {zeros(20 * n), bufferOf(randU32(r, n)), bufferOf(randU32(r, n)), u32(n)},
                    {{0, Elem::U32}}));
  cs.push_back(make("lds_dynamic", "lds_dynamic", g1, b64,
                    {zeros(4 * n), bufferOf(randI32(r, n, -5000, 5000)), local(64 * 4), u32(n)},
                    {{0, Elem::I32}}));
  {
    std::vector<uint16_t> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
      a[i] = floatToHalf(-4.0f + 8.0f * r.unit());
      b[i] = floatToHalf(-4.0f + 8.0f * r.unit());
    }
    cs.push_back(make("mixed_f16_f32", "mixed_f16_f32", g1, b64,
                      {zeros(4 * n), bufferOf(a), bufferOf(b), bufferOf(randF32(r, n, -1.0f, 1.0f)),
                       u32(n)},
                      {{0, Elem::F32}}));
  }
  cs.push_back(make("dot4", "dot4", g1, b64,
                    {zeros(4 * n), bufferOf(randU32(r, n)), bufferOf(randU32(r, n)), u32(n)},
                    {{0, Elem::I32}}));
  auto in = randI32(r, n, -100000, 100000);
  cs.push_back(make("two_kernels", "scale", g1, b64, {zeros(4 * n), bufferOf(in), i32(-7), u32(n)},
                    {{0, Elem::I32}}));
  cs.push_back(make("two_kernels", "offset", g1, b64, {zeros(4 * n), bufferOf(in), i32(1234), u32(n)},
                    {{0, Elem::I32}}));

  // Matrix (MFMA) kernels, code objects for gfx908 / gfx90a / gfx942 only.
  // Every output follows the MFMA numeric model exactly (reference.cc):
  // max_ulp 0. Single-tile kernels: one matrix set per wave, several waves.
  const size_t first_mfma = cs.size();
  cs.push_back(make("mfma_f32", "mfma_f32", {256, 1, 1}, {128, 1, 1},
                    {zeros(4 * 1024 * 4), bufferOf(uniformF32(r, 64 * 4, -1.0f, 1.0f)),
                     bufferOf(uniformF32(r, 64 * 4, -1.0f, 1.0f)),
                     bufferOf(uniformF32(r, 1024 * 4, -1.0f, 1.0f))},
                    {{0, Elem::F32}}));
  cs.push_back(make("mfma_f16", "mfma_f16", {128, 1, 1}, b64,
                    {zeros(4 * 1024 * 2), bufferOf(uniformF16(r, 256 * 2, -2.0f, 2.0f)),
                     bufferOf(uniformF16(r, 256 * 2, -2.0f, 2.0f)),
                     bufferOf(uniformF32(r, 1024 * 2, -1.0f, 1.0f))},
                    {{0, Elem::F32}}));
  cs.push_back(make("mfma_bf16", "mfma_bf16", {128, 1, 1}, {128, 1, 1},
                    {zeros(4 * 256 * 2), bufferOf(uniformBf16(r, 256 * 2, -2.0f, 2.0f)),
                     bufferOf(uniformBf16(r, 256 * 2, -2.0f, 2.0f)),
                     bufferOf(uniformF32(r, 256 * 2, -1.0f, 1.0f))},
                    {{0, Elem::F32}}));
  {
    // Full-range bytes; accumulators near the int32 limits so that some
    // sums wrap around.
    std::vector<int8_t> a(512 * 3), b(512 * 3);
    for (auto& x : a) x = int8_t(r.next());
    for (auto& x : b) x = int8_t(r.next());
    auto c = randI32(r, 1024 * 3, -1000000, 1000000);
    for (int32_t i = 0; i < 16; ++i) {
      c[i] = INT32_MAX - i;
      c[16 + i] = INT32_MIN + i;
    }
    cs.push_back(make("mfma_i8", "mfma_i8", {192, 1, 1}, b64,
                      {zeros(4 * 1024 * 3), bufferOf(a), bufferOf(b), bufferOf(c)},
                      {{0, Elem::I32}}));
  }
  cs.push_back(make("mfma_f64", "mfma_f64", {128, 1, 1}, b64,
                    {zeros(8 * 256 * 2), bufferOf(uniformF64(r, 64 * 2, -1.0, 1.0)),
                     bufferOf(uniformF64(r, 64 * 2, -1.0, 1.0)),
                     bufferOf(uniformF64(r, 256 * 2, -1.0, 1.0))},
                    {{0, Elem::F64}}));
  cs.push_back(make("mfma_bcast", "mfma_bcast", {128, 1, 1}, b64,
                    {zeros(4 * 1024 * 2), zeros(4 * 1024 * 2), zeros(4 * 256 * 2),
                     bufferOf(uniformF32(r, 64 * 2, -1.0f, 1.0f)),
                     bufferOf(uniformF32(r, 64 * 2, -1.0f, 1.0f)),
                     bufferOf(uniformF32(r, 1024 * 2, -1.0f, 1.0f)),
                     bufferOf(uniformF32(r, 256 * 2, -1.0f, 1.0f))},
                    {{0, Elem::F32}, {1, Elem::F32}, {2, Elem::F32}}));
  {
    // 2 x 3 work-groups of 4 waves, 5 K slices of 16.
    const uint32_t m = 128, nn = 192, k = 80;
    cs.push_back(make("mfma_gemm", "mfma_gemm", {256 * nn / 64, m / 64, 1}, b256,
                      {zeros(4 * m * nn), bufferOf(uniformF32(r, m * k, -1.0f, 1.0f)),
                       bufferOf(uniformF32(r, k * nn, -1.0f, 1.0f)), u32(m), u32(nn), u32(k)},
                      {{0, Elem::F32}}));
  }
  {
    // Two waves (64-row strips), three column tiles each; K is 256.
    const uint32_t m = 128, nn = 96, k = 256;
    cs.push_back(make("mfma_spill", "mfma_spill", {64, m / 64, 1}, b64,
                      {zeros(4 * m * nn), bufferOf(uniformF32(r, m * k, -1.0f, 1.0f)),
                       bufferOf(uniformF32(r, k * nn, -1.0f, 1.0f)), u32(nn)},
                      {{0, Elem::F32}}));
  }
  for (size_t i = first_mfma; i < cs.size(); ++i)
    cs[i].required_variants = cs[i].source == "mfma_f64"
                                  ? std::vector<std::string>{"gfx90a", "gfx942"}  // no f64 MFMA on gfx908
                                  : std::vector<std::string>{"gfx908", "gfx90a", "gfx942"};
  {
    // Two waves. Per row and group of four dense k, two distinct increasing
    // positions (the index byte) and their two stored values.
    const int waves = 2;
    auto sparseA = [&](size_t rows, size_t groups, std::vector<uint8_t>* idx) {
      idx->resize(rows * groups);
      for (auto& x : *idx) {
        const uint32_t p0 = r.next() % 3, p1 = p0 + 1 + r.next() % (3 - p0);
        x = uint8_t(p0 | p1 << 2);
      }
    };
    std::vector<uint8_t> ai, ai8;
    sparseA(16 * waves, 8, &ai);
    sparseA(16 * waves, 16, &ai8);
    std::vector<int8_t> a8(512 * waves), b8(1024 * waves);
    for (auto& x : a8) x = int8_t(r.next());
    for (auto& x : b8) x = int8_t(r.next());
    KernelCase k = make("smfmac", "smfmac", {64 * waves, 1, 1}, b64,
                        {zeros(4 * 256 * waves), zeros(4 * 256 * waves),
                         bufferOf(uniformF16(r, 256 * waves, -2.0f, 2.0f)), bufferOf(ai),
                         bufferOf(uniformF16(r, 512 * waves, -2.0f, 2.0f)),
                         bufferOf(uniformF32(r, 256 * waves, -1.0f, 1.0f)), bufferOf(a8),
                         bufferOf(ai8), bufferOf(b8),
                         bufferOf(randI32(r, 256 * waves, -1000000, 1000000))},
                        {{0, Elem::F32}, {1, Elem::I32}});
    k.required_variants = {"gfx942"};  // SMFMAC is GFX940's
    cs.push_back(k);
  }
  return cs;
}

namespace {

// Distance in units in the last place between two floats of the same
// format given as sign-magnitude bit patterns; NaN == NaN.
uint64_t ulpDistance(uint64_t a, uint64_t b, int bits) {
  uint64_t sign = uint64_t(1) << (bits - 1);
  auto ordered = [&](uint64_t v) -> int64_t {
    return (v & sign) ? -int64_t(v & (sign - 1)) : int64_t(v);
  };
  int64_t d = ordered(a) - ordered(b);
  return uint64_t(d < 0 ? -d : d);
}

bool isNan(uint64_t v, int bits) {
  if (bits == 16) return (v & 0x7c00) == 0x7c00 && (v & 0x3ff);
  if (bits == 32) return (v & 0x7f800000) == 0x7f800000 && (v & 0x7fffff);
  return (v & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL && (v & 0xfffffffffffffULL);
}

}  // namespace

std::string compareOutputs(const KernelCase& c, const std::vector<Arg>& expected,
                           const std::vector<Arg>& actual) {
  for (const OutputCheck& o : c.outputs) {
    if (o.arg >= expected.size() || o.arg >= actual.size())
      return "output arg " + std::to_string(o.arg) + " missing";
    const auto& e = expected[o.arg].bytes;
    const auto& a = actual[o.arg].bytes;
    if (e.size() != a.size())
      return "arg " + std::to_string(o.arg) + ": size " + std::to_string(a.size()) +
             ", expected " + std::to_string(e.size());
    size_t w = o.elem == Elem::F16 ? 2 : (o.elem == Elem::U64 || o.elem == Elem::F64) ? 8 : 4;
    bool fp = o.elem == Elem::F16 || o.elem == Elem::F32 || o.elem == Elem::F64;
    for (size_t i = 0; i + w <= e.size(); i += w) {
      uint64_t ev = 0, av = 0;
      std::memcpy(&ev, e.data() + i, w);
      std::memcpy(&av, a.data() + i, w);
      if (ev == av) continue;
      int bits = int(8 * w);
      if (fp && ((isNan(ev, bits) && isNan(av, bits)) || ulpDistance(ev, av, bits) <= o.max_ulp))
        continue;
      char buf[160];
      std::snprintf(buf, sizeof buf, "arg %zu element %zu: got 0x%llx, expected 0x%llx", o.arg,
                    i / w, static_cast<unsigned long long>(av), static_cast<unsigned long long>(ev));
      return c.kernel + ": " + buf;
    }
  }
  return "";
}

}  // namespace gcn::kernels
