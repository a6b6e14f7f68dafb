// What registration of the semantic definitions got wrong: a definition
// whose name is no table row (a misspelt GCN_VALU(v_add_f3) would
// otherwise compile and never run), and a name defined twice (the later
// registration would silently replace the earlier).
#pragma once

#include <string>
#include <vector>

namespace gcn::sem {

// One line per problem, sorted; empty when every definition names exactly
// one table row once.
std::vector<std::string> registryProblems();

}  // namespace gcn::sem
