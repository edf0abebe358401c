#!/usr/bin/env bash
# Validates SARIF logs with Microsoft's SARIF Multitool: the SARIF 2.1.0
# JSON schema plus the SARIF rules and the GitHub-ingestion rules (GH*) that
# GitHub code scanning applies on upload.
#
# The validator is the npm package @microsoft/sarif-multitool-linux, pinned
# to 5.7.0 (a self-contained .NET build: no dotnet, no network once
# installed). It is installed with
#
#   npm install --prefix DIR --no-save --no-package-lock --no-audit --no-fund \
#       @microsoft/sarif-multitool-linux@5.7.0
#
# which `validate-sarif.sh --install DIR` runs (CTest's sarif_validator_setup
# does, into the build tree), and which a validation run does itself when
# DIR has no validator yet.
#
# Usage:
#   validate-sarif.sh --install DIR
#   validate-sarif.sh [--tools DIR] [--expect-invalid REGEX] FILE...
#
# Without --expect-invalid: exits 0 when the validator reports no error in
# any FILE, 1 otherwise, printing its messages. With --expect-invalid: exits
# 0 only when every FILE draws an error whose line matches REGEX (grep -E),
# so a validator that accepts everything fails this test. Exits 2 when the
# validator cannot be installed or run.
set -euo pipefail

readonly PACKAGE=@microsoft/sarif-multitool-linux
readonly VERSION=5.7.0
# Only Linux x86-64 is packaged under this name; the package holds builds
# for other architectures beside it.
readonly EXE=node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool

tools=${CUDALINT_SARIF_TOOLS:-$PWD/sarif-multitool}
expect_invalid=
install_only=false

die() { echo "validate-sarif.sh: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --install) [[ $# -ge 2 ]] || die "--install needs a directory"
               tools=$2; install_only=true; shift 2 ;;
    --tools) [[ $# -ge 2 ]] || die "--tools needs a directory"
             tools=$2; shift 2 ;;
    --expect-invalid) [[ $# -ge 2 ]] || die "--expect-invalid needs a regex"
                      expect_invalid=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option $1" ;;
    *) break ;;
  esac
done

install_validator() {
  local exe=$tools/$EXE
  if [[ -f $exe ]] && grep -qs "\"version\": \"$VERSION\"" "$(dirname "$exe")/package.json"; then
    chmod u+x "$exe"
    return
  fi
  command -v npm >/dev/null ||
    die "npm is not installed; it is needed once to install $PACKAGE@$VERSION (Debian: apt-get install npm)"
  echo "validate-sarif.sh: installing $PACKAGE@$VERSION into $tools" >&2
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund \
      "$PACKAGE@$VERSION" >&2 || die "npm install $PACKAGE@$VERSION failed"
  [[ -f $exe ]] || die "$PACKAGE@$VERSION installed no $EXE"
  # The package's postinstall does this, but npm may not run install scripts.
  chmod u+x "$exe"
}

install_validator
$install_only && exit 0
[[ $# -gt 0 ]] || die "no SARIF file given (see --help)"

# .NET: no ICU needed, nothing written to $HOME, no telemetry.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
export DOTNET_BUNDLE_EXTRACT_BASE_DIR=$tools/dotnet-bundle
export DOTNET_CLI_TELEMETRY_OPTOUT=1

status=0
for file in "$@"; do
  [[ -f $file ]] || die "$file: no such file"
  # The multitool exits 0 whatever it finds; its verdict is in its messages,
  # one line each: FILE(LINE,COL): error|warning|note RULE: text.
  if ! output=$("$tools/$EXE" validate --rule-kind "Sarif;Gh" "$file" 2>&1); then
    echo "$output" >&2
    die "the SARIF multitool failed on $file"
  fi
  grep -q "Analysis completed successfully" <<<"$output" ||
    { echo "$output" >&2; die "the SARIF multitool did not finish on $file"; }
  errors=$(grep -E ": error [A-Z]+[0-9]+:" <<<"$output" || true)
  warnings=$(grep -E ": warning [A-Z]+[0-9]+:" <<<"$output" || true)

  if [[ -n $expect_invalid ]]; then
    if grep -qE -- "$expect_invalid" <<<"$errors"; then
      echo "$file: rejected as expected:"
      echo "$errors"
    else
      echo "$file: expected an error matching /$expect_invalid/, got:" >&2
      echo "${errors:-(no errors)}" >&2
      status=1
    fi
    continue
  fi

  if [[ -n $errors ]]; then
    echo "$file: INVALID" >&2
    echo "$errors" >&2
    [[ -z $warnings ]] || echo "$warnings" >&2
    status=1
  else
    echo "$file: valid SARIF 2.1.0"
    [[ -z $warnings ]] || echo "$warnings"
  fi
done
exit $status
