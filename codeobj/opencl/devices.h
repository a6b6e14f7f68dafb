// The GPU devices AMD's OpenCL binaries name (CLRX's device names), with
// the processor whose instruction set runs their code and the codes each
// format identifies them by. One table for the readers and for
// ProgramBuilder::setDevice.
#pragma once

#include <cstdint>
#include <string_view>

namespace gcn::codeobj::opencl {

struct ClDevice {
  std::string_view name;       // lowercase CLRX name: "pitcairn"
  std::string_view processor;  // gcnref's processor: "gfx601"
  uint16_t cl12_machine;       // AMD OpenCL 1.2 outer e_machine (0: not in the format)
  uint32_t cal_machine;        // AMD OpenCL 1.2 CAL encoding machine (0: none)
  // The ISA version AMD's finalizer writes into an AMD OpenCL 2.0 inner
  // note (not always the LLVM gfx number: Fiji says 8.0.4).
  uint8_t isa_major, isa_minor, isa_stepping;
};

// Looks up a CLRX device name (case-insensitive); nullptr if unknown.
const ClDevice* findClDevice(std::string_view name);
const ClDevice* clDeviceByCl12Machine(uint16_t e_machine);
const ClDevice* clDeviceByCalMachine(uint32_t machine);
const ClDevice* clDevicesBegin();
const ClDevice* clDevicesEnd();

}  // namespace gcn::codeobj::opencl
