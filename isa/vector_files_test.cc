// The vector-file entries against the type names and the register names:
// every type of an entry's ranges is written with its prefix, and every
// register of every file parses back to the code the entry gives it.
#include "isa/vector_files.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "isa/inst.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"

namespace gcn {
namespace {

bool digitsFrom(std::string_view s, size_t i) {
  if (i >= s.size()) return false;
  for (; i < s.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

TEST(VectorFiles, TypeRangesHoldTheTypesNamedForTheFile) {
  int vector_types = 0;
  for (int i = 0; i < int(OpType::kCount); ++i) {
    const OpType t = OpType(i);
    const std::string_view name = typeName(t);
    const FileChoice c = typeFileChoice(t);
    bool named_for_one = false, named_for_either = false;
    for (int f = 0; f < kNumVectorFiles; ++f) {
      const char p = kVectorFiles[f].prefix;
      if (name[0] == p && digitsFrom(name, 1)) {
        named_for_one = true;
        EXPECT_EQ(c.file, f) << name;
        EXPECT_FALSE(c.by_acc_bit) << name;
      }
      // avN: the file's prefix, then the VGPRs'.
      if (f != kVgprFile && name[0] == p && name.size() > 1 && name[1] == kVectorFiles[kVgprFile].prefix &&
          digitsFrom(name, 2)) {
        named_for_either = true;
        EXPECT_EQ(c.file, f) << name;
        EXPECT_TRUE(c.by_acc_bit) << name;
      }
    }
    EXPECT_EQ(c.isVector(), named_for_one || named_for_either) << name;
    EXPECT_EQ(isVectorRegType(t), c.isVector()) << name;
    EXPECT_FALSE(c.isVector() && (isScalarRegType(t) || isSourceType(t))) << name;
    vector_types += c.isVector();
  }
  EXPECT_GT(vector_types, 0);
}

TEST(VectorFiles, EveryRegisterNameParsesToItsFilesCode) {
  std::set<int> codes;
  for (int f = 0; f < kNumVectorFiles; ++f) {
    for (int dw : {1, 2, 3, 4, 8, 16, 32}) {
      for (int n = 0; n < kRegsPerVectorFile; ++n) {
        std::string s;
        appendVectorRegName(f, n, dw, &s);
        int code = -1, dwords = -1;
        size_t used = 0;
        const bool ok = parseRegName(Gen::GFX9, s, &code, &dwords, &used);
        ASSERT_EQ(ok, n + dw <= kRegsPerVectorFile) << s;
        if (!ok) continue;
        EXPECT_EQ(used, s.size()) << s;
        EXPECT_EQ(code, vectorTextCode(f, n)) << s;
        EXPECT_EQ(dwords, dw) << s;
        EXPECT_EQ(vectorCodeFile(code), f) << s;
        EXPECT_EQ(vectorCodeIndex(code), n) << s;
        if (dw == 1) codes.insert(code);
      }
    }
    EXPECT_EQ(vectorFileOfPrefix(kVectorFiles[f].prefix), f);
  }
  // One code per register, and the VGPRs' are the 9-bit space's 256 + n.
  EXPECT_EQ(int(codes.size()), kNumVectorFiles * kRegsPerVectorFile);
  EXPECT_EQ(vectorTextCode(kVgprFile, 7), opc::kVgpr0 + 7);
  for (int code = 0; code < opc::kVgpr0; ++code) EXPECT_EQ(vectorCodeFile(code), -1) << code;
  EXPECT_EQ(vectorCodeFile(vectorTextCode(kNumVectorFiles, 0)), -1);
  std::string v;
  appendVgprName(9, 2, &v);
  EXPECT_EQ(v, "v[9:10]");
}

}  // namespace
}  // namespace gcn
