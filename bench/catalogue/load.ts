// The load generator (run on its own core): for each call, the throughput with autocannon
// (closed loop, N connections) and the latency at a fixed arrival rate (open loop: requests
// leave on schedule whether or not earlier ones came back, and each latency counts from its
// scheduled time, so a stall shows up in the percentiles instead of hiding).
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface LoadConfig {
  port: number;
  token: string;
  seconds: number;
  connections: number;
  runs: Array<{ name: string; path: string; rate: number }>;
}

export interface LoadResult {
  name: string;
  path: string;
  throughput: number;
  throughputErrors: number;
  /** Server CPU time per request during the throughput run (µs). */
  cpuMicrosPerRequest: number;
  /** The rate the goal names; `rate` is lower when the server could not sustain it. */
  goalRate: number;
  rate: number;
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** Longest hold-up of the server's event loop during the latency run (ms). */
  serverStall: number;
  /** Longest hold-up of this load generator's event loop during the latency run (ms). */
  generatorStall: number;
  /** Server CPU time per request during the latency run (µs). */
  latencyCpuMicrosPerRequest: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function fixedRate(
  port: number,
  path: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let sent = 0;
  let done = 0;
  let failed = 0;
  let finished = false;
  const start = performance.now();
  return new Promise<{ p50: number; p99: number; max: number; failed: number; achievedRate: number }>(
    (resolve) => {
      const finish = () => {
        if (finished) return;
        finished = true;
        const elapsed = (performance.now() - start) / 1000;
        const sorted = latencies.slice(0, Math.min(done, total)).sort();
        agent.destroy();
        resolve({
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted[sorted.length - 1] ?? Number.NaN,
          failed,
          achievedRate: Math.min(done, total) / elapsed,
        });
      };
      const record = (scheduled: number, ok: boolean) => {
        if (finished) return;
        if (!ok) failed++;
        latencies[done++] = performance.now() - scheduled;
        if (done === total) finish();
      };
      const fire = (scheduled: number) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => record(scheduled, res.statusCode === 200));
        });
        req.on('error', () => record(scheduled, false));
        req.end();
      };
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
        while (sent < due) fire(start + (sent++ * 1000) / rate);
        if (sent < total && !finished) setTimeout(tick, 1);
      };
      tick();
      // A server that cannot keep up would take minutes to drain its queue: stop waiting after
      // twice the run's length and count what has not come back as failed, at that latency.
      setTimeout(
        () => {
          if (finished) return;
          const late = performance.now() - start;
          failed += total - done;
          while (done < total) latencies[done++] = late;
          finish();
        },
        seconds * 2000 + 1000,
      ).unref();
    },
  );
}

function getJson<T>(port: number, path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(JSON.parse(text) as T));
      })
      .on('error', reject);
  });
}

async function serverCpu(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/bench-cpu' }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(JSON.parse(text).micros as number));
      })
      .on('error', reject);
  });
}

async function throughput(
  port: number,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  const cpuBefore = await serverCpu(port);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    headers,
    connections,
    duration: seconds,
  });
  const cpu = (await serverCpu(port)) - cpuBefore;
  return {
    rps: result.requests.average as number,
    errors: (result.non2xx as number) + (result.errors as number),
    cpuMicrosPerRequest: cpu / Math.max(1, result.latency.totalCount as number),
  };
}

async function main() {
  const config = JSON.parse(process.argv[2]!) as LoadConfig;
  const headers = { authorization: config.token };
  const results: LoadResult[] = [];
  for (const run of config.runs) {
    // Warm up the route and the JIT before measuring.
    await throughput(config.port, run.path, headers, 2, config.connections);
    const t = await throughput(config.port, run.path, headers, config.seconds, config.connections);
    // Latency at the goal's rate when the server sustained 15% more than it in the throughput
    // run; otherwise at 60% of what it sustained, since an overloaded open-loop run measures only
    // the queue it builds.
    const rate = t.rps >= run.rate * 1.15 ? run.rate : Math.max(10, Math.floor(t.rps * 0.6));
    await new Promise((r) => setTimeout(r, 500));
    await getJson(config.port, '/bench-loop');
    const latencyCpuBefore = await serverCpu(config.port);
    const generatorLoop = monitorEventLoopDelay({ resolution: 1 });
    generatorLoop.enable();
    const l = await fixedRate(config.port, run.path, headers, rate, config.seconds);
    generatorLoop.disable();
    const server = await getJson<{ max: number }>(config.port, '/bench-loop');
    const serverStall = server.max;
    // The server's CPU per request in the latency run: well above the throughput run's when the
    // machine slowed down between the two, so the fixed rate came closer to what it could serve.
    const latencyCpuMicrosPerRequest =
      ((await serverCpu(config.port)) - latencyCpuBefore) / Math.max(1, Math.round(rate * config.seconds));
    const generatorStall = generatorLoop.max / 1e6;
    results.push({
      name: run.name,
      path: run.path,
      throughput: t.rps,
      throughputErrors: t.errors,
      cpuMicrosPerRequest: t.cpuMicrosPerRequest,
      goalRate: run.rate,
      rate,
      ...l,
      serverStall,
      generatorStall,
      latencyCpuMicrosPerRequest,
    });
    process.stderr.write(
      `  ${run.name}: ${Math.round(t.rps)} req/s (${Math.round(t.cpuMicrosPerRequest)} µs CPU each); at ${rate}/s p50 ${l.p50.toFixed(2)} ms p99 ${l.p99.toFixed(2)} ms; ${Math.round(latencyCpuMicrosPerRequest)} µs CPU each; longest stall: server ${serverStall.toFixed(0)} ms, load generator ${generatorStall.toFixed(0)} ms\n`,
    );
    await new Promise((r) => setTimeout(r, 500));
  }
  process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
}

await main();
