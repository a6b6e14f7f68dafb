// gcnref run: dispatches one kernel of an amdhsa code object
// (dispatch/launch.h) or of an AMD OpenCL 1.2 / 2.0 or GalliumCompute binary
// (dispatch/cl_launch.h) on the emulator with arguments from the command line, writes
// every buffer argument N to DIR/argN.bin afterwards and prints waves,
// instructions, time and rate.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "codeobj/opencl/program.h"
#include "dispatch/cl_launch.h"
#include "dispatch/args.h"
#include "dispatch/grid.h"
#include "dispatch/initial_state.h"
#include "dispatch/kernarg.h"
#include "dispatch/launch.h"
#include "tools/gcnref/cli.h"
#include "util/progress.h"
#include "util/read_file.h"

namespace gcn::cli {
namespace {

constexpr const char* kRunUsage =
    "usage: gcnref run CODE_OBJECT --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]\n"
    "                  [--arg SPEC]... [--out-dir DIR] [--threads N] [--budget N]\n"
    "                  [--reference-path] [--matrix-numerics=MODEL] [--quiet] [--progress]\n"
    "                  [--mcpu=CPU]\n"
    "  --grid      work-items per dimension (HSA grid size, not work-groups)\n"
    "  --block     work-group size; partial work-groups at the edges are legal\n"
    "  --arg SPEC  one per explicit kernel argument, in order:\n"
    "                u32:V i32:V u64:V i64:V f32:V f64:V   by-value scalars\n"
    "                buffer:FILE   global buffer initialised with FILE's bytes\n"
    "                zeros:BYTES   global buffer of BYTES zero bytes\n"
    "                lds:BYTES     dynamic LDS for a `local T*` argument\n"
    "  --out-dir   where buffer argument N is written as argN.bin (default .)\n"
    "  --budget    instructions per wave before it counts as a runaway (default 1e8)\n"
    "  --reference-path  run the per-lane reference semantics instead of the fast path\n"
    "  --matrix-numerics  float MFMA/SMFMAC accumulation: fma-chain (default: one fused\n"
    "              multiply-add per k, in order) or exact-sum (exact, rounded once)\n"
    "  --mcpu      the processor of a GalliumCompute binary (which does not name it)\n"
    "  --quiet     print only errors; --progress: a progress line on stderr even when\n"
    "              it is not a terminal (by default: on a terminal, for runs over 2 s)\n";

bool parseU64(const std::string& s, uint64_t* v) {
  if (s.empty() || s[0] == '-') return false;
  char* end = nullptr;
  errno = 0;
  *v = std::strtoull(s.c_str(), &end, 0);
  return !*end && errno != ERANGE;
}

}  // namespace

int cmdRun(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2,
                     {"kernel", "grid", "block", "arg", "out-dir", "threads", "budget", "mcpu",
                      "matrix-numerics"});
  for (auto& [k, v] : a.options) {
    if (k == "help" || k == "h") {
      std::fputs(kRunUsage, stdout);
      return 0;
    }
    if (k != "kernel" && k != "grid" && k != "block" && k != "arg" && k != "out-dir" &&
        k != "threads" && k != "budget" && k != "reference-path" && k != "quiet" &&
        k != "progress" && k != "mcpu" && k != "matrix-numerics") {
      std::fprintf(stderr, "gcnref run: unknown option --%s\n%s", k.c_str(), kRunUsage);
      return 2;
    }
  }
  if (a.positional.size() != 1 || !a.has("kernel") || !a.has("grid") || !a.has("block")) {
    std::fprintf(stderr, "gcnref run: need CODE_OBJECT, --kernel, --grid and --block\n%s",
                 kRunUsage);
    return 2;
  }
  const std::string path = a.positional[0], kernel = a.get("kernel");
  std::string err;
  dispatch::Dim3 grid, block;
  int ng = 0, nb = 0;
  if (!dispatch::parseDim3(a.get("grid"), &grid, &ng, &err) ||
      !dispatch::parseDim3(a.get("block"), &block, &nb, &err)) {
    std::fprintf(stderr, "gcnref run: %s\n", err.c_str());
    return 2;
  }
  dispatch::LaunchOptions o;
  o.dims = std::max(ng, nb);
  uint64_t v = 0;
  if (a.has("threads")) {
    if (!parseU64(a.get("threads"), &v) || v > 1024) {
      std::fprintf(stderr, "gcnref run: --threads needs an integer 0..1024\n");
      return 2;
    }
    o.threads = int(v);
  }
  if (a.has("budget")) {
    if (!parseU64(a.get("budget"), &v) || v == 0) {
      std::fprintf(stderr, "gcnref run: --budget needs a positive integer\n");
      return 2;
    }
    o.budget = v;
  }
  if (a.has("reference-path")) o.path = sem::Path::REFERENCE;
  if (a.has("matrix-numerics") &&
      !sem::parseMatrixNumerics(a.get("matrix-numerics"), &o.matrix_numerics)) {
    std::fprintf(stderr, "gcnref run: --matrix-numerics is fma-chain or exact-sum, not '%s'\n",
                 a.get("matrix-numerics").c_str());
    return 2;
  }
  std::vector<dispatch::ArgValue> args;
  for (const std::string& spec : a.getAll("arg")) {
    dispatch::ArgValue av;
    if (!dispatch::parseArgSpec(spec, &av, &err)) {
      std::fprintf(stderr, "gcnref run: %s\n", err.c_str());
      return 2;
    }
    args.push_back(std::move(av));
  }

