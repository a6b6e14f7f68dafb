// Judging one input: our decoder/printer/parser/encoder against the tool's
// answer, compared as Insts (their text parsed back with our parser), not
// as strings.
#pragma once

#include "difftest/finding.h"
#include "difftest/tool.h"

namespace gcn::difftest {

enum class Verdict : uint8_t { AGREE_ACCEPT, AGREE_REJECT, DIFFER, LOST };

// bytes -> our Inst vs bytes -> their text -> our parser -> Inst.
Verdict compareDecode(const Target& t, const Input& in, const ToolAnswer& a, Finding* f);

// The text we print for `in` (which we decode) -> their bytes vs ours.
// *line gets the text to send; call with a == nullptr first to get it.
bool encodeLine(const Target& t, const Input& in, std::string* line);
Verdict compareEncode(const Target& t, const Input& in, const ToolAnswer& a, Finding* f);

// Inst fields that differ, named ENC.FIELD with the raw bits of both words.
// The tool's own disassembly `text` of `in`, which the tool assembles to
// `a.bytes`: true when our assembler gives the same bytes; else `f` says how not.
// `read` is `text` in gcnref's syntax (the same for llvm-mc).
bool compareReassembly(const Target& t, const Input& in, const std::string& text,
                       const std::string& read, const ToolAnswer& a, Finding* f);

// Sets f->enc from the input word's prefix (and, for VOP1/VOP2/VOPC, its
// SDWA/DPP marker): the encoding a cause is grouped under.
void nameEncoding(const Target& t, Finding* f);

std::vector<FieldDiff> instDiff(const Target& t, const Inst& ours, const Inst& theirs,
                                const std::vector<uint8_t>& our_bytes,
                                const std::vector<uint8_t>& their_bytes);

}  // namespace gcn::difftest
