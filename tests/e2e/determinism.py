"""The report does not depend on how many units run at once: over a database
of several units, -j1 and -j4 write byte-identical text, JSON and SARIF.
"""

import json

import harness

FORMATS = ["text", "json", "sarif"]


def write_database(args):
    """Every annotated test file, and the example program with its -I."""
    testdata = args.source_dir / "testdata"
    entries = []
    for source in sorted(testdata.glob("checks/*.cu")) + sorted(testdata.glob("nolint/*.cu")):
        entries.append({"directory": str(args.work_dir), "file": str(source),
                        "arguments": ["clang++", "-x", "cuda", "-std=c++17",
                                      "-c", str(source)]})
    example = testdata / "example" / "src"
    for source in sorted(example.glob("*.cu")):
        entries.append({"directory": str(example), "file": source.name,
                        "command": f"nvcc -I. -std=c++17 -c {source.name} -o /dev/null"})
    database = args.work_dir / "compile_commands.json"
    database.write_text(json.dumps(entries, indent=2))
    return entries


def test(args):
    entries = write_database(args)
    harness.expect(len(entries) >= 6, f"only {len(entries)} units in the database")
    # Without a toolkit some annotated files name headers the bundled set
    # may not have; the order of what is written must not change either way.
    allowed = [harness.EXIT_FINDINGS] if harness.cuda_toolkit() else \
        [harness.EXIT_FINDINGS, harness.EXIT_ERROR]
    for output_format in FORMATS:
        outputs = {}
        for jobs in ["1", "4"]:
            result = harness.run([args.cudalint, "-p", args.work_dir, "-j", jobs,
                                  f"--format={output_format}", "--use-color=false"],
                                 cwd=args.work_dir, expect=allowed)
            outputs[jobs] = result.stdout
        harness.expect(outputs["1"].count("cuda-unchecked-error") >= 10,
                       f"{output_format}: too few findings to compare:\n{outputs['1']}")
        if outputs["1"] != outputs["4"]:
            first = next(i for i, (a, b) in
                         enumerate(zip(outputs["1"], outputs["4"])) if a != b) \
                if any(a != b for a, b in zip(outputs["1"], outputs["4"])) \
                else min(len(outputs["1"]), len(outputs["4"]))
            raise harness.TestFailure(
                f"--format={output_format}: -j1 and -j4 differ at byte {first}:\n"
                f"-j1: {outputs['1'][max(0, first - 200):first + 200]!r}\n"
                f"-j4: {outputs['4'][max(0, first - 200):first + 200]!r}")
        print(f"--format={output_format}: {len(outputs['1'])} identical bytes")
    report = harness.report(harness.run(
        [args.cudalint, "-p", args.work_dir, "--format=json"], cwd=args.work_dir,
        expect=allowed).stdout)
    harness.expect(len(report["units"]) == len(entries),
                   f"{len(report['units'])} units analysed, {len(entries)} in the database")


if __name__ == "__main__":
    harness.main(lambda: test(harness.arguments(__doc__)))
