#include "semantics/emulator/program.h"
#include "semantics/emulator/inst_mods.h"  // vdetail::opSelOf / keepsOtherHalf, pre-decoded here
#include "isa/legality.h"
#include "isa/mfma.h"
#include "isa/memory_rules.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"

#include <cinttypes>
#include <cstdio>

#include "decoder/decoder.h"
#include "text/assembler.h"
#include "isa/registers.h"
#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/mfma_plan.h"
#include "semantics/emulator/registry.h"
#include "util/cpu_features.h"

namespace gcn::sem {

#if GCN_SEM_X86_CLONES
bool cpuHasAvx2() {
  static const bool has = cpuHasAll(CPU_AVX2 | CPU_FMA | CPU_POPCNT, "GCN_SEM_NO_AVX2");
  return has;
}
bool cpuHasAvx512() {
  static const bool has =
      cpuHasAvx2() && cpuHasAll(CPU_AVX512F | CPU_AVX512BW | CPU_AVX512DQ | CPU_AVX512VL,
                                "GCN_SEM_NO_AVX512");
  return has;
}
#endif

namespace {

bool typeIsFloat(OpType t) {
  return t == OpType::f16 || t == OpType::f32 || t == OpType::f64 || t == OpType::pkf16;
}
bool typeIsSigned(OpType t) {
  return t == OpType::i16 || t == OpType::i32 || t == OpType::i64;
}

// The field holding an operand of role r (mirrors decoder/decoder.cc
// checkOperands); kCount = implicit VCC.
Fld sourceField(const Inst& in, const OperandSpec& op, bool* implicit_vcc) {
  switch (op.role) {
    case Role::sdst: case Role::src2: case Role::ssrc0: case Role::ssrc1:
    case Role::src0: case Role::src1: case Role::vdst: break;
    default:
      *implicit_vcc = false;
      return Fld::kCount;  // memory and other operands are read from pi.inst
  }
  Fld f = operandField(in, op);
  *implicit_vcc = f == Fld::kCount;
  return f;
}

// DPP source lane of `lane` for DPP_CTRL (0xff: out of range). Seed 001's
// table; row_bcast per the hardware docs (rows that receive a broadcast read
// lane 15 of the previous row / lane 31; the others read their own lane).
uint8_t dppSource(int ctrl, int lane) {
  const int row = lane & ~15, in_row = lane & 15;
  if (ctrl <= 0xff) return uint8_t((lane & ~3) + ((ctrl >> ((lane & 3) * 2)) & 3));
  if (ctrl >= 0x101 && ctrl <= 0x10f) {
    int s = in_row + (ctrl & 15);
    return s <= 15 ? uint8_t(row + s) : 0xff;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11f) {
    int s = in_row - (ctrl & 15);
    return s >= 0 ? uint8_t(row + s) : 0xff;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12f) return uint8_t(row + ((in_row - (ctrl & 15)) & 15));
  // GFX90A/GFX940 row_newbcast:n (legality keeps it off other generations):
  // every lane of a row reads lane n of its row.
  if (isRowNewbcast(ctrl)) return uint8_t(row + (ctrl & 15));
  switch (ctrl) {
    case 0x130: return lane + 1 < 64 ? uint8_t(lane + 1) : 0xff;  // wave_shl:1
    case 0x134: return uint8_t((lane + 1) & 63);                  // wave_rol:1
    case 0x138: return lane >= 1 ? uint8_t(lane - 1) : 0xff;      // wave_shr:1
    case 0x13c: return uint8_t((lane - 1) & 63);                  // wave_ror:1
    case 0x140: return uint8_t(row + (in_row ^ 15));              // row_mirror
    case 0x141: return uint8_t((lane & ~7) + ((lane & 7) ^ 7));   // row_half_mirror
    case 0x142: return lane >= 16 ? uint8_t(((lane - 16) & ~15) + 15) : uint8_t(lane);
    case 0x143: return lane >= 32 ? uint8_t(31) : uint8_t(lane);
    default: return 0xff;  // invalid dpp_ctrl: no lane has a source
  }
}

bool isMemoryEnc(Enc e) {
  return e == Enc::MUBUF || e == Enc::MTBUF || e == Enc::MIMG || e == Enc::FLAT || e == Enc::DS;
}

bool hasModifiers(const Inst& in) {
  return in[Fld::NEG] || in[Fld::ABS] || in[Fld::CLAMP] || in[Fld::OMOD] ||
         in[Fld::OP_SEL] || in[Fld::NEG_HI] || in.enc == Enc::VOP3P;
}

}  // namespace

Operand resolveSource(Gen g, int code, int bits, bool is_float, bool is_signed,
                      const Inst& inst) {
  Operand o;
  o.dwords = uint8_t(bits > 32 ? bits / 32 : 1);
  if (code >= opc::kVgpr0) {
    o.kind = OpKind::VGPR;
    o.reg = uint16_t(code - opc::kVgpr0);
    return o;
  }
  if (code < 128) {
    o.kind = OpKind::SREG;
    o.reg = uint16_t(code);
    return o;
  }
  int64_t iv;
  if (inlineIntValue(code, &iv)) {
    o.kind = OpKind::CONST;
    o.value = bits >= 64 ? uint64_t(iv) : (bits == 16 ? uint64_t(uint16_t(iv)) : uint64_t(uint32_t(iv)));
    return o;
  }
  if (code >= opc::kHalf && code <= opc::kInvPi2) {
    o.kind = OpKind::CONST;
    o.value = inlineFloatBits(code, bits >= 64 ? 64 : (bits == 16 ? 16 : 32));
    return o;
  }
  switch (code) {
    case opc::kLiteral: {
      o.kind = OpKind::CONST;
      const uint32_t lit = inst.literal;
      if (bits >= 64)
        o.value = is_float ? uint64_t(lit) << 32
                           : (is_signed ? uint64_t(int64_t(int32_t(lit))) : uint64_t(lit));
      else
        o.value = lit;
      return o;
    }
    case opc::kScc: o.kind = OpKind::SCC; return o;
    case opc::kVccz: o.kind = OpKind::VCCZ; return o;
    case opc::kExecz: o.kind = OpKind::EXECZ; return o;
    case opc::kLdsDirect: o.kind = OpKind::LDS_DIRECT; return o;
    default:
      if (code >= opc::kSharedBase && code <= opc::kPopsExitingWaveId) {
        o.kind = OpKind::APERTURE;
        o.reg = uint16_t(code);
        return o;
      }
  }
  (void)g;
  o.kind = OpKind::CONST;  // reserved codes read as 0
  return o;
}

const char* PInst::mnemonic() const { return inst.desc().mnemonic.data(); }

const char* matrixNumericsName(MatrixNumerics m) {
  return m == MatrixNumerics::EXACT_SUM ? "exact-sum" : "fma-chain";
}

bool parseMatrixNumerics(const std::string& s, MatrixNumerics* m) {
  for (MatrixNumerics x : {MatrixNumerics::FMA_CHAIN, MatrixNumerics::EXACT_SUM})
    if (s == matrixNumericsName(x)) {
      *m = x;
      return true;
    }
  return false;
}

namespace {

void endOfProgram(ExecEnv& e, const PInst&) {
  e.w.fail("ran past the end of the program (no s_endpgm)");
}

}  // namespace

// WaveState holds a std::string, so it is not standard-layout; GCC and
// clang both give offsetof its plain meaning on such classes (no virtual
// bases here).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
constexpr size_t kVOff = offsetof(WaveState, v), kBcastOff = offsetof(WaveState, bcast),
                 kZeroOff = offsetof(WaveState, zero_row), kSOff = offsetof(WaveState, s);
#pragma GCC diagnostic pop
constexpr size_t kRowBytes = sizeof(uint32_t) * kLanes;

void setSourceRows(PInst* p) {
  p->scalar_srcs = p->bcast_srcs = 0;
  p->slow_scalars = false;
  for (int i = 0; i < 3; ++i) {
    const Operand& o = p->src[i];
    p->sc_off[i] = uint32_t(kZeroOff);
    p->sc_mask[i] = p->sc_const[i] = 0;
    if (o.kind == OpKind::VGPR) {
      p->row_off[i] = uint32_t(kVOff + kRowBytes * o.reg);
      p->hi_off[i] = uint32_t(kVOff + kRowBytes * ((o.reg + 1) % kVecRows));
    } else if (o.kind == OpKind::NONE) {
      p->row_off[i] = p->hi_off[i] = uint32_t(kZeroOff);
    } else {
      // A 64-bit scalar's value is all in WaveShared::sc (u64() ORs it
      // in; masks are read from it), so only 32-bit ones are broadcast.
      const bool wide = o.dwords >= 2;
      p->row_off[i] = uint32_t(wide ? kZeroOff : kBcastOff + kRowBytes * i);
      p->hi_off[i] = uint32_t(kZeroOff);
      p->scalar_srcs |= uint8_t(1u << i);
      if (!wide) p->bcast_srcs |= uint8_t(1u << i);
      if (o.kind == OpKind::SREG) {
        p->sc_off[i] = uint32_t(kSOff + sizeof(uint32_t) * o.reg);
        p->sc_mask[i] = wide ? ~0ull : 0xffffffffull;
      } else if (o.kind == OpKind::CONST) {
        p->sc_const[i] = o.value;
      } else {
        p->slow_scalars = true;
      }
    }
  }
}

namespace {

bool preDecode(const Target& t, const Inst& in, Path path, const FileRows& file_row0, PInst* p,
               std::string* err) {
  const InstDesc& d = in.desc();
  p->inst = in;
  p->data_row0 = 0;
  p->mfma = mfmaPlan(in);
  for (int i = 0; i < d.num_operands; ++i) {
    const OperandSpec& op = d.operand[i];
    bool vcc = false;
    Fld f = sourceField(in, op, &vcc);
    const int mfma_bits = mfmaConstantBits(d, op.role);
    const int bits = mfma_bits ? mfma_bits : constantBits(op.type);
    Operand o;
    if (vcc) {
      o.kind = OpKind::SREG;
      o.reg = 106;
      o.dwords = 2;
    } else if (f == Fld::kCount) {
      continue;
    } else if (op.role == Role::vdst) {
      o.kind = OpKind::VGPR;
      o.reg = uint16_t(in[f] & 255);
      o.dwords = uint8_t(std::max(bits > 32 ? bits / 32 : 1, typeDwords(op.type)));
      if (o.reg + o.dwords > kMaxVgprs) {
        *err = "VGPR range v" + std::to_string(o.reg) + ".. runs past v255";
        return false;
      }
      o.reg = uint16_t(o.reg + file_row0[size_t(operandFileOf(in, op))]);
    } else if (op.role == Role::sdst) {
      o.kind = OpKind::SREG;
      o.dwords = uint8_t(bits > 32 ? bits / 32 : 1);
      // Codes 128+ (constants, src_scc, apertures ...) decode as destinations
      // in llvm-mc's syntax but name nothing writable.
      if (in[f] < 0 || in[f] + o.dwords > kScalarCodes) {
        *err = "destination operand code " + std::to_string(in[f]) +
               " is not a writable scalar register";
        return false;
      }
      o.reg = uint16_t(in[f]);
    } else {
      o = resolveSource(t.gen, in[f], bits, typeIsFloat(op.type), typeIsSigned(op.type), in);
      // A register pair for the 64-bit operand types whose constants are
      // read at 32 bits (the packed 32-bit pairs of v_pk_*_f32/b32).
      if (o.kind == OpKind::SREG || o.kind == OpKind::VGPR)
        o.dwords = uint8_t(std::max<int>(o.dwords, typeDwords(op.type)));
      if (o.kind == OpKind::VGPR) {
        if (o.reg + o.dwords > kMaxVgprs) {
          *err = "VGPR range v" + std::to_string(o.reg) + ".. runs past v255";
          return false;
        }
        o.reg = uint16_t(o.reg + file_row0[size_t(operandFileOf(in, op))]);
      }
    }
    switch (op.role) {
      case Role::ssrc0: case Role::src0: p->src[0] = o; break;
      case Role::ssrc1: case Role::src1: p->src[1] = o; break;
      case Role::src2: p->src[2] = o; break;
      case Role::vdst: p->dst = o; break;
      case Role::sdst:
        // Scalar-destination rows (SALU, readlane) use dst; a VOP2/VOP3B/
        // VOPC carry or condition mask is sdst.
        if (op.type == OpType::s64 && (d.enc == Enc::VOP2 || d.enc == Enc::VOPC ||
                                       d.enc == Enc::VOP3B || (d.flags & F_VOP3B)))
          p->sdst = o;
        else
          p->dst = o;
        break;
      default: break;
    }
  }
  // SOPK rows whose SDST is a source (s_cmpk_*, s_setreg_b32) read it via dst.
  if (in.enc == Enc::SOPK && p->dst.kind == OpKind::NONE) {
    p->dst.kind = OpKind::SREG;
    p->dst.reg = uint16_t(in[Fld::SDST] & 127);
  }
  if (in.form == Form::SDWA) p->variant = V_SDWA;
  else if (in.form == Form::DPP) p->variant = V_DPP;
  else if (hasModifiers(in)) p->variant = V_MODS;
  else p->variant = V_PLAIN;
  if (p->variant != V_PLAIN) {
    for (int i = 0; i < 3; ++i) {
      const bool a = vdetail::bitOf(in[Fld::ABS], i), n = vdetail::bitOf(in[Fld::NEG], i);
      p->and32[i] = a ? 0x7fffffffu : ~0u;
      p->xor32[i] = n ? 0x80000000u : 0u;
      p->and64[i] = a ? ~(1ull << 63) : ~0ull;
      p->xor64[i] = n ? 1ull << 63 : 0ull;
    }
  }
  p->opsel = uint8_t(vdetail::opSelOf(in));
  p->keep_half = vdetail::keepsOtherHalf(in);
  p->cmpx = (d.flags & F_VOPC_CMPX) != 0;
  if (p->variant == V_DPP) {
    const int ctrl = in[Fld::DPP_CTRL];
    uint64_t rb = 0;
    for (int l = 0; l < kLanes; ++l) {
      p->dpp_src[l] = dppSource(ctrl, l);
      if (((in[Fld::ROW_MASK] >> (l >> 4)) & 1) && ((in[Fld::BANK_MASK] >> ((l >> 2) & 3)) & 1))
        rb |= 1ull << l;
    }
    p->dpp_rowbank = rb;
  } else {
    for (auto& s : p->dpp_src) s = 0xff;
  }
  setSourceRows(p);
  const SemDef* sd = findSem(d.mnemonic);
  if (!sd) p->fn = &unsupportedHandler;
  else p->fn = path == Path::FAST ? sd->fast[p->variant] : sd->ref;
  if (!p->fn) p->fn = &unsupportedHandler;
  // Memory data in AccVGPRs: rows offset by their file's row0, and the
  // per-lane path (the fast memory paths address VGPR rows only).
  if (isMemoryEnc(d.enc)) {
    // Only the data operands of these rows can name AccVGPRs.
    for (int k = 0; k < d.num_operands; ++k)
      if (const int file = operandFileOf(in, d.operand[k]); file != kVgprFile)
        p->data_row0 = uint16_t(file_row0[size_t(file)]);
    if (p->data_row0 && sd && sd->ref) p->fn = sd->ref;
  }
  return true;
}

}  // namespace

// One past the highest VGPR `in` names (Program::vgpr_rows). Widths are
// over-estimated rather than under: a memory result may carry a TFE dword,
// and MIMG's data width follows DMASK.
int vgprEnd(const Inst& in, const FileRows& file_row0) {
  const InstDesc& d = in.desc();
  if ((d.flags & F_READS_M0) && isVopEnc(d.enc)) return kMaxVgprs;  // v_movrel*
  const bool memory = isMemoryEnc(d.enc);
  int end = 0;
  for (int k = 0; k < d.num_operands; ++k) {
    const OperandSpec& op = d.operand[k];
    const Fld f = operandField(in, op, false);
    if (f == Fld::kCount) continue;
    const int v = in[f];
    int reg;
    if (isVectorRegType(op.type)) reg = v >= opc::kVgpr0 ? v - opc::kVgpr0 : v;
    else if (isSourceType(op.type) && v >= opc::kVgpr0) reg = v - opc::kVgpr0;
    else continue;
    reg += file_row0[size_t(operandFileOf(in, op))];
    int dw = std::max(typeDwords(op.type), operandDwords(in, op));
    if (memory) dw = std::max(dw, 4) + 1;
    end = std::max(end, reg + dw);
  }
  return std::min(end, kVecRows);
}

bool buildProgram(const Target& t, const std::vector<Inst>& insts, uint64_t base, Path path,
                  Program* out, std::string* err, const std::vector<uint8_t>* sizes) {
  out->target = t;
  out->base = base;
  out->path = path;
  out->code.clear();
  out->index_of_pc.clear();
  out->vgpr_rows = 0;
  out->code.resize(insts.size() + 1);
  uint64_t pc = base;
  for (size_t i = 0; i < insts.size(); ++i) {
    PInst& p = out->code[i];
    p.index = uint32_t(i);
    p.next = uint32_t(i + 1);
    p.pc = pc;
    std::string e;
    if (!preDecode(t, insts[i], path, out->file_row0, &p, &e)) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "instruction %zu (pc 0x%" PRIx64 "): ", i, pc);
      *err = buf + e;
      return false;
    }
    out->vgpr_rows = std::max(out->vgpr_rows, vgprEnd(insts[i], out->file_row0));
    out->index_of_pc[pc] = uint32_t(i);
    // In memory an instruction occupies the bytes it was decoded from, which
    // can exceed its canonical size (a literal equal to an inline constant
    // decodes as the constant: VOP_LITERAL_EQUALS_INLINE).
    uint8_t sz = sizes ? (*sizes)[i] : insts[i].size;
    pc += sz ? sz : 4;
  }
  PInst& end = out->code.back();
  end.index = uint32_t(insts.size());
  end.next = end.index;
  end.pc = pc;
  end.fn = &endOfProgram;
  for (auto& s : end.dpp_src) s = 0xff;
  // Branch targets: RELADDR = PC + 4 + SIMM16 * 4 (SOPP/SOPK label operands).
  for (size_t i = 0; i < insts.size(); ++i) {
    PInst& p = out->code[i];
    const InstDesc& d = p.inst.desc();
    bool label = false;
    for (int k = 0; k < d.num_operands; ++k) label |= d.operand[k].type == OpType::label;
    if (!label) continue;
    p.target_pc = p.pc + 4 + uint64_t(int64_t(int16_t(p.inst[Fld::SIMM16]))) * 4;
    p.target = out->indexOf(p.target_pc);
  }
  return true;
}

