#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs the libFuzzer targets of the `fuzz` preset (not part of CI).
#
#   tests/fuzz/run.sh [-t SECONDS] [-j JOBS] [-o OUT] [TARGET...]
#
# Each target (all of FuzzTargets.def by default) runs for SECONDS (600),
# JOBS at a time (nproc), starting from the seeds the build wrote
# (build-fuzz/tests/fuzz/seeds/<target>/) and the kept regressions
# (tests/fuzz/regressions/<target>/). New inputs go to OUT/corpus/<target>/
# (OUT: build-fuzz/fuzz-runs), where the next run goes on from them; a crash,
# leak, timeout or sanitizer report leaves its reproducer in
# OUT/crashes/<target>-<kind>-<sha1> and fails the run. Once the bug is
# fixed, its reproducer goes into regressions/<target>/regress-<what>, which
# every ctest run replays. The summary prints executions and corpus sizes.
#
# Needs the fuzz build first:
#   ./bootstrap.sh fuzz        (or: cmake --preset fuzz && ninja -C build-fuzz)
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${CUDALINT_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=600
jobs=$(nproc)
out=""
targets=()
while (($#)); do
  case $1 in
    -t) seconds=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) sed -n 's/^# \{0,1\}//; 2,18p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
out=${out:-$build/fuzz-runs}
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n 's/^CUDALINT_FUZZ_TARGET(\([a-z_]*\)).*/\1/p' "$here/FuzzTargets.def")
fi
for target in "${targets[@]}"; do
  [[ -x $build/fuzz/fuzz-$target ]] || {
    echo "run.sh: $build/fuzz/fuzz-$target is not built (cmake --preset fuzz && ninja -C $build)" >&2
    exit 2
  }
done
mkdir -p "$out/crashes" "$out/logs"

# Leaks are findings too; a unit that takes more than 30 s is a hang.
# allow_user_poisoning=0: LLVM's allocators poison and unpoison their slabs
# only in code compiled with ASan, so clang's uninstrumented libraries would
# trip over what cudalint's instrumented copies of the same inline code
# poisoned.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

run_target() {
  local target=$1 corpus=$out/corpus/$1
  mkdir -p "$corpus"
  local starts=("$build/tests/fuzz/seeds/$target")
  [[ -d $here/regressions/$target ]] && starts+=("$here/regressions/$target")
  local dict=()
  [[ -f $here/dict/$target.dict ]] && dict=(-dict="$here/dict/$target.dict")
  "$build/fuzz/fuzz-$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$out/crashes/$target-" "${dict[@]}" \
    "$corpus" "${starts[@]}" >"$out/logs/$target.log" 2>&1
  echo $? >"$out/logs/$target.status"
}

running=0
for target in "${targets[@]}"; do
  run_target "$target" &
  if ((++running >= jobs)); then
    wait -n
    ((running--))
  fi
done
wait

failed=0
printf '%-22s %12s %8s %8s  %s\n' target executions seeds corpus result
for target in "${targets[@]}"; do
  log=$out/logs/$target.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  status=$(cat "$out/logs/$target.status")
  crashes=$(find "$out/crashes" -name "$target-*" | wc -l)
  result=ok
  if ((status != 0 || crashes > 0)); then
    result="FAILED (exit $status; see $log and $out/crashes/$target-*)"
    failed=1
  fi
  printf '%-22s %12s %8s %8s  %s\n' "$target" "${execs:-?}" \
    "$(find "$build/tests/fuzz/seeds/$target" -type f | wc -l)" \
    "$(find "$out/corpus/$target" -type f | wc -l)" "$result"
done
exit $failed
