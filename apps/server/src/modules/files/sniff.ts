/** Checks a file's first bytes against what its extension claims. */
export function sniffMatches(ext: string, head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  switch (ext) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'webp':
      return starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('ascii') === 'WEBP';
    case 'pdf':
      return head.subarray(0, 5).toString('ascii') === '%PDF-';
    case 'mp4':
      return head.subarray(4, 8).toString('ascii') === 'ftyp';
    case 'xlsx':
      return starts(0x50, 0x4b, 0x03, 0x04);
    case 'csv':
      // Text: no NUL bytes in what we have seen.
      return !head.includes(0);
    default:
      return false;
  }
}
