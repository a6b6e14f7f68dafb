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
#include "difftest/profile.h"
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

// The findings of one instruction and difference (the signature): the unit
// of minimisation and of the per-instruction detail.
struct FindingClass {
  std::string signature;
  Finding example;            // first seen, minimised when possible
  long count = 0;
  long by_origin[3] = {0, 0, 0};
  const Erratum* erratum = nullptr;        // a known spec/peer disagreement
  const Convention* convention = nullptr;  // else a row of the tool's profile
  std::vector<FieldDiff> essential;  // fields the finding needs (minimisation)
  bool minimised = false;
  std::string cause;  // causeOf(example + essential): the root-cause class
};

enum class Status : uint8_t { NEW, ERRATUM, CONVENTION, TOOL_BUG, ILLEGAL_WORD };
std::string_view statusName(Status s);

// One root cause: the unit of reporting and of the exit status. Either a
// row of the errata or of the tool's profile (cause = its id) with every
// finding it explains, or a computed cause (cause.h) that nothing explains
// (NEW), or an illegal word.
struct CauseClass {
  std::string cause;
  Status status = Status::NEW;
  std::vector<std::string> causes;  // the members' computed causes
  long count = 0;
  std::vector<size_t> members;  // indices into DiffResult::classes, by count
  // The erratum or profile row that explains it (= cause), "" when none.
  std::string resolution() const;
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
  std::string device;                 // the tool's name for cpu ({device})
  std::string disasm_cmd, asm_cmd;    // the tool's command templates
  Gen gen = Gen::GFX9;
  DirectionStats decode, encode;
  ReassemblyStats reasm;
  std::vector<FindingClass> classes;  // per instruction, sorted by signature
  std::vector<CauseClass> causes;     // by status (NEW first), then count
  double seconds = 0;
  long causesWith(Status s) const;
  long newClasses() const { return causesWith(Status::NEW); }
  long newFindings() const { return newClasses(); }
  long knownClasses() const { return causesWith(Status::ERRATUM); }
  long conventionClasses() const {
    return causesWith(Status::CONVENTION) + causesWith(Status::TOOL_BUG);
  }
  long illegalWordClasses() const { return causesWith(Status::ILLEGAL_WORD); }
};

// Groups res->classes into res->causes (after errata and profile matching).
void groupCauses(DiffResult* res);

DiffResult runDiff(const DiffOptions& o);

// Pinning the class examples down: fields reset to the row's base value
// while the finding persists; the ones it needs become `essential`.
void minimiseClasses(const Target& t, std::vector<FindingClass>* classes,
                     const std::function<std::vector<ToolAnswer>(const std::vector<Input>&, bool)>& ask);

}  // namespace gcn::difftest
