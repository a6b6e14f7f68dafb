#include "difftest/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace gcn::difftest {

std::string ProcResult::describe() const {
  if (!started) return "could not start: " + error;
  if (timed_out) return "timeout (killed)";
  if (signal) {
    const char* name = strsignal(signal);
    return std::string("killed by signal ") + std::to_string(signal) + " (" +
           (name ? name : "?") + ")";
  }
  return "exit " + std::to_string(exit_code);
}

bool programExists(const std::string& program) {
  if (program.empty()) return false;
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= p.size()) {
    size_t end = p.find(':', start);
    if (end == std::string::npos) end = p.size();
    std::string dir = p.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string full = dir + "/" + program;
    struct stat st;
    if (stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(full.c_str(), X_OK) == 0)
      return true;
    start = end + 1;
  }
  return false;
}

namespace {

// A pseudo-terminal pair for a child's stdout: fds[0] the master (ours),
// fds[1] the slave (the child's), raw so that bytes pass unchanged.
bool openTerminal(int fds[2], std::string* why) {
  const int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (m < 0) return *why = std::string("posix_openpt: ") + std::strerror(errno), false;
  char name[128];
  if (grantpt(m) || unlockpt(m) || ptsname_r(m, name, sizeof name)) {
    *why = std::string("pseudo-terminal: ") + std::strerror(errno);
    close(m);
    return false;
  }
  const int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (s < 0) {
    *why = std::string(name) + ": " + std::strerror(errno);
    close(m);
    return false;
  }
  termios t;
  if (tcgetattr(s, &t) == 0) {
    cfmakeraw(&t);
    tcsetattr(s, TCSANOW, &t);
  }
  fds[0] = m;
  fds[1] = s;
  return true;
}

}  // namespace

ProcResult runProcess(const std::vector<std::string>& argv, const std::string& input,
                      double timeout_seconds, bool stdout_terminal) {
  ProcResult r;
  // A tool that exits before reading all its input must not kill us.
  static const bool sigpipe_ignored = [] { signal(SIGPIPE, SIG_IGN); return true; }();
  (void)sigpipe_ignored;
  if (argv.empty()) {
    r.error = "empty command";
    return r;
  }
  int in[2], out[2], err[2];
  // O_CLOEXEC: workers spawned concurrently by other threads must not
  // inherit our pipe ends (a leaked write end would hide EOF).
  if (pipe2(in, O_CLOEXEC)) {
    r.error = std::string("pipe: ") + std::strerror(errno);
    return r;
  }
  if (stdout_terminal ? !openTerminal(out, &r.error) : pipe2(out, O_CLOEXEC) != 0) {
    if (!stdout_terminal) r.error = std::string("pipe: ") + std::strerror(errno);
    close(in[0]);
    close(in[1]);
    return r;
  }
  if (pipe2(err, O_CLOEXEC)) {
    r.error = std::string("pipe: ") + std::strerror(errno);
    for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Own process group, so a timeout kills helpers the tool started too.
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const std::string& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(in[0]);
  close(out[1]);
  close(err[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    close(err[0]);
    r.error = argv[0] + ": " + std::strerror(rc);
    return r;
  }
  r.started = true;
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  size_t written = 0;
  int infd = in[1];
  if (input.empty()) {
    close(infd);
    infd = -1;
  }
  bool out_open = true, err_open = true;
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(long(timeout_seconds * 1000));
  char buf[65536];
  while (out_open || err_open || infd >= 0) {
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      r.timed_out = true;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      break;
    }
    int ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    pollfd p[3];
    int n = 0;
    int iout = -1, ierr = -1, iin = -1;
    if (out_open) { p[n] = {out[0], POLLIN, 0}; iout = n++; }
    if (err_open) { p[n] = {err[0], POLLIN, 0}; ierr = n++; }
    if (infd >= 0) { p[n] = {infd, POLLOUT, 0}; iin = n++; }
    int pr = poll(p, nfds_t(n), ms);
    if (pr < 0) {
      if (errno == EINTR) continue;
      break;
    }
    // A terminal's master reads EIO, not EOF, once the child has closed
    // its end and everything it wrote has been read.
    auto drain = [&](int idx, int fd, std::string* dst, bool* open) {
      if (idx < 0 || !(p[idx].revents & (POLLIN | POLLHUP | POLLERR))) return;
      ssize_t k = read(fd, buf, sizeof buf);
      if (k > 0) dst->append(buf, size_t(k));
      else if (k == 0 || (errno != EAGAIN && errno != EINTR)) *open = false;
    };
    drain(iout, out[0], &r.out, &out_open);
    drain(ierr, err[0], &r.err, &err_open);
    if (iin >= 0 && (p[iin].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t k = write(infd, input.data() + written, input.size() - written);
      if (k > 0) written += size_t(k);
      // EPIPE: the tool stopped reading (crashed or exited early).
      if ((k < 0 && errno != EAGAIN && errno != EINTR) || written == input.size() ||
          (p[iin].revents & (POLLERR | POLLHUP))) {
        close(infd);
        infd = -1;
      }
    }
  }
  if (infd >= 0) close(infd);
  close(out[0]);
  close(err[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!r.timed_out) {
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    else if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  }
  return r;
}

}  // namespace gcn::difftest
