#include "semantics/emulator/registry.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "isa/inst_desc.h"
#include "semantics/emulator/exec_env.h"
#include "semantics/emulator/registry_check.h"
#include "semantics/emulator/operand_read.h"

namespace gcn::sem {

namespace {
// Function-local so registrars in any translation unit may run first.
std::map<std::string_view, SemDef>& table() {
  static std::map<std::string_view, SemDef> t;
  return t;
}
std::vector<std::string>& duplicates() {
  static std::vector<std::string> v;
  return v;
}
}  // namespace

// The first definition stays; a second one is a problem to report, not a
// replacement (registration order across files is unspecified).
Registrar::Registrar(const SemDef& d) {
  if (!table().emplace(d.mnemonic, d).second)
    duplicates().push_back(std::string(d.mnemonic) + ": defined twice");
}

std::vector<std::string> registryProblems() {
  std::vector<std::string> v = duplicates();
  std::set<std::string_view> rows;
  for (const InstDesc* d = instsBegin(); d != instsEnd(); ++d) rows.insert(d->mnemonic);
  for (const auto& kv : table())
    if (!rows.count(kv.first)) v.push_back(std::string(kv.first) + ": no table row has this name");
  std::sort(v.begin(), v.end());
  return v;
}

const SemDef* findSem(std::string_view mnemonic) {
  auto& t = table();
  auto it = t.find(mnemonic);
  return it == t.end() ? nullptr : &it->second;
}

std::vector<const SemDef*> allSems() {
  std::vector<const SemDef*> v;
  for (auto& kv : table()) v.push_back(&kv.second);
  return v;
}

void unsupportedHandler(ExecEnv& e, const PInst& pi) {
  e.w.fail("unsupported in the functional model: " + std::string(pi.inst.desc().mnemonic));
}

void ExecEnv::jumpTo(const PInst& pi) {
  if (pi.target < 0) {
    char buf[120];
    std::snprintf(buf, sizeof buf, "branch target 0x%" PRIx64 " is not an instruction of the program",
                  pi.target_pc);
    w.fail(buf);
    return;
  }
  ip = uint32_t(pi.target);
}

void ExecEnv::jumpToPc(uint64_t pc) {
  int32_t i = prog.indexOf(pc);
  if (i < 0) {
    // Jumping exactly past the last instruction is running off the end.
    if (pc == prog.code.back().pc) {
      ip = uint32_t(prog.code.size() - 1);
      return;
    }
    char buf[120];
    std::snprintf(buf, sizeof buf, "jump target 0x%" PRIx64 " is not an instruction of the program", pc);
    w.fail(buf);
    return;
  }
  ip = uint32_t(i);
}

uint32_t ldsDirectRead(ExecEnv& e) {
  const uint32_t m0 = e.w.m0();
  const uint32_t addr = m0 & 0xffff, fmt = (m0 >> 16) & 7;
  const uint32_t n = (fmt == 0 || fmt == 4) ? 1 : (fmt == 1 || fmt == 5) ? 2 : 4;
  const uint8_t* p = e.lds ? e.lds->at(addr, n) : nullptr;
  if (!p) return 0;  // out of range LDS reads return 0
  uint32_t v = 0;
  std::memcpy(&v, p, n);
  if (fmt == 4) v = uint32_t(int32_t(int8_t(v)));
  if (fmt == 5) v = uint32_t(int32_t(int16_t(v)));
  return v;
}

}  // namespace gcn::sem
