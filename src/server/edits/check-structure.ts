import type { StructureFinding } from "@/schemas/structure";
import { brightOpenings, contrastOf, type Opening } from "./bright-openings";
import { angleGap, EDGE_BINS, lineSegments, type Segment } from "./line-segments";
import { maskRows } from "./mask-rows";
import type { RawImage, RawMask } from "./types";

/*
 * Whether a result kept its photo's architecture (docs/structure-check.md, docs/decisions/0016-structure-by-long-lines.md).
 * Both pictures are reduced to luminance at a long side of 256 px. Their straight segments (lineSegments) that
 * are long are the room's lines: wall corners, the ceiling and floor lines, window and door frames, beams.
 * Furniture lines are short at this size, or low in the picture. Three measures, each 0..1:
 * - kept: the photo's long lines found in the result in place (an edge of the same direction within 3 working
 *   px), weighted by length and by how architectural their place and direction are, upright and level lines
 *   half each; times, twice, how much worse that is than with the result moved or zoomed as a whole (the
 *   camera). Only the photo's long lines are moved, never the result's edges, so a result's new furniture
 *   counts for a move only where it happens to lie along the photo's lines;
 * - added: the result's long upright lines and high lines that the photo does not have (a window drawn on a
 *   blank wall);
 * - openings: the photo's windows and glazed doors (bright framed regions) that are gone, and new ones.
 * The score is the lowest of them; below STRUCTURE_THRESHOLD the result is flagged. A result framed a few percent
 * wider (the best camera move a zoom out that shows the photo's whole frame) is lined up and judged again, behind
 * the gates below (docs/decisions/0073-structure-wider-framing.md).
 */

const WORK_LONG_SIDE = 256;
/** Segments shorter than this (working px) are not detected; the result's are all matched against. */
const MIN_SEGMENT = 10;
/** A room's line: at least this share of the long side. */
const LONG_SHARE = 0.11;
/** How far (working px) a line may lie from its place and still be kept: an engine redraws lines by about that. */
const TOLERANCE_PX = 3;
const ORIENTATION_BINS = EDGE_BINS;
/** Whole-picture shifts tried, as a share of the working size, and the zooms. */
const SHIFT_SHARE = 0.08;
const SHIFT_STEP = 2;
const ZOOMS = [1, 1.05, 1.1, 1 / 1.02, 1 / 1.03, 1 / 1.04, 1 / 1.05];
/** Upright and level lines are balanced when each has at least this share of the line weight. */
const BALANCE_SHARE = 0.15;
/** A piece of a line counts as kept when this share of it is found. */
const PIECE_KEPT = 0.5;
/** The mask grows by this many working pixels: an edit's own edge is a new line. */
const MASK_GROWTH_PX = 3;
/** Less line length than this share of the long side (a bare wall): nothing to lose. */
const MIN_LINE_LENGTH = 0.5;
/** Added lines: the share of the photo's line weight above which they count, and how steeply. */
const ADDED_FREE = 0.3;
const ADDED_SLOPE = 0.5;
/** A score with an opening lost or added: below any threshold the check has used. */
const OPENING_SCORE = 0.6;
/** Lines moved this share of the picture away measure what a busy result keeps by chance. */
const FAR_SHARE = 0.2;
/** A wider framing is lined up when its move explains the photo's lines this far above chance… */
const REFRAME_EVIDENCE = 0.85;
/** …clearly better than any shift without a zoom (a plain shift is the camera moving, not a wider framing)… */
const REFRAME_ZOOM_GAIN = 0.03;
/** …its frame fits inside the result to within this many working pixels… */
const REFRAME_SLACK_PX = 0.5;
/** …or, when the zoom explains the lines this much better than any plain shift, to within this share of the long side (a drift of 1 %)… */
const REFRAME_DRIFT_GAIN = 0.06;
const REFRAME_DRIFT_SHARE = 0.01;
/** …and, lined up, the result adds at most this share of the photo's line weight as new architecture. */
const REFRAME_MAX_ADDED = 0.2;
/** …and its lines have not turned (degrees): a zoom keeps every angle, a change of perspective does not. */
const REFRAME_MAX_TILT = 1.5;

