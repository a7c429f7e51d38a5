import "server-only";

export type CheckQueue = {
  /** A result is being stored (encoded, written, committed) from now until the returned function is called. */
  beginStore(): () => void;
  /** Runs one structure check in its turn: one at a time, after the results being stored. */
  check<T>(work: () => Promise<T>): Promise<T>;
};

/**
 * Keeps a worker's structure checks off the way to the screen. The results of a batch finish together; their
 * checks would compete with storing the others, with the requests for their images and with the browser
 * decoding them, on the same cores. So checks run one at a time, each once no result is being stored (or after
 * `maxDeferMs`, so a worker that is never without a store still checks). Every check queued runs.
 */
export function createCheckQueue(options: { maxDeferMs: number }): CheckQueue {
  let storing = 0;
  let checking = false;
  let deferredSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const queue: (() => void)[] = [];

  function next() {
    if (checking || queue.length === 0) return;
    const now = Date.now();
    if (storing > 0 && now - deferredSince < options.maxDeferMs) {
      timer ??= setTimeout(
        () => {
          timer = undefined;
          next();
        },
        deferredSince + options.maxDeferMs - now,
      );
      return;
    }
    clearTimeout(timer);
    timer = undefined;
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
