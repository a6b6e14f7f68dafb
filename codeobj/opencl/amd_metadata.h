// The metadata string of an AMD OpenCL 1.2 kernel (ClrxAsmAmd.md "Sample
// code", AmdAbi.md): ';'-lines of ':'-separated fields between
// ";ARGSTART:__OpenCL_k_kernel" and ";ARGEND:...". The argument lines give
// each argument's place in constant buffer 1 (16-byte aligned slots):
//   ;value:NAME:TYPE:VECSIZE:1:OFFSET        (TYPE u8..i64, float, double)
//   ;value:NAME:struct:SIZE:1:OFFSET
//   ;pointer:NAME:TYPE:1:1:OFFSET:SPACE:RESID:ELEMSIZE[:ACCESS[:VOLATILE:RESTRICT]]
//        (SPACE uav: global, UAV id RESID; c: constant, UAV id RESID;
//        hc: constant, constant buffer RESID (drivers before 1348.05);
//        hl: local)
//   ;image:NAME:DIM:ACCESS:RESID:1:OFFSET    (DIM 1D 1DA 1DB 2D 2DA 3D)
//   ;counter:NAME:32:RESID:1:OFFSET
// (the 1 before OFFSET is the constant buffer) and ;constarg / ;sampler /
// ;reflection lines refine them by index or name.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "codeobj/opencl/program.h"

namespace gcn::codeobj::opencl {

struct AmdMetaArg {
  std::string name;
  std::string line_kind;     // "value", "pointer", "image", "counter"
  std::string type;          // as the line spells it: "u32", "float", "struct", "opaque", "2D"
  uint32_t vec = 1;          // value: vector components
  uint32_t struct_size = 0;  // value struct: bytes
  uint32_t offset = 0;       // byte offset in constant buffer 1
  std::string space;         // pointer: "uav", "c", "hc", "hl"
  std::string access;        // pointer "RO"/"RW", image "RO"/"WO"/"RW"
  uint32_t res_id = 0;       // pointer / image / counter resource id
  uint32_t elem_size = 0;    // pointer: bytes of the pointee
  bool is_volatile = false, is_restrict = false;
  uint32_t counter_bits = 0;
  bool is_sampler = false;  // a ;sampler line names it
  bool is_const = false;    // a ;constarg line names it
  std::string reflection;   // the OpenCL C type from ;reflection ("float*")
  size_t line = 0;          // 1-based line of its argument line
};

// Samplers the kernel defines itself (";sampler:unknown_V:INDEX:1:V").
struct AmdConstSampler {
  std::string name;
  uint32_t index = 0, location = 0, value = 0;
};

struct AmdMetadata {
  std::string argstart, argend;  // "__OpenCL_k_kernel"
  std::string version, device;
  bool has_uavprivate = false, has_hwlocal = false, has_hwregion = false;
  uint32_t uavprivate = 0, hwlocal = 0, hwregion = 0;
  bool datareqd = false, abi64 = false;
  bool has_cws = false;
  uint32_t cws[3] = {0, 0, 0};
  bool has_uavid = false, has_cbid = false, has_printfid = false, has_privateid = false;
  uint32_t uavid = 0, cbid = 0, printfid = 0, privateid = 0;
  std::vector<AmdMetaArg> args;
  std::vector<AmdConstSampler> samplers;
  std::vector<std::string> lines;  // every line, as written
};

// Parses `text`; false with "metadata line N '...': what" for a line that
// cannot be read (an argument whose place is unknown); lines that read but
// disagree go to *problems.
bool parseAmdMetadata(std::string_view text, AmdMetadata* md, std::vector<std::string>* problems,
                      std::string* err);

// The kernel's argument list in argument order (AMD OpenCL 1.2 ABI: global
// and constant pointers 4 or 8 bytes by `is64`, local pointers a 4-byte LDS
// offset, images 32 bytes, 8- and 16-bit vector elements widened to a dword
// each); slots that overlap or are misaligned go to *problems.
void buildAmdArgs(const AmdMetadata& md, bool is64, std::vector<Arg>* args,
                  std::vector<std::string>* problems);

// Bytes an element of a ;value TYPE has (u8 -> 1, double -> 8); 0 if unknown.
uint32_t amdValueElementSize(std::string_view type);

}  // namespace gcn::codeobj::opencl
