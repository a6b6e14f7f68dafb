// The entries of a directory, for the commands and suites that pick files
// from one (corpus kernels by CPU or case).
#pragma once

#include <string>
#include <vector>

namespace gcn {

// Entry names (not paths) of `dir`, sorted, "." and ".." included as the
// system lists them; empty when dir cannot be opened.
std::vector<std::string> listDir(const std::string& dir);

}  // namespace gcn
