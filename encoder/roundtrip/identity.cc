// (c) decode -> print -> parse -> encode identity, and decode -> encode ->
// decode fixpoint, over random words per encoding prefix.
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "isa/processors.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "isa/index.h"

using namespace gcn;

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int show = argc > 2 ? atoi(argv[2]) : 5;
  bool canon_only = argc > 3 && atoi(argv[3]);
  std::mt19937_64 rng(42);
  for (std::string_view cpu : kInstructionSetCpus) {
    Target t;
    std::string e;
    targetFromName(cpu, &t, &e);
    const GenIndex& gi = genIndex(t.gen);
    std::map<std::string, std::vector<std::string>> fails;
    std::map<std::string, int> cnt;
    long decoded = 0, fix_ok = 0, text_ok = 0, bytes_ok = 0, canon = 0;
    for (int enc = 0; enc < kNumEncs; ++enc) {
      const EncIndex& ei = gi.enc[enc];
      if (!ei.present || ei.match_mask == 0 || sharesOpcodeSpace(Enc(enc))) continue;
      for (int i = 0; i < n; ++i) {
        uint32_t w[4];
        for (auto& x : w) x = uint32_t(rng());
        w[0] = (w[0] & ~ei.match_mask) | ei.match_value;
        int r = int(rng() % 8);
        if (r == 0 && (Enc(enc) == Enc::VOP1 || Enc(enc) == Enc::VOP2 || Enc(enc) == Enc::VOPC) && t.gen >= Gen::GFX8)
          w[0] = (w[0] & ~0x1ffu) | (rng() & 1 ? 0xf9 : 0xfa);
        if (r == 1) w[2] = 0x3f800000;
        uint8_t b[16];
        std::memcpy(b, w, 16);
        Inst a;
        if (!decode(t, b, 16, &a).ok()) continue;
        ++decoded;
        std::string enc_name(encName(Enc(enc)));
        // fixpoint
        uint8_t o1[16];
        std::string err;
        size_t n1 = encodeInst(t, a, o1, &err);
        Inst a2;
        bool fp = n1 && decode(t, o1, n1, &a2).ok() && a2 == a;
        if (fp) ++fix_ok;
        else if (fails["fixpoint " + enc_name].size() < size_t(show))
          fails["fixpoint " + enc_name].push_back(printInst(a) + "  err=" + err + "\n      " + debugString(a) + "\n      " + (n1 ? debugString(a2) : std::string("(no bytes)")));
        bool is_canon = fp && std::memcmp(o1, b, n1) == 0;
        if (is_canon) ++canon;
        if (canon_only && !is_canon) continue;
        // text identity
        std::string text = printInst(a);
        Inst p;
        ParseError pe;
        if (!parseInst(t, text, &p, &pe)) {
          cnt["parse_fail " + enc_name]++;
          if (fails["parse " + enc_name].size() < size_t(show))
            fails["parse " + enc_name].push_back(text + "   => col " + std::to_string(pe.column) + ": " + pe.message);
          continue;
        }
        ++text_ok;
        uint8_t o2[16];
        size_t n2 = encodeInst(t, p, o2, &err);
        if (n2 == n1 && std::memcmp(o1, o2, n1) == 0) {
          ++bytes_ok;
        } else {
          cnt["bytes_diff " + enc_name]++;
          if (fails["bytes " + enc_name].size() < size_t(show)) {
            char buf[200];
            std::string hx1, hx2;
            for (size_t k = 0; k < n1; ++k) { snprintf(buf, sizeof buf, "%02x", o1[k]); hx1 += buf; }
            for (size_t k = 0; k < n2; ++k) { snprintf(buf, sizeof buf, "%02x", o2[k]); hx2 += buf; }
            fails["bytes " + enc_name].push_back(text + "\n      canonical " + hx1 + " reparsed " + hx2 + " (reprinted: " + printInst(p) + ")");
          }
        }
      }
    }
    long base = canon_only ? canon : decoded;
    printf("== %s: decoded %ld, fixpoint %ld (%.3f%%), canonical words %ld; %s: parsed %ld (%.3f%%), same bytes %ld (%.3f%%)\n",
           std::string(cpu).c_str(), decoded, fix_ok, 100.0 * fix_ok / decoded, canon, canon_only ? "of canonical" : "of decoded",
           text_ok, 100.0 * text_ok / base, bytes_ok, 100.0 * bytes_ok / base);
    for (auto& [k, v] : cnt) printf("   %s: %d\n", k.c_str(), v);
    for (auto& [k, v] : fails)
      for (auto& s : v) printf("  [%s] %s\n", k.c_str(), s.c_str());
  }
}
