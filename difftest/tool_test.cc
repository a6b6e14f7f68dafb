// The worker plumbing against real processes: sh for crashes and hangs,
// llvm-mc-16 for the adapter (CI installs llvm-16; missing it is a failure).
#include <gtest/gtest.h>

#include <atomic>
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

TEST(Process, TerminalStdoutIsRawAndKeepsWhatWasWrittenBeforeACrash) {
  const std::string script = "test -t 1 && ! test -t 2 && printf 'a\\nb'; kill -SEGV $$";
  ProcResult t = runProcess({"sh", "-c", script}, "", 10, true);
  ASSERT_TRUE(t.started) << t.error;
  EXPECT_EQ(t.out, "a\nb");  // no "\r\n": the terminal is raw
  EXPECT_EQ(t.signal, 11);
  ProcResult p = runProcess({"sh", "-c", script}, "", 10, false);
  EXPECT_EQ(p.out, "");  // a pipe is not a terminal
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
  ASSERT_TRUE(parseToolConfig("asm_cmd = x\nstdout = terminal\nasm_all_or_nothing = true\n", "b", &c, &err))
      << err;
  EXPECT_EQ(c.stdout_mode, ToolConfig::Stdout::TERMINAL);
  EXPECT_TRUE(c.asm_all_or_nothing);
  EXPECT_FALSE(parseToolConfig("asm_cmd = x\nasm_all_or_nothing = 1\n", "b", &c, &err));
  EXPECT_NE(err.find("true or false"), std::string::npos) << err;
  EXPECT_FALSE(parseToolConfig("asm_cmd = x\nstdout = tty\n", "b", &c, &err));
  EXPECT_NE(err.find("pipe, terminal or auto"), std::string::npos) << err;
}

// An assembler that, like clrxasm, writes nothing when a line fails but
// names every failing line: two runs answer every input.
TEST(ToolConfig, AllOrNothingAssemblerNeedsOneMoreRun) {
  ToolConfig c;
  c.asm_cmd =
      "awk '/bogus/ { bad = 1; printf \"%s:%d:1: Error: no such instruction\\n\", FILENAME, NR > "
      "\"/dev/stderr\" } { l[NR] = $0 } END { if (bad) exit 1; for (i = 1; i <= NR; i++) "
      "if (l[i] ~ /0xbcd/) print \"s_nop ; encoding: [0xcd,0x0b,0x80,0xbf]\"; "
      "else print \"x ; encoding: [\" i \",0x00,0x80,0xbf]\" }' {input}";
  c.asm_error_regex = R"(^[^:]+:(\d+):\d+: Error: (.*))";
  const Target t = targetOrDie("gfx900");
  const std::vector<std::string> in = {"a", "bogus 1", "b", "bogus 2", "c"};
  BatchRun once = asmBatch(c, t, in);
  EXPECT_TRUE(once.failed);  // without the flag: nothing to assign, bisect
  c.asm_all_or_nothing = true;
  BatchRun r = asmBatch(c, t, in);
  ASSERT_FALSE(r.failed) << r.why;
  ASSERT_EQ(r.answers.size(), in.size());
  for (size_t i : {1u, 3u}) {
    EXPECT_EQ(r.answers[i].outcome, Outcome::REJECT) << i;
    EXPECT_EQ(r.answers[i].message, "no such instruction") << i;
  }
  // The second run's lines 1, 3, 5 (its inputs a, b, c).
  const std::pair<size_t, uint8_t> ok[] = {{0, 1}, {2, 3}, {4, 5}};
  for (const auto& [i, b] : ok) {
    ASSERT_EQ(r.answers[i].outcome, Outcome::ACCEPT) << i << ": " << r.answers[i].message;
    EXPECT_EQ(r.answers[i].bytes, (std::vector<uint8_t>{b, 0x00, 0x80, 0xbf})) << i;
  }
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
  EXPECT_TRUE(c.asm_all_or_nothing);
  std::smatch e;
  const std::string msg = "/tmp/gcnref-diff-x1:7:1: Error: Unknown instruction";
  ASSERT_TRUE(std::regex_search(msg, e, std::regex(c.asm_error_regex)));
  EXPECT_EQ(e[1].str(), "7");
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
  std::vector<ToolAnswer> a = runRecovering(in.size(), [&](size_t lo, size_t hi, bool term) {
    return disasmBatch(tool_, t, std::vector<std::vector<uint8_t>>(in.begin() + long(lo), in.begin() + long(hi)), term);
  }, &procs, tool_.stdout_mode);
  for (size_t i = 0; i < in.size(); ++i)
    EXPECT_EQ(a[i].outcome, i == 23 ? Outcome::CRASH : Outcome::ACCEPT) << i << ": " << a[i].message;
  EXPECT_LE(procs, 8);
}

// llvm-mc-19 --show-encoding segfaults on an MFMA word with an inline
// constant source (erratum LLVM19_MAI_CONSTANT_SHOW_ENCODING). On a pipe it
// loses what it printed since its last buffer flush, and the batch is
// bisected; on a terminal the crash costs two more workers; the preset's
// AUTO mode learns that from the first crash.
TEST(LlvmMc19, CrashOnATerminalNeedsNoBisection) {
  ASSERT_TRUE(programExists("llvm-mc-19"))
      << "llvm-mc-19 is not installed; the differential needs it (apt install llvm-19)";
  ToolConfig c;
  std::string err;
  ASSERT_TRUE(toolFromSpec("llvm-mc:llvm-mc-19", &c, &err)) << err;
  EXPECT_EQ(c.stdout_mode, ToolConfig::Stdout::AUTO);
  std::vector<std::vector<uint8_t>> in;
  for (int i = 0; i < 64; ++i) in.push_back({uint8_t(i), 0x00, 0x80, 0xbe});
  const std::vector<uint8_t> crash = {0xa8, 0x2c, 0xc5, 0xd3, 0xf8, 0x10, 0x2c, 0xbb};
  in[5] = in[50] = crash;
  const Target t = targetOrDie("gfx90a");
  // Returns the processes it took; every answer must be right.
  auto run = [&](ToolConfig::Stdout mode, std::atomic<bool>* lost) {
    long procs = 0;
    std::vector<ToolAnswer> a = runRecovering(in.size(), [&](size_t lo, size_t hi, bool term) {
      return disasmBatch(c, t, std::vector<std::vector<uint8_t>>(in.begin() + long(lo), in.begin() + long(hi)), term);
    }, &procs, mode, lost);
    for (size_t i = 0; i < in.size(); ++i)
      EXPECT_EQ(a[i].outcome, in[i] == crash ? Outcome::CRASH : Outcome::ACCEPT) << i << ": " << a[i].message;
    return procs;
  };
  using Stdout = ToolConfig::Stdout;
  EXPECT_EQ(run(Stdout::TERMINAL, nullptr), 5);  // per crash: the batch, the culprit alone
  EXPECT_GT(run(Stdout::PIPE, nullptr), 12) << "a pipe now keeps llvm-mc-19's answers: is a terminal still needed?";
  // The first suspect runs clean alone; then each crashed pipe batch is
  // resumed on a terminal: two more workers per crash than TERMINAL.
  std::atomic<bool> lost{false};
  EXPECT_EQ(run(Stdout::AUTO, &lost), 9);
  EXPECT_TRUE(lost.load());
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
