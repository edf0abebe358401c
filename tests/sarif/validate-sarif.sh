#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Validates SARIF logs twice:
#   schema     the official SARIF 2.1.0 JSON schema (draft 2020-12), with Ajv
#              (validate-schema.js beside this script);
#   multitool  Microsoft's SARIF Multitool: the SARIF rules (SARIF1xxx) and
#              the GitHub-ingestion rules (GH1xxx) that code scanning applies
#              on upload. Its own schema check misses some violations (a
#              bad enum value passes), hence the first.
# A log is valid when neither reports an error. Warnings are printed only.
#
# Everything comes from the npm registry, pinned, and runs offline after:
#   @microsoft/sarif-multitool-linux@5.7.0  the multitool (self-contained
#                                           .NET, no dotnet needed) and the
#                                           schema file sarif-2.1.0.json
#   ajv@8.17.1, ajv-formats@3.0.1           the schema validator (node)
# installed with
#   npm install --prefix DIR --no-save --no-package-lock --no-audit --no-fund \
#       @microsoft/sarif-multitool-linux@5.7.0 ajv@8.17.1 ajv-formats@3.0.1
# which `validate-sarif.sh --install DIR` runs (CTest's sarif_validator_setup
# does, into the build tree), and which a validation run does itself when
# DIR lacks them. DIR defaults to $CUDALINT_SARIF_TOOLS, else
# ./sarif-multitool. Needs node and npm.
#
# Usage:
#   validate-sarif.sh --install DIR
#   validate-sarif.sh [--tools DIR] [--expect-invalid REGEX] FILE...
#
# Without --expect-invalid: exits 0 when no FILE draws an error, 1
# otherwise, printing the errors. With --expect-invalid: exits 0 only when,
# for every FILE, each of the two validators reports an error matching
# REGEX (grep -E), so that a validator accepting everything fails the test.
# Exits 2 when the validators cannot be installed or run.
set -euo pipefail

readonly PACKAGES=(@microsoft/sarif-multitool-linux@5.7.0 ajv@8.17.1
                   ajv-formats@3.0.1)
readonly MULTITOOL_DIR=node_modules/@microsoft/sarif-multitool-linux
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE

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

installed() {
  local spec name version
  for spec in "${PACKAGES[@]}"; do
    name=${spec%@*}
    version=${spec##*@}
    grep -qs "\"version\": \"$version\"" \
        "$tools/node_modules/$name/package.json" || return 1
  done
}

install_validators() {
  if ! installed; then
    command -v npm >/dev/null ||
      die "npm is not installed; it is needed once to install ${PACKAGES[*]} (Debian: apt-get install npm)"
    echo "validate-sarif.sh: installing ${PACKAGES[*]} into $tools" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-package-lock --no-audit \
        --no-fund "${PACKAGES[@]}" >&2 || die "npm install failed"
    installed || die "npm install left ${PACKAGES[*]} incomplete in $tools"
  fi
  # The package's postinstall does this, but npm may not run install scripts.
  chmod u+x "$tools/$MULTITOOL_DIR/Sarif.Multitool"
}

install_validators
$install_only && exit 0
[[ $# -gt 0 ]] || die "no SARIF file given (see --help)"
command -v node >/dev/null || die "node is not installed"

# .NET: no ICU needed, nothing written to $HOME, no telemetry.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
export DOTNET_BUNDLE_EXTRACT_BASE_DIR=$tools/dotnet-bundle
export DOTNET_CLI_TELEMETRY_OPTOUT=1

# Prints the schema errors of one file, one a line.
schema_errors() {
  local output status=0
  output=$(NODE_PATH=$tools/node_modules node "$HERE/validate-schema.js" \
               "$tools/$MULTITOOL_DIR/sarif-2.1.0.json" "$1") || status=$?
  [[ $status -le 1 ]] || { echo "$output" >&2; die "the schema check failed to run on $1"; }
  grep -E ": error: " <<<"$output" || true
}

# Prints the multitool's messages of one file, one a line:
# FILE(LINE,COL): error|warning RULE: text.
multitool_messages() {
  local output
  # The multitool exits 0 whatever it finds; its verdict is in its output.
  output=$("$tools/$MULTITOOL_DIR/Sarif.Multitool" validate \
               --rule-kind "Sarif;Gh" "$1" 2>&1) ||
    { echo "$output" >&2; die "the SARIF multitool failed on $1"; }
  grep -q "Analysis completed successfully" <<<"$output" ||
    { echo "$output" >&2; die "the SARIF multitool did not finish on $1"; }
  grep -E ": (error|warning) [A-Z]+[0-9]+:" <<<"$output" || true
}

status=0
for file in "$@"; do
  [[ -f $file ]] || die "$file: no such file"
  schema=$(schema_errors "$file")
  messages=$(multitool_messages "$file")
  multitool=$(grep -E ": error [A-Z]+[0-9]+:" <<<"$messages" || true)
  warnings=$(grep -E ": warning [A-Z]+[0-9]+:" <<<"$messages" || true)

  if [[ -n $expect_invalid ]]; then
    missed=
    grep -qE -- "$expect_invalid" <<<"$schema" || missed+=" schema"
    grep -qE -- "$expect_invalid" <<<"$multitool" || missed+=" multitool"
    if [[ -z $missed ]]; then
      echo "$file: rejected as expected:"
      printf '%s\n' "$schema" "$multitool"
    else
      echo "$file: expected errors matching /$expect_invalid/; not from:$missed" >&2
      printf 'schema:\n%s\nmultitool:\n%s\n' "${schema:-(no errors)}" \
          "${multitool:-(no errors)}" >&2
      status=1
    fi
    continue
  fi

  if [[ -n $schema || -n $multitool ]]; then
    echo "$file: INVALID" >&2
    [[ -z $schema ]] || echo "$schema" >&2
    [[ -z $multitool ]] || echo "$multitool" >&2
    [[ -z $warnings ]] || echo "$warnings" >&2
    status=1
  else
    echo "$file: valid SARIF 2.1.0"
    [[ -z $warnings ]] || echo "$warnings"
  fi
done
exit $status
