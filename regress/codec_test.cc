// The corpus file format: round trip and determinism, clean errors on
// corrupt input (truncated, unknown version, wrong types, hostile sizes,
// random damage), and a replay that catches planted mismatches.
#include <gtest/gtest.h>
#include <msgpack.hpp>

#include <functional>
#include <random>

#include "regress/codec.h"
#include "regress/generate.h"
#include "regress/replay.h"

namespace gcn::regress {
namespace {

const uint8_t* u8(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// A small corpus of this build, made once.
const std::string& smallCorpus() {
  static const std::string bytes = [] {
    Target t;
    std::string err;
    EXPECT_TRUE(targetFromName("gfx900", &t, &err));
    GenOptions o;
    o.count = 300;
    o.seed = 7;
    std::vector<Record> recs;
    GenStats st;
    EXPECT_TRUE(generate(t, o, &recs, &st, &err)) << err;
    Header h;
    h.cpu = "gfx900";
    h.seed = 7;
    return writeCorpus(h, recs);
  }();
  return bytes;
}

Corpus readOk(const std::string& bytes) {
  Corpus c;
  std::string err;
  EXPECT_TRUE(readCorpus(u8(bytes), bytes.size(), &c, &err)) << err;
  return c;
}

std::string readErr(const std::string& bytes) {
  Corpus c;
  std::string err;
  EXPECT_FALSE(readCorpus(u8(bytes), bytes.size(), &c, &err));
  EXPECT_FALSE(err.empty());
  return err;
}

using Packer = msgpack::packer<msgpack::sbuffer>;
std::string packed(const std::function<void(Packer&)>& fn) {
  msgpack::sbuffer b;
  Packer p(&b);
  fn(p);
  return std::string(b.data(), b.size());
}
std::string header(int version, uint64_t records, const char* format = kFormatName) {
  return packed([&](Packer& p) {
    p.pack_map(4);
    p.pack(std::string("format")); p.pack(std::string(format));
    p.pack(std::string("version")); p.pack(version);
    p.pack(std::string("cpu")); p.pack(std::string("gfx900"));
    p.pack(std::string("records")); p.pack(records);
  });
}

TEST(Codec, RoundTripIsExactAndGenerationDeterministic) {
  const std::string& a = smallCorpus();
  Corpus c = readOk(a);
  ASSERT_GE(c.records.size(), 250u);
  EXPECT_EQ(writeCorpus(c.header, c.records), a);
  size_t states = 0, rejects = 0, palettes = 0;
  for (const Record& r : c.records) {
    states += r.has_state;
    rejects += !r.reject.empty();
  }
  EXPECT_GT(states, 100u);
  EXPECT_GT(rejects, 0u) << "random words should give some decoder rejections";
  (void)palettes;
  // Same seed, same bytes.
  Target t;
  std::string err;
  ASSERT_TRUE(targetFromName("gfx900", &t, &err));
  GenOptions o;
  o.count = 300;
  o.seed = 7;
  std::vector<Record> again;
  GenStats st;
  ASSERT_TRUE(generate(t, o, &again, &st, &err));
  Header h;
  h.cpu = "gfx900";
  h.seed = 7;
  EXPECT_EQ(writeCorpus(h, again), a);
}

TEST(Codec, FreshCorpusReplaysClean) {
  CheckSummary s = checkCorpus(readOk(smallCorpus()));
  EXPECT_TRUE(s.mismatches.empty()) << s.mismatches.size() << " mismatches, first: record "
                                    << (s.mismatches.empty() ? 0 : s.mismatches[0].record) << ": "
                                    << (s.mismatches.empty() ? "" : s.mismatches[0].what);
}

TEST(Codec, EveryTruncationIsACleanError) {
  const std::string& a = smallCorpus();
  EXPECT_NE(readErr("").find("empty file"), std::string::npos);
  std::mt19937_64 rng(1);
  std::vector<size_t> cuts;
  for (size_t n = 1; n < 400 && n < a.size(); ++n) cuts.push_back(n);
  for (int i = 0; i < 400; ++i) cuts.push_back(1 + rng() % (a.size() - 1));
  for (size_t n : cuts) {
    std::string e = readErr(a.substr(0, n));
    EXPECT_NE(e.find("truncated"), std::string::npos) << "cut at " << n << ": " << e;
    EXPECT_NE(e.find("byte offset"), std::string::npos) << "cut at " << n << ": " << e;
  }
}

TEST(Codec, HeaderProblemsNameTheCause) {
  std::string e = readErr(header(2, 0));
  EXPECT_NE(e.find("unsupported corpus version 2"), std::string::npos) << e;
  EXPECT_NE(e.find("key 'version'"), std::string::npos) << e;
  e = readErr(header(1, 0, "something-else"));
  EXPECT_NE(e.find("not a gcnref regression corpus"), std::string::npos) << e;
  e = readErr(packed([](Packer& p) { p.pack(std::string("hello")); }));
  EXPECT_NE(e.find("not a gcnref regression corpus"), std::string::npos) << e;
  e = readErr(header(1, uint64_t(1) << 40));
  EXPECT_NE(e.find("key 'records'"), std::string::npos) << e;
  e = readErr(header(1, 0) + "x");
  EXPECT_NE(e.find("trailing data"), std::string::npos) << e;
  e = readErr(header(1, 2) + writeRecord(readOk(smallCorpus()).records[0]));
  EXPECT_NE(e.find("announces 2 records"), std::string::npos) << e;
}

TEST(Codec, WrongTypesNameRecordAndKey) {
  const std::string h = header(1, 1);
  std::string e = readErr(h + packed([](Packer& p) {
    p.pack_map(1);
    p.pack(std::string("bytes")); p.pack(std::string("not bytes"));
  }));
  EXPECT_NE(e.find("record 0"), std::string::npos) << e;
  EXPECT_NE(e.find("byte offset " + std::to_string(h.size())), std::string::npos) << e;
  EXPECT_NE(e.find("key 'bytes': expected bin, got str"), std::string::npos) << e;

  Record r = readOk(smallCorpus()).records[0];
  Corpus c = readOk(smallCorpus());
  const Record* with_state = nullptr;
  for (const Record& x : c.records)
    if (x.has_state && !x.in.v.empty()) with_state = &x;
  ASSERT_NE(with_state, nullptr);
  // Re-pack a record map with one value replaced, keeping the rest.
  auto replace = [&](const Record& rec, const std::string& key, const std::function<void(Packer&)>& value) {
    std::string raw = writeRecord(rec);
    msgpack::object_handle oh = msgpack::unpack(raw.data(), raw.size());
    const msgpack::object& o = oh.get();
    return packed([&](Packer& p) {
      p.pack_map(o.via.map.size);
      for (uint32_t i = 0; i < o.via.map.size; ++i) {
        p.pack(o.via.map.ptr[i].key);
        if (o.via.map.ptr[i].key.as<std::string>() == key) value(p);
        else p.pack(o.via.map.ptr[i].val);
      }
    });
  };
  e = readErr(h + replace(r, "fields", [](Packer& p) {
    p.pack_map(1);
    p.pack(std::string("SRC0")); p.pack(std::string("v1"));
  }));
  EXPECT_NE(e.find("key 'fields.SRC0': expected int, got str"), std::string::npos) << e;
  e = readErr(h + replace(*with_state, "state", [](Packer& p) {
    p.pack_map(2);
    p.pack(std::string("in"));
    p.pack_map(2);
    p.pack(std::string("mode")); p.pack(0);
    p.pack(std::string("v"));
    p.pack_array(1);
    p.pack_array(2);
    p.pack(3);
    p.pack_bin(10);
    p.pack_bin_body("0123456789", 10);
    p.pack(std::string("out")); p.pack_map(0);
  }));
  EXPECT_NE(e.find("key 'state.in.v[0][1]': bin of 10 bytes (expected 256..256)"), std::string::npos) << e;
  e = readErr(h + replace(r, "bytes", [](Packer& p) { p.pack_bin(0); }));
  EXPECT_NE(e.find("key 'bytes': bin of 0 bytes"), std::string::npos) << e;
  e = readErr(h + replace(r, "row", [](Packer& p) { p.pack(1.5); }));
  EXPECT_NE(e.find("key 'row': expected str, got float"), std::string::npos) << e;
  e = readErr(h + packed([](Packer& p) {
    p.pack_map(2);
    p.pack(std::string("bytes")); p.pack_bin(4); p.pack_bin_body("\0\0\0\0", 4);
    p.pack(std::string("bytes")); p.pack_bin(4); p.pack_bin_body("\0\0\0\0", 4);
  }));
  EXPECT_NE(e.find("duplicate key"), std::string::npos) << e;
}

TEST(Codec, HostileSizesAreRefusedNotAllocated) {
  const std::string h = header(1, 1);
  // array32 / map32 headers claiming 4 G elements: msgpack-c would
  // allocate them up front, so the limits must refuse them.
  for (const char* hdr : {"\xdd\xff\xff\xff\xff", "\xdf\xff\xff\xff\xff"}) {
    std::string e = readErr(h + std::string(hdr, 5));
    EXPECT_NE(e.find("record 0"), std::string::npos) << e;
    EXPECT_NE(e.find("limits"), std::string::npos) << e;
  }
  // bin32 / str32 of 4 GiB: refused by size, or as truncated (their bytes
  // are checked before anything is copied).
  for (const char* hdr : {"\xc6\xff\xff\xff\xff", "\xdb\xff\xff\xff\xff"}) {
    std::string e = readErr(h + std::string(hdr, 5) + std::string(100, 'x'));
    EXPECT_NE(e.find("record 0"), std::string::npos) << e;
    EXPECT_TRUE(e.find("limits") != std::string::npos || e.find("truncated") != std::string::npos) << e;
  }
  std::string deep(200, '\x91');  // 200 nested one-element arrays
  std::string e = readErr(h + deep + "\xc0");
  EXPECT_NE(e.find("nesting deeper"), std::string::npos) << e;
  e = readErr(h + "\xc1");  // the one reserved msgpack byte
  EXPECT_NE(e.find("malformed msgpack at byte offset " + std::to_string(h.size())), std::string::npos) << e;
  e = readErr(h + "\xd4\x01\x02");  // ext types are not part of the schema
  EXPECT_NE(e.find("record 0"), std::string::npos) << e;
}

TEST(Codec, RandomDamageNeverCrashesReaderOrReplay) {
  const std::string& a = smallCorpus();
  std::mt19937_64 rng(11);
  int read_ok = 0;
  for (int i = 0; i < 60; ++i) {
    std::string b = a;
    for (int k = 0, n = 1 + int(rng() % 4); k < n; ++k) b[rng() % b.size()] = char(rng());
    Corpus c;
    std::string err;
    if (readCorpus(u8(b), b.size(), &c, &err)) {
      ++read_ok;
      checkCorpus(c);  // must not crash, whatever it reports
    } else {
      EXPECT_FALSE(err.empty());
    }
  }
  EXPECT_GT(read_ok, 0);
}

TEST(Replay, PlantedMismatchesAreReported) {
  Corpus c = readOk(smallCorpus());
  const Record* base = nullptr;
  for (const Record& r : c.records)
    if (r.has_state && !r.out.v.empty() && !r.fields.empty()) base = &r;
  ASSERT_NE(base, nullptr);
  auto check = [&](const Record& r) {
    std::vector<Mismatch> m;
    checkRecord("gfx900", r, 5, &m);
    std::string all;
    for (const Mismatch& x : m) {
      EXPECT_EQ(x.record, 5u);
      all += x.what + "\n";
    }
    return all;
  };
  EXPECT_EQ(check(*base), "");
  Record r = *base;
  r.text += " glc";
  std::string m = check(r);
  EXPECT_NE(m.find("printer: corpus '" + r.text + "'"), std::string::npos) << m;
  r = *base;
  r.fields[0].second += 1;
  m = check(r);
  EXPECT_NE(m.find("decoder: field " + r.fields[0].first), std::string::npos) << m;
  r = *base;
  r.out.v[0].lanes[5] ^= 1;
  m = check(r);
  EXPECT_NE(m.find("semantics (fast): v" + std::to_string(r.out.v[0].reg) + " differs in 1 lanes: lane 5"),
            std::string::npos) << m;
  EXPECT_NE(m.find("semantics (reference)"), std::string::npos) << m;
  r = *base;
  r.out.scc = !r.out.scc;
  EXPECT_NE(check(r).find("scc: corpus"), std::string::npos);
  r = *base;
  r.bytes = {0xff, 0xff, 0xff, 0xff};
  r.reject.clear();
  EXPECT_NE(check(r).find("decoder: "), std::string::npos);
  r = *base;
  r.cpu = "gfx1234";
  EXPECT_NE(check(r).find("cpu 'gfx1234'"), std::string::npos);
}

}  // namespace
}  // namespace gcn::regress
