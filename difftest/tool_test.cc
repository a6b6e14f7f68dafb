// The worker plumbing against real processes: sh for crashes and hangs,
// llvm-mc-16 for the adapter (CI installs llvm-16; missing it is a failure).
#include <gtest/gtest.h>

#include <regex>
#include <utility>

#include "difftest/process.h"
#include "difftest/tool.h"
#include "isa/target_testing.h"

namespace gcn::difftest {
namespace {

TEST(Process, CapturesOutputAndExitCode) {
  ProcResult r = runProcess({"sh", "-c", "cat; echo err >&2; exit 3"}, "hello\n", 10);
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.out, "hello\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_FALSE(r.crashed());
}

TEST(Process, CrashIsAResult) {
  ProcResult r = runProcess({"sh", "-c", "kill -SEGV $$"}, "", 10);
  EXPECT_TRUE(r.crashed());
  EXPECT_EQ(r.signal, 11);
}

TEST(Process, HangIsKilledAtTheTimeout) {
  ProcResult r = runProcess({"sh", "-c", "sleep 30"}, "", 0.3);
  EXPECT_TRUE(r.timed_out);
}

TEST(Process, MissingProgramIsReported) {
  ProcResult r = runProcess({"/nonexistent/tool"}, "", 10);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.error.find("/nonexistent/tool"), std::string::npos);
}

TEST(ToolConfig, ParsesKeysAndReportsBadLines) {
  ToolConfig c;
  std::string err;
  ASSERT_TRUE(parseToolConfig("# comment\n[tool]\nname = \"x\"\n"
                              "disasm_cmd = 'dis -g {mcpu} {input}'\n"
                              "disasm_error_offset_regex = '^error at (\\d+)'\ntimeout = 5\n",
                              "x.toml", &c, &err))
      << err;
  EXPECT_EQ(c.name, "x");
  EXPECT_EQ(c.disasm_cmd, "dis -g {mcpu} {input}");
  EXPECT_EQ(c.disasm_error_offset_regex, "^error at (\\d+)");
  EXPECT_EQ(c.timeout, 5);
  EXPECT_FALSE(parseToolConfig("disasm_cmd = x\nbogus = 1\n", "y.ini", &c, &err));
  EXPECT_NE(err.find("y.ini:2"), std::string::npos) << err;
  EXPECT_FALSE(parseToolConfig("disasm_cmd = x\ndisasm_line_regex = '('\n", "z", &c, &err));
  EXPECT_NE(err.find("bad regex"), std::string::npos) << err;
  EXPECT_FALSE(toolFromSpec("clang", &c, &err));
  EXPECT_FALSE(parseToolConfig("disasm_cmd = x\ndevices = 'gfx600'\n", "d", &c, &err));
  EXPECT_NE(err.find("PROCESSOR=DEVICE"), std::string::npos) << err;
}

// {device}: the tool's own processor names from `devices`, the processor's
// name when the config lists none; a processor the list lacks has none.
TEST(ToolConfig, DevicesNameTheToolsProcessors) {
  ToolConfig c;
  std::string err, dev;
  ASSERT_TRUE(parseToolConfig("disasm_cmd = 'd -g {device} {input}'\ndevices = 'gfx600=tahiti gfx803=fiji'\n",
                              "t", &c, &err))
      << err;
  EXPECT_TRUE(toolDevice(c, targetOrDie("gfx803"), &dev));
  EXPECT_EQ(dev, "fiji");
  EXPECT_TRUE(toolDevice(c, targetOrDie("tahiti"), &dev));
  EXPECT_EQ(dev, "tahiti");
  EXPECT_FALSE(toolDevice(c, targetOrDie("gfx900"), &dev));
  c.devices.clear();
  EXPECT_TRUE(toolDevice(c, targetOrDie("gfx900"), &dev));
  EXPECT_EQ(dev, "gfx900");
}

// The CLRX preset: device names for GFX6-GFX9 as CLRX spells them, none for
// the CDNA processors it does not know, binary input and output.
TEST(ToolConfig, ClrxPreset) {
  ToolConfig c;
  std::string err, dev;
  ASSERT_TRUE(toolFromSpec("clrx:/opt/clrx/bin", &c, &err)) << err;
  EXPECT_EQ(c.name, "clrx");
  EXPECT_EQ(c.disasm_cmd, "/opt/clrx/bin/clrxdisasm -g {device} -r {input}");
  EXPECT_EQ(c.asm_cmd, "/opt/clrx/bin/clrxasm -g {device} -b rawcode -o {output} {input}");
  EXPECT_EQ(c.disasm_input, "bin");
  EXPECT_EQ(c.asm_output, "bin");
  EXPECT_TRUE(c.asm_error_regex.empty());
  const std::pair<const char*, const char*> want[] = {
      {"gfx600", "tahiti"}, {"gfx700", "gfx700"}, {"gfx704", "bonaire"}, {"gfx803", "fiji"},
      {"gfx900", "gfx900"}, {"gfx906", "gfx906"}};
  for (const auto& [cpu, name] : want) {
    EXPECT_TRUE(toolDevice(c, targetOrDie(cpu), &dev)) << cpu;
    EXPECT_EQ(dev, name) << cpu;
  }
  for (const char* cpu : {"gfx908", "gfx90a", "gfx940"}) EXPECT_FALSE(toolDevice(c, targetOrDie(cpu), &dev)) << cpu;
  const std::regex line(c.disasm_line_regex), bad(c.disasm_invalid_regex);
  std::smatch m;
  const std::string out = "/*000000000000*/ v_add_f32       v1, v2, v3";
  ASSERT_TRUE(std::regex_match(out, m, line));
  EXPECT_EQ(m[1].str(), "v_add_f32       v1, v2, v3");
  EXPECT_TRUE(std::regex_search(std::string("VOP1_ill_127 v0, v0"), bad));
}

class LlvmMc : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(programExists("llvm-mc-16"))
        << "llvm-mc-16 is not installed; the differential needs it (apt install llvm-16)";
    std::string err;
    ASSERT_TRUE(toolFromSpec("llvm-mc", &tool_, &err)) << err;
  }
  ToolConfig tool_;
};

