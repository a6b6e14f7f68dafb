// Tool specs: the llvm-mc preset and the generic adapter's config file.
#include <pwd.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "difftest/process.h"
#include "difftest/tool.h"
#include "util/read_file.h"

namespace gcn::difftest {

std::string_view outcomeName(Outcome o) {
  switch (o) {
    case Outcome::ACCEPT: return "accept";
    case Outcome::REJECT: return "reject";
    case Outcome::CRASH: return "crash";
    case Outcome::TIMEOUT: return "timeout";
    case Outcome::LOST: return "lost";
  }
  return "?";
}

std::string normaliseText(std::string_view s) {
  std::string r;
  bool space = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == ';' || c == '#' || (c == '/' && i + 1 < s.size() && s[i + 1] == '/')) break;
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = true;
      continue;
    }
    if (c == ',') {
      r += ',';
      space = false;
      continue;
    }
    if (space && !r.empty() && r.back() != ',') r += ' ';
    space = false;
    r += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return r;
}

namespace {

// "llvm-mc-16" from `llvm-mc --version` ("LLVM version 16.0.6"), the key of
// its profile; "llvm-mc" when the version does not show.
std::string llvmProfile(const std::string& path) {
  ProcResult r = runProcess({path, "--version"}, "", 20);
  static const std::regex re(R"(LLVM version (\d+))");
  std::smatch m;
  if (r.started && std::regex_search(r.out, m, re)) return "llvm-mc-" + std::string(m[1]);
  return "llvm-mc";
}

void llvmPreset(const std::string& path, ToolConfig* c) {
  c->name = path;
  c->profile = llvmProfile(path);
  c->disasm_cmd = path + " -arch=amdgcn -mcpu={mcpu} --disassemble --show-encoding";
  c->disasm_input = "llvm-hex";
  c->disasm_line_regex = R"(^\s+([a-z_][^;]*?)\s*(?:;.*)?$)";
  c->disasm_error_regex = R"(<stdin>:(\d+):(\d+): (?:warning|error): invalid instruction encoding)";
  c->asm_cmd = path + " -arch=amdgcn -mcpu={mcpu} --show-encoding";
  c->asm_output = "llvm";
  c->asm_error_regex = R"(<stdin>:(\d+):\d+: error: (.*))";
  // llvm-mc-19 loses a pipe's buffered answers when it crashes; a terminal
  // costs llvm-mc-16, which keeps them, twice its time.
  c->stdout_mode = ToolConfig::Stdout::AUTO;
}

// CLRX names devices by codename; gfx700, gfx803 and gfx9xx it also takes
// by number. Processors it lacks (gfx601's verde, gfx702, gfx705, gfx805,
// gfx908 on) have no entry: `clrxdisasm -g gfx908` says "Unknown GPU
// device type" (CLRX built from ../shared/peers/clrx-src.tgz).
constexpr const char* kClrxDevices =
    "gfx600=tahiti gfx601=pitcairn gfx602=hainan gfx700=gfx700 gfx701=hawaii gfx703=mullins "
    "gfx704=bonaire gfx801=carrizo gfx802=tonga gfx803=fiji gfx810=stoney gfx900=gfx900 "
    "gfx902=gfx902 gfx904=gfx904 gfx906=gfx906";

bool parseDevices(const std::string& v, ToolConfig* c, std::string* why) {
  c->devices.clear();
  std::istringstream in(v);
  std::string pair;
  while (in >> pair) {
    const size_t eq = pair.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == pair.size())
      return *why = "devices: expected PROCESSOR=DEVICE, got '" + pair + "'", false;
    c->devices.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
  }
  return true;
}

