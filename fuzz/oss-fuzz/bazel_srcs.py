#!/usr/bin/env python3
"""Prints the .cc sources of Bazel cc_library targets and of every library
they depend on inside the repository, one per line.

build.sh compiles gcnref without Bazel (OSS-Fuzz does not need it); reading
the srcs and deps from the BUILD.bazel files keeps them the one list of
sources, so a new dependency of a library reaches the OSS-Fuzz build too.
//third_party targets are system libraries and are not followed. Only
literal lists are understood: a srcs or deps with glob() or select() is an
error, not a silent omission.

usage: bazel_srcs.py REPO //pkg:name...
"""
import ast
import re
import sys


def literal_list(body, attr, name):
    s = re.search(r'\b%s\s*=\s*(\[[^\]]*\])(\s*[+])?' % attr, body)
    if not s:
        return []
    if s.group(2) or 'glob(' in s.group(1) or 'select(' in s.group(1):
        raise SystemExit('bazel_srcs.py: %s of %s is not a literal list' % (attr, name))
    return ast.literal_eval(re.sub(r'#[^\n]*', '', s.group(1)))


def rule(build_text, name):
    """(srcs, deps) of the rule called `name`."""
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
        srcs = [x for x in literal_list(body, 'srcs', name) if x.endswith('.cc')]
        return srcs, literal_list(body, 'deps', name)
    raise SystemExit('bazel_srcs.py: no rule named %s' % name)


def split_label(label, pkg):
    """(package, name) of a label written in package `pkg`."""
    if label.startswith(':'):
        return pkg, label[1:]
    if not label.startswith('//'):
        raise SystemExit('bazel_srcs.py: label %s is not in this repository' % label)
    p, _, n = label[2:].partition(':')
    return p, n or p.rsplit('/', 1)[-1]


def main():
    repo = sys.argv[1]
    seen, order = set(), []
    todo = [split_label(l, '') for l in sys.argv[2:]]
    while todo:
        pkg, name = todo.pop()
        if (pkg, name) in seen or pkg == 'third_party':
            continue
        seen.add((pkg, name))
        with open('%s/%s/BUILD.bazel' % (repo, pkg)) as f:
            srcs, deps = rule(f.read(), name)
        order += ['%s/%s' % (pkg, src) for src in srcs]
        todo += [split_label(d, pkg) for d in deps]
    for src in order:
        print(src)


if __name__ == '__main__':
    main()
