/**
 * A wait that a signal ends early, for loops that poll and also listen (workers, event streams). A poke that
 * comes while the loop is busy is remembered, so its next wait returns at once instead of missing it.
 */
export function wakeUp(): { poke: () => void; wait: (ms: number) => Promise<void> } {
  let wake: (() => void) | null = null;
  let pending = false;
  return {
    poke() {
      if (wake) wake();
      else pending = true;
    },
    wait(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
      });
    },
  };
}
