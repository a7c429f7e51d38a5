import "server-only";
import { engineModes } from "@/config/engines";
import type { EditMode } from "@/config/edit-modes";
import { AppError } from "@/server/errors";

/**
 * Refuses a mode the engine cannot do (the page offers only the engine's modes; the API and the MCP server may
 * ask for any): INVALID_INPUT with the reason modeNotOnEngine, naming the engine and the modes it can do.
 */
export function checkModeOnEngine(options: { mode: EditMode; engineId: string }): void {
  const offered = engineModes(options.engineId);
  if (!offered.includes(options.mode)) throw new AppError("INVALID_INPUT", { field: "mode", reason: "modeNotOnEngine", engine: options.engineId, modes: offered.join(", ") });
}
