import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * Claims the embedded database's data directory for this process: two processes on one PGlite directory lose
 * each other's writes without a word (a second server started by mistake, on another port or on a port that
 * is taken). The claim is a file holding our process id, created only if absent; one left by a process that no
 * longer runs (killed, or a container restarted) is taken over. Returns its release.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "db.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new Error(`The data directory ${dataDir} is in use by process ${holder}: one process per embedded database (several processes share PostgreSQL through DATABASE_URL).`);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not claim the data directory ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
