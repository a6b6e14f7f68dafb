"""Offline repository shims for Debian's bazel-bootstrap (Bazel 4.2.3).

Bazel's built-in WORKSPACE suffix declares `rules_cc`, `rules_java` and
`remote_coverage_tools` as http_archives, which cannot be downloaded here. A
repository declared in our WORKSPACE first wins (the suffix uses `maybe`), so
we point those names at tiny local shims under third_party/.

A current Bazel (WORKSPACE mode, e.g. OSS-Fuzz) reports a real version such
as "7.4.1": there we declare nothing and let it use its own rules_cc etc.
Debian's build reports an empty version string.
"""

_SHIMS = {
    "rules_cc": "third_party/rules_cc",
    "rules_java": "third_party/rules_java",
    "remote_coverage_tools": "third_party/remote_coverage_tools",
}

def _wants_shims():
    version = getattr(native, "bazel_version", None)
    if version == None:
        return False  # a Bazel new enough to have dropped native.bazel_version
    return version == "" or version.startswith("4.")

def gcnref_offline_repositories():
    if not _wants_shims():
        return
    for name, path in _SHIMS.items():
        if not native.existing_rule(name):
            native.local_repository(name = name, path = path)
