// gcnref bench: in-process decode throughput, and `gcnref disasm --hex` end
// to end against llvm-mc-16 --disassemble on the same file, in one run.
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "dispatch/kernel_suite.h"
#include "space/inst_space.h"
#include "tools/gcnref/cli.h"
#include "util/cpu_features.h"
#include "util/list_dir.h"

namespace gcn::cli {
namespace {

// CPU time, not wall time: the machines this runs on are shared, and a
// loaded machine stretches wall time of both sides unevenly.
double cpuNow() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// User + system CPU time of all waited-for children so far.
double childrenCpu() {
  rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  return double(ru.ru_utime.tv_sec) + double(ru.ru_stime.tv_sec) +
         double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

// Runs cmd through the shell; returns the CPU time (user + system) it and
// its children used, or -1 if it failed.
double runCommand(const std::string& cmd) {
  double c0 = childrenCpu();
  int rc = std::system(cmd.c_str());
  double s = childrenCpu() - c0;
  if (rc != 0) return -1;
  return s;
}

// Best of `iters` CPU times to decode the whole stream, one thread; the
// instruction count in *decoded. The Inst lives outside the loop:
// constructing one per instruction (zeroing ~300 bytes) is the harness's
// cost, not decode's, and decode() fills every member on success.
// `full`: decodeFull, the decoder without its plan fast path.
double timeDecode(const Target& t, const std::vector<uint8_t>& stream, int iters, size_t* decoded,
                  uint64_t* sink, bool full = false) {
  double best = 1e9;
  Inst inst;
  for (int it = 0; it < iters; ++it) {
    double t0 = cpuNow();
    size_t pos = 0, n = 0;
    while (pos < stream.size()) {
      DecodeResult r = full ? decodeFull(t, stream.data() + pos, stream.size() - pos, &inst)
                            : decode(t, stream.data() + pos, stream.size() - pos, &inst);
      *sink += inst.id;
      pos += r.size ? r.size : 4;
      ++n;
    }
    best = std::min(best, cpuNow() - t0);
    *decoded = n;
  }
  return best;
}

// The machine code of the corpus kernels compiled for t (corpus/kernels/
// *.<cpu>.co), repeated to at least `count` instructions: what decode
// meets in real code (few distinct opcodes, literals, waitcnts), where the
// bench stream mixes every row and form uniformly. Empty when there are
// none for this CPU; *code_objects, *distinct: files and instructions.
std::vector<uint8_t> kernelCodeStream(const Target& t, const std::string& dir, size_t count,
                                      size_t* code_objects, size_t* distinct) {
  std::vector<uint8_t> code;
  *code_objects = *distinct = 0;
  const std::string suffix = "." + std::string(t.name) + ".co";
  for (const std::string& name : dir.empty() ? std::vector<std::string>() : listDir(dir)) {
    if (name.size() <= suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const std::string f = dir + "/" + name;
    codeobj::CodeObject co;
    std::string err;
    if (!co.loadFile(f, &err)) {
      std::fprintf(stderr, "bench: %s: %s (skipped)\n", f.c_str(), err.c_str());
      continue;
    }
    ++*code_objects;
    for (const codeobj::KernelInfo& k : co.kernels())
      code.insert(code.end(), k.code.data(), k.code.data() + k.code.size());
  }
  Inst inst;
  for (size_t pos = 0; pos < code.size(); ++*distinct) {
    const DecodeResult r = decode(t, code.data() + pos, code.size() - pos, &inst);
    pos += r.size ? r.size : 4;
  }
  std::vector<uint8_t> stream;
  if (!*distinct) return stream;
  for (size_t reps = (count + *distinct - 1) / *distinct; reps; --reps)
    stream.insert(stream.end(), code.begin(), code.end());
  return stream;
}

// Best of `iters` CPU times to print every instruction of `insts`, with the
// print plans or by the general printer alone.
double timePrint(const std::vector<Inst>& insts, int iters, bool plans, uint64_t* sink) {
  double best = 1e9;
  std::string text;
  for (int it = 0; it < iters; ++it) {
    text.clear();
    double t0 = cpuNow();
    for (const Inst& in : insts) {
      if (plans) printInst(in, &text);
      else printInstWithoutPlans(in, &text);
      text += '\n';
    }
    best = std::min(best, cpuNow() - t0);
    *sink += text.size();
  }
  return best;
}

std::vector<Inst> decodeAll(const Target& t, const std::vector<uint8_t>& stream) {
  std::vector<Inst> out;
  Inst inst;
  for (size_t pos = 0; pos < stream.size();) {
    const DecodeResult r = decode(t, stream.data() + pos, stream.size() - pos, &inst);
    if (r.ok()) out.push_back(inst);
    pos += r.size ? r.size : 4;
  }
  return out;
}

void printGain(const char* layer, const char* input, double without, double with) {
  if (without >= 1e9 || with >= 1e9) {
    std::printf("  %-34s %-22s not measured: the command failed\n", layer, input);
    return;
  }
  std::printf("  %-34s %-22s %6.2fx  (%.3f s -> %.3f s)\n", layer, input, without / with, without,
              with);
}

}  // namespace

int cmdBench(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "count", "seed", "llvm-mc", "iterations", "kernels"});
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  size_t count = std::stoul(a.get("count", "400000"));
  int iters = std::stoi(a.get("iterations", "5"));
  std::string llvm_mc = a.get("llvm-mc", "llvm-mc-16");
  size_t n = 0;
  std::vector<uint8_t> stream = validInstructionStream(t, count, std::stoull(a.get("seed", "1")), &n);
  std::printf("bench: %s, %zu instructions, %zu bytes\n", std::string(t.name).c_str(), n,
              stream.size());

