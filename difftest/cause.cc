#include "difftest/cause.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

namespace gcn::difftest {
namespace {

bool isMismatch(Kind k) {
  return k == Kind::DECODE_MISMATCH || k == Kind::ENCODE_MISMATCH || k == Kind::REASM_MISMATCH;
}

std::string firstWord(const std::string& text) {
  size_t a = 0;
  while (a < text.size() && std::isspace(static_cast<unsigned char>(text[a]))) ++a;
  size_t b = a;
  while (b < text.size() && !std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  return text.substr(a, b - a);
}

// Field names without the values: "VOP3.CLAMP", "token:vopN". A decode-text
// finding's tokens are the other side's spelling, which the message
// already stands for; only mismatches and our refusals name fields.
std::string fieldList(const Finding& f) {
  std::set<std::string> names;
  for (const FieldDiff& d : f.fields) names.insert(d.name);
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ",") + n;
  return "[" + s + "]";
}

}  // namespace

std::string shapeMessage(std::string_view message, const std::vector<std::string>& names) {
  std::string m(message);
  // Where in our generated batch the tool stopped means nothing to a reader.
  static const std::regex kPositions(
      R"((our parser: )?column \d+: |\S*gcnref-diff-\S*?:\d+:\d+: |<stdin>:\d+:\d+: |exit \d+: )");
  m = std::regex_replace(m, kPositions, "");
  for (const std::string& n : names) {
    if (n.size() < 2) continue;
    for (size_t p; (p = m.find(n)) != std::string::npos;) m.replace(p, n.size(), "<inst>");
  }
  static const std::regex kHex(R"(0x[0-9a-fA-F]+)");
  m = std::regex_replace(m, kHex, "0x0");
  std::string out = shapeOf(m);
  // One line, bounded: a message is a reason, not a transcript.
  if (size_t nl = out.find('\n'); nl != std::string::npos) out.resize(nl);
  if (out.size() > 160) out.resize(160);
  return out;
}

std::string encodingFamily(const Finding& f) { return f.enc.empty() ? "?" : f.enc; }

std::string causeDetail(const Finding& f) {
  if (isMismatch(f.kind)) return fieldList(f);
  if (isCrash(f.kind)) return f.fields.empty() ? "" : f.fields[0].name;
  std::vector<std::string> names = {f.mnemonic, mnemonicStem(f.mnemonic)};
  if (!f.their_text.empty()) {
    names.push_back(firstWord(f.their_text));
    names.push_back(mnemonicStem(firstWord(f.their_text)));
  }
  if (!f.ours_text.empty()) names.push_back(firstWord(f.ours_text));
  // Longest first, so a stem never cuts a longer name in half.
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::string why = shapeMessage(f.message, names);
  // Which field our decoder objects to tells refusals of one message apart
  // (an SGPR code in SRSRC and a VGPR code in SDWA.SRC0 are two rules).
  if (f.kind == Kind::DECODE_WE_REJECT && !f.fields.empty()) why += " " + fieldList(f);
  return why;
}

std::string causeOf(const Finding& f) {
  return std::string(kindName(f.kind)) + " " + encodingFamily(f) + " " + causeDetail(f);
}

}  // namespace gcn::difftest
