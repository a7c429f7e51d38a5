import type { StructureFinding } from "@/schemas/structure";

/** The message of each element under generation.structure.findings (next-intl keys cannot hold every character). */
const messageOf = {
  window: "window",
  door: "door",
  "wall-corner": "wallCorner",
  "ceiling-line": "ceilingLine",
  "floor-line": "floorLine",
  opening: "opening",
  camera: "camera",
} as const satisfies Record<StructureFinding["element"], string>;

export type FindingPhrase = {
  key: (typeof messageOf)[StructureFinding["element"]];
  values: { kind: StructureFinding["kind"]; side: StructureFinding["side"]; direction: "up" | "down" | "left" | "right" | "zoom" | "out" | "none" };
};

/**
 * What a flagged result's findings say, as messages to translate: one per element, kind and side (three lost
 * wall corners on the left are one phrase), the camera first, at most `limit`.
 */
export function findingPhrases(findings: StructureFinding[], limit = 3): FindingPhrase[] {
  const phrases = new Map<string, FindingPhrase>();
  const ordered = findings.toSorted((a, b) => Number(b.element === "camera") - Number(a.element === "camera"));
  for (const finding of ordered) {
    const phrase: FindingPhrase = { key: messageOf[finding.element], values: { kind: finding.kind, side: finding.side, direction: directionOf(finding) } };
    const id = `${phrase.key}:${phrase.values.kind}:${phrase.values.side}:${phrase.values.direction}`;
    if (!phrases.has(id)) phrases.set(id, phrase);
  }
  return [...phrases.values()].slice(0, limit);
}

/** Which way a moved line went (up is higher in the picture), or how the camera changed. */
function directionOf(finding: StructureFinding): FindingPhrase["values"]["direction"] {
  if (finding.shift) {
    if (finding.shift.zoom > 1.02) return "zoom";
    if (finding.shift.zoom < 0.98) return "out";
    return "none";
  }
  const { segment, to } = finding;
  if (!segment || !to) return "none";
  const dx = (to[0] + to[2] - segment[0] - segment[2]) / 2;
  const dy = (to[1] + to[3] - segment[1] - segment[3]) / 2;
  if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? "up" : "down";
  return dx < 0 ? "left" : "right";
}
