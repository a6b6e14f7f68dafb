// //third_party:z3 links and runs: a satisfiable and an unsatisfiable query
// over 32-bit bit-vectors, through the C++ API.
#include <gtest/gtest.h>
#include <z3++.h>

TEST(Z3Smoke, BitVectorSat) {
  z3::context ctx;
  z3::expr x = ctx.bv_const("x", 32);
  z3::solver s(ctx);
  s.add(x * 3 == ctx.bv_val(21, 32));
  s.add(z3::ult(x, ctx.bv_val(100, 32)));
  ASSERT_EQ(s.check(), z3::sat);
  EXPECT_EQ(s.get_model().eval(x).get_numeral_uint(), 7u);
}

TEST(Z3Smoke, AddCommutesIsValid) {
  z3::context ctx;
  z3::expr a = ctx.bv_const("a", 32);
  z3::expr b = ctx.bv_const("b", 32);
  z3::solver s(ctx);
  s.add(a + b != b + a);  // no counterexample exists
  EXPECT_EQ(s.check(), z3::unsat);
}
