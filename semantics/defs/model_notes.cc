// The rows whose hardware result is an approximation AMD bounds but does
// not define bit for bit (reciprocal, square root and transcendental
// VALU ops): the model returns a value within the stated bound of the
// exact function (valu_fp.h states and valu_fp_test checks them), so it is
// listed as a model by `gcnref semantics`, not as exact.
#include "semantics/emulator/sem_status.h"

namespace gcn::sem {
namespace {

const char kRcp[] = "approximation: within 0.5 ULP of 1/x (f32, f64), 1 ULP (f16); AMD bounds the hardware by 1 ULP";
const char kRsq[] = "approximation: within 1 ULP of 1/sqrt(x)";
const char kSqrt[] = "approximation: within 0.5 ULP of sqrt(x) (f32, f64), 1 ULP (f16); AMD bounds the hardware by 1 ULP";
const char kExp[] = "approximation: within 1 ULP of 2^x";
const char kLog[] = "approximation: within 1 ULP of log2(x)";
const char kTrig[] = "approximation: within 1 ULP + 2^-60 of sin/cos(2*pi*x)";

const ModelNote kNotes[] = {
    {"v_rcp_f32", kRcp},        {"v_rcp_f64", kRcp},        {"v_rcp_f16", kRcp},
    {"v_rcp_iflag_f32", kRcp},  {"v_rcp_clamp_f32", kRcp},  {"v_rcp_clamp_f64", kRcp},
    {"v_rcp_legacy_f32", kRcp}, {"v_rsq_f32", kRsq},        {"v_rsq_f64", kRsq},
    {"v_rsq_f16", kRsq},        {"v_rsq_clamp_f32", kRsq},  {"v_rsq_clamp_f64", kRsq},
    {"v_rsq_legacy_f32", kRsq}, {"v_sqrt_f32", kSqrt},      {"v_sqrt_f64", kSqrt},
    {"v_sqrt_f16", kSqrt},      {"v_exp_f32", kExp},        {"v_exp_legacy_f32", kExp},
    {"v_exp_f16", kExp},        {"v_log_f32", kLog},        {"v_log_legacy_f32", kLog},
    {"v_log_f16", kLog},        {"v_log_clamp_f32", kLog},  {"v_sin_f32", kTrig},
    {"v_cos_f32", kTrig},       {"v_sin_f16", kTrig},       {"v_cos_f16", kTrig},
};

}  // namespace
}  // namespace gcn::sem
