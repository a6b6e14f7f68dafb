// msgpack -> Corpus, for untrusted input. msgpack-c allocates containers
// at the size their header claims, so the unpack limits below are what
// keeps a 5-byte "array of 2^32 elements" from exhausting memory; after
// unpacking every key is checked for type and range before it is used.
#include <msgpack.hpp>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <exception>

#include "regress/codec.h"

namespace gcn::regress {
namespace {

// Largest container / string / bin any valid object has (a record's VGPR
// list is bounded by 512 registers, a memory write by kMaxMemWriteBytes).
const msgpack::unpack_limit kLimits(/*array=*/4096, /*map=*/64, /*str=*/4096,
                                    /*bin=*/kMaxMemWriteBytes, /*ext=*/0, /*depth=*/8);

const char* typeName(const msgpack::object& o) {
  switch (o.type) {
    case msgpack::type::NIL: return "nil";
    case msgpack::type::BOOLEAN: return "bool";
    case msgpack::type::POSITIVE_INTEGER: return "uint";
    case msgpack::type::NEGATIVE_INTEGER: return "negative int";
    case msgpack::type::FLOAT32: case msgpack::type::FLOAT64: return "float";
    case msgpack::type::STR: return "str";
    case msgpack::type::BIN: return "bin";
    case msgpack::type::ARRAY: return "array";
    case msgpack::type::MAP: return "map";
    default: return "ext";
  }
}

// Type-checked access with an error naming the place: "<where>, key 'a.b'".
class Reader {
 public:
  explicit Reader(std::string where) : where_(std::move(where)) {}
  const std::string& error() const { return err_; }
  bool failed() const { return !err_.empty(); }

  bool fail(const std::string& key, const std::string& what) {
    if (err_.empty()) err_ = where_ + (key.empty() ? "" : ", key '" + key + "'") + ": " + what;
    return false;
  }
  bool expect(const msgpack::object& o, msgpack::type::object_type t, const std::string& key,
              const char* want) {
    if (o.type == t) return true;
    return fail(key, std::string("expected ") + want + ", got " + typeName(o));
  }

  // A map with string keys and no duplicates, as (key, value) pairs.
  using Fields = std::vector<std::pair<std::string, const msgpack::object*>>;
  bool map(const msgpack::object& o, const std::string& key, Fields* out) {
    out->clear();
    if (!expect(o, msgpack::type::MAP, key, "map")) return false;
    for (uint32_t i = 0; i < o.via.map.size; ++i) {
      const msgpack::object_kv& kv = o.via.map.ptr[i];
      if (kv.key.type != msgpack::type::STR)
        return fail(key, "map key #" + std::to_string(i) + " is a " + typeName(kv.key) + ", not a string");
      std::string k(kv.key.via.str.ptr, kv.key.via.str.size);
      for (const auto& f : *out)
        if (f.first == k) return fail(join(key, k), "duplicate key");
      out->emplace_back(std::move(k), &kv.val);
    }
    return true;
  }
  static const msgpack::object* find(const Fields& f, const char* k) {
    for (const auto& x : f)
      if (x.first == k) return x.second;
    return nullptr;
  }
  static std::string join(const std::string& a, const std::string& b) {
    return a.empty() ? b : a + "." + b;
  }
  const msgpack::object* need(const Fields& f, const std::string& base, const char* k) {
    const msgpack::object* o = find(f, k);
    if (!o) fail(join(base, k), "missing");
    return o;
  }

