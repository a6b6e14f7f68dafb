// Assembler source with labels: branch offsets, addresses, diagnostics.
#include "text/assembler.h"

#include <gtest/gtest.h>

#include <string>

#include "text/parser.h"

namespace gcn {
namespace {

Target gfx900() {
  Target t;
  std::string e;
  EXPECT_TRUE(targetFromName("gfx900", &t, &e)) << e;
  return t;
}

Inst parsed(const Target& t, const std::string& line) {
  Inst in;
  ParseError pe;
  EXPECT_TRUE(parseInst(t, line, &in, &pe)) << line << ": " << pe.message;
  return in;
}

std::string messages(const AsmResult& r) {
  std::string s;
  for (const AsmDiagnostic& d : r.diagnostics)
    s += std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
  return s;
}

TEST(Assembler, BranchesCountDwordsFromTheNextInstruction) {
  const Target t = gfx900();
  const AsmResult r = assemble(t,
                               "start:\n"
                               "  s_nop 0\n"                        // 0x100
                               "  s_cbranch_scc0 done // forward\n"  // 0x104, next 0x108
                               "  v_mov_b32 v0, 0x12345678\n"       // 0x108, 8 bytes
                               "  s_branch start ; backward\n"      // 0x110, next 0x114
                               "done: s_endpgm\n",                  // 0x114
                               0x100);
  ASSERT_EQ(r.errors(), 0u) << messages(r);
  ASSERT_EQ(r.code.size(), 5u);
  EXPECT_EQ(r.code[1].pc, 0x104u);
  EXPECT_EQ(r.code[1].inst, parsed(t, "s_cbranch_scc0 3"));
  EXPECT_EQ(r.code[3].pc, 0x110u);
  EXPECT_EQ(r.code[3].inst, parsed(t, "s_branch -5"));
  EXPECT_EQ(r.code[4].line, 6);
  EXPECT_EQ(r.end, 0x118u);
  ASSERT_EQ(r.labels.size(), 2u);
  EXPECT_EQ(r.labels[0].name, "start");
  EXPECT_EQ(r.labels[0].pc, 0x100u);
  EXPECT_EQ(r.labels[1].name, "done");
  EXPECT_EQ(r.labels[1].pc, 0x114u);
  EXPECT_EQ(r.labels[1].statement, 4u);
}

TEST(Assembler, ALabelAtTheEndPointsPastTheLastInstruction) {
  const AsmResult r = assemble(gfx900(), "s_branch out\ns_nop 0\nout:\n");
  ASSERT_EQ(r.errors(), 0u) << messages(r);
  EXPECT_EQ(r.code[0].inst, parsed(gfx900(), "s_branch 1"));
  EXPECT_EQ(r.labels[0].statement, 2u);
}

TEST(Assembler, AnOperandThatIsNotABranchTargetIsNotALabel) {
  // A label may share a register's name; only a row's branch operand
  // (OpType::label) reads label names.
  const Target t = gfx900();
  const AsmResult r = assemble(t, "vcc:\nv_cndmask_b32 v0, v1, v2, vcc\ns_branch vcc\n");
  ASSERT_EQ(r.errors(), 0u) << messages(r);
  EXPECT_EQ(r.code[0].inst, parsed(t, "v_cndmask_b32 v0, v1, v2, vcc"));
  EXPECT_EQ(r.code[1].inst, parsed(t, "s_branch -2"));
}

TEST(Assembler, ReportsEveryErrorWithItsLineAndColumn) {
  const AsmResult r = assemble(gfx900(),
                               "  s_branch nowhere\n"
                               "a:\n"
                               "a:\n"
                               "  v_add_f32 v0, v1, bogus\n"
                               "  s_nop 0\n");
  EXPECT_EQ(r.errors(), 3u) << messages(r);
  ASSERT_GE(r.diagnostics.size(), 3u);
  EXPECT_EQ(r.diagnostics[0].line, 1);
  EXPECT_EQ(r.diagnostics[0].column, 12);
  EXPECT_NE(r.diagnostics[0].message.find("undefined label 'nowhere'"), std::string::npos);
  EXPECT_EQ(r.diagnostics[1].line, 3);
  EXPECT_NE(r.diagnostics[1].message.find("'a' is already defined"), std::string::npos);
  EXPECT_EQ(r.diagnostics[2].line, 4);
  EXPECT_EQ(r.diagnostics[2].column, 21) << r.diagnostics[2].message;
  // The good line still assembles.
  ASSERT_EQ(r.code.size(), 1u);
  EXPECT_EQ(r.code[0].line, 5);
}

TEST(Assembler, ABranchOutOfReachIsAnError) {
  std::string src = "s_branch far\n";
  for (int i = 0; i < 32768; ++i) src += "s_nop 0\n";
  src += "far:\n";
  AsmResult r = assemble(gfx900(), src);
  ASSERT_EQ(r.errors(), 1u) << messages(r);
  EXPECT_NE(r.diagnostics[0].message.find("32768 dwords away"), std::string::npos)
      << r.diagnostics[0].message;
  // One dword nearer reaches.
  src.erase(src.find("s_nop 0\n"), 8);
  r = assemble(gfx900(), src);
  EXPECT_EQ(r.errors(), 0u) << messages(r);
}

TEST(Assembler, CommentsAndDirectives) {
  const AsmResult r = assemble(gfx900(),
                               "  .text\n"
                               "# a comment\n"
                               "// another\n"
                               "  .globl kernel\n"
                               "  .p2align 8\n"
                               "kernel: ; the entry\n"
                               "  s_endpgm # done\n");
  EXPECT_EQ(r.errors(), 0u) << messages(r);
  ASSERT_EQ(r.diagnostics.size(), 1u) << messages(r);  // one warning, not one per directive
  EXPECT_FALSE(r.diagnostics[0].error);
  EXPECT_EQ(r.diagnostics[0].line, 4);
  ASSERT_EQ(r.code.size(), 1u);
  EXPECT_EQ(r.code[0].line, 7);
  EXPECT_EQ(r.labels[0].name, "kernel");
}

TEST(Assembler, SourceLine) {
  EXPECT_EQ(sourceLine("a\r\nbb\nccc", 2), "bb");
  EXPECT_EQ(sourceLine("a\nbb\nccc", 3), "ccc");
  EXPECT_EQ(sourceLine("a\nbb", 5), "");
}

}  // namespace
}  // namespace gcn
