#include "isa/target_testing.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gcn {

Target targetOrDie(std::string_view cpu) {
  Target t;
  std::string err;
  if (!targetFromName(cpu, &t, &err)) {
    std::fprintf(stderr, "targetOrDie(\"%.*s\"): %s\n", int(cpu.size()), cpu.data(), err.c_str());
    std::abort();
  }
  return t;
}

}  // namespace gcn
