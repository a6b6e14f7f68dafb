#!/usr/bin/env python3
"""Prints the .cc sources of Bazel cc_library targets and of every library
they depend on inside the repository, one per line.

build.sh compiles gcnref without Bazel (OSS-Fuzz does not need it); reading
the srcs and deps from the BUILD.bazel files keeps them the one list of
sources, so a new dependency of a library reaches the OSS-Fuzz build too.
//third_party targets are system libraries and are not followed.

BUILD files are Starlark, whose syntax Python's parser reads. srcs and deps
may be list literals, top-level constants of the same file or loaded from
a .bzl (lists, or dicts of lists read through .values()), list
comprehensions over them ("%s.cc" % f for f in NAMES, nested for clauses
too), `+` of those, and
globs of textual includes (.inc: tables.cc's rows), which name nothing to
compile. Anything else (a glob that could match sources, select(), a
function call) is an error, not a silent omission.

usage: bazel_srcs.py REPO //pkg:name...
"""
import ast
import sys


class Unsupported(Exception):
    pass


def evaluate(node, env):
    """The value of a srcs/deps expression: a list of strings."""
    if isinstance(node, ast.List):
        return [evaluate(e, env) for e in node.elts]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return evaluate(node.left, env) + evaluate(node.right, env)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return evaluate(node.left, env) % evaluate(node.right, env)
    if isinstance(node, ast.ListComp):
        for g in node.generators:
            if g.ifs or not isinstance(g.target, ast.Name):
                raise Unsupported(ast.dump(node))
        out = []

        def loops(k, scope):  # the generators nested left to right
            if k == len(node.generators):
                out.append(evaluate(node.elt, scope))
                return
            g = node.generators[k]
            for v in evaluate(g.iter, scope):
                loops(k + 1, dict(scope, **{g.target.id: v}))
        loops(0, env)
        return out
    if isinstance(node, ast.Dict) and all(k is not None for k in node.keys):
        return {evaluate(k, env): evaluate(v, env) for k, v in zip(node.keys, node.values)}
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
            node.func.attr == 'values' and not node.args):
        d = evaluate(node.func.value, env)
        if isinstance(d, dict):
            return list(d.values())
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and
            node.func.id == 'glob' and node.args):
        patterns = evaluate(node.args[0], env)
        if all(p.endswith('.inc') for p in patterns):
            return []
    raise Unsupported(ast.unparse(node) if hasattr(ast, 'unparse') else ast.dump(node))


def loaded(call, repo, pkg):
    """The names a load(":f.bzl", "NAME", ...) statement brings in."""
    label = call.args[0].value
    if label.startswith('@'):
        return {}  # rules_cc and the like: no source lists
    p, n = split_label(label, pkg)
    path = '%s/%s/%s' % (repo, p, n)
    with open(path) as f:
        env = constants(ast.parse(f.read(), path), repo, p)
    return {a.value: env[a.value] for a in call.args[1:] if a.value in env}


def constants(tree, repo, pkg):
    """Top-level NAME = <list expression> assignments and loaded names, in
    file order."""
    env = {}
    for stmt in tree.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and
                call.func.id == 'load'):
            env.update(loaded(call, repo, pkg))
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and
                isinstance(stmt.targets[0], ast.Name)):
            try:
                env[stmt.targets[0].id] = evaluate(stmt.value, env)
            except Unsupported:
                pass  # not a list of names: no rule uses it as srcs or deps
    return env


def rule(build_text, name, where, repo, pkg):
    """(srcs, deps) of the rule called `name`."""
    tree = ast.parse(build_text, where)
    env = constants(tree, repo, pkg)
    for stmt in tree.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not isinstance(call, ast.Call):
            continue
        kw = {k.arg: k.value for k in call.keywords}
        if not (isinstance(kw.get('name'), ast.Constant) and kw['name'].value == name):
            continue
        out = []
        for attr in ('srcs', 'deps'):
            try:
                out.append(evaluate(kw[attr], env) if attr in kw else [])
            except Unsupported as e:
                raise SystemExit('bazel_srcs.py: %s of %s in %s is not a list this script '
                                 'can read: %s' % (attr, name, where, e))
        return [s for s in out[0] if s.endswith('.cc')], out[1]
    raise SystemExit('bazel_srcs.py: no rule named %s in %s' % (name, where))


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
        path = '%s/%s/BUILD.bazel' % (repo, pkg)
        with open(path) as f:
            srcs, deps = rule(f.read(), name, path, repo, pkg)
        order += ['%s/%s' % (pkg, src) for src in srcs]
        todo += [split_label(d, pkg) for d in deps]
    for src in order:
        print(src)


if __name__ == '__main__':
    main()
