#include "difftest/report.h"

#include <cstdio>
#include <map>

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

// "v_add_f32 (12), v_max_f32 (3) and 40 more": the instructions of a cause.
std::string instructionList(const DiffResult& r, const CauseClass& c, size_t limit) {
  std::string s;
  for (size_t i = 0; i < c.members.size() && i < limit; ++i) {
    const FindingClass& f = r.classes[c.members[i]];
    const std::string suffix = f.example.form == "native" || f.example.form == "?" ? "" : "_" + f.example.form;
    s += std::string(i ? ", " : "") + mnemonicStem(f.example.mnemonic) + suffix +
         (f.count > 1 ? " (" + std::to_string(f.count) + ")" : "");
  }
  if (c.members.size() > limit) s += " and " + std::to_string(c.members.size() - limit) + " more";
  return s;
}

std::string statusText(const CauseClass& c) {
  switch (c.status) {
    case Status::NEW: return "**NEW**";
    case Status::ERRATUM: return "erratum " + c.resolution();
    case Status::CONVENTION: return "tool convention " + c.resolution();
    case Status::TOOL_BUG: return "tool bug " + c.resolution();
    case Status::ILLEGAL_WORD: return "illegal word, both refuse";
  }
  return "?";
}

// What the erratum or profile row of a resolved cause says (every member
// shares it: groupCauses keys resolved classes by it).
std::string resolutionLine(const DiffResult& r, const CauseClass& c) {
  const FindingClass& f = r.classes[c.members[0]];
  if (f.erratum) return "- erratum " + std::string(f.erratum->id) + ": " + md(std::string(f.erratum->llvm)).substr(0, 240) + "\n";
  if (!f.convention) return "";
  return "- " + std::string(f.convention->finding == ConventionKind::TOOL_BUG    ? "tool bug "
                            : f.convention->finding == ConventionKind::SPEC_SIDE ? "spec side "
                                                                                 : "convention ") +
         std::string(f.convention->id) + ": " + md(std::string(f.convention->what)) + "\n";
}

std::string exampleLines(const FindingClass& c) {
  const Finding& e = c.example;
  std::string s;
  s += "- bytes: `" + hexBytes(e.bytes) + "`" + (c.minimised ? " (minimised)" : "") + "\n";
  s += "- ours: `" + md(e.ours_text) + "`" + (e.our_bytes.empty() ? "" : " `" + hexBytes(e.our_bytes) + "`") + "\n";
  s += "- theirs: `" + md(e.their_text) + "`" + (e.their_bytes.empty() ? "" : " `" + hexBytes(e.their_bytes) + "`") + "\n";
  if (!e.their_read.empty()) s += "- theirs read as: `" + md(e.their_read) + "`\n";
  if (!e.message.empty()) s += "- message: " + md(e.message.substr(0, 300)) + "\n";
  for (const FieldDiff& d : e.fields)
    s += "- field " + md(d.name) + ": ours " + md(d.ours) + ", theirs " + md(d.theirs) +
         (d.raw.empty() ? "" : " (" + md(d.raw) + ")") + "\n";
  for (const FieldDiff& d : c.essential) s += "- needs " + md(d.name) + " (" + md(d.raw) + ")\n";
  return s;
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
    s += "  causes: " + std::to_string(r.causes.size() - size_t(r.illegalWordClasses())) + " (" +
         std::to_string(r.causesWith(Status::CONVENTION)) + " tool convention, " +
         std::to_string(r.causesWith(Status::TOOL_BUG)) + " tool bug, " + std::to_string(r.knownClasses()) +
         " erratum, " + std::to_string(r.newClasses()) + " new) over " + std::to_string(r.classes.size()) +
         " instruction classes" +
         (r.illegalWordClasses() ? ", plus " + std::to_string(r.illegalWordClasses()) +
                                       " illegal-word cause(s): both disassemble, both assemblers refuse the text"
                                 : std::string()) + "\n";
    int shown = 0;
    for (const CauseClass& c : r.causes) {
      if (c.status != Status::NEW || shown >= 15) continue;
      ++shown;
      const Finding& e = r.classes[c.members[0]].example;
      s += "    NEW " + c.cause + " x" + std::to_string(c.count) + " in " + instructionList(r, c, 6) +
           "\n        e.g. " + hexBytes(e.bytes) + "\n        ours:   " + e.ours_text + "\n        theirs: " +
           (e.their_text.empty() ? e.message : e.their_text) + "\n" +
           (e.their_read.empty() ? std::string() : "        read:   " + e.their_read + "\n");
    }
    if (r.newClasses() > shown) s += "    ... " + std::to_string(r.newClasses() - shown) + " more new causes (see --report)\n";
    fresh += r.newFindings();
  }
  s += fresh ? "diff: " + std::to_string(fresh) + " NEW disagreement cause(s)\n"
             : "diff: no new disagreement causes\n";
  return s;
}

