// MessagePack and YAML metadata decoding on hand-built documents: required
// keys, types, argument layout, hostile lengths and nesting.
#include <gtest/gtest.h>
#include <msgpack.hpp>

#include "codeobj/metadata.h"
#include "codeobj/metadata_node.h"

namespace gcn::codeobj {
namespace {

using Packer = msgpack::packer<msgpack::sbuffer>;

// A minimal valid v4 document with one kernel; `edit` may change keys.
struct Doc {
  uint64_t kernarg_size = 16, arg1_offset = 8, wave = 64;
  bool drop_sgpr = false, sgpr_as_string = false;
  msgpack::sbuffer pack() const {
    msgpack::sbuffer buf;
    Packer pk(&buf);
    pk.pack_map(3);
    pk.pack(std::string("amdhsa.version"));
    pk.pack_array(2);
    pk.pack(1);
    pk.pack(1);
    pk.pack(std::string("amdhsa.target"));
    pk.pack(std::string("amdgcn-amd-amdhsa--gfx900"));
    pk.pack(std::string("amdhsa.kernels"));
    pk.pack_array(1);
    pk.pack_map(drop_sgpr ? 11 : 12);
    auto kv = [&](const char* k, uint64_t v) {
      pk.pack(std::string(k));
      pk.pack(v);
    };
    pk.pack(std::string(".name"));
    pk.pack(std::string("k"));
    pk.pack(std::string(".symbol"));
    pk.pack(std::string("k.kd"));
    kv(".kernarg_segment_size", kernarg_size);
    kv(".group_segment_fixed_size", 0);
    kv(".private_segment_fixed_size", 0);
    kv(".kernarg_segment_align", 8);
    kv(".wavefront_size", wave);
    if (!drop_sgpr) {
      pk.pack(std::string(".sgpr_count"));
      if (sgpr_as_string) pk.pack(std::string("ten"));
      else pk.pack(10);
    }
    kv(".vgpr_count", 4);
    kv(".max_flat_workgroup_size", 256);
    pk.pack(std::string(".language"));
    pk.pack(std::string("OpenCL C"));
    pk.pack(std::string(".args"));
    pk.pack_array(2);
    for (uint64_t off : {uint64_t(0), arg1_offset}) {
      pk.pack_map(4);
      kv(".offset", off);
      kv(".size", 8);
      pk.pack(std::string(".value_kind"));
      pk.pack(std::string("global_buffer"));
      pk.pack(std::string(".address_space"));
      pk.pack(std::string("global"));
    }
    return buf;
  }
};

bool decode(const msgpack::sbuffer& b, Metadata* m, std::string* err) {
  return decodeMsgpackMetadata(ByteView(reinterpret_cast<const uint8_t*>(b.data()), b.size()),
                               0x200, m, err);
}

TEST(MsgpackMetadata, DecodesTypedFields) {
  Metadata m;
  std::string err;
  ASSERT_TRUE(decode(Doc().pack(), &m, &err)) << err;
  EXPECT_EQ(m.version, (std::vector<uint64_t>{1, 1}));
  EXPECT_EQ(m.target, "amdgcn-amd-amdhsa--gfx900");
  ASSERT_EQ(m.kernels.size(), 1u);
  const KernelMeta& k = m.kernels[0];
  EXPECT_EQ(k.symbol, "k.kd");
  EXPECT_EQ(k.sgpr_count, 10u);
  ASSERT_EQ(k.args.size(), 2u);
  EXPECT_EQ(k.args[1].offset, 8u);
  EXPECT_EQ(k.args[1].address_space, "global");
}

TEST(MsgpackMetadata, ErrorsNameTheKeyPath) {
  Metadata m;
  std::string err;
  Doc d;
  d.drop_sgpr = true;
  EXPECT_FALSE(decode(d.pack(), &m, &err));
  EXPECT_NE(err.find("amdhsa.kernels[0]..sgpr_count: required key is missing"), std::string::npos) << err;
  EXPECT_NE(err.find("desc at offset 0x200"), std::string::npos) << err;
  d = Doc();
  d.sgpr_as_string = true;
  EXPECT_FALSE(decode(d.pack(), &m, &err));
  EXPECT_NE(err.find("expected an unsigned integer"), std::string::npos) << err;
  d = Doc();
  d.arg1_offset = 4;  // overlaps arg 0
  EXPECT_FALSE(decode(d.pack(), &m, &err));
  EXPECT_NE(err.find(".args[1].offset"), std::string::npos) << err;
  d = Doc();
  d.kernarg_size = 12;  // arg 1 ends at 16
  EXPECT_FALSE(decode(d.pack(), &m, &err));
  EXPECT_NE(err.find("outside the kernarg segment"), std::string::npos) << err;
  d = Doc();
  d.wave = 48;
  EXPECT_FALSE(decode(d.pack(), &m, &err));
  EXPECT_NE(err.find("power of two"), std::string::npos) << err;
}

TEST(MsgpackMetadata, HostileEncodings) {
  Metadata m;
  std::string err;
  auto bytes = [&](std::vector<uint8_t> v) {
    return decodeMsgpackMetadata(ByteView(v.data(), v.size()), 0, &m, &err);
  };
  EXPECT_FALSE(bytes({}));
  EXPECT_FALSE(bytes({0xdd, 0xff, 0xff, 0xff, 0xff}));  // array32 of 4G elements
  EXPECT_NE(err.find("MessagePack"), std::string::npos) << err;
  EXPECT_FALSE(bytes({0xdb, 0xff, 0xff, 0xff, 0x7f, 'a'}));  // str32 longer than the input
  EXPECT_FALSE(bytes({0x81, 0xa1, 'a'}));                    // truncated map
  EXPECT_NE(err.find("truncated"), std::string::npos) << err;
  EXPECT_FALSE(bytes({0x80, 0x00}));  // trailing bytes
  EXPECT_NE(err.find("trailing"), std::string::npos) << err;
  EXPECT_FALSE(bytes({0x81, 0x01, 0x02}));  // non-string key
  EXPECT_FALSE(bytes({0x82, 0xa1, 'a', 0x01, 0xa1, 'a', 0x02}));  // duplicate key
  EXPECT_NE(err.find("duplicate"), std::string::npos) << err;
  std::vector<uint8_t> deep(100, 0x91);  // 100 nested one-element arrays
  deep.push_back(0x00);
  EXPECT_FALSE(bytes(deep));
  EXPECT_NE(err.find("nesting"), std::string::npos) << err;
  EXPECT_FALSE(bytes({0x80}));  // an empty map: amdhsa.version missing
  EXPECT_NE(err.find("amdhsa.version"), std::string::npos) << err;
}

const char kV2Yaml[] = R"(---
Version:         [ 1, 0 ]
Kernels:
  - Name:            add
    SymbolName:      'add@kd'
    Language:        OpenCL C
    LanguageVersion: [ 1, 2 ]
    Attrs:
      ReqdWorkGroupSize: [ 64, 1, 1 ]
    Args:
      - TypeName:        'int*'   # a comment
        Size:            8
        Align:           8
        ValueKind:       GlobalBuffer
        AddrSpaceQual:   Global
      - TypeName:        char
        Size:            1
        Align:           1
        ValueKind:       ByValue
      - Size:            4
        Align:           4
        ValueKind:       HiddenGlobalOffsetX
    CodeProps:
      KernargSegmentSize: 20
      GroupSegmentFixedSize: 0
      PrivateSegmentFixedSize: 0
      KernargSegmentAlign: 8
      WavefrontSize:   64
      NumSGPRs:        9
      NumVGPRs:        6
      MaxFlatWorkGroupSize: 256
      IsXNACKEnabled:  true
...
)";

TEST(YamlMetadata, DecodesV2Document) {
  Metadata m;
  std::string err;
  ASSERT_TRUE(decodeYamlMetadata(ByteView(reinterpret_cast<const uint8_t*>(kV2Yaml), sizeof kV2Yaml - 1),
                                 0, &m, &err)) << err;
  ASSERT_EQ(m.kernels.size(), 1u);
  const KernelMeta& k = m.kernels[0];
  EXPECT_EQ(k.symbol, "add@kd");
  EXPECT_EQ(k.language, "OpenCL C");
  EXPECT_EQ(k.reqd_workgroup_size, (std::vector<uint64_t>{64, 1, 1}));
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[0].value_kind, "global_buffer");
  EXPECT_EQ(k.args[0].type_name, "int*");
  EXPECT_EQ(k.args[0].address_space, "global");
  EXPECT_EQ(k.args[1].offset, 8u);
  EXPECT_EQ(k.args[2].offset, 12u);  // aligned up from 9
  EXPECT_EQ(k.args[2].value_kind, "hidden_global_offset_x");
  EXPECT_EQ(k.kernarg_segment_size, 20u);
  EXPECT_EQ(k.sgpr_count, 9u);
}

TEST(YamlMetadata, RejectsWhatItDoesNotParse) {
  auto bad = [](const std::string& doc, const char* what) {
    Metadata m;
    std::string err;
    EXPECT_FALSE(decodeYamlMetadata(ByteView(reinterpret_cast<const uint8_t*>(doc.data()), doc.size()),
                                    0, &m, &err)) << doc;
    EXPECT_NE(err.find(what), std::string::npos) << err;
  };
  bad("Version: [ 1, 0\n", "closing ']'");
  bad("Version: [ 1, 0 ]\nVersion: [ 1, 0 ]\n", "duplicate key");
  bad("Version: 'abc\n", "unterminated");
  bad("Version: &a [ 1, 0 ]\n", "unsupported");
  bad("Version: [ 1, 0 ]\nKernels:\n  - Name: k\n", "SymbolName: required key is missing");
  bad("Version: [ 1, x ]\n", "expected an unsigned integer");
  bad("Version: [ 1, 0 ]\n  Kernels: []\n", "YAML line 2");
}

}  // namespace
}  // namespace gcn::codeobj
