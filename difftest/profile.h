// Tool profiles: each tool's known conventions, as rows like errata. A
// convention is how a tool does something on purpose or by long habit
// (prints fields the instruction ignores, decodes codes that name no
// register, spells a modifier its own way) as opposed to a disagreement
// about the ISA. `gcnref diff` reports a cause that a row of the tool's
// profile covers as "tool convention: ID", apart from errata and NEW.
//
// Rows live in difftest/profiles/<tool>.inc as
//
//   GCN_CONVENTION(ID, "tools", gens, "kind", "cause", "instructions",
//                  FINDING, "what the tool does", "evidence")
//
// * tools: space-separated profile names, '*' a wildcard ("llvm-mc-1[45]"
//   is not supported; write "llvm-mc-14 llvm-mc-15").
// * kind: a kind name (finding.h kindName), '*' wildcards allowed.
// * cause: a pattern over the cause's encoding and detail ("VOP3 [VOP3.OP_SEL]",
//   "* too many operands for <inst> (unexpected 'vopN')"), '*' wildcards.
// * instructions: space-separated mnemonic patterns, or "*".
// * cause alternatives are separated by " | "; kind alternatives by blanks.
// * FINDING: CONVENTION (a choice, nothing to report), TOOL_BUG (the tool
//   is wrong by the spec and llvm-mc; listed in the findings file), or
//   SPEC_SIDE (the tool follows the spec where gcnref follows llvm-mc:
//   `what` names the erratum, and the cause is reported as one).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "difftest/finding.h"
#include "isa/gen.h"

namespace gcn::difftest {

enum class ConventionKind : uint8_t { CONVENTION, TOOL_BUG, SPEC_SIDE };

struct Convention {
  std::string_view id;
  std::string_view tools;
  GenMask gens;
  std::string_view kind;
  std::string_view cause;
  std::string_view instructions;
  ConventionKind finding;
  std::string_view what;
  std::string_view evidence;
};

const std::vector<Convention>& conventions();

// The first row of `profile`'s conventions that covers a finding of
// generation g, kind k, cause `enc + " " + detail`, on instruction
// `mnemonic`; nullptr when none does.
const Convention* matchConvention(std::string_view profile, Gen g, Kind k, std::string_view enc,
                                  std::string_view detail, std::string_view mnemonic);

// '*' matches any run of characters (including none); everything else
// itself.
bool globMatch(std::string_view pattern, std::string_view text);

// The profile names that have rows ("clrx", "llvm-mc-16", ...).
std::vector<std::string> profileNames();

}  // namespace gcn::difftest
