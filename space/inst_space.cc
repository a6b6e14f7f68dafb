#include "space/inst_space.h"

#include <cstring>

#include "decoder/decoder.h"
#include "isa/index.h"

namespace gcn {
namespace {


void setBits(uint8_t* b, unsigned lo, unsigned width, uint64_t v) {
  for (unsigned i = 0; i < width; ++i) {
    unsigned bit = lo + i;
    uint8_t m = uint8_t(1u << (bit & 7));
    if ((v >> i) & 1) b[bit >> 3] |= m;
    else b[bit >> 3] &= uint8_t(~m);
  }
}

// Which layout an instance of (row, form) uses for dword0/1, and which
// extension layout follows.
Enc layoutEnc(const InstDesc& d, Form f) {
  if (f == Form::E64) return (d.flags & F_VOP3B) ? Enc::VOP3B : Enc::VOP3;
  return d.enc;
}

}  // namespace

std::vector<Form> formsOf(const Target& t, const InstDesc& d) {
  std::vector<Form> v;
  if (!t.has(d)) return v;
  if (!isVopShort(d.enc)) {
    // GFX8/9 VINTRP decodes as the e32 twin of the VOP3 interp rows.
    v.push_back(d.enc == Enc::VINTRP && t.gen >= Gen::GFX8 ? Form::E32 : Form::NATIVE);
    return v;
  }
  v.push_back(Form::E32);
  if (!(d.flags & F_NO_E64)) v.push_back(Form::E64);
  if (t.gen >= Gen::GFX8) {
    if (!(d.flags & F_NO_SDWA)) v.push_back(Form::SDWA);
    if (hasDppForm(d, t.gen)) v.push_back(Form::DPP);
  }
  return v;
}

bool baseCandidate(const Target& t, int row, Form form, Candidate* out) {
  const InstDesc& d = instDesc(row);
  const GenIndex& gi = genIndex(t.gen);
  Enc le = layoutEnc(d, form);
  Enc space = opcodeSpace(le);
  const EncIndex& ei = gi.enc[int(space)];
  const EncIndex& li = gi.enc[int(le)];
  if (!ei.present || !li.present) return false;
  std::memset(out, 0, sizeof *out);
  out->len = 16;
  uint32_t w0 = ei.match_value;
  std::memcpy(out->bytes, &w0, 4);
  int op = opcodeIn(d, t.gen, space);
  if (op < 0) return false;
  setBits(out->bytes, ei.op_lo, ei.op_width, uint64_t(op));
  // Only the sources the row has are set (llvm-style decoding rejects a
  // non-zero unused source field): a VGPR, so that VGPR-only slots decode.
  // The VOP3 interp rows keep their attribute in SRC0 and the interp
  // parameter in SRC1 (both raw, high bit clear): those stay 0.
  std::vector<const FieldSlot*> srcs;
  for (const FieldSlot& s : li.fields) {
    if (s.fld != Fld::SRC0 && s.fld != Fld::SRC1 && s.fld != Fld::SRC2) continue;
    setBits(out->bytes, s.lo, s.width, 0);
    const Role want = s.fld == Fld::SRC0 ? Role::src0 : s.fld == Fld::SRC1 ? Role::src1 : Role::src2;
    bool used = false;
    for (int i = 0; i < d.num_operands; ++i)
      used |= d.operand[i].role == want && d.operand[i].type != OpType::interpparam;
    if (used && s.width >= 9) {
      setBits(out->bytes, s.lo, s.width, 256 + (s.fld == Fld::SRC0 ? 1 : 2));
      srcs.push_back(&s);
    }
  }
  if (form == Form::SDWA || form == Form::DPP) {
    for (const FieldSlot& s : li.fields)
      if (s.fld == Fld::SRC0) setBits(out->bytes, s.lo, s.width, form == Form::SDWA ? 0xf9 : 0xfa);
    if (form == Form::SDWA) {
      // DWORD selects for the operands the row has, as llvm-mc writes them;
      // the select of an absent operand stays 0 (v_nop has none, VOPC no
      // destination), which is the only value that decodes back unchanged.
      auto has = [&](Role r) {
        for (int i = 0; i < d.num_operands; ++i)
          if (d.operand[i].role == r) return true;
        return false;
      };
      for (const FieldSlot& s : gi.enc[int(Enc::SDWA)].fields)
        if ((s.fld == Fld::DST_SEL && has(Role::vdst)) || (s.fld == Fld::SRC0_SEL && has(Role::src0)) ||
            (s.fld == Fld::SRC1_SEL && has(Role::src1)))
          setBits(out->bytes, s.lo, s.width, 6);
    } else {
      for (const FieldSlot& s : gi.enc[int(Enc::DPP)].fields)
        if (s.fld == Fld::ROW_MASK || s.fld == Fld::BANK_MASK) setBits(out->bytes, s.lo, s.width, 0xf);
    }
  }
  // Fields that select the row beyond the opcode: GFX9's FLAT segment
  // (GLOBAL/SCRATCH rows, saddr off) and the LDS bit of the load-to-LDS rows.
  for (const FieldSlot& s : li.fields) {
    const int want = selectorValue(d, s.fld);
    if (want > 0) setBits(out->bytes, s.lo, s.width, uint64_t(want));
    if (s.fld == Fld::SADDR && (d.flags & (F_GLOBAL | F_SCRATCH))) setBits(out->bytes, s.lo, s.width, 0x7f);
  }
  // Room for a literal after the instruction.
  uint32_t lit = 0x3f800001u;
  size_t size = size_t(ei.dwords) * 4;
  if (form == Form::SDWA || form == Form::DPP) size = 8;
  std::memcpy(out->bytes + size, &lit, 4);
  // Sources that may not be VGPRs (v_writelane_b32's VOP3 data and lane
  // select): the first combination of VGPR / s0 / inline 0 per source, in
  // that order of preference, that decodes to the row.
  auto decodes = [&]() {
    Inst inst;
    return decode(t, out->bytes, out->len, &inst).ok() && inst.id == row && inst.form == form;
  };
  if (!decodes() && !srcs.empty()) {
    Candidate keep = *out;
    size_t combos = 1;
    for (size_t i = 0; i < srcs.size(); ++i) combos *= 3;
    for (size_t k = 1; k < combos; ++k) {
      size_t x = k;
      for (const FieldSlot* s : srcs) {
        const uint64_t vgpr = 256 + (s->fld == Fld::SRC0 ? 1 : 2);
        const uint64_t alts[3] = {vgpr, 0, 128};
        setBits(out->bytes, s->lo, s->width, alts[x % 3]);
        x /= 3;
      }
      if (decodes()) return true;
    }
    *out = keep;  // nothing decodes: the sweep may still find instances
  }
  return true;
}

void forEachCandidate(const Target& t, int row, Form form, int max_per_field, int random,
                      std::mt19937_64& rng, const std::function<void(const Candidate&)>& fn) {
  Candidate base;
  if (!baseCandidate(t, row, form, &base)) return;
  fn(base);
  const InstDesc& d = instDesc(row);
  const GenIndex& gi = genIndex(t.gen);
  std::vector<FieldSlot> fields = gi.enc[int(layoutEnc(d, form))].fields;
  if (form == Form::SDWA || form == Form::DPP) {
    const auto& x = gi.enc[int(form == Form::SDWA ? Enc::SDWA : Enc::DPP)].fields;
    fields.insert(fields.end(), x.begin(), x.end());
  }
  std::vector<FieldSlot> sweep;
  for (const FieldSlot& s : fields) {
    if (s.fld == Fld::OP || s.fld == Fld::RESERVED) continue;
    if ((form == Form::SDWA || form == Form::DPP) && s.fld == Fld::SRC0 && s.lo < 32) continue;
    sweep.push_back(s);
  }
  for (const FieldSlot& s : sweep) {
    uint64_t n = s.width >= 32 ? (1ull << 32) : (1ull << s.width);
    std::vector<uint64_t> values;
    if (n <= uint64_t(max_per_field)) {
      for (uint64_t v = 0; v < n; ++v) values.push_back(v);
    } else {
      values = {0, 1, 2, 3, n - 1, n - 2, n / 2, n / 2 - 1};
      for (unsigned b = 0; b < s.width && b < 32; ++b) values.push_back(1ull << b);
      while (values.size() < size_t(max_per_field)) values.push_back(rng() % n);
    }
    for (uint64_t v : values) {
      Candidate c = base;
      setBits(c.bytes, s.lo, s.width, v);
      fn(c);
    }
  }
  for (int i = 0; i < random; ++i) {
    Candidate c = base;
    for (const FieldSlot& s : sweep) setBits(c.bytes, s.lo, s.width, rng());
    uint32_t lit = uint32_t(rng());
    size_t size = (form == Form::SDWA || form == Form::DPP) ? 8 : size_t(gi.enc[int(opcodeSpace(layoutEnc(d, form)))].dwords) * 4;
    std::memcpy(c.bytes + size, &lit, 4);
    fn(c);
  }
}

std::vector<uint8_t> validInstructionStream(const Target& t, size_t count, uint64_t seed,
                                            size_t* n_out) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<uint8_t>> pool;
  for (int id = 0; id < numInsts(); ++id) {
    if (!t.has(instDesc(id))) continue;
    for (Form f : formsOf(t, instDesc(id))) {
      forEachCandidate(t, id, f, 4, 24, rng, [&](const Candidate& c) {
        // r.size (bytes consumed), not inst.size (canonical size): they
        // differ when a literal decodes as an inline constant, and a
        // stream must stay in sync when decoded end to end.
        Inst inst;
        DecodeResult r = decode(t, c.bytes, c.len, &inst);
        if (r.ok() && inst.id == id) pool.emplace_back(c.bytes, c.bytes + r.size);
      });
    }
  }
  std::vector<uint8_t> out;
  size_t n = 0;
  while (n < count && !pool.empty()) {
    const auto& p = pool[rng() % pool.size()];
    out.insert(out.end(), p.begin(), p.end());
    ++n;
  }
  if (n_out) *n_out = n;
  return out;
}

}  // namespace gcn
