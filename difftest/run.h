// A differential run against one tool on one target: generate inputs, run
// the tool in batches on worker processes, compare, group findings into
// classes, minimise them and classify them against the errata.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "difftest/finding.h"
#include "difftest/inputs.h"
#include "difftest/tool.h"
#include "isa/errata.h"

namespace gcn::difftest {

struct DiffOptions {
  ToolConfig tool;
  Target target;
  InputOptions inputs;
  int jobs = 1;
  bool decode = true, encode = true, accept = true;  // --direction
  bool minimise = true;
  bool progress = true;  // progress lines on stderr
};

struct DirectionStats {
  bool ran = false;
  std::string note;  // why it did not run, or caveats
  long inputs = 0, agree_accept = 0, agree_reject = 0, differ = 0, lost = 0, crashes = 0;
  long they_reject = 0;  // differ: we accept, the tool rejects (crashes counted apart)
  long tool_flagged = 0;  // differ: the tool prints text but marks it invalid in a
                          // comment ('/*Invalid register...*/', '/* ... not supported */')
  long same_text = 0;    // agree_accept with identical text (whitespace aside), not
                         // merely two spellings of one instruction
  long procs = 0;
  // Agreement over inputs at least one side accepts (both-reject excluded).
  double agreement() const {
    long n = inputs - agree_reject - lost;
    return n > 0 ? 100.0 * double(agree_accept) / double(n) : 100.0;
  }
  // The measure: of the inputs the tool itself accepts (decodes, or
  // assembles), the share where both sides agree.
  long toolAccepts() const {
    return inputs - agree_reject - lost - they_reject - crashes - tool_flagged;
  }
  double toolAgreement() const {
    long n = toolAccepts();
    return n > 0 ? 100.0 * double(agree_accept) / double(n) : 100.0;
  }
};

struct FindingClass {
  std::string signature;
  Finding example;            // first seen, minimised when possible
  long count = 0;
  long by_origin[3] = {0, 0, 0};
  const Erratum* erratum = nullptr;  // nullptr: NEW
  std::vector<FieldDiff> essential;  // fields the finding needs (minimisation)
  bool minimised = false;
};

// The tool's own disassembly assembled by the tool and by gcnref: do both
// give the same bytes? (The issue's "asm reproduces llvm-mc's bytes for
// llvm-mc's own text"; texts the tool marks invalid are left out.)
struct ReassemblyStats {
  bool ran = false;
  long texts = 0, tool_assembles = 0, same = 0, we_reject = 0, differ = 0;
  long procs = 0;
  double agreement() const {
    return tool_assembles ? 100.0 * double(same) / double(tool_assembles) : 100.0;
  }
};

struct DiffResult {
  std::string cpu, tool;
  Gen gen = Gen::GFX9;
  DirectionStats decode, encode;
  ReassemblyStats reasm;
  std::vector<FindingClass> classes;  // sorted by signature
  double seconds = 0;
  long newClasses() const;
  long newFindings() const { return newClasses(); }
  long knownClasses() const;
  long illegalWordClasses() const;  // words both assemblers refuse to re-assemble (not new)
};

DiffResult runDiff(const DiffOptions& o);

// Pinning the class examples down: fields reset to the row's base value
// while the finding persists; the ones it needs become `essential`.
void minimiseClasses(const Target& t, std::vector<FindingClass>* classes,
                     const std::function<std::vector<ToolAnswer>(const std::vector<Input>&, bool)>& ask);

}  // namespace gcn::difftest