export type StructureCheck = {
  score: number;
  findings: StructureFinding[];
  measures: { kept: number; camera: number; reframed: number; added: number; openingsLost: number; openingsAdded: number };
};

export function checkStructure({ original, result, mask }: { original: RawImage; result: RawImage; mask?: RawMask }): StructureCheck {
  const scale = WORK_LONG_SIDE / Math.max(original.width, original.height);
  const width = Math.max(8, Math.round(original.width * scale));
  const height = Math.max(8, Math.round(original.height * scale));
  const photo = preparePhoto(luminance(original, width, height), { width, height }, mask ? maskAt(mask, width, height) : undefined);
  const lumB = luminance(result, width, height);
  const inPlace = judge(photo, lumB, true);
  // An engine that redraws the whole picture may hand the room back slightly wider (gpt-image-1 by 3–5 %):
  // every line of the photo is still there, a little smaller. Such a result is lined up with the photo and
  // judged again; it counts as kept only when, lined up, it also adds no architecture of its own.
  const move = inPlace.move;
  const slack = inPlace.zoomGain >= REFRAME_DRIFT_GAIN ? REFRAME_DRIFT_SHARE * Math.max(width, height) : REFRAME_SLACK_PX;
  if (move && inPlace.evidence >= REFRAME_EVIDENCE && inPlace.zoomGain >= REFRAME_ZOOM_GAIN && widerFraming(move, photo.geometry, slack)) {
    const aligned = judge(photo, resample(lumB, photo.geometry, move), false);
    if (tilt(photo.lines, aligned.lines) <= REFRAME_MAX_TILT && aligned.check.measures.added <= REFRAME_MAX_ADDED && aligned.check.score > inPlace.check.score) {
      const findings = aligned.check.findings.map((finding) => inResultFrame(finding, move, photo.geometry));
      return { ...aligned.check, findings, measures: { ...aligned.check.measures, reframed: round(move.zoom) } };
    }
  }
  return inPlace.check;
}

type Photo = {
  lum: Float32Array;
  geometry: Geometry;
  ignored: Uint8Array | undefined;
  lines: Segment[];
  near: Uint8Array[];
  points: Samples;
  openings: Opening[];
};
type Move = { dx: number; dy: number; zoom: number };

/** The photo's side of the check, worked out once: its long lines, where it has edges, its openings. */
function preparePhoto(lum: Float32Array, geometry: Geometry, ignored: Uint8Array | undefined): Photo {
  const { width, height } = geometry;
  const long = Math.max(width, height);
  const detected = lineSegments({ lum, width, height, minLength: MIN_SEGMENT });
  const lines = detected.segments.filter((s) => outsideMask(s, ignored, width) && s.length >= LONG_SHARE * long && s.strength >= detected.strong);
  const near = nearMap(detected.edges, geometry);
  const openings = brightOpenings({ lum, width, height }).filter((o) => (!ignored || !mostlyIn(o, ignored)) && framedSides(o, near, geometry).length >= 2);
  return { lum, geometry, ignored, lines, near, points: samples(lines, near, geometry), openings };
}

/**
 * The result judged against the photo as it lies. With `searchCamera`, the photo's lines are also tried moved and
 * zoomed as a whole (the camera); `move` is the best such move and `evidence` how far above chance it explains the
 * lines (chance: the share kept with the lines moved a fifth of the picture away).
 */
