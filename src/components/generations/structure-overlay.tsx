import type { StructureFinding } from "@/schemas/structure";

type Quad = [number, number, number, number];

/**
 * What the structure check found, drawn over the result in shares of its size: what the photo had and the
 * result lost in dashed red, what is new or where a line went in solid amber, and for a moved camera the
 * photo's frame as it lies in the result. Labelled as one picture: the findings themselves are said in words
 * next to it.
 */
export function StructureOverlay({ findings, label }: { findings: StructureFinding[]; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 size-full"
      data-testid="structure-overlay"
    >
      {findings.map((finding, i) => (
        <g key={i}>{shapes(finding)}</g>
      ))}
    </svg>
  );
}

const gone = { stroke: "#dc2626", strokeDasharray: "4 3" };
const fresh = { stroke: "#f59e0b" };

function shapes(finding: StructureFinding) {
  const look = finding.kind === "added" ? fresh : gone;
  const out = [];
  if (finding.box) out.push(<rect key="box" {...rect(finding.box)} {...look} {...common} />);
  if (finding.segment) out.push(<line key="from" {...line(finding.segment)} {...look} {...common} />);
  if (finding.to) out.push(<line key="to" {...line(finding.to)} {...fresh} {...common} />);
  if (finding.shift) {
    const { across, down, zoom } = finding.shift;
    // The photo's frame as it lies in the result: scaled about the centre, then moved.
    const edge = (value: number, shift: number) => 50 + (value - 50) * zoom + shift * 100;
    out.push(<rect key="frame" {...rect([edge(0, across) / 100, edge(0, down) / 100, edge(100, across) / 100, edge(100, down) / 100])} {...fresh} {...common} strokeDasharray="6 3" />);
  }
  return out;
}

const common = { fill: "none", strokeWidth: 3, vectorEffect: "non-scaling-stroke", strokeLinecap: "round" } as const;

function rect([left, top, right, bottom]: Quad) {
  return { x: left * 100, y: top * 100, width: (right - left) * 100, height: (bottom - top) * 100 };
}

function line([x1, y1, x2, y2]: Quad) {
  return { x1: x1 * 100, y1: y1 * 100, x2: x2 * 100, y2: y2 * 100 };
}
