// The reviewed list of places where LLVM's assembler syntax cannot tell two
// encodings apart, so print -> parse cannot give back the original bytes.
// Each entry names an erratum row that documents it; anything not on this
// list that fails the text round trip is a bug.
#pragma once

#include <string>

#include "isa/errata.h"
#include "isa/inst.h"
#include "isa/target.h"

namespace gcn {

// If `orig` printed as `text` re-parsed to `parsed` with different bytes, and
// `parsed` prints as the same `text`, and the row is covered by a reviewed
// lossy-syntax erratum, returns that erratum; otherwise nullptr.
const Erratum* lossyTextErratum(const Target& t, const Inst& orig, const std::string& text,
                                const Inst& parsed);

}  // namespace gcn
