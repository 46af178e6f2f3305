/**
 * Runs `work` for a tournament only once the same kind of work for that tournament, started earlier
 * in this process, has settled: a second call waits its turn instead of running beside the first.
 * `running` is one map per kind of work (the seating of a round, the posting of a close).
 */
export function oneAtATime(
  running: Map<number, Promise<void>>,
  tournamentId: number,
  work: () => Promise<void>,
): Promise<void> {
  const earlier = running.get(tournamentId) ?? Promise.resolve();
  const next = earlier.then(work);
  const settled = next.catch(() => {});
  running.set(tournamentId, settled);
  void settled.then(() => {
    if (running.get(tournamentId) === settled) running.delete(tournamentId);
  });
  return next;
}