function judge(photo: Photo, lumB: Float32Array, searchCamera: boolean): { check: StructureCheck; move?: Move; evidence: number; zoomGain: number; lines: Segment[] } {
  const { geometry, ignored, lines: linesA, near: nearA, points: pointsA, lum: lumA } = photo;
  const { width, height } = geometry;
  const long = Math.max(width, height);
  const detectedB = lineSegments({ lum: lumB, width, height, minLength: MIN_SEGMENT });
  const linesB = detectedB.segments.filter((s) => outsideMask(s, ignored, width) && s.length >= LONG_SHARE * long && s.strength >= detectedB.strong);
  const findings: StructureFinding[] = [];

  // Kept, in place and with the camera moved.
  const nearB = nearMap(detectedB.edges, geometry);
  let kept = 1;
  let camera = 1;
  let move: Move | undefined;
  let evidence = 0;
  let zoomGain = 0;
  if (pointsA.total >= MIN_LINE_LENGTH * long) {
    kept = keptShare(pointsA, nearB, geometry, 0, 0, 1);
    if (searchCamera) {
      let best = kept;
      let bestUnzoomed = kept;
      let bestMove: Move = { dx: 0, dy: 0, zoom: 1 };
      const reach = Math.round(SHIFT_SHARE * long);
      const tryMove = (dx: number, dy: number, zoom: number) => {
        if (zoom === 1 && dx === 0 && dy === 0) return;
        const share = keptShare(pointsA, nearB, geometry, dx, dy, zoom);
        if (zoom === 1 && share > bestUnzoomed) bestUnzoomed = share;
        if (share > best) {
          best = share;
          bestMove = { dx, dy, zoom };
        }
      };
      // Coarse to fine: the near maps are as wide as the tolerance, so a coarse step of twice the fine one
      // finds the best move's neighbourhood, and the fine step around it the move.
      for (const zoom of ZOOMS) {
        for (let dy = -reach; dy <= reach; dy += 2 * SHIFT_STEP) for (let dx = -reach; dx <= reach; dx += 2 * SHIFT_STEP) tryMove(dx, dy, zoom);
      }
      const coarse = bestMove;
      for (let dy = coarse.dy - SHIFT_STEP; dy <= coarse.dy + SHIFT_STEP; dy += SHIFT_STEP) {
        for (let dx = coarse.dx - SHIFT_STEP; dx <= coarse.dx + SHIFT_STEP; dx += SHIFT_STEP) tryMove(dx, dy, coarse.zoom);
      }
      camera = best === 0 ? 0 : kept / best;
      const far = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([x, y]) => keptShare(pointsA, nearB, geometry, Math.round(x! * FAR_SHARE * width), Math.round(y! * FAR_SHARE * height), 1));
      const chance = far.reduce((sum, share) => sum + share, 0) / far.length;
      evidence = chance >= 1 ? 0 : (best - chance) / (1 - chance);
      move = bestMove;
      zoomGain = best - bestUnzoomed;
      if (camera < 0.95) {
        findings.push({
          kind: "moved",
          element: "camera",
          side: bestMove.dx < 0 ? "left" : bestMove.dx > 0 ? "right" : "centre",
          level: bestMove.dy < 0 ? "top" : bestMove.dy > 0 ? "bottom" : "middle",
          shift: { across: round(bestMove.dx / width), down: round(bestMove.dy / height), zoom: round(bestMove.zoom) },
        });
      }
    }
  }

  // Lines lost, moved and added, each judged whole.
  const lost = linesA.filter((s) => pieceShare(s, nearB, geometry) < PIECE_KEPT);
  const added = linesB.filter((s) => architectural(s, geometry) && pieceShare(s, nearA, geometry) < PIECE_KEPT);
  let addedWeight = 0;
  for (const s of added) addedWeight += weightOf(s, geometry) * s.length;
  const addedShare = pointsA.total > 0 ? addedWeight / Math.max(pointsA.total, MIN_LINE_LENGTH * long) : 0;
  const addedScore = 1 - Math.max(0, addedShare - ADDED_FREE) * ADDED_SLOPE;

  // Openings: bright regions framed by edges in the picture that has them, neither bright nor framed in the other.
  const openingsB = brightOpenings({ lum: lumB, width, height }).filter((o) => (!ignored || !mostlyIn(o, ignored)) && framedSides(o, nearB, geometry).length >= 2);
  const openingsLost = photo.openings.filter((o) => gone(o, lumB, nearA, nearB, geometry));
  const openingsAdded = openingsB.filter((o) => gone(o, lumA, nearB, nearA, geometry));
  for (const o of openingsLost) findings.push(openingFinding("lost", o, geometry));
  for (const o of openingsAdded) findings.push(openingFinding("added", o, geometry));
  const openingScore = openingsLost.length + openingsAdded.length > 0 ? OPENING_SCORE : 1;

  const lineFindings: StructureFinding[] = [];
  const addedLeft = [...added];
  for (const s of lost.toSorted((a, b) => b.length - a.length)) {
    const partner = addedLeft.findIndex((t) => movedTo(s, t, long));
    const to = partner >= 0 ? addedLeft.splice(partner, 1)[0] : undefined;
    lineFindings.push(lineFinding(to ? "moved" : "lost", s, geometry, to));
  }
  for (const t of addedLeft.toSorted((a, b) => b.length - a.length)) lineFindings.push(lineFinding("added", t, geometry));
  findings.push(...lineFindings.filter((f) => !insideAnOpening(f, findings)).slice(0, 8));

  // The camera counts twice: a room seen from elsewhere moves every line, and the lines kept in place by
  // chance (long furniture edges, a tolerance of 3 px) must not hide it.
  const lineScore = kept * camera * camera;
  const score = clamp(Math.min(lineScore, addedScore, openingScore));
  return {
    check: {
      score,
      findings: findings.slice(0, 12),
      measures: { kept: round(kept), camera: round(camera), reframed: 1, added: round(addedShare), openingsLost: openingsLost.length, openingsAdded: openingsAdded.length },
    },
    move,
    evidence,
    zoomGain,
    lines: linesB,
  };
}

