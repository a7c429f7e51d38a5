import "server-only";

export type CheckQueue = {
  /** A result is being stored (encoded, written, committed) from now until the returned function is called. */
  beginStore(): () => void;
  /** Runs one structure check (or other work after a result is shown: its full-size JPEG) in its turn: one at a time, after the results being stored. */
  check<T>(work: () => Promise<T>): Promise<T>;
};

/**
 * Keeps a worker's structure checks, and the full-size JPEGs of results stored with the engine's answer as it
 * came, off the way to the screen. The results of a batch finish together; their checks would compete with
 * storing the others and with the requests for their images that follow each result's event, on the same cores. So checks run one at a time, each once no result is being stored and none was stored
 * for `settleMs` (or after `maxDeferMs`, so a worker that is never without a store still checks). Every check
 * queued runs.
 */
export function createCheckQueue(options: { settleMs: number; maxDeferMs: number }): CheckQueue {
  let storing = 0;
  let lastStoreEnded = -Infinity;
  let checking = false;
  let deferredSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const queue: (() => void)[] = [];

  function next() {
    clearTimeout(timer);
    timer = undefined;
    if (checking || queue.length === 0) return;
    const now = Date.now();
    const deadline = deferredSince + options.maxDeferMs;
    const settled = storing === 0 ? lastStoreEnded + options.settleMs : Infinity;
    if (now < Math.min(deadline, settled)) {
      timer = setTimeout(next, Math.min(deadline, settled) - now);
      return;
    }
    checking = true;
    queue.shift()!();
  }

  return {
    beginStore() {
      storing++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        storing--;
        lastStoreEnded = Date.now();
        next();
      };
    },
    check(work) {
      return new Promise((resolve, reject) => {
        if (queue.length === 0 && !checking) deferredSince = Date.now();
        queue.push(() => {
          work()
            .then(resolve, reject)
            .finally(() => {
              checking = false;
              deferredSince = Date.now();
              next();
            });
        });
        next();
      });
    },
  };
}
