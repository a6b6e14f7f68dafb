// The inner ELF of an AMD OpenCL 1.2 kernel (ClrxAsmAmd.md, AmdAbi.md):
// program header 0 is the CAL encoding dictionary, whose entries each name
// a device and a byte range of the inner ELF; the program headers after it
// fall into those ranges in order: a PT_NOTE segment of "ATI CAL" notes,
// then a PT_LOAD segment with .text and .data. The notes carry what the
// runtime needs besides the code: PROGINFO register/value pairs (user-data
// layout, COMPUTE_PGM_RSRC2, register counts, scratch, UAV mask), the UAV
// list, constant buffers, samplers and read-only images.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "codeobj/byte_reader.h"
#include "codeobj/elf.h"
#include "codeobj/opencl/program.h"

namespace gcn::codeobj::opencl {

constexpr uint32_t kPtCalEncodingDictionary = 0x70000002;
constexpr uint32_t kCalEncodingEntrySize = 20;  // machine, type, offset, size, flags
constexpr uint32_t kCalNoteHeaderSize = 20;     // namesz, descsz, type, "ATI CAL\0"

// Note types (MultiSim's CAL list, as CLRX's .proginfo ... .uavopmask).
enum CalNoteType : uint32_t {
  kCalProgInfo = 1,
  kCalInputs = 2,
  kCalOutputs = 3,
  kCalCondOut = 4,
  kCalFloat32Consts = 5,
  kCalInt32Consts = 6,
  kCalBool32Consts = 7,
  kCalEarlyExit = 8,
  kCalGlobalBuffers = 9,
  kCalConstantBuffers = 10,
  kCalInputSamplers = 11,
  kCalPersistentBuffers = 12,
  kCalScratchBuffers = 13,
  kCalSubConstantBuffers = 14,
  kCalUavMailboxSize = 15,
  kCalUav = 16,
  kCalUavOpMask = 17,
};
// "ATI_PROGINFO", ...; "" for a type outside the list.
const char* calNoteName(uint32_t type);

struct CalEncoding {
  uint32_t machine = 0, type = 0, offset = 0, size = 0, flags = 0;
  uint64_t entry_offset = 0;     // inner-ELF offset of the dictionary entry
  std::vector<size_t> segments;  // indexes into ElfFile::segments() inside this range
};

struct CalNote {
  uint32_t type = 0;
  uint64_t offset = 0;  // inner-ELF offset of the note header
  ByteView desc;
};

// The encodings of an inner ELF and their segments; false with "what and
// where" (offsets relative to the inner ELF) when the dictionary or a
// segment is out of place.
bool parseCalEncodings(const ElfFile& inner, std::vector<CalEncoding>* out, std::string* err);

// Splits a PT_NOTE segment into CAL notes (no padding between records).
bool parseCalNotes(const ElfFile& inner, const Segment& seg, std::vector<CalNote>* out,
                   std::string* err);

// PROGINFO register addresses (CLRX's generator and disassembler).
enum ProgInfoAddress : uint32_t {
  kPiUserElementCount = 0x80001000,
  kPiUserElementsFirst = 0x80001001,  // 16 elements x (class, slot, start, count)
  kPiUserElementsEnd = 0x80001041,
  kPiNumVgprs = 0x80001041,
  kPiNumSgprs = 0x80001042,
  kPiFloatMode = 0x80001043,
  kPiIeeeMode = 0x80001044,
  kPiScratchDwords = 0x80001045,
  kPiSgprsAvailable = 0x80001863,
  kPiVgprsAvailable = 0x80001864,
  kPiComputePgmRsrc2 = 0x00002e13,  // the register's dword address
  kPiThreadsPerGroupX = 0x8000001c,
  kPiThreadsPerGroupY = 0x8000001d,
  kPiThreadsPerGroupZ = 0x8000001e,
  kPiUavMaskLow = 0x8000001f,  // bits 0-31 of the UAV mask again
  kPiThreadGroups = 0x80001841,
  kPiUavMaskFirst = 0x80001843,  // 32 dwords: one bit per UAV id
  kPiUavMaskEnd = 0x80001863,
  kPiWavesPerSimd = 0x8000000a,
  kPiWavefrontSize = 0x80000078,
  kPiLdsAvailable = 0x80000081,
  kPiLdsUsed = 0x80000082,
};

constexpr uint32_t kMaxUserElements = 16;

// What the PROGINFO notes of one encoding say.
struct ProgInfo {
  bool seen = false;
  bool has_user_count = false;
  uint32_t user_count = 0;
  UserData user[kMaxUserElements];
  uint8_t user_fields[kMaxUserElements] = {};  // bit i: field i of the element given
  bool has_rsrc2 = false, has_vgprs = false, has_sgprs = false;
  uint32_t rsrc2 = 0, vgprs = 0, sgprs = 0;
  bool has_float_mode = false, has_ieee_mode = false, has_scratch = false;
  uint32_t float_mode = 0, ieee_mode = 0, scratch_dwords = 0;
  bool has_threads[3] = {false, false, false};
  uint32_t threads[3] = {0, 0, 0};
  bool has_uav_mask = false, has_uav_mask_low = false;
  uint32_t uav_mask[32] = {};
  uint32_t uav_mask_low = 0;
  bool has_lds_used = false;
  uint32_t lds_used = 0;
};

// Decodes one note into *pi (PROGINFO) and appends (name, value) lines for
// it; malformed sizes and unknown types go to *problems, prefixed `where`.
void decodeCalNote(const CalNote& n, const std::string& where, ProgInfo* pi,
                   std::vector<std::pair<std::string, std::string>>* facts,
                   std::vector<std::string>* problems);

// Ids of the set bits of a UAV mask, "10 12 13" ("none" when empty).
std::string maskIds(const uint32_t* words, size_t count);

}  // namespace gcn::codeobj::opencl
