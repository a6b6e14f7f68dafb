"""gcn_fuzz_test: a libFuzzer target that is also a regression test."""

load("@rules_cc//cc:defs.bzl", "cc_test")

def gcn_fuzz_test(name, deps, size = "small"):
    """fuzz/NAME.cc (defines LLVMFuzzerTestOneInput) as a cc_test.

    `bazel test //fuzz:NAME` replays corpus/fuzz/NAME (seeds and crash
    regressions) through the replay main(); with --config=fuzz the same
    binary is a libFuzzer fuzzer (tools/fuzz.sh runs campaigns; the test
    then runs the corpus once, -runs=0).
    """
    cc_test(
        name = name,
        size = size,
        srcs = [name + ".cc"],
        args = [
            "-runs=0",
            "corpus/fuzz/" + name,
        ],
        data = ["//corpus/fuzz:" + name],
        deps = deps + ["//third_party:libfuzzer"],
    )
