import { describe, expect, it } from 'vitest';
import { crlfRecords, csvField, csvLine } from './csv';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField('अनीता')).toBe('अनीता');
  });
  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+911')).toBe("'+911");
    expect(csvField(-5)).toBe('-5');
  });
  it('ends lines with CRLF', () => expect(csvLine(['a', 1, null])).toBe('a,1,\r\n'));
});

describe("COPY's records as the file's lines", () => {
  const copied = '1,"two\nlines",x\n2,"say ""hi""\nthere",y\n3,plain,z\n';
  const expected = '1,"two\nlines",x\r\n2,"say ""hi""\nthere",y\r\n3,plain,z\r\n';
  async function lines(chunks: string[]) {
    async function* source() {
      for (const c of chunks) yield Buffer.from(c);
    }
    const out: Buffer[] = [];
    for await (const piece of crlfRecords(source())) out.push(piece);
    return { text: Buffer.concat(out).toString(), pieces: out.length };
  }

  it('end with CRLF, keeping line breaks inside quotes, however COPY cuts its chunks', async () => {
    expect((await lines([copied])).text).toBe(expected);
    for (let cut = 1; cut < copied.length; cut++) expect((await lines([copied.slice(0, cut), copied.slice(cut)])).text).toBe(expected);
    expect((await lines([...copied])).text).toBe(expected);
  });

  it('come in pieces of about 64 KB, not one a row', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `${i},name ${i}\n`);
    const { text, pieces } = await lines(rows);
    expect(text).toBe(rows.join('').replaceAll('\n', '\r\n'));
    expect(pieces).toBeLessThan(10);
  });
});
