// gcnref: reference assembler, disassembler and verifier for AMD GCN.
#include <cstdio>
#include <cstring>
#include <string>

#include "tools/gcnref/cli.h"

namespace {

constexpr const char* kUsage =
    "usage: gcnref <command> [options]\n"
    "\n"
    "commands:\n"
    "  asm --mcpu=CPU [--show-encoding] [-o OUT] [FILE|-]\n"
    "      assemble lines of LLVM-syntax text; raw bytes to OUT, or with\n"
    "      --show-encoding 'TEXT ; encoding: [0x..]' lines as llvm-mc prints\n"
    "  disasm --mcpu=CPU [--hex] [--show-encoding] [FILE|-]\n"
    "      disassemble raw bytes, or with --hex lines of 0x.. bytes\n"
    "  verify [--mcpu=CPU|all] [--no-diff] [--no-kernels] [--kernels=DIR] [--quiet|--progress]\n"
    "      round-trip every table row over its operand space (the main job),\n"
    "      plus a bounded differential against llvm-mc-16 when it is installed\n"
    "      and the corpus kernel suite on the emulator vs host references\n"
    "  bench [--mcpu=CPU] [--count=N] [--kernels=DIR]\n"
    "      decode throughput and end-to-end disasm vs llvm-mc-16\n"
    "  objdump CODE_OBJECT [--mcpu=CPU]\n"
    "      header, notes, metadata, kernel descriptors and disassembly of an\n"
    "      amdhsa code object (target from e_flags unless --mcpu)\n"
    "  diff --mcpu=CPU --tool=llvm-mc[:PATH]|clrx[:DIR]|generic:CONFIG [--count N] [--seed S]\n"
    "       [--jobs J] [--report OUT.md] [--json OUT.json] [--direction ...] [--forms ...]\n"
    "      differential test of another assembler/disassembler (diff --help)\n"
    "  exec --mcpu=CPU PROGRAM.s|PROGRAM.bin [--state IN.json] [--json] [--budget=N]\n"
    "       [--matrix-numerics=fma-chain|exact-sum]\n"
    "      run an instruction sequence on one wave, print the changed state\n"
    "  prove --mcpu=CPU A.s B.s [--live-out LIST] [--assume EXPR] [--lanes N]\n"
    "      decide with Z3 whether two straight-line sequences leave the same\n"
    "      live-out state for every initial state and EXEC mask (prove --help)\n"
    "  run CODE_OBJECT --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--arg SPEC]...\n"
    "      [--out-dir DIR] [--threads N] [--budget N] [--quiet|--progress]\n"
    "      dispatch a kernel on the emulator (SPEC: u32:V i32:V u64:V i64:V f32:V\n"
    "      f64:V buffer:FILE zeros:BYTES lds:BYTES); buffer args to DIR/argN.bin\n"
    "  semantics --mcpu=CPU [--status=exact|model|unsupported|all]\n"
    "      which rows the emulator runs exactly, by a stated model (and its\n"
    "      bound), or not at all\n"
    "\n"
    "Long runs (verify, diff, run) draw a progress line on stderr when it is a\n"
    "terminal; --progress draws it always, --quiet never.\n"
    "  corpus gen --mcpu=CPU --out FILE.msgpack [--count N] [--seed S] [--forms ...]\n"
    "  corpus check FILE.msgpack... | corpus dump FILE.msgpack\n"
    "      generate / replay msgpack regression corpora (schema: corpus/README.md)\n"
    "\n"
    "CPU: gfx600..gfx909, gfx90c, or a name such as tahiti, bonaire, fiji, polaris10\n"
    "     gfx908 (CDNA1: MFMA, AccVGPRs), gfx90a (CDNA2), gfx940/gfx941/gfx942 (CDNA3)\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help") ||
      !std::strcmp(argv[1], "help")) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string cmd = argv[1];
  if (cmd == "disasm") return gcn::cli::cmdDisasm(argc, argv);
  if (cmd == "asm") return gcn::cli::cmdAsm(argc, argv);
  if (cmd == "verify") return gcn::cli::cmdVerify(argc, argv);
  if (cmd == "bench") return gcn::cli::cmdBench(argc, argv);
  if (cmd == "objdump") return gcn::cli::cmdObjdump(argc, argv);
  if (cmd == "diff") return gcn::cli::cmdDiff(argc, argv);
  if (cmd == "exec") return gcn::cli::cmdExec(argc, argv);
  if (cmd == "prove") return gcn::cli::cmdProve(argc, argv);
  if (cmd == "run") return gcn::cli::cmdRun(argc, argv);
  if (cmd == "corpus") return gcn::cli::cmdCorpus(argc, argv);
  if (cmd == "semantics") return gcn::cli::cmdSemantics(argc, argv);
  std::fprintf(stderr, "gcnref: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
  return 2;
}
