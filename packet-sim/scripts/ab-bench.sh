#!/usr/bin/env bash
# ab-bench.sh OLD_JAR NEW_JAR: `prime bench` of two builds side by side, in interleaved rounds, with
# the ratio of their wall times per round and its spread. Not part of any test run.
#
# The machine this project is measured on is shared and noisy: absolute times move by 2x from hour to
# hour, so only a ratio taken within one round means anything. Each round runs OLD then NEW (the order
# alternates every round, so neither always runs second), each in a fresh JVM, and checks that both
# printed the same events and max FCT: a speed-up that changes the result is not a speed-up.
# Settings (environment variables):
#   ROUNDS=5          rounds
#   BENCH_ARGS=""     extra arguments of `prime bench` (e.g. "--k 32" or "--lb reps")
#   JAVA_OPTS         JVM options of both sides (default: the launcher's, see ../../prime)
#   REPEAT=1          runs per JVM (bench --repeat); from 2 on, each side's time in a round is the median of its
#                     runs after the first (the JIT warm), and both jars need bench --repeat (stop 32 on)
# Example: build the old jar from a worktree of the older commit, then
#   packet-sim/scripts/ab-bench.sh /tmp/old/cli/target/prime.jar cli/target/prime.jar
set -euo pipefail
if [ $# -ne 2 ] || [ ! -f "$1" ] || [ ! -f "$2" ]; then
  echo "usage: $0 OLD_JAR NEW_JAR (two prime.jar files)" >&2
  exit 2
fi
ROUNDS=${ROUNDS:-5}
case "$ROUNDS" in ''|*[!0-9]*|0) echo "ROUNDS: must be a positive integer, got '$ROUNDS'" >&2; exit 2 ;; esac
BENCH_ARGS=${BENCH_ARGS:-}
REPEAT=${REPEAT:-1}
case "$REPEAT" in ''|*[!0-9]*|0) echo "REPEAT: must be a positive integer, got '$REPEAT'" >&2; exit 2 ;; esac
if [ -z "${JAVA_OPTS:-}" ]; then
  JAVA_OPTS="-Xss16m -Xmx8g"
  if grep -qs '\[always\]\|\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled; then
    JAVA_OPTS="$JAVA_OPTS -XX:+UseTransparentHugePages"
  fi
fi

# one bench JVM: prints "wall_s events max_fct_us events_per_s" (the warm runs' median with REPEAT >= 2)
run() {
  local repeat=""
  [ "$REPEAT" -gt 1 ] && repeat="--repeat $REPEAT"
  # shellcheck disable=SC2086
  java $JAVA_OPTS -jar "$1" bench --json $BENCH_ARGS $repeat 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
if "warm_wall_s_median" in d:
    print(d["warm_wall_s_median"], d["events"], d["max_fct_us"], d["warm_events_per_s_median"])
else:
    print(d["wall_s"], d["events"], d["max_fct_us"], d["events_per_s"])'
}

echo "ab-bench: $ROUNDS interleaved rounds of prime bench $BENCH_ARGS, $REPEAT run(s) per JVM (JVM: $JAVA_OPTS)"
olds=(); news=()
for r in $(seq "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then
    o=$(run "$1"); n=$(run "$2")
  else
    n=$(run "$2"); o=$(run "$1")
  fi
  read -r ow oe of orate <<< "$o"
  read -r nw ne nf nrate <<< "$n"
  if [ "$oe" != "$ne" ] || [ "$of" != "$nf" ]; then
    echo "round $r: results differ: old $oe events, max FCT $of us; new $ne events, max FCT $nf us" >&2
    exit 1
  fi
  printf 'round %d: old %.2f s (%.2f M events/s), new %.2f s (%.2f M events/s), old/new %.2f\n' \
    "$r" "$ow" "$(echo "$orate / 1000000" | bc -l)" "$nw" "$(echo "$nrate / 1000000" | bc -l)" "$(echo "$ow / $nw" | bc -l)"
  olds+=("$ow"); news+=("$nw")
done
echo "both: $oe events, max FCT $of us in every run"
python3 "$(dirname "${BASH_SOURCE[0]}")/summarize.py" "old wall s" "${olds[*]}" "new wall s" "${news[*]}" \
  "speed-up old/new per round"