/** A move that shows the photo's whole frame inside the result, a little smaller: the result is the photo seen slightly wider. */
function widerFraming(move: Move, { width, height }: Geometry, slack: number): boolean {
  const fits = (shift: number, size: number) => Math.abs(shift) <= ((1 - move.zoom) * size) / 2 + slack;
  return move.zoom < 1 && fits(move.dx, width) && fits(move.dy, height);
}

/** The result's luminance seen through the move: the part of it that shows the photo's frame, at the working size (bilinear). */
function resample(lum: Float32Array, { width, height }: Geometry, move: Move): Float32Array {
  const out = new Float32Array(width * height);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, cy + (y - cy) * move.zoom + move.dy));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, cx + (x - cx) * move.zoom + move.dx));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = lum[y0 * width + x0]! * (1 - fx) + lum[y0 * width + x1]! * fx;
      const bottom = lum[y1 * width + x0]! * (1 - fx) + lum[y1 * width + x1]! * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * A finding of the lined-up judgement placed where it lies in the result as it was delivered (the page draws
 * findings over that picture): `resample`'s mapping, in shares of the picture.
 */
function inResultFrame(finding: StructureFinding, move: Move, { width, height }: Geometry): StructureFinding {
  const across = (u: number) => round(Math.min(1, Math.max(0, 0.5 + (u - 0.5) * move.zoom + move.dx / width)));
  const down = (v: number) => round(Math.min(1, Math.max(0, 0.5 + (v - 0.5) * move.zoom + move.dy / height)));
  const quad = (q: [number, number, number, number] | undefined) => (q ? ([across(q[0]), down(q[1]), across(q[2]), down(q[3])] as [number, number, number, number]) : undefined);
  return { ...finding, ...(finding.box && { box: quad(finding.box) }), ...(finding.segment && { segment: quad(finding.segment) }), ...(finding.to && { to: quad(finding.to) }) };
}

