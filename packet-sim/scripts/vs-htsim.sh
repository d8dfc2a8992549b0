#!/usr/bin/env bash
# vs-htsim.sh HTSIM_BINARY: wall time of htsim (htsim_uec) and of `prime sim` on the same connection
# matrix, in interleaved rounds, and their ratio with its spread. Not part of any test run.
#
# The workload is written once by `prime workload --out X.cm` and read by both simulators. Settings
# (environment variables, defaults = the 2048-host 2-tier 400G 2 MB permutation of issue 16):
#   K=64 TIERS=2 RATE_GBPS=400 FLOW_SIZE=2MB LB=reps ROUNDS=3 SEED=1
#   ECN="16 47"   htsim's RED thresholds in packets: 0.25 and 0.75 BDP rounded up, 16/47 for a 2-tier
#                 fabric at 400G with 600 ns links (our --rate/--tiers defaults); change with them.
# htsim runs with the flags of the project's htsim fixtures (MTU 4160, 600 ns hops, an ACK per 4
# packets, DCTCP); `prime sim` with its defaults (DCTCP too). Both scheme names must exist in both:
# LB=reps maps to `-load_balancing_algo reps` and `--lb reps`.
#   PRIME="java -Xss16m -Xmx8g -jar some/prime.jar"   the prime command (default: this checkout's ./prime)
#   THREADS=1     `prime sim --threads` (default: prime's own, the processors from 1024 hosts); htsim has one
set -euo pipefail
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 HTSIM_BINARY (an executable htsim_uec)" >&2
  exit 2
fi
htsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
K=${K:-64}; TIERS=${TIERS:-2}; RATE_GBPS=${RATE_GBPS:-400}; FLOW_SIZE=${FLOW_SIZE:-2MB}
LB=${LB:-reps}; ROUNDS=${ROUNDS:-3}; SEED=${SEED:-1}; ECN=${ECN:-16 47}
threads=(); [ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PRIME=${PRIME:-$here/prime}
$PRIME workload --tiers "$TIERS" --k "$K" --flow-size "$FLOW_SIZE" --seed "$SEED" --out "$work/w.cm" >/dev/null
nodes=$(awk '/^Nodes/ {print $2; exit}' "$work/w.cm")
flows=$(awk '/^Connections/ {print $2; exit}' "$work/w.cm")
echo "workload: $nodes hosts, $flows flows of $FLOW_SIZE, $TIERS-tier k=$K, ${RATE_GBPS}G, $LB, $ROUNDS interleaved rounds, prime threads: ${THREADS:-default}"

# wall SECONDS of one command, its output kept for a sanity check
wall() {
  local out=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$out" 2>&1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}

hs=(); ps=()
for r in $(seq "$ROUNDS"); do
  h=$(cd "$work" && wall "$work/htsim.out" "$htsim" -nodes "$nodes" -tiers "$TIERS" -linkspeed $((RATE_GBPS * 1000)) \
      -mtu 4160 -end 100000 -hop_latency 0.6 -sack_threshold 16640 -ecn $ECN \
      -sender_cc_algo dctcp -load_balancing_algo "$LB" -seed "$SEED" -tm "$work/w.cm")
  done_flows=$(grep -c '^Flow .* finished at' "$work/htsim.out" || true)
  [ "$done_flows" = "$flows" ] || { echo "htsim finished $done_flows of $flows flows; see its output:" >&2; tail -5 "$work/htsim.out" >&2; exit 1; }
  p=$(wall "$work/prime.out" $PRIME sim --tiers "$TIERS" --k "$K" --rate "${RATE_GBPS}G" --lb "$LB" \
      --seed "$SEED" --traffic "$work/w.cm" --json --no-progress ${threads[@]+"${threads[@]}"})
  grep -q '"max_fct_us"' "$work/prime.out" || { echo "prime sim failed:" >&2; tail -5 "$work/prime.out" >&2; exit 1; }
  printf 'round %d: htsim %.2f s, prime %.2f s, ratio %.2f\n' "$r" "$h" "$p" "$(echo "$h / $p" | bc -l)"
  hs+=("$h"); ps+=("$p")
done
python3 "$here/packet-sim/scripts/summarize.py" "htsim wall s" "${hs[*]}" "prime wall s" "${ps[*]}" \
  "ratio htsim/prime per round"
