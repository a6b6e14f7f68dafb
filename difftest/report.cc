#include "difftest/report.h"

#include <cstdio>

namespace gcn::difftest {
namespace {

std::string hexBytes(const std::vector<uint8_t>& b) {
  std::string s;
  char buf[8];
  for (size_t i = 0; i < b.size(); ++i) {
    std::snprintf(buf, sizeof buf, i ? ",0x%02x" : "0x%02x", b[i]);
    s += buf;
  }
  return s;
}

std::string fmt(const char* f, double v) {
  char b[32];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

std::string direction(const char* name, const DirectionStats& d) {
  if (!d.ran) return std::string("  ") + name + ": not run" + (d.note.empty() ? "" : " (" + d.note + ")") + "\n";
  return std::string("  ") + name + ": " + std::to_string(d.inputs) + " inputs, " +
         fmt("%.2f", d.agreement()) + "% agreement (" + std::to_string(d.agree_accept) +
         " agree, " + std::to_string(d.agree_reject) + " both reject, " + std::to_string(d.differ) +
         " differ, " + std::to_string(d.crashes) + " crash/hang, " + std::to_string(d.lost) +
         " lost), " + std::to_string(d.procs) + " tool processes\n" +
         "    of the " + std::to_string(d.toolAccepts()) + " inputs the tool accepts: " +
         std::to_string(d.agree_accept) + " same (" + fmt("%.2f", d.toolAgreement()) + "%" +
         (name == std::string("decode") ? ", " + std::to_string(d.same_text) + " of them the same text" : std::string()) +
         ")" + (d.tool_flagged ? ", " + std::to_string(d.tool_flagged) + " more it prints but marks invalid" : std::string()) +
         "; the rest in the classes below\n";
}

std::string md(std::string s) {
  std::string r;
  for (char c : s) r += c == '|' ? std::string("\\|") : c == '`' ? std::string("'") : std::string(1, c);
  return r;
}

std::string json(const std::string& s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') r += '\\', r += char(c);
    else if (c == '\n') r += "\\n";
    else if (c == '\t') r += "\\t";
    else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      r += b;
    } else r += char(c);
  }
  return r + "\"";
}

std::string jsonDir(const DirectionStats& d) {
  return "{\"ran\": " + std::string(d.ran ? "true" : "false") + ", \"note\": " + json(d.note) +
         ", \"inputs\": " + std::to_string(d.inputs) + ", \"agree_accept\": " +
         std::to_string(d.agree_accept) + ", \"agree_reject\": " + std::to_string(d.agree_reject) +
         ", \"differ\": " + std::to_string(d.differ) + ", \"crashes\": " + std::to_string(d.crashes) +
         ", \"lost\": " + std::to_string(d.lost) + ", \"processes\": " + std::to_string(d.procs) +
         ", \"they_reject\": " + std::to_string(d.they_reject) +
         ", \"agreement_percent\": " + fmt("%.3f", d.agreement()) +
         ", \"tool_flagged\": " + std::to_string(d.tool_flagged) + ", \"same_text\": " + std::to_string(d.same_text) + ", \"tool_accepts\": " + std::to_string(d.toolAccepts()) +
         ", \"tool_agreement_percent\": " + fmt("%.3f", d.toolAgreement()) + "}";
}

std::string jsonFields(const std::vector<FieldDiff>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += std::string(i ? ", " : "") + "{\"field\": " + json(v[i].name) + ", \"ours\": " + json(v[i].ours) +
         ", \"theirs\": " + json(v[i].theirs) + ", \"raw\": " + json(v[i].raw) + "}";
  return s + "]";
}

}  // namespace

std::string summaryText(const std::vector<DiffResult>& runs) {
  std::string s;
  long fresh = 0;
  for (const DiffResult& r : runs) {
    s += r.cpu + " (" + std::string(genName(r.gen)) + ") vs " + r.tool + ", " + fmt("%.1f", r.seconds) + " s\n";
    s += direction("decode", r.decode);
    s += direction("encode", r.encode);
    if (r.reasm.ran) {
      s += "  reassembly of the tool's own disassembly: " + std::to_string(r.reasm.tool_assembles) +
           " texts the tool assembles, " + std::to_string(r.reasm.same) + " same bytes from gcnref (" +
           fmt("%.2f", r.reasm.agreement()) + "%), " + std::to_string(r.reasm.we_reject) +
           " we refuse, " + std::to_string(r.reasm.differ) + " differ (classes reasm.*)\n";
    }
    s += "  classes: " + std::to_string(r.knownClasses() + r.newClasses()) + " (" +
         std::to_string(r.knownClasses()) + " known, " + std::to_string(r.newClasses()) + " new)" +
         (r.illegalWordClasses() ? ", plus " + std::to_string(r.illegalWordClasses()) +
                                       " illegal-word class(es): both disassemble, both assemblers refuse the text"
                                 : std::string()) + "\n";
    int shown = 0;
    for (const FindingClass& c : r.classes) {
      if (c.erratum || isIllegalWord(c.example.kind) || shown >= 15) continue;
      ++shown;
      s += "    NEW " + c.signature + " x" + std::to_string(c.count) + ": " + hexBytes(c.example.bytes) +
           "\n        ours:   " + c.example.ours_text + "\n        theirs: " +
           (c.example.their_text.empty() ? c.example.message : c.example.their_text) + "\n";
    }
    if (r.newClasses() > shown) s += "    ... " + std::to_string(r.newClasses() - shown) + " more new classes (see --report)\n";
    fresh += r.newFindings();
  }
  s += fresh ? "diff: " + std::to_string(fresh) + " NEW disagreement(s)\n"
             : "diff: no new disagreement classes\n";
  return s;
}

