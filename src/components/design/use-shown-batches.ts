import { useCallback, useEffect, useRef, useState } from "react";
import type { BatchDto } from "@/schemas/generation";

/**
 * The batches the page shows, newest first: each one Generate started, and when the page is opened again
 * (a reload, a visit elsewhere) the newest batch and any still being made, from the person's data.
 */
export function useShownBatches(shownAgain: readonly BatchDto[] | null) {
  const [batches, setBatches] = useState<BatchDto[]>([]);
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current || shownAgain === null) return;
    adopted.current = true;
    if (shownAgain.length === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the person's data exists only in the browser
    setBatches((list) => [...list, ...shownAgain.filter((b) => !list.some((shown) => shown.id === b.id))]);
  }, [shownAgain]);
  const addBatch = useCallback((batch: BatchDto) => setBatches((list) => [batch, ...list.filter((b) => b.id !== batch.id)]), []);
  return { batches, addBatch };
}
