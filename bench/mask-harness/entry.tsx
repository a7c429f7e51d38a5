/**
 * The mask editor alone on a page, for bench/mask-brush.ts --harness: bundled with esbuild (next-intl's
 * hooks come from use-intl, which next-intl re-exports), English messages, the photo at /photo.jpg with its
 * size in the query string. window.maskBench.currentMask() gives the mask as painted, as Generate asks for it.
 */
import { createRef } from "react";
import { createRoot } from "react-dom/client";
import { IntlProvider } from "use-intl";
import en from "../../messages/en.json";
import { MaskEditor, type MaskEditorHandle } from "../../src/components/design/mask-editor/mask-editor";

declare global {
  interface Window {
    maskBench: { currentMask: () => Promise<Blob | null> };
  }
}

const editor = createRef<MaskEditorHandle>();
window.maskBench = { currentMask: () => editor.current?.currentMask() ?? Promise.resolve(null) };
const query = new URLSearchParams(location.search);
const width = Number(query.get("width"));
const height = Number(query.get("height"));

createRoot(document.getElementById("root")!).render(
  <IntlProvider locale="en" messages={en}>
    <main style={{ padding: 16 }}>
      <MaskEditor imageUrl="/photo.jpg" width={width} height={height} purpose="region" handle={editor} />
    </main>
  </IntlProvider>,
);
