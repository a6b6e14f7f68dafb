#include "util/progress.h"

#include <unistd.h>

#include <cmath>

namespace gcn {

bool progressWanted(bool quiet, bool forced) {
  if (forced) return true;
  return !quiet && isatty(STDERR_FILENO);
}

Progress::Progress(std::string what, uint64_t total, bool enabled, double delay, std::FILE* out)
    : what_(std::move(what)), total_(total), enabled_(enabled), delay_(delay), out_(out),
      start_(Clock::now()), last_(start_) {}

namespace {

std::string duration(double s) {
  char buf[32];
  if (!std::isfinite(s) || s < 0) return "?";
  const uint64_t t = uint64_t(s + 0.5);
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%lluh%02llum", (unsigned long long)(t / 3600),
                  (unsigned long long)(t / 60 % 60));
  else if (t >= 60)
    std::snprintf(buf, sizeof buf, "%llum%02llus", (unsigned long long)(t / 60),
                  (unsigned long long)(t % 60));
  else
    std::snprintf(buf, sizeof buf, "%llus", (unsigned long long)t);
  return buf;
}

std::string rate(double per_s) {
  char buf[32];
  if (per_s >= 1e6) std::snprintf(buf, sizeof buf, "%.2f M/s", per_s / 1e6);
  else if (per_s >= 1e3) std::snprintf(buf, sizeof buf, "%.1f k/s", per_s / 1e3);
  else std::snprintf(buf, sizeof buf, "%.1f /s", per_s);
  return buf;
}

}  // namespace

std::string Progress::line(const std::string& what, uint64_t done, uint64_t total,
                           double seconds) {
  char buf[96];
  const double pct = total ? 100.0 * double(done) / double(total) : 0.0;
  std::snprintf(buf, sizeof buf, ": %llu/%llu (%.1f %%), ", (unsigned long long)done,
                (unsigned long long)total, pct);
  const double r = seconds > 0 ? double(done) / seconds : 0.0;
  std::string s = what + buf + rate(r);
  if (done < total) s += ", " + (r > 0 ? duration(double(total - done) / r) : "?") + " left";
  else s += ", " + duration(seconds);
  return s;
}

void Progress::draw() {
  const double t = std::chrono::duration<double>(Clock::now() - start_).count();
  std::string s = line(what_, done_, total_, t);
  const size_t n = s.size();
  if (n < width_) s.append(width_ - n, ' ');
  width_ = n;
  std::fprintf(out_, "\r%s", s.c_str());
  std::fflush(out_);
  shown_ = true;
}

void Progress::update(uint64_t done) {
  done_ = done;
  if (!enabled_ || finished_) return;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - start_).count() < delay_) return;
  if (shown_ && std::chrono::duration<double>(now - last_).count() < 0.25) return;
  last_ = now;
  draw();
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  if (!shown_) return;
  draw();
  std::fputc('\n', out_);
  std::fflush(out_);
}

}  // namespace gcn
