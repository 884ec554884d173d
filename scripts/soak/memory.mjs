// Resident memory of a process, as Linux counts it (VmRSS in /proc/<pid>/status).
import { readFile } from 'node:fs/promises';

/** The VmRSS of a /proc/<pid>/status text, in kB; null when it has none (a kernel thread, a zombie). */
export function rssOfStatus(text) {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** The resident memory of the process `pid` in kB; null when it no longer runs. */
export async function residentKb(pid) {
  try {
    return rssOfStatus(await readFile(`/proc/${pid}/status`, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT' || err.code === 'ESRCH') return null;
    throw err;
  }
}

/** Each process's resident memory (kB, null when gone), from `pids` (pid by name). */
export async function residentByName(pids) {
  const entries = await Promise.all(
    Object.entries(pids).map(async ([name, pid]) => [name, await residentKb(pid)]),
  );
  return Object.fromEntries(entries);
}