std::string markdownReport(const std::vector<DiffResult>& runs, bool by_instruction) {
  std::string s = "# gcnref diff report\n\n";
  for (const DiffResult& r : runs) {
    s += "## " + r.cpu + " (" + std::string(genName(r.gen)) + ") vs " + r.tool + "\n\n";
    s += "```\n" + direction("decode", r.decode) + direction("encode", r.encode) + "```\n\n";
    s += "| cause | status | findings | instructions |\n| --- | --- | ---: | --- |\n";
    for (const CauseClass& c : r.causes)
      s += "| `" + md(c.cause) + "` | " + statusText(c) + " | " + std::to_string(c.count) + " | " +
           md(instructionList(r, c, 4)) + " |\n";
    s += "\n";
    for (const CauseClass& c : r.causes) {
      s += "### " + md(c.cause) + "\n\n";
      s += "- status: " + statusText(c) + "\n" + resolutionLine(r, c);
      if (c.causes.size() > 1 || c.causes[0] != c.cause) {
        s += "- computed causes:";
        for (size_t k = 0; k < c.causes.size() && k < 12; ++k) s += std::string(k ? ";" : "") + " `" + md(c.causes[k]) + "`";
        if (c.causes.size() > 12) s += " and " + std::to_string(c.causes.size() - 12) + " more";
        s += "\n";
      }
      s += "- findings: " + std::to_string(c.count) + " in " + std::to_string(c.members.size()) +
           " instruction class(es): " + md(instructionList(r, c, 40)) + "\n";
      s += exampleLines(r.classes[c.members[0]]) + "\n";
    }
    if (!by_instruction) continue;
    s += "### Per instruction\n\n| class | count | origin s/r/m | cause |\n| --- | ---: | --- | --- |\n";
    for (const FindingClass& c : r.classes)
      s += "| `" + md(c.signature) + "` | " + std::to_string(c.count) + " | " + std::to_string(c.by_origin[0]) +
           "/" + std::to_string(c.by_origin[1]) + "/" + std::to_string(c.by_origin[2]) + " | `" + md(c.cause) + "` |\n";
    s += "\n";
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
         ", \"new_classes\": " + std::to_string(r.newClasses()) +
         ", \"convention_classes\": " + std::to_string(r.conventionClasses()) + ", \"illegal_word_classes\": " + std::to_string(r.illegalWordClasses()) + ", \"classes\": [";
    for (size_t k = 0; k < r.classes.size(); ++k) {
      const FindingClass& c = r.classes[k];
      const Finding& e = c.example;
      s += std::string(k ? ",\n  " : "\n  ") + "{\"signature\": " + json(c.signature) + ", \"kind\": " +
           json(std::string(kindName(e.kind))) + ", \"mnemonic\": " + json(e.mnemonic) + ", \"form\": " +
           json(e.form) + ", \"count\": " + std::to_string(c.count) + ", \"by_origin\": {\"structured\": " +
           std::to_string(c.by_origin[0]) + ", \"random\": " + std::to_string(c.by_origin[1]) +
           ", \"mutation\": " + std::to_string(c.by_origin[2]) + "}, \"erratum\": " +
           (c.erratum ? json(std::string(c.erratum->id)) : std::string("null")) + ", \"convention\": " +
           (c.convention ? json(std::string(c.convention->id)) : std::string("null")) + ", \"cause\": " +
           json(c.cause) + ", \"minimised\": " +
           (c.minimised ? "true" : "false") + ", \"example\": {\"bytes\": " + json(hexBytes(e.bytes)) +
           ", \"ours\": " + json(e.ours_text) + ", \"theirs\": " + json(e.their_text) + ", \"our_bytes\": " +
           json(hexBytes(e.our_bytes)) + ", \"their_bytes\": " + json(hexBytes(e.their_bytes)) +
           ", \"their_read\": " + json(e.their_read) + ", \"message\": " + json(e.message) +
           ", \"fields\": " + jsonFields(e.fields) +
           "}, \"essential\": " + jsonFields(c.essential) + "}";
    }
    s += "], \"causes\": [";
    for (size_t k = 0; k < r.causes.size(); ++k) {
      const CauseClass& c = r.causes[k];
      std::string insts;
      for (size_t m = 0; m < c.members.size(); ++m)
        insts += std::string(m ? ", " : "") + json(r.classes[c.members[m]].signature);
      s += std::string(k ? ",\n  " : "\n  ") + "{\"cause\": " + json(c.cause) + ", \"status\": " +
           json(std::string(statusName(c.status))) + ", \"resolution\": " +
           json(c.resolution()) +
           ", \"count\": " + std::to_string(c.count) + ", \"classes\": [" + insts + "]}";
    }
    s += "]}";
  }
  return s + "\n]}\n";
}

