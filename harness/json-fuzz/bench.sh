#!/bin/sh
# Builds and runs the JSON throughput benchmark in release mode: ConformJSON and ConformProtocol
# (the answer scanner) as their own optimised modules with the flags SwiftPM uses in release
# (-O -wmo -enable-default-cmo), the benchmark against them.
# Usage: harness/json-fuzz/bench.sh [lines] [rounds]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/json-bench"
mkdir -p "$out"
swiftc -O -wmo -enable-default-cmo -parse-as-library -module-name ConformJSON -emit-module -emit-module-path "$out/ConformJSON.swiftmodule" \
  -emit-library -static -o "$out/libConformJSON.a" "$root"/Sources/ConformJSON/*.swift
swiftc -O -wmo -enable-default-cmo -parse-as-library -module-name ConformProtocol -I "$out" -emit-module \
  -emit-module-path "$out/ConformProtocol.swiftmodule" -emit-library -static -o "$out/libConformProtocol.a" \
  "$root"/Sources/ConformProtocol/*.swift
swiftc -O -wmo -I "$out" -L "$out" -lConformProtocol -lConformJSON "$root/harness/json-fuzz/bench/main.swift" -o "$out/json-bench"
exec "$out/json-bench" "$@"
