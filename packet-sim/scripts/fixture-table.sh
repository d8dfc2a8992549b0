#!/usr/bin/env bash
# Regenerates packet-sim/README.md's side-by-side table of the htsim fixtures: for each fixture, htsim's
# max and mean FCT (read by `prime check`, i.e. the repository's HtsimOutputReader, sender side) beside
# `prime sim` on the same traffic matrix with the matching settings, FCT measured at the sender.
# Usage: packet-sim/scripts/fixture-table.sh   (from anywhere; needs a JDK, Maven for the first build, jq)
# PRIME="<command>" overrides the launcher (default: the repository's ./prime), e.g.
# PRIME="java -jar cli/target/prime.jar".
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
prime="${PRIME:-$root/prime}"
fx="$root/core/src/test/resources/htsim"
command -v jq >/dev/null || { echo "fixture-table: needs jq" >&2; exit 2; }

# Every fixture ran on htsim's 2-tier, 128-host (radix 16) tree at 400 Gb/s, 600 ns links, MTU 4160 B,
# an ACK per 4 packets, and ACKs at once on a marked packet: our defaults plus --ack-on-mark.
fabric=(--tiers 2 --k 16 --rate 400G --delay 600ns --mtu 4160)
common=("${fabric[@]}" --ack-every 4 --ack-on-mark --fct-at sender)

# fixture | traffic | htsim's load balancer -> ours | htsim's CC -> ours | seed
rows=(
  "htsim_perm128_400g_reps.txt.gz|perm_128.cm|reps|dctcp|1"
  "htsim_perm128_400g_oblivious.txt.gz|perm_128.cm|rps|dctcp|1"
  "htsim_perm128_400g_ecmp.txt.gz|perm_128.cm|ecmp|dctcp|1"
  "htsim_perm128_400g_ar.txt.gz|perm_128.cm|ar|dctcp|1"
  "htsim_p128_s1_400g_reps_constant66.txt.gz|p128_s1.cm|reps|fixed|1"
  "htsim_p128_s2_400g_reps_constant66.txt.gz|p128_s2.cm|reps|fixed|2"
  "htsim_p128_s3_400g_reps_constant66.txt.gz|p128_s3.cm|reps|fixed|3"
  "htsim_a2a128_400g_reps.txt.gz|a2a128.cm|reps|dctcp|1"
)

delta() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", (b - a) / a * 100 }'; }
num() { awk -v x="$1" 'BEGIN { printf "%.2f", x }'; }

echo "| fixture | our options | htsim max FCT us | ours | delta | htsim mean FCT us | ours | delta | htsim last completion us | ours | NACKs htsim / ours | ours, \`--ev-space 64\`: max us | mean us |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
  IFS='|' read -r out cm lb cc seed <<< "$row"
  h=$($prime check "${fabric[@]}" --traffic "$fx/$cm" --htsim "$fx/$out" --lb "$lb" --fct-at sender \
      --json --no-estimate | jq -c '{max: .max_fct_us, mean: .mean_fct_us, last: .last_completion_us}')
  o=$($prime sim "${common[@]}" --traffic "$fx/$cm" --lb "$lb" --cc "$cc" --seed "$seed" --json --no-progress \
      | jq -c '{max: .max_fct_us, mean: .mean_fct_us, last: (.cct_us // .max_fct_us), nacks: .nacks}')
  # htsim's last line sums its run: "New: ... NACKs: N ..."
  hnacks=$(gzip -dc "$fx/$out" | sed -n 's/^New:.* NACKs: \([0-9]*\).*/\1/p' | tail -n 1)
  hmax=$(jq -r .max <<< "$h"); hmean=$(jq -r .mean <<< "$h"); hlast=$(jq -r .last <<< "$h")
  omax=$(jq -r .max <<< "$o"); omean=$(jq -r .mean <<< "$o"); olast=$(jq -r .last <<< "$o"); onacks=$(jq -r .nacks <<< "$o")
  # the sprayed hashed schemes again with htsim's 64 EVs per flow (docs/design.md, "The EV space of the hashed schemes"),
  # rps cycling through them as htsim's oblivious spraying does (--spray-order cycle)
  ev64="- | -"
  if [ "$lb" = reps ] || [ "$lb" = rps ]; then
    order=(); [ "$lb" = rps ] && order=(--spray-order cycle)   # the order is rps's alone (prime sim refuses it for reps)
    e=$($prime sim "${common[@]}" --traffic "$fx/$cm" --lb "$lb" --cc "$cc" --seed "$seed" --ev-space 64 ${order[@]+"${order[@]}"} --json --no-progress \
        | jq -c '{max: .max_fct_us, mean: .mean_fct_us}')
    emax=$(jq -r .max <<< "$e"); emean=$(jq -r .mean <<< "$e")
    ev64="$(num "$emax") ($(delta "$hmax" "$emax")) | $(num "$emean") ($(delta "$hmean" "$emean"))"
  fi
  echo "| \`${out%.txt.gz}\` | \`--lb $lb --cc $cc --seed $seed\` | $(num "$hmax") | $(num "$omax") | $(delta "$hmax" "$omax")" \
       "| $(num "$hmean") | $(num "$omean") | $(delta "$hmean" "$omean") | $(num "$hlast") | $(num "$olast") | $hnacks / $onacks" \
       "| $ev64 |"
done
