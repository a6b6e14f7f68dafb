// //third_party:msgpack (header-only, MSGPACK_NO_BOOST) packs and unpacks.
#include <gtest/gtest.h>
#include <msgpack.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

TEST(MsgpackSmoke, RoundTrip) {
  std::map<std::string, std::vector<uint32_t>> in = {
      {".sgpr_count", {16}},
      {".vgpr_count", {32, 64}},
  };
  msgpack::sbuffer buf;
  msgpack::pack(buf, in);

  msgpack::object_handle oh = msgpack::unpack(buf.data(), buf.size());
  auto out = oh.get().as<std::map<std::string, std::vector<uint32_t>>>();
  EXPECT_EQ(out, in);
}

TEST(MsgpackSmoke, MapObjectAccess) {
  msgpack::sbuffer buf;
  msgpack::packer<msgpack::sbuffer> pk(&buf);
  pk.pack_map(1);
  pk.pack(std::string("amdhsa.version"));
  pk.pack_array(2);
  pk.pack(1);
  pk.pack(0);

  msgpack::object_handle oh = msgpack::unpack(buf.data(), buf.size());
  const msgpack::object& o = oh.get();
  ASSERT_EQ(o.type, msgpack::type::MAP);
  ASSERT_EQ(o.via.map.size, 1u);
  EXPECT_EQ(o.via.map.ptr[0].key.as<std::string>(), "amdhsa.version");
  EXPECT_EQ(o.via.map.ptr[0].val.as<std::vector<int>>(),
            (std::vector<int>{1, 0}));
}
