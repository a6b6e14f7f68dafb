// Internals shared by the printer's files.
#pragma once

#include <cstring>
#include <string>
#include <string_view>

#include "isa/inst.h"

namespace gcn {

// The printer's output: text is written into a local buffer and handed to
// the caller's std::string in one append when printing ends (or when the
// buffer fills). One std::string::append call per piece of text cost about
// half of the printer's time.
class TextOut {
 public:
  explicit TextOut(std::string* s) : s_(s), start_(s->size()) {}
  ~TextOut() { flush(); }
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;

  // Inlined into every caller (the copy is a few moves); the rare full
  // buffer goes out of line.
  __attribute__((always_inline)) void append(const char* p, size_t n) {
    if (size_t(buf_ + kCap - p_) < n) {
      appendFull(p, n);
      return;
    }
    copySmall(p_, p, n);
    p_ += n;
  }
  TextOut& operator+=(char c) {
    if (p_ == buf_ + kCap) flush();
    *p_++ = c;
    return *this;
  }
  TextOut& operator+=(const char* z) {
    append(z, std::strlen(z));
    return *this;
  }
  TextOut& operator+=(std::string_view v) {
    append(v.data(), v.size());
    return *this;
  }
  TextOut& operator+=(const std::string& v) {
    append(v.data(), v.size());
    return *this;
  }
  // Characters written so far.
  size_t size() const { return flushed_ + size_t(p_ - buf_); }
  // Drops text back to an earlier size().
  void truncate(size_t n) {
    if (n >= flushed_) {
      p_ = buf_ + (n - flushed_);
    } else {
      p_ = buf_;
      s_->resize(start_ + n);
      flushed_ = n;
    }
  }
  bool endsWith(std::string_view tail) {
    flush();
    std::string_view all(*s_);
    all.remove_prefix(start_);
    return all.size() >= tail.size() && all.substr(all.size() - tail.size()) == tail;
  }
  // Lets a helper that appends to a std::string (isa/) write here.
  template <class F>
  bool viaString(F f) {
    flush();
    bool ok = f(s_);
    flushed_ = s_->size() - start_;
    return ok;
  }

 private:
  static constexpr size_t kCap = 1024;  // far more than one instruction's text
  __attribute__((noinline)) void appendFull(const char* p, size_t n) {
    flush();
    if (n > kCap) {
      s_->append(p, n);
      flushed_ += n;
      return;
    }
    std::memcpy(p_, p, n);
    p_ += n;
  }
  // Pieces are a few characters long: fixed-size overlapping copies inline
  // to a few moves, where memcpy(n) is a library call.
  static void copySmall(char* d, const char* s, size_t n) {
    if (n >= 8) {
      if (n > 16) {
        std::memcpy(d, s, n);
        return;
      }
      std::memcpy(d, s, 8);
      std::memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(d, s, 4);
      std::memcpy(d + n - 4, s + n - 4, 4);
    } else if (n) {
      d[0] = s[0];
      d[n / 2] = s[n / 2];
      d[n - 1] = s[n - 1];
    }
  }
  void flush() {
    s_->append(buf_, size_t(p_ - buf_));
    flushed_ += size_t(p_ - buf_);
    p_ = buf_;
  }
  std::string* s_;
  size_t start_;         // s_->size() when printing began
  size_t flushed_ = 0;   // characters already in s_ (after start_)
  char* p_ = buf_;
  char buf_[kCap];
};

struct PrintCtx {
  const Inst& in;
  const InstDesc& d;
  TextOut* out;
};

// Prints operand i of the row; returns false if it is absent in this form.
bool printOperand(PrintCtx& c, int i);
// Prints the trailing modifiers (clamp, omod, offset:, glc, dpp/sdwa ...).
void printModifiers(PrintCtx& c);

// Width in bits of an operand type (32 for non-register kinds).
bool isFloatType(OpType t);
bool isScalarRegType(OpType t);
bool isVgprType(OpType t);
bool isSourceType(OpType t);  // iN/uN/bN/fN/pk*: reg, inline or literal

// Appends a 9-bit operand code read as type t ("v3", "s[2:3]", "-4",
// "0.5", "0x1234"); false if the code names nothing on this generation.
bool appendSrc(const Inst& in, int code, OpType t, TextOut* out);

// Source index (0..2) of a role for NEG/ABS/SEXT/OP_SEL bits, or -1.
int srcIndex(Role r);

// The field an operand role reads in this Inst's form, or Fld::kCount for
// implicit operands (VCC in e32 forms).
Fld roleFieldFor(const Inst& in, const OperandSpec& op);

void appendHex(uint64_t v, TextOut* out);
void appendDec(int64_t v, TextOut* out);

// SOPP/SOPK immediates with structured syntax.
void appendWaitcnt(Gen g, uint32_t imm, TextOut* out);
void appendSendmsg(Gen g, uint32_t imm, TextOut* out);
void appendHwreg(Gen g, uint32_t imm, TextOut* out);

void appendSmemOffset(const Inst& in, TextOut* out);

// Register names (isa/registers.h spelling; plain SGPR/VGPR ranges written
// here, everything else through appendScalarRegName).
void appendVgprName(int n, int dwords, TextOut* out);
bool appendScalarRegName(Gen g, int code, int dwords, TextOut* out);
void appendGprIdx(uint32_t v, TextOut* out);

// Mnemonic suffix of a VOP-family Inst (_e32/_e64/_sdwa/_dpp or none, as
// llvm-mc prints it; decoder/print_modifiers.cc).
const char* vopSuffix(const Inst& in);

// Memory-family modifiers (decoder/print_memory.cc).
void printMemoryModifiers(PrintCtx& c);
bool printMemoryOperand(PrintCtx& c, int i);

}  // namespace gcn