  bool u64(const msgpack::object& o, const std::string& key, uint64_t max, uint64_t* out) {
    if (!expect(o, msgpack::type::POSITIVE_INTEGER, key, "uint")) return false;
    if (o.via.u64 > max) {
      char b[96];
      std::snprintf(b, sizeof b, "value %" PRIu64 " out of range (max %" PRIu64 ")", o.via.u64, max);
      return fail(key, b);
    }
    *out = o.via.u64;
    return true;
  }
  template <class T>
  bool uint(const msgpack::object& o, const std::string& key, uint64_t max, T* out) {
    uint64_t v = 0;
    if (!u64(o, key, max, &v)) return false;
    *out = T(v);
    return true;
  }
  bool i32(const msgpack::object& o, const std::string& key, int32_t* out) {
    if (o.type == msgpack::type::POSITIVE_INTEGER) {
      if (o.via.u64 > uint64_t(INT32_MAX)) return fail(key, "value out of int32 range");
      *out = int32_t(o.via.u64);
      return true;
    }
    if (o.type == msgpack::type::NEGATIVE_INTEGER) {
      if (o.via.i64 < INT32_MIN) return fail(key, "value out of int32 range");
      *out = int32_t(o.via.i64);
      return true;
    }
    return fail(key, std::string("expected int, got ") + typeName(o));
  }
  bool boolean(const msgpack::object& o, const std::string& key, bool* out) {
    if (!expect(o, msgpack::type::BOOLEAN, key, "bool")) return false;
    *out = o.via.boolean;
    return true;
  }
  bool str(const msgpack::object& o, const std::string& key, std::string* out) {
    if (!expect(o, msgpack::type::STR, key, "str")) return false;
    out->assign(o.via.str.ptr, o.via.str.size);
    return true;
  }
  bool bin(const msgpack::object& o, const std::string& key, size_t min, size_t max,
           std::vector<uint8_t>* out) {
    if (!expect(o, msgpack::type::BIN, key, "bin")) return false;
    if (o.via.bin.size < min || o.via.bin.size > max)
      return fail(key, "bin of " + std::to_string(o.via.bin.size) + " bytes (expected " +
                           std::to_string(min) + ".." + std::to_string(max) + ")");
    const uint8_t* p = reinterpret_cast<const uint8_t*>(o.via.bin.ptr);
    out->assign(p, p + o.via.bin.size);
    return true;
  }
  // An array of exactly n elements (n = 0: any length up to the limit).
  bool array(const msgpack::object& o, const std::string& key, uint32_t n,
             const msgpack::object** elems, uint32_t* size) {
    if (!expect(o, msgpack::type::ARRAY, key, "array")) return false;
    if (n && o.via.array.size != n)
      return fail(key, "array of " + std::to_string(o.via.array.size) + " elements (expected " +
                           std::to_string(n) + ")");
    *elems = o.via.array.ptr;
    *size = o.via.array.size;
    return true;
  }

