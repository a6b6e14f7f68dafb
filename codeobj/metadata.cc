// Node -> Metadata for both dialects: v3+ MessagePack keys (".name",
// "amdhsa.kernels") and v2 YAML keys ("Name", "Kernels"), with the checks
// AMDGPUUsage states for the required keys and argument layout.
#include "codeobj/metadata.h"

#include <cctype>

#include "codeobj/metadata_node.h"

namespace gcn::codeobj {

const KernelMeta* Metadata::findBySymbol(const std::string& sym) const {
  for (const KernelMeta& k : kernels)
    if (k.symbol == sym) return &k;
  return nullptr;
}

const KernelMeta* Metadata::findByName(const std::string& name) const {
  for (const KernelMeta& k : kernels)
    if (k.name == name) return &k;
  return nullptr;
}

namespace {

// "GlobalBuffer" -> "global_buffer", "HiddenGlobalOffsetX" -> "hidden_global_offset_x".
std::string snakeCase(const std::string& s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (i) r += '_';
      r += char(std::tolower(static_cast<unsigned char>(c)));
    } else {
      r += c;
    }
  }
  return r;
}

bool isPow2(uint64_t v) { return v && !(v & (v - 1)); }

class Reader {
 public:
  Reader(bool yaml, std::string* err) : yaml_(yaml), err_(err) {}

  bool fail(const std::string& path, const std::string& msg) {
    *err_ = path + ": " + msg;
    return false;
  }
  std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }

  bool uintOf(const Node& n, const std::string& path, uint64_t* v) {
    if (n.kind == Node::Kind::UINT) {
      *v = n.u;
      return true;
    }
    if (yaml_ && n.kind == Node::Kind::STR && n.plain && !n.s.empty()) {
      uint64_t r = 0;
      for (char c : n.s) {
        if (c < '0' || c > '9') return fail(path, "expected an unsigned integer, got '" + n.s + "'");
        if (r > (~uint64_t(0) - 9) / 10) return fail(path, "integer '" + n.s + "' out of range");
        r = r * 10 + uint64_t(c - '0');
      }
      *v = r;
      return true;
    }
    return fail(path, std::string("expected an unsigned integer, got ") +
                          (n.kind == Node::Kind::STR ? "'" + n.s + "'" : nodeKindName(n.kind)));
  }

  bool getUint(const Node& m, const std::string& path, const std::string& key, uint64_t* v,
               bool required) {
    const Node* n = m.get(key);
    if (!n) return required ? fail(join(path, key), "required key is missing") : true;
    return uintOf(*n, join(path, key), v);
  }

  bool getStr(const Node& m, const std::string& path, const std::string& key, std::string* v,
              bool required) {
    const Node* n = m.get(key);
    if (!n) return required ? fail(join(path, key), "required key is missing") : true;
    if (n->kind != Node::Kind::STR)
      return fail(join(path, key), std::string("expected a string, got ") + nodeKindName(n->kind));
    *v = n->s;
    return true;
  }

  bool getBool(const Node& m, const std::string& path, const std::string& key, bool* v) {
    const Node* n = m.get(key);
    if (!n) return true;
    if (n->kind == Node::Kind::BOOL) {
      *v = n->b;
      return true;
    }
    if (yaml_ && n->kind == Node::Kind::STR && n->plain && (n->s == "true" || n->s == "false")) {
      *v = n->s == "true";
      return true;
    }
    return fail(join(path, key), "expected a boolean");
  }

  bool getUintSeq(const Node& m, const std::string& path, const std::string& key,
                  std::vector<uint64_t>* v, size_t want, bool required) {
    const Node* n = m.get(key);
    std::string p = join(path, key);
    if (!n) return required ? fail(p, "required key is missing") : true;
    if (n->kind != Node::Kind::SEQ) return fail(p, "expected a sequence");
    if (want && n->seq.size() != want)
      return fail(p, "expected " + std::to_string(want) + " integers, got " +
                         std::to_string(n->seq.size()));
    v->clear();
    for (size_t i = 0; i < n->seq.size(); ++i) {
      uint64_t x;
      if (!uintOf(n->seq[i], p + "[" + std::to_string(i) + "]", &x)) return false;
      v->push_back(x);
    }
    return true;
  }

  bool getStrSeq(const Node& m, const std::string& path, const std::string& key,
                 std::vector<std::string>* v) {
    const Node* n = m.get(key);
    if (!n) return true;
    std::string p = join(path, key);
    if (n->kind != Node::Kind::SEQ) return fail(p, "expected a sequence");
    for (size_t i = 0; i < n->seq.size(); ++i) {
      if (n->seq[i].kind != Node::Kind::STR)
        return fail(p + "[" + std::to_string(i) + "]", "expected a string");
      v->push_back(n->seq[i].s);
    }
    return true;
  }

  bool arg(const Node& a, const std::string& path, KernelArg* out);
  bool kernel(const Node& k, const std::string& path, KernelMeta* out);
  bool root(const Node& r, Metadata* out);

 private:
  bool yaml_;
  std::string* err_;
};

