// Which device an AMD OpenCL 2.0 binary is for. The outer ELF's e_flags hold
// a device code whose meaning changed with the driver version, which the
// binary does not record; what it shows (inner binary layout, its first
// symbol and notes, the metadata's architecture word) narrows the drivers
// down, and the inner ISA note (major.minor.stepping) the devices.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcn::codeobj::opencl {

struct Cl2DeviceEvidence {
  uint32_t eflags = 0;
  // Driver versions (major*100 + minor, e.g. 200406 for 2004.06) the layout
  // allows: [first_driver, end_driver).
  uint32_t first_driver = 0, end_driver = UINT32_MAX;
  std::string driver_reason;  // for facts and messages
  bool has_isa_note = false;
  uint32_t isa_major = 0, isa_minor = 0, isa_stepping = 0;
  std::string processor;  // LoadOptions::processor, to choose among candidates
};

struct Cl2Device {
  std::string name;        // CLRX's lowercase device name: "bonaire", "gfx900"
  std::string candidates;  // when the drivers disagree: "fiji carrizo"
  std::vector<std::string> problems;
};

// False with a message when no device fits.
bool resolveCl2Device(const Cl2DeviceEvidence& ev, Cl2Device* out, std::string* err);

// "gfx803" for "fiji"; "" for names outside the table.
std::string cl2DeviceProcessor(const std::string& device);

}  // namespace gcn::codeobj::opencl
