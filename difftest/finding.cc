#include "difftest/finding.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "isa/index.h"

namespace gcn::difftest {

std::string_view kindName(Kind k) {
  switch (k) {
    case Kind::DECODE_MISMATCH: return "decode.mismatch";
    case Kind::DECODE_TEXT: return "decode.text";
    case Kind::DECODE_THEY_REJECT: return "accept.decode.they_reject";
    case Kind::DECODE_WE_REJECT: return "accept.decode.we_reject";
    case Kind::DECODE_CRASH: return "decode.crash";
    case Kind::ENCODE_MISMATCH: return "encode.mismatch";
    case Kind::ENCODE_THEY_REJECT: return "accept.encode.they_reject";
    case Kind::ENCODE_WE_REJECT: return "accept.encode.we_reject";
    case Kind::ENCODE_BOTH_REFUSE: return "illegal.both_refuse";
    case Kind::ENCODE_CRASH: return "encode.crash";
    case Kind::REASM_MISMATCH: return "reasm.mismatch";
    case Kind::REASM_WE_REJECT: return "reasm.we_reject";
  }
  return "?";
}

bool isAcceptance(Kind k) {
  return k == Kind::DECODE_THEY_REJECT || k == Kind::DECODE_WE_REJECT ||
         k == Kind::ENCODE_THEY_REJECT || k == Kind::ENCODE_WE_REJECT;
}

bool isIllegalWord(Kind k) { return k == Kind::ENCODE_BOTH_REFUSE; }

bool isCrash(Kind k) { return k == Kind::DECODE_CRASH || k == Kind::ENCODE_CRASH; }

std::string Finding::signature() const {
  std::string s = std::string(genName(gen)) + " " + std::string(kindName(kind)) + " " + mnemonic +
                  " " + form;
  std::string f;
  for (const FieldDiff& d : fields) f += (f.empty() ? "" : ",") + d.name;
  return s + " [" + f + "]";
}

std::string mnemonicStem(std::string m) {
  for (std::string_view suf : {"_e32", "_e64", "_sdwa", "_dpp"})
    if (m.size() > suf.size() && m.compare(m.size() - suf.size(), suf.size(), suf) == 0)
      return m.substr(0, m.size() - suf.size());
  return m;
}

std::string shapeOf(std::string_view token) {
  std::string r;
  for (char c : token) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (r.empty() || r.back() != 'N') r += 'N';
    } else {
      r += c;
    }
  }
  return r;
}

std::string rawFieldValue(Gen g, Enc enc, Form form, Fld fld, const std::vector<uint8_t>& bytes,
                          std::string* qualified_name) {
  const GenIndex& gi = genIndex(g);
  uint8_t w[16] = {};
  std::memcpy(w, bytes.data(), std::min<size_t>(bytes.size(), 16));
  uint64_t word;
  std::memcpy(&word, w, 8);
  // Extension fields first: SDWA/DPP own SRC0 (bits 32-39) and the selects.
  std::vector<Enc> order;
  if (form == Form::SDWA) order.push_back(Enc::SDWA);
  if (form == Form::DPP) order.push_back(Enc::DPP);
  order.push_back(enc);
  for (Enc e : order) {
    const EncIndex& ei = gi.enc[int(e)];
    std::string out;
    for (const FieldSlot& s : ei.fields) {
      if (s.fld != fld) continue;
      if ((form == Form::SDWA || form == Form::DPP) && e == enc && fld == Fld::SRC0) continue;
      char buf[96];
      std::snprintf(buf, sizeof buf, "%sbits %u-%u = 0x%llx", out.empty() ? "" : ", ", s.lo,
                    s.lo + s.width - 1, (unsigned long long)extractBits(word, s.lo, s.width));
      out += buf;
    }
    if (!out.empty()) {
      if (qualified_name) *qualified_name = std::string(encName(e)) + "." + std::string(fldName(fld));
      return out;
    }
  }
  if (qualified_name) *qualified_name = std::string(encName(enc)) + "." + std::string(fldName(fld));
  return "";
}

}  // namespace gcn::difftest
