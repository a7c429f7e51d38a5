import { describe, expect, it } from "vitest";
import { initialMarker, markerPosition, markerStep, pressKey, type Marker } from "./keyboard-rect";

const photo = { width: 1536, height: 1152 };
const key = (k: string, shiftKey = false) => ({ key: k, shiftKey });
const press = (marker: Marker, ...keys: Array<{ key: string; shiftKey: boolean }>) => {
  let result = { marker, handled: false } as ReturnType<typeof pressKey>;
  for (const k of keys) result = pressKey(result.marker, k, photo);
  return result;
};

describe("keyboard rectangle", () => {
  it("starts at the photo's centre and moves by 1 % of the long side, 10 % with Shift, within the photo", () => {
    const start = initialMarker(photo);
    expect(start).toEqual({ cursor: { x: 768, y: 576 }, anchor: null });
    expect(markerStep(photo, false)).toBe(15);
    expect(press(start, key("ArrowRight"), key("ArrowUp")).marker.cursor).toEqual({ x: 783, y: 561 });
    expect(press(start, key("ArrowLeft", true)).marker.cursor).toEqual({ x: 618, y: 576 });
    const corner = press(start, ...Array.from({ length: 12 }, () => key("ArrowDown", true)), ...Array.from({ length: 12 }, () => key("ArrowRight", true)));
    expect(corner.marker.cursor).toEqual({ x: 1536, y: 1152 });
    expect(markerStep({ width: 40, height: 30 }, false)).toBe(1);
  });

  it("Enter marks a corner, a second Enter or Space commits the rectangle between the corner and the crosshair", () => {
    const started = press(initialMarker(photo), key("Enter"));
    expect(started).toMatchObject({ handled: true, event: "started", marker: { anchor: { x: 768, y: 576 } } });
    const done = press(started.marker, key("ArrowLeft", true), key("ArrowUp"), key(" "));
    expect(done).toEqual({
      handled: true,
      event: "committed",
      rect: { x: 618, y: 561, width: 150, height: 15 },
      marker: { cursor: { x: 618, y: 561 }, anchor: null },
    });
  });

  it("Escape drops the corner; without one, Escape and other keys are left to the page", () => {
    const started = press(initialMarker(photo), key(" "), key("ArrowDown"));
    const cancelled = press(started.marker, key("Escape"));
    expect(cancelled).toMatchObject({ handled: true, event: "cancelled", marker: { anchor: null, cursor: { x: 768, y: 591 } } });
    expect(press(cancelled.marker, key("Escape"))).toEqual({ handled: false, marker: cancelled.marker });
    expect(press(cancelled.marker, key("a")).handled).toBe(false);
  });

  it("a rectangle without area paints nothing", () => {
    expect(press(initialMarker(photo), key("Enter"), key("ArrowRight"), key("Enter"))).toMatchObject({ event: "empty", marker: { anchor: null } });
    expect(press(initialMarker(photo), key("Enter"), key("Enter")).rect).toBeUndefined();
  });

  it("says where the crosshair is in whole per cent of the photo, and the rectangle's size once a corner is marked", () => {
    const photo = { width: 1000, height: 500 };
    expect(markerPosition({ cursor: { x: 0, y: 500 }, anchor: null }, photo)).toEqual({ x: 0, y: 100, width: null, height: null });
    expect(markerPosition({ cursor: { x: 333, y: 125 }, anchor: { x: 100, y: 400 } }, photo)).toEqual({ x: 33, y: 25, width: 23, height: 55 });
  });
});
