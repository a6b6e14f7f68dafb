#include "codeobj/opencl/program.h"

#include <cctype>

#include "codeobj/opencl/devices.h"
#include "isa/processors.h"
#include "util/read_file.h"

namespace gcn::codeobj::opencl {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A CLRX device name or a processor name findProcessor knows.
const Processor* processorFor(const std::string& name) {
  if (const ClDevice* d = findClDevice(name)) return findProcessor(d->processor);
  return findProcessor(lower(name));
}

bool hasElfMagic(ByteView b) {
  return b.size() >= 4 && b.u8(0) == 0x7f && b.u8(1) == 'E' && b.u8(2) == 'L' && b.u8(3) == 'F';
}

}  // namespace

const char* formatName(Format f) {
  switch (f) {
    case Format::AMD_CL12: return "AMD OpenCL 1.2";
    case Format::AMD_CL2: return "AMD OpenCL 2.0";
    case Format::GALLIUM: return "GalliumCompute";
  }
  return "?";
}

const char* abiName(Abi a) {
  switch (a) {
    case Abi::AMD_CL12: return "AMD OpenCL 1.2";
    case Abi::AMD_CL2: return "AMD OpenCL 2.0";
    case Abi::GALLIUM: return "GalliumCompute";
    case Abi::GALLIUM_HSA: return "GalliumCompute (AMDHSA)";
  }
  return "?";
}

const char* userDataClassName(uint32_t c) {
  static const char* const kNames[] = {
      "IMM_RESOURCE", "IMM_SAMPLER", "IMM_CONST_BUFFER", "IMM_VERTEX_BUFFER", "IMM_UAV",
      "IMM_ALU_FLOAT_CONST", "IMM_ALU_BOOL32_CONST", "IMM_GDS_COUNTER_RANGE",
      "IMM_GDS_MEMORY_RANGE", "IMM_GWS_BASE", "IMM_WORK_ITEM_RANGE", "IMM_WORK_GROUP_RANGE",
      "IMM_DISPATCH_ID", "IMM_SCRATCH_BUFFER", "IMM_HEAP_BUFFER", "IMM_KERNEL_ARG",
      "SUB_PTR_FETCH_SHADER", "PTR_RESOURCE_TABLE", "PTR_INTERNAL_RESOURCE_TABLE",
      "PTR_SAMPLER_TABLE", "PTR_CONST_BUFFER_TABLE", "PTR_VERTEX_BUFFER_TABLE",
      "PTR_SO_BUFFER_TABLE", "PTR_UAV_TABLE", "PTR_INTERNAL_GLOBAL_TABLE",
      "PTR_EXTENDED_USER_DATA", "PTR_INDIRECT_RESOURCE", "PTR_INDIRECT_INTERNAL_RESOURCE",
      "PTR_INDIRECT_UAV", "IMM_CONTEXT_BASE", "IMM_LDS_ESGS_SIZE", "IMM_GLOBAL_OFFSET",
      "IMM_GENERIC_USER_DATA"};
  return c < sizeof kNames / sizeof kNames[0] ? kNames[c] : "";
}

const char* argKindName(ArgKind k) {
  switch (k) {
    case ArgKind::VALUE: return "value";
    case ArgKind::STRUCT: return "struct";
    case ArgKind::GLOBAL_POINTER: return "global pointer";
    case ArgKind::CONSTANT_POINTER: return "constant pointer";
    case ArgKind::LOCAL_POINTER: return "local pointer";
    case ArgKind::IMAGE: return "image";
    case ArgKind::SAMPLER: return "sampler";
    case ArgKind::COUNTER: return "counter";
    case ArgKind::QUEUE: return "queue";
    case ArgKind::PIPE: return "pipe";
    case ArgKind::CLKEVENT: return "clk_event";
    case ArgKind::HIDDEN: return "hidden";
  }
  return "?";
}

