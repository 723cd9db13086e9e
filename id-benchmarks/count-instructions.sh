#!/usr/bin/env bash
# Counts the instructions one call of each codec race executes, with valgrind's callgrind, and its ratio to UUID's
# (toString to UUID.toString, parse to UUID.fromString). A count does not move with the load of a shared machine.
# Each race runs twice after the same warm-up, with two and with four rounds of CodecCpuTime's calls; the difference
# is what the two extra rounds executed, the JVM's start and the compilations cancelling out. Not part of the suite.
#
#   ./mvnw -B -pl id-benchmarks -am package -DskipTests
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java id-benchmarks/count-instructions.sh [RACE...]
#
# About a minute per race on two cores; the JMH figures stay the published ones (see CodecInstructions).
set -euo pipefail
java=${JAVA:-java}
jar="$(dirname "$0")/target/benchmarks.jar"
calls_added=4000000 # two rounds of CodecCpuTime's 2,000,000 calls
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
[ -f "$jar" ] || { echo "$jar is missing: build it with ./mvnw -B -pl id-benchmarks -am package -DskipTests" >&2; exit 2; }
races=("$@")
[ ${#races[@]} -gt 0 ] || races=(uuidToString uuidFromString traceIdToString traceIdParse lableToString lableParse
    snoToString snoParse gidToString gidParse muidToString muidParse)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # race rounds -> total instructions of the run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$java" -Xbatch -XX:+UseSerialGC -Xmx512m \
        -cp "$jar" dev.ids.benchmarks.CodecInstructions "$1" "$2" 2>&1 | awk '/Collected/ { print $4 }'
}

for race in "${races[@]}"; do
    for rounds in 2 4; do
        count "$race" "$rounds" > "$work/$race.$rounds" &
        # two at a time: the counts do not depend on the load, only the wall-clock time does
        [ "$(jobs -r | wc -l)" -lt 2 ] || wait -n
    done
done
wait

per_call() { # race -> instructions a call, one decimal
    awk -v a="$(cat "$work/$1.2")" -v b="$(cat "$work/$1.4")" -v n=$calls_added \
        'BEGIN { if (a == "" || b == "") print "failed"; else printf "%.1f", (b - a) / n }'
}
"$java" -version 2>&1 | head -1
printf '%-16s %12s %9s\n' race instructions "vs UUID"
for race in "${races[@]}"; do
    ours=$(per_call "$race")
    case $race in
        *ToString) peer=uuidToString ;;
        *) peer=uuidFromString ;;
    esac
    ratio=-
    if [ -f "$work/$peer.2" ]; then
        ratio=$(awk -v o="$ours" -v u="$(per_call "$peer")" 'BEGIN { printf "%.2fx", o / u }')
    fi
    printf '%-16s %12s %9s\n' "$race" "$ours" "$ratio"
done
