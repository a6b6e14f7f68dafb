// MessagePack -> Node with msgpack-c. msgpack-c sizes its zone from the
// container lengths it reads, so the unpack limits are set from the input
// size (every element takes at least one byte): a forged length fails with
// an error instead of a huge allocation.
#include <msgpack.hpp>

#include <exception>

#include "codeobj/metadata_node.h"

namespace gcn::codeobj {

const char* nodeKindName(Node::Kind k) {
  switch (k) {
    case Node::Kind::NIL: return "nil";
    case Node::Kind::BOOL: return "boolean";
    case Node::Kind::UINT: return "unsigned integer";
    case Node::Kind::INT: return "negative integer";
    case Node::Kind::FLOAT: return "float";
    case Node::Kind::STR: return "string";
    case Node::Kind::SEQ: return "array";
    case Node::Kind::MAP: return "map";
  }
  return "?";
}

namespace {

constexpr int kMaxDepth = 32;

bool convert(const msgpack::object& o, int depth, const std::string& path, Node* out,
             std::string* err) {
  if (depth > kMaxDepth) {
    *err = path + ": nesting deeper than " + std::to_string(kMaxDepth);
    return false;
  }
  switch (o.type) {
    case msgpack::type::NIL: out->kind = Node::Kind::NIL; return true;
    case msgpack::type::BOOLEAN: out->kind = Node::Kind::BOOL; out->b = o.via.boolean; return true;
    case msgpack::type::POSITIVE_INTEGER: out->kind = Node::Kind::UINT; out->u = o.via.u64; return true;
    case msgpack::type::NEGATIVE_INTEGER: out->kind = Node::Kind::INT; out->i = o.via.i64; return true;
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64: out->kind = Node::Kind::FLOAT; out->f = o.via.f64; return true;
    case msgpack::type::STR:
      out->kind = Node::Kind::STR;
      out->s.assign(o.via.str.ptr, o.via.str.size);
      return true;
    case msgpack::type::ARRAY:
      out->kind = Node::Kind::SEQ;
      out->seq.resize(o.via.array.size);
      for (uint32_t k = 0; k < o.via.array.size; ++k)
        if (!convert(o.via.array.ptr[k], depth + 1, path + "[" + std::to_string(k) + "]",
                     &out->seq[k], err))
          return false;
      return true;
    case msgpack::type::MAP:
      out->kind = Node::Kind::MAP;
      out->map.reserve(o.via.map.size);
      for (uint32_t k = 0; k < o.via.map.size; ++k) {
        const msgpack::object_kv& kv = o.via.map.ptr[k];
        if (kv.key.type != msgpack::type::STR) {
          *err = path + ": map key " + std::to_string(k) + " is not a string";
          return false;
        }
        std::string key(kv.key.via.str.ptr, kv.key.via.str.size);
        for (auto& [seen, v] : out->map)
          if (seen == key) {
            *err = path + ": duplicate key '" + key + "'";
            return false;
          }
        out->map.emplace_back(key, Node());
        std::string sub = path.empty() ? key : path + "." + key;
        if (!convert(kv.val, depth + 1, sub, &out->map.back().second, err)) return false;
      }
      return true;
    case msgpack::type::BIN:
    case msgpack::type::EXT:
    default:
      *err = (path.empty() ? std::string("<root>") : path) +
             ": unsupported MessagePack type (bin/ext)";
      return false;
  }
}

}  // namespace

bool msgpackToNode(const uint8_t* data, size_t size, Node* out, std::string* err) {
  if (size == 0) {
    *err = "empty MessagePack document";
    return false;
  }
  size_t lim = size;
  try {
    size_t off = 0;
    msgpack::object_handle oh =
        msgpack::unpack(reinterpret_cast<const char*>(data), size, off, nullptr, nullptr,
                        msgpack::unpack_limit(lim, lim / 2 + 1, lim, lim, lim, kMaxDepth));
    if (off != size) {
      *err = "MessagePack document ends at byte " + std::to_string(off) + " of " +
             std::to_string(size) + " (trailing bytes)";
      return false;
    }
    *out = Node();
    return convert(oh.get(), 0, "", out, err);
  } catch (const msgpack::insufficient_bytes&) {
    *err = "truncated MessagePack document (" + std::to_string(size) + " bytes)";
  } catch (const msgpack::depth_size_overflow&) {
    *err = "MessagePack nesting deeper than " + std::to_string(kMaxDepth);
  } catch (const msgpack::size_overflow& e) {
    *err = std::string("MessagePack container or string length exceeds the document: ") +
           e.what();
  } catch (const std::exception& e) {
    *err = std::string("malformed MessagePack: ") + e.what();
  }
  return false;
}

}  // namespace gcn::codeobj
