/**
 * Where image bytes live: files under DATA_DIR or an S3-compatible bucket (S3_*). Keys are opaque strings made by
 * the caller (e.g. `images/<id>.webp`); the database row is the source of truth for who owns what.
 */
export interface ImageStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when the object is gone. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}
