#include "tools/gcnref/cli.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "util/read_file.h"

namespace gcn::cli {

bool Args::has(std::string_view name) const {
  for (auto& [k, v] : options)
    if (k == name) return true;
  return false;
}

std::string Args::get(std::string_view name, std::string_view def) const {
  std::string r(def);
  for (auto& [k, v] : options)
    if (k == name) r = v;
  return r;
}

std::vector<std::string> Args::getAll(std::string_view name) const {
  std::vector<std::string> r;
  for (auto& [k, v] : options)
    if (k == name) r.push_back(v);
  return r;
}

Args parseArgs(int argc, char** argv, int first,
               const std::vector<std::string>& with_value) {
  Args a;
  for (int i = first; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "-" || s.size() < 2 || s[0] != '-') {
      a.positional.push_back(s);
      continue;
    }
    std::string name = s.substr(s[1] == '-' ? 2 : 1);
    std::string value;
    size_t eq = name.find('=');
    bool takes = false;
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else {
      for (auto& w : with_value) takes |= (w == name);
      if (takes && i + 1 < argc) value = argv[++i];
    }
    a.options.emplace_back(name, value);
  }
  return a;
}

bool readFile(const std::string& path, std::string* out, std::string* err) {
  if (path == "-" || path.empty()) {
    out->assign(std::istreambuf_iterator<char>(std::cin), {});
    return true;
  }
  return readWholeFile(path, out, err);
}

bool targetFromArgs(const Args& a, Target* t) {
  std::string err;
  std::string cpu = a.get("mcpu", "gfx900");
  if (!targetFromName(cpu, t, &err)) {
    std::fprintf(stderr, "gcnref: %s\n", err.c_str());
    return false;
  }
  return true;
}

bool parseHexLine(std::string_view line, std::vector<uint8_t>* out, int* bad_col,
                  std::vector<int>* cols) {
  size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c == '#' || c == ';') break;
    if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '[' || c == ']') {
      ++i;
      continue;
    }
    size_t start = i;
    if (c == '0' && i + 1 < line.size() && (line[i + 1] == 'x' || line[i + 1] == 'X')) i += 2;
    unsigned v = 0;
    int digits = 0;
    while (i < line.size() && std::isxdigit(static_cast<unsigned char>(line[i]))) {
      char h = line[i];
      v = v * 16 + unsigned(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
      ++digits;
      ++i;
    }
    if (digits == 0 || digits > 2 ||
        (i < line.size() && !(line[i] == ' ' || line[i] == ',' || line[i] == '\t' ||
                              line[i] == '\r' || line[i] == ']' || line[i] == '#' ||
                              line[i] == ';'))) {
      *bad_col = int(start) + 1;
      return false;
    }
    out->push_back(uint8_t(v));
    if (cols) cols->push_back(int(start) + 1);
  }
  return true;
}

}  // namespace gcn::cli
