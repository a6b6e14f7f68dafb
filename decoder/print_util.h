// Internals shared by the printer's files.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "isa/inst.h"

namespace gcn {

// The printer's output: text is written into a buffer and handed over when
// printing ends. Two modes: with a std::string, a local buffer that is
// appended to the string in one call at the end (or when it fills; one
// std::string::append call per piece of text cost about half of the
// printer's time); with a caller's buffer, text goes straight there and
// overflowing it only sets overflowed() (the caller then prints again into
// a std::string).
class TextOut {
 public:
  explicit TextOut(std::string* s) : s_(s), start_(s->size()) {}
  TextOut(char* buf, size_t cap) : p_(buf), buf_(buf), end_(buf + cap) {}
  ~TextOut() { flush(); }
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;

  // Inlined into every caller (the copy is a few moves); the rare full
  // buffer goes out of line.
  __attribute__((always_inline)) void append(const char* p, size_t n) {
    if (size_t(end_ - p_) < n) {
      appendFull(p, n);
      return;
    }
    copySmall(p_, p, n);
    p_ += n;
  }
  TextOut& operator+=(char c) {
    if (p_ == end_) {
      append(&c, 1);
      return *this;
    }
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
  // Copies n characters from src, which is readable for kPad bytes: with
  // room for kPad, one fixed-size copy.
  template <size_t kPad>
  __attribute__((always_inline)) void appendPadded(const char* src, size_t n) {
    if (size_t(end_ - p_) >= kPad) {
      std::memcpy(p_, src, kPad);
      p_ += n;
      return;
    }
    append(src, n);
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
    if (!s_) {
      size_t n = size_t(p_ - buf_);
      return n >= tail.size() && std::string_view(p_ - tail.size(), tail.size()) == tail;
    }
    flush();
    std::string_view all(*s_);
    all.remove_prefix(start_);
    return all.size() >= tail.size() && all.substr(all.size() - tail.size()) == tail;
  }
  // Lets a helper that appends to a std::string (isa/) write here.
  template <class F>
  bool viaString(F f) {
    if (!s_) {
      std::string tmp;
      bool ok = f(&tmp);
      append(tmp.data(), tmp.size());
      return ok;
    }
    flush();
    bool ok = f(s_);
    flushed_ = s_->size() - start_;
    return ok;
  }
  // Caller's-buffer mode: the text did not fit.
  bool overflowed() const { return overflowed_; }

 private:
  static constexpr size_t kCap = 1024;  // far more than one instruction's text
  __attribute__((noinline)) void appendFull(const char* p, size_t n) {
    if (!s_) {
      overflowed_ = true;
      p_ = buf_;  // keep writing somewhere; the text is discarded
      if (n > size_t(end_ - buf_)) return;
      std::memcpy(p_, p, n);
      p_ += n;
      return;
    }
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
    if (!s_) return;
    s_->append(buf_, size_t(p_ - buf_));
    flushed_ += size_t(p_ - buf_);
    p_ = buf_;
  }
  std::string* s_ = nullptr;  // null: caller's-buffer mode
  size_t start_ = 0;          // s_->size() when printing began
  size_t flushed_ = 0;        // characters already in s_ (after start_)
  char* p_ = own_;
  char* buf_ = own_;
  char* end_ = own_ + kCap;
  bool overflowed_ = false;
  char own_[kCap];
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

// The operand separator (" " before the first operand, ", " after), then
// operand i; nothing is left appended when the operand is absent in this
// form (e.g. GFX9 SDWA VOPC's sdst) and false is returned.
inline bool appendOperand(PrintCtx& c, int i, bool first) {
  const size_t mark = c.out->size();
  if (first) *c.out += ' ';
  else c.out->append(", ", 2);
  if (printOperand(c, i)) return true;
  c.out->truncate(mark);
  return false;
}

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
//
// The names of VGPRs v0..v255 and of every scalar operand code, one and two
// dwords wide (the widths nearly every operand has), per generation, are
// taken once from isa/registers' writers (print_operands.cc): printing one
// is then a fixed-size copy, inlined into the caller.
struct RegText {
  static constexpr uint8_t kLong = 0xff;
  char s[23];
  uint8_t n;  // 0: no such register (the writer said false); kLong: not kept
};
struct RegTables {
  RegText v[2][256];             // [dwords - 1][n]
  RegText s[kNumGens][2][256];   // [gen][dwords - 1][code]
};
extern std::atomic<const RegTables*> g_reg_tables;
const RegTables& buildRegTables();
inline const RegTables& regTables() {
  const RegTables* t = g_reg_tables.load(std::memory_order_acquire);
  if (__builtin_expect(t != nullptr, 1)) return *t;
  return buildRegTables();
}
void appendVgprNameSlow(int n, int dwords, TextOut* out);
bool appendScalarRegNameSlow(Gen g, int code, int dwords, TextOut* out);

inline void appendVgprName(int n, int dwords, TextOut* out) {
  if (__builtin_expect(unsigned(n) < 256 && unsigned(dwords - 1) < 2, 1)) {
    const RegText& e = regTables().v[dwords - 1][n];
    out->appendPadded<sizeof(RegText)>(e.s, e.n);
    return;
  }
  appendVgprNameSlow(n, dwords, out);
}
inline bool appendScalarRegName(Gen g, int code, int dwords, TextOut* out) {
  if (unsigned(code) < 256 && unsigned(dwords - 1) < 2 && unsigned(g) < kNumGens) {
    const RegText& e = regTables().s[int(g)][dwords - 1][code];
    if (e.n == 0) return false;
    if (e.n != RegText::kLong) {
      out->appendPadded<sizeof(RegText)>(e.s, e.n);
      return true;
    }
  }
  return appendScalarRegNameSlow(g, code, dwords, out);
}
void appendGprIdx(uint32_t v, TextOut* out);

// Mnemonic suffix of a VOP-family Inst (_e32/_e64/_sdwa/_dpp or none, as
// llvm-mc prints it; decoder/print_modifiers.cc).
const char* vopSuffix(const Inst& in);
// The mnemonic suffix of any Inst (decoder/printer.cc).
const char* formSuffix(const Inst& in);

// Source operand with the modifiers its row/form takes (VOP families), and
// the plain neg/abs/sext form of the other families (print_operands.cc).
void appendVopSrc(PrintCtx& c, int code, OpType t, int si);
void appendWithMods(PrintCtx& c, int code, OpType t, int si);
// appendMemorySregTuple (isa/memory_rules.h) into the buffer.
bool appendSregTuple(Gen g, int code, int dwords, TextOut* out);

// One operand's printer, chosen when the plan is built (print_plan.cc).
struct PrintStep {
  enum Kind : uint8_t {
    GENERIC,      // printOperand(i): depends on more than the plan's key
    VCC,          // implicit VCC of e32/SDWA/DPP carry and condition operands
    LITERAL_HEX,  // VOP k: the literal dword in hex
    VGPR,         // VGPR field (9-bit source space or 8-bit), dw registers
    VOP_SRC,      // VOP source with its modifiers (appendVopSrc)
    VOP_SRC_PLAIN,  // ... of a register/constant type: no modifier bit, no call
    VOP_SRC_VGPR,   // ... of a VGPR type
    SREG,         // VOP scalar destination / lane select
    SREG_OR_SRC,  // scalar register, else a constant's value
    SRC_MODS,     // non-VOP source (appendWithMods)
    MEM_VGPR,     // memory VGPR operand of fixed width
    MUBUF_DATA,   // MUBUF/MTBUF vdata/vdst: dw + TFE registers
    MUBUF_VADDR,  // MUBUF/MTBUF vaddr: "off" or 1-2 registers by OFFEN/IDXEN/ADDR64
    FLAT_VADDR,   // FLAT/GLOBAL/SCRATCH vaddr
    SREG_TUPLE,   // srsrc / ssamp
  };
  Kind kind;
  Fld f;
  uint8_t dw;   // registers
  int8_t si;    // source index for modifier bits, or -1
  OpType type;
  uint8_t i = 0;  // operand index
};

struct PrintPlan {
  static constexpr size_t kHeadPad = 48;
  char head[kHeadPad];  // mnemonic + form suffix, zero padded
  uint8_t head_len;
  Enc enc;              // Inst::enc the plan was built for
  uint8_t n;            // operands
  bool mods;            // printModifiers may print something
  const InstDesc* d;
  PrintStep step[8];
};

// Plans by (row, form, generation), built on first use (print_plan.cc).
constexpr int kPlanForms = int(Form::DPP) + 1;
struct PlanTable {
  size_t n;
  std::atomic<const PrintPlan*>* slot;
};
extern std::atomic<const PlanTable*> g_plan_table;
inline size_t planIndex(const Inst& in) {
  return (size_t(in.id) * kPlanForms + size_t(in.form)) * kNumGens + size_t(in.gen);
}
const PrintPlan* printPlanSlow(const Inst& in);
// The plan for in's (row, form, generation); null for an Inst that is not
// a table row (or whose enc is not the one the row's plan was built for).
inline const PrintPlan* printPlan(const Inst& in) {
  const PlanTable* t = g_plan_table.load(std::memory_order_acquire);
  if (__builtin_expect(t != nullptr, 1) && uint8_t(in.form) < kPlanForms &&
      uint8_t(in.gen) < kNumGens) {
    size_t i = planIndex(in);
    if (i < t->n) {
      const PrintPlan* p = t->slot[i].load(std::memory_order_acquire);
      if (__builtin_expect(p != nullptr, 1)) return p->enc == in.enc ? p : nullptr;
    }
  }
  return printPlanSlow(in);
}
// The whole text of in by its plan.
void printWithPlan(const PrintPlan& plan, const Inst& in, TextOut* out);
// The same text without a plan (printer.cc): for Insts no plan fits, and
// the reference the plans are tested against.
void printGeneral(const Inst& in, TextOut* out);

// Memory-family modifiers (decoder/print_memory.cc).
void printMemoryModifiers(PrintCtx& c);
bool printMemoryOperand(PrintCtx& c, int i);

}  // namespace gcn
