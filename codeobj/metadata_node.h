// A format-neutral tree for metadata documents: MessagePack and the YAML
// subset of code object v2 both parse into Node, and one typed converter
// (metadata.cc) turns it into Metadata with path-based error messages.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gcn::codeobj {

struct Node {
  enum class Kind : uint8_t { NIL, BOOL, UINT, INT, FLOAT, STR, SEQ, MAP } kind = Kind::NIL;
  bool b = false;
  uint64_t u = 0;
  int64_t i = 0;
  double f = 0;
  std::string s;        // STR; for YAML every scalar is a STR
  bool plain = false;   // YAML plain (unquoted) scalar: may be read as a number/bool
  std::vector<Node> seq;
  std::vector<std::pair<std::string, Node>> map;

  const Node* get(const std::string& key) const {
    for (auto& [k, v] : map)
      if (k == key) return &v;
    return nullptr;
  }
};

const char* nodeKindName(Node::Kind k);

// MessagePack bytes -> Node. Limits every container by the input size, so
// a hostile length cannot cause a huge allocation.
bool msgpackToNode(const uint8_t* data, size_t size, Node* out, std::string* err);
// YAML subset (block mappings/sequences, flow sequences of scalars, quoted
// and plain scalars, comments, --- / ...) -> Node.
bool yamlToNode(const char* data, size_t size, Node* out, std::string* err);

}  // namespace gcn::codeobj