/**
 * How far, in degrees, the photo's long lines turned in the result: for each, the nearest result line along it
 * (within 10° and 5 working px), the angle between them, averaged by length. A zoom keeps every angle; a
 * perspective change turns the lines near the picture's edges.
 */
function tilt(linesA: Segment[], linesB: Segment[]): number {
  let sum = 0;
  let weight = 0;
  for (const a of linesA) {
    const ux = (a.x2 - a.x1) / a.length;
    const uy = (a.y2 - a.y1) / a.length;
    let bestGap = -1;
    let bestDistance = 5;
    for (const b of linesB) {
      const gap = angleGap(a.angle, b.angle);
      if (gap > (10 * Math.PI) / 180) continue;
      const mx = (b.x1 + b.x2) / 2 - a.x1;
      const my = (b.y1 + b.y2) / 2 - a.y1;
      const along = mx * ux + my * uy;
      const across = Math.abs(-mx * uy + my * ux);
      if (along < 0 || along > a.length || across > bestDistance) continue;
      bestDistance = across;
      bestGap = gap;
    }
    if (bestGap < 0) continue;
    sum += ((bestGap * 180) / Math.PI) * a.length;
    weight += a.length;
  }
  return weight === 0 ? 0 : sum / weight;
}

function outsideMask(s: Segment, ignored: Uint8Array | undefined, width: number): boolean {
  return !ignored || insideShare(s, ignored, width) < 0.5;
}

type Geometry = { width: number; height: number };

/**
 * How architectural a line's place and direction are: upright lines spanning a good part of the height (wall
 * corners, window and door frames) and lines in the upper part (the ceiling line, window heads) count most;
 * lines low in the picture (where furniture stands and is restyled) least.
 */
function weightOf(s: Segment, { width, height }: Geometry): number {
  const upright = angleGap(s.angle, Math.PI / 2) < (8 * Math.PI) / 180;
  if (upright && s.length >= 0.2 * height) return 2;
  const middle = (s.y1 + s.y2) / 2 / height;
  const base = middle < 0.45 ? 1.5 : middle < 0.65 ? 1 : 0.5;
  return s.length >= 0.25 * width ? base * 1.3 : base;
}

/** The result's new lines that would be architecture: upright and tall, or in the upper part of the picture. */
function architectural(s: Segment, { height }: Geometry): boolean {
  const upright = angleGap(s.angle, Math.PI / 2) < (8 * Math.PI) / 180;
  const middle = (s.y1 + s.y2) / 2 / height;
  return (upright && s.length >= 0.2 * height) || middle < 0.5;
}

type Samples = { x: Float32Array; y: Float32Array; bin: Uint8Array; weight: Float32Array; upright: Uint8Array; total: number; totals: [number, number] };

/**
 * Points every working pixel along the lines where the picture itself has the edge (not across the gaps a line
 * was joined over), with their orientation, weight, and whether the line is upright.
 */
function samples(lines: Segment[], own: Uint8Array[], geometry: Geometry): Samples {
  const { width } = geometry;
  const xs: number[] = [];
  const ys: number[] = [];
  const bins: number[] = [];
  const weights: number[] = [];
  const uprights: number[] = [];
  const totals: [number, number] = [0, 0];
  for (const s of lines) {
    const w = weightOf(s, geometry);
    const n = Math.max(1, Math.round(s.length));
    const bin = binOf(s.angle);
    const upright = angleGap(s.angle, Math.PI / 2) < (20 * Math.PI) / 180 ? 1 : 0;
    for (let k = 0; k <= n; k++) {
      const x = s.x1 + ((s.x2 - s.x1) * k) / n;
      const y = s.y1 + ((s.y2 - s.y1) * k) / n;
      if (!own[bin]![Math.round(y) * width + Math.round(x)]) continue;
      xs.push(x);
      ys.push(y);
      bins.push(bin);
      weights.push(w);
      uprights.push(upright);
      totals[upright]! += w;
    }
  }
  return { x: Float32Array.from(xs), y: Float32Array.from(ys), bin: Uint8Array.from(bins), weight: Float32Array.from(weights), upright: Uint8Array.from(uprights), total: totals[0] + totals[1], totals };
}