// clrxasm and clrxdisasm in dir: the raw-code binary formats in and out,
// the device by name; clrxasm writes nothing when any line of a batch
// fails, and names every failing line ("FILE:LINE:COL: Error: ...").
void clrxPreset(const std::string& dir, ToolConfig* c) {
  const std::string pre = dir.empty() ? "" : dir + "/";
  c->name = "clrx";
  c->profile = "clrx";
  c->syntax = "clrx";
  c->disasm_cmd = pre + "clrxdisasm -g {device} -r {input}";
  c->disasm_input = "bin";
  c->disasm_line_regex = R"(^\s*(?:/\*[0-9a-f]+\*/\s*)?([A-Za-z_][A-Za-z0-9_]*.*?)\s*(?://.*)?$)";
  c->disasm_invalid_regex = R"(^\.(int|long|byte)|^[A-Z0-9]+_ill_[0-9]+)";
  c->asm_cmd = pre + "clrxasm -g {device} -b rawcode -o {output} {input}";
  c->asm_output = "bin";
  // No message group: the message is the line from "Error:" on, as the
  // profile's patterns read it.
  c->asm_error_regex = R"(^[^:]+:(\d+):\d+: Error: )";
  c->asm_all_or_nothing = true;
  std::string why;
  parseDevices(kClrxDevices, c, &why);
}

// tools/build_clrx.sh's cache when it holds a built clrxdisasm, else ""
// (the programs on PATH).
}  // namespace

std::string defaultClrxDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  // Test runners clear HOME; the account's home is where the cache is.
  if (home.empty())
    if (const passwd* pw = getpwuid(getuid())) home = pw->pw_dir ? pw->pw_dir : "";
  std::string cache = xdg && *xdg ? std::string(xdg) : !home.empty() ? home + "/.cache" : "";
  if (cache.empty()) return "";
  const std::string dir = cache + "/gcnref/clrx/bin";
  return std::ifstream(dir + "/clrxdisasm").good() ? dir : "";
}