bool buildProgramFromBytes(const Target& t, const uint8_t* bytes, size_t len, uint64_t base,
                           Path path, Program* out, std::string* err) {
  std::vector<Inst> insts;
  std::vector<uint8_t> sizes;
  size_t off = 0;
  while (off < len) {
    Inst in;
    DecodeResult r = decode(t, bytes + off, len - off, &in);
    if (!r.ok()) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "byte offset 0x%zx: ", off);
      *err = buf + explainDecodeError(t, bytes + off, len - off, r);
      return false;
    }
    insts.push_back(in);
    sizes.push_back(r.size);
    off += r.size;
  }
  return buildProgram(t, insts, base, path, out, err, &sizes);
}

bool buildProgramFromText(const Target& t, const std::string& text, uint64_t base, Path path,
                          Program* out, std::string* err) {
  const AsmResult r = assemble(t, text, base);
  for (const AsmDiagnostic& d : r.diagnostics) {
    if (!d.error) continue;
    *err = "line " + std::to_string(d.line) + ", column " + std::to_string(d.column) + ": " +
           d.message;
    return false;
  }
  std::vector<Inst> insts;
  insts.reserve(r.code.size());
  for (const AsmStatement& st : r.code) insts.push_back(st.inst);
  return buildProgram(t, insts, base, path, out, err);
}

}  // namespace gcn::sem
