// Fixture for the memory instruction tests: a wave, global memory, LDS and
// scratch; programs run on the fast or the reference path (plain loads and
// stores have a fast path of their own, mem_common.h; every test here
// holds for both).
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "semantics/emulator/emulator.h"
#include "semantics/sem_testing.h"

namespace gcn::sem::memtest {

class MemTest : public ::testing::TestWithParam<Path> {
 public:
  void SetUp() override {
    w = std::make_unique<WaveState>();
    lds = std::make_unique<Lds>();
    mem = std::make_unique<MemorySystem>();
    setCpu("gfx900");
  }
  void setCpu(const char* c) {
    cpu = c;
    w->reset(targetOrDie(c).gen);
  }
  // Maps [base, base+size) of global memory.
  uint8_t* map(uint64_t base, uint64_t size) {
    std::string err;
    EXPECT_TRUE(mem->global.map(base, size, &err)) << err;
    return mem->global.translate(base, size);
  }
  // Runs `text` + s_endpgm; returns the wave's error ("" on success).
  std::string run(const std::string& text) {
    Program p;
    std::string err;
    if (!testing::build(targetOrDie(cpu), text + "\ns_endpgm", GetParam(), &p, &err)) {
      ADD_FAILURE() << "assembly failed: " << err;
      return "build: " + err;
    }
    ExecEnv env(*w, p);
    env.mem = mem.get();
    env.lds = lds.get();
    env.scratch_base = scratch_base;
    env.ip = 0;
    w->stop = WaveStop::NONE;
    runUntilStop(env, 100000);
    return w->stop == WaveStop::ENDPGM ? "" : (w->error.empty() ? "stopped" : w->error);
  }
  void ok(const std::string& text) { ASSERT_EQ(run(text), "") << text; }
  uint32_t ldsU32(uint32_t a) const { uint32_t v; std::memcpy(&v, &lds->bytes[a], 4); return v; }
  void setLdsU32(uint32_t a, uint32_t v) { std::memcpy(&lds->bytes[a], &v, 4); }
  uint64_t ldsU64(uint32_t a) const { uint64_t v; std::memcpy(&v, &lds->bytes[a], 8); return v; }
  void setLdsU64(uint32_t a, uint64_t v) { std::memcpy(&lds->bytes[a], &v, 8); }
  static uint32_t rd32(const uint8_t* p) { uint32_t v; std::memcpy(&v, p, 4); return v; }
  static void wr32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
  void lanes(int reg, uint32_t (*f)(int)) { for (int l = 0; l < kLanes; ++l) w->v[reg][l] = f(l); }
  void fill(int reg, uint32_t v) { for (int l = 0; l < kLanes; ++l) w->v[reg][l] = v; }

  const char* cpu = "gfx900";
  uint64_t scratch_base = 0;
  std::unique_ptr<WaveState> w;
  std::unique_ptr<Lds> lds;
  std::unique_ptr<MemorySystem> mem;
};

}  // namespace gcn::sem::memtest
