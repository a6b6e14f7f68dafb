#include "util/list_dir.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>

namespace gcn {

std::vector<std::string> listDir(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (dirent* e = ::readdir(d)) out.push_back(e->d_name);
    ::closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string findRepoDir(const std::string& hint, const std::string& rel,
                        const std::string& marker) {
  std::vector<std::string> cands;
  if (!hint.empty()) cands.push_back(hint);
  if (const char* w = std::getenv("BUILD_WORKSPACE_DIRECTORY"))
    cands.push_back(std::string(w) + "/" + rel);
  if (const char* t = std::getenv("TEST_SRCDIR")) {
    const char* ws = std::getenv("TEST_WORKSPACE");
    cands.push_back(std::string(t) + "/" + (ws ? ws : "gcnref") + "/" + rel);
  }
  cands.push_back(rel);
  for (const std::string& d : cands) {
    struct stat st;
    const std::string f = d + "/" + marker;
    if (::stat(f.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return d;
  }
  return "";
}

}  // namespace gcn
