#include "dispatch/kernarg.h"

#include <cstring>

namespace gcn::dispatch {
namespace {

bool isExplicit(const codeobj::KernelArg& a) { return !a.isHidden(); }

std::string argDesc(const codeobj::KernelArg& a) {
  std::string s = a.value_kind;
  if (a.value_kind == "by_value") s += " " + std::to_string(a.size) + "-byte";
  if (!a.type_name.empty()) s += " '" + a.type_name + "'";
  if (!a.name.empty()) s += " " + a.name;
  return s;
}

uint64_t alignUp(uint64_t x, uint64_t a) { return a ? (x + a - 1) / a * a : x; }

// Value of a hidden argument, or false for a kind gcnref does not know.
bool hiddenValue(const std::string& kind, const HiddenValues& hv, uint32_t dynamic_lds,
                 uint64_t* v) {
  const Grid& g = hv.grid;
  static const char* xyz[3] = {"x", "y", "z"};
  for (int d = 0; d < 3; ++d) {
    const std::string s = xyz[d];
    if (kind == "hidden_global_offset_" + s) { *v = 0; return true; }
    // v5: block_count is the number of *full* groups, remainder the size of
    // the partial one (how the device libraries compute get_local_size).
    if (kind == "hidden_block_count_" + s) { *v = g.grid[d] / g.block[d]; return true; }
    if (kind == "hidden_group_size_" + s) { *v = g.block[d]; return true; }
    if (kind == "hidden_remainder_" + s) { *v = g.grid[d] % g.block[d]; return true; }
  }
  if (kind == "hidden_grid_dims") { *v = uint64_t(g.dims); return true; }
  if (kind == "hidden_queue_ptr") { *v = hv.queue_ptr; return true; }
  if (kind == "hidden_shared_base") { *v = hv.shared_aperture_hi; return true; }
  if (kind == "hidden_private_base") { *v = hv.private_aperture_hi; return true; }
  if (kind == "hidden_dynamic_lds_size") { *v = dynamic_lds; return true; }
  // No printf/hostcall/heap/device-enqueue runtime: a null pointer, so a
  // kernel that uses one faults with an address instead of misbehaving.
  if (kind == "hidden_none" || kind == "hidden_printf_buffer" ||
      kind == "hidden_hostcall_buffer" || kind == "hidden_default_queue" ||
      kind == "hidden_completion_action" || kind == "hidden_multigrid_sync_arg" ||
      kind == "hidden_heap_v1") {
    *v = 0;
    return true;
  }
  return false;
}

}  // namespace

std::string describeExplicitArgs(const codeobj::KernelMeta& meta) {
  std::string s = "(";
  bool first = true;
  for (const auto& a : meta.args) {
    if (!isExplicit(a)) continue;
    if (!first) s += ", ";
    first = false;
    s += argDesc(a);
  }
  return s + ")";
}

bool layoutKernarg(const codeobj::KernelMeta& meta, uint64_t kernarg_size,
                   const std::vector<ArgValue>& args, const std::vector<uint64_t>& buffer_addr,
                   uint32_t static_lds, const HiddenValues& hv, Kernarg* out, std::string* err) {
  *out = Kernarg();
  std::vector<int> explicit_args;
  uint64_t end = kernarg_size;
  for (size_t i = 0; i < meta.args.size(); ++i) {
    const auto& a = meta.args[i];
    if (isExplicit(a)) explicit_args.push_back(int(i));
    if (a.offset > (1u << 20) || a.size > (1u << 20)) {
      *err = "kernel " + meta.name + ": argument " + std::to_string(i) + " at offset " +
             std::to_string(a.offset) + " size " + std::to_string(a.size) + " is out of range";
      return false;
    }
    if (a.offset + a.size > end) end = a.offset + a.size;
  }
  if (end > (1u << 20)) {
    *err = "kernel " + meta.name + ": kernarg segment of " + std::to_string(end) +
           " bytes is implausibly large";
    return false;
  }
  if (explicit_args.size() != args.size()) {
    *err = "kernel " + meta.name + " takes " + std::to_string(explicit_args.size()) +
           " argument" + (explicit_args.size() == 1 ? "" : "s") + " " +
           describeExplicitArgs(meta) + ", " + std::to_string(args.size()) + " given";
    return false;
  }
  out->bytes.assign(size_t(end), 0);
  out->meta_index = explicit_args;
  out->lds_offset.assign(args.size(), 0);
  auto put = [&](const codeobj::KernelArg& a, uint64_t v) {
    std::memcpy(out->bytes.data() + a.offset, &v, a.size);  // little-endian, size <= 8
  };

  // Explicit arguments, and dynamic LDS after the static group segment.
  uint64_t lds = static_lds;
  for (size_t i = 0; i < args.size(); ++i) {
    const auto& a = meta.args[size_t(explicit_args[i])];
    const ArgValue& v = args[i];
    auto mismatch = [&](const std::string& why) {
      *err = "kernel " + meta.name + " argument " + std::to_string(i) + " (" + argDesc(a) +
             "): " + why;
      return false;
    };
    if (a.value_kind == "by_value") {
      if (!v.isScalar())
        return mismatch(std::string("needs a scalar (u32:/i32:/u64:/i64:/f32:/f64:), got ") +
                        argKindName(v.kind));
      if (a.size > 8)
        return mismatch("by-value aggregates and vectors cannot be given on the command line");
      if (a.size == v.scalarBytes()) {
        put(a, v.scalar);
      } else if (a.size < 4 && (v.kind == ArgValue::Kind::U32 || v.kind == ArgValue::Kind::I32)) {
        // char/short: the value must fit.
        const int bits = int(a.size) * 8;
        const bool is_signed = v.kind == ArgValue::Kind::I32;
        const int64_t sv = is_signed ? int64_t(int32_t(uint32_t(v.scalar))) : int64_t(v.scalar);
        const int64_t lo = is_signed ? -(int64_t(1) << (bits - 1)) : 0;
        const int64_t hi = is_signed ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
        if (sv < lo || sv > hi)
          return mismatch("value " + std::to_string(sv) + " does not fit in " +
                          std::to_string(a.size) + " byte" + (a.size == 1 ? "" : "s"));
        put(a, uint64_t(sv));
      } else {
        return mismatch(std::string("is ") + std::to_string(a.size) + " bytes, " +
                        argKindName(v.kind) + " is " + std::to_string(v.scalarBytes()));
      }
    } else if (a.value_kind == "global_buffer") {
      if (v.kind != ArgValue::Kind::BUFFER)
        return mismatch(std::string("needs buffer:FILE or zeros:BYTES, got ") + argKindName(v.kind));
      if (a.size != 8) return mismatch("a global pointer of " + std::to_string(a.size) + " bytes");
      put(a, i < buffer_addr.size() ? buffer_addr[i] : 0);
    } else if (a.value_kind == "dynamic_shared_pointer") {
      if (v.kind != ArgValue::Kind::LDS)
        return mismatch(std::string("needs lds:BYTES, got ") + argKindName(v.kind));
      if (a.size != 4) return mismatch("a local pointer of " + std::to_string(a.size) + " bytes");
      lds = alignUp(lds, a.pointee_align ? a.pointee_align : 4);
      out->lds_offset[i] = uint32_t(lds);
      put(a, lds);
      lds += v.scalar;
      if (lds > 65536)
        return mismatch("LDS of the work-group (static + dynamic) exceeds 64 KiB");
    } else {
      return mismatch("value kind '" + a.value_kind + "' is not supported by gcnref's dispatch");
    }
  }
  if (lds > 65536) {
    *err = "kernel " + meta.name + ": static LDS of " + std::to_string(lds) + " bytes exceeds 64 KiB";
    return false;
  }
  out->group_segment_bytes = uint32_t(lds);

  for (const auto& a : meta.args) {
    if (isExplicit(a)) continue;
    uint64_t v = 0;
    if (!hiddenValue(a.value_kind, hv, uint32_t(lds - static_lds), &v)) {
      *err = "kernel " + meta.name + ": hidden argument kind '" + a.value_kind + "' at offset " +
             std::to_string(a.offset) + " is not supported by gcnref's dispatch";
      return false;
    }
    if (a.size > 8 || a.size == 0) {
      *err = "kernel " + meta.name + ": hidden argument '" + a.value_kind + "' has size " +
             std::to_string(a.size);
      return false;
    }
    put(a, v);
  }
  return true;
}

}  // namespace gcn::dispatch