std::string markdownReport(const std::vector<DiffResult>& runs) {
  std::string s = "# gcnref diff report\n\n";
  for (const DiffResult& r : runs) {
    s += "## " + r.cpu + " (" + std::string(genName(r.gen)) + ") vs " + r.tool + "\n\n";
    s += "```\n" + direction("decode", r.decode) + direction("encode", r.encode) + "```\n\n";
    s += "| class | count | origin s/r/m | status |\n| --- | ---: | --- | --- |\n";
    for (const FindingClass& c : r.classes)
      s += "| `" + md(c.signature) + "` | " + std::to_string(c.count) + " | " + std::to_string(c.by_origin[0]) +
           "/" + std::to_string(c.by_origin[1]) + "/" + std::to_string(c.by_origin[2]) + " | " +
           (isIllegalWord(c.example.kind) ? std::string("illegal word, both refuse") : c.erratum ? "known: " + std::string(c.erratum->id) : std::string("**NEW**")) + " |\n";
    s += "\n";
    for (const FindingClass& c : r.classes) {
      const Finding& e = c.example;
      s += "### " + md(c.signature) + "\n\n";
      s += "- status: " + (isIllegalWord(c.example.kind) ? std::string("illegal word: both disassemblers decode it, both assemblers refuse the text (see message)") : c.erratum ? "known (" + std::string(c.erratum->id) + ": " + md(std::string(c.erratum->llvm)).substr(0, 240) + ")" : std::string("**NEW**")) + "\n";
      s += "- count: " + std::to_string(c.count) + (c.minimised ? " (example minimised)" : "") + "\n";
      s += "- bytes: `" + hexBytes(e.bytes) + "`\n";
      s += "- ours: `" + md(e.ours_text) + "`" + (e.our_bytes.empty() ? "" : " `" + hexBytes(e.our_bytes) + "`") + "\n";
      s += "- theirs: `" + md(e.their_text) + "`" + (e.their_bytes.empty() ? "" : " `" + hexBytes(e.their_bytes) + "`") + "\n";
      if (!e.message.empty()) s += "- message: " + md(e.message.substr(0, 300)) + "\n";
      for (const FieldDiff& d : e.fields)
        s += "- field " + md(d.name) + ": ours " + md(d.ours) + ", theirs " + md(d.theirs) +
             (d.raw.empty() ? "" : " (" + md(d.raw) + ")") + "\n";
      for (const FieldDiff& d : c.essential) s += "- needs " + md(d.name) + " (" + md(d.raw) + ")\n";
      s += "\n";
    }
  }
  return s;
}

std::string jsonReport(const std::vector<DiffResult>& runs) {
  std::string s = "{\"version\": 1, \"runs\": [";
  for (size_t i = 0; i < runs.size(); ++i) {
    const DiffResult& r = runs[i];
    s += std::string(i ? ",\n" : "\n") + "{\"cpu\": " + json(r.cpu) + ", \"generation\": " +
         json(std::string(genName(r.gen))) + ", \"tool\": " + json(r.tool) + ", \"seconds\": " +
         fmt("%.2f", r.seconds) + ", \"decode\": " + jsonDir(r.decode) + ", \"encode\": " +
         jsonDir(r.encode) + ", \"known_classes\": " + std::to_string(r.knownClasses()) +
         ", \"new_classes\": " + std::to_string(r.newClasses()) + ", \"illegal_word_classes\": " + std::to_string(r.illegalWordClasses()) + ", \"classes\": [";
    for (size_t k = 0; k < r.classes.size(); ++k) {
      const FindingClass& c = r.classes[k];
      const Finding& e = c.example;
      s += std::string(k ? ",\n  " : "\n  ") + "{\"signature\": " + json(c.signature) + ", \"kind\": " +
           json(std::string(kindName(e.kind))) + ", \"mnemonic\": " + json(e.mnemonic) + ", \"form\": " +
           json(e.form) + ", \"count\": " + std::to_string(c.count) + ", \"by_origin\": {\"structured\": " +
           std::to_string(c.by_origin[0]) + ", \"random\": " + std::to_string(c.by_origin[1]) +
           ", \"mutation\": " + std::to_string(c.by_origin[2]) + "}, \"erratum\": " +
           (c.erratum ? json(std::string(c.erratum->id)) : std::string("null")) + ", \"minimised\": " +
           (c.minimised ? "true" : "false") + ", \"example\": {\"bytes\": " + json(hexBytes(e.bytes)) +
           ", \"ours\": " + json(e.ours_text) + ", \"theirs\": " + json(e.their_text) + ", \"our_bytes\": " +
           json(hexBytes(e.our_bytes)) + ", \"their_bytes\": " + json(hexBytes(e.their_bytes)) +
           ", \"message\": " + json(e.message) + ", \"fields\": " + jsonFields(e.fields) +
           "}, \"essential\": " + jsonFields(c.essential) + "}";
    }
    s += "]}";
  }
  return s + "\n]}\n";
}

}  // namespace gcn::difftest
