// The root cause a finding is an instance of: a rule, not an instruction.
// Two findings share a cause when they are of one kind, in one encoding,
// and differ in the same fields (mismatches) or fail for the same reason
// (the refusing side's message with the instruction's name, numbers and
// registers shaped away). A run against a tool then gives one class per
// cause, with the instructions it covers listed inside.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "difftest/finding.h"

namespace gcn::difftest {

// The encoding family of the finding's instruction as the report names it:
// "VOP2", "VOP3", "SDWA", "DPP", "MUBUF", ...; "?" when neither side's
// text names a row of ours.
std::string encodingFamily(const Finding& f);

// The part of the cause after kind and encoding: "[VOP3.CLAMP]" for a
// field mismatch, the shaped message for a refusal ("too many operands
// for <inst> (unexpected 'vopN')").
std::string causeDetail(const Finding& f);

// "decode.text VOP3 too many operands for <inst> (unexpected 'vopN')".
std::string causeOf(const Finding& f);

// A message with what varies between instances taken out: the column
// and temporary-file positions, the given names (-> "<inst>"), and digits
// (-> N, as shapeOf).
std::string shapeMessage(std::string_view message, const std::vector<std::string>& names);

}  // namespace gcn::difftest
