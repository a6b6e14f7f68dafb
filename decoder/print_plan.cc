// Print plans: for every (row, form, generation) the printer meets, the
// mnemonic+suffix text and, per operand, which printer to run on which field
// with which width, worked out once from the row's operand list. The hot
// path then runs a short list of steps instead of re-deciding per operand
// (encoding family switch, operandField, operandDwords, type tests), which
// was most of the printer's time. Every step does exactly what printOperand
// would do for that operand; operands whose printing depends on more than
// the plan's key go through printOperand itself (Step::GENERIC).
#include <atomic>
#include <cstring>
#include <memory>
#include <vector>

#include "decoder/canon.h"
#include "decoder/print_util.h"
#include "decoder/row_info.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"

namespace gcn {
namespace {

bool isMemoryEnc(Enc e) {
  switch (e) {
    case Enc::DS: case Enc::MUBUF: case Enc::MTBUF: case Enc::MIMG:
    case Enc::EXP: case Enc::FLAT: case Enc::VINTRP:
      return true;
    default:
      return false;
  }
}

// Memory operands (printMemoryOperand's cases) whose width and presence
// are fixed by the plan's key, or computed from the Inst by a known rule.
PrintStep memoryStep(const Inst& in, const InstDesc& d, int i) {
  const OperandSpec& op = d.operand[i];
  PrintStep s{PrintStep::GENERIC, Fld::kCount, 1, -1, op.type};
  auto data = [&](Fld f) {
    s.f = f;
    switch (d.enc) {
      case Enc::MUBUF: case Enc::MTBUF: {
        // operandDwords: halved (rounded up) for GFX9 d16 rows, + TFE.
        int dw = typeDwords(op.type);
        if ((d.flags & F_D16) && in.gen == Gen::GFX9) dw = (dw + 1) / 2;
        s.kind = PrintStep::MUBUF_DATA;
        s.dw = uint8_t(dw);
        return;
      }
      case Enc::MIMG:
        return;  // mimgVdataDwords: the generic path
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
    case Role::vdst:
      if (d.enc == Enc::FLAT && (d.flags & F_ATOMIC)) return s;  // prints only with glc
      data(Fld::VDST);
      return s;
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
  if (op.role == Role::sdst && in.form == Form::SDWA && op.type == OpType::s64) return s;
  s.f = operandField(in, op);
  if (s.f == Fld::kCount) {
    s.kind = PrintStep::VCC;
    return s;
  }
  s.dw = uint8_t(typeDwords(op.type));
  s.si = int8_t(srcIndex(op.role));
  if (s.si >= 0) {
    s.kind = op.type == OpType::interpparam ? PrintStep::VOP_SRC
             : isVgprType(op.type)          ? PrintStep::VOP_SRC_VGPR
                                            : PrintStep::VOP_SRC_PLAIN;
  } else if (isVgprType(op.type)) {
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
  switch (op.type) {
    case OpType::label: case OpType::imm16opt: case OpType::gpridx: case OpType::waitcnt:
    case OpType::sendmsg: case OpType::hwreg: case OpType::imm16: case OpType::smrdoff:
    case OpType::smemoff:
      return s;
    default: break;
  }
  if (op.role == Role::sdst && in.form == Form::SDWA && op.type == OpType::s64) return s;
  s.f = operandField(in, op);
  if (s.f == Fld::kCount) {
    s.kind = PrintStep::VCC;
    return s;
  }
  s.dw = uint8_t(typeDwords(op.type));
  if (isVgprType(op.type)) {
    s.kind = PrintStep::VGPR;
  } else if (isScalarRegType(op.type)) {
    s.kind = PrintStep::SREG_OR_SRC;
  } else {
    s.kind = PrintStep::SRC_MODS;
    s.si = int8_t(srcIndex(op.role));
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
  // printModifiers' cases that print nothing whatever the fields: SMRD,
  // the SOP encodings and VOP e32 forms.
  p->mods = isMemoryEnc(d.enc) || d.enc == Enc::SMEM || in.enc == Enc::VOP3P ||
            in.enc == Enc::VOP3 || in.enc == Enc::VOP3B || in.form == Form::SDWA ||
            in.form == Form::DPP;
  for (int i = 0; i < d.num_operands && i < 8; ++i) {
    PrintStep s = isMemoryEnc(d.enc)  ? memoryStep(in, d, i)
                  : isVopEnc(d.enc) ? vopStep(in, d, i)
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
    if (!built) return nullptr;
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

// One operand by its step (inlined into printWithPlan's loop).
inline void runPrintStep(PrintCtx& c, const PrintStep& s) {
  const Inst& in = c.in;
  TextOut* out = c.out;
  switch (s.kind) {
    case PrintStep::GENERIC:
      break;  // printWithPlan calls printOperand
    case PrintStep::VCC:
      out->append("vcc", 3);
      return;
    case PrintStep::LITERAL_HEX:
      appendHex(in.literal, out);  // llvm prints the whole literal dword, also for f16 K
      return;
    case PrintStep::VGPR: {
      int v = in[s.f];
      appendVgprName(v >= 256 ? v - 256 : v, s.dw, out);
      return;
    }
    case PrintStep::VOP_SRC:
      appendVopSrc(c, in[s.f], s.type, s.si);
      return;
    case PrintStep::VOP_SRC_PLAIN:
    case PrintStep::VOP_SRC_VGPR: {
      // appendVopSrc without modifiers: every modifier it prints is read
      // from one of these bits.
      int v = in[s.f];
      if (((in[Fld::NEG] | in[Fld::ABS] | in[Fld::SEXT] | in[Fld::NEG_HI]) >> s.si) & 1) {
        appendVopSrc(c, v, s.type, s.si);
      } else if (s.kind == PrintStep::VOP_SRC_VGPR) {
        if (v == opc::kLdsDirect) *out += "src_lds_direct";  // a VGPR-or-LDS slot
        else appendVgprName(v >= opc::kVgpr0 ? v - opc::kVgpr0 : v, s.dw, out);
      } else if (v >= opc::kVgpr0) {
        appendVgprName(v - opc::kVgpr0, s.dw, out);
      } else if (!appendSrc(in, v, s.type, out)) {
        *out += "<invalid operand>";
      }
      return;
    }
    case PrintStep::SREG:
      if (!appendScalarRegName(in.gen, in[s.f], s.dw, out)) *out += "<invalid operand>";
      return;
    case PrintStep::SREG_OR_SRC: {
      int v = in[s.f];
      // Constants in a scalar-register slot (e.g. soffset) print as values.
      if (!appendScalarRegName(in.gen, v, s.dw, out) && !appendSrc(in, v, OpType::b32, out))
        *out += "<invalid operand>";
      return;
    }
    case PrintStep::SRC_MODS:
      appendWithMods(c, in[s.f], s.type, s.si);
      return;
    case PrintStep::MEM_VGPR:
      appendVgprName(in[s.f] & 0xff, s.dw, out);
      return;
    case PrintStep::MUBUF_DATA:
      appendVgprName(in[s.f] & 0xff, s.dw + (in[Fld::TFE] ? 1 : 0), out);
      return;
    case PrintStep::MUBUF_VADDR:
      // memoryVaddrPresent / operandDwords for MUBUF and MTBUF.
      if (!(in[Fld::OFFEN] || in[Fld::IDXEN] || in[Fld::ADDR64])) {
        out->append("off", 3);
        return;
      }
      appendVgprName(in[Fld::VADDR] & 0xff,
                     (in[Fld::ADDR64] || (in[Fld::OFFEN] && in[Fld::IDXEN])) ? 2 : 1, out);
      return;
    case PrintStep::FLAT_VADDR: {
      // memoryVaddrPresent / operandDwords for FLAT, GLOBAL and SCRATCH.
      const uint64_t flags = c.d.flags;
      const bool saddr = memorySaddrPresent(in);
      if ((flags & F_SCRATCH) && saddr) {
        out->append("off", 3);
        return;
      }
      int dw = (flags & F_SCRATCH) || ((flags & F_GLOBAL) && saddr) ? 1 : 2;
      appendVgprName(in[Fld::VADDR] & 0xff, dw, out);
      return;
    }
    case PrintStep::SREG_TUPLE:
      if (!appendSregTuple(in.gen, in[s.f], s.dw, out)) *out += "<invalid operand>";
      return;
  }
}

}  // namespace

void printWithPlan(const PrintPlan& plan, const Inst& in, TextOut* out) {
  out->appendPadded<PrintPlan::kHeadPad>(plan.head, plan.head_len);
  PrintCtx ctx{in, *plan.d, out};
  bool first = true;
  for (int i = 0; i < plan.n; ++i) {
    const PrintStep& s = plan.step[i];
    if (s.kind == PrintStep::GENERIC) {
      if (!appendOperand(ctx, i, first)) continue;
    } else {
      if (first) *out += ' ';
      else out->append(", ", 2);
      runPrintStep(ctx, s);
    }
    first = false;
  }
  if (plan.mods) printModifiers(ctx);
}

}  // namespace gcn
