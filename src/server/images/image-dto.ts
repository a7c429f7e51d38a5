import "server-only";
import type { image } from "@/server/db/schema";
import type { ImageDto } from "@/schemas/generation";

/** An image row, and its shape for the client: uploads, results and masks alike. */
export type ImageRow = typeof image.$inferSelect;

export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

export function toImageDto(row: ImageRow): ImageDto {
  return {
    id: row.id,
    url: imageUrl(row.id),
    kind: row.kind,
    width: row.width,
    height: row.height,
    ...(row.displayKey && row.displayWidth ? { display: { url: `${imageUrl(row.id)}?size=display`, width: row.displayWidth } } : {}),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
