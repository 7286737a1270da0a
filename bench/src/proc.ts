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