 private:
  std::string where_, err_;
};

std::string idx(const std::string& k, uint32_t i) { return k + "[" + std::to_string(i) + "]"; }
std::string idx_(const std::string& k, uint32_t i) { return idx(k, i); }

bool readSregs(Reader& r, const msgpack::object& o, const std::string& key, std::vector<SValue>* out) {
  const msgpack::object* e;
  uint32_t n;
  if (!r.array(o, key, 0, &e, &n)) return false;
  if (n > 128) return r.fail(key, "more than 128 scalar registers");
  for (uint32_t i = 0; i < n; ++i) {
    const msgpack::object* p;
    uint32_t two;
    SValue s;
    const std::string k = idx(key, i);
    if (!r.array(e[i], k, 2, &p, &two) || !r.uint(p[0], k + "[0]", 127, &s.code) ||
        !r.uint(p[1], k + "[1]", UINT32_MAX, &s.value))
      return false;
    out->push_back(s);
  }
  return true;
}

bool readLanes(Reader& r, const msgpack::object& o, const std::string& key,
               std::array<uint32_t, sem::kLanes>* out) {
  if (o.type == msgpack::type::POSITIVE_INTEGER) {
    uint32_t v;
    if (!r.uint(o, key, UINT32_MAX, &v)) return false;
    out->fill(v);
    return true;
  }
  if (o.type == msgpack::type::ARRAY) {
    const msgpack::object* e;
    const msgpack::object* pal;
    uint32_t two, n;
    std::vector<uint8_t> idx;
    if (!r.array(o, key, 2, &e, &two) || !r.array(e[0], key + "[0]", 0, &pal, &n) ||
        !r.bin(e[1], key + "[1]", sem::kLanes / 2, sem::kLanes / 2, &idx))
      return false;
    if (n < 1 || n > 16) return r.fail(key + "[0]", "palette of " + std::to_string(n) + " values (expected 1..16)");
    uint32_t values[16];
    for (uint32_t i = 0; i < n; ++i)
      if (!r.uint(pal[i], idx_(key + "[0]", i), UINT32_MAX, &values[i])) return false;
    for (int l = 0; l < sem::kLanes; ++l) {
      const unsigned k = (idx[size_t(l / 2)] >> (4 * (l & 1))) & 15;
      if (k >= n) return r.fail(key + "[1]", "lane " + std::to_string(l) + " uses palette entry " + std::to_string(k) + " of " + std::to_string(n));
      (*out)[size_t(l)] = values[k];
    }
    return true;
  }
  if (o.type != msgpack::type::BIN)
    return r.fail(key, std::string("expected uint, [palette, indices] or bin of 256 bytes, got ") + typeName(o));
  std::vector<uint8_t> b;
  if (!r.bin(o, key, sem::kLanes * 4, sem::kLanes * 4, &b)) return false;
  for (int l = 0; l < sem::kLanes; ++l)
    (*out)[size_t(l)] = uint32_t(b[size_t(l) * 4]) | uint32_t(b[size_t(l) * 4 + 1]) << 8 |
                        uint32_t(b[size_t(l) * 4 + 2]) << 16 | uint32_t(b[size_t(l) * 4 + 3]) << 24;
  return true;
}

bool readVregs(Reader& r, const msgpack::object& o, const std::string& key, std::vector<VValue>* out) {
  const msgpack::object* e;
  uint32_t n;
  if (!r.array(o, key, 0, &e, &n)) return false;
  if (n > 512) return r.fail(key, "more than 512 vector registers");
  for (uint32_t i = 0; i < n; ++i) {
    const msgpack::object* p;
    uint32_t two;
    VValue v;
    const std::string k = idx(key, i);
    if (!r.array(e[i], k, 2, &p, &two) || !r.uint(p[0], k + "[0]", 511, &v.reg) ||
        !readLanes(r, p[1], k + "[1]", &v.lanes))
      return false;
    out->push_back(v);
  }
  return true;
}

bool readImage(Reader& r, const msgpack::object& o, const std::string& key, WaveImage* w) {
  Reader::Fields f;
  if (!r.map(o, key, &f)) return false;
  const msgpack::object* x;
  auto K = [&](const char* k) { return Reader::join(key, k); };
  if ((x = Reader::find(f, "pc")) && !r.uint(*x, K("pc"), UINT64_MAX, &w->pc)) return false;
  if ((x = Reader::find(f, "exec")) && !r.uint(*x, K("exec"), UINT64_MAX, &w->exec)) return false;
  if ((x = Reader::find(f, "vcc")) && !r.uint(*x, K("vcc"), UINT64_MAX, &w->vcc)) return false;
  if ((x = Reader::find(f, "m0")) && !r.uint(*x, K("m0"), UINT32_MAX, &w->m0)) return false;
  if (!(x = r.need(f, key, "mode")) || !r.uint(*x, K("mode"), UINT32_MAX, &w->mode)) return false;
  if ((x = Reader::find(f, "scc")) && !r.boolean(*x, K("scc"), &w->scc)) return false;
  if ((x = Reader::find(f, "s")) && !readSregs(r, *x, K("s"), &w->s)) return false;
  if ((x = Reader::find(f, "v")) && !readVregs(r, *x, K("v"), &w->v)) return false;
  for (const SValue& s : w->s)
    if (s.code == 106 || s.code == 107 || s.code == 124 || s.code == 126 || s.code == 127)
      return r.fail(K("s"), "code " + std::to_string(s.code) + " belongs in exec/vcc/m0");
  if ((x = Reader::find(f, "regions"))) {
    const msgpack::object* e;
    uint32_t n;
    if (!r.array(*x, K("regions"), 0, &e, &n)) return false;
    if (n > kMaxRegions) return r.fail(K("regions"), "more than " + std::to_string(kMaxRegions) + " regions");
    for (uint32_t i = 0; i < n; ++i) {
      const msgpack::object* p;
      uint32_t two;
      Region g;
      const std::string k = idx(K("regions"), i);
      if (!r.array(e[i], k, 2, &p, &two) || !r.uint(p[0], k + "[0]", UINT64_MAX, &g.base) ||
          !r.uint(p[1], k + "[1]", kMaxRegionBytes, &g.size))
        return false;
      if (g.size == 0 || g.base + g.size < g.base) return r.fail(k, "empty or wrapping region");
      w->regions.push_back(g);
    }
  }
  return true;
}

bool readEffects(Reader& r, const msgpack::object& o, const std::string& key, WaveEffects* e) {
  Reader::Fields f;
  if (!r.map(o, key, &f)) return false;
  const msgpack::object* x;
  auto K = [&](const char* k) { return Reader::join(key, k); };
  if ((x = Reader::find(f, "s")) && !readSregs(r, *x, K("s"), &e->s)) return false;
  if ((x = Reader::find(f, "v")) && !readVregs(r, *x, K("v"), &e->v)) return false;
  if (!(x = r.need(f, key, "scc")) || !r.boolean(*x, K("scc"), &e->scc)) return false;
  if (!(x = r.need(f, key, "next_pc")) || !r.uint(*x, K("next_pc"), UINT64_MAX, &e->next_pc)) return false;
  if ((x = Reader::find(f, "stop")) && !r.str(*x, K("stop"), &e->stop)) return false;
  if ((x = Reader::find(f, "hw"))) {
    const msgpack::object* a;
    uint32_t n;
    if (!r.array(*x, K("hw"), 0, &a, &n)) return false;
    for (uint32_t i = 0; i < n; ++i) {
      const msgpack::object* p;
      uint32_t two;
      std::pair<int, uint32_t> h;
      const std::string k = idx(K("hw"), i);
      if (!r.array(a[i], k, 2, &p, &two) || !r.uint(p[0], k + "[0]", 31, &h.first) ||
          !r.uint(p[1], k + "[1]", UINT32_MAX, &h.second))
        return false;
      e->hw.push_back(h);
    }
  }
  if ((x = Reader::find(f, "mem"))) {
    const msgpack::object* a;
    uint32_t n;
    if (!r.array(*x, K("mem"), 0, &a, &n)) return false;
    for (uint32_t i = 0; i < n; ++i) {
      const msgpack::object* p;
      uint32_t three;
      MemWrite m;
      std::string sp;
      const std::string k = idx(K("mem"), i);
      if (!r.array(a[i], k, 3, &p, &three) || !r.str(p[0], k + "[0]", &sp) ||
          !r.uint(p[1], k + "[1]", UINT64_MAX, &m.addr) ||
          !r.bin(p[2], k + "[2]", 1, kMaxMemWriteBytes, &m.bytes))
        return false;
      if (sp == "global") m.space = Space::GLOBAL;
      else if (sp == "lds") m.space = Space::LDS;
      else if (sp == "gds") m.space = Space::GDS;
      else return r.fail(k + "[0]", "unknown memory space '" + sp + "' (global, lds, gds)");
      e->mem.push_back(std::move(m));
    }
  }
  return true;
}

bool readRecord(Reader& r, const msgpack::object& o, Record* rec) {
  Reader::Fields f;
  if (!r.map(o, "", &f)) return false;
  const msgpack::object* x;
  if ((x = Reader::find(f, "cpu")) && !r.str(*x, "cpu", &rec->cpu)) return false;
  if (!(x = r.need(f, "", "bytes")) || !r.bin(*x, "bytes", 1, kMaxInstBytes, &rec->bytes)) return false;
  if ((x = Reader::find(f, "note")) && !r.str(*x, "note", &rec->note)) return false;
  if ((x = Reader::find(f, "reject"))) {
    if (!r.str(*x, "reject", &rec->reject)) return false;
    if (rec->reject.empty()) return r.fail("reject", "empty decoder status");
  } else {
    if (!(x = r.need(f, "", "row")) || !r.str(*x, "row", &rec->row)) return false;
    if (!(x = r.need(f, "", "enc")) || !r.str(*x, "enc", &rec->enc)) return false;
    if (!(x = r.need(f, "", "form")) || !r.str(*x, "form", &rec->form)) return false;
    if (!(x = r.need(f, "", "text")) || !r.str(*x, "text", &rec->text)) return false;
    if ((x = Reader::find(f, "literal"))) {
      rec->has_literal = true;
      if (!r.uint(*x, "literal", UINT32_MAX, &rec->literal)) return false;
    }
    Reader::Fields ff;
    if (!(x = r.need(f, "", "fields")) || !r.map(*x, "fields", &ff)) return false;
    for (const auto& kv : ff) {
      int32_t v;
      if (!r.i32(*kv.second, "fields." + kv.first, &v)) return false;
      rec->fields.emplace_back(kv.first, v);
    }
    if ((x = Reader::find(f, "asm"))) {
      if (x->type == msgpack::type::NIL) {
        rec->asm_expect = AsmExpect::REJECT;
      } else {
        rec->asm_expect = AsmExpect::BYTES;
        if (!r.bin(*x, "asm", 1, kMaxInstBytes, &rec->asm_bytes)) return false;
      }
    }
  }
  if ((x = Reader::find(f, "state"))) {
    Reader::Fields sf;
    if (!r.map(*x, "state", &sf)) return false;
    const msgpack::object* y;
    rec->has_state = true;
    if (!(y = r.need(sf, "state", "in")) || !readImage(r, *y, "state.in", &rec->in)) return false;
    if (!(y = r.need(sf, "state", "out")) || !readEffects(r, *y, "state.out", &rec->out)) return false;
  }
  return true;
}

bool readHeader(Reader& r, const msgpack::object& o, Header* h) {
  Reader::Fields f;
  if (o.type != msgpack::type::MAP)
    return r.fail("", std::string("not a gcnref regression corpus (first object is a ") + typeName(o) +
                          ", expected the header map)");
  if (!r.map(o, "", &f)) return false;
  const msgpack::object* x;
  if (!(x = r.need(f, "", "format")) || !r.str(*x, "format", &h->format)) return false;
  if (h->format != kFormatName)
    return r.fail("format", "not a gcnref regression corpus (format '" + h->format + "', expected '" +
                                kFormatName + "')");
  uint64_t v = 0;
  if (!(x = r.need(f, "", "version")) || !r.u64(*x, "version", UINT64_MAX, &v)) return false;
  if (v != uint64_t(kVersion))
    return r.fail("version", "unsupported corpus version " + std::to_string(v) + " (this build reads version " +
                                 std::to_string(kVersion) + "; regenerate with gcnref corpus gen)");
  h->version = int(v);
  if (!(x = r.need(f, "", "cpu")) || !r.str(*x, "cpu", &h->cpu)) return false;
  if ((x = Reader::find(f, "generator")) && !r.str(*x, "generator", &h->generator)) return false;
  if ((x = Reader::find(f, "seed")) && !r.u64(*x, "seed", UINT64_MAX, &h->seed)) return false;
  if (!(x = r.need(f, "", "records")) || !r.u64(*x, "records", kMaxRecords, &h->records)) return false;
  return true;
}

// Unpacks the object at *off; on failure *err names the offset and cause.
bool unpackAt(const uint8_t* data, size_t len, size_t* off, const std::string& where,
              msgpack::object_handle* oh, std::string* err) {
  const size_t start = *off;
  try {
    bool referenced = false;
    *oh = msgpack::unpack(reinterpret_cast<const char*>(data), len, *off, referenced, nullptr,
                          nullptr, kLimits);
    return true;
  } catch (const msgpack::insufficient_bytes&) {
    *err = where + ": truncated (the object starting at byte offset " + std::to_string(start) +
           " runs past the end of the file, " + std::to_string(len) + " bytes)";
  } catch (const msgpack::depth_size_overflow&) {
    *err = where + ": malformed msgpack at byte offset " + std::to_string(start) +
           ": nesting deeper than " + std::to_string(kLimits.depth());
  } catch (const msgpack::size_overflow& e) {
    *err = where + ": malformed msgpack at byte offset " + std::to_string(start) +
           ": a container, string or bin exceeds the reader's limits (" + e.what() + ")";
  } catch (const std::exception& e) {
    *err = where + ": malformed msgpack at byte offset " + std::to_string(start) + ": " + e.what();
  }
  return false;
}

}  // namespace

bool readCorpus(const uint8_t* data, size_t len, Corpus* out, std::string* err) {
  *out = Corpus{};
  if (len == 0) {
    *err = "empty file (expected a gcnref regression corpus header)";
    return false;
  }
  size_t off = 0;
  msgpack::object_handle oh;
  if (!unpackAt(data, len, &off, "header", &oh, err)) return false;
  {
    Reader r("header (byte offset 0)");
    if (!readHeader(r, oh.get(), &out->header)) {
      *err = r.error();
      return false;
    }
  }
  for (uint64_t i = 0; i < out->header.records; ++i) {
    const size_t start = off;
    const std::string where =
        "record " + std::to_string(i) + " (byte offset " + std::to_string(start) + ")";
    if (off >= len) {
      *err = "truncated: the header announces " + std::to_string(out->header.records) +
             " records, the file ends after " + std::to_string(i) + " (byte offset " +
             std::to_string(len) + ")";
      return false;
    }
    if (!unpackAt(data, len, &off, where, &oh, err)) return false;
    Reader r(where);
    Record rec;
    if (!readRecord(r, oh.get(), &rec)) {
      *err = r.error();
      return false;
    }
    out->records.push_back(std::move(rec));
    out->offsets.push_back(start);
  }
  if (off != len) {
    *err = "trailing data at byte offset " + std::to_string(off) + " after the " +
           std::to_string(out->header.records) + " records the header announces (" +
           std::to_string(len - off) + " bytes)";
    return false;
  }
  return true;
}

}  // namespace gcn::regress
