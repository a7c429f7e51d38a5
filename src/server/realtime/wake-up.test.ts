import { describe, expect, it } from "vitest";
import { wakeUp } from "./wake-up";

describe("wakeUp", () => {
  it("ends a wait at a poke, and remembers a poke that came before the wait", async () => {
    const { poke, wait } = wakeUp();
    // Waits of a minute, twice the test's timeout: only the pokes can end them in time.
    const waiting = wait(60_000);
    poke();
    await waiting;
    poke();
    await wait(60_000);
    // Remembered once: the next wait runs its time.
    let ended = false;
    void wait(50).then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
  });
});
