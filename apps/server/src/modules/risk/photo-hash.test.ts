import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hammingDistance } from '@pmw/contract/risk';
import { photoHash } from './photo-hash';

/** A photo-like picture: smooth colour fields whose layout depends on the seed. */
function picture(seed: number, width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.sin((x / width) * (3 + seed) + seed) * Math.cos((y / height) * (2 + 2 * seed) - seed);
      const o = (y * width + x) * 3;
      pixels[o] = 128 + 120 * v;
      pixels[o + 1] = 128 + 100 * Math.sin(seed + x / 40);
      pixels[o + 2] = 128 - 120 * v;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('the perceptual hash of a photo', () => {
  it('matches a resized and recompressed copy, and a PNG re-save, but not a different photo', async () => {
    const shop = await picture(1);
    const hash = (await photoHash(shop))!;
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const smaller = (await photoHash(await sharp(shop).resize(300, 225).jpeg({ quality: 50 }).toBuffer()))!;
    const png = (await photoHash(await sharp(shop).png().toBuffer()))!;
    expect(hammingDistance(hash, smaller)).toBeLessThanOrEqual(10);
    expect(hammingDistance(hash, png)).toBeLessThanOrEqual(10);
    const otherShop = (await photoHash(await picture(4)))!;
    expect(hammingDistance(hash, otherShop)).toBeGreaterThan(10);
  });

  it('answers null for bytes that are not an image', async () => {
    expect(await photoHash(Buffer.from('%PDF-1.4 not a picture'))).toBeNull();
  });
});