bool sniffFormat(ByteView b, Format* f) {
  if (!hasElfMagic(b)) {
    // Gallium: a kernel count, then the first kernel's name length and name.
    uint32_t kernels = 0, name_len = 0;
    if (!b.read(0, &kernels) || !b.read(4, &name_len)) return false;
    if (kernels == 0 || kernels > (1u << 16) || name_len == 0 || name_len > 4096 ||
        !b.contains(8, name_len))
      return false;
    for (uint32_t i = 0; i < name_len; ++i) {
      const uint8_t c = b.u8(8 + i);
      if (c < 0x20 || c > 0x7e) return false;
    }
    *f = Format::GALLIUM;
    return true;
  }
  uint16_t machine = 0;
  if (!b.read(18, &machine)) return false;
  if (machine == 224) return false;  // EM_AMDGPU: an AMDHSA (or PAL/Mesa) code object
  // AMD's OpenCL binaries use their own machine numbers. The 2.0 format's
  // outer ELF has no per-kernel inner ELF symbols but an "__OpenCL_&__OpenCL"
  // options symbol and AMD HSA inner code; the readers decide finally, this
  // only separates the two by the machine numbers each writes.
  if (machine > 0x3f0 && machine < 0x500) {
    *f = Format::AMD_CL12;
    return true;
  }
  if (machine == 0xaf5a || machine == 0xaf5b) {
    *f = Format::AMD_CL2;
    return true;
  }
  return false;
}

bool ProgramBuilder::setDevice(const std::string& device, const LoadOptions& o,
                               std::string* err) {
  p->device_ = lower(device);
  const std::string& name = device.empty() ? o.processor : device;
  if (name.empty()) {
    *err = std::string(formatName(p->format_)) +
           " binaries do not name their processor: give one (--mcpu=gfx803)";
    return false;
  }
  const Processor* proc = processorFor(name);
  if (!proc) {
    *err = "device '" + name + "' is no GCN GFX6-GFX9 processor gcnref knows";
    return false;
  }
  if (!proc->supported()) {
    *err = "processor " + std::string(proc->name) + " ('" + name + "'): " +
           std::string(proc->refusal);
    return false;
  }
  if (!device.empty() && !o.processor.empty()) {
    const Processor* want = processorFor(o.processor);
    if (!want || want->gen != proc->gen) {
      *err = "the binary is for " + device + " (" + std::string(proc->name) + "), not " +
             o.processor;
      return false;
    }
  }
  p->processor_ = std::string(proc->name);
  p->target_ = Target{proc->gen, proc->features, proc->name};
  return true;
}

const Kernel* Program::findKernel(const std::string& name) const {
  for (const Kernel& k : kernels_)
    if (k.name == name) return &k;
  return nullptr;
}

bool Program::load(const uint8_t* data, size_t size, std::string* err, const LoadOptions& o) {
  *this = Program();
  data_ = std::make_unique<std::vector<uint8_t>>(data, data + size);
  Format f;
  if (!sniffFormat(bytes(), &f)) {
    *err = "not an AMD OpenCL 1.2, AMD OpenCL 2.0 or GalliumCompute binary";
    return false;
  }
  std::vector<std::string> problems;
  ProgramBuilder b{this, &problems};
  format_ = f;
  bool ok = false;
  switch (f) {
    case Format::AMD_CL12: ok = readAmdCl12(b, o, err); break;
    case Format::AMD_CL2: ok = readAmdCl2(b, o, err); break;
    case Format::GALLIUM: ok = readGallium(b, o, err); break;
  }
  if (!ok) {
    *err = std::string(formatName(f)) + " binary: " + *err;
    return false;
  }
  for (const Kernel& k : kernels_)
    if (k.code.size() == 0) problems.push_back("kernel " + k.name + " has no code");
  if (!problems.empty() && o.strict) {
    *err = std::string(formatName(f)) + " binary: " + problems.front();
    if (problems.size() > 1) *err += " (and " + std::to_string(problems.size() - 1) + " more)";
    return false;
  }
  for (Kernel& k : kernels_)
    if (k.image.empty()) {
      k.image.assign(k.code.data(), k.code.data() + k.code.size());
      k.image_entry = 0;
    }
  warnings_ = std::move(problems);
  return true;
}

bool Program::loadFile(const std::string& path, std::string* err, const LoadOptions& o) {
  return loadWholeFile(path, err, [&](const uint8_t* data, size_t size, std::string* e) {
    return load(data, size, e, o);
  });
}

}  // namespace gcn::codeobj::opencl
