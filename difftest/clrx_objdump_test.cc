// gcnref's disassembly of corpus/opencl's AMD OpenCL 1.2, AMD OpenCL 2.0
// and GalliumCompute binaries against real clrxdisasm's: for every
// instruction clrxdisasm lists, the bytes gcnref's reader found for the
// kernel decode to the instruction clrxdisasm's text names (read as CLRX
// writes it, difftest/clrx_text.h), at the same offsets, and no
// instruction is listed by one side only. Skips, saying so, without a
// built CLRX.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "codeobj/opencl/program.h"
#include "decoder/decoder.h"
#include "difftest/clrx_text.h"
#include "difftest/process.h"
#include "difftest/tool.h"
#include "dispatch/cl_suite.h"
#include "text/parser.h"
#include "text/printer.h"
#include "util/list_dir.h"

namespace gcn::difftest {
namespace {

using codeobj::opencl::Format;
using codeobj::opencl::Kernel;
using codeobj::opencl::Program;

struct Listed {
  uint64_t offset;
  std::string text;
};

// Kernel name -> clrxdisasm's instruction lines ("/*OFFSET*/ text").
std::map<std::string, std::vector<Listed>> clrxListing(const std::string& out) {
  std::map<std::string, std::vector<Listed>> r;
  static const std::regex kernel_re(R"(^\.kernel\s+(\S+))");
  static const std::regex inst_re(R"(^/\*([0-9a-f]+)\*/\s+(.*)$)");
  std::istringstream in(out);
  std::string line, kernel;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, kernel_re)) kernel = m[1];
    else if (std::regex_match(line, m, inst_re))
      r[kernel].push_back({std::stoull(m[1].str(), nullptr, 16), m[2].str()});
  }
  return r;
}

// clrxdisasm's options for a binary: Gallium needs the device, and its
// AMDHSA form the LLVM version that implies amd_kernel_code_t.
std::vector<std::string> clrxArgs(const std::string& clrx, const Program& p,
                                  const std::string& file) {
  std::vector<std::string> a = {clrx};
  if (p.format() == Format::GALLIUM) {
    a.push_back("-g");
    a.push_back(p.processor() == "gfx600" ? "tahiti" : p.processor() == "gfx700" ? "spectre"
                                                                                 : p.processor());
    if (p.abi() == codeobj::opencl::Abi::GALLIUM_HSA) a.push_back("--llvmVersion=50000");
  }
  a.push_back(file);
  return a;
}

// Compares one kernel; returns the number of instructions checked.
size_t compareKernel(const Program& p, const Kernel& k, const std::vector<Listed>& listed,
                     const std::string& where) {
  const uint64_t base = p.format() == Format::GALLIUM ? k.code_address : 0;
  const Target& t = p.isaTarget();
  size_t pos = 0, checked = 0;
  for (const Listed& l : listed) {
    if (l.offset < base) continue;
    const uint64_t off = l.offset - base;
    EXPECT_EQ(off, pos) << where << ": clrxdisasm lists an instruction at 0x" << std::hex
                        << l.offset << ", gcnref's previous one ends at 0x" << pos + base;
    if (off != pos || off >= k.code.size()) return checked;
    Inst ours;
    DecodeResult d = decode(t, k.code.data() + off, k.code.size() - off, &ours);
    EXPECT_TRUE(d.ok()) << where << " +0x" << std::hex << off << ": gcnref cannot decode what "
                        << "clrxdisasm prints as '" << l.text << "'";
    if (!d.ok()) return checked;
    Inst theirs;
    ParseError pe;
    std::string text = l.text;
    // A literal the loader patches: clrxdisasm names the relocation's
    // symbol, the bytes hold a placeholder. It must be where gcnref's
    // reader put a relocation, whose bytes then stand in for the name.
    static const std::regex reloc_re(R"(\.gdata(&0xffffffff|>>32)?)");
    for (const auto& r : k.relocs) {
      const uint64_t at = r.image_offset - k.image_entry;
      if (at < off || at + 4 > off + d.size || !std::regex_search(text, reloc_re)) continue;
      uint32_t v = 0;
      std::memcpy(&v, k.code.data() + at, 4);
      text = std::regex_replace(text, reloc_re, std::to_string(v));
    }
    const std::string read = readClrxText(text, long(l.offset));
    EXPECT_TRUE(parseInst(t, read, &theirs, &pe))
        << where << " +0x" << std::hex << off << ": '" << l.text << "' read as '" << read
        << "': " << pe.message;
    EXPECT_EQ(printInst(theirs), printInst(ours))
        << where << " +0x" << std::hex << off << ": clrxdisasm '" << l.text << "'";
    pos = off + d.size;
    ++checked;
  }
  EXPECT_EQ(pos, k.code.size()) << where << ": clrxdisasm's listing ends at 0x" << std::hex << pos
                                << " of 0x" << k.code.size() << " bytes of code";
  return checked;
}

TEST(ClrxObjdump, EveryBinaryDisassemblesAsClrxdisasmSays) {
  const std::string dir = defaultClrxDir();
  if (dir.empty()) {
    std::fprintf(stderr,
                 "\n*** SKIPPED: CLRX is not built (no clrxdisasm in ~/.cache/gcnref/clrx/bin);\n"
                 "*** run tools/build_clrx.sh to compare with clrxdisasm ***\n\n");
    GTEST_SKIP() << "CLRX not built: run tools/build_clrx.sh";
  }
  const std::string cl = dispatch::findClDir("");
  ASSERT_FALSE(cl.empty()) << "corpus/opencl not found";
  size_t binaries = 0, instructions = 0;
  for (const dispatch::ClSuiteEntry& e : dispatch::clSuiteEntries(cl)) {
    Program p;
    std::string err;
    codeobj::opencl::LoadOptions o;
    o.processor = e.processor;
    ASSERT_TRUE(p.loadFile(e.file, &err, o)) << err;
    ProcResult r = runProcess(clrxArgs(dir + "/clrxdisasm", p, e.file), "", 60);
    ASSERT_TRUE(r.ok()) << e.file << ": clrxdisasm " << r.describe() << ": " << r.err;
    const auto listing = clrxListing(r.out);
    for (const Kernel& k : p.kernels()) {
      auto it = listing.find(k.name);
      ASSERT_NE(it, listing.end()) << e.file << ": clrxdisasm lists no kernel " << k.name;
      instructions += compareKernel(p, k, it->second, e.name + " kernel " + k.name);
    }
    ++binaries;
  }
  EXPECT_GE(binaries, 30u);
  EXPECT_GT(instructions, 30 * 10u);
  std::printf("compared %zu instructions of %zu binaries with clrxdisasm\n", instructions, binaries);
}

}  // namespace
}  // namespace gcn::difftest
