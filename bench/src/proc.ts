import fs from 'node:fs';

/** CPU ms (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, 10 ms ticks
}

/** A process's resident memory in MiB, from /proc/<pid>/status, for printing. */
export function rssMiB(pid: number): string {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return (Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(0);
}

/**
 * CPU ms every PostgreSQL process on the machine has used so far (live backends, plus what
 * exited children left to their parent), for pricing the database's share of a request.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    if (!stat.includes(' (postgres) ')) continue;
    const fields = stat.split(') ')[1]!.split(' ');
    total +=
      (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  }
  return total;
}

/** The machine's busy, stolen and total CPU ticks so far, from /proc/stat's first line. */
export function cpuTicks(): { busy: number; steal: number; total: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal; guest time is already in user and nice.
  const n = fields.slice(0, 8).map(Number);
  const idle = n[3]! + n[4]!; // idle + iowait
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, steal: n[7]!, total };
}

/**
 * The share of the machine's CPU time the hypervisor gave to other guests since `since`
 * (a `cpuTicks()`), as a percentage for printing: on a shared VM, a window with steal in it
 * measured a smaller machine than the next one.
 */
export function stealSince(since: { steal: number; total: number }): string {
  const now = cpuTicks();
  return `${((100 * (now.steal - since.steal)) / Math.max(1, now.total - since.total)).toFixed(0)}%`;
}

/**
 * Waits until the machine is quiet (at most `busyShare` of its CPU used over a 2 s sample),
 * for at most `maxMs`: what a seed left running (autovacuum, writeback, page compaction) would
 * otherwise be measured in the first window. Returns the last sample's busy share.
 */
export async function quiet(busyShare = 0.15, maxMs = 60_000): Promise<number> {
  const end = Date.now() + maxMs;
  let share = 1;
  do {
    const a = cpuTicks();
    await new Promise((r) => setTimeout(r, 2000));
    const b = cpuTicks();
    share = (b.busy - a.busy) / Math.max(1, b.total - a.total);
  } while (share > busyShare && Date.now() < end);
  return share;
}
