/**
 * The mask editor alone on a page, for bench/mask-brush.ts --harness: bundled with esbuild (next-intl's
 * hooks come from use-intl, which next-intl re-exports), English messages, the photo at /photo.jpg with its
 * size in the query string. Every mask handed over is noted in window.maskBench.masks.
 */
import { createRoot } from "react-dom/client";
import { IntlProvider } from "use-intl";
import en from "../../messages/en.json";
import { MaskEditor } from "../../src/components/design/mask-editor/mask-editor";

declare global {
  interface Window {
    maskBench: { masks: Array<Blob | null> };
  }
}

window.maskBench = { masks: [] };
const query = new URLSearchParams(location.search);
const width = Number(query.get("width"));
const height = Number(query.get("height"));

createRoot(document.getElementById("root")!).render(
  <IntlProvider locale="en" messages={en}>
    <main style={{ padding: 16 }}>
      <MaskEditor imageUrl="/photo.jpg" width={width} height={height} purpose="region" onChange={(mask) => window.maskBench.masks.push(mask)} />
    </main>
  </IntlProvider>,
);
