// The YAML subset LLVM writes for code object v2 metadata (YamlIO output):
// block mappings and sequences by indentation, "- " items holding
// mappings, flow sequences of scalars ([ 1, 0 ]), single/double quoted
// and plain scalars, comments, and the --- / ... document markers.
// Anchors, tags, multi-line scalars and flow mappings are rejected.
#include <string_view>

#include "codeobj/metadata_node.h"

namespace gcn::codeobj {
namespace {

constexpr int kMaxDepth = 32;

struct Line {
  int indent;
  std::string text;  // without indentation, comment and trailing blanks
  int number;
};

class YamlParser {
 public:
  explicit YamlParser(std::vector<Line> lines) : lines_(std::move(lines)) {}

  bool parseDocument(Node* out, std::string* err) {
    err_ = err;
    if (lines_.empty()) {
      out->kind = Node::Kind::MAP;  // an empty document
      return true;
    }
    if (!parseBlock(lines_[0].indent, 0, out)) return false;
    if (pos_ < lines_.size()) return fail(lines_[pos_].number, "unexpected indentation");
    return true;
  }

 private:
  bool fail(int line, const std::string& msg) {
    *err_ = "YAML line " + std::to_string(line) + ": " + msg;
    return false;
  }

  static bool isSeqItem(const std::string& t) { return t == "-" || t.rfind("- ", 0) == 0; }

  // Splits "key: value" / "key:"; false if the line is not a mapping entry.
  static bool splitKey(const std::string& t, std::string* key, std::string* rest) {
    size_t i = 0;
    if (!t.empty() && (t[0] == '\'' || t[0] == '"')) {
      size_t close = t.find(t[0], 1);
      if (close == std::string::npos) return false;
      *key = t.substr(1, close - 1);
      i = close + 1;
      if (i >= t.size() || t[i] != ':') return false;
    } else {
      size_t c = t.find(": ");
      if (c == std::string::npos) {
        if (t.size() < 2 || t.back() != ':') return false;
        c = t.size() - 1;
      }
      *key = t.substr(0, c);
      i = c;
    }
    *rest = t.substr(i + 1);
    size_t b = rest->find_first_not_of(' ');
    *rest = b == std::string::npos ? "" : rest->substr(b);
    return true;
  }

  bool parseScalar(const std::string& t, int line, Node* out) {
    out->kind = Node::Kind::STR;
    if (t.empty()) {
      out->kind = Node::Kind::NIL;
      return true;
    }
    char q = t[0];
    if (q == '\'' || q == '"') {
      std::string s;
      size_t i = 1;
      for (;; ++i) {
        if (i >= t.size()) return fail(line, "unterminated quoted scalar");
        char c = t[i];
        if (c == q) {
          if (q == '\'' && i + 1 < t.size() && t[i + 1] == '\'') {
            s += '\'';
            ++i;
            continue;
          }
          break;
        }
        if (q == '"' && c == '\\') {
          if (++i >= t.size()) return fail(line, "unterminated escape");
          char e = t[i];
          s += e == 'n' ? '\n' : e == 't' ? '\t' : e == '0' ? '\0' : e;
          continue;
        }
        s += c;
      }
      if (i + 1 != t.size()) return fail(line, "text after closing quote");
      out->s = s;
      return true;
    }
    if (q == '&' || q == '*' || q == '!' || q == '|' || q == '>' || q == '{')
      return fail(line, "unsupported YAML construct '" + std::string(1, q) + "'");
    out->s = t;
    out->plain = true;
    return true;
  }

  bool parseFlowSeq(const std::string& t, int line, Node* out) {
    if (t.back() != ']') return fail(line, "flow sequence without closing ']'");
    out->kind = Node::Kind::SEQ;
    std::string body = t.substr(1, t.size() - 2);
    size_t i = 0;
    while (true) {
      while (i < body.size() && body[i] == ' ') ++i;
      if (i >= body.size()) break;
      size_t j = i;
      if (body[i] == '\'' || body[i] == '"') {
        j = body.find(body[i], i + 1);
        if (j == std::string::npos) return fail(line, "unterminated quoted scalar");
        ++j;
      } else {
        while (j < body.size() && body[j] != ',') ++j;
      }
      std::string item = body.substr(i, j - i);
      while (!item.empty() && item.back() == ' ') item.pop_back();
      if (item.empty() || item[0] == '[') return fail(line, "nested or empty flow item");
      Node n;
      if (!parseScalar(item, line, &n)) return false;
      out->seq.push_back(std::move(n));
      while (j < body.size() && body[j] == ' ') ++j;
      if (j < body.size() && body[j] != ',') return fail(line, "expected ',' in flow sequence");
      i = j + 1;
      if (j >= body.size()) break;
    }
    return true;
  }

  bool parseValue(const std::string& rest, int line, Node* out) {
    if (!rest.empty() && rest[0] == '[') return parseFlowSeq(rest, line, out);
    return parseScalar(rest, line, out);
  }

