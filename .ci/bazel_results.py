#!/usr/bin/env python3
"""Counts `bazel test` results for .ci/run.

usage: bazel_results.py BEP_JSON BAZEL_LOG BAZEL_EXIT_CODE

Reads the build event protocol file (--build_event_json_file) if it has any
events, else falls back to the test summary lines in Bazel's console log.
Writes a per-target list of failures to stderr and exactly one line
"N passed, N failed" to stdout. Exit status 0 only if Bazel exited 0, no
target failed and at least one test passed.

Counted as failed: test targets that FAILED, TIMEOUT, FLAKY, INCOMPLETE,
NO STATUS, failed to build or were never run; non-test targets that failed
to build or analyse (a broken library breaks the build); and packages that
failed to load.
"""

import json
import re
import sys

SUMMARY_RE = re.compile(
    r"^(?P<label>(?:@[\w.~+-]*)?//\S*)\s+(?:\([^)]*cached\)\s+)?"
    r"(?P<status>PASSED|FAILED TO BUILD|FAILED|TIMEOUT|FLAKY|INCOMPLETE|"
    r"NO STATUS|REMOTE FAILURE|BUILD FAILURE|SKIPPED)\b"
)


def label_of(event_id):
    for value in event_id.values():
        if isinstance(value, dict) and "label" in value:
            return value["label"]
    return None


def from_bep(path):
    """Returns {label: status} or None if the file has no usable events."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError:
        return None
    events = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        try:
            events.append(json.loads(line))
        except ValueError:
            continue  # a truncated last line if Bazel was killed
    if not events:
        return None

    tests = set()           # labels configured as test targets
    summaries = {}          # label -> overall test status
    broken = {}             # label -> reason it did not build
    for ev in events:
        eid = ev.get("id", {})
        if "targetConfigured" in eid and "configured" in ev:
            conf = ev["configured"]
            kind = conf.get("targetKind", "")
            if "testSize" in conf or kind.endswith("_test rule"):
                tests.add(eid["targetConfigured"]["label"])
        elif "testSummary" in eid and "testSummary" in ev:
            label = eid["testSummary"]["label"]
            status = ev["testSummary"].get("overallStatus", "NO_STATUS")
            # Several configurations of one label: the worst one wins.
            if summaries.get(label, "PASSED") == "PASSED":
                summaries[label] = status
        elif "targetCompleted" in eid and "completed" in ev:
            # proto3 JSON leaves out false: no "success" means failure.
            if not ev["completed"].get("success", False):
                broken[eid["targetCompleted"]["label"]] = "FAILED_TO_BUILD"
        if "aborted" in ev:
            # Only targets and patterns count; "unconfiguredLabel" and
            # "configuredLabel" events just name root causes (a source file,
            # a missing dependency) of a target that reports its own failure.
            reason = ev["aborted"].get("reason", "ABORTED")
            if reason == "SKIPPED":
                continue
            if "targetConfigured" in eid or "targetCompleted" in eid:
                broken.setdefault(label_of(eid), reason)
            elif "pattern" in eid:
                pattern = " ".join(eid["pattern"].get("pattern", []))
                broken.setdefault("pattern " + pattern, reason)

    results = {}
    for label in tests | set(summaries) | set(broken):
        if label in summaries:
            results[label] = summaries[label]
        elif label in broken:
            results[label] = broken[label]
        else:
            results[label] = "NO_STATUS"
    return results


def from_log(path):
    results = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = SUMMARY_RE.match(line.strip())
                if m:
                    results[m.group("label")] = m.group("status").replace(" ", "_")
    except OSError:
        pass
    return results


PACKAGE_ERROR_RE = re.compile(r"^ERROR: package contains errors: (\S+)")


def broken_packages(path):
    """Packages under the pattern that failed to load (e.g. a BUILD syntax
    error): with --keep_going Bazel skips them, and they appear in no build
    event, only on the console."""
    found = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = PACKAGE_ERROR_RE.match(line.strip())
                if m:
                    found["//%s (package)" % m.group(1)] = "LOADING_FAILURE"
    except OSError:
        pass
    return found


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    bep_path, log_path, bazel_rc = argv[1], argv[2], int(argv[3])

    results = from_bep(bep_path)
    source = "build event file"
    if results is None:
        results = from_log(log_path)
        source = "console summary"
    for label, status in broken_packages(log_path).items():
        results.setdefault(label, status)

    passed = sorted(l for l, s in results.items() if s == "PASSED")
    failed = sorted((l, s) for l, s in results.items() if s != "PASSED")
    nfailed = len(failed)

    err = sys.stderr
    err.write("\n=== bazel test results (from %s; bazel exit code %d) ===\n"
              % (source, bazel_rc))
    for label, status in failed:
        err.write("  %-16s %s\n" % (status, label))
    if bazel_rc == 4:
        err.write("  bazel found no test targets (exit 4)\n")
    elif bazel_rc not in (0, 3) and nfailed == 0:
        # Exit 3 is "tests failed"; anything else non-zero is a build or
        # infrastructure failure even if no target owns it.
        err.write("  bazel failed (exit %d) without a failing target; "
                  "counting it as one failure\n" % bazel_rc)
        nfailed = 1
    if not passed:
        err.write("  no test passed: treating the run as failed\n")
    err.flush()

    print("%d passed, %d failed" % (len(passed), nfailed))
    ok = bazel_rc == 0 and nfailed == 0 and len(passed) > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
