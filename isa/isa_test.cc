// Consistency of the ISA tables: the checks a TableGen backend would make.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "isa/errata.h"
#include "isa/index.h"
#include "isa/inst.h"
#include "isa/inst_desc.h"
#include "isa/processors.h"
#include "isa/registers.h"
#include "isa/target.h"
#include "isa/target_testing.h"

namespace gcn {
namespace {

const char* kCpus[] = {"gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx908"};

TEST(Processors, NamesAndAliasesMapToGenerations) {
  struct Case {
    const char* name;
    Gen gen;
  } cases[] = {{"tahiti", Gen::GFX6},  {"gfx601", Gen::GFX6},    {"bonaire", Gen::GFX7},
               {"hawaii", Gen::GFX7},  {"kaveri", Gen::GFX7},    {"fiji", Gen::GFX8},
               {"polaris10", Gen::GFX8}, {"stoney", Gen::GFX8},  {"gfx900", Gen::GFX9},
               {"gfx906", Gen::GFX9},  {"gfx909", Gen::GFX9},    {"gfx90c", Gen::GFX9},
               {"hainan", Gen::GFX6},  {"gfx705", Gen::GFX7},    {"tongapro", Gen::GFX8},
               {"gfx908", Gen::GFX9},  {"gfx90a", Gen::GFX90A}};
  for (const Case& c : cases) {
    Target t;
    std::string err;
    ASSERT_TRUE(targetFromName(c.name, &t, &err)) << c.name << ": " << err;
    EXPECT_EQ(t.gen, c.gen) << c.name;
  }
  Target t;
  std::string err;
  EXPECT_FALSE(targetFromName("gfx1030", &t, &err));
  EXPECT_NE(err.find("unknown processor"), std::string::npos);
}

// The CDNA3 processors are one generation (GFX940) with the MFMA features,
// and no processor of AMDGPUUsage's GFX6-GFX9 list is refused any more.
TEST(Processors, CdnaThreeProcessorsAreGfx940) {
  for (const char* name : {"gfx940", "gfx941", "gfx942"}) {
    Target t;
    std::string err;
    ASSERT_TRUE(targetFromName(name, &t, &err)) << name << ": " << err;
    EXPECT_EQ(t.gen, Gen::GFX940) << name;
    EXPECT_TRUE(t.features & kFeatMai) << name;
    const Processor* p = findProcessor(name);
    ASSERT_NE(p, nullptr) << name;
    EXPECT_TRUE(p->supported());
    EXPECT_EQ(findProcessorByMach(p->mach), p) << name;
  }
  for (const Processor* p = processorsBegin(); p != processorsEnd(); ++p)
    EXPECT_TRUE(p->supported()) << p->name << ": " << p->refusal;
}

// Every EF_AMDGPU_MACH value names one processor, and the processors with
// a GFX9 instruction set newer than AMDGPUUsage's first table carry the
// values llvm-mc-19 writes (gfx90c 0x32, gfx90a 0x3f, gfx940 0x40, ...).
TEST(Processors, MachValuesAreDistinct) {
  for (const Processor* p = processorsBegin(); p != processorsEnd(); ++p)
    EXPECT_EQ(findProcessorByMach(p->mach), p) << p->name;
  EXPECT_EQ(findProcessor("gfx90c")->mach, 0x032);
  EXPECT_EQ(findProcessor("gfx90a")->mach, 0x03f);
  EXPECT_EQ(findProcessor("gfx942")->mach, 0x04c);
}

// Tests name processors through targetOrDie: a misspelt one stops the
// binary with the name, never runs on a default Target.
TEST(Processors, TargetOrDieStopsOnAnUnknownName) {
  EXPECT_EQ(targetOrDie("fiji").gen, Gen::GFX8);
  EXPECT_DEATH(targetOrDie("gfx9000"), "targetOrDie\\(\"gfx9000\"\\): .*unknown processor");
}

TEST(Processors, Gfx906HasDotInstructionsAndGfx900DoesNot) {
  Target t900, t906;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t900, &err));
  ASSERT_TRUE(targetFromName("gfx906", &t906, &err));
  int dot = 0;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) {
    if (!(d->flags & F_FEAT_DOT)) continue;
    ++dot;
    EXPECT_FALSE(t900.has(*d)) << d->mnemonic;
    EXPECT_TRUE(t906.has(*d) || !d->exists(Gen::GFX9)) << d->mnemonic;
  }
  EXPECT_GT(dot, 5);
}

