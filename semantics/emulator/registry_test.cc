// Every definition of the semantics library names one table row, once.
#include "semantics/emulator/registry_check.h"

#include <gtest/gtest.h>

#include "semantics/emulator/registry.h"

namespace gcn::sem {
namespace {

TEST(Registry, EveryDefinitionNamesOneRowOnce) {
  for (const std::string& p : registryProblems()) ADD_FAILURE() << p;
  EXPECT_NE(findSem("v_add_f32"), nullptr);
  EXPECT_NE(findSem("s_add_u32"), nullptr);
}

}  // namespace
}  // namespace gcn::sem