  // 1. In-process decode, one thread: the bench stream, then real code.
  size_t decoded = 0;
  uint64_t sink = 0;
  double best = timeDecode(t, stream, iters, &decoded, &sink);
  std::printf("  decode (in-process, 1 thread):      %8.1f M instructions/s\n",
              double(decoded) / best / 1e6);
  std::vector<uint8_t> code;
  {
    size_t code_objects = 0, distinct = 0, n_code = 0;
    const std::string kdir = dispatch::findKernelDir(a.get("kernels"));
    code = kernelCodeStream(t, kdir, count, &code_objects, &distinct);
    if (code.empty()) {
      std::printf("  decode, corpus kernel code:         none for %s (corpus/kernels: %s)\n",
                  std::string(t.name).c_str(), kdir.empty() ? "not found" : kdir.c_str());
    } else {
      const double s_code = timeDecode(t, code, iters, &n_code, &sink);
      std::printf("  decode, corpus kernel code:         %8.1f M instructions/s "
                  "(%zu code objects, %zu instructions repeated to %zu)\n",
                  double(n_code) / s_code / 1e6, code_objects, distinct, n_code);
    }
  }
  // 2. Decode + print.
  Inst inst;
  best = 1e9;
  std::string text;
  for (int it = 0; it < iters; ++it) {
    double t0 = cpuNow();
    size_t pos = 0;
    text.clear();
    while (pos < stream.size()) {
      DecodeResult r = decode(t, stream.data() + pos, stream.size() - pos, &inst);
      if (r.ok()) printInst(inst, &text);
      text += '\n';
      pos += r.size ? r.size : 4;
    }
    best = std::min(best, cpuNow() - t0);
  }
  std::printf("  decode+print (in-process):          %8.1f M instructions/s\n",
              double(decoded) / best / 1e6);

