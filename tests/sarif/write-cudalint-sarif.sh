#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes cudalint's SARIF for the given sources; succeeds only when cudalint
# analysed them all and found something (exit 1), so an empty report or a
# failed unit cannot pass as a valid log.
#   write-cudalint-sarif.sh CUDALINT SOURCE_ROOT OUTPUT SOURCE...
set -uo pipefail
cudalint=$1 root=$2 output=$3
shift 3
"$cudalint" --quiet --format=sarif --source-root="$root" -o "$output" "$@" -- -std=c++17
status=$?
if ((status != 1)); then
  echo "cudalint exited $status, expected 1 (findings)" >&2
  exit 1
fi
