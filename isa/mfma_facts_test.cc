// Every MFMA row against AMD's matrix instruction calculator
// (corpus/cdna/mfma_facts.csv, generated from the calculator by
// corpus/cdna/harvest_calculator.py): opcode, register counts of A, B, C
// and D, which of them may be AccVGPRs or VGPRs, and alignment; and the
// same set of instructions on each side.
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "isa/errata.h"
#include "isa/index.h"
#include "isa/inst.h"
#include "isa/legality.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/target_testing.h"

namespace gcn {
namespace {

// One CSV line; the calculator's texts hold commas only inside quotes.
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) out.push_back(cur), cur.clear();
    else cur += c;
  }
  out.push_back(cur);
  return out;
}

struct Facts {
  std::map<std::string, std::string> col;
  const std::string& operator[](const std::string& k) const { return col.at(k); }
};

std::vector<Facts> readFacts(const std::string& arch) {
  std::ifstream f("corpus/cdna/mfma_facts.csv");
  EXPECT_TRUE(f.good()) << "corpus/cdna/mfma_facts.csv is missing from the test's data";
  std::string line;
  std::getline(f, line);
  const std::vector<std::string> head = csvFields(line);
  std::vector<Facts> out;
  std::set<std::string> seen;
  while (std::getline(f, line)) {
    std::vector<std::string> v = csvFields(line);
    if (v.size() != head.size() || v[0] != arch) continue;
    Facts x;
    for (size_t i = 0; i < head.size(); ++i) x.col[head[i]] = v[i];
    if (seen.insert(x["mnemonic"]).second) out.push_back(x);  // the harvest repeats some rows
  }
  return out;
}

const InstDesc* findRow(const Target& t, const std::string& mnemonic) {
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d)
    if (d->mnemonic == mnemonic && t.has(*d)) return d;
  return nullptr;
}

const OperandSpec* operandOf(const InstDesc& d, Role r) {
  for (int i = 0; i < d.num_operands; ++i)
    if (d.operand[i].role == r) return &d.operand[i];
  return nullptr;
}

void checkArch(const char* cpu, const std::string& arch, size_t rows) {
  const Target t = targetOrDie(cpu);
  const std::vector<Facts> facts = readFacts(arch);
  ASSERT_EQ(facts.size(), rows) << arch << ": MFMAs the calculator lists";
  std::set<std::string> named;
  for (const Facts& x : facts) {
    const std::string m = x["mnemonic"];
    named.insert(m);
    const InstDesc* d = findRow(t, m);
    ASSERT_NE(d, nullptr) << cpu << ": no row for the calculator's " << m;
    EXPECT_EQ(d->enc, Enc::VOP3P_MAI) << m;
    int calc_op = std::stoi(x["vop3p_opcode"], nullptr, 16);
    if (calc_op != d->op[int(t.gen)]) {
      // The calculator's i8 opcode slip (two instructions on one opcode:
      // 0x54 for the CDNA1/2 pair's second and for both CDNA3 ones).
      EXPECT_TRUE(m == "v_mfma_i32_16x16x16i8" || m == "v_mfma_i32_32x32x16_i8" ||
                  m == "v_mfma_i32_16x16x32_i8")
          << m << ": calculator opcode " << calc_op;
      EXPECT_NE(findErratum("MAI_CALCULATOR_I8_OPCODE"), nullptr);
    }
    // SMFMAC: the calculator's C is "n/a (Src2 = compression index)", one
    // VGPR; the row's src2 is that index, a VGPR and never an accumulator.
    const bool sparse = x["kind"] == "SMFMAC";
    EXPECT_EQ(sparse, (d->flags & F_SMFMAC) != 0) << m;
    const struct { const char* name; Role role; } kOps[] = {
        {"A", Role::src0}, {"B", Role::src1}, {"C", Role::src2}, {"D", Role::vdst}};
    for (const auto& o : kOps) {
      const OperandSpec* s = operandOf(*d, o.role);
      ASSERT_NE(s, nullptr) << m << " " << o.name;
      EXPECT_EQ(typeDwords(s->type), std::stoi(x[std::string("dwords_") + o.name])) << m << " " << o.name;
      const FileChoice f = operandFile(*d, t.gen, *s);
      const bool agpr = f.admits(kAgprFile);
      const bool vgpr = f.admits(kVgprFile);
      if (sparse && o.role == Role::src2) {
        EXPECT_EQ(x["C_agpr"].rfind("n/a", 0), 0u) << m;
        EXPECT_TRUE(f.file == kVgprFile && !f.by_acc_bit) << m << " index";
        continue;
      }
      EXPECT_EQ(agpr, x[std::string(o.name) + "_agpr"] == "True") << m << " " << o.name << " AGPR";
      EXPECT_EQ(vgpr, x[std::string(o.name) + "_archvgpr"] == "True") << m << " " << o.name << " VGPR";
    }
    // gfx908 tuples need no alignment (4 bytes: one register); from gfx90a
    // 8 bytes, which isa/legality.h's even-tuple rule asks of every
    // operand of two or more registers: D at v1 is refused exactly then.
    EXPECT_EQ(x["gpr_alignment_bytes"], isCdna2On(t.gen) ? "8" : "4") << m;
    Inst in;
    in.id = uint16_t(d - instsBegin());
    in.gen = t.gen;
    in.enc = Enc::VOP3P_MAI;
    in[Fld::VDST] = 1;
    in[Fld::SRC0] = in[Fld::SRC1] = in[Fld::SRC2] = opc::kVgpr0;
    const bool odd_refused = !vgprAlignmentRule(in).empty();
    EXPECT_EQ(odd_refused, isCdna2On(t.gen) && typeDwords(operandOf(*d, Role::vdst)->type) >= 2) << m;
  }
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    if (d->enc == Enc::VOP3P_MAI && t.has(*d)) {
      EXPECT_TRUE(named.count(std::string(d->mnemonic)))
          << cpu << ": " << d->mnemonic << " is not in the calculator";
    }
  }
}

TEST(MfmaFacts, Gfx908RowsMatchTheCalculator) { checkArch("gfx908", "gfx908", 20); }
TEST(MfmaFacts, Gfx90aRowsMatchTheCalculator) { checkArch("gfx90a", "gfx90a", 27); }
TEST(MfmaFacts, Gfx940RowsMatchTheCalculator) { checkArch("gfx940", "gfx940", 46); }
TEST(MfmaFacts, Gfx942RowsMatchTheCalculator) { checkArch("gfx942", "gfx942", 46); }

}  // namespace
}  // namespace gcn
