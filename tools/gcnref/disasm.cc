// gcnref disasm: raw binary or llvm-mc style hex lines -> LLVM syntax.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
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

const struct HexTable {
  int8_t v[256];
  HexTable() {
    for (int c = 0; c < 256; ++c) v[c] = -1;
    for (int c = 0; c < 10; ++c) v['0' + c] = int8_t(c);
    for (int c = 0; c < 6; ++c) v['a' + c] = v['A' + c] = int8_t(10 + c);
  }
} kHex;

inline bool isSep(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '[' || c == ']';
}

// parseHexLine's grammar (tools/gcnref/cli.cc) on line [p, e), writing the
// bytes to `out`, which has room for (e - p + 1) / 2 of them. Returns the
// number written, or -1 on any error; the caller then asks parseHexLine for
// the message. "0xHH" followed by a separator, by far the commonest token,
// takes one check; everything else the general loop.
long parseHexLineFast(const char* p, const char* e, uint8_t* out) {
  uint8_t* o = out;
  while (p < e) {
    // Runs of "0xHH," / "0xHH " tokens (what llvm-mc tests and `gcnref
    // bench` write), without the general loop's per-character tests.
    while (e - p >= 5) {
      if (p[0] != '0' || (p[1] | 0x20) != 'x') break;
      int hi = kHex.v[static_cast<unsigned char>(p[2])];
      int lo = kHex.v[static_cast<unsigned char>(p[3])];
      char next = p[4];
      if ((hi | lo) < 0 || (next != ',' && next != ' ')) break;
      *o++ = uint8_t(hi * 16 + lo);
      p += 5;
    }
    if (p == e) break;
    char c = *p;
    if (c == '#' || c == ';') break;
    if (isSep(c)) {
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
    if (digits == 0 || digits > 2 || (p < e && !(isSep(*p) && *p != '[') && *p != '#' && *p != ';'))
      return -1;
    *o++ = uint8_t(v);
  }
  return long(o - out);
}

// A whole input file. Regular files are read into an uninitialised buffer
// (std::string::resize would first zero megabytes of it); stdin and anything
// fstat cannot size go through readFile().
struct Input {
  std::unique_ptr<char[]> own;
  std::string str;
  const char* data = nullptr;
  size_t size = 0;
};

bool readWhole(const std::string& path, Input* in, std::string* err) {
  if (path != "-" && !path.empty()) {
    int fd = open(path.c_str(), O_RDONLY);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
      size_t cap = size_t(st.st_size);
      in->own.reset(new char[cap + 1]);
      size_t got = 0;
      while (got < cap) {
        ssize_t k = read(fd, in->own.get() + got, cap - got);
        if (k <= 0) break;
        got += size_t(k);
      }
      close(fd);
      in->data = in->own.get();
      in->size = got;
      return true;
    }
    if (fd >= 0) close(fd);
  }
  if (!readFile(path, &in->str, err)) return false;
  in->data = in->str.data();
  in->size = in->str.size();
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
  Input input;
  std::string err;
  if (!readWhole(path, &input, &err)) {
    std::fprintf(stderr, "gcnref: %s\n", err.c_str());
    return 1;
  }
  bool show = a.has("show-encoding");
  size_t errors = 0;
  std::string out;
  const std::string_view data(input.data, input.size);
  out.reserve(data.size() * 4);
  if (a.has("hex")) {
    // As llvm-mc does, all lines form one byte stream (an instruction may
    // continue on the next line); positions are kept for messages.
    // Every byte takes at least two characters ("0 0"), so data.size() / 2 + 1
    // bounds the output of any line.
    std::unique_ptr<uint8_t[]> bytes(new uint8_t[data.size() / 2 + 1]);  // not zeroed
    size_t nbytes = 0;
    std::vector<HexLine> where;
    size_t line_no = 0, start = 0;
    std::vector<uint8_t> slow;
    while (start < data.size()) {
      const char* nlp =
          static_cast<const char*>(std::memchr(data.data() + start, '\n', data.size() - start));
      size_t nl = nlp ? size_t(nlp - data.data()) : data.size();
      std::string_view line(data.data() + start, nl - start);
      ++line_no;
      long got = parseHexLineFast(line.data(), line.data() + line.size(), bytes.get() + nbytes);
      if (got < 0) {  // parseHexLine has the last word (and the error column)
        int col = 0;
        slow.clear();
        if (parseHexLine(line, &slow, &col)) {
          std::memcpy(bytes.get() + nbytes, slow.data(), slow.size());
          got = long(slow.size());
        } else {  // a bad line contributes no bytes
          std::fprintf(stderr, "%s:%zu:%d: error: invalid input token\n", path.c_str(), line_no,
                       col);
          ++errors;
          got = 0;
        }
      }
      if (got > 0) where.push_back({nbytes, uint32_t(line_no), line});
      nbytes += size_t(got);
      start = nl + 1;
    }
    disasmBuffer(t, bytes.get(), nbytes, show, path == "-" ? "<stdin>" : path, &where,
                 &out, &errors);
  } else {
    disasmBuffer(t, reinterpret_cast<const uint8_t*>(data.data()), data.size(), show, path,
                 nullptr, &out, &errors);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
