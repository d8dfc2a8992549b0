#!/usr/bin/env bash
# ratios-vs-htsim.sh HTSIM_BINARY: the paper's Ratio (max FCT over the ideal) from htsim (htsim_uec) and
# from `prime sim` on the same permutations, per flow size, rate, congestion control and load balancer.
# Not part of any test run. Written to check the paper's claim that for 16 and 32 MB flows every scheme
# is close to the ideal (results/README.md, "Large flows").
#
# Settings (environment variables; defaults = the 128-host 2-tier tree of the repository's htsim fixtures):
#   K=16 TIERS=2 SIZES="16MB 32MB" RATES="400 100" CCS="dctcp nscc" LBS="reps rps" SEEDS="1 2 3"
#   PRIME="java -jar some/prime.jar"   the prime command (default: this checkout's ./prime)
#   HTSIM_PATHS=8192   htsim's `-paths`, the EVs each flow of its hashed schemes uses (default: htsim's own,
#                      64). Ours draw from 2^16 (docs/design.md, "The EV space of the hashed schemes"); 8192
#                      is the largest power of two htsim takes and the like-for-like setting. Not for ecmp.
#   EV_SPACE=64        `prime sim --ev-space`, the other way round: ours with htsim's default (default: 65536)
#   SPRAY_ORDER=cycle  `prime sim --spray-order` for rps: cycle uses each EV once per cycle, as htsim's
#                      oblivious spraying does (default: random, a random EV per packet)
# LBS names are ours; htsim runs rps as `-load_balancing_algo oblivious`, ecmp as oblivious with
# `-paths 1`, ar as `-strat ecmp_ar` (the fixtures' mapping, core/src/test/resources/htsim/README.md).
# htsim runs with the fixtures' flags (MTU 4160, 600 ns hops, an ACK per 4 packets) and RED thresholds of
# 0.25 and 0.75 BDP rounded up to packets, computed from the BDP `prime sim` reports for the same fabric.
# Both FCTs are measured at the sender (htsim's definition; `--fct-at sender --ack-on-mark` for ours),
# and both Ratios use the same ideal: the sender-side workload ideal `prime check` computes.
# Output: one CSV row per run on stdout, then a table of Ratios (mean and range over the seeds).
set -euo pipefail
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 HTSIM_BINARY (an executable htsim_uec)" >&2
  exit 2
fi
command -v jq >/dev/null || { echo "ratios-vs-htsim: needs jq" >&2; exit 2; }
htsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PRIME=${PRIME:-$here/prime}
K=${K:-16}; TIERS=${TIERS:-2}; SIZES=${SIZES:-16MB 32MB}; RATES=${RATES:-400 100}
CCS=${CCS:-dctcp nscc}; LBS=${LBS:-reps rps}; SEEDS=${SEEDS:-1 2 3}
mtu=4160

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

htsim_lb() {
  case "$1" in
    reps) echo "-load_balancing_algo reps" ;;
    rps) echo "-load_balancing_algo oblivious" ;;
    ecmp) echo "-load_balancing_algo oblivious -paths 1" ;;
    ar) echo "-strat ecmp_ar" ;;
    *) echo "ratios-vs-htsim: LBS: '$1' has no htsim counterpart here; accepted: reps, rps, ecmp, ar" >&2; exit 2 ;;
  esac
}
for lb in $LBS; do htsim_lb "$lb" >/dev/null; done
for cc in $CCS; do
  case "$cc" in dctcp|nscc) ;; *) echo "ratios-vs-htsim: CCS: '$cc' is not in both simulators; accepted: dctcp, nscc" >&2; exit 2 ;; esac
done

