#include "util/read_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gcn {
namespace {

template <class Buf>
bool readInto(const std::string& path, Buf* out, std::string* err) {
  out->clear();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *err = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  struct stat st;
  const bool have_stat = ::fstat(fd, &st) == 0;
  if (have_stat && S_ISDIR(st.st_mode)) {
    ::close(fd);
    *err = "'" + path + "' is a directory, not a file";
    return false;
  }
  // Regular files are sized up front; pipes and devices grow as they read.
  if (have_stat && S_ISREG(st.st_mode) && st.st_size > 0) out->reserve(size_t(st.st_size));
  char chunk[1 << 16];
  for (;;) {
    const ssize_t k = ::read(fd, chunk, sizeof chunk);
    if (k == 0) break;
    if (k < 0) {
      if (errno == EINTR) continue;
      *err = "read error on '" + path + "': " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    out->insert(out->end(), chunk, chunk + k);
  }
  ::close(fd);
  return true;
}

}  // namespace

bool readWholeFile(const std::string& path, std::string* out, std::string* err) {
  return readInto(path, out, err);
}

bool readWholeFile(const std::string& path, std::vector<uint8_t>* out, std::string* err) {
  return readInto(path, out, err);
}

}  // namespace gcn
