// OpenCL program binaries of the stacks before ROCm (BinaryFormats.md):
//   AMD OpenCL 1.2 (Catalyst/fglrx, AMDGPU-PRO): an outer ELF whose .text
//     holds one inner ELF per kernel (CAL notes, program code), with the
//     kernel's metadata string and header in the outer .rodata;
//   AMD OpenCL 2.0 (AmdCl2): an outer ELF with per-kernel metadata and an
//     inner AMD HSA binary whose kernels start with amd_kernel_code_t;
//   GalliumCompute (Mesa Clover): a plain container (kernels, their
//     argument lists, sections) around an ELF with the code and, per
//     kernel, either .AMDGPU.config register pairs or amd_kernel_code_t.
// One Program describes any of them the same way: kernels with their code,
// resource registers, user-data setup and argument layout, which is what
// `gcnref objdump` prints and dispatch/cl_launch.h runs. Every read is
// bounds-checked (the code-object fuzzer feeds this arbitrary bytes).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/kernel_code.h"
#include "codeobj/pgm_rsrc.h"
#include "isa/target.h"

namespace gcn::codeobj::opencl {

enum class Format : uint8_t { AMD_CL12, AMD_CL2, GALLIUM };
const char* formatName(Format f);  // "AMD OpenCL 1.2", "AMD OpenCL 2.0", "GalliumCompute"

// The kernel call convention (BinaryFormats.md "ABI"): how user SGPRs,
// setup values and arguments reach the kernel.
enum class Abi : uint8_t {
  AMD_CL12,     // AmdAbi.md: CAL user-data classes, CB0 setup, CB1 arguments
  AMD_CL2,      // AmdCl2Abi.md: setup and argument buffers through user SGPRs
  GALLIUM,      // GalliumAbi.md: s[0:1] -> grid sizes then arguments
  GALLIUM_HSA,  // GalliumAbi.md AMDHSA: amd_kernel_code_t, s[4:5] setup, s[6:7] arguments
};
const char* abiName(Abi a);

// CAL user-data classes (the PROGINFO USER_ELEMENT data-class values).
enum class UserDataClass : uint32_t {
  IMM_RESOURCE = 0,
  IMM_SAMPLER = 1,
  IMM_CONST_BUFFER = 2,
  IMM_VERTEX_BUFFER = 3,
  IMM_UAV = 4,
  IMM_ALU_FLOAT_CONST = 5,
  IMM_ALU_BOOL32_CONST = 6,
  IMM_GDS_COUNTER_RANGE = 7,
  IMM_GDS_MEMORY_RANGE = 8,
  IMM_GWS_BASE = 9,
  IMM_WORK_ITEM_RANGE = 10,
  IMM_WORK_GROUP_RANGE = 11,
  IMM_DISPATCH_ID = 12,
  IMM_SCRATCH_BUFFER = 13,
  IMM_HEAP_BUFFER = 14,
  IMM_KERNEL_ARG = 15,
  SUB_PTR_FETCH_SHADER = 16,
  PTR_RESOURCE_TABLE = 17,
  PTR_INTERNAL_RESOURCE_TABLE = 18,
  PTR_SAMPLER_TABLE = 19,
  PTR_CONST_BUFFER_TABLE = 20,
  PTR_VERTEX_BUFFER_TABLE = 21,
  PTR_SO_BUFFER_TABLE = 22,
  PTR_UAV_TABLE = 23,
  PTR_INTERNAL_GLOBAL_TABLE = 24,
  PTR_EXTENDED_USER_DATA = 25,
  PTR_INDIRECT_RESOURCE = 26,
  PTR_INDIRECT_INTERNAL_RESOURCE = 27,
  PTR_INDIRECT_UAV = 28,
  IMM_CONTEXT_BASE = 29,
  IMM_LDS_ESGS_SIZE = 30,
  IMM_GLOBAL_OFFSET = 31,
  IMM_GENERIC_USER_DATA = 32,
};
// "PTR_UAV_TABLE", ...; "" for values outside the list.
const char* userDataClassName(uint32_t data_class);

struct UserData {
  uint32_t data_class = 0, api_slot = 0, reg_start = 0, reg_size = 0;
};

enum class ArgKind : uint8_t {
  VALUE,             // by-value scalar or vector
  STRUCT,            // by-value structure
  GLOBAL_POINTER,
  CONSTANT_POINTER,
  LOCAL_POINTER,     // the argument holds the LDS offset of a dynamic allocation
  IMAGE,
  SAMPLER,
  COUNTER,           // AMD 1.2 counter32/counter64
  QUEUE,             // AmdCl2 queue_t
  PIPE,
  CLKEVENT,
  HIDDEN,            // set by the runtime (Gallium griddim/gridoffset, AmdCl2 setup args)
};
const char* argKindName(ArgKind k);

struct Arg {
  std::string name;       // "" when the binary does not record it
  std::string type_name;  // as the binary spells it: "float*", "uint", "u32"
  ArgKind kind = ArgKind::VALUE;
  uint32_t size = 0;         // bytes of the value in the argument area
  uint32_t offset = 0;       // byte offset in the argument area
  uint32_t align = 0;        // alignment in the argument area (0: unknown)
  uint32_t resource_id = 0;  // AMD 1.2: the pointer's UAV / constant buffer id
  bool is_const = false;     // pointer to const / read-only
  std::string hidden;        // HIDDEN: what the runtime stores ("griddim", ...)
};

// A place in a kernel's image the loader patches with the address of the
// program's global data (AmdCl2 code reaches its constant data this way).
struct GlobalDataReloc {
  enum class Kind : uint8_t { ABS32_LO, ABS32_HI, ABS64 };
  uint32_t image_offset = 0;  // into Kernel::image
  Kind kind = Kind::ABS64;
  int64_t addend = 0;
};

struct Kernel {
  std::string name;
  ByteView code;             // program code, first instruction first
  uint64_t code_offset = 0;  // file offset of code.data() in the whole binary
  uint32_t code_address = 0; // the code's address in its (inner) ELF .text
  // What a loader places in device memory for the kernel: the code and any
  // constant data it reaches PC-relative (Gallium's .rodata after .text),
  // and where the first instruction is in it. Readers that leave it empty
  // get the code alone.
  std::vector<uint8_t> image;
  uint32_t image_entry = 0;
  std::vector<GlobalDataReloc> relocs;  // applied by the dispatcher
  PgmRsrc1 rsrc1;
  PgmRsrc2 rsrc2;
  uint32_t sgprs = 0, vgprs = 0;     // registers the binary says the kernel uses
  uint32_t lds_bytes = 0;            // static LDS per work-group
  uint32_t scratch_bytes = 0;        // private memory per work-item
  uint32_t reqd_workgroup_size[3] = {0, 0, 0};
  std::vector<UserData> user_data;   // AMD 1.2: the PROGINFO user elements
  std::vector<Arg> args;             // argument area layout, hidden ones included
  bool has_amd_kernel_code = false;  // AmdCl2, GALLIUM_HSA
  AmdKernelCode akc;
  // AMD 1.2 resource ids from the metadata (AmdAbi.md defaults).
  uint32_t uav_id = 11, cb_id = 10, printf_id = 9, private_id = 8;
  // Everything else the binary records, as (name, value) lines for objdump:
  // CAL notes, metadata lines, config pairs.
  std::vector<std::pair<std::string, std::string>> facts;
};

struct LoadOptions {
  // GalliumCompute binaries do not name their processor; the AMD formats do
  // (when set, it must agree). A name findProcessor() knows.
  std::string processor;
  // As for AMDHSA code objects: strict turns validation problems into load
  // errors, lenient into warnings; structural errors always fail.
  bool strict = true;
};

class Program {
 public:
  Program() = default;
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  Program(Program&&) = default;
  Program& operator=(Program&&) = default;

