import "server-only";

type Counts = Map<string, number>;

/**
 * Counts of work under way in this process, per subject of each kind (an account, a client address, a link),
 * each kind with its own maximum (`Infinity` for a total without subject). `enter` lets the work in, or returns
 * null when any of its subjects already has its maximum; the returned release counts it out, once, however
 * often it is called.
 */
export function inFlight<Kind extends string>(limits: Record<Kind, number>) {
  const counts = new Map<Kind, Counts>(Object.keys(limits).map((kind) => [kind as Kind, new Map()]));
  const add = (kind: Kind, subject: string, by: number) => {
    const map = counts.get(kind)!;
    const next = (map.get(subject) ?? 0) + by;
    if (next > 0) map.set(subject, next);
    else map.delete(subject);
  };
  return {
    enter(subjects: Partial<Record<Kind, string>>): (() => void) | null {
      const named = Object.entries(subjects) as [Kind, string][];
      if (named.some(([kind, subject]) => (counts.get(kind)!.get(subject) ?? 0) >= limits[kind])) return null;
      for (const [kind, subject] of named) add(kind, subject, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const [kind, subject] of named) add(kind, subject, -1);
      };
    },
  };
}

/**
 * A token bucket per subject, in this process: `burst` at once, refilled at `perSecond`. `take` returns 0 when
 * one is taken, else the seconds until one is there. Subjects whose bucket is full again are forgotten now and
 * then, so the map stays as small as the traffic of the last minutes.
 */
export function paced(options: { burst: number; perSecond: number }, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, time: number) => Math.min(options.burst, bucket.tokens + ((time - bucket.at) / 1000) * options.perSecond);
  return {
    take(subject: string): number {
      const time = now();
      if (buckets.size > 10_000) for (const [key, bucket] of buckets) if (level(bucket, time) >= options.burst) buckets.delete(key);
      const bucket = buckets.get(subject) ?? { tokens: options.burst, at: time };
      const tokens = level(bucket, time);
      if (tokens < 1) return Math.ceil((1 - tokens) / options.perSecond);
      buckets.set(subject, { tokens: tokens - 1, at: time });
      return 0;
    },
  };
}
