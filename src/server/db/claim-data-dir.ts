import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import path from "node:path";

/** While held, the claim is touched this often. */
const TOUCH_EVERY_MS = 5_000;
/** A claim its holder has not touched for this long is left over, whatever runs under its process id now. */
const STALE_AFTER_MS = 30_000;

/**
 * Claims the embedded database's data directory for this process: two processes on one PGlite directory lose
 * each other's writes without a word (a second server started by mistake, on another port or on a port that
 * is taken). The claim is a file holding our process id, created only if absent and touched every few seconds
 * while held; one left by a process that no longer runs (killed), or not touched for longer (its process id
 * now another program's, after a container restarted), is taken over. Returns its release.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "db.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const touch = setInterval(() => {
        const now = new Date();
        try {
          utimesSync(file, now, now);
        } catch {
          // Gone with its directory: nothing to keep fresh.
        }
      }, TOUCH_EVERY_MS);
      touch.unref();
      return () => {
        clearInterval(touch);
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      const fresh = Date.now() - statSync(file).mtimeMs < STALE_AFTER_MS;
      if (Number.isInteger(holder) && holder !== process.pid && fresh && isProcessRunning(holder)) {
        throw new Error(`The data directory ${dataDir} is in use by process ${holder}: one process per embedded database (several processes share PostgreSQL through DATABASE_URL).`);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not claim the data directory ${dataDir}`);
}

/** Whether a process with this id runs (as any user). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
