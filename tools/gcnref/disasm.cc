// gcnref disasm: raw binary or llvm-mc style hex lines -> LLVM syntax.
#include <cstdio>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "decoder/printer.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

void appendEncoding(const uint8_t* p, size_t n, std::string* out) {
  *out += " ; encoding: [";
  char buf[8];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, i ? ",0x%02x" : "0x%02x", p[i]);
    *out += buf;
  }
  *out += ']';
}

struct BytePos {
  uint32_t line, col;
};

// Decodes bytes[0..n) to `out`, one instruction per line. An undecodable
// word prints a marker line (and, like llvm-mc, a warning with its source
// position on stderr); decoding continues 4 bytes later.
size_t disasmBuffer(const Target& t, const uint8_t* bytes, size_t n, bool show_enc,
                    const std::string& where, const std::vector<BytePos>* pos_of,
                    std::string* out, size_t* errors) {
  size_t pos = 0, count = 0;
  std::string line;
  while (pos < n) {
    Inst inst;
    DecodeResult r = decode(t, bytes + pos, n - pos, &inst);
    line.clear();
    if (r.ok()) {
      line += '\t';
      printInst(inst, &line);
      if (show_enc) appendEncoding(bytes + pos, r.size, &line);
      pos += r.size;
      ++count;
    } else {
      ++*errors;
      size_t skip = 4;
      if (skip > n - pos) skip = n - pos;
      std::string why = explainDecodeError(t, bytes + pos, n - pos, r);
      char buf[96];
      if (pos_of) {
        std::snprintf(buf, sizeof buf, "%s:%u:%u", where.c_str(), (*pos_of)[pos].line,
                      (*pos_of)[pos].col);
      } else {
        std::snprintf(buf, sizeof buf, "%s+0x%zx", where.c_str(), pos);
      }
      std::fprintf(stderr, "%s: warning: invalid instruction encoding: %s\n", buf, why.c_str());
      line += "\t; invalid instruction encoding at ";
      line += buf;
      line += ": ";
      line += why;
      if (show_enc) appendEncoding(bytes + pos, skip, &line);
      pos += skip;
    }
    line += '\n';
    *out += line;
    if (out->size() > (1u << 20)) {
      std::fwrite(out->data(), 1, out->size(), stdout);
      out->clear();
    }
  }
  return count;
}

}  // namespace

int cmdDisasm(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "o"});
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  std::string path = a.positional.empty() ? "-" : a.positional[0];
  std::string data, err;
  if (!readFile(path, &data, &err)) {
    std::fprintf(stderr, "gcnref: %s\n", err.c_str());
    return 1;
  }
  bool show = a.has("show-encoding");
  size_t errors = 0;
  std::string out;
  out.reserve(data.size() * 4);
  if (a.has("hex")) {
    // As llvm-mc does, all lines form one byte stream (an instruction may
    // continue on the next line); positions are kept for messages.
    std::vector<uint8_t> bytes;
    std::vector<BytePos> where;
    size_t line_no = 0, start = 0;
    std::vector<uint8_t> lb;
    while (start < data.size()) {
      size_t nl = data.find('\n', start);
      if (nl == std::string::npos) nl = data.size();
      std::string_view line(data.data() + start, nl - start);
      ++line_no;
      lb.clear();
      int col = 0;
      std::vector<int> cols;
      if (!parseHexLine(line, &lb, &col, &cols)) {
        std::fprintf(stderr, "%s:%zu:%d: error: invalid input token\n", path.c_str(), line_no, col);
        ++errors;
      } else {
        for (size_t k = 0; k < lb.size(); ++k) {
          bytes.push_back(lb[k]);
          where.push_back({uint32_t(line_no), uint32_t(cols[k])});
        }
      }
      start = nl + 1;
    }
    disasmBuffer(t, bytes.data(), bytes.size(), show, path == "-" ? "<stdin>" : path, &where,
                 &out, &errors);
  } else {
    disasmBuffer(t, reinterpret_cast<const uint8_t*>(data.data()), data.size(), show, path,
                 nullptr, &out, &errors);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
