#include "difftest/compare.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <sstream>

#include "decoder/decoder.h"
#include "difftest/errata_match.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "isa/index.h"

namespace gcn::difftest {
namespace {

std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", v);
  return b;
}

std::string firstToken(const std::string& text) {
  std::string n = normaliseText(text);
  return n.substr(0, n.find(' '));
}

// Operand tokens of a line; an llvm comment such as "/*Invalid register,
// operand has 'SReg_1_XEXEC' register class*/" becomes one token
// "/*invalid register*/" so that it names one signature.
std::vector<std::string> tokens(const std::string& text) {
  std::vector<std::string> v;
  std::string t = text;
  for (size_t a; (a = t.find("/*")) != std::string::npos;) {
    size_t b = t.find("*/", a);
    std::string c = t.substr(a + 2, b == std::string::npos ? std::string::npos : b - a - 2);
    c = normaliseText(c.substr(0, c.find(',')));
    v.push_back("/*" + c + "*/");
    t.erase(a, b == std::string::npos ? std::string::npos : b + 2 - a);
  }
  std::string cur;
  for (char c : normaliseText(t)) {
    if (c == ' ' || c == ',') {
      if (!cur.empty()) v.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) v.push_back(cur);
  return v;
}

// Encoding and form of raw bytes by their prefix alone (for inputs we reject).
void encodingOf(const Target& t, const std::vector<uint8_t>& b, Enc* e, Form* f) {
  uint32_t w0 = 0;
  std::memcpy(&w0, b.data(), std::min<size_t>(4, b.size()));
  int x = genIndex(t.gen).enc_by_prefix[w0 >> 23];
  *e = x < 0 ? Enc::SOP2 : Enc(x);
  *f = Form::NATIVE;
  if (*e == Enc::VOP1 || *e == Enc::VOP2 || *e == Enc::VOPC) {
    *f = Form::E32;
    if (t.gen >= Gen::GFX8 && (w0 & 0x1ff) == 0xf9) *f = Form::SDWA;
    if (t.gen >= Gen::GFX8 && (w0 & 0x1ff) == 0xfa) *f = Form::DPP;
  } else if (*e == Enc::VOP3) {
    *f = Form::E64;
  }
}

std::string formText(Form f) { return std::string(formName(f)); }

std::vector<uint8_t> trimmed(const std::vector<uint8_t>& b, size_t n) {
  return std::vector<uint8_t>(b.begin(), b.begin() + long(std::min(n, b.size())));
}

// Which single field, set to zero, makes our decoder accept the bytes:
// the field our decoder objects to.
std::vector<FieldDiff> rejectingFields(const Target& t, const std::vector<uint8_t>& bytes) {
  Enc e;
  Form f;
  encodingOf(t, bytes, &e, &f);
  const GenIndex& gi = genIndex(t.gen);
  std::vector<FieldDiff> out;
  std::vector<Enc> layouts{e};
  if (f == Form::SDWA) layouts.push_back(Enc::SDWA);
  if (f == Form::DPP) layouts.push_back(Enc::DPP);
  for (Enc le : layouts)
    for (const FieldSlot& s : gi.enc[int(le)].fields) {
      if (s.fld == Fld::OP) continue;
      if (le == e && (f == Form::SDWA || f == Form::DPP) && s.fld == Fld::SRC0) continue;
      std::vector<uint8_t> b = bytes;
      b.resize(std::max<size_t>(b.size(), 16));
      uint64_t w;
      std::memcpy(&w, b.data(), 8);
      uint64_t mask = (s.width >= 64 ? ~0ull : ((1ull << s.width) - 1)) << s.lo;
      if (!(w & mask)) continue;
      w &= ~mask;
      std::memcpy(b.data(), &w, 8);
      Inst inst;
      if (!decode(t, b.data(), bytes.size(), &inst).ok()) continue;
      FieldDiff d;
      d.name = std::string(encName(le)) + "." + std::string(fldName(s.fld));
      uint64_t orig;
      std::memcpy(&orig, bytes.data(), 8);
      char buf[64];
      std::snprintf(buf, sizeof buf, "bits %u-%u = 0x%llx", s.lo, s.lo + s.width - 1,
                    (unsigned long long)extractBits(orig, s.lo, s.width));
      d.raw = buf;
      out.push_back(d);
    }
  return out;
}

// Makes `bytes` the example of finding f and names f after the
// instruction there: our row, or "?ENC" with the fields our decoder refuses.
void nameAfter(const Target& t, std::vector<uint8_t> bytes, Finding* f) {
  Inst next;
  if (decode(t, bytes.data(), bytes.size(), &next).ok()) {
    f->mnemonic = std::string(next.desc().mnemonic);
    f->form = formText(next.form);
  } else {
    Enc e;
    Form fm;
    encodingOf(t, bytes, &e, &fm);
    f->mnemonic = "?" + std::string(encName(e));
    f->form = formText(fm);
    std::vector<FieldDiff> r = rejectingFields(t, bytes);
    f->fields.insert(f->fields.end(), r.begin(), r.end());
  }
  f->bytes = std::move(bytes);
}

}  // namespace

void nameEncoding(const Target& t, Finding* f) {
  if (f->bytes.empty()) {
    f->enc = "?";
    return;
  }
  Enc e;
  Form fm;
  Inst inst;
  if (decode(t, f->bytes.data(), f->bytes.size(), &inst).ok()) {
    e = inst.enc;
    fm = inst.form;
  } else {
    uint32_t w0 = 0;
    std::memcpy(&w0, f->bytes.data(), std::min<size_t>(4, f->bytes.size()));
    if (genIndex(t.gen).enc_by_prefix[w0 >> 23] < 0) {
      f->enc = "?";
      return;
    }
    encodingOf(t, f->bytes, &e, &fm);
  }
  f->enc = fm == Form::SDWA ? "SDWA" : fm == Form::DPP ? "DPP" : std::string(encName(e));
}

std::vector<FieldDiff> instDiff(const Target& t, const Inst& a, const Inst& b,
                                const std::vector<uint8_t>& ab, const std::vector<uint8_t>& bb) {
  std::vector<FieldDiff> v;
  if (a.id != b.id)
    v.push_back({"mnemonic", std::string(a.desc().mnemonic), std::string(b.desc().mnemonic), ""});
  if (a.form != b.form) v.push_back({"form", formText(a.form), formText(b.form), ""});
  else if (a.enc != b.enc)
    v.push_back({"encoding", std::string(encName(a.enc)), std::string(encName(b.enc)), ""});
  if (a.has_literal != b.has_literal || (a.has_literal && a.literal != b.literal))
    v.push_back({"literal", a.has_literal ? hex32(a.literal) : "none",
                 b.has_literal ? hex32(b.literal) : "none", ""});
  else if (a.size != b.size)
    v.push_back({"size", std::to_string(a.size), std::to_string(b.size), ""});
  if (a.id != b.id || a.form != b.form) return v;  // fields of different rows do not line up
  for (int i = 0; i < kNumFlds; ++i) {
    const int32_t va = fieldValue(a, Fld(i)), vb = fieldValue(b, Fld(i));
    if (va == vb) continue;
    FieldDiff d;
    std::string q;
    std::string ra = rawFieldValue(t.gen, a.enc, a.form, Fld(i), ab, &q);
    std::string rb = bb.empty() ? "" : rawFieldValue(t.gen, a.enc, a.form, Fld(i), bb, nullptr);
    d.name = q;
    d.ours = std::to_string(va);
    d.theirs = std::to_string(vb);
    d.raw = rb.empty() || rb == ra ? ra : "ours " + ra + "; theirs " + rb;
    v.push_back(d);
  }
  return v;
}

Verdict compareDecode(const Target& t, const Input& in, const ToolAnswer& a, Finding* f) {
  Inst ours;
  bool we = decode(t, in.bytes.data(), in.bytes.size(), &ours).ok();
  *f = Finding();
  f->gen = t.gen;
  f->origin = in.origin;
  f->bytes = we ? trimmed(in.bytes, ours.size) : in.bytes;
  if (we) {
    f->mnemonic = std::string(ours.desc().mnemonic);
    f->form = formText(ours.form);
    f->ours_text = printInst(ours);
  } else {
    Enc e;
    Form fm;
    encodingOf(t, in.bytes, &e, &fm);
    f->mnemonic = "?" + std::string(encName(e));
    f->form = formText(fm);
  }
  f->their_text = a.text;
  const std::string& read = a.read_text.empty() ? a.text : a.read_text;
  if (read != a.text) f->their_read = read;
  f->message = a.message;
  switch (a.outcome) {
    case Outcome::LOST: return Verdict::LOST;
    case Outcome::CRASH:
    case Outcome::TIMEOUT:
      f->kind = Kind::DECODE_CRASH;
      f->fields.push_back({std::string(outcomeName(a.outcome)), "", "", ""});
      // The tool reads on past our instruction (the input's random tail is
      // more instructions to it): the crash is the tail's when our
      // instruction is shorter. Name the tail's instruction instead.
      if (we && size_t(ours.size) < in.bytes.size()) {
        f->ours_text.clear();
        f->message += " (in the bytes after the instruction)";
        nameAfter(t, std::vector<uint8_t>(in.bytes.begin() + ours.size, in.bytes.end()), f);
        return Verdict::DIFFER;
      }
      if (!we) {  // name the field our decoder objects to: likely the trigger
        std::vector<FieldDiff> r = rejectingFields(t, in.bytes);
        f->fields.insert(f->fields.end(), r.begin(), r.end());
        // A tool that refuses the first dword skips it and reads on: when
        // the instruction after it is one a known erratum says crashes the
        // tool (and the first dword's finding is not), the crash is that one's.
        if (in.bytes.size() > 4 && !matchErratum(*f)) {
          Finding g = *f;
          g.fields.resize(1);  // the crash/timeout entry
          g.message += " (in the bytes after the first dword, which both refuse)";
          nameAfter(t, std::vector<uint8_t>(in.bytes.begin() + 4, in.bytes.end()), &g);
          if (matchErratum(g)) *f = g;
        }
      }
      return Verdict::DIFFER;
    case Outcome::REJECT:
      if (!we) return Verdict::AGREE_REJECT;
      f->kind = Kind::DECODE_THEY_REJECT;
      return Verdict::DIFFER;
    case Outcome::ACCEPT: break;
  }
  if (!we) {
    f->kind = Kind::DECODE_WE_REJECT;
    DecodeResult r = decode(t, in.bytes.data(), in.bytes.size(), &ours);
    f->message = explainDecodeError(t, in.bytes.data(), in.bytes.size(), r);
    Inst theirs;
    ParseError pe;
    if (parseInst(t, read, &theirs, &pe)) {
      f->mnemonic = std::string(theirs.desc().mnemonic);
      f->form = formText(theirs.form);
    } else {
      f->mnemonic = firstToken(read);
    }
    f->fields = rejectingFields(t, in.bytes);
    return Verdict::DIFFER;
  }
  if (normaliseText(f->ours_text) == normaliseText(read)) return Verdict::AGREE_ACCEPT;
  Inst theirs;
  ParseError pe;
  if (parseInst(t, read, &theirs, &pe)) {
    uint8_t tb[16];
    std::string err;
    size_t tn = encodeInst(t, theirs, tb, &err);
    f->fields = instDiff(t, ours, theirs, f->bytes, std::vector<uint8_t>(tb, tb + tn));
    if (f->fields.empty()) return Verdict::AGREE_ACCEPT;  // one Inst, two spellings
    f->kind = Kind::DECODE_MISMATCH;
    return Verdict::DIFFER;
  }
  f->kind = Kind::DECODE_TEXT;
  f->message = "our parser: column " + std::to_string(pe.column) + ": " + pe.message;
  std::vector<std::string> mine = tokens(f->ours_text), theirs_t = tokens(read);
  std::set<std::string> ms(mine.begin(), mine.end()), ts(theirs_t.begin(), theirs_t.end());
  for (const std::string& tok : theirs_t)
    if (!ms.count(tok) && f->fields.size() < 3)
      f->fields.push_back({"token:" + shapeOf(tok), "", tok, ""});
  if (f->fields.empty())
    for (const std::string& tok : mine)
      if (!ts.count(tok) && f->fields.size() < 3)
        f->fields.push_back({"missing:" + shapeOf(tok), tok, "", ""});
  return Verdict::DIFFER;
}

bool encodeLine(const Target& t, const Input& in, std::string* line) {
  Inst ours;
  if (!decode(t, in.bytes.data(), in.bytes.size(), &ours).ok()) return false;
  *line = printInst(ours);
  return true;
}

Verdict compareEncode(const Target& t, const Input& in, const ToolAnswer& a, Finding* f) {
  Inst ours;
  decode(t, in.bytes.data(), in.bytes.size(), &ours);
  *f = Finding();
  f->gen = t.gen;
  f->origin = in.origin;
  f->bytes = trimmed(in.bytes, ours.size);
  f->mnemonic = std::string(ours.desc().mnemonic);
  f->form = formText(ours.form);
  f->ours_text = printInst(ours);
  f->message = a.message;
  Inst parsed;
  ParseError pe;
  uint8_t ob[16];
  std::string err;
  size_t on = 0;
  const bool we_accept = parseInst(t, f->ours_text, &parsed, &pe) && (on = encodeInst(t, parsed, ob, &err));
  switch (a.outcome) {
    case Outcome::LOST: return Verdict::LOST;
    case Outcome::CRASH:
    case Outcome::TIMEOUT:
      f->kind = Kind::ENCODE_CRASH;
      f->fields.push_back({std::string(outcomeName(a.outcome)), "", "", ""});
      return Verdict::DIFFER;
    case Outcome::REJECT:
    case Outcome::ACCEPT: break;
  }
  if (!we_accept) {
    std::string ours = pe.message.empty() ? err : "our parser: column " + std::to_string(pe.column) + ": " + pe.message;
    if (a.outcome == Outcome::REJECT) {
      // The decoder is as lenient as the tool's disassembler; the rule
      // that refuses the text is an assembler rule both of us enforce.
      f->kind = Kind::ENCODE_BOTH_REFUSE;
      f->message = ours + "; the tool: " + a.message;
    } else {
      f->kind = Kind::ENCODE_WE_REJECT;
      f->message = ours;
      f->their_bytes = a.bytes;
    }
    return Verdict::DIFFER;
  }
  f->our_bytes.assign(ob, ob + on);
  if (a.outcome == Outcome::REJECT) {
    f->kind = Kind::ENCODE_THEY_REJECT;
    return Verdict::DIFFER;
  }
  f->their_bytes = a.bytes;
  if (a.bytes == f->our_bytes) return Verdict::AGREE_ACCEPT;
  f->kind = Kind::ENCODE_MISMATCH;
  Inst theirs;
  if (decode(t, a.bytes.data(), a.bytes.size(), &theirs).ok()) {
    f->their_text = printInst(theirs);
    f->fields = instDiff(t, parsed, theirs, f->our_bytes, a.bytes);
  }
  if (f->fields.empty()) f->fields.push_back({"bytes", "", "", ""});
  return Verdict::DIFFER;
}

bool compareReassembly(const Target& t, const Input& in, const std::string& text,
                       const std::string& read, const ToolAnswer& a, Finding* f) {
  *f = Finding();
  f->gen = t.gen;
  f->origin = in.origin;
  f->bytes = in.bytes;
  f->their_text = text;
  if (read != text) f->their_read = read;
  f->their_bytes = a.bytes;
  Inst ours;
  ParseError pe;
  uint8_t ob[16];
  std::string err;
  size_t on = 0;
  if (!parseInst(t, read, &ours, &pe) || !(on = encodeInst(t, ours, ob, &err))) {
    f->kind = Kind::REASM_WE_REJECT;
    f->mnemonic = firstToken(read);
    f->form = "?";
    f->message = on ? err : "our parser: column " + std::to_string(pe.column) + ": " + pe.message;
    return false;
  }
  f->our_bytes.assign(ob, ob + on);
  f->mnemonic = std::string(ours.desc().mnemonic);
  f->form = formText(ours.form);
  f->ours_text = printInst(ours);
  if (f->our_bytes == a.bytes) return true;
  f->kind = Kind::REASM_MISMATCH;
  f->bytes = a.bytes;
  Inst theirs;
  if (decode(t, a.bytes.data(), a.bytes.size(), &theirs).ok())
    f->fields = instDiff(t, ours, theirs, f->our_bytes, a.bytes);
  if (f->fields.empty()) f->fields.push_back({"bytes", "", "", ""});
  return false;
}

}  // namespace gcn::difftest
