// The code-object loaders on arbitrary bytes: the AMDHSA one (ELF header,
// sections, segments, symbols, notes, MessagePack/YAML metadata, kernel
// descriptors, amd_kernel_code_t, entry points) and the OpenCL-binary one
// (AMD OpenCL 1.2 outer/inner ELF and CAL notes, AMD OpenCL 2.0,
// GalliumCompute containers), then what objdump and dispatch do with a
// loaded object: list descriptor fields, disassemble every kernel's code,
// lay out the load image.
//   * never crashes, hangs or reads out of bounds; a failure has a message;
//   * strict success implies lenient success with the same kernels;
//   * every loaded kernel has metadata and its code lies inside the file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/code_object.h"
#include "codeobj/opencl/program.h"
#include "decoder/decoder.h"
#include "text/printer.h"
#include "fuzz/fuzz_util.h"

using namespace gcn;
using namespace gcn::codeobj;

namespace {

// Disassembles at most this many bytes per kernel: the loader is the target,
// the decoder has its own fuzzers.
constexpr size_t kMaxCodeBytes = 4096;

// data_/size_: the fuzz input, which FUZZ_CHECK reports.
void disassemble(const Target& t, const uint8_t* c, size_t size, const std::string& name,
                 const uint8_t* data_, size_t size_) {
  const size_t n = size < kMaxCodeBytes ? size : kMaxCodeBytes;
  for (size_t off = 0; off + 4 <= n;) {
    Inst in;
    DecodeResult r = decode(t, c + off, n - off, &in);
    if (r.ok()) (void)printInst(in);
    FUZZ_CHECK(r.size > 0, "decoder does not advance", name);
    off += r.size;
  }
}

// The OpenCL-binary reader (Gallium binaries do not name their processor:
// the fuzzer names one).
void fuzzOpenCl(const uint8_t* data_, size_t size_) {
  opencl::LoadOptions strict, lenient;
  strict.processor = lenient.processor = "gfx803";
  lenient.strict = false;
  opencl::Program s, l;
  std::string serr, lerr;
  const bool sok = s.load(data_, size_, &serr, strict);
  const bool lok = l.load(data_, size_, &lerr, lenient);
  if (!sok) FUZZ_CHECK(!serr.empty(), "OpenCL: strict failure without a message", "");
  if (!lok) {
    FUZZ_CHECK(!lerr.empty(), "OpenCL: lenient failure without a message", "");
    FUZZ_CHECK(!sok, "OpenCL: strict accepts what lenient rejects", lerr);
    return;
  }
  if (sok)
    FUZZ_CHECK(s.kernels().size() == l.kernels().size(), "OpenCL: strict and lenient differ", "");
  const uint8_t* file = l.bytes().data();
  const size_t file_size = l.bytes().size();
  for (const opencl::Kernel& k : l.kernels()) {
    const uint8_t* c = k.code.data();
    FUZZ_CHECK(k.code.size() == 0 || (c >= file && c + k.code.size() <= file + file_size),
               "OpenCL: kernel code outside the file", k.name);
    // A kernel without code loads only leniently (a warning), with an empty image.
    FUZZ_CHECK(k.image_entry < k.image.size() || (k.image.empty() && !sok),
               "OpenCL: entry outside the kernel image", k.name);
    for (const auto& r : k.relocs)
      FUZZ_CHECK(uint64_t(r.image_offset) + 4 <= k.image.size(), "OpenCL: relocation outside the image",
                 k.name);
    disassemble(l.isaTarget(), c, k.code.size(), k.name, data_, size_);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  fuzzOpenCl(data_, size_);
  LoadOptions strict, lenient;
  lenient.strict = false;
  CodeObject s, l;
  std::string serr, lerr;
  const bool sok = s.load(data_, size_, &serr, strict);
  const bool lok = l.load(data_, size_, &lerr, lenient);
  if (!sok) FUZZ_CHECK(!serr.empty(), "strict failure without a message", "");
  if (!lok) {
    FUZZ_CHECK(!lerr.empty(), "lenient failure without a message", "");
    FUZZ_CHECK(!sok, "strict accepts what lenient rejects", lerr);
    return 0;
  }
  if (sok) {
    FUZZ_CHECK(s.kernels().size() == l.kernels().size(), "strict and lenient kernels differ", "");
    FUZZ_CHECK(s.warnings().empty(), "strict load with warnings", s.warnings()[0]);
  }
  for (const std::string& w : l.warnings()) FUZZ_CHECK(!w.empty(), "empty warning", "");
  const uint8_t* file = l.bytes().data();
  const size_t file_size = l.bytes().size();
  std::vector<Field> fields;
  for (const KernelInfo& k : l.kernels()) {
    FUZZ_CHECK(k.meta != nullptr, "kernel without metadata", k.name);
    FUZZ_CHECK(k.has_kernel_descriptor || k.has_amd_kernel_code, "kernel without a header", k.name);
    const uint8_t* c = k.code.data();
    FUZZ_CHECK(k.code.size() == 0 || (c >= file && c + k.code.size() <= file + file_size),
               "kernel code outside the file", k.name);
    fields.clear();
    if (k.has_kernel_descriptor) listKernelDescriptor(k.kd, l.isaTarget().gen, &fields);
    if (k.has_amd_kernel_code) listAmdKernelCode(k.akc, &fields);
    (void)k.groupSegmentSize();
    (void)k.privateSegmentSize();
    (void)k.kernargSize();
    disassemble(l.isaTarget(), c, k.code.size(), k.name, data_, size_);
  }
  std::vector<uint8_t> image;
  uint64_t base = 0;
  std::string ierr;
  if (!l.loadImage(&image, &base, &ierr)) FUZZ_CHECK(!ierr.empty(), "loadImage failure without message", "");
  return 0;
}
