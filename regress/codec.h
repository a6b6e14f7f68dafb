// msgpack <-> Corpus. The file is a stream of msgpack maps: a header, then
// `header.records` records (schema: corpus/README.md).
//
// The reader is the boundary to untrusted bytes: every size is bounded
// (msgpack unpack limits, nesting depth, record count), every key checked
// for type and range, and every problem reported as an error naming the
// byte offset, the record index and the key — never a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "regress/record.h"

namespace gcn::regress {

// Bounds the reader enforces (a corpus the writer produces is far inside).
constexpr size_t kMaxRecords = 1u << 20;
constexpr size_t kMaxInstBytes = 16;
constexpr size_t kMaxRegions = 16;
constexpr uint32_t kMaxRegionBytes = 1u << 20;
constexpr size_t kMaxMemWriteBytes = 64 * 1024;

// Serialises the header (its `records` is set to records.size()) and records.
std::string writeCorpus(const Header& h, const std::vector<Record>& records);
// Serialises one record (a map) — writeCorpus is the header plus these.
std::string writeRecord(const Record& r);
std::string writeHeader(const Header& h);

// Parses a whole file. On failure returns false with *err saying what and
// where; *out then holds the records read before the problem.
bool readCorpus(const uint8_t* data, size_t len, Corpus* out, std::string* err);

}  // namespace gcn::regress
