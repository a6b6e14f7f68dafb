#include "dispatch/cl_suite.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "codeobj/opencl/program.h"
#include "dispatch/cl_launch.h"
#include "util/list_dir.h"

namespace gcn::dispatch {
namespace {

std::vector<uint8_t> words(const std::vector<uint32_t>& w) {
  std::vector<uint8_t> b(w.size() * 4);
  std::memcpy(b.data(), w.data(), b.size());
  return b;
}
std::vector<uint32_t> asWords(const std::vector<uint8_t>& b) {
  std::vector<uint32_t> w(b.size() / 4);
  std::memcpy(w.data(), b.data(), w.size() * 4);
  return w;
}

constexpr uint32_t kUntouched = 0xdeadbeef;  // output words the kernel must not write

struct ClCase {
  std::string kernel;
  Dim3 grid, block;
  std::vector<ArgValue> args;
  int output = 0;  // the argument holding the result
  std::vector<uint32_t> expected;
};

// vadd: c[i] = a[i] + b[i] for i < n; the grid rounds n up to whole groups,
// so the bound check is exercised and c past n keeps its fill.
ClCase vaddCase() {
  const uint32_t n = 1000, items = 1024;
  std::vector<uint32_t> a(items), b(items), c(items, kUntouched), want(items, kUntouched);
  for (uint32_t i = 0; i < items; ++i) {
    a[i] = i * 2654435761u;
    b[i] = 0x7fffffffu - i * 40503u;
    if (i < n) want[i] = a[i] + b[i];
  }
  return {"vadd", {items, 1, 1}, {64, 1, 1},
          {bufferArg(words(a)), bufferArg(words(b)), bufferArg(words(c)), u32Arg(n)}, 2, want};
}

// reduce: out[g] = sum of the group's 256 inputs (4 waves, LDS, barriers).
ClCase reduceCase() {
  const uint32_t groups = 8, size = 256;
  std::vector<uint32_t> in(groups * size), out(groups, kUntouched), want(groups, 0);
  for (uint32_t j = 0; j < in.size(); ++j) {
    in[j] = (j * 2246822519u) >> 9;
    want[j / size] += in[j];
  }
  return {"reduce", {groups * size, 1, 1}, {size, 1, 1},
          {bufferArg(words(in)), bufferArg(words(out))}, 1, want};
}

// cbuf: out[i] = coef[i & 7] * i + G[i & 3] for i < n, G the program's
// constant data {1000, 2000, 3000, 4000}.
ClCase cbufCase() {
  const uint32_t n = 200, items = 256;
  const std::vector<uint32_t> coef = {3, 5, 7, 11, 13, 17, 19, 23};
  const uint32_t g[4] = {1000, 2000, 3000, 4000};
  std::vector<uint32_t> out(items, kUntouched), want(items, kUntouched);
  for (uint32_t i = 0; i < n; ++i) want[i] = coef[i & 7] * i + g[i & 3];
  return {"cbuf", {items, 1, 1}, {64, 1, 1},
          {bufferArg(words(out)), bufferArg(words(coef)), u32Arg(n)}, 0, want};
}

std::vector<ClCase> clCases() { return {vaddCase(), reduceCase(), cbufCase()}; }

// The builds every kernel must have: what each format supports among the
// processors of the suite (AMD OpenCL 1.2 has no GCN 1.4, AMD OpenCL 2.0
// no GCN 1.0).
const char* const kRequired[][2] = {
    {"amd", "gfx600"},     {"amd", "gfx700"},     {"amd", "gfx803"},
    {"amdcl2", "gfx700"},  {"amdcl2", "gfx803"},  {"amdcl2", "gfx900"},
    {"gallium", "gfx600"}, {"gallium", "gfx700"}, {"gallium", "gfx803"},
    {"gallium", "gfx900"},
};

bool compare(const std::vector<uint32_t>& got, const std::vector<uint32_t>& want,
             std::string* why) {
  if (got.size() != want.size()) {
    *why = "output has " + std::to_string(got.size()) + " words, expected " +
           std::to_string(want.size());
    return false;
  }
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && bad++ == 0) first = i;
  if (!bad) return true;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%zu of %zu output words differ; first at word %zu: 0x%08x, "
                "expected 0x%08x", bad, want.size(), first, got[first], want[first]);
  *why = buf;
  return false;
}

}  // namespace

std::vector<ClSuiteEntry> clSuiteEntries(const std::string& dir) {
  std::vector<ClSuiteEntry> out;
  auto add = [&](const std::string& kernel, const std::string& format, const std::string& proc) {
    const std::string name = kernel + "." + format + "." + proc;
    for (const ClSuiteEntry& e : out)
      if (e.name == name) return;
    out.push_back({dir + "/" + name + ".bin", name, kernel, proc});
  };
  for (const ClCase& c : clCases())
    for (const auto& r : kRequired) add(c.kernel, r[0], r[1]);
  for (const std::string& f : listDir(dir)) {
    // <kernel>.<format>.<processor>.bin of a known kernel
    if (f.size() < 5 || f.compare(f.size() - 4, 4, ".bin") != 0) continue;
    const std::string stem = f.substr(0, f.size() - 4);
    const size_t d1 = stem.find('.'), d2 = stem.rfind('.');
    if (d1 == std::string::npos || d1 == d2) continue;
    const std::string kernel = stem.substr(0, d1);
    for (const ClCase& c : clCases())
      if (c.kernel == kernel) add(kernel, stem.substr(d1 + 1, d2 - d1 - 1), stem.substr(d2 + 1));
  }
  return out;
}

ClSuiteResult runClSuiteEntry(const ClSuiteEntry& e, const LaunchOptions& o) {
  ClSuiteResult r;
  r.entry = e;
  codeobj::opencl::Program p;
  codeobj::opencl::LoadOptions lo;
  lo.processor = e.processor;
  if (!p.loadFile(e.file, &r.error, lo)) return r;
  for (const ClCase& c : clCases()) {
    if (c.kernel != e.kernel) continue;
    if (!launchClKernel(p, c.kernel, c.grid, c.block, c.args, o, &r.run, &r.error)) return r;
    r.pass = compare(asWords(r.run.buffers[size_t(c.output)]), c.expected, &r.error);
    return r;
  }
  r.error = "no host reference for kernel " + e.kernel;
  return r;
}

std::string findClDir(const std::string& hint) {
  return findRepoDir(hint, "corpus/opencl", "vadd.amd.gfx600.bin");
}

std::vector<ClSuiteResult> runClSuite(const std::string& dir, const LaunchOptions& o,
                                      std::FILE* out) {
  std::vector<ClSuiteResult> results;
  if (out)
    std::fprintf(out, "  %-32s %-6s %7s %12s  %s\n", "kernel.format.processor", "result", "waves",
                 "instructions", "error");
  for (const ClSuiteEntry& e : clSuiteEntries(dir)) {
    results.push_back(runClSuiteEntry(e, o));
    const ClSuiteResult& r = results.back();
    if (out) {
      std::string why = r.error;
      if (why.size() > 160) why = why.substr(0, 157) + "...";
      std::fprintf(out, "  %-32s %-6s %7llu %12llu  %s\n", e.name.c_str(),
                   r.pass ? "pass" : "FAIL", (unsigned long long)r.run.waves,
                   (unsigned long long)r.run.instructions, why.c_str());
    }
  }
  return results;
}

}  // namespace gcn::dispatch
