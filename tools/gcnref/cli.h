// Shared helpers of the gcnref subcommands.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/target.h"

namespace gcn::cli {

// Parsed `--name=value` / `--flag` / positional arguments.
struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> options;  // name -> value
  bool has(std::string_view name) const;
  std::string get(std::string_view name, std::string_view def = "") const;
  std::vector<std::string> getAll(std::string_view name) const;
};

// Options listed in `with_value` take a value (--x=V or --x V; -o V).
Args parseArgs(int argc, char** argv, int first,
               const std::vector<std::string>& with_value);

// Reads a file ("-" = stdin) into *out; false with message on error.
bool readFile(const std::string& path, std::string* out, std::string* err);

// --mcpu with a default of gfx900; prints an error and returns false if bad.
bool targetFromArgs(const Args& a, Target* t);

int cmdDisasm(int argc, char** argv);
int cmdAsm(int argc, char** argv);
int cmdVerify(int argc, char** argv);
int cmdBench(int argc, char** argv);
int cmdObjdump(int argc, char** argv);
// `gcnref objdump` of an AMD OpenCL 1.2 / 2.0 or GalliumCompute binary.
int objdumpOpenCl(const std::string& path, const std::vector<uint8_t>& file, const Args& a);
// One kernel's code as `gcnref objdump` lists it; counts undecodable words.
void printDisassembly(const Target& t, const std::string& name, const uint8_t* code, size_t n,
                      uint64_t address, size_t* errors);
int cmdDiff(int argc, char** argv);
int cmdExec(int argc, char** argv);
int cmdProve(int argc, char** argv);
int cmdRun(int argc, char** argv);
int cmdSemantics(int argc, char** argv);
int cmdCorpus(int argc, char** argv);

// Parses a line of llvm-mc --disassemble input: "0x01,0x02 0x03" ...
// Comments (# or ;) are ignored. Returns false on a malformed byte with
// the column.
bool parseHexLine(std::string_view line, std::vector<uint8_t>* out, int* bad_col,
                  std::vector<int>* cols = nullptr);

}  // namespace gcn::cli
