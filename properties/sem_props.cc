#include "properties/sem_props.h"

#include <cstdio>

#include "isa/operand_kinds.h"
#include "text/parser.h"
#include "properties/inst_gen.h"
#include "semantics/emulator/registry.h"
#include "semantics/sem_testing.h"

namespace gcn::props {

std::ostream& operator<<(std::ostream& os, const ProgramPair& p) {
  return os << p.target.name << ":\n--- A\n" << p.a << "\n--- B\n" << p.b << "\n";
}

std::unique_ptr<sem::WaveState> newState() { return std::make_unique<sem::WaveState>(); }

bool runProgramText(const Target& t, const std::string& text, const WaveInit& init,
                    sem::Path path, sem::WaveState* out, std::string* err) {
  sem::Program p;
  if (!sem::testing::build(t, text + "\ns_endpgm\n", path, &p, err)) return false;
  applyWaveInit(init, t.gen, *out);
  sem::Lds lds;
  std::string run_err;
  sem::runWave(p, *out, nullptr, &lds, 1000, &run_err);
  return true;
}

void runInst(const Target& t, const Inst& in, const WaveInit& init, sem::Path path,
             sem::WaveState* out, uint32_t* next_ip) {
  auto w0 = newState();
  applyWaveInit(init, t.gen, *w0);
  sem::testing::runOne(t, in, path, *w0, out, next_ip);
}

bool parses(const Target& t, const std::string& line, Inst* out) {
  Inst tmp;
  ParseError pe;
  return parseInst(t, line, out ? out : &tmp, &pe);
}

int rowOn(const Target& t, std::string_view mnemonic) {
  for (int id = 0; id < numInsts(); ++id)
    if (instDesc(id).mnemonic == mnemonic && t.has(instDesc(id))) return id;
  return -1;
}

bool hasSem(int row) { return sem::findSem(instDesc(row).mnemonic) != nullptr; }

const Target& targetAt(int i) { return propertyTargets()[size_t(i)]; }

namespace {

bool isVectorEnc(Enc e) {
  return e == Enc::VOP1 || e == Enc::VOP2 || e == Enc::VOPC || e == Enc::VOP3 ||
         e == Enc::VOP3B || e == Enc::VOP3P;
}

// Immediates, labels, ...: not modelled by these laws (0).
int lawBits(OpType ty) { return isValueType(ty) ? registerBits(ty) : 0; }

bool isSource(Role r) { return sourceIndex(r) >= 0; }

std::string reg(const char* p, int n, int bits) {
  char buf[32];
  if (bits <= 32) std::snprintf(buf, sizeof buf, "%s%d", p, n);
  else std::snprintf(buf, sizeof buf, "%s[%d:%d]", p, n, n + bits / 32 - 1);
  return buf;
}

// Destination / implicit operand text, or "" for a source slot.
std::string fixedOperand(const InstDesc& d, const OperandSpec& o, bool* ok) {
  const int bits = lawBits(o.type);
  const bool vec = isVectorEnc(d.enc);
  if (bits == 0 || bits > 128) { *ok = false; return ""; }
  if (o.role == Role::vdst) return reg("v", 8, bits);
  if (o.role == Role::sdst) return vec ? (bits == 64 ? "vcc" : "s20") : reg("s", 20, bits);
  // The implicit VCC of VOP2 carry-in / cndmask (src2:s64).
  if (vec && isSource(o.role) && o.type == OpType::s64) return "vcc";
  if (!isSource(o.role)) { *ok = false; return ""; }
  return "";
}

const char* const kFloatConsts[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};

}  // namespace

std::vector<std::string> vgprOperands(const InstDesc& d) {
  std::vector<std::string> ops;
  int next = 0;
  for (int i = 0; i < d.num_operands; ++i) {
    bool ok = true;
    std::string f = fixedOperand(d, d.operand[i], &ok);
    if (!ok) return {};
    if (f.empty()) {
      const int bits = lawBits(d.operand[i].type);
      if (!isVectorEnc(d.enc)) f = reg("s", bits == 64 ? 2 * next : next, bits);
      else f = reg("v", bits == 64 ? 2 * next : next, bits);
      ++next;
    }
    ops.push_back(f);
  }
  return ops;
}

rc::Gen<std::vector<std::string>> genOperands(const InstDesc& d, bool scalar_ok) {
  return rc::gen::exec([&d, scalar_ok] {
    std::vector<std::string> ops;
    int sgpr = -1;  // the one SGPR (pair base) the sources may use
    for (int i = 0; i < d.num_operands; ++i) {
      bool ok = true;
      std::string f = fixedOperand(d, d.operand[i], &ok);
      if (!ok) return std::vector<std::string>{};
      if (f.empty()) {
        const int bits = lawBits(d.operand[i].type);
        const bool vec = isVectorEnc(d.enc);
        // 0 VGPR, 1 SGPR, 2 inline integer, 3 inline float
        int kind = vec ? (scalar_ok ? *rc::gen::weightedElement<int>({{5, 0}, {2, 1}, {2, 2}, {1, 3}}) : 0)
                       : *rc::gen::weightedElement<int>({{4, 1}, {2, 2}, {1, 3}});
        if (kind == 1 && vec && sgpr < 0) sgpr = *rc::gen::inRange(0, 8) * 2;
        switch (kind) {
          case 0: f = reg("v", bits == 64 ? *rc::gen::inRange(0, 7) : *rc::gen::inRange(0, 8), bits); break;
          case 1: f = reg("s", vec ? sgpr : *rc::gen::inRange(0, 8) * 2 + (bits == 64 ? 0 : *rc::gen::inRange(0, 2)), bits); break;
          case 2: f = std::to_string(*rc::gen::inRange(-16, 65)); break;
          default: f = *rc::gen::elementOf(std::vector<std::string>(std::begin(kFloatConsts), std::end(kFloatConsts)));
        }
      }
      ops.push_back(f);
    }
    return ops;
  });
}

int srcIndex(const InstDesc& d, int k) {
  for (int i = 0; i < d.num_operands; ++i) {
    Role r = d.operand[i].role;
    if ((k == 0 && (r == Role::src0 || r == Role::ssrc0)) ||
        (k == 1 && (r == Role::src1 || r == Role::ssrc1)))
      return i;
  }
  return -1;
}

std::string joinOps(const std::vector<std::string>& ops) {
  std::string s;
  for (size_t i = 0; i < ops.size(); ++i) s += (i ? ", " : " ") + ops[i];
  return s;
}

}  // namespace gcn::props

namespace gcn {
void showValue(const GenInst& g, std::ostream& os) { ::operator<<(os, g); }
}  // namespace gcn
namespace gcn::sem {
void showValue(Path p, std::ostream& os) { os << (p == Path::FAST ? "fast path" : "reference path"); }
}  // namespace gcn::sem
