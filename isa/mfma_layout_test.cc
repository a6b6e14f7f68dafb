// Every MFMA layout of isa/mfma.h against AMD's matrix instruction
// calculator (corpus/cdna/mfma_layouts.txt, made by
// corpus/cdna/harvest_layouts.py): for each instruction of gfx908, gfx90a
// and gfx940 (gfx941/942 print the same), each matrix A, B, C, D, with no
// modifier and with every CBSZ/ABID (A) and BLGP (B) value the calculator
// takes, every register cell's element(s) are where mfmaLoc and the
// modifier lane maps put them, and every element appears once. SMFMAC rows
// add K, the compression index: its 4-bit field for every (i, k) is where
// smfmacIndexLoc puts it under each (cbsz, abid), and a sparse A cell (two
// stored values) lists the four dense k of its group.
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "isa/inst_desc.h"
#include "isa/mfma.h"

namespace gcn {
namespace {

struct Cell {
  int gpr, lo, width;
};
struct Layout {
  std::vector<Cell> cols;
  std::map<int, std::vector<std::string>> lanes;  // lane -> cell texts
};
struct Use {
  std::string arch, mnemonic, matrix;
  int cbsz, abid, blgp, id;
};

struct Data {
  std::map<int, Layout> layouts;
  std::vector<Use> uses;
};

Data readData() {
  Data d;
  std::ifstream f("corpus/cdna/mfma_layouts.txt");
  EXPECT_TRUE(f.good()) << "corpus/cdna/mfma_layouts.txt is missing from the test's data";
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string kind;
    in >> kind;
    if (kind == "use") {
      Use u;
      in >> u.arch >> u.mnemonic >> u.matrix >> u.cbsz >> u.abid >> u.blgp >> u.id;
      d.uses.push_back(u);
    } else if (kind == "layout") {
      int id, lanes, ncols;
      in >> id >> lanes >> ncols;
      Layout& l = d.layouts[id];
      for (int c = 0; c < ncols; ++c) {
        std::string col;
        in >> col;
        Cell cell{};
        EXPECT_EQ(std::sscanf(col.c_str(), "%d:%d:%d", &cell.gpr, &cell.lo, &cell.width), 3) << col;
        l.cols.push_back(cell);
      }
      for (int k = 0; k < lanes && std::getline(f, line); ++k) {
        std::istringstream row(line);
        int lane;
        row >> lane;
        std::vector<std::string> cells(static_cast<size_t>(ncols));
        for (auto& c : cells) row >> c;
        l.lanes[lane] = cells;
      }
    }
  }
  return d;
}

const InstDesc* rowNamed(const std::string& name) {
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d)
    if (d->mnemonic == name && mfmaInfo(*d)) return d;
  return nullptr;
}

struct Elem {
  int b, row, col;
  bool neg;
};
std::vector<Elem> elems(const std::string& cell) {
  std::vector<Elem> out;
  if (cell == "-") return out;
  std::stringstream s(cell);
  std::string e;
  while (std::getline(s, e, '+')) {
    Elem x{};
    x.neg = !e.empty() && e[0] == '-';
    EXPECT_EQ(std::sscanf(e.c_str() + (x.neg ? 1 : 0), "%d.%d.%d", &x.b, &x.row, &x.col), 3) << cell;
    out.push_back(x);
  }
  return out;
}

TEST(MfmaLayout, EveryElementWhereTheCalculatorPutsIt) {
  const Data data = readData();
  ASSERT_GT(data.uses.size(), 1000u);
  std::set<std::string> checked_insts, sparse_insts, missing;
  int checked = 0;
  for (const Use& u : data.uses) {
    SCOPED_TRACE(u.arch + " " + u.mnemonic + " " + u.matrix + " cbsz " + std::to_string(u.cbsz) +
                 " abid " + std::to_string(u.abid) + " blgp " + std::to_string(u.blgp));
    const InstDesc* d = rowNamed(u.mnemonic);
    if (!d) {
      missing.insert(u.mnemonic);
      continue;
    }
    const MfmaInfo& f = *mfmaInfo(*d);
    if (f.sparse) sparse_insts.insert(u.mnemonic);
    auto it = data.layouts.find(u.id);
    ASSERT_NE(it, data.layouts.end());
    const Layout& l = it->second;
    const bool index = u.matrix == "K";
    const MMat mat = u.matrix == "A" || index ? MMat::A : u.matrix == "B" ? MMat::B : MMat::CD;
    const bool neg_mode = (d->flags & F_MFMA_NEG) != 0;
    const MType t = mat == MMat::A ? f.a : mat == MMat::B ? f.b : f.cd;
    // A sparse A cell holds a group's two stored values; an index cell 4 bits.
    const int width = index ? 4 : mtypeBits(t) * (f.sparse && mat == MMat::A ? 2 : 1);
    // The negation GFX940's f64 rows read from BLGP: A bit 0, B bit 1, C bit 2.
    const int neg_bit = mat == MMat::A ? 1 : mat == MMat::B ? 2 : u.matrix == "C" ? 4 : 0;
    std::set<std::tuple<int, int, int>> seen;
    for (const auto& [lane, cells] : l.lanes)
      for (size_t c = 0; c < cells.size(); ++c) {
        const Cell& col = l.cols[c];
        for (const Elem& e : elems(cells[c])) {
          EXPECT_TRUE(seen.insert({e.b, e.row, e.col}).second)
              << "element " << e.b << "." << e.row << "." << e.col << " twice";
          MLoc at = index ? smfmacIndexLoc(f, e.row, e.col, u.cbsz, u.abid)
                          : mfmaLoc(f, mat, e.b, e.row, e.col);
          // SMFMAC's CBSZ/ABID choose the index set, not A's block.
          if (mat == MMat::A && !f.sparse) at.lane = mfmaASourceLane(f, at.lane, u.cbsz, u.abid);
          if (mat == MMat::B && !neg_mode) at.lane = mfmaBSourceLane(at.lane, u.blgp);
          EXPECT_EQ(at.reg, col.gpr) << "element " << e.b << "." << e.row << "." << e.col;
          EXPECT_EQ(at.bit, col.lo) << "element " << e.b << "." << e.row << "." << e.col;
          EXPECT_EQ(at.lane, lane) << "element " << e.b << "." << e.row << "." << e.col;
          EXPECT_EQ(width, col.width);
          EXPECT_EQ(e.neg, neg_mode && (u.blgp & neg_bit) != 0);
          ++checked;
        }
      }
    const int rows = mat == MMat::B ? f.k : f.m, cols = mat == MMat::A ? f.k : f.n;
    EXPECT_EQ(seen.size(), size_t(f.blocks * rows * cols)) << "elements of the matrix";
    checked_insts.insert(u.arch + " " + u.mnemonic);
  }
  EXPECT_TRUE(missing.empty()) << "calculator instructions with no MFMA row: " << *missing.begin();
  // gfx908 20, gfx90a 27, gfx940 46 of which 14 SMFMAC.
  EXPECT_EQ(checked_insts.size(), 20u + 27u + 46u);
  EXPECT_EQ(sparse_insts.size(), 14u);
  std::printf("checked %d element positions of %zu instructions (%zu of them SMFMAC)\n",
              checked, checked_insts.size(), sparse_insts.size());
}

}  // namespace
}  // namespace gcn
