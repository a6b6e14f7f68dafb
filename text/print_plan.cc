// Print plans: for every (row, form, generation) the printer meets, the
// mnemonic+suffix text and, per operand, which printer to run on which field
// with which width, worked out once from the row's operand list. The hot
// path then runs a short list of steps instead of re-deciding per operand
// (encoding family switch, operandField, operandDwords, type tests), which
// was most of the printer's time. Every step does exactly what printOperand
// would do for that operand; operands whose printing depends on more than
// the plan's key go through printOperand itself (Step::GENERIC).
// The steps write with the raw writers (put*, print_util.h) straight into
// the caller's buffer; where one meets a spelling only the TextOut helpers
// write, the plan path declines the Inst and the general path prints it.
// Gain (gcnref bench, printInst against printInstWithoutPlans in the same
// run, CPU time): gfx900 1.5-1.9x on the bench stream, 1.7-3.0x on the
// corpus kernels' code; gfx90a and gfx942 1.9x and 2.9-3.0x.
#include <atomic>
#include <cstring>
#include <memory>
#include <vector>

#include "decoder/canon.h"
#include "decoder/row_info.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "text/print_mods.h"
#include "text/print_util.h"
#include "text/printer.h"

namespace gcn {
namespace {

// Memory operands (printMemoryOperand's cases) whose width and presence
// are fixed by the plan's key, or computed from the Inst by a known rule.
PrintStep memoryStep(const Inst& in, const InstDesc& d, int i) {
  const OperandSpec& op = d.operand[i];
  PrintStep s{PrintStep::GENERIC, Fld::kCount, 1, -1, op.type};
  auto data = [&](Fld f) {
    s.f = f;
    s.file = fileSelector(d, in.gen, op);
    switch (d.enc) {
      case Enc::MUBUF: case Enc::MTBUF: {
        // operandDwords: halved (rounded up) for GFX9 d16 rows, + TFE.
        int dw = typeDwords(op.type);
        if ((d.flags & F_D16) && in.gen >= Gen::GFX9) dw = (dw + 1) / 2;
        s.kind = PrintStep::MUBUF_DATA;
        s.dw = uint8_t(dw);
        return;
      }
      case Enc::MIMG:
        s.kind = PrintStep::MIMG_DATA;
        return;
      default:
        s.kind = PrintStep::MEM_VGPR;
        s.dw = uint8_t(operandDwords(in, op));
        return;
    }
  };
  switch (op.role) {
    case Role::vsrc:
      if (op.type != OpType::interpparam) {
        s.kind = PrintStep::MEM_VGPR;
        s.f = Fld::VSRC;
      }
      return s;
    case Role::vdst: {
      Inst no_glc = in;
      no_glc[Fld::GLC] = 0;
      if (!memoryVdstPresent(no_glc)) {  // printed only with glc
        s.kind = PrintStep::GLC_VDST;
        s.f = Fld::VDST;
        s.file = fileSelector(d, in.gen, op);
        s.dw = uint8_t(operandDwords(in, op));
        return s;
      }
      data(Fld::VDST);
      return s;
    }
    case Role::vdata: case Role::addr: case Role::data0: case Role::data1:
      data(operandField(in, op));
      return s;
    case Role::vaddr:
      s.f = Fld::VADDR;
      if (d.enc == Enc::MUBUF || d.enc == Enc::MTBUF) {
        s.kind = PrintStep::MUBUF_VADDR;
      } else if (d.enc == Enc::FLAT) {
        s.kind = PrintStep::FLAT_VADDR;
      } else if (d.enc == Enc::MIMG) {
        s.kind = PrintStep::MEM_VGPR;
        s.dw = uint8_t(typeDwords(op.type));
      }
      return s;
    case Role::srsrc: case Role::ssamp:
      s.kind = PrintStep::SREG_TUPLE;
      s.f = operandField(in, op);
      s.dw = uint8_t(operandDwords(in, op));
      return s;
    case Role::soffset:
      s.kind = PrintStep::SREG_OR_SRC;
      s.f = Fld::SOFFSET;
      s.dw = 1;
      return s;
    case Role::saddr:
      s.kind = PrintStep::SADDR;
      s.f = Fld::SADDR;
      s.dw = uint8_t(operandDwords(in, op));
      return s;
    default:
      return s;
  }
}

// printVopOperand's cases.
PrintStep vopStep(const Inst& in, const InstDesc& d, int i) {
  const OperandSpec& op = d.operand[i];
  PrintStep s{PrintStep::GENERIC, Fld::kCount, 1, -1, op.type};
  if (op.role == Role::k) {
    s.kind = PrintStep::LITERAL_HEX;
    return s;
  }
  if (op.role == Role::attr) return s;
  // A GFX9 SDWA VOPC destination is SDST or VCC depending on the SD bit.
  if (op.role == Role::sdst && in.form == Form::SDWA && op.type == OpType::s64) {
    s.kind = PrintStep::SREG_DYN;
    s.dw = uint8_t(typeDwords(op.type));
    return s;
  }
  s.f = operandField(in, op);
  if (s.f == Fld::kCount) {
    s.kind = PrintStep::VCC;
    return s;
  }
  // MFMA's C from gfx90a on: an inline constant in a register slot.
  if (registerOperandTakesInlineConstant(d, in.gen, op)) return s;
  s.dw = uint8_t(typeDwords(op.type));
  s.si = int8_t(sourceIndex(op.role));
  s.file = fileSelector(d, in.gen, op);
  if (s.si >= 0) {
    s.kind = op.type == OpType::interpparam ? PrintStep::VOP_SRC
             : isVectorRegType(op.type)          ? PrintStep::VOP_SRC_VGPR
                                            : PrintStep::VOP_SRC_PLAIN;
  } else if (isVectorRegType(op.type)) {
    s.kind = PrintStep::VGPR;
  } else {
    s.kind = PrintStep::SREG;
  }
  return s;
}

// printOperand's cases for the scalar families (SOP*, SMRD, SMEM).
PrintStep scalarStep(const Inst& in, const InstDesc& d, int i) {
  const OperandSpec& op = d.operand[i];
  PrintStep s{PrintStep::GENERIC, Fld::kCount, 1, -1, op.type};
  if (op.role == Role::k) return s;
  if (op.role == Role::sdst && in.form == Form::SDWA && op.type == OpType::s64) return s;
  s.f = operandField(in, op);
  if (s.f == Fld::kCount) {
    s.kind = PrintStep::VCC;
    return s;
  }
  switch (op.type) {
    case OpType::label: s.kind = PrintStep::LABEL; return s;
    case OpType::imm16: s.kind = PrintStep::IMM16; return s;
    case OpType::smrdoff: s.kind = PrintStep::SMRD_OFF; return s;
    case OpType::smemoff: s.kind = PrintStep::SMEM_OFF; return s;
    default: break;
  }
  if (!isValueType(op.type)) return s;  // an immediate with a syntax of its own
  s.dw = uint8_t(typeDwords(op.type));
  if (isVectorRegType(op.type)) {
    s.kind = PrintStep::VGPR;
  } else if (isScalarRegType(op.type)) {
    s.kind = PrintStep::SREG_OR_SRC;
  } else {
    s.kind = PrintStep::SRC_MODS;
    s.si = int8_t(sourceIndex(op.role));
  }
  return s;
}

std::unique_ptr<PrintPlan> buildPlan(const Inst& in) {
  auto p = std::make_unique<PrintPlan>();
  const InstDesc& d = in.desc();
  p->d = &d;
  p->enc = in.enc;
  std::string head = std::string(d.mnemonic) + formSuffix(in);
  if (head.size() > sizeof p->head) return nullptr;  // the general path prints it
  std::memset(p->head, 0, sizeof p->head);
  std::memcpy(p->head, head.data(), head.size());
  p->head_len = uint8_t(head.size());
  p->n = d.num_operands;
  buildModPlan(in, d, &p->mods);
  const EncFamily fam = encFamily(d.enc);
  for (int i = 0; i < d.num_operands && i < 8; ++i) {
    PrintStep s = fam == EncFamily::MEMORY ? memoryStep(in, d, i)
                  : fam == EncFamily::VOP  ? vopStep(in, d, i)
                                           : scalarStep(in, d, i);
    s.i = uint8_t(i);
    p->step[i] = s;
  }
  return p;
}

}  // namespace

// One slot per (row, form, generation), filled on first use. Printing may
// happen on several threads (emulator, difftest): a slot is published with
// a compare-exchange, and a thread that loses the race drops its copy.
std::atomic<const PlanTable*> g_plan_table{nullptr};

const PrintPlan* printPlanSlow(const Inst& in) {
  static const PlanTable* const table = [] {
    auto* t = new PlanTable;  // plans live as long as the program
    t->n = size_t(numInsts()) * kPlanForms * kNumGens;
    t->slot = new std::atomic<const PrintPlan*>[t->n];
    for (size_t i = 0; i < t->n; ++i) t->slot[i].store(nullptr, std::memory_order_relaxed);
    return t;
  }();
  g_plan_table.store(table, std::memory_order_release);
  if (uint8_t(in.form) >= kPlanForms || uint8_t(in.gen) >= kNumGens) return nullptr;
  size_t i = planIndex(in);
  if (i >= table->n) return nullptr;
  const PrintPlan* p = table->slot[i].load(std::memory_order_acquire);
  if (p == nullptr) {
    std::unique_ptr<PrintPlan> built = buildPlan(in);
    if (!built) {
      // Remembered, so that the slot is not built again for every Inst:
      // an enc no Inst has sends printPlan's callers to the general path.
      static const PrintPlan kNoPlan = [] {
        PrintPlan none{};
        none.enc = Enc(kNumEncs);
        return none;
      }();
      table->slot[i].store(&kNoPlan, std::memory_order_release);
      return nullptr;
    }
    const PrintPlan* expected = nullptr;
    if (table->slot[i].compare_exchange_strong(expected, built.get(),
                                               std::memory_order_acq_rel))
      p = built.release();
    else
      p = expected;
  }
  // The plan was derived for the encoding its builder saw; an Inst put
  // together by hand with another one takes the general path.
  return p->enc == in.enc ? p : nullptr;
}

namespace {

// Room for the rest of the text after the head or a GENERIC step: every
// raw step writes at most its separator and kPutRoom, the modifiers
// kModRoom.
constexpr ptrdiff_t kRestRoom = 8 * (2 + kPutRoom) + kModRoom;
static_assert(PrintPlan::kHeadPad + kRestRoom <= kPlanRoom, "kPlanRoom too small");

// An operand the raw steps leave to printOperand, with its separator;
// *first is cleared when it is printed. Out of line: a TextOut in
// putWithPlan's frame costs every instruction.
__attribute__((noinline)) char* putGeneric(const PrintPlan& plan, const Inst& in, int i,
                                           bool* first, char* p, char* end) {
  TextOut t(p, size_t(end - p));
  PrintCtx ctx{in, *plan.d, &t};
  if (appendOperand(ctx, i, *first)) *first = false;
  return t.overflowed() ? nullptr : p + t.size();
}

// Step s's vector registers n.. in this Inst: VGPRs, or the registers of
// the same numbers in the file the step's selector picks (their names
// differ from the VGPRs' in the first letter).
__attribute__((always_inline)) inline char* putDataRegs(const RegTables& rt, char* p,
                                                         const PrintStep& s, const Inst& in, int n,
                                                         int dwords) {
  char* e = putVgpr(rt, p, n, dwords);
  if (e && selectsBeyondVgprs(s.file)) *p = kVectorFiles[selectedFile(s.file, in[Fld::ACC])].prefix;
  return e;
}

// One operand by its step (inlined into putWithPlan's loop); null when the
// general path must print the Inst.
__attribute__((always_inline)) inline char* putStep(const PrintStep& s, const PrintPlan& plan,
                                                    const Inst& in, int mod_bits,
                                                    const RegTables& rt, char* p) {
  switch (s.kind) {
    case PrintStep::GENERIC:
      return nullptr;  // putWithPlan calls printOperand
    case PrintStep::VCC:
      return putLit(p, "vcc");
    case PrintStep::LITERAL_HEX:
      return putHex(p, in.literal);  // llvm prints the whole literal dword, also for f16 K
    case PrintStep::VGPR: {
      int v = in[s.f];
      return putDataRegs(rt, p, s, in, v >= 256 ? v - 256 : v, s.dw);
    }
    case PrintStep::VOP_SRC:
    case PrintStep::VOP_SRC_PLAIN:
    case PrintStep::VOP_SRC_VGPR: {
      const int v = in[s.f];
      // appendVopSrc without modifiers: every modifier it prints is read
      // from one of the mod_bits.
      if (s.kind == PrintStep::VOP_SRC || ((mod_bits >> s.si) & 1))
        return putVopSrc(&p, in, *plan.d, v, s.type, s.si) > 0 ? p : nullptr;
      if (s.kind == PrintStep::VOP_SRC_VGPR) {
        if (v == opc::kLdsDirect) return putLit(p, "src_lds_direct");  // a VGPR-or-LDS slot
        return putDataRegs(rt, p, s, in, v >= opc::kVgpr0 ? v - opc::kVgpr0 : v, s.dw);
      }
      if (v >= opc::kVgpr0) return putVgpr(rt, p, v - opc::kVgpr0, s.dw);
      const int r = putSrc(&p, in, v, s.type);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::SREG: {
      const int r = putSreg(rt, &p, in.gen, in[s.f], s.dw);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::SREG_OR_SRC: {
      // Constants in a scalar-register slot (e.g. soffset) print as values.
      const int v = in[s.f];
      int r = putSreg(rt, &p, in.gen, v, s.dw);
      if (r == 0) r = putSrc(&p, in, v, OpType::b32);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::SRC_MODS:
      return putWithMods(&p, in, in[s.f], s.type, s.si) > 0 ? p : nullptr;
    case PrintStep::MEM_VGPR:
      return putDataRegs(rt, p, s, in, in[s.f] & 0xff, s.dw);
    case PrintStep::MUBUF_DATA:
      return putDataRegs(rt, p, s, in, in[s.f] & 0xff,
                         s.dw + (in[Fld::TFE] ? 1 : 0));
    case PrintStep::MUBUF_VADDR:
      if (const int dw = bufferVaddrDwords(in)) return putVgpr(rt, p, in[Fld::VADDR] & 0xff, dw);
      return putLit(p, "off");
    case PrintStep::FLAT_VADDR: {
      // memoryVaddrPresent / operandDwords for FLAT, GLOBAL and SCRATCH.
      const uint64_t flags = plan.d->flags;
      const bool saddr = memorySaddrPresent(in);
      if ((flags & F_SCRATCH) && !memoryVaddrPresent(in)) return putLit(p, "off");
      const int dw = (flags & F_SCRATCH) || ((flags & F_GLOBAL) && saddr) ? 1 : 2;
      return putVgpr(rt, p, in[Fld::VADDR] & 0xff, dw);
    }
    case PrintStep::SREG_TUPLE:
      return putSregTuple(p, in[s.f], s.dw);  // TTMP tuples: the general path
    case PrintStep::SREG_DYN: {
      const Fld f = operandField(in, plan.d->operand[s.i]);
      if (f == Fld::kCount) return putLit(p, "vcc");
      const int r = putSreg(rt, &p, in.gen, in[f], s.dw);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::LABEL:
      // llvm-mc's disassembler prints the raw simm16 as unsigned decimal.
      return putDec(p, uint16_t(in[s.f]));
    case PrintStep::IMM16: {
      // SOPK immediates print as hex; SOPP ones as decimal up to 64.
      const int v = in[s.f];
      if (in.enc != Enc::SOPK && uint16_t(v) <= 64) return putDec(p, uint16_t(v));
      return putHex(p, uint32_t(v) & 0xffff);
    }
    case PrintStep::SMRD_OFF: {
      const int v = in[s.f];
      if (in[Fld::IMM]) return putHex(p, uint32_t(v));
      if (in.has_literal) return putHex(p, in.literal);
      const int r = putSreg(rt, &p, in.gen, v, 1);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::SMEM_OFF:
      return putSmemOffset(&p, in) > 0 ? p : nullptr;
    case PrintStep::SADDR: {
      if (!memorySaddrPresent(in)) return putLit(p, "off");
      // Constants in a scalar-register slot print as values.
      const int v = in[Fld::SADDR] & (s.dw == 2 ? ~1 : ~0);
      int r = putSreg(rt, &p, in.gen, v, s.dw);
      if (r == 0) r = putSrc(&p, in, v, OpType::b32);
      if (r < 0) return nullptr;
      return r ? p : putLit(p, "<invalid operand>");
    }
    case PrintStep::MIMG_DATA:
      return putDataRegs(rt, p, s, in, in[s.f] & 0xff, mimgVdataDwords(in));
    case PrintStep::GLC_VDST:
      return putDataRegs(rt, p, s, in, in[s.f] & 0xff, s.dw);
  }
  return nullptr;
}

// putWithPlan, inlined into printInst (disasm's call per instruction).
__attribute__((always_inline)) inline char* putPlanned(const PrintPlan& plan, const Inst& in,
                                                       char* p, char* end) {
  if (end - p < ptrdiff_t(kPlanRoom)) return nullptr;
  const RegTables& rt = regTables();
  std::memcpy(p, plan.head, PrintPlan::kHeadPad);
  p += plan.head_len;
  const int mod_bits = in[Fld::NEG] | in[Fld::ABS] | in[Fld::SEXT] | in[Fld::NEG_HI];
  // The separator as two bytes written whole: " " (and a ',' the operand
  // overwrites) before the first operand, ", " after.
  uint16_t sep = ' ' | ',' << 8;
  int sep_len = 1;
  for (int i = 0; i < plan.n; ++i) {
    const PrintStep& s = plan.step[i];
    if (__builtin_expect(s.kind <= PrintStep::GLC_VDST, 0)) {
      if (s.kind == PrintStep::GENERIC) {
        // Operands that may be absent, and the rarer spellings.
        bool first = sep_len == 1;
        p = putGeneric(plan, in, i, &first, p, end);
        if (!p || end - p < kRestRoom) return nullptr;
        if (!first) {
          sep = ',' | ' ' << 8;
          sep_len = 2;
        }
        continue;
      }
      if (!in[Fld::GLC]) continue;  // GLC_VDST: absent
    }
    std::memcpy(p, &sep, 2);
    p += sep_len;
    sep = ',' | ' ' << 8;
    sep_len = 2;
    p = putStep(s, plan, in, mod_bits, rt, p);
    if (!p) return nullptr;
  }
  if (plan.mods.kind != ModPlan::NONE) p = putModsInline(plan.mods, in, p);
  return p;
}

}  // namespace

char* putWithPlan(const PrintPlan& plan, const Inst& in, char* p, char* end) {
  return putPlanned(plan, in, p, end);
}

size_t printInst(const Inst& in, char* buf, size_t cap) {
  if (cap >= kPlanRoom) {
    // Straight into the caller's buffer (gcnref disasm's output).
    if (const PrintPlan* plan = printPlan(in))
      if (char* e = putPlanned(*plan, in, buf, buf + cap)) return size_t(e - buf);
  }
  return printInstSlow(in, buf, cap);
}

}  // namespace gcn