namespace {

std::string trim(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

// TOML-ish value: "basic \"string\"", 'literal string', or a bare word/number.
bool parseValue(const std::string& v, std::string* out, std::string* why) {
  if (v.empty()) {
    *out = "";
    return true;
  }
  if (v[0] == '\'') {
    size_t e = v.find('\'', 1);
    if (e == std::string::npos) return *why = "unterminated '...' string", false;
    *out = v.substr(1, e - 1);
    std::string rest = trim(v.substr(e + 1));
    if (!rest.empty() && rest[0] != '#') return *why = "text after the closing quote", false;
    return true;
  }
  if (v[0] == '"') {
    std::string r;
    size_t i = 1;
    for (; i < v.size() && v[i] != '"'; ++i) {
      if (v[i] == '\\' && i + 1 < v.size()) {
        char n = v[++i];
        r += n == 'n' ? '\n' : n == 't' ? '\t' : n;
      } else {
        r += v[i];
      }
    }
    if (i >= v.size()) return *why = "unterminated \"...\" string", false;
    std::string rest = trim(v.substr(i + 1));
    if (!rest.empty() && rest[0] != '#') return *why = "text after the closing quote", false;
    *out = r;
    return true;
  }
  size_t hash = v.find(" #");
  *out = trim(hash == std::string::npos ? v : v.substr(0, hash));
  return true;
}

}  // namespace

bool parseToolConfig(std::string_view text, const std::string& name, ToolConfig* c,
                     std::string* err) {
  *c = ToolConfig();
  c->name = name;
  std::istringstream in{std::string(text)};
  std::string line;
  int ln = 0;
  while (std::getline(in, line)) {
    ++ln;
    std::string l = trim(line);
    if (l.empty() || l[0] == '#' || l[0] == ';' || l[0] == '[') continue;
    size_t eq = l.find('=');
    auto fail = [&](const std::string& m) {
      *err = name + ":" + std::to_string(ln) + ": " + m;
      return false;
    };
    if (eq == std::string::npos) return fail("expected 'key = value'");
    std::string key = trim(l.substr(0, eq)), raw = trim(l.substr(eq + 1)), v, why;
    if (!parseValue(raw, &v, &why)) return fail(why);
    auto checkRegex = [&](const std::string& r) {
      try {
        std::regex re(r);
      } catch (const std::regex_error& e) {
        return fail("bad regex for " + key + ": " + e.what());
      }
      return true;
    };
    if (key == "name") c->name = v;
    else if (key == "disasm_cmd") c->disasm_cmd = v;
    else if (key == "disasm_input") {
      if (v != "llvm-hex" && v != "bin") return fail("disasm_input must be llvm-hex or bin");
      c->disasm_input = v;
    } else if (key == "disasm_line_regex") {
      if (!checkRegex(v)) return false;
      c->disasm_line_regex = v;
    } else if (key == "disasm_error_regex") {
      if (!checkRegex(v)) return false;
      c->disasm_error_regex = v;
    } else if (key == "disasm_error_offset_regex") {
      if (!checkRegex(v)) return false;
      c->disasm_error_offset_regex = v;
    } else if (key == "disasm_invalid_regex") {
      if (!checkRegex(v)) return false;
      c->disasm_invalid_regex = v;
    } else if (key == "asm_cmd") c->asm_cmd = v;
    else if (key == "asm_output") {
      if (v != "llvm" && v != "bin") return fail("asm_output must be llvm or bin");
      c->asm_output = v;
    } else if (key == "asm_error_regex") {
      if (!checkRegex(v)) return false;
      c->asm_error_regex = v;
    } else if (key == "profile") {
      c->profile = v;
    } else if (key == "syntax") {
      if (v != "llvm" && v != "clrx") return fail("syntax must be llvm or clrx");
      c->syntax = v;
    } else if (key == "asm_all_or_nothing") {
      if (v != "true" && v != "false") return fail(key + " must be true or false");
      c->asm_all_or_nothing = v == "true";
    } else if (key == "stdout") {
      if (v == "pipe") c->stdout_mode = ToolConfig::Stdout::PIPE;
      else if (v == "terminal") c->stdout_mode = ToolConfig::Stdout::TERMINAL;
      else if (v == "auto") c->stdout_mode = ToolConfig::Stdout::AUTO;
      else return fail("stdout must be pipe, terminal or auto");
    } else if (key == "devices") {
      std::string why2;
      if (!parseDevices(v, c, &why2)) return fail(why2);
    } else if (key == "timeout" || key == "batch") {
      char* end = nullptr;
      double d = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || d <= 0) return fail(key + " must be a positive number");
      if (key == "timeout") c->timeout = d;
      else c->batch = int(d);
    } else {
      return fail("unknown key '" + key + "'");
    }
  }
  if (c->disasm_cmd.empty() && c->asm_cmd.empty())
    return *err = name + ": neither disasm_cmd nor asm_cmd is set", false;
  if (!c->disasm_cmd.empty() && c->disasm_line_regex.empty())
    c->disasm_line_regex = R"(^\s*([a-z_][^;]*?)\s*(?:(?:;|//).*)?$)";
  return true;
}

bool toolFromSpec(const std::string& spec, ToolConfig* out, std::string* err) {
  if (spec == "llvm-mc" || spec.rfind("llvm-mc:", 0) == 0) {
    std::string path = spec == "llvm-mc" ? "llvm-mc-16" : spec.substr(8);
    if (path.empty()) return *err = "--tool=llvm-mc:PATH needs a path", false;
    *out = ToolConfig();
    llvmPreset(path, out);
    return true;
  }
  if (spec == "clrx" || spec.rfind("clrx:", 0) == 0) {
    std::string dir = spec == "clrx" ? defaultClrxDir() : spec.substr(5);
    *out = ToolConfig();
    clrxPreset(dir, out);
    return true;
  }
  if (spec.rfind("generic:", 0) == 0) {
    std::string file = spec.substr(8);
    std::string text, why;
    if (!readWholeFile(file, &text, &why)) return *err = "tool config: " + why, false;
    return parseToolConfig(text, file, out, err);
  }
  *err = "unknown tool '" + spec + "' (expected llvm-mc, llvm-mc:PATH, clrx, clrx:DIR or generic:FILE)";
  return false;
}

bool toolDevice(const ToolConfig& c, const Target& t, std::string* device) {
  if (c.devices.empty()) {
    *device = std::string(t.name);
    return true;
  }
  for (const auto& [cpu, dev] : c.devices)
    if (cpu == t.name) {
      *device = dev;
      return true;
    }
  return false;
}

}  // namespace gcn::difftest
