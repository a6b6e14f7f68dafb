// Kernel argument values as the user (or a test) supplies them, in the
// kernel's explicit argument order, and the `gcnref run --arg SPEC` syntax:
//   u32:V i32:V u64:V i64:V f32:V f64:V   by-value scalars (V decimal, 0x hex,
//                                         floats as strtod reads them)
//   buffer:FILE                           global buffer holding FILE's bytes
//   zeros:BYTES                           global buffer of BYTES zero bytes
//   lds:BYTES                             dynamic LDS for a `local T*` argument
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn::dispatch {

struct ArgValue {
  enum class Kind : uint8_t { U32, I32, U64, I64, F32, F64, BUFFER, LDS };
  Kind kind = Kind::U32;
  uint64_t scalar = 0;         // the value's bits (F32: float bits); LDS: bytes
  std::vector<uint8_t> bytes;  // BUFFER: initial contents
  bool isScalar() const { return kind != Kind::BUFFER && kind != Kind::LDS; }
  uint32_t scalarBytes() const;  // 4 or 8 for scalars, 0 otherwise
};

const char* argKindName(ArgValue::Kind k);  // "u32", ..., "buffer", "lds"

ArgValue u32Arg(uint32_t v);
ArgValue i32Arg(int32_t v);
ArgValue u64Arg(uint64_t v);
ArgValue i64Arg(int64_t v);
ArgValue f32Arg(float v);
ArgValue f64Arg(double v);
ArgValue bufferArg(std::vector<uint8_t> bytes);
ArgValue ldsArg(uint32_t bytes);

// Parses one SPEC (reading FILE for buffer:). Errors name the spec and why.
bool parseArgSpec(const std::string& spec, ArgValue* out, std::string* err);

}  // namespace gcn::dispatch