TEST(Tables, EveryEncodingHasRowsOnItsGenerations) {
  std::map<Enc, int> rows;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) ++rows[d->enc];
  for (Enc e : {Enc::SOP2, Enc::SOPK, Enc::SOP1, Enc::SOPC, Enc::SOPP, Enc::SMRD, Enc::SMEM,
                Enc::VOP2, Enc::VOP1, Enc::VOPC, Enc::VOP3, Enc::VOP3B, Enc::VOP3P, Enc::VINTRP,
                Enc::DS, Enc::MUBUF, Enc::MTBUF, Enc::MIMG, Enc::EXP, Enc::FLAT})
    EXPECT_GT(rows[e], 0) << encName(e);
}

// No two rows available on the same processor may claim the same opcode of
// the same encoding space (decode would be ambiguous).
TEST(Tables, OpcodesAreUniquePerTarget) {
  for (const char* cpu : kCpus) {
    Target t;
    std::string err;
    ASSERT_TRUE(targetFromName(cpu, &t, &err));
    std::map<std::pair<int, int>, std::string> seen;
    for (int id = 0; id < numInsts(); ++id) {
      const InstDesc& d = instDesc(id);
      if (!t.has(d)) continue;
      Enc space = opcodeSpace(d.enc);
      // GLOBAL/SCRATCH share FLAT's opcode space but differ by SEG.
      int seg = ((d.flags & F_GLOBAL) ? 1 : (d.flags & F_SCRATCH) ? 2 : 0) +
                ((d.flags & F_LDS_DIRECT) ? 8 : 0);
      auto key = std::make_pair(int(space) * 16 + seg, int(d.op[int(t.gen)]));
      auto [it, fresh] = seen.emplace(key, std::string(d.mnemonic));
      EXPECT_TRUE(fresh) << cpu << ": " << d.mnemonic << " and " << it->second << " share "
                         << encName(space) << " opcode " << d.op[int(t.gen)];
      bool vshort = d.enc == Enc::VOP1 || d.enc == Enc::VOP2 || d.enc == Enc::VOPC;
      if (vshort && !(d.flags & F_NO_E64)) {
        auto k3 = std::make_pair(int(Enc::VOP3) * 16, e64Opcode(d, t.gen));
        auto [it3, fresh3] = seen.emplace(k3, std::string(d.mnemonic) + "_e64");
        EXPECT_TRUE(fresh3) << cpu << ": " << d.mnemonic << "_e64 and " << it3->second
                            << " share VOP3 opcode " << e64Opcode(d, t.gen);
      }
    }
  }
}

// Field layouts: inside the instruction, no two fields overlap (except the
// documented aliases), the opcode field holds every opcode of the encoding.
TEST(Tables, FieldLayoutsFitAndDoNotOverlap) {
  for (int g = 0; g < kNumGens; ++g) {
    const GenIndex& gi = genIndex(Gen(g));
    for (int e = 0; e < kNumEncs; ++e) {
      const EncIndex& ei = gi.enc[e];
      if (!ei.present) continue;
      unsigned limit = (Enc(e) == Enc::SDWA || Enc(e) == Enc::DPP) ? 64 : ei.dwords * 32u;
      std::map<unsigned, Fld> owner;
      for (const FieldSlot& s : ei.fields) {
        EXPECT_LE(unsigned(s.lo) + s.width, limit)
            << genName(Gen(g)) << " " << encName(Enc(e)) << "." << fldName(s.fld);
        for (unsigned b = s.lo; b < unsigned(s.lo) + s.width; ++b) {
          auto [it, fresh] = owner.emplace(b, s.fld);
          bool alias = it->second == s.fld ||
                       // DS OFFSET is OFFSET1:OFFSET0 for single-offset ops.
                       ((it->second == Fld::OFFSET || s.fld == Fld::OFFSET) &&
                        (it->second == Fld::OFFSET0 || it->second == Fld::OFFSET1 ||
                         s.fld == Fld::OFFSET0 || s.fld == Fld::OFFSET1));
          // GFX9 VOPC_SDWA puts SDST/SD where VOP1/VOP2 SDWA has
          // DST_SEL/DST_UNUSED/CLAMP/OMOD; the row's encoding picks one.
          bool sdwa_vopc = Enc(e) == Enc::SDWA && (s.fld == Fld::SDST || s.fld == Fld::SD ||
                                                  it->second == Fld::SDST || it->second == Fld::SD);
          EXPECT_TRUE(fresh || alias || sdwa_vopc)
              << genName(Gen(g)) << " " << encName(Enc(e)) << " bit " << b << ": "
              << fldName(it->second) << " and " << fldName(s.fld);
        }
      }
    }
  }
}

