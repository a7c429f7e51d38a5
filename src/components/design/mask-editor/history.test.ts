import { describe, expect, it } from "vitest";
import { canRedo, canUndo, emptyHistory, erasedSinceClear, isBlank, pushOp, redo, undo, type History } from "./history";
import type { MaskOp } from "./ops";

const stroke = (tool: "brush" | "eraser", x = 0): MaskOp => ({ kind: "stroke", tool, size: 10, points: [{ x, y: 0 }] });
const push = (h: History, op: MaskOp, limit?: number) => pushOp(h, op, limit).history;

describe("mask history", () => {
  it("undoes and redoes steps in order, and a new step forgets what was undone", () => {
    const a = stroke("brush", 1);
    const b = stroke("brush", 2);
    let h = push(push(emptyHistory, a), b);
    h = undo(h);
    expect(h.done).toEqual([a]);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.done).toEqual([a, b]);
    h = push(undo(h), stroke("eraser", 3));
    expect(h.done).toEqual([a, stroke("eraser", 3)]);
    expect(canRedo(h)).toBe(false);
    expect(undo(undo(undo(h)))).toEqual({ done: [], undone: [stroke("eraser", 3), a], baseBlank: true });
    expect(canUndo(emptyHistory)).toBe(false);
    expect(undo(emptyHistory)).toBe(emptyHistory);
    expect(redo(emptyHistory)).toBe(emptyHistory);
  });

  it("keeps at most the undo limit of steps and hands the oldest over to be baked into the base", () => {
    let h = emptyHistory;
    const evicted: MaskOp[] = [];
    for (let i = 0; i < 5; i++) {
      const result = pushOp(h, stroke("brush", i), 3);
      h = result.history;
      if (result.evicted) evicted.push(result.evicted);
    }
    expect(h.done).toEqual([stroke("brush", 2), stroke("brush", 3), stroke("brush", 4)]);
    expect(evicted).toEqual([stroke("brush", 0), stroke("brush", 1)]);
    // The baked steps stay painted even with everything undone.
    expect(isBlank(undo(undo(undo(h))))).toBe(false);
  });

  it("is blank until something is brushed, again after a clearing, and erasing never makes it so", () => {
    expect(isBlank(emptyHistory)).toBe(true);
    expect(isBlank(push(emptyHistory, stroke("eraser")))).toBe(true);
    const painted = push(emptyHistory, { kind: "rect", tool: "brush", rect: { x: 0, y: 0, width: 5, height: 5 } });
    expect(isBlank(painted)).toBe(false);
    expect(isBlank(push(painted, stroke("eraser")))).toBe(false);
    const cleared = push(painted, { kind: "clear" });
    expect(isBlank(cleared)).toBe(true);
    expect(isBlank(undo(cleared))).toBe(false);
    // A clearing that left the history is baked: the base is blank again.
    const baked = push(push(cleared, stroke("eraser"), 2), stroke("eraser"), 2);
    expect(baked.baseBlank).toBe(true);
    expect(isBlank(baked)).toBe(true);
  });

  it("says a painted mask may have become empty only after erasing since the last clearing", () => {
    const painted = push(emptyHistory, stroke("brush"));
    expect(erasedSinceClear(painted)).toBe(false);
    const erased = push(painted, stroke("eraser"));
    expect(erasedSinceClear(erased)).toBe(true);
    expect(erasedSinceClear(push(push(erased, { kind: "clear" }), stroke("brush")))).toBe(false);
  });
});