  std::vector<uint8_t> file;
  if (!readWholeFile(path, &file, &err)) {
    std::fprintf(stderr, "gcnref run: %s\n", err.c_str());
    return 1;
  }
  codeobj::opencl::Format format;
  const bool opencl = codeobj::opencl::sniffFormat(codeobj::ByteView(file.data(), file.size()),
                                                   &format);
  codeobj::CodeObject co;
  codeobj::opencl::Program clp;
  codeobj::opencl::LoadOptions clo;
  clo.processor = a.get("mcpu");
  if (opencl ? !clp.load(file.data(), file.size(), &err, clo)
             : !co.load(file.data(), file.size(), &err)) {
    std::fprintf(stderr, "gcnref run: %s: %s\n", path.c_str(), err.c_str());
    return 1;
  }
  const bool quiet = a.has("quiet");
  if (!quiet) {
    const Target& t = opencl ? clp.isaTarget() : co.isaTarget();
    std::printf("%s: kernel %s on %s, grid %u,%u,%u block %u,%u,%u\n", path.c_str(),
                kernel.c_str(), std::string(t.name).c_str(), grid.x, grid.y, grid.z, block.x,
                block.y, block.z);
    if (opencl) {
      std::printf("  %s binary, %s ABI\n", codeobj::opencl::formatName(clp.format()),
                  codeobj::opencl::abiName(clp.abi()));
    } else if (const codeobj::KernelInfo* k = co.findKernel(kernel)) {
      std::printf("  initial SGPRs:");
      for (const auto& s : dispatch::sgprLayout(dispatch::stateRequest(*k, co.isaTarget().gen)))
        std::printf(" s%d%s%s %s;", s.first, s.count > 1 ? ".." : "",
                    s.count > 1 ? ("s" + std::to_string(s.first + s.count - 1)).c_str() : "",
                    s.name.c_str());
      std::printf("\n");
    }
  }
  Progress progress("  work-groups", 0, progressWanted(quiet, a.has("progress")));
  o.progress = [&progress](uint64_t done, uint64_t total) {
    progress.setTotal(total);
    progress.update(done);
  };
  dispatch::LaunchResult r;
  const bool ok = opencl ? dispatch::launchClKernel(clp, kernel, grid, block, args, o, &r, &err)
                         : dispatch::launchKernel(co, kernel, grid, block, args, o, &r, &err);
  progress.finish();
  if (r.waves && (!quiet || !ok)) {
    const double rate = r.seconds > 0 ? double(r.instructions) / r.seconds : 0;
    std::printf("  %llu work-groups, %llu waves, %llu instructions in %.3f s (%.2f M "
                "wave-instructions/s); LDS %u bytes/work-group, scratch %u bytes/work-item\n",
                (unsigned long long)r.workgroups, (unsigned long long)r.waves,
                (unsigned long long)r.instructions, r.seconds, rate / 1e6, r.group_segment_bytes,
                r.private_segment_bytes);
  }
  if (!ok) {
    std::fprintf(stderr, "gcnref run: %s\n", err.c_str());
    return 1;
  }
  const std::string dir = a.get("out-dir", ".");
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != dispatch::ArgValue::Kind::BUFFER) continue;
    const std::string out = dir + "/arg" + std::to_string(i) + ".bin";
    std::ofstream f(out, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(r.buffers[i].data()), std::streamsize(r.buffers[i].size()));
    if (!f) {
      std::fprintf(stderr, "gcnref run: cannot write %s: %s\n", out.c_str(), std::strerror(errno));
      return 1;
    }
    if (!quiet) std::printf("  wrote %s (%zu bytes)\n", out.c_str(), r.buffers[i].size());
  }
  return 0;
}

}  // namespace gcn::cli
