#include <cstdio>
#include <random>
#include <string>
#include <vector>
#include <cstring>
#include "isa/processors.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
using namespace gcn;
int main(int argc, char** argv) {
  int n = atoi(argv[1]);
  std::mt19937_64 rng(123);
  const char* alpha = " ,|-()[]:.&0123456789abcdefsvxpt_mrnlgoe";
  long ok = 0, bad = 0;
  for (int it = 0; it < n; ++it) {
    Target t; std::string e;
    targetFromName(kInstructionSetCpus[rng() % std::size(kInstructionSetCpus)], &t, &e);
    std::string line;
    uint32_t w[4]; for (auto& x : w) x = uint32_t(rng());
    uint8_t b[16]; std::memcpy(b, w, 16);
    Inst a;
    if (decode(t, b, 16, &a).ok()) line = printInst(a);
    else line = "v_add_f32 v0, v1, v2";
    int muts = int(rng() % 4);
    for (int m = 0; m < muts; ++m) {
      size_t pos = line.empty() ? 0 : rng() % (line.size() + 1);
      switch (rng() % 4) {
        case 0: line.insert(pos, 1, alpha[rng() % strlen(alpha)]); break;
        case 1: if (pos < line.size()) line.erase(pos, 1); break;
        case 2: if (pos < line.size()) line[pos] = char(rng() & 0xff); break;
        case 3: line = line.substr(0, pos); break;
      }
    }
    Inst p; ParseError pe;
    if (parseInst(t, line, &p, &pe)) {
      uint8_t o[16];
      if (!encodeInst(t, p, o, &e)) { printf("ENCODE FAIL after parse: %s | %s\n", line.c_str(), e.c_str()); }
      std::string v = validateInst(t, p);
      if (!v.empty()) printf("VALIDATE FAIL after parse: %s | %s\n", line.c_str(), v.c_str());
      ++ok;
    } else {
      if (pe.column < 1 || pe.message.empty()) printf("BAD ERROR: %s\n", line.c_str());
      ++bad;
    }
  }
  printf("ok %ld bad %ld\n", ok, bad);
}
