// gcnref disasm: raw binary or llvm-mc style hex lines -> LLVM syntax.
#include <fcntl.h>
#if defined(__x86_64__)
#endif
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {
namespace {

// A large scratch buffer, not zeroed by us. Taken straight from mmap with
// transparent huge pages asked for: the input file and its bytes are
// megabytes, and touching them 4 KiB page by page cost thousands of page
// faults, a sixth of the whole run's CPU time.
class BigBuffer {
 public:
  explicit BigBuffer(size_t n) : size_((n + kHuge - 1) / kHuge * kHuge) {
    if (size_ == 0) size_ = kHuge;
    void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      heap_.reset(new char[n + 1]);
      p_ = heap_.get();
      size_ = 0;
      return;
    }
    p_ = static_cast<char*>(p);
    madvise(p_, size_, MADV_HUGEPAGE);  // advice only: fine if refused
  }
  ~BigBuffer() {
    if (size_) munmap(p_, size_);
  }
  BigBuffer(const BigBuffer&) = delete;
  BigBuffer& operator=(const BigBuffer&) = delete;
  char* data() const { return p_; }

 private:
  static constexpr size_t kHuge = size_t(2) << 20;
  size_t size_;
  char* p_ = nullptr;
  std::unique_ptr<char[]> heap_;  // if mmap fails
};

// The output text: one big buffer written to stdout whenever it holds
// more than kFlushAt; printInst writes into it directly (no std::string
// appends per line).
class Output {
 public:
  Output() : buf_(kCap), p_(buf_.data()) {}
  ~Output() { flush(); }
  // Where the next line goes: after a line's end (see disasmBuffer) there
  // is room for 2 * kLine.
  char* cur() { return p_; }
  size_t room() const { return size_t(buf_.data() + kCap - p_); }
  // For a loop that keeps the write position in a local: cur() hands it
  // out, setCur() takes it back before any other call.
  void setCur(char* p) { p_ = p; }
  // printInst's room from w on keeps kLine in reserve.
  char* printLimit() const { return buf_.data() + kCap - kLine; }
  char* capEnd() const { return buf_.data() + kCap; }
  char* flushAt() const { return buf_.data() + kFlushAt; }
  void append(const char* s, size_t n) {
    while (n) {
      if (room() == 0) flush();
      size_t k = n < room() ? n : room();
      std::memcpy(p_, s, k);
      p_ += k;
      s += k;
      n -= k;
    }
  }
  void append(const std::string& s) { append(s.data(), s.size()); }
  void flush() {
    std::fwrite(buf_.data(), 1, size_t(p_ - buf_.data()), stdout);
    p_ = buf_.data();
  }
  static constexpr size_t kFlushAt = size_t(1) << 20;
  static constexpr size_t kLine = 4096;  // an instruction's line with its encoding fits

 private:
  static constexpr size_t kCap = kFlushAt + 2 * kLine;
  BigBuffer buf_;
  char* p_;
};

// " ; encoding: [0x..,0x..]" for n <= 64 bytes, at p; returns the end.
char* putEncoding(const uint8_t* b, size_t n, char* p) {
  static const char kHexDigits[] = "0123456789abcdef";
  std::memcpy(p, " ; encoding: [", 14);
  p += 14;
  for (size_t i = 0; i < n; ++i) {
    *p = ',';
    p += i ? 1 : 0;
    p[0] = '0';
    p[1] = 'x';
    p[2] = kHexDigits[b[i] >> 4];
    p[3] = kHexDigits[b[i] & 15];
    p += 4;
  }
  *p++ = ']';
  return p;
}

void appendEncoding(const uint8_t* b, size_t n, Output* out) {
  char buf[16 + 5 * 64];
  while (n > 64) {  // not reached: instructions are at most 16 bytes, skips 4
    out->append(buf, size_t(putEncoding(b, 64, buf) - buf));
    b += 64;
    n -= 64;
  }
  out->append(buf, size_t(putEncoding(b, n, buf) - buf));
}

struct BytePos {
  uint32_t line, col;
};

// Built at compile time: filling it at start-up cost ~0.9 M instructions.
constexpr struct HexTable {
  int8_t v[256];
  // pair[c2 | c3 << 8]: the byte written "c2c3" in hex, or -1. Indexed by
  // the two digits as one little-endian 16-bit load.
  int16_t pair[65536];
  // 1 for the characters that may follow a "0xHH" token in the fast loop.
  uint8_t after[256];
  constexpr HexTable() : v(), pair(), after() {
    for (int c = 0; c < 256; ++c) after[c] = c == ',' || c == ' ';
    for (int c = 0; c < 256; ++c) v[c] = -1;
    for (int c = 0; c < 10; ++c) v['0' + c] = int8_t(c);
    for (int c = 0; c < 6; ++c) v['a' + c] = v['A' + c] = int8_t(10 + c);
    for (int i = 0; i < 65536; ++i) {
      int hi = v[i & 255], lo = v[i >> 8];
      pair[i] = int16_t(hi < 0 || lo < 0 ? -1 : hi * 16 + lo);
    }
  }
} kHex;

// "0x" or "0X" as a little-endian 16-bit load, with bit 0x2000 forced on.
constexpr uint16_t k0x = uint16_t('0' | 'x' << 8);

inline uint16_t load16(const char* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

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
    // Two tokens per round, all their tests folded into one branch; the
    // "0x" of both is one 8-byte compare (bytes 0-1 and 5-6).
    while (e - p >= 10) {
      uint64_t a;
      std::memcpy(&a, p, 8);
      constexpr uint64_t kMask = 0x00ffff000000ffffull;
      constexpr uint64_t kWant = uint64_t(k0x) | uint64_t(k0x) << 40;
      constexpr uint64_t kLower = 0x0020000000002000ull;  // x or X
      const int b0 = kHex.pair[load16(p + 2)], b1 = kHex.pair[load16(p + 7)];
      const bool ok = (((a | kLower) & kMask) == kWant) & ((b0 | b1) >= 0) &
                      kHex.after[static_cast<unsigned char>(p[4])] &
                      kHex.after[static_cast<unsigned char>(p[9])];
      if (!ok) break;
      o[0] = uint8_t(b0);
      o[1] = uint8_t(b1);
      o += 2;
      p += 10;
    }
    while (e - p >= 5) {
      if (uint16_t(load16(p) | 0x2000) != k0x) break;
      int b = kHex.pair[load16(p + 2)];
      char next = p[4];
      if (b < 0 || (next != ',' && next != ' ')) break;
      *o++ = uint8_t(b);
      p += 5;
    }
    // The line's last token, "0xHH" up to its end.
    if (e - p == 4 && uint16_t(load16(p) | 0x2000) == k0x) {
      int b = kHex.pair[load16(p + 2)];
      if (b >= 0) {
        *o++ = uint8_t(b);
        break;
      }
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

// Whole lines of 16 "0xHH" tokens joined by ',' (80 characters with the
// newline), the form `gcnref bench` writes and llvm-mc tests mostly use:
// the fixed characters of a line are checked a word at a time against one
// pattern, and the digit pairs read through the pair table.
struct LinePattern {
  uint64_t want[10], care[10], lower[10];
  constexpr LinePattern() : want(), care(), lower() {
    for (int i = 0; i < 80; ++i) {
      char c = 0;
      switch (i % 5) {
        case 0: c = '0'; break;
        case 1: c = 'x'; lower[i / 8] |= uint64_t(0x20) << (8 * (i % 8)); break;
        case 4: c = i == 79 ? '\n' : ','; break;
        default: continue;  // a digit: read through the pair table
      }
      want[i / 8] |= uint64_t(uint8_t(c)) << (8 * (i % 8));
      care[i / 8] |= uint64_t(0xff) << (8 * (i % 8));
    }
  }
};
constexpr LinePattern kLine16;

// Reads the line at p (80 characters readable) into out[0..16); false if
// it is not exactly that form (nothing is promised about out then).
inline bool line16Bytes(const char* p, uint8_t* out) {
  uint64_t bad = 0;
#pragma GCC unroll 10
  for (int k = 0; k < 10; ++k) {
    uint64_t w;
    std::memcpy(&w, p + 8 * k, 8);
    bad |= ((w | kLine16.lower[k]) & kLine16.care[k]) ^ kLine16.want[k];
  }
  int neg = 0;
#pragma GCC unroll 16
  for (int k = 0; k < 16; ++k) {
    const int b = kHex.pair[load16(p + 5 * k + 2)];
    neg |= b;
    out[k] = uint8_t(b);
  }
  return (bad == 0) & (neg >= 0);
}

// Consecutive lines of that form at p (n characters readable): their bytes
// go to out; returns how many lines were taken. (An AVX2 version of this
// reader gave 0.99-1.00x end to end on `gcnref bench`'s stream: the lines
// are a few per cent of disasm --hex's time.)
size_t lines16(const char* p, size_t n, uint8_t* out) {
  size_t k = 0;
  // The newline and first separator first: a line of another form (one
  // instruction per line, the commonest) is turned away with two loads,
  // not a whole pattern check.
  while (n - 80 * k >= 80 && p[80 * k + 79] == '\n' && p[80 * k + 4] == ',' &&
         line16Bytes(p + 80 * k, out + 16 * k))
    ++k;
  return k;
}


// The bytes of one line of a --hex input, written to `out` (room for
// (line.size() + 1) / 2); -1 for a bad line (which contributes no bytes),
// with the column of the bad token in *bad_col.
long lineBytes(std::string_view line, uint8_t* out, std::vector<uint8_t>* slow, int* bad_col) {
  long got = parseHexLineFast(line.data(), line.data() + line.size(), out);
  if (got >= 0) return got;
  // parseHexLine has the last word (and the error column).
  slow->clear();
  if (!parseHexLine(line, slow, bad_col)) return -1;
  std::memcpy(out, slow->data(), slow->size());
  return long(slow->size());
}

// Line and column of a byte of a --hex input, for messages. The lines are
// walked again from where the previous question left off (questions come in
// increasing byte order), so the main pass keeps nothing per line.
class HexPositions {
 public:
  explicit HexPositions(std::string_view data) : data_(data) {}

  BytePos of(size_t pos) {
    if (have_ && pos < first_) *this = HexPositions(data_);  // not reached: start over
    // The line that holds byte pos: the last line with bytes starting at or
    // before it.
    while (!have_ || pos >= first_ + count_) {
      if (next_ >= data_.size()) break;
      const char* nlp =
          static_cast<const char*>(std::memchr(data_.data() + next_, '\n', data_.size() - next_));
      size_t nl = nlp ? size_t(nlp - data_.data()) : data_.size();
      std::string_view line(data_.data() + next_, nl - next_);
      next_ = nl + 1;
      ++line_no_;
      scratch_.resize(line.size() / 2 + 1);
      int bad = 0;
      long got = lineBytes(line, scratch_.data(), &slow_, &bad);
      if (got <= 0) continue;
      first_ = total_;
      count_ = size_t(got);
      total_ += count_;
      cur_ = line;
      cur_line_no_ = line_no_;
      have_ = true;
    }
    std::vector<uint8_t> b;
    std::vector<int> cols;
    int bad = 0;
    parseHexLine(cur_, &b, &bad, &cols);
    return {uint32_t(cur_line_no_), uint32_t(cols[pos - first_])};
  }

 private:
  std::string_view data_;
  size_t next_ = 0;     // offset of the first line not walked yet
  size_t line_no_ = 0;  // number of the last line walked
  size_t total_ = 0;    // bytes of the lines walked
  bool have_ = false;   // a line with bytes has been walked:
  std::string_view cur_;  // the last one,
  size_t cur_line_no_ = 0;
  size_t first_ = 0;      // the index of its first byte
  size_t count_ = 0;      // and its byte count
  std::vector<uint8_t> scratch_, slow_;
};

// A whole input file. Regular files are read into an uninitialised buffer
// (std::string::resize would first zero megabytes of it); stdin and anything
// fstat cannot size go through readFile().
struct Input {
  std::unique_ptr<BigBuffer> own;
  std::string str;
  const char* data = nullptr;
  size_t size = 0;
  void* map = nullptr;  // a regular file mapped read-only
  size_t map_size = 0;
  Input() = default;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input() {
    if (map) munmap(map, map_size);
  }
};

bool readWhole(const std::string& path, Input* in, std::string* err) {
  if (path != "-" && !path.empty()) {
    int fd = open(path.c_str(), O_RDONLY);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
      size_t cap = size_t(st.st_size);
      // Mapped, the file's pages are used in place: read() into a buffer
      // cost the kernel a copy of the file and the zeroing of the buffer's
      // pages, a good part of the run's system time.
      int populate = 0;
#ifdef MAP_POPULATE
      populate = MAP_POPULATE;
#endif
      void* m = cap ? mmap(nullptr, cap, PROT_READ, MAP_PRIVATE | populate, fd, 0) : MAP_FAILED;
      if (m != MAP_FAILED) {
        close(fd);
        in->map = m;
        in->map_size = cap;
        in->data = static_cast<const char*>(m);
        in->size = cap;
        return true;
      }
      in->own.reset(new BigBuffer(cap + 1));
      char* buf = in->own->data();
      size_t got = 0;
      while (got < cap) {
        ssize_t k = read(fd, buf + got, cap - got);
        if (k <= 0) break;
        got += size_t(k);
      }
      close(fd);
      in->data = buf;
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
                    const std::string& where, HexPositions* pos_of, Output* out,
                    size_t* errors) {
  size_t pos = 0, count = 0;
  Inst inst;  // read only after a successful decode, which sets all of it
  const DecodeOptions opts;
  // The write position stays in a register: through `out` it was reloaded
  // around every store of the text.
  char* w = out->cur();
  char* const print_limit = out->printLimit();
  char* const cap_end = out->capEnd();
  char* const flush_at = out->flushAt();
  while (pos < n) {
    DecodeResult r = decode(t, bytes + pos, n - pos, &inst, opts);
    if (r.ok()) {
      *w++ = '\t';
      const size_t len = printInst(inst, w, size_t(print_limit - w));
      if (len != SIZE_MAX) {
        w += len;
      } else {  // longer than any line we know of
        std::string text;
        printInst(inst, &text);
        out->setCur(w);
        out->append(text);
        w = out->cur();
      }
      if (show_enc) {
        out->setCur(w);
        appendEncoding(bytes + pos, r.size, out);
        w = out->cur();
      }
      pos += r.size;
      ++count;
    } else {
      out->setCur(w);
      ++*errors;
      size_t skip = 4;
      if (skip > n - pos) skip = n - pos;
      std::string why = explainDecodeError(t, bytes + pos, n - pos, r);
      char buf[96];
      if (pos_of) {
        BytePos bp = pos_of->of(pos);
        std::snprintf(buf, sizeof buf, "%s:%u:%u", where.c_str(), bp.line, bp.col);
      } else {
        std::snprintf(buf, sizeof buf, "%s+0x%zx", where.c_str(), pos);
      }
      std::fprintf(stderr, "%s: warning: invalid instruction encoding: %s\n", buf, why.c_str());
      std::string line = "\t; invalid instruction encoding at ";
      line += buf;
      line += ": ";
      line += why;
      out->append(line);
      if (show_enc) appendEncoding(bytes + pos, skip, out);
      pos += skip;
      w = out->cur();
    }
    // The line's end. Output is written in blocks of just over kFlushAt, at
    // the ends of lines as before (stdout and stderr interleave the same
    // way on one terminal).
    if (w == cap_end) {  // only after a line of kLine or more
      out->setCur(w);
      out->flush();
      w = out->cur();
    }
    *w++ = '\n';
    if (w > flush_at) {
      out->setCur(w);
      out->flush();
      w = out->cur();
    }
  }
  out->setCur(w);
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
  Output out;
  const std::string_view data(input.data, input.size);
  if (a.has("hex")) {
    // As llvm-mc does, all lines form one byte stream (an instruction may
    // continue on the next line); positions are found again for messages.
    // Every byte takes at least two characters ("0 0"), so data.size() / 2 + 1
    // bounds the output of any line.
    BigBuffer byte_buf(data.size() / 2 + 1);
    uint8_t* const bytes = reinterpret_cast<uint8_t*>(byte_buf.data());
    size_t nbytes = 0;
    size_t line_no = 0, start = 0;
    std::vector<uint8_t> slow;
    while (start < data.size()) {
      const size_t lines = lines16(data.data() + start, data.size() - start, bytes + nbytes);
      start += 80 * lines;
      nbytes += 16 * lines;
      line_no += lines;
      if (start >= data.size()) break;
      const char* nlp =
          static_cast<const char*>(std::memchr(data.data() + start, '\n', data.size() - start));
      size_t nl = nlp ? size_t(nlp - data.data()) : data.size();
      std::string_view line(data.data() + start, nl - start);
      ++line_no;
      int col = 0;
      long got = lineBytes(line, bytes + nbytes, &slow, &col);
      if (got < 0) {
        std::fprintf(stderr, "%s:%zu:%d: error: invalid input token\n", path.c_str(), line_no,
                     col);
        ++errors;
        got = 0;
      }
      nbytes += size_t(got);
      start = nl + 1;
    }
    HexPositions positions(data);
    disasmBuffer(t, bytes, nbytes, show, path == "-" ? "<stdin>" : path, &positions,
                 &out, &errors);
  } else {
    disasmBuffer(t, reinterpret_cast<const uint8_t*>(data.data()), data.size(), show, path,
                 nullptr, &out, &errors);
  }
  out.flush();
  return errors ? 1 : 0;
}

}  // namespace gcn::cli
