// gcnref disasm: raw binary or llvm-mc style hex lines -> LLVM syntax.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "decoder/decoder.h"
#include "decoder/printer.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

void appendEncoding(const uint8_t* p, size_t n, std::string* out) {
  *out += " ; encoding: [";
  static const char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < n; ++i) {
    char b[5] = {',', '0', 'x', kHex[p[i] >> 4], kHex[p[i] & 15]};
    out->append(i ? b : b + 1, i ? 5 : 4);
  }
  *out += ']';
}

// Where the bytes of a --hex input came from: for each line that produced
// bytes, its first byte's index, its number and its text. A byte's column
// is found again by re-parsing its line, only for messages.
struct HexLine {
  size_t first_byte;
  uint32_t line_no;
  std::string_view text;
};

struct BytePos {
  uint32_t line, col;
};

BytePos positionOf(const std::vector<HexLine>& lines, size_t pos) {
  size_t lo = 0, hi = lines.size();  // last line with first_byte <= pos
  while (hi - lo > 1) {
    size_t mid = (lo + hi) / 2;
    if (lines[mid].first_byte <= pos) lo = mid;
    else hi = mid;
  }
  const HexLine& l = lines[lo];
  std::vector<uint8_t> b;
  std::vector<int> cols;
  int bad = 0;
  parseHexLine(l.text, &b, &bad, &cols);
  return {l.line_no, uint32_t(cols[pos - l.first_byte])};
}

// parseHexLine's grammar, appending to *out, with a table for hex digits
// (std::isxdigit is a libc call per character). Returns false on any error;
// the caller then asks parseHexLine for the message.
bool parseHexLineFast(std::string_view line, std::vector<uint8_t>* out) {
  static const struct HexTable {
    int8_t v[256];
    HexTable() {
      for (int c = 0; c < 256; ++c) v[c] = -1;
      for (int c = 0; c < 10; ++c) v['0' + c] = int8_t(c);
      for (int c = 0; c < 6; ++c) v['a' + c] = v['A' + c] = int8_t(10 + c);
    }
  } kHex;
  const char* p = line.data();
  const char* e = p + line.size();
  while (p < e) {
    char c = *p;
    if (c == '#' || c == ';') break;
    if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '[' || c == ']') {
      ++p;
      continue;
    }
    if (c == '0' && p + 1 < e && (p[1] == 'x' || p[1] == 'X')) p += 2;
    unsigned v = 0;
    int digits = 0;
    while (p < e) {
      int h = kHex.v[static_cast<unsigned char>(*p)];
      if (h < 0) break;
      v = v * 16 + unsigned(h);
      ++digits;
      ++p;
    }
    if (digits == 0 || digits > 2 ||
        (p < e && !(*p == ' ' || *p == ',' || *p == '\t' || *p == '\r' || *p == ']' ||
                    *p == '#' || *p == ';')))
      return false;
    out->push_back(uint8_t(v));
  }
  return true;
}

// Decodes bytes[0..n) to `out`, one instruction per line. An undecodable
// word prints a marker line (and, like llvm-mc, a warning with its source
// position on stderr); decoding continues 4 bytes later.
size_t disasmBuffer(const Target& t, const uint8_t* bytes, size_t n, bool show_enc,
                    const std::string& where, const std::vector<HexLine>* pos_of,
                    std::string* out, size_t* errors) {
  size_t pos = 0, count = 0;
  std::string& line = *out;  // lines are appended in place
  Inst inst;  // read only after a successful decode, which sets all of it
  while (pos < n) {
    DecodeResult r = decode(t, bytes + pos, n - pos, &inst);
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
        BytePos bp = positionOf(*pos_of, pos);
        std::snprintf(buf, sizeof buf, "%s:%u:%u", where.c_str(), bp.line, bp.col);
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
    bytes.reserve(data.size() / 4);
    std::vector<HexLine> where;
    size_t line_no = 0, start = 0;
    while (start < data.size()) {
      const char* nlp =
          static_cast<const char*>(std::memchr(data.data() + start, '\n', data.size() - start));
      size_t nl = nlp ? size_t(nlp - data.data()) : data.size();
      std::string_view line(data.data() + start, nl - start);
      ++line_no;
      int col = 0;
      size_t mark = bytes.size();
      bool ok = parseHexLineFast(line, &bytes);
      if (!ok) {  // parseHexLine has the last word (and the error column)
        bytes.resize(mark);
        ok = parseHexLine(line, &bytes, &col);
      }
      if (!ok) {
        bytes.resize(mark);  // a bad line contributes no bytes
        std::fprintf(stderr, "%s:%zu:%d: error: invalid input token\n", path.c_str(), line_no, col);
        ++errors;
      } else if (bytes.size() > mark) {
        where.push_back({mark, uint32_t(line_no), line});
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
