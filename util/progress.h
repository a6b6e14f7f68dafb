// A progress line on stderr for long runs: "what: done/total (pct), rate,
// time left", redrawn in place at most four times a second. Nothing is
// printed until the run has taken `delay` seconds, so short runs stay
// silent; finish() ends the line. Not thread-safe: one thread reports
// (others count into an atomic the reporter reads).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace gcn {

// Whether to show progress: asked for, or not --quiet and stderr is a
// terminal (a log file gets no carriage-return redraws).
bool progressWanted(bool quiet, bool forced);

class Progress {
 public:
  Progress(std::string what, uint64_t total, bool enabled, double delay = 2.0,
           std::FILE* out = stderr);
  ~Progress() { finish(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void setTotal(uint64_t total) { total_ = total; }
  // Reports `done` units; redraws when due.
  void update(uint64_t done);
  // Ends the line if one was drawn (then prints the final count).
  void finish();
  bool shown() const { return shown_; }

  // The text of one line (without the carriage return), for tests.
  static std::string line(const std::string& what, uint64_t done, uint64_t total,
                          double seconds);

 private:
  using Clock = std::chrono::steady_clock;
  std::string what_;
  uint64_t total_, done_ = 0;
  bool enabled_, shown_ = false, finished_ = false;
  double delay_;
  std::FILE* out_;
  Clock::time_point start_, last_;
  size_t width_ = 0;  // length of the last line drawn (to blank leftovers)
  void draw();
};

}  // namespace gcn
