#!/usr/bin/env bash
# Fails when a Catch test name would be mangled by CMake's test discovery: a ';' splits it, '['
# or ']' start CMake bracket syntax (swallowing every later test), and a leading '-' is read as
# an option. Such tests would silently stop running in ctest.
# usage: check_test_names.sh TEST_BINARY...
status=0
for binary in "$@"; do
  while IFS= read -r name; do
    if [[ $name == *";"* || $name == *"["* || $name == *"]"* || $name == -* ]]; then
      echo "$(basename "$binary"): test name ctest cannot run: $name"
      status=1
    fi
  done < <("$binary" --list-test-names-only)
done
exit $status
