# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Debian package, as a user installs it.

`cpack` builds it from the build tree and `dpkg -x` unpacks it into a scratch
root. Its cudalint then lints a copy of the example project with the source
and build trees out of reach (a private mount namespace lays an empty
directory over each): once with the CUDA Toolkit, once with the toolkit
hidden as well. Each run must give the findings the build tree's cudalint
gives the same way. The package must depend on LLVM 22's runtime libraries
and on no -dev package but the one holding clang's resource headers, and no
file in it may name a path of the source or build tree.
"""

import json
import shutil
import tempfile
from pathlib import Path

import harness

# clang's resource headers (every unit includes them) are packaged only
# there; the LLVM libraries the binaries link come from runtime packages.
RESOURCE_HEADERS_PACKAGE = "libclang-common-22-dev"
RUNTIME_PACKAGES = ("libclang-cpp22", "libllvm22")


def findings(report_text, project):
    """(check, file, line, column, message, notes in the project) of each finding."""
    report = harness.report(report_text)
    return sorted(
        (f["check"], f["file"], f["line"], f["column"], f["message"],
         tuple((n["file"], n["line"], n["message"]) for n in f["notes"]
               if n["file"] and n["file"].startswith(f"{project}/")))
        for f in report["findings"])


def write_example_database(source_dir, project):
    shutil.copytree(source_dir / "testdata" / "example" / "src", project / "src")
    commands = []
    for unit in sorted((project / "src").glob("*.cu")):
        commands.append({
            "directory": str(project),
            "command": f"/usr/local/cuda/bin/nvcc -I{project}/src "
                       "--generate-code=arch=compute_75,code=[compute_75,sm_75] "
                       f"-std=c++17 -x cu -c {unit} -o {unit.stem}.o",
            "file": str(unit),
        })
    (project / "compile_commands.json").write_text(json.dumps(commands, indent=1))


def hidden(paths, command):
    """`command` in a mount namespace where each of `paths` is an empty directory."""
    # Deepest first: a build tree inside the source tree is hidden before it.
    ordered = sorted({str(p) for p in paths}, key=len, reverse=True)
    script = "".join(f'mount -t tmpfs cudalint-hidden "{p}" || exit 90\n' for p in ordered)
    script += "".join(f'test -z "$(ls -A "{p}")" || exit 91\n' for p in ordered)
    script += 'exec "$@"\n'
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh",
            *command]


def test(args):
    for tool in ("unshare", "dpkg-deb", "dpkg"):
        harness.required_tool(tool)
    probe = harness.run(hidden([args.work_dir], ["true"]))
    if probe.returncode != 0:
        raise harness.Skip("no private mount namespace here (unshare needs root): "
                           + probe.stderr.strip())
    build_dir = args.build_dir.resolve()
    trees = [args.source_dir, build_dir]
    scratch = Path(tempfile.mkdtemp(prefix="cudalint-package-", dir="/tmp"))
    try:
        harness.expect(not any(scratch.is_relative_to(t) for t in trees),
                       f"{scratch} lies inside the trees the test hides")
        out = scratch / "out"
        harness.run([args.cpack, "-G", "DEB", "-B", out], cwd=build_dir, expect=0)
        debs = sorted(out.glob("cudalint_*.deb"))
        harness.expect(len(debs) == 1, f"cpack made {debs}, not one cudalint_*.deb")
        deb = debs[0]

        depends = harness.run(["dpkg-deb", "-f", deb, "Depends"], expect=0).stdout
        names = [d.strip().split(" ")[0] for d in depends.split(",") if d.strip()]
        for package in RUNTIME_PACKAGES + (RESOURCE_HEADERS_PACKAGE,):
            harness.expect(package in names, f"Depends lacks {package}: {depends}")
        development = [n for n in names if n.endswith("-dev") and n != RESOURCE_HEADERS_PACKAGE]
        harness.expect(not development, f"Depends names -dev packages {development}")

        root = scratch / "root"
        harness.run(["dpkg", "-x", deb, root], expect=0)
        cudalint = root / "usr" / "bin" / "cudalint"
        for expected in (cudalint, root / "usr/bin/cudalint-clangd",
                         root / "usr/share/cudalint/cuda-include/cuda_runtime.h",
                         root / "usr/share/cudalint/nvcc-compat",
                         root / "usr/share/doc/cudalint/LICENSE"):
            harness.expect(expected.exists(), f"the package lacks {expected.relative_to(root)}")
        plugin = root / "usr/lib/cudalint/libcudalint-tidy.so"
        harness.expect(plugin.exists() or not args.tidy_plugin,
                       f"the package lacks {plugin.relative_to(root)}")
        for packaged in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
            content = packaged.read_bytes()
            for tree in trees:
                harness.expect(str(tree).encode() not in content,
                               f"{packaged.relative_to(root)} names {tree}")

        project = scratch / "example"
        write_example_database(args.source_dir, project)
        toolkit = harness.cuda_toolkit()
        ways = ([("with the toolkit", [f"--cuda-path={toolkit}"], [])] if toolkit else [])
        ways.append(("without a toolkit", ["--cuda-path=none"],
                     [Path(toolkit).resolve()] if toolkit else []))
        lint = ["-p", project, "--format=json", "--use-color=false"]
        for way, reference_flags, also_hidden in ways:
            reference = harness.run([args.cudalint, *lint, *reference_flags],
                                    expect=harness.EXIT_FINDINGS)
            expected = findings(reference.stdout, project)
            harness.expect(expected, f"the build tree's cudalint finds nothing {way}")
            # Nor may the environment point at one.
            command = (["env", "-u", "CUDA_PATH", "-u", "CUDA_HOME"] if also_hidden else []) + \
                [cudalint, *lint]
            packaged = harness.run(hidden(trees + also_hidden, command),
                                   expect=harness.EXIT_FINDINGS)
            got = findings(packaged.stdout, project)
            harness.expect(got == expected,
                           f"the packaged cudalint, {way}, found\n{got}\nnot\n{expected}")
            print(f"{way}: {len(got)} findings, as the build tree's cudalint")

        clang_tidy = shutil.which("clang-tidy-22")
        if args.tidy_plugin and clang_tidy:
            listed = harness.run(hidden(trees, [clang_tidy, f"--load={plugin}",
                                                "--checks=-*,cuda-*", "--list-checks"]),
                                 expect=0)
            harness.expect_contains(listed.stdout, "cuda-unchecked-error",
                                    "clang-tidy's list of the packaged plugin's checks")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    def run_test():
        args = harness.arguments(__doc__, lambda parser: (
            parser.add_argument("--cpack", required=True),
            parser.add_argument("--build-dir", required=True, type=Path),
            parser.add_argument("--tidy-plugin", action="store_true",
                                help="the build made the clang-tidy plugin")))
        test(args)
    harness.main(run_test)


if __name__ == "__main__":
    main()
