// gcnref asm: LLVM-syntax assembler source (instructions, labels,
// comments) -> bytes, or llvm-mc style --show-encoding lines.
#include <cstdio>
#include <string>
#include <vector>

#include "text/printer.h"
#include "text/assembler.h"
#include "encoder/encoder.h"
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
  const AsmResult r = assemble(t, data);
  for (const AsmDiagnostic& d : r.diagnostics) {
    errors += d.error;
    std::fprintf(stderr, "%s:%d:%d: %s: %s\n", where.c_str(), d.line, d.column,
                 d.error ? "error" : "warning", d.message.c_str());
    if (!d.error) continue;
    const std::string l(sourceLine(data, d.line));
    std::string caret;
    for (int i = 1; i < d.column && size_t(i - 1) < l.size(); ++i)
      caret += l[size_t(i - 1)] == '\t' ? '\t' : ' ';
    std::fprintf(stderr, "%s\n%s^\n", l.c_str(), caret.c_str());
  }
  if (show) text += "\t.text\n";
  size_t next_label = 0;
  auto labelsBefore = [&](size_t statement) {
    for (; next_label < r.labels.size() && r.labels[next_label].statement <= statement; ++next_label)
      if (show) text += r.labels[next_label].name + ":\n";
  };
  for (size_t k = 0; k < r.code.size(); ++k) {
    const AsmStatement& st = r.code[k];
    labelsBefore(k);
    uint8_t buf[16];
    std::string e;
    size_t n = encodeInst(t, st.inst, buf, &e);
    if (!n) {
      ++errors;
      std::fprintf(stderr, "%s:%d:1: error: %s\n", where.c_str(), st.line, e.c_str());
      continue;
    }
    if (show) {
      std::string s = "\t";
      printInst(st.inst, &s);
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
  labelsBefore(r.code.size());
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