  // Takes a copy of the bytes; false with "what and where" on error.
  bool load(const uint8_t* data, size_t size, std::string* err, const LoadOptions& o = {});
  bool loadFile(const std::string& path, std::string* err, const LoadOptions& o = {});

  Format format() const { return format_; }
  Abi abi() const { return abi_; }
  bool is64bit() const { return is64_; }
  const std::string& device() const { return device_; }  // as the binary names it ("pitcairn")
  const std::string& processor() const { return processor_; }  // "gfx601"
  const Target& isaTarget() const { return target_; }
  const std::vector<Kernel>& kernels() const { return kernels_; }
  const Kernel* findKernel(const std::string& name) const;
  ByteView globalData() const { return global_data_; }  // program-scope constant data
  // Program-wide facts (compile options, driver version, ...).
  const std::vector<std::pair<std::string, std::string>>& facts() const { return facts_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  ByteView bytes() const { return ByteView(data_ ? data_->data() : nullptr, data_ ? data_->size() : 0); }

 private:
  friend struct ProgramBuilder;
  std::unique_ptr<std::vector<uint8_t>> data_;
  Format format_ = Format::AMD_CL12;
  Abi abi_ = Abi::AMD_CL12;
  bool is64_ = false;
  std::string device_, processor_;
  Target target_;
  std::vector<Kernel> kernels_;
  ByteView global_data_;
  std::vector<std::pair<std::string, std::string>> facts_;
  std::vector<std::string> warnings_;
};

// What the bytes look like: true and *f for the three formats (by their
// headers, before any validation); false for anything else (an AMDHSA code
// object is not one of them).
bool sniffFormat(ByteView bytes, Format* f);

// Each format's reader fills *p (its bytes already copied) or fails with
// "what and where". Declared here so Program::load can pick one.
struct ProgramBuilder {
  Program* p;
  std::vector<std::string>* problems;  // validation problems (strict: errors)
  ByteView bytes() const { return p->bytes(); }
  void setFormat(Format f, Abi a, bool is64) { p->format_ = f, p->abi_ = a, p->is64_ = is64; }
  // Resolves the processor (device name of the binary or the option).
  bool setDevice(const std::string& device, const LoadOptions& o, std::string* err);
  std::vector<Kernel>& kernels() { return p->kernels_; }
  void setGlobalData(ByteView v) { p->global_data_ = v; }
  void fact(std::string name, std::string value) { p->facts_.emplace_back(std::move(name), std::move(value)); }
};
bool readAmdCl12(ProgramBuilder& b, const LoadOptions& o, std::string* err);
bool readAmdCl2(ProgramBuilder& b, const LoadOptions& o, std::string* err);
bool readGallium(ProgramBuilder& b, const LoadOptions& o, std::string* err);

}  // namespace gcn::codeobj::opencl
