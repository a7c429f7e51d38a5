/**
 * Decoded pixels, so that edits chain (recolour, composite, structure check) without encoding in between.
 * Row by row, top to bottom; sRGB, 8 bits per channel.
 */
export type RawImage = { data: Buffer; width: number; height: number; channels: 3 };

/** One channel, 0 = keep, 255 = edit (decoded masks are binary; feathering happens inside the edits). */
export type RawMask = { data: Uint8Array; width: number; height: number };

/** CIELAB under D65, L in 0..100. */
export type Lab = { L: number; a: number; b: number };