function binOf(angle: number): number {
  return Math.round((angle / Math.PI) * ORIENTATION_BINS) % ORIENTATION_BINS;
}

/** Per orientation bin, where an edge of that orientation (± one bin) lies within the tolerance. */
function nearMap(edges: Uint8Array, { width, height }: Geometry): Uint8Array[] {
  const maps = Array.from({ length: ORIENTATION_BINS }, () => new Uint8Array(width * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bin = edges[y * width + x]!;
      if (bin === 255) continue;
      for (const target of [(bin + ORIENTATION_BINS - 1) % ORIENTATION_BINS, bin, (bin + 1) % ORIENTATION_BINS]) {
        const map = maps[target]!;
        for (let qy = Math.max(0, y - TOLERANCE_PX); qy <= Math.min(height - 1, y + TOLERANCE_PX); qy++) {
          map.fill(1, qy * width + Math.max(0, x - TOLERANCE_PX), qy * width + Math.min(width - 1, x + TOLERANCE_PX) + 1);
        }
      }
    }
  }
  return maps;
}

/**
 * The weighted share of the sample points found near an edge of the other picture, that picture moved by
 * (dx, dy) and zoomed about its centre. Upright lines and the others count half each when both are there: a
 * shift down slides the uprights along themselves, a shift across the level lines, and the many level lines
 * of a room must not hide what its uprights tell.
 */
function keptShare(points: Samples, near: Uint8Array[], { width, height }: Geometry, dx: number, dy: number, zoom: number): number {
  const cx = width / 2;
  const cy = height / 2;
  let keptLevel = 0;
  let keptUpright = 0;
  for (let k = 0; k < points.x.length; k++) {
    const x = Math.round(cx + (points.x[k]! - cx) * zoom + dx);
    const y = Math.round(cy + (points.y[k]! - cy) * zoom + dy);
    if (x < 0 || y < 0 || x >= width || y >= height || !near[points.bin[k]!]![y * width + x]) continue;
    if (points.upright[k]) keptUpright += points.weight[k]!;
    else keptLevel += points.weight[k]!;
  }
  const [level, upright] = points.totals;
  if (points.total === 0) return 1;
  if (Math.min(level, upright) < BALANCE_SHARE * points.total) return (keptLevel + keptUpright) / points.total;
  return (keptLevel / level + keptUpright / upright) / 2;
}

/** The share of a segment found in the other picture's near map, in place. */
function pieceShare(s: Segment, near: Uint8Array[], { width, height }: Geometry): number {
  const map = near[binOf(s.angle)]!;
  const n = Math.max(1, Math.round(s.length));
  let found = 0;
  for (let k = 0; k <= n; k++) {
    const x = Math.round(s.x1 + ((s.x2 - s.x1) * k) / n);
    const y = Math.round(s.y1 + ((s.y2 - s.y1) * k) / n);
    if (x >= 0 && y >= 0 && x < width && y < height && map[y * width + x]) found++;
  }
  return found / (n + 1);
}

/** A lost line and an added one that are parallel, overlap along their length, and lie within 12 % of the picture of each other. */
function movedTo(s: Segment, t: Segment, long: number): boolean {
  if (angleGap(s.angle, t.angle) > (6 * Math.PI) / 180) return false;
  const ux = (s.x2 - s.x1) / s.length;
  const uy = (s.y2 - s.y1) / s.length;
  const mx = (t.x1 + t.x2) / 2 - s.x1;
  const my = (t.y1 + t.y2) / 2 - s.y1;
  const along = mx * ux + my * uy;
  const across = Math.abs(-mx * uy + my * ux);
  return along > -0.25 * s.length && along < 1.25 * s.length && across <= 0.12 * long;
}

