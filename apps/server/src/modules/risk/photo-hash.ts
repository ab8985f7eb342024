/**
 * A 64-bit difference hash (dHash) of an image, as 16 hex digits: the picture
 * shrunk to 9×8 greys, one bit per pair of neighbours (is the left one
 * brighter). Resizing, re-saving or recompressing a photo changes few bits; a
 * different photo changes about half of them. Answers null for bytes that
 * are not an image sharp can read.
 */
export async function photoHash(bytes: Buffer): Promise<string | null> {
  let pixels: Buffer;
  try {
    // Loaded on the first photo, not at start: most processes never hash one.
    const { default: sharp } = await import('sharp');
    // rotate() first: a phone's EXIF orientation must not make the same photo look different.
    pixels = await sharp(bytes, { failOn: 'none' }).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  } catch {
    return null;
  }
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/** The hash as PostgreSQL's signed bigint holds it. */
export const hashToBigint = (hex: string): bigint => BigInt.asIntN(64, BigInt(`0x${hex}`));