bool Reader::arg(const Node& a, const std::string& p, KernelArg* out) {
  if (a.kind != Node::Kind::MAP) return fail(p, "expected a map");
  if (!yaml_) {
    return getStr(a, p, ".name", &out->name, false) &&
           getStr(a, p, ".type_name", &out->type_name, false) &&
           getUint(a, p, ".size", &out->size, true) &&
           getUint(a, p, ".offset", &out->offset, true) &&
           getStr(a, p, ".value_kind", &out->value_kind, true) &&
           getUint(a, p, ".pointee_align", &out->pointee_align, false) &&
           getStr(a, p, ".address_space", &out->address_space, false) &&
           getStr(a, p, ".access", &out->access, false) &&
           getStr(a, p, ".actual_access", &out->actual_access, false) &&
           getBool(a, p, ".is_const", &out->is_const) &&
           getBool(a, p, ".is_restrict", &out->is_restrict) &&
           getBool(a, p, ".is_volatile", &out->is_volatile) &&
           getBool(a, p, ".is_pipe", &out->is_pipe);
  }
  std::string kind, space, acc, actual;
  if (!(getStr(a, p, "Name", &out->name, false) &&
        getStr(a, p, "TypeName", &out->type_name, false) &&
        getUint(a, p, "Size", &out->size, true) && getUint(a, p, "Align", &out->align, true) &&
        getStr(a, p, "ValueKind", &kind, true) &&
        getUint(a, p, "PointeeAlign", &out->pointee_align, false) &&
        getStr(a, p, "AddrSpaceQual", &space, false) && getStr(a, p, "AccQual", &acc, false) &&
        getStr(a, p, "ActualAccQual", &actual, false) &&
        getBool(a, p, "IsConst", &out->is_const) &&
        getBool(a, p, "IsRestrict", &out->is_restrict) &&
        getBool(a, p, "IsVolatile", &out->is_volatile) && getBool(a, p, "IsPipe", &out->is_pipe)))
    return false;
  if (!isPow2(out->align)) return fail(p + ".Align", "must be a power of two");
  out->value_kind = snakeCase(kind);
  out->address_space = snakeCase(space);
  out->access = snakeCase(acc);
  out->actual_access = snakeCase(actual);
  return true;
}

