import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: it needs no database. Migrations are applied by the app at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
  casing: "snake_case",
});
