/**
 * A fixed number of slots shared fairly between owners: an owner holds at most `perOwner` slots at once, so
 * that one account's many uploads never take every slot and the next person starts at once. A freed slot goes
 * to the waiting owner served longest ago (one who has not been served yet first), each owner's own work in
 * arrival order: owners take turns, so one owner's queue of twenty waits its turns behind another's single one.
 */
export function fairSlots(options: { slots: number; perOwner: number }) {
  const holding = new Map<string, number>();
  const waiting: { owner: string; start: () => void }[] = [];
  /** When each owner with work here was last given a slot (a counter); forgotten when it has none. */
  const servedAt = new Map<string, number>();
  let served = 0;
  let running = 0;

  const held = (owner: string) => holding.get(owner) ?? 0;
  function take(owner: string) {
    running++;
    holding.set(owner, held(owner) + 1);
    servedAt.set(owner, ++served);
  }
  /** The waiter whose owner may run and was served longest ago; the first to arrive among equals. */
  function nextWaiter(): number {
    let best = -1;
    for (let i = 0; i < waiting.length; i++) {
      const owner = waiting[i]!.owner;
      if (held(owner) >= options.perOwner) continue;
      if (best < 0 || (servedAt.get(owner) ?? 0) < (servedAt.get(waiting[best]!.owner) ?? 0)) best = i;
    }
    return best;
  }
  function give(owner: string) {
    running--;
    const left = held(owner) - 1;
    if (left > 0) holding.set(owner, left);
    else holding.delete(owner);
    if (left <= 0 && !waiting.some((w) => w.owner === owner)) servedAt.delete(owner);
    const index = nextWaiter();
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
