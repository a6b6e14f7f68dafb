// Reports of differential runs: a summary for the terminal, markdown and
// JSON. The unit is the root cause (run.h CauseClass) with its status, the
// instructions it covers and an example; the per-instruction classes are
// the detail (markdown with by_instruction, and always in the JSON).
#pragma once

#include <string>
#include <vector>

#include "difftest/run.h"

namespace gcn::difftest {

std::string summaryText(const std::vector<DiffResult>& runs);
std::string markdownReport(const std::vector<DiffResult>& runs, bool by_instruction = false);
std::string jsonReport(const std::vector<DiffResult>& runs);
// The causes a tool's profile calls its bugs (TOOL_BUG rows), each with
// the row's account and one-line reproducers (input, the tool's answer,
// gcnref's and what the spec says), for the tool's maintainers.
std::string findingsReport(const std::vector<DiffResult>& runs);

}  // namespace gcn::difftest
