import "server-only";
import { availableParallelism } from "node:os";
import { fairSlots } from "@/server/images/fair-slots";
import { remember } from "@/server/process-singletons";

/**
 * The cores labelling may take in this process: one fewer than the machine has (at least one), one file at a
 * time per owner (an account, a client link), owners taking turns. Every labelled file goes through these
 * slots, whether a download makes it (labelledResultFile) or the HD worker does (labelledHdFile), so a flood
 * of downloads or orders leaves a core to everyone else and queues behind its own work, not theirs.
 */
export function labelSlots() {
  return remember("labelSlots", () => fairSlots({ slots: Math.max(1, availableParallelism() - 1), perOwner: 1 }));
}
