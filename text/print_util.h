// Internals shared by the printer's files.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "isa/inst.h"
#include "isa/operand_kinds.h"
#include "isa/reg_text.h"
#include "isa/registers.h"

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
  // Room for n (<= kCap) characters at the returned pointer, for writers
  // that work on a raw pointer (put* below); commit(end) takes what they
  // wrote. In caller's-buffer mode a buffer without that room overflows.
  char* reserve(size_t n) {
    if (__builtin_expect(size_t(end_ - p_) < n, 0)) reserveFull(n);
    return p_;
  }
  void commit(char* end) { p_ = end; }
  // Characters written so far.
  size_t size() const { return flushed_ + size_t(p_ - buf_); }
  // Drops text back to an earlier size().
  void truncate(size_t n) {
    if (overflowed_) {  // the text is discarded anyway
      p_ = buf_;
      return;
    }
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
  __attribute__((noinline)) void reserveFull(size_t n) {
    if (!s_) {
      overflowed_ = true;
      // The text is discarded; keep writing in the caller's buffer if it
      // has the room, else in our own (truncate() then rewinds to its start).
      if (n > size_t(end_ - buf_)) {
        buf_ = own_;
        end_ = own_ + kCap;
      }
      p_ = buf_;
      return;
    }
    flush();
  }
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

// Appends a 9-bit operand code read as type t ("v3", "s[2:3]", "-4",
// "0.5", "0x1234"); false if the code names nothing on this generation.
bool appendSrc(const Inst& in, int code, OpType t, TextOut* out);

// The field an operand role reads in this Inst's form, or Fld::kCount for
// implicit operands (VCC in e32 forms).
Fld roleFieldFor(const Inst& in, const OperandSpec& op);

inline void appendHex(uint64_t v, TextOut* out);
inline void appendDec(int64_t v, TextOut* out);

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

// Raw writers: each writes at p, which has room for kPutRoom characters
// (they may write past the text's end within it), and returns the end. The
// plan path (print_plan.cc) writes with them straight into the caller's
// buffer; the TextOut helpers call them through reserve()/commit().
constexpr size_t kPutRoom = 64;

// printf's "0x%" PRIx64 and "%" PRId64.
inline char* putHex(char* p, uint64_t v) {
  p[0] = '0';
  p[1] = 'x';
  char* e = p + 2 + (v ? (67 - __builtin_clzll(v)) / 4 : 1);
  char* q = e;
  do {
    *--q = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v);
  return e;
}
inline char* putDec64(char* p, int64_t v) {
  if (__builtin_expect(uint64_t(v) < 1000, 1)) return putDec(p, int(v));
  uint64_t u = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  if (v < 0) *p++ = '-';
  return putU64(p, u);
}
template <size_t N>
inline char* putLit(char* p, const char (&z)[N]) {
  std::memcpy(p, z, N - 1);
  return p + N - 1;
}
// A VGPR or VGPR range; null for n < 0 or dwords < 1 (appendVgprNameSlow's
// other spellings).
// (The overloads with a RegTables are for callers that print several
// names: they look the tables up once.)
inline char* putVgpr(const RegTables& rt, char* p, int n, int dwords) {
  if (__builtin_expect(unsigned(n) < 256 && unsigned(dwords - 1) < 2, 1)) {
    const RegText& e = rt.v[dwords - 1][n];
    std::memcpy(p, e.s, sizeof(RegText));
    return p + e.n;
  }
  if (n < 0 || dwords < 1) return nullptr;
  return putRegRange(p, "v", n, dwords);
}
inline char* putVgpr(char* p, int n, int dwords) { return putVgpr(regTables(), p, n, dwords); }
// The names the tables do not keep: SGPR ranges, else isa/registers'
// spelling if it fits in kPutRoom - 16 (-1 otherwise; not reached).
int putSregSlow(char** pp, Gen g, int code, int dwords);
// A scalar operand code as a register: 1 written (*pp advanced), 0 no such
// register, -1 a name only appendScalarRegNameSlow writes.
inline int putSreg(const RegTables& rt, char** pp, Gen g, int code, int dwords) {
  if (unsigned(code) < 256 && unsigned(dwords - 1) < 2 && unsigned(g) < kNumGens) {
    const RegText& e = rt.s[int(g)][dwords - 1][code];
    if (e.n == 0) return 0;
    if (e.n != RegText::kLong) {
      std::memcpy(*pp, e.s, sizeof(RegText));
      *pp += e.n;
      return 1;
    }
  }
  return putSregSlow(pp, g, code, dwords);
}
inline int putSreg(char** pp, Gen g, int code, int dwords) {
  return putSreg(regTables(), pp, g, code, dwords);
}

inline void appendHex(uint64_t v, TextOut* out) {
  out->commit(putHex(out->reserve(kPutRoom), v));
}
inline void appendDec(int64_t v, TextOut* out) {
  out->commit(putDec64(out->reserve(kPutRoom), v));
}

inline void appendVgprName(int n, int dwords, TextOut* out) {
  char* p = out->reserve(kPutRoom);
  if (char* e = putVgpr(p, n, dwords)) {
    out->commit(e);
    return;
  }
  appendVgprNameSlow(n, dwords, out);
}
inline bool appendScalarRegName(Gen g, int code, int dwords, TextOut* out) {
  char* p = out->reserve(kPutRoom);
  int r = putSreg(&p, g, code, dwords);
  if (r >= 0) {
    if (r) out->commit(p);
    return r;
  }
  return appendScalarRegNameSlow(g, code, dwords, out);
}

// appendSrc's text: 1 written, 0 the code names nothing, -1 a register
// name only the TextOut helpers write.
int putSrc(char** pp, const Inst& in, int code, OpType t);
// appendVopSrc's text, same results.
int putVopSrc(char** pp, const Inst& in, const InstDesc& d, int code, OpType t, int si);
// appendWithMods' text, same results.
int putWithMods(char** pp, const Inst& in, int code, OpType t, int si);
// SGPR tuple s[n:m] of a resource/sampler; null for the other spellings
// (appendSregTuple writes them).
char* putSregTuple(char* p, int code, int dwords);
// appendSmemOffset's text (SMEM offset operand), same results as putSrc.
int putSmemOffset(char** pp, const Inst& in);
void appendGprIdx(uint32_t v, TextOut* out);

// Mnemonic suffix of a VOP-family Inst (_e32/_e64/_sdwa/_dpp or none, as
// llvm-mc prints it; text/print_modifiers.cc).
const char* vopSuffix(const Inst& in);
// The mnemonic suffix of any Inst (text/printer.cc).
const char* formSuffix(const Inst& in);

// Source operand with the modifiers its row/form takes (VOP families), and
// the plain neg/abs/sext form of the other families (print_operands.cc).
void appendVopSrc(PrintCtx& c, int code, OpType t, int si);
void appendWithMods(PrintCtx& c, int code, OpType t, int si);
// appendMemorySregTuple (isa/memory_rules.h) into the buffer.
bool appendSregTuple(Gen g, int code, int dwords, TextOut* out);

// A piece of fixed text kept zero padded, so appending it is one
// fixed-size copy (no strlen, no length-dependent copy).
struct PadText {
  char s[31];
  uint8_t n;
};
template <size_t N>
constexpr PadText padText(const char (&z)[N]) {
  static_assert(N <= sizeof(PadText::s), "text longer than PadText holds");
  PadText p{};
  for (size_t i = 0; i + 1 < N; ++i) p.s[i] = z[i];
  p.n = uint8_t(N - 1);
  return p;
}

// One trailing modifier of the memory and SMEM families, in llvm-mc's
// order (text/print_memory.cc memoryModSteps).
struct ModStep {
  enum Kind : uint8_t {
    FLAG,          // text (" glc") if the field is non-zero
    DEC,           // text (" offset:") and the field in decimal, if non-zero
    HEX,           // text (" dmask:") and the field in hex, if non-zero
    FLAT_S13,      // GLOBAL/SCRATCH offset: DEC of the signed 13-bit value
    SWIZZLE,       // ds_swizzle_b32's offset (putSwizzle), if non-zero
    MTBUF_FORMAT,  // " format:[...]" unless DFMT is 1 and NFMT 0
  };
  char text[16];  // zero padded
  Kind kind;
  Fld f;
  uint8_t n;  // length of text
};

// The trailing modifiers of a (row, form, generation): which printer runs
// and the facts it needs, worked out from the row once (print_modifiers.cc).
struct ModPlan {
  enum Kind : uint8_t {
    NONE,   // SOP*, SMRD, VOP e32: nothing after the operands
    LIST,   // memory families and SMEM: the steps below
    VOP3,   // VOP3/VOP3B: high, op_sel, clamp, omod
    VOP3P,  // op_sel, op_sel_hi, neg_lo, neg_hi, clamp
    SDWA,   // clamp, omod, dst_sel, dst_unused, src0_sel, src1_sel
    DPP,    // dpp_ctrl, row_mask, bank_mask, bound_ctrl
    MAI,    // cbsz, abid, blgp (each when not 0)
  };
  Kind kind = NONE;
  uint8_t nsrc = 0;     // VOP3/VOP3P: src0..2 operands (op_sel lists)
  bool interp = false;  // VOP3: interp row (" high" from SRC0 bit 8)
  bool op_sel = false;  // VOP3: op_sel printed (F_OPSEL row in VOP3)
  bool mfma_neg = false;  // MAI: the BLGP bits printed as neg:[..] (F_MFMA_NEG)
  bool mix = false;     // VOP3P: mix op (NEG/NEG_HI printed with operands)
  bool omod = false;    // SDWA: omod printed (GFX9)
  bool dst = false;     // SDWA: dst_sel/dst_unused printed (not VOPC)
  bool src1 = false;    // SDWA: src1_sel printed (not VOP1)
  uint8_t n = 0;        // LIST: steps
  ModStep step[10];
};
// The plan depends only on in's row, form, generation and enc.
void buildModPlan(const Inst& in, const InstDesc& d, ModPlan* m);
// The modifiers' text at p, which has room for kModRoom characters.
constexpr size_t kModRoom = 320;
char* putMods(const ModPlan& m, const Inst& in, char* p);
// The memory families' and SMEM's steps; returns their number (<= 10).
int memoryModSteps(const Inst& in, const InstDesc& d, ModStep* step);
// ds_swizzle_b32's " offset:..." and MTBUF's " format:[...]" (print_memory.cc).
char* putSwizzle(char* p, int off);
char* putMtbufFormat(char* p, int dfmt, int nfmt);

// One operand's printer, chosen when the plan is built (print_plan.cc).
struct PrintStep {
  enum Kind : uint8_t {
    GENERIC,      // printOperand(i): depends on more than the plan's key
    GLC_VDST,     // FLAT/GLOBAL atomic vdst: printed (dw registers) only with glc
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
    SREG_DYN,     // VOP scalar destination whose field depends on the Inst
                  // (GFX9 SDWA VOPC: SDST or implicit VCC by the SD bit)
    LABEL,        // SOPP branch target: the simm16 unsigned
    IMM16,        // SOPP/SOPK imm16 (decimal up to 64 except SOPK, else hex)
    SMRD_OFF,     // SMRD offset: imm, literal or SGPR
    SMEM_OFF,     // SMEM offset (putSmemOffset)
    SADDR,        // GLOBAL/SCRATCH saddr: "off" or SGPRs (constants as values)
    MIMG_DATA,    // MIMG vdata/vdst: mimgVdataDwords registers
  };
  Kind kind;
  Fld f;
  uint8_t dw;   // registers
  int8_t si;    // source index for modifier bits, or -1
  OpType type;
  uint8_t i = 0;  // operand index
  int8_t file = -1;  // vector registers: fileSelector of the operand (isa/operand_field.h)
};

struct PrintPlan {
  static constexpr size_t kHeadPad = 48;
  char head[kHeadPad];  // mnemonic + form suffix, zero padded
  uint8_t head_len;
  Enc enc;              // Inst::enc the plan was built for
  uint8_t n;            // operands
  const InstDesc* d;
  PrintStep step[8];
  ModPlan mods;
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
// The whole text of in by its plan at p, with room up to end; null if the
// room (kPlanRoom is always enough) or a rare spelling is beyond the plan
// path: the general path prints the Inst then.
constexpr size_t kPlanRoom = 2048;
char* putWithPlan(const PrintPlan& plan, const Inst& in, char* p, char* end);
// The same text without a plan (printer.cc): for Insts no plan fits, and
// the reference the plans are tested against.
void printGeneral(const Inst& in, TextOut* out);
// printInst(in, buf, cap) for a buffer without kPlanRoom, or for an Inst
// the plan path declines (printer.cc); printInst itself is in
// print_plan.cc, where the plan path inlines into it.
size_t printInstSlow(const Inst& in, char* buf, size_t cap);

// Memory-family operands (text/print_memory.cc).
bool printMemoryOperand(PrintCtx& c, int i);

}  // namespace gcn
