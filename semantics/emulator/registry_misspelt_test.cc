// A misspelt definition and a second definition of an existing row, linked
// beside the whole semantics library: the registry reports both.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "semantics/emulator/registry.h"
#include "semantics/emulator/registry_check.h"

namespace gcn::sem {
namespace {

void noop(ExecEnv&, const PInst&) {}

GCN_SEM_CUSTOM(v_add_f3, noop, noop);
GCN_SEM_CUSTOM(s_add_u32, noop, noop);

TEST(Registry, ReportsMisspeltAndDuplicateDefinitions) {
  const std::vector<std::string> want = {"s_add_u32: defined twice",
                                         "v_add_f3: no table row has this name"};
  EXPECT_EQ(registryProblems(), want);
  EXPECT_NE(findSem("s_add_u32"), nullptr);
}

}  // namespace
}  // namespace gcn::sem