csv="$work/runs.csv"
echo "seed,flow_size,rate_gbps,cc,lb,ideal_us,htsim_max_us,htsim_mean_us,htsim_ratio,prime_max_us,prime_mean_us,prime_ratio" | tee "$csv"
for seed in $SEEDS; do
  for size in $SIZES; do
    cm="$work/w_${seed}_${size}.cm"
    $PRIME workload --tiers "$TIERS" --k "$K" --flow-size "$size" --seed "$seed" --out "$cm" >/dev/null
    nodes=$(awk '/^Nodes/ {print $2; exit}' "$cm")
    flows=$(awk '/^Connections/ {print $2; exit}' "$cm")
    for rate in $RATES; do
      fabric=(--tiers "$TIERS" --k "$K" --rate "${rate}G" --delay 600ns --mtu "$mtu")
      for cc in $CCS; do
        for lb in $LBS; do
          # prime sim refuses an option its scheme would ignore: the EV space is the hashed schemes', the order rps's
          schemeopts=()
          case "$lb" in ecmp|rps|reps) schemeopts+=(--ev-space "${EV_SPACE:-65536}") ;; esac
          [ "$lb" = rps ] && schemeopts+=(--spray-order "${SPRAY_ORDER:-random}")
          o=$($PRIME sim "${fabric[@]}" --ack-every 4 --ack-on-mark --fct-at sender --traffic "$cm" --lb "$lb" \
              --cc "$cc" --seed "$seed" ${schemeopts[@]+"${schemeopts[@]}"} --no-progress)
          bdp=$(echo "$o" | sed -n 's/.*(BDP \([0-9]*\) B.*/\1/p' | head -1)
          [ -n "$bdp" ] || { echo "prime sim printed no BDP:" >&2; echo "$o" >&2; exit 1; }
          ecn=$(awk -v b="$bdp" -v m="$mtu" 'function up(x) { return x == int(x) ? x : int(x) + 1 }
                BEGIN { printf "%d %d", up(0.25 * b / m), up(0.75 * b / m) }')
          line=$(echo "$o" | awk -v lb="$lb" '$1 == lb { print $2, $3 }')
          paths=(); [ -n "${HTSIM_PATHS:-}" ] && [ "$lb" != ecmp ] && paths=(-paths "$HTSIM_PATHS")
          # shellcheck disable=SC2046
          (cd "$work" && "$htsim" -nodes "$nodes" -tiers "$TIERS" -linkspeed $((rate * 1000)) -mtu "$mtu" \
              -end 100000000 -hop_latency 0.6 -sack_threshold $((4 * mtu)) -ecn $ecn -sender_cc_algo "$cc" \
              $(htsim_lb "$lb") ${paths[@]+"${paths[@]}"} -seed "$seed" -tm "$cm" >"$work/htsim.out" 2>&1)
          done_flows=$(grep -c '^Flow .* finished at' "$work/htsim.out" || true)
          [ "$done_flows" = "$flows" ] || { echo "htsim finished $done_flows of $flows flows; see its output:" >&2; tail -5 "$work/htsim.out" >&2; exit 1; }
          h=$($PRIME check "${fabric[@]}" --traffic "$cm" --htsim "$work/htsim.out" --lb "$lb" --fct-at sender \
              --json --no-estimate | jq -r '"\(.workload_ideal_us) \(.max_fct_us) \(.mean_fct_us)"')
          read -r ideal hmax hmean <<< "$h"
          read -r pmax pmean <<< "$line"
          awk -v s="$seed" -v z="$size" -v r="$rate" -v c="$cc" -v l="$lb" -v i="$ideal" -v hm="$hmax" \
              -v ha="$hmean" -v pm="$pmax" -v pa="$pmean" \
              'BEGIN { printf "%s,%s,%s,%s,%s,%.3f,%.3f,%.3f,%.4f,%.3f,%.3f,%.4f\n", s, z, r, c, l, i, hm, ha, hm / i, pm, pa, pm / i }' \
            | tee -a "$csv"
        done
      done
    done
  done
done

echo
echo "Ratio (max FCT / sender-side ideal), mean over seeds [range]:"
python3 - "$csv" <<'EOF'
import csv, sys
from collections import defaultdict
runs = defaultdict(lambda: ([], []))
for r in csv.DictReader(open(sys.argv[1])):
    key = (r["flow_size"], r["rate_gbps"] + "G", r["cc"], r["lb"])
    runs[key][0].append(float(r["htsim_ratio"]))
    runs[key][1].append(float(r["prime_ratio"]))
print("| flow size | rate | cc | lb | htsim | prime sim |")
print("|---|---|---|---|---|---|")
fmt = lambda xs: "%.3f [%.3f-%.3f]" % (sum(xs) / len(xs), min(xs), max(xs))
for key, (h, p) in runs.items():
    print("| %s | %s | %s | %s | %s | %s |" % (*key, fmt(h), fmt(p)))
EOF
