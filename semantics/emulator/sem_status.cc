#include "semantics/emulator/sem_status.h"

#include <map>
#include <mutex>

#include "semantics/emulator/registry.h"

namespace gcn::sem {
namespace {

std::map<std::string_view, std::string>& notes() {
  static std::map<std::string_view, std::string> m;
  return m;
}

}  // namespace

void noteModel(std::string_view mnemonic, std::string note) { notes()[mnemonic] = std::move(note); }

SemStatusInfo semStatus(const InstDesc& d) {
  SemStatusInfo s;
  if (!findSem(d.mnemonic)) {
    s.status = SemStatus::UNSUPPORTED;
    if (d.enc == Enc::MIMG || d.enc == Enc::EXP || d.enc == Enc::VINTRP)
      s.note = "graphics: no texture, export or interpolation state in the model";
    else
      s.note = "no definition";
    return s;
  }
  auto it = notes().find(d.mnemonic);
  if (it != notes().end()) {
    s.status = SemStatus::MODEL;
    s.note = it->second;
    return s;
  }
  s.status = SemStatus::EXACT;
  return s;
}

const char* semStatusName(SemStatus s) {
  switch (s) {
    case SemStatus::EXACT: return "exact";
    case SemStatus::MODEL: return "model";
    default: return "unsupported";
  }
}

}  // namespace gcn::sem