bool Reader::kernel(const Node& k, const std::string& p, KernelMeta* out) {
  if (k.kind != Node::Kind::MAP) return fail(p, "expected a map");
  const Node* args = k.get(yaml_ ? "Args" : ".args");
  if (!yaml_) {
    if (!(getStr(k, p, ".name", &out->name, true) && getStr(k, p, ".symbol", &out->symbol, true) &&
          getStr(k, p, ".language", &out->language, false) &&
          getUintSeq(k, p, ".language_version", &out->language_version, 2, false) &&
          getUintSeq(k, p, ".reqd_workgroup_size", &out->reqd_workgroup_size, 3, false) &&
          getUintSeq(k, p, ".workgroup_size_hint", &out->workgroup_size_hint, 3, false) &&
          getStr(k, p, ".vec_type_hint", &out->vec_type_hint, false) &&
          getStr(k, p, ".device_enqueue_symbol", &out->device_enqueue_symbol, false) &&
          getUint(k, p, ".kernarg_segment_size", &out->kernarg_segment_size, true) &&
          getUint(k, p, ".group_segment_fixed_size", &out->group_segment_fixed_size, true) &&
          getUint(k, p, ".private_segment_fixed_size", &out->private_segment_fixed_size, true) &&
          getUint(k, p, ".kernarg_segment_align", &out->kernarg_segment_align, true) &&
          getUint(k, p, ".wavefront_size", &out->wavefront_size, true) &&
          getUint(k, p, ".sgpr_count", &out->sgpr_count, true) &&
          getUint(k, p, ".vgpr_count", &out->vgpr_count, true) &&
          getUint(k, p, ".max_flat_workgroup_size", &out->max_flat_workgroup_size, true) &&
          getUint(k, p, ".sgpr_spill_count", &out->sgpr_spill_count, false) &&
          getUint(k, p, ".vgpr_spill_count", &out->vgpr_spill_count, false) &&
          getUint(k, p, ".agpr_count", &out->agpr_count, false) &&
          getBool(k, p, ".uses_dynamic_stack", &out->uses_dynamic_stack)))
      return false;
    out->has_agpr_count = k.get(".agpr_count") != nullptr;
  } else {
    if (!(getStr(k, p, "Name", &out->name, true) && getStr(k, p, "SymbolName", &out->symbol, true) &&
          getStr(k, p, "Language", &out->language, false) &&
          getUintSeq(k, p, "LanguageVersion", &out->language_version, 2, false)))
      return false;
    if (const Node* attrs = k.get("Attrs")) {
      std::string ap = p + ".Attrs";
      if (attrs->kind != Node::Kind::MAP) return fail(ap, "expected a mapping");
      if (!(getUintSeq(*attrs, ap, "ReqdWorkGroupSize", &out->reqd_workgroup_size, 3, false) &&
            getUintSeq(*attrs, ap, "WorkGroupSizeHint", &out->workgroup_size_hint, 3, false) &&
            getStr(*attrs, ap, "VecTypeHint", &out->vec_type_hint, false) &&
            getStr(*attrs, ap, "RuntimeHandle", &out->device_enqueue_symbol, false)))
        return false;
    }
    const Node* cp = k.get("CodeProps");
    std::string cpp = p + ".CodeProps";
    if (!cp) return fail(cpp, "required key is missing");
    if (cp->kind != Node::Kind::MAP) return fail(cpp, "expected a mapping");
    if (!(getUint(*cp, cpp, "KernargSegmentSize", &out->kernarg_segment_size, true) &&
          getUint(*cp, cpp, "GroupSegmentFixedSize", &out->group_segment_fixed_size, true) &&
          getUint(*cp, cpp, "PrivateSegmentFixedSize", &out->private_segment_fixed_size, true) &&
          getUint(*cp, cpp, "KernargSegmentAlign", &out->kernarg_segment_align, true) &&
          getUint(*cp, cpp, "WavefrontSize", &out->wavefront_size, true) &&
          getUint(*cp, cpp, "NumSGPRs", &out->sgpr_count, true) &&
          getUint(*cp, cpp, "NumVGPRs", &out->vgpr_count, true) &&
          getUint(*cp, cpp, "MaxFlatWorkGroupSize", &out->max_flat_workgroup_size, true) &&
          getUint(*cp, cpp, "NumSpilledSGPRs", &out->sgpr_spill_count, false) &&
          getUint(*cp, cpp, "NumSpilledVGPRs", &out->vgpr_spill_count, false)))
      return false;
  }
  std::string sz = p + (yaml_ ? ".CodeProps." : ".");
  if (!isPow2(out->kernarg_segment_align))
    return fail(sz + (yaml_ ? "KernargSegmentAlign" : "kernarg_segment_align"),
                "must be a power of two, is " + std::to_string(out->kernarg_segment_align));
  if (!isPow2(out->wavefront_size))
    return fail(sz + (yaml_ ? "WavefrontSize" : "wavefront_size"),
                "must be a power of two, is " + std::to_string(out->wavefront_size));
  if (out->max_flat_workgroup_size == 0)
    return fail(sz + (yaml_ ? "MaxFlatWorkGroupSize" : "max_flat_workgroup_size"), "must be >= 1");
  if (args) {
    std::string ap = p + (yaml_ ? ".Args" : ".args");
    if (args->kind != Node::Kind::SEQ) return fail(ap, "expected a sequence");
    uint64_t next = 0;  // v2: offsets follow from sizes and alignments
    for (size_t i = 0; i < args->seq.size(); ++i) {
      std::string q = ap + "[" + std::to_string(i) + "]";
      KernelArg a;
      if (!arg(args->seq[i], q, &a)) return false;
      if (yaml_) {
        a.offset = (next + a.align - 1) & ~(a.align - 1);
        if (a.offset < next) return fail(q, "argument offset overflows");
      } else if (a.offset < next) {
        return fail(q + ".offset", "argument at offset " + std::to_string(a.offset) +
                                       " overlaps the previous one (which ends at " +
                                       std::to_string(next) + ")");
      }
      if (a.offset + a.size < a.offset || a.offset + a.size > out->kernarg_segment_size)
        return fail(q, "argument [" + std::to_string(a.offset) + ", +" + std::to_string(a.size) +
                           ") lies outside the kernarg segment (size " +
                           std::to_string(out->kernarg_segment_size) + ")");
      next = a.offset + a.size;
      out->args.push_back(std::move(a));
    }
  }
  return true;
}

