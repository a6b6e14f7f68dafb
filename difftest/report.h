// Reports of differential runs: a summary for the terminal, markdown and
// JSON with counts per class and one example each.
#pragma once

#include <string>
#include <vector>

#include "difftest/run.h"

namespace gcn::difftest {

std::string summaryText(const std::vector<DiffResult>& runs);
std::string markdownReport(const std::vector<DiffResult>& runs);
std::string jsonReport(const std::vector<DiffResult>& runs);

}  // namespace gcn::difftest