  // A block (mapping or sequence) whose lines are at `indent`.
  bool parseBlock(int indent, int depth, Node* out) {
    if (depth > kMaxDepth) return fail(lines_[pos_].number, "nesting too deep");
    if (isSeqItem(lines_[pos_].text)) return parseSeq(indent, depth, out);
    return parseMap(indent, depth, out);
  }

  bool parseSeq(int indent, int depth, Node* out) {
    out->kind = Node::Kind::SEQ;
    while (pos_ < lines_.size() && lines_[pos_].indent == indent && isSeqItem(lines_[pos_].text)) {
      Line& l = lines_[pos_];
      std::string rest = l.text.size() > 2 ? l.text.substr(2) : "";
      size_t b = rest.find_first_not_of(' ');
      rest = b == std::string::npos ? "" : rest.substr(b);
      Node item;
      std::string key, val;
      if (rest.empty()) {
        ++pos_;
        if (pos_ < lines_.size() && lines_[pos_].indent > indent) {
          if (!parseBlock(lines_[pos_].indent, depth + 1, &item)) return false;
        }
      } else if (rest[0] != '[' && rest[0] != '\'' && rest[0] != '"' && splitKey(rest, &key, &val)) {
        // "- key: v": the item is a mapping whose first entry is on this line.
        l.indent = indent + 2 + int(b == std::string::npos ? 0 : b);
        l.text = rest;
        if (!parseMap(l.indent, depth + 1, &item)) return false;
      } else {
        if (!parseValue(rest, l.number, &item)) return false;
        ++pos_;
      }
      out->seq.push_back(std::move(item));
    }
    if (pos_ < lines_.size() && lines_[pos_].indent > indent)
      return fail(lines_[pos_].number, "unexpected indentation in sequence");
    return true;
  }

  bool parseMap(int indent, int depth, Node* out) {
    out->kind = Node::Kind::MAP;
    while (pos_ < lines_.size() && lines_[pos_].indent == indent && !isSeqItem(lines_[pos_].text)) {
      const Line& l = lines_[pos_];
      std::string key, rest;
      if (!splitKey(l.text, &key, &rest)) return fail(l.number, "expected 'key: value'");
      if (out->get(key)) return fail(l.number, "duplicate key '" + key + "'");
      Node val;
      int number = l.number;
      ++pos_;
      if (rest.empty()) {
        // Nested block: more indented, or a sequence at the same indent.
        if (pos_ < lines_.size() && (lines_[pos_].indent > indent ||
                                     (lines_[pos_].indent == indent &&
                                      isSeqItem(lines_[pos_].text)))) {
          if (!parseBlock(lines_[pos_].indent, depth + 1, &val)) return false;
        }
      } else if (!parseValue(rest, number, &val)) {
        return false;
      }
      out->map.emplace_back(key, std::move(val));
    }
    if (pos_ < lines_.size() && lines_[pos_].indent > indent)
      return fail(lines_[pos_].number, "unexpected indentation in mapping");
    return true;
  }

  std::vector<Line> lines_;
  size_t pos_ = 0;
  std::string* err_ = nullptr;
};

// Removes a comment: '#' at line start or after a blank, outside quotes.
std::string stripComment(std::string_view s) {
  char q = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (q) {
      if (c == q) q = 0;
    } else if (c == '\'' || c == '"') {
      if (i == 0 || s[i - 1] == ' ' || s[i - 1] == '[' || s[i - 1] == ',') q = c;
    } else if (c == '#' && (i == 0 || s[i - 1] == ' ')) {
      return std::string(s.substr(0, i));
    }
  }
  return std::string(s);
}

}  // namespace

bool yamlToNode(const char* data, size_t size, Node* out, std::string* err) {
  std::vector<Line> lines;
  size_t start = 0;
  int number = 0;
  bool ended = false;
  while (start < size && !ended) {
    size_t nl = start;
    while (nl < size && data[nl] != '\n') ++nl;
    ++number;
    std::string_view raw(data + start, nl - start);
    start = nl + 1;
    for (char c : raw)
      if (c == '\t' || c == '\0' || (static_cast<unsigned char>(c) < 0x20 && c != '\r')) {
        // A trailing NUL terminator is allowed (the v2 note is a C string).
        if (c == '\0' && raw.find_first_not_of('\0', raw.find('\0')) == std::string_view::npos)
          break;
        *err = "YAML line " + std::to_string(number) + ": control character or tab";
        return false;
      }
    std::string t = stripComment(raw.substr(0, raw.find('\0')));
    while (!t.empty() && (t.back() == ' ' || t.back() == '\r')) t.pop_back();
    size_t ind = t.find_first_not_of(' ');
    if (ind == std::string::npos) continue;
    std::string body = t.substr(ind);
    if (ind == 0 && (body == "---" || body.rfind("%YAML", 0) == 0 || body.rfind("--- ", 0) == 0)) {
      if (!lines.empty()) {
        *err = "YAML line " + std::to_string(number) + ": more than one document";
        return false;
      }
      continue;
    }
    if (ind == 0 && body == "...") {
      ended = true;
      continue;
    }
    lines.push_back({int(ind), body, number});
  }
  *out = Node();
  return YamlParser(std::move(lines)).parseDocument(out, err);
}

}  // namespace gcn::codeobj
