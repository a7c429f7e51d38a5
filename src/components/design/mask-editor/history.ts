import type { MaskOp } from "./ops";

/** How many steps can be undone; older steps are baked into a base image and stay. */
export const UNDO_LIMIT = 30;

/**
 * The editor's steps. The mask is the base image with `done` painted over it in order; undo moves the last
 * step to `undone` (the canvas is then rebuilt: base, then `done`), redo moves it back, a new step forgets
 * `undone`. `baseBlank` says whether the base is certainly empty.
 */
export interface History {
  readonly done: readonly MaskOp[];
  readonly undone: readonly MaskOp[];
  readonly baseBlank: boolean;
}

export const emptyHistory: History = { done: [], undone: [], baseBlank: true };

/** Adds a step. `evicted` is the step that fell out of the undo limit: the caller paints it into the base. */
export function pushOp(history: History, op: MaskOp, limit = UNDO_LIMIT): { history: History; evicted: MaskOp | null } {
  const done = [...history.done, op];
  if (done.length <= limit) return { history: { done, undone: [], baseBlank: history.baseBlank }, evicted: null };
  const [evicted, ...kept] = done;
  return { history: { done: kept, undone: [], baseBlank: blankAfter(history.baseBlank, [evicted!]) }, evicted: evicted! };
}

export function undo(history: History): History {
  const last = history.done.at(-1);
  if (!last) return history;
  return { ...history, done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redo(history: History): History {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { ...history, done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

export const canUndo = (history: History) => history.done.length > 0;
export const canRedo = (history: History) => history.undone.length > 0;

/**
 * True when nothing can be painted: no brush step since the last clearing. Erasing keeps the answer (erasing
 * an empty mask leaves it empty; erasing part of a painted one may or may not empty it, so "not certainly").
 */
export function isBlank(history: History): boolean {
  return blankAfter(history.baseBlank, history.done);
}

function blankAfter(blank: boolean, ops: readonly MaskOp[]): boolean {
  for (const op of ops) {
    if (op.kind === "clear") blank = true;
    else if (op.tool === "brush") blank = false;
  }
  return blank;
}

/** Whether something was erased since the last clearing: only then can a painted mask have become empty. */
export function erasedSinceClear(history: History): boolean {
  let erased = false;
  for (const op of history.done) {
    if (op.kind === "clear") erased = false;
    else if (op.tool === "eraser") erased = true;
  }
  return erased || !history.baseBlank;
}
