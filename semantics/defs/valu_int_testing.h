// Fixture for the integer VALU tests: a wave on a chosen processor, text
// programs run on the fast or the reference path (the test parameter).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "semantics/sem_testing.h"

namespace gcn::sem {

class IntValu : public ::testing::TestWithParam<Path> {
 protected:
  // Resets the wave for `cpu` (all lanes active); tests then set registers.
  void init(const char* cpu) {
    cpu_ = cpu;
    t_ = targetOrDie(cpu);
    w = std::make_unique<WaveState>();
    w->reset(t_.gen);
    w->setExec(~0ull);
  }
  // Runs `text` (+ s_endpgm); expects success.
  void run(const std::string& text) {
    std::string err;
    ASSERT_TRUE(testing::runText(t_, text + "\ns_endpgm", *w, &err, GetParam()))
        << cpu_ << ": " << text << ": " << err;
  }
  // Runs `text`; returns the wave's error (empty if it ran to s_endpgm).
  std::string runError(const std::string& text) {
    std::string err;
    if (testing::runText(t_, text + "\ns_endpgm", *w, &err, GetParam())) return "";
    return err.empty() ? w->error : err;
  }
  void setAll(int reg, uint32_t v) {
    for (int l = 0; l < kLanes; ++l) w->v[reg][l] = v;
  }
  void set64(int reg, uint64_t v) {
    setAll(reg, uint32_t(v));
    setAll(reg + 1, uint32_t(v >> 32));
  }
  uint64_t get64(int reg, int lane) const {
    return uint64_t(w->v[reg + 1][lane]) << 32 | w->v[reg][lane];
  }

  std::unique_ptr<WaveState> w;
  const char* cpu_ = "gfx900";
  Target t_;
};

}  // namespace gcn::sem
