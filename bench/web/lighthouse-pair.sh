#!/usr/bin/env bash
# Two web builds' point of sale, alternated: each round copies one build into apps/web/dist, runs
# Lighthouse RUNS times (bench/web/lighthouse.mjs --only=point), then the other. Lighthouse's scores
# on this shared machine drift by 5-10 points from minute to minute; alternating puts both builds
# through the same minutes. Keep each build first: `npx vite build` in apps/web, then copy
# apps/web/dist somewhere (`cp -r apps/web/dist /tmp/build-a`). The server is the built one.
# Run: bash bench/web/lighthouse-pair.sh /tmp/build-a /tmp/build-b [ROUNDS=4] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/../.."
a="$1" b="$2" rounds="${3:-4}" runs="${4:-3}"
keep="$(mktemp -d)"
cp -r apps/web/dist "$keep/dist"
trap 'rm -rf apps/web/dist && mv "$keep/dist" apps/web/dist && rm -rf "$keep"' EXIT
for round in $(seq 1 "$rounds"); do
  for build in "$a" "$b"; do
    rm -rf apps/web/dist && cp -r "$build" apps/web/dist
    RUNS="$runs" node bench/web/lighthouse.mjs --only=point --json |
      node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
        const p = JSON.parse(s)["point of sale"];
        process.stdout.write(`round '"$round"' ${process.argv[1]}: scores ${p.scores.join(", ")}; median run TBT ${p.median.tbtMs} ms, LCP ${p.median.lcpMs} ms\n`);
      })' "$build"
  done
done