/**
 * An opening of one picture is not in the other: its brightness there is gone (a third of its contrast at most)
 * and at least two of its framed sides have no edge there. A window whose view went dark keeps its frame.
 */
function gone(o: Opening, otherLum: Float32Array, near: Uint8Array[], otherNear: Uint8Array[], geometry: Geometry): boolean {
  const now = contrastOf(otherLum, geometry.width, geometry.height, o.pixels, o);
  if (now >= 0.35 * o.contrast || now >= 15) return false;
  const sides = framedSides(o, near, geometry);
  const kept = framedSides(o, otherNear, geometry).filter((side) => sides.includes(side));
  const missing = sides.filter((side) => !kept.includes(side));
  return missing.length >= 2 && missing.some((side) => side === "left" || side === "right");
}

type Side = "left" | "right" | "top" | "bottom";

/** The sides of an opening's box, away from the picture's edge, along which the picture has an edge of the side's direction. */
function framedSides(o: Opening, near: Uint8Array[], { width, height }: Geometry): Side[] {
  const upright = near[binOf(Math.PI / 2)]!;
  const level = near[binOf(0)]!;
  const along = (map: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
    const n = Math.max(1, Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)));
    let found = 0;
    for (let k = 0; k <= n; k++) if (map[Math.round(y0 + ((y1 - y0) * k) / n) * width + Math.round(x0 + ((x1 - x0) * k) / n)]) found++;
    return found / (n + 1) >= 0.6;
  };
  const sides: Side[] = [];
  if (o.left > 1 && along(upright, o.left, o.top, o.left, o.bottom)) sides.push("left");
  if (o.right < width - 2 && along(upright, o.right, o.top, o.right, o.bottom)) sides.push("right");
  if (o.top > 1 && along(level, o.left, o.top, o.right, o.top)) sides.push("top");
  if (o.bottom < height - 2 && along(level, o.left, o.bottom, o.right, o.bottom)) sides.push("bottom");
  return sides;
}

function mostlyIn(o: Opening, ignored: Uint8Array): boolean {
  let inside = 0;
  for (const p of o.pixels) if (ignored[p]) inside++;
  return inside >= 0.5 * o.pixels.length;
}

function insideShare(s: Segment, ignored: Uint8Array, width: number): number {
  const n = Math.max(1, Math.round(s.length));
  let inside = 0;
  for (let k = 0; k <= n; k++) {
    const x = Math.round(s.x1 + ((s.x2 - s.x1) * k) / n);
    const y = Math.round(s.y1 + ((s.y2 - s.y1) * k) / n);
    if (ignored[y * width + x]) inside++;
  }
  return inside / (n + 1);
}

function placeOf(x: number, y: number, { width, height }: Geometry): Pick<StructureFinding, "side" | "level"> {
  return {
    side: x < width / 3 ? "left" : x > (2 * width) / 3 ? "right" : "centre",
    level: y < height / 3 ? "top" : y > (2 * height) / 3 ? "bottom" : "middle",
  };
}

function openingFinding(kind: "lost" | "added", o: Opening, geometry: Geometry): StructureFinding {
  const { width, height } = geometry;
  // A glazed door reaches down to the floor's part of the picture; a window does not.
  const element = o.bottom > 0.75 * height && o.bottom - o.top > 0.35 * height ? "door" : "window";
  return {
    kind,
    element,
    ...placeOf((o.left + o.right) / 2, (o.top + o.bottom) / 2, geometry),
    box: [round(o.left / width), round(o.top / height), round((o.right + 1) / width), round((o.bottom + 1) / height)],
  };
}

