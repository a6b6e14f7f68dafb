// The device table: every device runs on a processor gcnref models, and
// the codes that identify devices identify one each.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "codeobj/opencl/devices.h"
#include "isa/processors.h"

namespace gcn::codeobj::opencl {
namespace {

TEST(ClDevices, EveryDeviceRunsOnAModelledProcessor) {
  for (const ClDevice* d = clDevicesBegin(); d != clDevicesEnd(); ++d) {
    const Processor* p = findProcessor(d->processor);
    ASSERT_NE(p, nullptr) << d->name;
    EXPECT_TRUE(p->supported()) << d->name;
    EXPECT_EQ(findClDevice(d->name), d) << d->name;
  }
  EXPECT_EQ(findClDevice("Pitcairn"), findClDevice("pitcairn"));
  EXPECT_EQ(findClDevice("gfx1010"), nullptr);
}

TEST(ClDevices, MachineCodesAreUnique) {
  std::set<uint32_t> cl12, cal;
  for (const ClDevice* d = clDevicesBegin(); d != clDevicesEnd(); ++d) {
    if (d->cl12_machine) {
      EXPECT_TRUE(cl12.insert(d->cl12_machine).second) << d->name;
    }
    if (d->cal_machine) {
      EXPECT_TRUE(cal.insert(d->cal_machine).second) << d->name;
    }
    EXPECT_EQ(d->cl12_machine != 0, d->cal_machine != 0) << d->name;
  }
  EXPECT_EQ(std::string(clDeviceByCl12Machine(0x3fe)->name), "pitcairn");
  EXPECT_EQ(std::string(clDeviceByCalMachine(0x2d)->name), "fiji");
  EXPECT_EQ(clDeviceByCl12Machine(0), nullptr);
}

}  // namespace
}  // namespace gcn::codeobj::opencl
