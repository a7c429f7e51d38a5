/**
 * A fixed number of slots shared fairly between owners: an owner holds at most `perOwner` slots at once, so
 * that one account's many uploads never take every slot and the next person starts at once. Waiters are
 * served in arrival order, skipping those whose owner already holds its share.
 */
export function fairSlots(options: { slots: number; perOwner: number }) {
  const holding = new Map<string, number>();
  const waiting: { owner: string; start: () => void }[] = [];
  let running = 0;

  const held = (owner: string) => holding.get(owner) ?? 0;
  function take(owner: string) {
    running++;
    holding.set(owner, held(owner) + 1);
  }
  function give(owner: string) {
    running--;
    const left = held(owner) - 1;
    if (left > 0) holding.set(owner, left);
    else holding.delete(owner);
    const index = waiting.findIndex((w) => held(w.owner) < options.perOwner);
    if (index < 0 || running >= options.slots) return;
    const [next] = waiting.splice(index, 1);
    take(next!.owner);
    next!.start();
  }

  return {
    async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
      if (running < options.slots && held(owner) < options.perOwner) take(owner);
      else await new Promise<void>((start) => waiting.push({ owner, start }));
      try {
        return await work();
      } finally {
        give(owner);
      }
    },
    /** For tests and logs: slots in use and owners waiting. */
    state: () => ({ running, waiting: waiting.length }),
  };
}
