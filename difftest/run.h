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
  long procs = 0;
  // Agreement over inputs at least one side accepts (both-reject excluded).
  double agreement() const {
    long n = inputs - agree_reject - lost;
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

struct DiffResult {
  std::string cpu, tool;
  Gen gen = Gen::GFX9;
  DirectionStats decode, encode;
  std::vector<FindingClass> classes;  // sorted by signature
  double seconds = 0;
  long newClasses() const;
  long knownClasses() const;
  long selfCheckClasses() const;  // gcnref bugs found on the way (not counted as new)
};

DiffResult runDiff(const DiffOptions& o);

// Pinning the class examples down: fields reset to the row's base value
// while the finding persists; the ones it needs become `essential`.
void minimiseClasses(const Target& t, std::vector<FindingClass>* classes,
                     const std::function<std::vector<ToolAnswer>(const std::vector<Input>&, bool)>& ask);

}  // namespace gcn::difftest
