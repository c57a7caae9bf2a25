#!/bin/sh
# Builds and runs the JSON throughput benchmark in release mode: ConformJSON as its own optimised
# module with the flags SwiftPM uses in release (-O -wmo -enable-default-cmo), the benchmark
# against it. Usage: harness/json-fuzz/bench.sh [lines] [rounds]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/json-bench"
mkdir -p "$out"
swiftc -O -wmo -enable-default-cmo -parse-as-library -module-name ConformJSON -emit-module -emit-module-path "$out/ConformJSON.swiftmodule" \
  -emit-library -static -o "$out/libConformJSON.a" "$root"/Sources/ConformJSON/*.swift
swiftc -O -wmo -I "$out" -L "$out" -lConformJSON "$root/harness/json-fuzz/bench/main.swift" -o "$out/json-bench"
exec "$out/json-bench" "$@"