namespace {

// The program by name, not by this machine's path to it.
std::string bareProgram(std::string cmd) {
  const size_t sp = cmd.find(' ');
  const size_t slash = cmd.rfind('/', sp);
  if (slash != std::string::npos) cmd.erase(0, slash + 1);
  return cmd;
}

// The command line that shows one example to someone with the tool.
std::string reproducer(const DiffResult& r, const Finding& e) {
  const bool decode = e.kind == Kind::DECODE_MISMATCH || e.kind == Kind::DECODE_TEXT ||
                      e.kind == Kind::DECODE_WE_REJECT || e.kind == Kind::DECODE_THEY_REJECT ||
                      e.kind == Kind::DECODE_CRASH;
  std::string cmd;
  if (decode || e.kind == Kind::REASM_MISMATCH || e.kind == Kind::REASM_WE_REJECT) {
    std::string esc;
    char b[8];
    for (uint8_t x : e.bytes) {
      std::snprintf(b, sizeof b, "\\x%02x", x);
      esc += b;
    }
    std::string t = r.disasm_cmd;
    if (size_t p = t.find("{device}"); p != std::string::npos) t.replace(p, 8, r.device);
    if (size_t p = t.find("{mcpu}"); p != std::string::npos) t.replace(p, 6, r.cpu);
    if (size_t p = t.find("{input}"); p != std::string::npos) t.replace(p, 7, "w.bin");
    cmd = "printf '" + esc + "' > w.bin && " + bareProgram(t);
  } else {
    std::string t = r.asm_cmd;
    if (size_t p = t.find("{device}"); p != std::string::npos) t.replace(p, 8, r.device);
    if (size_t p = t.find("{mcpu}"); p != std::string::npos) t.replace(p, 6, r.cpu);
    if (size_t p = t.find("{input}"); p != std::string::npos) t.replace(p, 7, "w.s");
    if (size_t p = t.find("{output}"); p != std::string::npos) t.replace(p, 8, "w.bin");
    cmd = "echo '" + e.ours_text + "' > w.s && " + bareProgram(t);
  }
  return cmd;
}

}  // namespace

std::string findingsReport(const std::vector<DiffResult>& runs) {
  std::string s;
  long n = 0;
  std::map<std::string, std::string> by_row;  // convention id -> section
  std::map<std::string, const Convention*> rows;
  for (const DiffResult& r : runs)
    for (const CauseClass& c : r.causes) {
      if (c.status != Status::TOOL_BUG) continue;
      const FindingClass& first = r.classes[c.members[0]];
      if (!first.convention) continue;
      rows[c.cause] = first.convention;
      std::string& sec = by_row[c.cause];
      for (size_t m = 0; m < c.members.size() && m < 2; ++m) {
        const Finding& e = r.classes[c.members[m]].example;
        sec += "- " + r.cpu + " (" + r.device + "), " + e.mnemonic + ": `" + reproducer(r, e) + "`\n";
        const bool we_refuse = e.kind == Kind::DECODE_WE_REJECT || e.kind == Kind::ENCODE_WE_REJECT ||
                               e.kind == Kind::REASM_WE_REJECT;
        const std::string theirs = !e.their_text.empty()  ? e.their_text
                                   : !e.their_bytes.empty() ? "assembles it: " + hexBytes(e.their_bytes)
                                   : we_refuse             ? "accepts it"
                                                           : e.message;
        sec += "  - the tool: `" + md(theirs) + "`\n";
        sec += "  - gcnref: `" + md(we_refuse ? "refuses it: " + e.message : e.ours_text) + "`\n";
        ++n;
      }
    }
  std::string tool = runs.empty() ? "the tool" : runs[0].tool;
  s += "# " + tool + ": findings\n\n";
  s += "Generated by `gcnref diff --tool=" + tool + " --findings`: the causes its profile (difftest/profiles/) "
       "records as the tool's bugs, where it departs from its own documentation and from llvm-mc. "
       "Each line reproduces one example.\n\n";
  for (const auto& [id, sec] : by_row) {
    s += "## " + id + "\n\n" + md(std::string(rows[id]->what)) + "\n\nEvidence: " +
         md(std::string(rows[id]->evidence)) + "\n\n" + sec + "\n";
  }
  s += std::to_string(by_row.size()) + " findings, " + std::to_string(n) + " reproducers.\n";
  return s;
}

}  // namespace gcn::difftest
