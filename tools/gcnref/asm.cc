// gcnref asm: LLVM-syntax assembler text -> bytes (or llvm-mc style
// --show-encoding lines).
#include <cstdio>
#include <string>
#include <vector>

#include "decoder/printer.h"
#include "encoder/encoder.h"
#include "encoder/parser.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

void appendEncoding(const uint8_t* p, size_t n, std::string* out) {
  *out += "; encoding: [";
  char buf[8];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, i ? ",0x%02x" : "0x%02x", p[i]);
    *out += buf;
  }
  *out += ']';
}

// Strips a comment and surrounding blanks; returns the statement text.
std::string_view statement(std::string_view line) {
  size_t cut = line.size();
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == ';' || c == '#' || (c == '/' && i + 1 < line.size() && line[i + 1] == '/')) {
      cut = i;
      break;
    }
  }
  line = line.substr(0, cut);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  size_t b = 0;
  while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
  return line.substr(b);
}

}  // namespace

int cmdAsm(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "o"});
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  std::string path = a.positional.empty() ? "-" : a.positional[0];
  std::string data, err;
  if (!readFile(path, &data, &err)) {
    std::fprintf(stderr, "gcnref: %s\n", err.c_str());
    return 1;
  }
  const std::string where = path == "-" ? "<stdin>" : path;
  const bool show = a.has("show-encoding");
  const std::string out_path = a.get("o");
  std::string text, bin;
  size_t errors = 0;
  bool warned_directive = false;
  if (show) text += "\t.text\n";
  size_t start = 0, line_no = 0;
  while (start < data.size()) {
    size_t nl = data.find('\n', start);
    if (nl == std::string::npos) nl = data.size();
    std::string_view line(data.data() + start, nl - start);
    start = nl + 1;
    ++line_no;
    std::string_view st = statement(line);
    if (st.empty()) continue;
    if (st[0] == '.') {
      if (st.substr(0, 5) != ".text" && !warned_directive) {
        std::fprintf(stderr, "%s:%zu:1: warning: assembler directives are ignored\n", where.c_str(), line_no);
        warned_directive = true;
      }
      continue;
    }
    Inst inst;
    ParseError pe;
    if (!parseInst(t, line, &inst, &pe)) {
      ++errors;
      std::string l(line);
      if (!l.empty() && l.back() == '\r') l.pop_back();
      std::string caret;
      for (int i = 1; i < pe.column && size_t(i - 1) < l.size(); ++i) caret += l[size_t(i - 1)] == '\t' ? '\t' : ' ';
      std::fprintf(stderr, "%s:%zu:%d: error: %s\n%s\n%s^\n", where.c_str(), line_no, pe.column,
                   pe.message.c_str(), l.c_str(), caret.c_str());
      continue;
    }
    uint8_t buf[16];
    std::string e;
    size_t n = encodeInst(t, inst, buf, &e);
    if (!n) {
      ++errors;
      std::fprintf(stderr, "%s:%zu:1: error: %s\n", where.c_str(), line_no, e.c_str());
      continue;
    }
    if (show) {
      std::string s = "\t";
      printInst(inst, &s);
      // llvm-mc pads the text (after the tab) to 40 characters, then at
      // least one blank, before the encoding comment.
      size_t w = s.size() - 1;
      if (w < 40) s.append(40 - w, ' ');
      else s += ' ';
      appendEncoding(buf, n, &s);
      s += '\n';
      text += s;
    } else {
      bin.append(reinterpret_cast<const char*>(buf), n);
    }
  }
  const std::string& payload = show ? text : bin;
  if (!out_path.empty() && out_path != "-") {
    FILE* f = std::fopen(out_path.c_str(), "wb");
    if (!f) {
      std::fprintf(stderr, "gcnref: cannot open '%s' for writing\n", out_path.c_str());
      return 1;
    }
    std::fwrite(payload.data(), 1, payload.size(), f);
    std::fclose(f);
  } else {
    std::fwrite(payload.data(), 1, payload.size(), stdout);
  }
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
