// How faithfully the functional model runs a table row: exactly (the
// documented operation, bit for bit), by a stated model where the hardware's
// behaviour is unpublished (with the bound it keeps), or not at all (the
// wave stops with "unsupported in the functional model: NAME").
#pragma once

#include <string>
#include <string_view>

#include "isa/inst_desc.h"

namespace gcn::sem {

enum class SemStatus { EXACT, MODEL, UNSUPPORTED };

struct SemStatusInfo {
  SemStatus status = SemStatus::UNSUPPORTED;
  std::string note;  // MODEL: the model and its bound; UNSUPPORTED: why
};

SemStatusInfo semStatus(const InstDesc& d);

const char* semStatusName(SemStatus s);  // "exact", "model", "unsupported"

// Called by a definition file (at static initialisation, beside its
// registration) for a row it runs by a stated model rather than exactly.
void noteModel(std::string_view mnemonic, std::string note);

// Registers a model note at static initialisation.
struct ModelNote {
  ModelNote(std::string_view mnemonic, std::string note) { noteModel(mnemonic, std::move(note)); }
};

}  // namespace gcn::sem
