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
set -uo pipefail # no -e: a failed count is reported in its row, and the others still run
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

count() { # race rounds -> writes the run's total instructions to $work/race.rounds, its output to .log
    if valgrind --tool=callgrind --callgrind-out-file=/dev/null "$java" -Xbatch -XX:+UseSerialGC -Xmx512m \
        -cp "$jar" dev.ids.benchmarks.CodecInstructions "$1" "$2" > "$work/$1.$2.log" 2>&1; then
        awk '/Collected/ { print $4 }' "$work/$1.$2.log" > "$work/$1.$2"
    fi
}

for race in "${races[@]}"; do
    for rounds in 2 4; do
        # two at a time: the counts do not depend on the load, only the wall-clock time does
        while [ "$(jobs -rp | wc -l)" -ge 2 ]; do sleep 1; done
        count "$race" "$rounds" &
    done
done
wait

per_call() { # race -> instructions a call, one decimal, or nothing when a run failed
    [ -s "$work/$1.2" ] && [ -s "$work/$1.4" ] || return 0
    awk -v a="$(cat "$work/$1.2")" -v b="$(cat "$work/$1.4")" -v n=$calls_added 'BEGIN { printf "%.1f", (b - a) / n }'
}
"$java" -version 2>&1 | sed -n 1p
printf '%-16s %12s %9s\n' race instructions "vs UUID"
failed=0
for race in "${races[@]}"; do
    ours=$(per_call "$race")
    case $race in
        *ToString) peer=uuidToString ;;
        *) peer=uuidFromString ;;
    esac
    peer_count=$(per_call "$peer")
    ratio=-
    if [ -n "$ours" ] && [ -n "$peer_count" ]; then
        ratio=$(awk -v o="$ours" -v u="$peer_count" 'BEGIN { printf "%.2fx", o / u }')
    fi
    if [ -z "$ours" ]; then
        ours=failed
        failed=1
        echo "$race: the run failed; the end of its output:" >&2
        grep -v '^==[0-9]*==' "$work/$race.2.log" | tail -n 5 >&2
    fi
    printf '%-16s %12s %9s\n' "$race" "$ours" "$ratio"
done
exit $failed