bool Reader::root(const Node& r, Metadata* out) {
  if (r.kind != Node::Kind::MAP) return fail("<root>", "expected a map");
  const char* ver = yaml_ ? "Version" : "amdhsa.version";
  const char* kern = yaml_ ? "Kernels" : "amdhsa.kernels";
  if (!getUintSeq(r, "", ver, &out->version, 2, true)) return false;
  if (!yaml_ && !getStr(r, "", "amdhsa.target", &out->target, false)) return false;
  if (!getStrSeq(r, "", yaml_ ? "Printf" : "amdhsa.printf", &out->printf_formats)) return false;
  const Node* ks = r.get(kern);
  if (!ks) return yaml_ ? true : fail(kern, "required key is missing");
  if (ks->kind != Node::Kind::SEQ) return fail(kern, "expected a sequence");
  for (size_t i = 0; i < ks->seq.size(); ++i) {
    KernelMeta k;
    if (!kernel(ks->seq[i], std::string(kern) + "[" + std::to_string(i) + "]", &k)) return false;
    for (const KernelMeta& o : out->kernels)
      if (o.symbol == k.symbol)
        return fail(std::string(kern) + "[" + std::to_string(i) + "]",
                    "duplicate kernel symbol '" + k.symbol + "'");
    out->kernels.push_back(std::move(k));
  }
  return true;
}

}  // namespace

bool decodeMsgpackMetadata(ByteView bytes, uint64_t where, Metadata* out, std::string* err) {
  std::string prefix = "NT_AMDGPU_METADATA note (desc at offset " + hex(where) + "): ";
  Node root;
  if (!msgpackToNode(bytes.data(), bytes.size(), &root, err)) {
    *err = prefix + *err;
    return false;
  }
  *out = Metadata();
  out->format = Metadata::Format::MSGPACK;
  if (!Reader(false, err).root(root, out)) {
    *err = prefix + *err;
    return false;
  }
  return true;
}

bool decodeYamlMetadata(ByteView bytes, uint64_t where, Metadata* out, std::string* err) {
  std::string prefix = "NT_AMD_HSA_METADATA note (desc at offset " + hex(where) + "): ";
  Node root;
  if (!yamlToNode(reinterpret_cast<const char*>(bytes.data()), bytes.size(), &root, err)) {
    *err = prefix + *err;
    return false;
  }
  *out = Metadata();
  out->format = Metadata::Format::YAML;
  if (!Reader(true, err).root(root, out)) {
    *err = prefix + *err;
    return false;
  }
  return true;
}

}  // namespace gcn::codeobj
