#include "space/text_space.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "decoder/decoder.h"
#include "text/printer.h"
#include "encoder/encoder.h"
#include "text/parser.h"
#include "isa/operand_field.h"
#include "isa/operand_kinds.h"
#include "isa/registers.h"
#include "space/inst_space.h"
#include "space/lossy_text.h"
#include "util/hex_bytes.h"

namespace gcn {
namespace {


std::vector<std::string> buildSpellings() {
  std::vector<std::string> v;
  char buf[32];
  for (int i = -16; i <= 64; ++i) v.push_back(std::to_string(i));
  for (const char* f : {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494",
                        "0.15915494309189532", "0.0", "-0.0"})
    v.push_back(f);
  for (int code = opc::kHalf; code <= opc::kInvPi2; ++code)
    for (int bits : {16, 32, 64}) {
      std::snprintf(buf, sizeof buf, "0x%" PRIx64, inlineFloatBits(code, bits));
      v.push_back(buf);
    }
  // Values no inline constant has: a literal where the form takes one.
  for (const char* l : {"-17", "65", "0xffff", "0x10000", "0x12345678", "0xfffffff0", "1.5",
                        "-0.15915494", "0x3e22f984"})
    v.push_back(l);
  return v;
}

// Where field `f` of `in` is written in its text: print it with two
// different constants there and keep the span that differs.
bool sourceSpan(const Inst& in, Fld f, std::string* text, size_t* pos, size_t* len) {
  Inst a = in, b = in;
  a[f] = opc::kIntPos + 36;  // 37
  b[f] = opc::kIntPos + 40;  // 41
  std::string ta = printInst(a), tb = printInst(b);
  if (ta == tb || ta.size() != tb.size()) return false;
  size_t p = 0;
  while (ta[p] == tb[p]) ++p;
  if (ta.compare(p, 2, "37") != 0) return false;
  *text = ta;
  *pos = p;
  *len = 2;
  return true;
}

}  // namespace

const std::vector<std::string>& sourceSpellings() {
  static const std::vector<std::string> v = buildSpellings();
  return v;
}

TextVerdict checkTextRoundTrip(const Target& t, std::string_view text, std::string* why) {
  Inst in;
  ParseError pe;
  if (!parseInst(t, text, &in, &pe)) return TextVerdict::REJECTED;
  auto fail = [&](const std::string& what) {
    *why = std::string(t.name) + ": \"" + std::string(text) + "\": " + what;
    return TextVerdict::FAILS;
  };
  if (std::string v = validateInst(t, in); !v.empty())
    return fail("the parser accepted an instruction the encoder calls invalid: " + v);
  uint8_t enc[16];
  std::string err;
  const size_t n = encodeInst(t, in, enc, &err);
  if (!n) return fail("encode refuses the parsed instruction: " + err);
  if (n != in.size) return fail("encoded size " + std::to_string(n) + " != Inst size " +
                                std::to_string(in.size));
  Inst back;
  const DecodeResult r = decode(t, enc, n, &back);
  if (!r.ok() || r.size != n)
    return fail("its bytes " + hexBytes(enc, n) +
                " do not decode: " + explainDecodeError(t, enc, n, r));
  if (back != in)
    return fail("decode(encode(parse(text))) != parse(text): bytes " + hexBytes(enc, n) +
                " decode to " + debugString(back) + ", parsed " + debugString(in));
  const std::string printed = printInst(back);
  Inst again;
  if (!parseInst(t, printed, &again, &pe))
    return fail("bytes " + hexBytes(enc, n) + " print as \"" + printed +
                "\", which does not parse: " + pe.message);
  if (again != in && lossyTextErratum(t, in, printed, again)) return TextVerdict::LOSSY;
  if (again != in)
    return fail("bytes " + hexBytes(enc, n) + " print as \"" + printed +
                "\", which parses to " + debugString(again));
  return TextVerdict::HOLDS;
}

void forEachSourceText(const Target& t, int row, Form form, int instances, std::mt19937_64& rng,
                       const std::function<void(const std::string&)>& fn) {
  const InstDesc& d = instDesc(row);
  if (d.num_operands == 0) {
    static constexpr const char* kSuffix[] = {"", "_e32", "_e64", "_sdwa", "_dpp"};
    static_assert(int(Form::NATIVE) == 0 && int(Form::E32) == 1 && int(Form::E64) == 2 &&
                  int(Form::SDWA) == 3 && int(Form::DPP) == 4);
    fn(std::string(d.mnemonic) + kSuffix[int(form)]);
    return;
  }
  // The base instance first, then others of the instance space at random.
  std::vector<Inst> picked;
  long seen = 0;
  forEachCandidate(t, row, form, 8, 8, rng, [&](const Candidate& c) {
    Inst in;
    if (!decode(t, c.bytes, c.len, &in).ok() || in.id != row || in.form != form) return;
    ++seen;
    if (int(picked.size()) < instances) {
      picked.push_back(in);
    } else if (instances > 1) {
      // Reservoir sampling over all but the base.
      std::uniform_int_distribution<long> pick(1, seen - 1);
      long k = pick(rng);
      if (k < instances) picked[size_t(k)] = in;
    }
  });
  for (const Inst& in : picked) {
    for (int i = 0; i < d.num_operands; ++i) {
      const OperandSpec& op = d.operand[i];
      if (!isSourceType(op.type)) continue;
      const Fld f = operandField(in, op);
      if (f == Fld::kCount) continue;
      std::string text;
      size_t pos, len;
      if (!sourceSpan(in, f, &text, &pos, &len)) continue;
      for (const std::string& s : sourceSpellings()) {
        std::string v = text;
        v.replace(pos, len, s);
        fn(v);
      }
    }
  }
}

}  // namespace gcn
