// Reading a whole named file, with an error that says what went wrong
// (missing, a directory, unreadable) instead of an empty result or an
// exception from a stream.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn {

bool readWholeFile(const std::string& path, std::string* out, std::string* err);
bool readWholeFile(const std::string& path, std::vector<uint8_t>* out, std::string* err);

}  // namespace gcn
