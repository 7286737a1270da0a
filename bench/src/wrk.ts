import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** wrk's path when it is installed (Debian's `wrk` package), else undefined. */
export function wrkPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What one wrk window measured. */
export interface WrkWindow {
  requests: number;
  /** req/s over the window. */
  rate: number;
  failed: number;
  /** Percentiles of every response's time, ms. */
  p: (q: 50 | 95 | 99) => number;
  /** CPU ms wrk itself used. */
  cpuMs: number;
}

// wrk's `done` hook prints its totals and latency percentiles (µs) as one JSON line.
const REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"non2xx":%d,"errors":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** CPU ms of this process's reaped children so far (cutime + cstime). */
function childrenCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/**
 * One window of `connections` keep-alive connections against `url` for `seconds` with wrk, a C
 * load generator: it spends a fraction of autocannon's CPU per request, which on a small
 * machine is CPU the api and PostgreSQL get back.
 */
export async function wrkWindow(
  wrk: string,
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<WrkWindow> {
  const script = path.join(os.tmpdir(), `atendo-wrk-${process.pid}.lua`);
  fs.writeFileSync(script, REPORT);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  const cpu0 = childrenCpuMs();
  const out = await new Promise<string>((resolve, reject) =>
    execFile(wrk, args, { encoding: 'utf8' }, (err, stdout, stderr) =>
      err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(stdout),
    ),
  ).finally(() => fs.rmSync(script, { force: true }));
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no report:\n${out}`);
  const r = JSON.parse(line) as Record<
    'requests' | 'us' | 'non2xx' | 'errors' | 'p50' | 'p95' | 'p99',
    number
  >;
  return {
    requests: r.requests,
    rate: r.requests / (r.us / 1e6),
    failed: r.non2xx + r.errors,
    p: (q) => r[`p${q}`] / 1000,
    cpuMs: childrenCpuMs() - cpu0,
  };
}