// SEG and RESERVED are bits of the word an Inst does not store: the
// decoder writes neither, and fieldValue gives the value each implies.
TEST(Tables, UnstoredFieldsAreDerived) {
  int flat_rows = 0;
  for (int g = 0; g < kNumGens; ++g) {
    const GenIndex& gi = genIndex(Gen(g));
    for (int e = 0; e < kNumEncs; ++e) {
      const EncIndex& ei = gi.enc[e];
      for (const FieldOp& o : ei.ops) EXPECT_TRUE(isStoredFld(o.fld)) << fldName(o.fld);
      for (const EncIndex::LinOp& o : ei.lin) EXPECT_TRUE(isStoredFld(o.fld)) << fldName(o.fld);
      for (const FieldOp& o : ei.rest) EXPECT_TRUE(isStoredFld(o.fld)) << fldName(o.fld);
      uint64_t reserved = 0;
      for (const FieldSlot& s : ei.fields)
        if (s.fld == Fld::RESERVED) reserved |= ((1ull << s.width) - 1) << s.lo;
      EXPECT_EQ(ei.reserved_mask, reserved) << genName(Gen(g)) << " " << encName(Enc(e));
    }
  }
  for (int id = 0; id < numInsts(); ++id) {
    Inst in;
    in.id = uint16_t(id);
    const InstDesc& d = instDesc(id);
    EXPECT_EQ(fieldValue(in, Fld::RESERVED), 0);
    const int seg = fieldValue(in, Fld::SEG);
    if (d.enc != Enc::FLAT) {
      EXPECT_EQ(seg, 0) << d.mnemonic;
      continue;
    }
    ++flat_rows;
    EXPECT_EQ(seg, (d.flags & F_GLOBAL) ? 2 : (d.flags & F_SCRATCH) ? 1 : 0) << d.mnemonic;
  }
  EXPECT_GT(flat_rows, 100);
}

TEST(Errata, IdsAreUniqueAndRowsComplete) {
  std::set<std::string> ids;
  int n = 0;
  for (const Erratum* e = errataBegin(); e != errataEnd(); ++e) {
    ++n;
    EXPECT_TRUE(ids.insert(std::string(e->id)).second) << "duplicate erratum " << e->id;
    EXPECT_FALSE(e->subject.empty()) << e->id;
    EXPECT_FALSE(e->evidence.empty()) << e->id;
    EXPECT_FALSE(e->why.empty()) << e->id;
    EXPECT_NE(e->gens, 0) << e->id;
  }
  EXPECT_GT(n, 20);
  const Erratum* movk = findErratum("SOPK_MOVK_OPERATION");
  ASSERT_NE(movk, nullptr);
}

TEST(Registers, NamesRoundTripThroughTheParser) {
  for (Gen g : {Gen::GFX6, Gen::GFX7, Gen::GFX8, Gen::GFX9}) {
    for (int dw : {1, 2, 4, 8, 16}) {
      for (int code = 0; code < 256; ++code) {
        std::string name;
        if (!appendScalarRegName(g, code, dw, &name)) continue;
        int c2 = -1, dw2 = 0;
        size_t used = 0;
        ASSERT_TRUE(parseRegName(g, name, &c2, &dw2, &used)) << name;
        EXPECT_EQ(c2, code) << name;
        // Apertures and src_vccz/... name one value that 64-bit operands
        // read too; the parser reports them as 1 dword.
        if (name.rfind("src_", 0) != 0) {
          EXPECT_EQ(dw2, dw) << name;
        }
        EXPECT_EQ(used, name.size()) << name;
      }
    }
  }
}

TEST(Registers, GenerationSpecificNames) {
  std::string s;
  EXPECT_TRUE(appendScalarRegName(Gen::GFX7, 104, 2, &s));
  EXPECT_EQ(s, "flat_scratch");
  s.clear();
  EXPECT_TRUE(appendScalarRegName(Gen::GFX8, 102, 2, &s));
  EXPECT_EQ(s, "flat_scratch");
  s.clear();
  EXPECT_TRUE(appendScalarRegName(Gen::GFX9, 108, 4, &s));
  EXPECT_EQ(s, "ttmp[0:3]");
  s.clear();
  EXPECT_TRUE(appendScalarRegName(Gen::GFX8, 112, 1, &s));
  EXPECT_EQ(s, "ttmp0");
  s.clear();
  EXPECT_FALSE(appendScalarRegName(Gen::GFX6, 235, 1, &s));  // apertures: GFX9 only
  EXPECT_TRUE(appendScalarRegName(Gen::GFX9, 235, 1, &s));
  EXPECT_EQ(s, "src_shared_base");
  EXPECT_FALSE(isInlineConstant(Gen::GFX7, 248));  // 1/(2*pi): GFX8+
  EXPECT_TRUE(isInlineConstant(Gen::GFX8, 248));
  EXPECT_EQ(inlineFloatBits(248, 32), 0x3E22F983u);
}

}  // namespace
}  // namespace gcn
