// Helpers shared by the codeobj tests: the checked-in corpus in runfiles.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace gcn::codeobj::testing {

inline std::string corpusDir() { return "corpus/kernels"; }

// Checked-in code objects (sorted paths).
inline std::vector<std::string> corpusFiles(const std::string& dir = corpusDir()) {
  std::vector<std::string> r;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".co") r.push_back(e.path().string());
  std::sort(r.begin(), r.end());
  return r;
}

inline std::vector<uint8_t> readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

inline std::string readText(const std::string& path) {
  std::ifstream f(path);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// "corpus/kernels/vadd_i32.v2.gfx900.co" -> "vadd_i32.v2.gfx900"
inline std::string stem(const std::string& path) {
  std::string s = std::filesystem::path(path).filename().string();
  return s.substr(0, s.size() - 3);
}

}  // namespace gcn::codeobj::testing
