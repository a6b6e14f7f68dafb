#!/usr/bin/env python3
"""Prints the .cc sources of Bazel cc_library targets, one per line.

build.sh compiles gcnref without Bazel (OSS-Fuzz does not need it); reading
the srcs from the BUILD.bazel files keeps them the one list of sources.
Only literal lists are understood: a srcs with glob() or select() is an
error, not a silent omission.

usage: bazel_srcs.py REPO //pkg:name...
"""
import ast
import re
import sys


def rule_srcs(build_text, name):
    # Each rule call: NAME( ... ) at top level; find the one with name = "...".
    for m in re.finditer(r'^(\w+)\(', build_text, re.M):
        start = m.end()
        depth, i = 1, start
        while depth and i < len(build_text):
            c = build_text[i]
            if c in '([{':
                depth += 1
            elif c in ')]}':
                depth -= 1
            elif c == '"':
                i = build_text.index('"', i + 1)
            elif c == '#':
                i = build_text.index('\n', i)
            i += 1
        body = build_text[start:i - 1]
        if not re.search(r'\bname\s*=\s*"%s"' % re.escape(name), body):
            continue
        s = re.search(r'\bsrcs\s*=\s*(\[[^\]]*\])(\s*[+])?', body)
        if not s:
            return []
        if s.group(2) or 'glob(' in s.group(1) or 'select(' in s.group(1):
            raise SystemExit('bazel_srcs.py: srcs of %s is not a literal list' % name)
        lst = re.sub(r'#[^\n]*', '', s.group(1))
        return [x for x in ast.literal_eval(lst) if x.endswith('.cc')]
    raise SystemExit('bazel_srcs.py: no rule named %s' % name)


def main():
    repo = sys.argv[1]
    for label in sys.argv[2:]:
        pkg, name = label[2:].split(':')
        with open('%s/%s/BUILD.bazel' % (repo, pkg)) as f:
            for src in rule_srcs(f.read(), name):
                print('%s/%s' % (pkg, src))


if __name__ == '__main__':
    main()
