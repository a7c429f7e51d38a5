import path from "node:path";

/** Drizzle's migrations, from the project's root (every process and tool runs there). */
export const migrationsFolder = path.join(process.cwd(), "src/server/db/migrations");
