// The entries of a directory, for the commands and suites that pick files
// from one (corpus kernels by CPU or case).
#pragma once

#include <string>
#include <vector>

namespace gcn {

// Entry names (not paths) of `dir`, sorted, "." and ".." included as the
// system lists them; empty when dir cannot be opened.
std::vector<std::string> listDir(const std::string& dir);

// A directory of the repository (`rel`, e.g. "corpus/kernels") wherever the
// caller runs: `hint` if given, then under $BUILD_WORKSPACE_DIRECTORY
// (bazel run), $TEST_SRCDIR/$TEST_WORKSPACE (bazel test) and the current
// directory; the first that holds the file `marker`. "" when none does.
std::string findRepoDir(const std::string& hint, const std::string& rel,
                        const std::string& marker);

}  // namespace gcn
