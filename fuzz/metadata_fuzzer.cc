// The pieces of the code-object loader fed directly (an ELF wrapper hides
// most of them from a byte-level mutator). Byte 0 selects the decoder:
//   0: MessagePack metadata (NT_AMDGPU_METADATA desc)
//   1: YAML metadata (code object v2 NT_AMD_HSA_METADATA desc)
//   2: v3+ kernel descriptor (64 bytes) and its checks, per generation
//   3: amd_kernel_code_t (256 bytes) and its checks, per generation
// Never a crash; a failed decode has a message naming where.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codeobj/kernel_code.h"
#include "codeobj/kernel_descriptor.h"
#include "codeobj/metadata.h"
#include "fuzz/fuzz_util.h"

using namespace gcn;
using namespace gcn::codeobj;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data_, size_t size_) {
  if (size_ < 1) return 0;
  ByteView b(data_ + 1, size_ - 1);
  std::vector<std::string> problems;
  std::vector<Field> fields;
  switch (data_[0] % 4) {
    case 0:
    case 1: {
      Metadata m;
      std::string err;
      bool ok = data_[0] % 4 == 0 ? decodeMsgpackMetadata(b, 0x100, &m, &err)
                                  : decodeYamlMetadata(b, 0x100, &m, &err);
      if (!ok) {
        FUZZ_CHECK(!err.empty(), "metadata failure without a message", "");
        break;
      }
      for (const KernelMeta& k : m.kernels) {
        FUZZ_CHECK(m.findByName(k.name) != nullptr, "kernel not found by its name", k.name);
        for (const KernelArg& a : k.args) (void)a.isHidden();
      }
      break;
    }
    case 2:
      if (b.size() < 64) break;
      for (int g = 0; g < kNumGens; ++g) {
        KernelDescriptor kd = decodeKernelDescriptor(b.sub(0, 64));
        listKernelDescriptor(kd, Gen(g), &fields);
        checkKernelDescriptor(kd, Gen(g), "fuzz.kd", &problems);
      }
      break;
    case 3:
      if (b.size() < 256) break;
      for (int g = 0; g < kNumGens; ++g) {
        AmdKernelCode k = decodeAmdKernelCode(b.sub(0, 256));
        listAmdKernelCode(k, &fields);
        checkAmdKernelCode(k, Gen(g), "fuzz", &problems);
      }
      break;
  }
  for (const std::string& p : problems) FUZZ_CHECK(!p.empty(), "empty problem text", "");
  return 0;
}
