// Assembler aliases: other mnemonics the parser accepts for a row
// (isa/tables/aliases.inc). The printer always writes the row's mnemonic.
#pragma once

#include <string_view>

namespace gcn {

// The row mnemonic `alias` stands for, or "" when it is no alias.
std::string_view aliasTarget(std::string_view alias);

}  // namespace gcn
