#include "fuzz/fuzz_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <vector>

namespace gcn::fuzz {
namespace {

const std::vector<Target>& targets() {
  static const std::vector<Target> kTargets = [] {
    // Order is part of the corpus format: append only.
    const char* names[] = {"gfx600", "gfx704", "gfx803", "gfx900", "gfx906",
                           "gfx703", "gfx810", "gfx902", "gfx801", "gfx909",
                           "gfx908", "gfx90a", "gfx940", "gfx942"};
    std::vector<Target> v;
    for (const char* n : names) {
      Target t;
      std::string err;
      if (!targetFromName(n, &t, &err)) {
        std::fprintf(stderr, "fuzz: unknown processor %s: %s\n", n, err.c_str());
        std::abort();
      }
      v.push_back(t);
    }
    return v;
  }();
  return kTargets;
}

}  // namespace

int numFuzzTargets() { return int(targets().size()); }
const Target& fuzzTarget(int index) { return targets()[size_t(index)]; }
const Target& targetFromByte(uint8_t b) { return fuzzTarget(b % numFuzzTargets()); }

std::string hex(const uint8_t* data, size_t size) {
  std::string s;
  char buf[4];
  for (size_t i = 0; i < size; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", data[i]);
    s += buf;
  }
  return s;
}

bool ignored(const std::string& what, const std::string& detail) {
  static const char* list = std::getenv("GCNREF_FUZZ_IGNORE");
  if (!list) return false;
  bool match = false;
  std::string l = list;
  for (size_t i = 0; i <= l.size();) {
    size_t j = l.find('|', i);
    if (j == std::string::npos) j = l.size();
    std::string item = l.substr(i, j - i);
    if (!item.empty() && item.back() == '*')
      match |= what.compare(0, item.size() - 1, item, 0, item.size() - 1) == 0;
    else
      match |= item == what;
    i = j + 1;
  }
  if (!match) return false;
  static std::mutex mu;
  static std::set<std::string> seen;
  std::lock_guard<std::mutex> lock(mu);
  if (seen.insert(what).second)
    std::fprintf(stderr, "IGNORED FINDING (%s): %s\n", what.c_str(), detail.c_str());
  return true;
}

void fail(const std::string& what, const std::string& detail, const uint8_t* data, size_t size) {
  std::fprintf(stderr, "FINDING (%s): %s\ninput (%zu bytes): %s\n", what.c_str(), detail.c_str(), size,
               hex(data, size > 256 ? 256 : size).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace gcn::fuzz
