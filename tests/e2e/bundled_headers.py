# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""--cuda-path=none against the real CUDA Toolkit: for every annotated file in
testdata/checks, the JSON findings must be the same (check, severity, file,
line, column, message) with the same notes. A note that points into the CUDA
headers differs in file and line between the two header sets, so it is
compared by its message alone.
"""

import shlex

import harness


def file_arguments(source):
    """The options a file's first line `// cudalint-args: ...` carries."""
    first = source.read_text().splitlines()[0]
    prefix = "// cudalint-args:"
    return shlex.split(first[len(prefix):]) if first.startswith(prefix) else []


def comparable(report_json, header_dirs):
    def in_headers(path):
        return path is not None and any(path.startswith(f"{d}/") for d in header_dirs)

    findings = []
    for finding in report_json["findings"]:
        notes = tuple(
            (None, None, None, note["message"]) if in_headers(note["file"]) else
            (note["file"], note["line"], note["column"], note["message"])
            for note in finding["notes"])
        findings.append((finding["check"], finding["severity"], finding["file"],
                         finding["line"], finding["column"], finding["message"],
                         notes))
    return findings


def test(args):
    toolkit = harness.cuda_toolkit()
    if not toolkit:
        raise harness.Skip("no CUDA Toolkit to compare the bundled headers with")
    header_dirs = [str(toolkit), "/usr/local/cuda",
                   str(harness.bundled_cuda_include(args.source_dir))]
    sources = sorted((args.source_dir / "testdata" / "checks").glob("*.cu"))
    harness.expect(len(sources) >= 3, f"only {len(sources)} files in testdata/checks")
    for source in sources:
        results = {}
        for cuda_path in [str(toolkit), "none"]:
            result = harness.run([args.cudalint, "--format=json",
                                  f"--cuda-path={cuda_path}",
                                  *file_arguments(source), source, "--", "-std=c++17"],
                                 expect=harness.EXIT_FINDINGS)
            report = harness.report(result.stdout)
            harness.expect(not report["problems"],
                           f"{source.name} with --cuda-path={cuda_path}: "
                           f"{report['problems']}")
            results[cuda_path] = comparable(report, header_dirs)
        with_toolkit, bundled = results[str(toolkit)], results["none"]
        if with_toolkit != bundled:
            lines = [f"{source.name}: findings differ between the toolkit and "
                     "--cuda-path=none"]
            lines += [f"  toolkit only: {f}" for f in with_toolkit if f not in bundled]
            lines += [f"  bundled only: {f}" for f in bundled if f not in with_toolkit]
            raise harness.TestFailure("\n".join(lines))
        print(f"{source.name}: {len(bundled)} identical findings")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__)))
