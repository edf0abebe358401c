#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The README's quick start, on Debian 12: installs what is missing, builds
# cudalint, then lints the example project or runs the test suite.
#
#   ./bootstrap.sh example   lint testdata/example through a real compile database
#   ./bootstrap.sh test      run every test (ctest); its exit status is ours
#   ./bootstrap.sh asan      the same suite built with ASan and UBSan (build-asan)
#   ./bootstrap.sh fuzz      build the libFuzzer targets (build-fuzz); then
#                            tests/fuzz/run.sh runs them
#
# CUDALINT_BUILD_DIR chooses the build directory of example and test
# (default: ./build).
set -euo pipefail

cd "$(dirname "$0")"
root=$PWD
build_dir=${CUDALINT_BUILD_DIR:-$root/build}
jobs=$(nproc)

# What building and every test need; nvcc is optional (tests that need it are
# skipped without it).
packages=(
  cmake ninja-build make g++
  clang-22 llvm-22-dev libclang-22-dev libclang-cpp22-dev clang-tidy-22 clang-tools-22 clangd-22
  clang-format-22
  libgtest-dev bear python3 python3-jsonschema nodejs dpkg-dev
  neovim pre-commit git
)
# The SARIF tests install their validators with npm. This machine kind's
# nodejs package carries npm; Debian's own nodejs does not.
command -v npm >/dev/null 2>&1 || packages+=(npm)

step() { printf '==> %s\n' "$*"; }
die() {
  printf 'bootstrap.sh: %s\n' "$*" >&2
  exit 2
}

usage() {
  sed -n 's/^# \{0,1\}//; 2,12p' "$0"
  exit "${1:-0}"
}

is_installed() {
  [[ $(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) == ii* ]]
}

install_missing_packages() {
  command -v dpkg-query >/dev/null || die "needs Debian's apt and dpkg to install ${packages[*]}"
  local missing=() package
  for package in "${packages[@]}"; do
    is_installed "$package" || missing+=("$package")
  done
  if ((${#missing[@]} == 0)); then
    step "packages: all ${#packages[@]} installed"
    return
  fi
  local as_root=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "run as root or install sudo: need ${missing[*]}"
    as_root=(sudo)
  fi
  step "installing ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Runs a command quietly; shows its output only when it fails.
quietly() {
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    die "failed: $*"
  fi
  rm -f "$log"
}

build() {
  step "configuring $build_dir (Release, Ninja)"
  quietly cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
  step "building with $jobs jobs${1:+: $*}"
  ninja -C "$build_dir" -j "$jobs" "$@"
}

nvcc_path() {
  local nvcc
  nvcc=$(command -v nvcc || true)
  [[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
  printf '%s' "$nvcc"
}

# CMake writes the example's compile_commands.json when it configures; the
# example is never built. Without nvcc, clang++-22 compiles the .cu files as
# C++ with -x cuda: CMake 3.25 cannot use clang 22 with CUDA 13 as a CUDA
# compiler.
example_database() {
  local database_dir=$1 nvcc
  nvcc=$(nvcc_path)
  rm -rf -- "$database_dir"
  if [[ -n $nvcc ]]; then
    step "writing the example's compile database: CMake with $nvcc"
    quietly cmake -S "$root/testdata/example" -B "$database_dir" -G Ninja \
      -DCMAKE_CUDA_COMPILER="$nvcc"
  else
    step "writing the example's compile database: CMake with clang++-22 -x cuda (no nvcc here)"
    quietly cmake -S "$root/testdata/example" -B "$database_dir" -G Ninja \
      -DCMAKE_CXX_COMPILER=clang++-22 -DVECTOR_OPS_CUDA_AS_CXX=ON
  fi
}

lint_example() {
  local database_dir=$build_dir/example-compile-database status=0
  example_database "$database_dir"
  step "cudalint -p $database_dir"
  "$build_dir/bin/cudalint" -p "$database_dir" || status=$?
  case $status in
    0) step "no findings" ;;
    1) step "done: the findings above are the example's deliberate bugs" ;;
    *) die "cudalint could not analyse the example (exit $status)" ;;
  esac
}

# The sanitizer and fuzzing builds (CMakePresets.json) need clang's runtimes.
sanitizer_build() {
  local preset=$1
  packages+=(libclang-rt-22-dev)
  install_missing_packages
  build_dir=$root/build-$preset
  step "configuring $build_dir (cmake --preset $preset)"
  quietly cmake --preset "$preset" -S "$root"
  step "building with $jobs jobs"
  ninja -C "$build_dir" -j "$jobs"
}

run_tests() {
  step "ctest with $jobs jobs"
  local status=0
  ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" || status=$?
  if ((status == 0)); then step "all tests passed"; else step "tests failed (exit $status)"; fi
  return "$status"
}

case ${1:-} in
  example)
    install_missing_packages
    build cudalint
    lint_example
    ;;
  test)
    install_missing_packages
    build
    run_tests
    ;;
  asan)
    sanitizer_build asan
    # allow_user_poisoning=0: see tests/fuzz/run.sh.
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0} run_tests
    ;;
  fuzz)
    sanitizer_build fuzz
    step "fuzz targets in $build_dir/fuzz; run them with tests/fuzz/run.sh"
    ;;
  -h | --help) usage 0 ;;
  *) usage 2 >&2 ;;
esac
