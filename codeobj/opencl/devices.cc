#include "codeobj/opencl/devices.h"

#include <cctype>

namespace gcn::codeobj::opencl {
namespace {

// CLRX's machine tables for AMD OpenCL 1.2 (e_machine 0x40e, 0x40f and
// 0x411 are shared by two names each: the first listed is the one meant);
// the processors as AMDGPUUsage lists the GPUs. "dummy", "goose" and
// "horse" are AMD driver codes of GCN 1.2 chips; gfx901/903/905/907 are the
// XNACK variants early LLVM named separately, with the instruction set of
// gfx900/902/904/906.
constexpr ClDevice kDevices[] = {
    {"tahiti", "gfx600", 0x3fd, 0x1a, 0, 0, 0},
    {"pitcairn", "gfx601", 0x3fe, 0x1b, 0, 0, 0},
    {"capeverde", "gfx601", 0x3ff, 0x1c, 0, 0, 0},
    {"oland", "gfx602", 0x402, 0x20, 0, 0, 0},
    {"hainan", "gfx602", 0x407, 0x25, 0, 0, 0},
    {"bonaire", "gfx704", 0x403, 0x21, 7, 0, 0},
    {"spectre", "gfx700", 0x404, 0x22, 7, 0, 0},
    {"spooky", "gfx700", 0x405, 0x23, 7, 0, 0},
    {"kalindi", "gfx703", 0x406, 0x24, 7, 0, 0},
    {"hawaii", "gfx701", 0x408, 0x27, 7, 0, 1},
    {"iceland", "gfx802", 0x409, 0x29, 8, 0, 0},
    {"tonga", "gfx802", 0x40a, 0x2a, 8, 0, 0},
    {"mullins", "gfx703", 0x40b, 0x2b, 7, 0, 0},
    {"fiji", "gfx803", 0x40c, 0x2d, 8, 0, 4},
    {"carrizo", "gfx801", 0x40d, 0x2e, 8, 0, 1},
    {"ellesmere", "gfx803", 0x40e, 0x2f, 8, 0, 4},
    {"baffin", "gfx803", 0x40f, 0x2c, 8, 0, 4},
    {"stoney", "gfx810", 0x411, 0x31, 8, 1, 0},
    {"gfx804", "gfx803", 0x412, 0x32, 8, 0, 4},
    {"dummy", "gfx801", 0, 0, 8, 0, 1},
    {"goose", "gfx803", 0, 0, 8, 0, 4},
    {"horse", "gfx803", 0, 0, 8, 0, 4},
    {"gfx900", "gfx900", 0, 0, 9, 0, 0},
    {"gfx901", "gfx900", 0, 0, 9, 0, 1},
    {"gfx902", "gfx902", 0, 0, 9, 0, 2},
    {"gfx903", "gfx902", 0, 0, 9, 0, 3},
    {"gfx904", "gfx904", 0, 0, 9, 0, 4},
    {"gfx905", "gfx904", 0, 0, 9, 0, 5},
    {"gfx906", "gfx906", 0, 0, 9, 0, 6},
    {"gfx907", "gfx906", 0, 0, 9, 0, 7},
};

bool equalsLower(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != lower[i]) return false;
  return true;
}

}  // namespace

const ClDevice* findClDevice(std::string_view name) {
  for (const ClDevice& d : kDevices)
    if (equalsLower(name, d.name)) return &d;
  return nullptr;
}

const ClDevice* clDeviceByCl12Machine(uint16_t m) {
  for (const ClDevice& d : kDevices)
    if (d.cl12_machine && d.cl12_machine == m) return &d;
  return nullptr;
}

const ClDevice* clDeviceByCalMachine(uint32_t m) {
  for (const ClDevice& d : kDevices)
    if (d.cal_machine && d.cal_machine == m) return &d;
  return nullptr;
}

const ClDevice* clDevicesBegin() { return kDevices; }
const ClDevice* clDevicesEnd() { return kDevices + sizeof kDevices / sizeof kDevices[0]; }

}  // namespace gcn::codeobj::opencl
