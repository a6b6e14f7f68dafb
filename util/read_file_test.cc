#include "util/read_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>

namespace gcn {
namespace {

std::string tempDir() {
  const char* t = std::getenv("TEST_TMPDIR");
  return t ? t : "/tmp";
}

TEST(ReadWholeFile, ReadsEveryByteOfARegularFile) {
  const std::string p = tempDir() + "/bytes.bin";
  std::string want;
  for (int i = 0; i < 200000; ++i) want += char(i * 7);
  FILE* f = std::fopen(p.c_str(), "wb");
  ASSERT_TRUE(f);
  std::fwrite(want.data(), 1, want.size(), f);
  std::fclose(f);
  std::string s, err;
  ASSERT_TRUE(readWholeFile(p, &s, &err)) << err;
  EXPECT_EQ(s, want);
  std::vector<uint8_t> v;
  ASSERT_TRUE(readWholeFile(p, &v, &err)) << err;
  EXPECT_EQ(std::string(v.begin(), v.end()), want);
}

TEST(ReadWholeFile, MissingFileSaysWhy) {
  std::string s, err;
  EXPECT_FALSE(readWholeFile(tempDir() + "/no-such-file", &s, &err));
  EXPECT_NE(err.find("no-such-file"), std::string::npos) << err;
  EXPECT_NE(err.find("No such file"), std::string::npos) << err;
}

TEST(ReadWholeFile, DirectoryIsAnErrorNotAnEmptyFile) {
  const std::string d = tempDir() + "/adir";
  ::mkdir(d.c_str(), 0755);
  std::vector<uint8_t> v;
  std::string err;
  EXPECT_FALSE(readWholeFile(d, &v, &err));
  EXPECT_NE(err.find("is a directory"), std::string::npos) << err;
}

TEST(ReadWholeFile, EmptyFileIsEmpty) {
  const std::string p = tempDir() + "/empty";
  std::fclose(std::fopen(p.c_str(), "wb"));
  std::string s = "junk", err;
  ASSERT_TRUE(readWholeFile(p, &s, &err)) << err;
  EXPECT_TRUE(s.empty());
}

// The parser sees the file's bytes; its error comes back naming the file.
TEST(LoadWholeFile, ParserErrorIsPrefixedWithThePath) {
  const std::string p = tempDir() + "/three.bin";
  FILE* f = std::fopen(p.c_str(), "wb");
  ASSERT_TRUE(f);
  std::fwrite("abc", 1, 3, f);
  std::fclose(f);
  std::string seen, err;
  auto parser = [&](bool ok) {
    return [&seen, ok](const uint8_t* data, size_t size, std::string* e) {
      seen.assign(reinterpret_cast<const char*>(data), size);
      if (!ok) *e = "bad magic at byte 0";
      return ok;
    };
  };
  EXPECT_TRUE(loadWholeFile(p, &err, parser(true))) << err;
  EXPECT_EQ(seen, "abc");
  EXPECT_FALSE(loadWholeFile(p, &err, parser(false)));
  EXPECT_EQ(err, p + ": bad magic at byte 0");
  seen.clear();
  EXPECT_FALSE(loadWholeFile(tempDir() + "/no-such-file", &err, parser(true)));
  EXPECT_TRUE(seen.empty());  // never called
  EXPECT_NE(err.find("No such file"), std::string::npos) << err;
}

}  // namespace
}  // namespace gcn
