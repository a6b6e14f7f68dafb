#include "codeobj/opencl/amd_cl2_device.h"

#include <vector>

#include "codeobj/opencl/devices.h"
#include "isa/processors.h"

namespace gcn::codeobj::opencl {
namespace {

// The devices of devices.h, with their note ISA versions.
using DeviceInfo = ClDevice;

const DeviceInfo* findDevice(const std::string& name) { return findClDevice(name); }

struct DeviceCode {
  uint32_t code;
  const char* device;
};
// Codes every driver gives the GCN 1.1 and first GCN 1.2 devices.
const DeviceCode kCommonCodes[] = {{1, "spectre"}, {2, "spooky"}, {3, "kalindi"}, {4, "mullins"},
                                   {6, "bonaire"}, {7, "hawaii"}, {8, "iceland"}, {9, "tonga"}};

struct CodeTable {
  uint32_t first_driver;  // in force from this driver version to the next table's
  std::vector<DeviceCode> codes;
  // Drivers that only gave new devices codes keep the previous table's.
  bool adds_to_previous = false;
};
const CodeTable kTables[] = {
    {0, {{15, "carrizo"}, {16, "fiji"}}},
    {191205, {{15, "dummy"}, {16, "carrizo"}, {17, "fiji"}}},
    {200406, {{12, "horse"}, {13, "goose"}, {15, "carrizo"}, {16, "fiji"}, {17, "stoney"}}},
    {203603, {{13, "carrizo"}, {14, "fiji"}, {15, "stoney"}, {16, "baffin"}, {17, "ellesmere"}}},
    {223600,
     {{12, "carrizo"},
      {13, "fiji"},
      {14, "stoney"},
      {15, "baffin"},
      {16, "ellesmere"},
      {17, "gfx900"},
      {18, "gfx804"}}},
    {226400,
     {{13, "carrizo"},
      {14, "fiji"},
      {15, "stoney"},
      {16, "baffin"},
      {17, "ellesmere"},
      {18, "gfx804"},
      {19, "gfx900"}}},
    {234800,
     {{14, "carrizo"},
      {15, "fiji"},
      {16, "stoney"},
      {17, "baffin"},
      {18, "ellesmere"},
      {19, "gfx804"},
      {20, "gfx900"},
      {21, "gfx901"}}},
    {244200,
     {{12, "carrizo"},
      {13, "fiji"},
      {14, "stoney"},
      {15, "baffin"},
      {16, "ellesmere"},
      {17, "gfx900"},
      {18, "gfx804"},
      {19, "gfx901"}}},
    {248200,
     {{12, "carrizo"},
      {13, "fiji"},
      {14, "stoney"},
      {16, "baffin"},
      {18, "ellesmere"},
      {19, "gfx900"},
      {20, "gfx804"},
      {21, "gfx901"}}},
    {252700,
     {{12, "carrizo"},
      {13, "fiji"},
      {14, "stoney"},
      {16, "baffin"},
      {18, "ellesmere"},
      {20, "gfx900"},
      {21, "gfx804"},
      {23, "gfx901"},
      {24, "gfx902"},
      {25, "gfx903"},
      {26, "gfx904"},
      {27, "gfx905"}}},
    {258000, {{28, "gfx906"}, {29, "gfx907"}}, true},
};
constexpr size_t kNumTables = sizeof(kTables) / sizeof(kTables[0]);

const char* lookup(size_t table, uint32_t code) {
  for (const DeviceCode& c : kCommonCodes)
    if (c.code == code) return c.device;
  for (size_t i = table;; --i) {
    for (const DeviceCode& c : kTables[i].codes)
      if (c.code == code) return c.device;
    if (!kTables[i].adds_to_previous) return nullptr;
  }
}

// Devices the code names under the drivers the evidence allows, in driver
// order, each once.
std::vector<const DeviceInfo*> codeCandidates(const Cl2DeviceEvidence& ev) {
  std::vector<const DeviceInfo*> r;
  for (size_t i = 0; i < kNumTables; ++i) {
    const uint32_t end = i + 1 < kNumTables ? kTables[i + 1].first_driver : UINT32_MAX;
    if (end <= ev.first_driver || kTables[i].first_driver >= ev.end_driver) continue;
    const char* name = lookup(i, ev.eflags);
    const DeviceInfo* d = name ? findDevice(name) : nullptr;
    bool seen = false;
    for (const DeviceInfo* x : r) seen |= x == d;
    if (d && !seen) r.push_back(d);
  }
  return r;
}

// The ISA note outranks the driver tables: keep the devices of its major
// version, and of its exact version when any has it.
void filterByNote(const Cl2DeviceEvidence& ev, std::vector<const DeviceInfo*>* c) {
  std::vector<const DeviceInfo*> major, exact;
  for (const DeviceInfo* d : *c) {
    if (d->isa_major != ev.isa_major) continue;
    major.push_back(d);
    if (d->isa_minor == ev.isa_minor && d->isa_stepping == ev.isa_stepping) exact.push_back(d);
  }
  *c = exact.empty() ? major : exact;
}

const DeviceInfo* deviceFromNote(const Cl2DeviceEvidence& ev) {
  const DeviceInfo* first_major = nullptr;
  for (const DeviceInfo* p = clDevicesBegin(); p != clDevicesEnd(); ++p) {
    const DeviceInfo& d = *p;
    if (d.isa_major == 0 || d.isa_major != ev.isa_major) continue;
    if (d.isa_minor == ev.isa_minor && d.isa_stepping == ev.isa_stepping) return &d;
    if (!first_major) first_major = &d;
  }
  return first_major;
}

std::string canonicalProcessor(const std::string& name) {
  const Processor* p = findProcessor(name);
  return p ? std::string(p->name) : name;
}

void preferProcessor(const Cl2DeviceEvidence& ev, std::vector<const DeviceInfo*>* c) {
  if (c->size() < 2 || ev.processor.empty()) return;
  const std::string want = canonicalProcessor(ev.processor);
  std::vector<const DeviceInfo*> match;
  for (const DeviceInfo* d : *c)
    if (canonicalProcessor(std::string(d->processor)) == want) match.push_back(d);
  if (!match.empty()) *c = match;
}

std::string noteVersion(const Cl2DeviceEvidence& ev) {
  return std::to_string(ev.isa_major) + "." + std::to_string(ev.isa_minor) + "." +
         std::to_string(ev.isa_stepping);
}

}  // namespace

std::string cl2DeviceProcessor(const std::string& device) {
  const DeviceInfo* d = findDevice(device);
  return d ? std::string(d->processor) : "";
}

bool resolveCl2Device(const Cl2DeviceEvidence& ev, Cl2Device* out, std::string* err) {
  std::vector<const DeviceInfo*> c = codeCandidates(ev);
  if (ev.has_isa_note) {
    filterByNote(ev, &c);
    if (c.empty()) {
      const DeviceInfo* d = deviceFromNote(ev);
      if (!d) {
        *err = "device code " + std::to_string(ev.eflags) + " (e_flags) names no device of " +
               ev.driver_reason + " and the ISA note's version " + noteVersion(ev) +
               " no known one";
        return false;
      }
      out->problems.push_back("device code " + std::to_string(ev.eflags) +
                              " (e_flags) names no device with ISA version " + noteVersion(ev) +
                              " under " + ev.driver_reason + "; taking " + std::string(d->name) +
                              " from the ISA note");
      c.push_back(d);
    }
  }
  if (c.empty()) {
    *err = "device code " + std::to_string(ev.eflags) + " (e_flags) names no device of " +
           ev.driver_reason;
    return false;
  }
  preferProcessor(ev, &c);
  out->name = std::string(c[0]->name);
  if (c.size() > 1)
    for (const DeviceInfo* d : c)
      out->candidates += (out->candidates.empty() ? "" : " ") + std::string(d->name);
  return true;
}

}  // namespace gcn::codeobj::opencl
