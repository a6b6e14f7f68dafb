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

// A parser's load(data, size, err) run on the whole file at `path`; its
// error is prefixed with the path.
template <class Load>
bool loadWholeFile(const std::string& path, std::string* err, Load load) {
  std::vector<uint8_t> bytes;
  if (!readWholeFile(path, &bytes, err)) return false;
  if (load(bytes.data(), bytes.size(), err)) return true;
  *err = path + ": " + *err;
  return false;
}

}  // namespace gcn
