// gcnref exec: runs a raw instruction sequence on one wave from a given
// initial state and prints the final state (changed registers, memory
// writes). State file (JSON), every field optional, numbers may be strings
// ("0x..."):
//   { "sgprs": {"s0": 1, "s[4:5]": "0x100000000"} | [v0, v1, ...],
//     "vgprs": {"v0": 7 | [64 lane values], "a0": ... (AccVGPRs)},
//     "exec": "0xffffffffffffffff", "vcc": 0, "scc": 1, "m0": 0, "mode": 0,
//     "pc": "0x1000", "budget": 1000000,
//     "memory": [{"base": "0x10000", "bytes": "0102a0ff"}, {"base": "0x20000", "size": 64}] }
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "semantics/emulator/emulator.h"
#include "semantics/emulator/program.h"
#include "tools/gcnref/cli.h"

namespace gcn::cli {

namespace {

// A minimal JSON value and reader (objects, arrays, strings, numbers, bools).
struct Json {
  enum Kind { NUL, BOOL, NUM, STR, ARR, OBJ } kind = NUL;
  bool b = false;
  std::string s;  // numbers keep their text
  std::vector<Json> arr;
  std::vector<std::pair<std::string, Json>> obj;
  const Json* get(const std::string& k) const {
    for (auto& [n, v] : obj) if (n == k) return &v;
    return nullptr;
  }
};

struct JsonReader {
  const std::string& t;
  size_t i = 0;
  std::string err;
  explicit JsonReader(const std::string& text) : t(text) {}
  void ws() { while (i < t.size() && isspace((unsigned char)t[i])) ++i; }
  bool fail(const std::string& m) {
    if (err.empty()) {
      int line = 1, col = 1;
      for (size_t k = 0; k < i && k < t.size(); ++k) { if (t[k] == '\n') { ++line; col = 1; } else ++col; }
      err = "line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + m;
    }
    return false;
  }
  bool value(Json* v) {
    ws();
    if (i >= t.size()) return fail("unexpected end of input");
    char c = t[i];
    if (c == '{') {
      v->kind = Json::OBJ; ++i; ws();
      if (i < t.size() && t[i] == '}') { ++i; return true; }
      for (;;) {
        ws();
        Json k;
        if (i >= t.size() || t[i] != '"') return fail("expected a string key");
        if (!value(&k)) return false;
        ws();
        if (i >= t.size() || t[i] != ':') return fail("expected ':'");
        ++i;
        Json x;
        if (!value(&x)) return false;
        v->obj.emplace_back(k.s, std::move(x));
        ws();
        if (i < t.size() && t[i] == ',') { ++i; continue; }
        if (i < t.size() && t[i] == '}') { ++i; return true; }
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v->kind = Json::ARR; ++i; ws();
      if (i < t.size() && t[i] == ']') { ++i; return true; }
      for (;;) {
        Json x;
        if (!value(&x)) return false;
        v->arr.push_back(std::move(x));
        ws();
        if (i < t.size() && t[i] == ',') { ++i; continue; }
        if (i < t.size() && t[i] == ']') { ++i; return true; }
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v->kind = Json::STR; ++i;
      while (i < t.size() && t[i] != '"') {
        if (t[i] == '\\' && i + 1 < t.size()) ++i;
        v->s += t[i++];
      }
      if (i >= t.size()) return fail("unterminated string");
      ++i;
      return true;
    }
    if (t.compare(i, 4, "true") == 0) { v->kind = Json::BOOL; v->b = true; i += 4; return true; }
    if (t.compare(i, 5, "false") == 0) { v->kind = Json::BOOL; i += 5; return true; }
    if (t.compare(i, 4, "null") == 0) { i += 4; return true; }
    if (c == '-' || isdigit((unsigned char)c)) {
      v->kind = Json::NUM;
      while (i < t.size() && (isalnum((unsigned char)t[i]) || t[i] == '-' || t[i] == '+' || t[i] == '.'))
        v->s += t[i++];
      return true;
    }
    return fail(std::string("unexpected character '") + c + "'");
  }
};

bool toU64(const Json& v, uint64_t* out, std::string* err, const std::string& what) {
  if (v.kind == Json::BOOL) { *out = v.b; return true; }
  if (v.kind != Json::NUM && v.kind != Json::STR) { *err = what + ": expected a number"; return false; }
  const std::string& s = v.s;
  char* end = nullptr;
  errno = 0;
  if (!s.empty() && s[0] == '-') *out = uint64_t(std::strtoll(s.c_str(), &end, 0));
  else *out = std::strtoull(s.c_str(), &end, 0);
  if (s.empty() || *end || errno) { *err = what + ": bad number '" + s + "'"; return false; }
  return true;
}

// "s5", "s[4:5]", "v3", "v[2:3]" -> first index and count.
bool parseRegKey(const std::string& k, char kind, int* first, int* count) {
  if (k.size() < 2 || k[0] != kind) return false;
  if (k[1] == '[') {
    int a, b;
    if (std::sscanf(k.c_str() + 2, "%d:%d]", &a, &b) != 2 || b < a) return false;
    *first = a; *count = b - a + 1;
    return true;
  }
  char* end;
  long n = std::strtol(k.c_str() + 1, &end, 10);
  if (*end) return false;
  *first = int(n); *count = 1;
  return true;
}

bool loadState(const std::string& text, sem::WaveState& w, sem::MemorySystem& mem,
               uint64_t* pc, uint64_t* budget, std::string* err) {
  Json root;
  JsonReader r(text);
  if (!r.value(&root)) { *err = r.err; return false; }
  if (root.kind != Json::OBJ) { *err = "state: expected a JSON object"; return false; }
  for (auto& [key, v] : root.obj) {
    uint64_t x = 0;
    if (key == "sgprs") {
      if (v.kind == Json::ARR) {
        for (size_t i = 0; i < v.arr.size(); ++i) {
          if (i >= size_t(w.num_sgprs)) { *err = "sgprs: more than " + std::to_string(w.num_sgprs) + " values"; return false; }
          if (!toU64(v.arr[i], &x, err, "sgprs[" + std::to_string(i) + "]")) return false;
          w.s[i] = uint32_t(x);
        }
        continue;
      }
      for (auto& [name, val] : v.obj) {
        int first, count;
        if (!parseRegKey(name, 's', &first, &count) || count > 2 || first + count > w.num_sgprs) {
          *err = "sgprs: bad register '" + name + "'"; return false;
        }
        if (!toU64(val, &x, err, name)) return false;
        w.s[first] = uint32_t(x);
        if (count == 2) w.s[first + 1] = uint32_t(x >> 32);
      }
    } else if (key == "vgprs") {
      for (auto& [name, val] : v.obj) {
        int first, count;
        // Every vector file's names: v5, a5 (the CDNA AccVGPRs; exec's
        // programs keep the files apart, as gfx908 does).
        if (!sem::vectorRowsOfName(name, &first, &count) || count != 1) {
          *err = "vgprs: bad register '" + name + "' (use v0..v255, a0..a255)"; return false;
        }
        if (val.kind == Json::ARR) {
          if (val.arr.size() != sem::kLanes) { *err = name + ": expected 64 lane values"; return false; }
          for (int l = 0; l < sem::kLanes; ++l) {
            if (!toU64(val.arr[l], &x, err, name)) return false;
            w.v[first][l] = uint32_t(x);
          }
        } else {
          if (!toU64(val, &x, err, name)) return false;
          for (int l = 0; l < sem::kLanes; ++l) w.v[first][l] = uint32_t(x);
        }
      }
    } else if (key == "exec") { if (!toU64(v, &x, err, key)) return false; w.setExec(x);
    } else if (key == "vcc") { if (!toU64(v, &x, err, key)) return false; w.setVcc(x);
    } else if (key == "scc") { if (!toU64(v, &x, err, key)) return false; w.scc = x != 0;
    } else if (key == "m0") { if (!toU64(v, &x, err, key)) return false; w.setM0(uint32_t(x));
    } else if (key == "mode") { if (!toU64(v, &x, err, key)) return false; w.setMode(uint32_t(x));
    } else if (key == "pc") { if (!toU64(v, pc, err, key)) return false;
    } else if (key == "budget") { if (!toU64(v, budget, err, key)) return false;
    } else if (key == "memory") {
      for (size_t i = 0; i < v.arr.size(); ++i) {
        const Json& m = v.arr[i];
        const std::string what = "memory[" + std::to_string(i) + "]";
        uint64_t base = 0, size = 0;
        const Json* b = m.get("base");
        if (!b || !toU64(*b, &base, err, what + ".base")) { if (err->empty()) *err = what + ": missing base"; return false; }
        std::vector<uint8_t> bytes;
        if (const Json* h = m.get("bytes")) {
          if (h->s.size() % 2) { *err = what + ".bytes: odd number of hex digits"; return false; }
          for (size_t k = 0; k < h->s.size(); k += 2) {
            char* end;
            std::string two = h->s.substr(k, 2);
            long byte = std::strtol(two.c_str(), &end, 16);
            if (*end) { *err = what + ".bytes: bad hex at digit " + std::to_string(k); return false; }
            bytes.push_back(uint8_t(byte));
          }
        }
        size = bytes.size();
        if (const Json* s = m.get("size")) {
          if (!toU64(*s, &size, err, what + ".size")) return false;
          if (size < bytes.size()) { *err = what + ": size smaller than bytes"; return false; }
        }
        bytes.resize(size);
        if (!mem.global.map(base, size, err, bytes.data(), what)) { *err = what + ": " + *err; return false; }
      }
    } else {
      *err = "state: unknown field '" + key + "'";
      return false;
    }
  }
  return true;
}

std::string hex(uint64_t x, int digits = 8) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, digits, x);
  return buf;
}

const char* stopText(sem::WaveStop s) {
  switch (s) {
    case sem::WaveStop::ENDPGM: return "ended";
    case sem::WaveStop::HALT: return "halted";
    case sem::WaveStop::TRAP: return "trapped";
    case sem::WaveStop::BUDGET: return "budget";
    case sem::WaveStop::ERROR: return "error";
    default: return "stopped";
  }
}

std::string jsonEscape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

}  // namespace

int cmdExec(int argc, char** argv) {
  Args a = parseArgs(argc, argv, 2, {"mcpu", "state", "budget", "matrix-numerics"});
  Target t;
  if (!targetFromArgs(a, &t)) return 2;
  if (a.positional.size() != 1) {
    std::fprintf(stderr, "usage: gcnref exec --mcpu=CPU PROGRAM.s|PROGRAM.bin [--state IN.json] [--json]\n");
    return 2;
  }
  const std::string path = a.positional[0];
  std::string src, err;
  if (!readFile(path, &src, &err)) {
    std::fprintf(stderr, "gcnref exec: %s\n", err.c_str());
    return 1;
  }
  auto w = std::make_unique<sem::WaveState>();
  w->reset(t.gen);
  sem::MemorySystem mem;
  uint64_t pc = 0x1000, budget = 1000000;
  if (a.has("state")) {
    std::string st;
    if (!readFile(a.get("state"), &st, &err) || !loadState(st, *w, mem, &pc, &budget, &err)) {
      std::fprintf(stderr, "gcnref exec: %s: %s\n", a.get("state").c_str(), err.c_str());
      return 1;
    }
  }
  if (a.has("budget")) budget = std::strtoull(a.get("budget").c_str(), nullptr, 0);
  sem::Program prog;
  if (a.has("matrix-numerics") &&
      !sem::parseMatrixNumerics(a.get("matrix-numerics"), &prog.matrix_numerics)) {
    std::fprintf(stderr, "gcnref exec: --matrix-numerics is fma-chain or exact-sum, not '%s'\n",
                 a.get("matrix-numerics").c_str());
    return 2;
  }
  const bool is_text = path.size() > 2 && (path.substr(path.size() - 2) == ".s" ||
                                           (path.size() > 4 && path.substr(path.size() - 4) == ".asm"));
  bool ok = is_text ? sem::buildProgramFromText(t, src, pc, sem::Path::FAST, &prog, &err)
                    : sem::buildProgramFromBytes(t, reinterpret_cast<const uint8_t*>(src.data()),
                                                 src.size(), pc, sem::Path::FAST, &prog, &err);
  if (!ok) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), err.c_str());
    return 1;
  }
  auto before = std::make_unique<sem::WaveState>(*w);
  std::vector<sem::MemRegion> mem_before = mem.global.regions();
  sem::Lds lds;
  std::string run_err;
  const bool ended = sem::runWave(prog, *w, &mem, &lds, budget, &run_err);

  // Changes.
  std::vector<std::pair<std::string, uint64_t>> sregs;
  for (int i = 0; i < sem::kScalarCodes; ++i)
    if (w->s[i] != before->s[i] && i != 126 && i != 127 && i != 106 && i != 107)
      sregs.push_back({sem::scalarCodeName(t.gen, i), w->s[i]});
  std::vector<int> vregs;
  for (int r = 0; r < sem::kVecRows; ++r)
    if (std::memcmp(w->v[r], before->v[r], sizeof w->v[r])) vregs.push_back(r);
  struct Write { uint64_t addr; std::vector<uint8_t> bytes; };
  std::vector<Write> writes;
  for (size_t i = 0; i < mem_before.size(); ++i) {
    const auto& b = mem_before[i].bytes;
    const auto& n = mem.global.regions()[i].bytes;
    for (size_t k = 0; k < b.size();) {
      if (b[k] == n[k]) { ++k; continue; }
      size_t e = k;
      while (e < b.size() && b[e] != n[e]) ++e;
      writes.push_back({mem_before[i].base + k, std::vector<uint8_t>(n.begin() + k, n.begin() + e)});
      k = e;
    }
  }

  if (a.has("json")) {
    std::printf("{\"status\": \"%s\", \"error\": \"%s\", \"executed\": %" PRIu64 ", \"pc\": \"%s\",\n",
                stopText(w->stop), jsonEscape(ended ? "" : run_err).c_str(), w->executed,
                hex(w->pc, 1).c_str());
    std::printf(" \"exec\": \"%s\", \"vcc\": \"%s\", \"scc\": %d, \"m0\": \"%s\",\n",
                hex(w->exec(), 16).c_str(), hex(w->vcc(), 16).c_str(), int(w->scc),
                hex(w->m0()).c_str());
    std::printf(" \"sgprs\": {");
    for (size_t i = 0; i < sregs.size(); ++i)
      std::printf("%s\"%s\": \"%s\"", i ? ", " : "", sregs[i].first.c_str(), hex(sregs[i].second).c_str());
    std::printf("},\n \"vgprs\": {");
    for (size_t i = 0; i < vregs.size(); ++i) {
      std::printf("%s\"%s\": [", i ? ",\n   " : "", sem::vectorRowName(vregs[i]).c_str());
      for (int l = 0; l < sem::kLanes; ++l)
        std::printf("%s\"%s\"", l ? ", " : "", hex(w->v[vregs[i]][l]).c_str());
      std::printf("]");
    }
    std::printf("},\n \"memory_writes\": [");
    for (size_t i = 0; i < writes.size(); ++i) {
      std::printf("%s{\"addr\": \"%s\", \"bytes\": \"", i ? ", " : "", hex(writes[i].addr, 1).c_str());
      for (uint8_t b : writes[i].bytes) std::printf("%02x", b);
      std::printf("\"}");
    }
    std::printf("],\n \"messages\": [");
    for (size_t i = 0; i < w->messages.size(); ++i)
      std::printf("%s{\"pc\": \"%s\", \"simm16\": %u, \"m0\": \"%s\"}", i ? ", " : "",
                  hex(w->messages[i].pc, 1).c_str(), w->messages[i].simm16, hex(w->messages[i].m0).c_str());
    std::printf("]}\n");
  } else {
    std::printf("status: %s after %" PRIu64 " instructions, pc %s\n", stopText(w->stop), w->executed,
                hex(w->pc, 1).c_str());
    if (!ended) std::printf("error: %s\n", run_err.c_str());
    if (w->exec() != before->exec()) std::printf("exec = %s\n", hex(w->exec(), 16).c_str());
    if (w->vcc() != before->vcc()) std::printf("vcc = %s\n", hex(w->vcc(), 16).c_str());
    if (w->scc != before->scc) std::printf("scc = %d\n", int(w->scc));
    for (auto& [n, v] : sregs) std::printf("%s = %s\n", n.c_str(), hex(v).c_str());
    for (int r : vregs) {
      bool uniform = true;
      for (int l = 1; l < sem::kLanes; ++l) uniform &= w->v[r][l] == w->v[r][0];
      if (uniform) {
        std::printf("%s = %s (all lanes)\n", sem::vectorRowName(r).c_str(), hex(w->v[r][0]).c_str());
        continue;
      }
      std::printf("%s =", sem::vectorRowName(r).c_str());
      for (int l = 0; l < sem::kLanes; ++l)
        if (w->v[r][l] != before->v[r][l]) std::printf(" [%d]%s", l, hex(w->v[r][l]).c_str());
      std::printf("\n");
    }
    for (auto& wr : writes) {
      std::printf("mem %s:", hex(wr.addr, 1).c_str());
      for (uint8_t b : wr.bytes) std::printf(" %02x", b);
      std::printf("\n");
    }
    for (auto& m : w->messages)
      std::printf("sendmsg at %s: simm16 %u, m0 %s\n", hex(m.pc, 1).c_str(), m.simm16, hex(m.m0).c_str());
  }
  return ended ? 0 : 1;
}

}  // namespace gcn::cli
