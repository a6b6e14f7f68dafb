#include "dispatch/args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "util/read_file.h"

namespace gcn::dispatch {

uint32_t ArgValue::scalarBytes() const {
  switch (kind) {
    case Kind::U32: case Kind::I32: case Kind::F32: return 4;
    case Kind::U64: case Kind::I64: case Kind::F64: return 8;
    default: return 0;
  }
}

const char* argKindName(ArgValue::Kind k) {
  switch (k) {
    case ArgValue::Kind::U32: return "u32";
    case ArgValue::Kind::I32: return "i32";
    case ArgValue::Kind::U64: return "u64";
    case ArgValue::Kind::I64: return "i64";
    case ArgValue::Kind::F32: return "f32";
    case ArgValue::Kind::F64: return "f64";
    case ArgValue::Kind::BUFFER: return "buffer";
    case ArgValue::Kind::LDS: return "lds";
  }
  return "?";
}

namespace {
ArgValue scalar(ArgValue::Kind k, uint64_t bits) {
  ArgValue a;
  a.kind = k;
  a.scalar = bits;
  return a;
}
}  // namespace

ArgValue u32Arg(uint32_t v) { return scalar(ArgValue::Kind::U32, v); }
ArgValue i32Arg(int32_t v) { return scalar(ArgValue::Kind::I32, uint32_t(v)); }
ArgValue u64Arg(uint64_t v) { return scalar(ArgValue::Kind::U64, v); }
ArgValue i64Arg(int64_t v) { return scalar(ArgValue::Kind::I64, uint64_t(v)); }
ArgValue f32Arg(float v) {
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return scalar(ArgValue::Kind::F32, b);
}
ArgValue f64Arg(double v) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return scalar(ArgValue::Kind::F64, b);
}
ArgValue bufferArg(std::vector<uint8_t> bytes) {
  ArgValue a;
  a.kind = ArgValue::Kind::BUFFER;
  a.bytes = std::move(bytes);
  return a;
}
ArgValue ldsArg(uint32_t bytes) { return scalar(ArgValue::Kind::LDS, bytes); }

bool parseArgSpec(const std::string& spec, ArgValue* out, std::string* err) {
  const size_t colon = spec.find(':');
  auto bad = [&](const std::string& why) {
    *err = "argument '" + spec + "': " + why;
    return false;
  };
  if (colon == std::string::npos)
    return bad("expected KIND:VALUE with KIND one of u32 i32 u64 i64 f32 f64 buffer zeros lds");
  const std::string kind = spec.substr(0, colon), val = spec.substr(colon + 1);
  if (kind == "buffer") {
    if (val.empty()) return bad("missing file name");
    std::vector<uint8_t> bytes;
    std::string why;
    if (!readWholeFile(val, &bytes, &why)) return bad(why);
    *out = bufferArg(std::move(bytes));
    return true;
  }
  if (val.empty()) return bad("missing value");
  if (kind == "f32" || kind == "f64") {
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(val.c_str(), &end);
    if (*end) return bad("'" + val + "' is not a number");
    if (kind == "f32") {
      const float f = float(d);
      if (std::isinf(f) && !std::isinf(d)) return bad("'" + val + "' overflows f32");
      *out = f32Arg(f);
    } else {
      *out = f64Arg(d);
    }
    return true;
  }
  const bool is_signed = kind == "i32" || kind == "i64";
  char* end = nullptr;
  errno = 0;
  uint64_t u = 0;
  int64_t s = 0;
  if (is_signed) s = std::strtoll(val.c_str(), &end, 0);
  else if (val[0] == '-') return bad("negative value for an unsigned kind");
  else u = std::strtoull(val.c_str(), &end, 0);
  if (*end || errno == ERANGE) return bad("'" + val + "' is not a 64-bit integer");
  if (kind == "u32" || kind == "zeros" || kind == "lds") {
    if (u > 0xffffffffull) return bad("'" + val + "' does not fit in 32 bits");
    if (kind == "u32") *out = u32Arg(uint32_t(u));
    else if (kind == "lds") *out = ldsArg(uint32_t(u));
    else {
      if (u > (1u << 30)) return bad("more than 1 GiB of zeros");
      *out = bufferArg(std::vector<uint8_t>(size_t(u), 0));
    }
    return true;
  }
  if (kind == "i32") {
    if (s < INT32_MIN || s > INT32_MAX) return bad("'" + val + "' does not fit in i32");
    *out = i32Arg(int32_t(s));
    return true;
  }
  if (kind == "u64") { *out = u64Arg(u); return true; }
  if (kind == "i64") { *out = i64Arg(s); return true; }
  return bad("unknown kind '" + kind + "' (u32 i32 u64 i64 f32 f64 buffer zeros lds)");
}

}  // namespace gcn::dispatch