TEST_F(LlvmMc, DisasmBatchAssignsAnswersPerInput) {
  std::vector<std::vector<uint8_t>> in = {
      {0x01, 0x00, 0x80, 0xbe},                          // s_mov_b32 s0, s1
      {0x00, 0x00, 0x80, 0xb9},                          // SOPK opcode 0x13: none
      {0xff, 0x02, 0x00, 0x02, 0x00, 0x00, 0x80, 0x3f},  // v_add_f32 with a literal
  };
  BatchRun r = disasmBatch(tool_, targetOrDie("gfx900"), in);
  ASSERT_FALSE(r.failed) << r.why;
  ASSERT_EQ(r.answers.size(), 3u);
  EXPECT_EQ(r.answers[0].outcome, Outcome::ACCEPT);
  EXPECT_EQ(normaliseText(r.answers[0].text), "s_mov_b32 s0,s1");
  EXPECT_EQ(r.answers[1].outcome, Outcome::REJECT);
  EXPECT_EQ(r.answers[2].outcome, Outcome::ACCEPT);
  EXPECT_EQ(normaliseText(r.answers[2].text), "v_add_f32_e32 v0,1.0,v1");
}

TEST_F(LlvmMc, AsmBatchMapsErrorsToLines) {
  BatchRun r = asmBatch(tool_, targetOrDie("gfx900"), {"s_mov_b32 s0, s1", "v_bogus v0", "s_nop 1"});
  ASSERT_FALSE(r.failed) << r.why;
  EXPECT_EQ(r.answers[0].outcome, Outcome::ACCEPT);
  EXPECT_EQ(r.answers[0].bytes, (std::vector<uint8_t>{0x01, 0x00, 0x80, 0xbe}));
  EXPECT_EQ(r.answers[1].outcome, Outcome::REJECT);
  EXPECT_NE(r.answers[1].message.find("invalid instruction"), std::string::npos) << r.answers[1].message;
  EXPECT_EQ(r.answers[2].outcome, Outcome::ACCEPT);
}

// llvm-mc-16 segfaults on SDWA DST_SEL = 7 (erratum SDWA_SEL_7): the crash
// must be pinned on that input and the others still answered.
TEST_F(LlvmMc, CrashIsPinnedOnTheCulprit) {
  std::vector<std::vector<uint8_t>> in;
  for (int i = 0; i < 40; ++i) in.push_back({uint8_t(i), 0x00, 0x80, 0xbe});
  in[23] = {0xf9, 0x02, 0x00, 0x7e, 0x01, 0x17, 0x06, 0x00};
  long procs = 0;
  Target t = targetOrDie("gfx900");
  std::vector<ToolAnswer> a = runRecovering(in.size(), [&](size_t lo, size_t hi) {
    return disasmBatch(tool_, t, std::vector<std::vector<uint8_t>>(in.begin() + long(lo), in.begin() + long(hi)));
  }, &procs);
  for (size_t i = 0; i < in.size(); ++i)
    EXPECT_EQ(a[i].outcome, i == 23 ? Outcome::CRASH : Outcome::ACCEPT) << i << ": " << a[i].message;
  EXPECT_LE(procs, 8);
}

// The generic adapter, driven by a config file, with the batch in a file.
TEST_F(LlvmMc, GenericAdapterRunsTemplates) {
  ToolConfig c;
  std::string err;
  ASSERT_TRUE(parseToolConfig(
      "disasm_cmd = 'llvm-mc-16 -arch=amdgcn -mcpu={mcpu} --disassemble {input}'\n"
      "disasm_error_regex = ':(\\d+):(\\d+): warning: invalid instruction encoding'\n"
      "asm_cmd = 'llvm-mc-16 -arch=amdgcn -mcpu={mcpu} --show-encoding {input}'\n"
      "asm_error_regex = ':(\\d+):\\d+: error: (.*)'\n",
      "inline", &c, &err))
      << err;
  BatchRun d = disasmBatch(c, targetOrDie("gfx900"), {{0x01, 0x00, 0x80, 0xbe}, {0x00, 0x00, 0x80, 0xb9}});
  ASSERT_FALSE(d.failed) << d.why;
  EXPECT_EQ(normaliseText(d.answers[0].text), "s_mov_b32 s0,s1");
  EXPECT_EQ(d.answers[1].outcome, Outcome::REJECT);
  BatchRun e = asmBatch(c, targetOrDie("gfx900"), {"s_nop 1", "v_bogus"});
  ASSERT_FALSE(e.failed) << e.why;
  EXPECT_EQ(e.answers[0].bytes, (std::vector<uint8_t>{0x01, 0x00, 0x80, 0xbf}));
  EXPECT_EQ(e.answers[1].outcome, Outcome::REJECT);
}

}  // namespace
}  // namespace gcn::difftest
