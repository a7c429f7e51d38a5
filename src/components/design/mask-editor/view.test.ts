import { describe, expect, it } from "vitest";
import { clampView, identityView, pinch, toPhoto, zoomAt } from "./view";

// A 1536 × 1152 photo in a 375 px wide box (its height follows the photo's shape).
const photo = { width: 1536, height: 1152 };
const box = { width: 375, height: 281.25 };

describe("mask editor view", () => {
  it("maps a point of the box to the photo's pixel, zoomed and panned", () => {
    expect(toPhoto(identityView, box, photo, { x: 375, y: 281.25 })).toEqual({ x: 1536, y: 1152 });
    expect(toPhoto(identityView, box, photo, { x: 187.5, y: 0 })).toEqual({ x: 768, y: 0 });
    // Zoom 2, panned so the photo's centre is at the box's top-left corner.
    expect(toPhoto({ zoom: 2, x: -375, y: -281.25 }, box, photo, { x: 0, y: 0 })).toEqual({ x: 768, y: 576 });
    expect(toPhoto({ zoom: 4, x: -375, y: 0 }, box, photo, { x: 187.5, y: 140.625 })).toEqual({ x: 576, y: 144 });
  });

  it("keeps the zoom between 1 and 8 and the photo covering the box", () => {
    expect(clampView({ zoom: 0.5, x: 10, y: 10 }, box)).toEqual(identityView);
    expect(clampView({ zoom: 20, x: 100, y: -1e6 }, box)).toEqual({ zoom: 8, x: 0, y: -7 * 281.25 });
  });

  it("zooms around a point that stays where it was", () => {
    const anchor = { x: 100, y: 50 };
    const before = toPhoto(identityView, box, photo, anchor);
    const view = zoomAt(identityView, box, anchor, 3);
    expect(view.zoom).toBe(3);
    const after = toPhoto(view, box, photo, anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(view, box, anchor, 1 / 10)).toEqual(identityView);
  });

  it("pinches: the fingers' spread zooms, their midpoint pans and keeps the photo under them", () => {
    const from = [
      { x: 150, y: 100 },
      { x: 200, y: 100 },
    ] as const;
    const mid = { x: 175, y: 100 };
    const under = toPhoto(identityView, box, photo, mid);
    // Twice the spread, and the pair moved 20 px to the left.
    const to = [
      { x: 105, y: 100 },
      { x: 205, y: 100 },
    ] as const;
    const view = pinch(identityView, box, from, to);
    expect(view.zoom).toBe(2);
    const now = toPhoto(view, box, photo, { x: 155, y: 100 });
    expect(now.x).toBeCloseTo(under.x, 9);
    expect(now.y).toBeCloseTo(under.y, 9);
    // Fingers pressed together cannot zoom out of the photo.
    expect(pinch(identityView, box, from, [mid, mid]).zoom).toBe(1);
  });
});
