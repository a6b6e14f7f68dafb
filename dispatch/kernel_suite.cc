#include "dispatch/kernel_suite.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "codeobj/code_object.h"
#include "util/list_dir.h"

namespace gcn::dispatch {

std::vector<SuiteEntry> suiteEntries(const std::vector<kernels::KernelCase>& cases,
                                     const std::string& dir) {
  const std::vector<std::string> files = listDir(dir);
  std::vector<SuiteEntry> out;
  std::map<std::string, int> seen;
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    // The case's required builds (a missing one fails when run), then
    // whatever else was built: gfx906, other code object versions.
    std::vector<std::string> variants = c.required_variants;
    const std::string prefix = c.source + ".";
    for (const std::string& f : files) {
      if (f.size() <= prefix.size() + 3 || f.compare(0, prefix.size(), prefix) != 0 ||
          f.compare(f.size() - 3, 3, ".co") != 0)
        continue;
      std::string v = f.substr(prefix.size(), f.size() - prefix.size() - 3);
      if (std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(v);
    }
    for (const std::string& v : variants) {
      SuiteEntry e;
      e.case_index = i;
      e.variant = v;
      e.file = dir + "/" + c.source + "." + v + ".co";
      e.name = c.kernel + "." + v;
      if (int n = seen[e.name]++) e.name += "#" + std::to_string(n + 1);
      out.push_back(e);
    }
  }
  return out;
}

std::vector<ArgValue> toArgValues(const std::vector<kernels::Arg>& args) {
  std::vector<ArgValue> out;
  for (const auto& a : args) {
    ArgValue v;
    switch (a.kind) {
      case kernels::Arg::Kind::U32: v = u32Arg(uint32_t(a.scalar)); break;
      case kernels::Arg::Kind::I32: v = i32Arg(int32_t(uint32_t(a.scalar))); break;
      case kernels::Arg::Kind::U64: v = u64Arg(a.scalar); break;
      case kernels::Arg::Kind::I64: v = i64Arg(int64_t(a.scalar)); break;
      case kernels::Arg::Kind::F32: v.kind = ArgValue::Kind::F32; v.scalar = a.scalar; break;
      case kernels::Arg::Kind::F64: v.kind = ArgValue::Kind::F64; v.scalar = a.scalar; break;
      case kernels::Arg::Kind::BUFFER: v = bufferArg(a.bytes); break;
      case kernels::Arg::Kind::LOCAL: v = ldsArg(uint32_t(a.scalar)); break;
    }
    out.push_back(std::move(v));
  }
  return out;
}

SuiteResult runSuiteEntry(const kernels::KernelCase& c, const SuiteEntry& e,
                          const LaunchOptions& o) {
  SuiteResult res;
  res.entry = e;
  codeobj::CodeObject co;
  std::string err;
  if (!co.loadFile(e.file, &err)) {
    res.error = "cannot load " + e.file + ": " + err;
    return res;
  }
  std::vector<kernels::Arg> expected = c.args;  // runReference writes the outputs into it
  if (!kernels::runReference(c, &expected, &err)) {
    res.error = "host reference: " + err;
    return res;
  }
  if (!launchKernel(co, c.kernel, {c.grid.x, c.grid.y, c.grid.z},
                    {c.block.x, c.block.y, c.block.z}, toArgValues(c.args), o, &res.run, &err)) {
    res.error = err;
    return res;
  }
  std::vector<kernels::Arg> actual = c.args;
  for (size_t i = 0; i < actual.size(); ++i)
    if (actual[i].kind == kernels::Arg::Kind::BUFFER) actual[i].bytes = res.run.buffers[i];
  res.error = kernels::compareOutputs(c, expected, actual);
  if (!res.error.empty()) res.error = "output mismatch: " + res.error;
  res.pass = res.error.empty();
  return res;
}

std::string findKernelDir(const std::string& hint) {
  return findRepoDir(hint, "corpus/kernels", "vadd_i32.gfx900.co");
}

std::vector<SuiteResult> runKernelSuite(const std::string& dir, const LaunchOptions& o,
                                        std::FILE* out) {
  const std::vector<kernels::KernelCase> cases = kernels::kernelCases();
  std::vector<SuiteResult> results;
  if (out)
    std::fprintf(out, "  %-32s %-6s %7s %12s %9s  %s\n", "kernel.code-object", "result", "waves",
                 "instructions", "time", "error");
  for (const SuiteEntry& e : suiteEntries(cases, dir)) {
    results.push_back(runSuiteEntry(cases[e.case_index], e, o));
    const SuiteResult& r = results.back();
    if (out) {
      std::string why = r.error;
      if (why.size() > 160) why = why.substr(0, 157) + "...";
      std::fprintf(out, "  %-32s %-6s %7llu %12llu %7.3f s  %s\n", e.name.c_str(),
                   r.pass ? "pass" : "FAIL", (unsigned long long)r.run.waves,
                   (unsigned long long)r.run.instructions, r.run.seconds, why.c_str());
      std::fflush(out);
    }
  }
  return results;
}

}  // namespace gcn::dispatch