  // 3. End to end on a hex file, against llvm-mc.
  char dir[] = "/tmp/gcnref-bench-XXXXXX";
  if (!mkdtemp(dir)) {
    std::perror("mkdtemp");
    return 1;
  }
  std::string hex = std::string(dir) + "/input.txt";
  {
    FILE* f = std::fopen(hex.c_str(), "w");
    if (!f) {
      std::perror("fopen");
      return 1;
    }
    std::string line;
    for (size_t i = 0; i < stream.size(); i += 16) {
      line.clear();
      char buf[8];
      for (size_t k = i; k < std::min(stream.size(), i + 16); ++k) {
        std::snprintf(buf, sizeof buf, k == i ? "0x%02x" : ",0x%02x", stream[k]);
        line += buf;
      }
      line += '\n';
      std::fwrite(line.data(), 1, line.size(), f);
    }
    std::fclose(f);
  }
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0) {
    std::perror("readlink");
    return 1;
  }
  self[len] = 0;
  std::string ours = std::string(self) + " disasm --mcpu=" + std::string(t.name) + " --hex " +
                     hex + " > " + dir + "/ours.txt 2>/dev/null";
  std::string theirs = llvm_mc + " -arch=amdgcn -mcpu=" + std::string(t.name) +
                       " --disassemble " + hex + " > " + dir + "/llvm.txt 2>/dev/null";
  double s_ours = 1e9;
  for (int it = 0; it < 3; ++it) {
    double s = runCommand(ours);
    if (s >= 0) s_ours = std::min(s_ours, s);
  }
  std::printf("  (all figures CPU time: user + system)\n");
  std::printf("  gcnref disasm --hex (end to end):   %8.3f s  %8.2f M instructions/s\n", s_ours,
              double(n) / s_ours / 1e6);
  // llvm-mc exits non-zero when it meets words it cannot decode (our stream
  // includes rows it does not know); only a missing binary counts as failure.
  double s_llvm = -1;
  // Best of 3 for both tools, so load on the machine weighs on neither side alone.
  if (runCommand("command -v " + llvm_mc + " > /dev/null") >= 0) {
    for (int it = 0; it < 3; ++it) {
      double s = runCommand(theirs + "; true");
      if (s >= 0 && (s_llvm < 0 || s < s_llvm)) s_llvm = s;
    }
  }
  if (s_llvm < 0) {
    std::printf("  %s --disassemble: not run (%s not found or failed)\n", llvm_mc.c_str(),
                llvm_mc.c_str());
  } else {
    std::printf("  %s --disassemble:           %8.3f s  %8.2f M instructions/s\n",
                llvm_mc.c_str(), s_llvm, double(n) / s_llvm / 1e6);
    std::printf("  end-to-end speed-up over llvm-mc:   %8.1fx\n", s_llvm / s_ours);
  }

  // 4. What each fast layer gives, measured against the same work without
  // it in this run (the gains the layers' headers state).
  std::printf("  fast paths (same run; without -> with):\n");
  {
    size_t nd = 0;
    printGain("decode plans (decode_plan.h)", "bench stream",
              timeDecode(t, stream, iters, &nd, &sink, true), timeDecode(t, stream, iters, &nd, &sink));
    if (!code.empty())
      printGain("decode plans (decode_plan.h)", "corpus kernel code",
                timeDecode(t, code, iters, &nd, &sink, true), timeDecode(t, code, iters, &nd, &sink));
    const std::vector<Inst> insts = decodeAll(t, stream);
    printGain("print plans (print_plan.cc)", "bench stream", timePrint(insts, iters, false, &sink),
              timePrint(insts, iters, true, &sink));
    if (!code.empty()) {
      const std::vector<Inst> kinsts = decodeAll(t, code);
      printGain("print plans (print_plan.cc)", "corpus kernel code",
                timePrint(kinsts, iters, false, &sink), timePrint(kinsts, iters, true, &sink));
    }
    // Run-time switches of the end-to-end tool: the child reads them.
    const struct {
      const char* layer;
      const char* env;
      uint32_t cpu;
    } kSwitched[] = {
        {"decode quick records", "GCN_DECODE_NO_QUICK",
         CPU_AVX512F | CPU_AVX512BW | CPU_AVX512VBMI | CPU_BMI2},
    };
    for (const auto& sw : kSwitched) {
      if (!cpuHasAll(sw.cpu, nullptr)) {
        std::printf("  %-34s %-22s not measured: this CPU lacks the instructions it needs\n",
                    sw.layer, "disasm --hex e2e");
        continue;
      }
      double off = 1e9, on = 1e9;
      for (int it = 0; it < 3; ++it) {
        const double s_off = runCommand(std::string(sw.env) + "=1 " + ours);
        const double s_on = runCommand(ours);
        if (s_off >= 0) off = std::min(off, s_off);
        if (s_on >= 0) on = std::min(on, s_on);
      }
      printGain(sw.layer, "disasm --hex e2e", off, on);
    }
  }

  std::string rm = std::string("rm -rf ") + dir;
  if (std::system(rm.c_str()) != 0) std::fprintf(stderr, "could not remove %s\n", dir);
  return sink == 42 ? 3 : 0;
}

}  // namespace gcn::cli