function lineFinding(kind: "lost" | "moved" | "added", s: Segment, geometry: Geometry, to?: Segment): StructureFinding {
  const { width, height } = geometry;
  const upright = angleGap(s.angle, Math.PI / 2) < (15 * Math.PI) / 180;
  const middle = (s.y1 + s.y2) / 2;
  const element = upright ? "wall-corner" : middle < height / 2 ? "ceiling-line" : "floor-line";
  const norm = (t: Segment): [number, number, number, number] => [round(t.x1 / width), round(t.y1 / height), round(t.x2 / width), round(t.y2 / height)];
  return { kind, element, ...placeOf((s.x1 + s.x2) / 2, middle, geometry), segment: norm(s), ...(to ? { to: norm(to) } : {}) };
}

/** A line finding along an opening found lost or added is that opening's frame: the opening says it. */
function insideAnOpening(f: StructureFinding, openings: StructureFinding[]): boolean {
  const line = f.segment;
  if (!line) return false;
  const mx = (line[0] + line[2]) / 2;
  const my = (line[1] + line[3]) / 2;
  const margin = 0.03;
  return openings.some((o) => o.box && mx >= o.box[0] - margin && mx <= o.box[2] + margin && my >= o.box[1] - margin && my <= o.box[3] + margin);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Rec. 709 luma of the sRGB values (in 1/256 steps), averaged over each working pixel's block. */
function luminance(image: RawImage, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const columns = blocks(image.width, width);
  const rows = blocks(image.height, height);
  const sum = new Int32Array(width);
  const { data } = image;
  for (let ty = 0; ty < height; ty++) {
    sum.fill(0);
    for (let y = rows.start[ty]!; y < rows.end[ty]!; y++) {
      const row = y * image.width * 3;
      for (let tx = 0; tx < width; tx++) {
        let s = 0;
        for (let x = columns.start[tx]!, i = row + x * 3, end = columns.end[tx]!; x < end; x++, i += 3) s += 54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]!;
        sum[tx] = sum[tx]! + s;
      }
    }
    const rowsIn = rows.end[ty]! - rows.start[ty]!;
    for (let tx = 0; tx < width; tx++) out[ty * width + tx] = sum[tx]! / (256 * rowsIn * (columns.end[tx]! - columns.start[tx]!));
  }
  return out;
}

/** `from` pixels split evenly into `to` blocks of at least one pixel (a result smaller than the working size repeats pixels). */
function blocks(from: number, to: number): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(to);
  const end = new Int32Array(to);
  for (let t = 0; t < to; t++) {
    start[t] = Math.min(from - 1, Math.floor((t * from) / to));
    end[t] = Math.max(start[t]! + 1, Math.floor(((t + 1) * from) / to));
  }
  return { start, end };
}

/** The mask at the working size (a working pixel is masked if any of its pixels is), grown by MASK_GROWTH_PX. */
function maskAt(mask: RawMask, width: number, height: number): Uint8Array {
  const small = new Uint8Array(width * height);
  const column = new Int32Array(mask.width);
  for (let x = 0; x < mask.width; x++) column[x] = Math.min(width - 1, Math.floor((x * width) / mask.width));
  const rows = maskRows(mask);
  for (let y = rows?.top ?? 0; y < (rows?.bottom ?? 0); y++) {
    const row = Math.min(height - 1, Math.floor((y * height) / mask.height)) * width;
    for (let x = 0, i = y * mask.width; x < mask.width; x++, i++) if (mask.data[i]! >= 128) small[row + column[x]!] = 1;
  }
  const grown = new Uint8Array(width * height);
  for (let i = 0; i < small.length; i++) {
    if (!small[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    for (let qy = Math.max(0, y - MASK_GROWTH_PX); qy <= Math.min(height - 1, y + MASK_GROWTH_PX); qy++) {
      grown.fill(1, qy * width + Math.max(0, x - MASK_GROWTH_PX), qy * width + Math.min(width - 1, x + MASK_GROWTH_PX) + 1);
    }
  }
  return grown;
}
