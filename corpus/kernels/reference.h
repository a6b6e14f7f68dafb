// Host C++ references for the OpenCL kernels of corpus/kernels/*.cl, and a
// deterministic set of launches with inputs. Dispatch tests run a case on
// the emulator (code object NAME.<cpu>.co, kernel `kernel`) and on the
// host, then compare the output buffers with compareOutputs().
//
// Grids follow HSA: `grid` counts work-items per dimension, `block` is the
// work-group size; partial work-groups at the edge are allowed unless a
// kernel's comment says otherwise (LDS tiles and wave operations need
// whole groups / whole waves, and their cases launch them so).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn::kernels {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

// One kernel argument, in the kernel's argument order.
struct Arg {
  enum class Kind : uint8_t { U32, I32, U64, I64, F32, F64, BUFFER, LOCAL };
  Kind kind = Kind::U32;
  uint64_t scalar = 0;         // scalar bits (F32: the float's bits); LOCAL: bytes of LDS
  std::vector<uint8_t> bytes;  // BUFFER: initial contents (outputs too: zeros or seeds)
};

enum class Elem : uint8_t { I32, U32, U64, F16, F32, F64 };

// A buffer argument the kernel writes, compared element-wise; floating
// point elements may differ by up to max_ulp units in the last place
// (OpenCL's accuracy allowances and mad/fma contraction differ by target).
struct OutputCheck {
  size_t arg;
  Elem elem;
  uint32_t max_ulp = 0;
};

struct KernelCase {
  std::string source;  // corpus/kernels/<source>.cl, <source>.<cpu>.co
  std::string kernel;  // kernel function name
  Dim3 grid, block;
  std::vector<Arg> args;
  std::vector<OutputCheck> outputs;
  // The processors whose code objects <source>.<cpu>.co the corpus always
  // holds for this case (the matrix kernels exist only for CDNA targets);
  // other builds of the source found beside them run as well.
  std::vector<std::string> required_variants = {"gfx803", "gfx900"};
};

// All cases: at least one per kernel, deterministic inputs.
std::vector<KernelCase> kernelCases();

// Writes the outputs the kernel computes for `c` into *args (a copy of
// c.args). False with a message if the kernel is unknown or the launch
// violates a constraint the reference relies on.
bool runReference(const KernelCase& c, std::vector<Arg>* args, std::string* err);

// "" when `actual` matches `expected` on every output of `c` within its
// tolerance, else a description of the first mismatch (arg, index, values).
std::string compareOutputs(const KernelCase& c, const std::vector<Arg>& expected,
                           const std::vector<Arg>& actual);

// IEEE half <-> float, round to nearest even (the GPU's default mode).
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);

}  // namespace gcn::kernels
