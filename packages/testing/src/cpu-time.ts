/**
 * Milliseconds of CPU the process spent running `work`: a bound on how much work a hostile input
 * causes that holds on a busy machine too, where the wall clock also counts other processes' turns.
 */
export function cpuMilliseconds(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}
