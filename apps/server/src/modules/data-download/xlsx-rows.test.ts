import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { columnOf, readXlsxRows, type XlsxCell } from './xlsx-rows';

/** The bytes in pieces of `size`, as a file or upload stream hands them over. */
const inPieces = (bytes: Buffer, size = 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );

async function rowsOf(bytes: Buffer, size?: number): Promise<XlsxCell[][]> {
  const rows: XlsxCell[][] = [];
  for await (const row of readXlsxRows(inPieces(bytes, size))) rows.push(row);
  return rows;
}

async function excelJsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Leads');
  ws.addRow(['lead_id', 'city']);
  ws.addRow([9001, 'Pune']);
  ws.addRow(['9002', 'Delhi']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A package of the given parts, stored in the given order (as other programs write them). */
async function pack(parts: [string, string][]): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of parts) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`;
const rootRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbookRels = (
  sheets: string[],
) => `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  ${sheets.map((s, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${s}"/>`).join('')}</Relationships>`;
const workbook = (sheetCount: number) => `<?xml version="1.0" encoding="UTF-8"?>
  <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <sheets>${Array.from({ length: sheetCount }, (_, i) => `<sheet name="S${i + 1}" sheetId="${9 - i}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`;
const sheet = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?>
  <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

describe('reading an xlsx', () => {
  it('reads a workbook exceljs wrote, every time, with many read at once', async () => {
    // exceljs stores the sheet before the workbook part; its own streaming reader failed on some of these reads.
    const bytes = await excelJsWorkbook();
    const reads = await Promise.all(Array.from({ length: 40 }, (_, i) => rowsOf(bytes, 256 + i * 64)));
    for (const rows of reads)
      expect(rows).toEqual([
        ['lead_id', 'city'],
        [9001, 'Pune'],
        ['9002', 'Delhi'],
      ]);
  });

  it('reads parts in the order it needs them, whatever order they are stored in', async () => {
    const bytes = await pack([
      ['[Content_Types].xml', contentTypes],
      ['_rels/.rels', rootRels],
      ['xl/_rels/workbook.xml.rels', workbookRels(['worksheets/sheet1.xml'])],
      [
        'xl/sharedStrings.xml',
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>lead_id</t></si><si><t>Pune</t></si></sst>',
      ],
      [
        'xl/worksheets/sheet1.xml',
        sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>9001</v></c><c r="B2" t="s"><v>1</v></c></row>'),
      ],
      ['xl/workbook.xml', workbook(1)],
    ]);
    expect(await rowsOf(bytes)).toEqual([['lead_id'], [9001, 'Pune']]);
  });

  it('takes the first sheet in the workbook’s order, not in the archive’s', async () => {
    const bytes = await pack([
      ['_rels/.rels', rootRels],
      ['xl/worksheets/sheet2.xml', sheet('<row><c t="inlineStr"><is><t>second</t></is></c></row>')],
      ['xl/worksheets/sheet1.xml', sheet('<row><c t="inlineStr"><is><t>first</t></is></c></row>')],
      ['xl/workbook.xml', workbook(2)],
      ['xl/_rels/workbook.xml.rels', workbookRels(['/xl/worksheets/sheet1.xml', 'worksheets/sheet2.xml'])],
    ]);
    expect(await rowsOf(bytes)).toEqual([['first']]);
  });

  it('keeps what each cell shows: rich text, inline text, formula results, booleans, errors, gaps', async () => {
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      <si><r><t>Ne</t></r><r><rPr><b/></rPr><t xml:space="preserve">ha &amp; co</t></r><rPh><t>ネ</t></rPh></si></sst>`;
    const rows = `<row r="3">
      <c r="A3" t="s"><v>0</v></c>
      <c r="C3" t="inlineStr"><is><t>00123</t></is></c>
      <c r="D3"><f>1+2</f><v>3</v></c>
      <c r="E3" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>
      <c r="F3" t="b"><v>1</v></c>
      <c r="G3" t="e"><v>#N/A</v></c>
      <c r="H3" s="2"/>
      <c r="I3"><v>1500.5</v></c>
    </row>`;
    const bytes = await pack([
      ['_rels/.rels', rootRels],
      ['xl/workbook.xml', workbook(1)],
      ['xl/_rels/workbook.xml.rels', workbookRels(['worksheets/sheet1.xml'])],
      ['xl/sharedStrings.xml', strings],
      ['xl/worksheets/sheet1.xml', sheet(rows)],
    ]);
    expect(await rowsOf(bytes)).toEqual([['Neha & co', null, '00123', 3, 'ab', true, '#N/A', null, 1500.5]]);
  });

  it('reads elements with a namespace prefix, and text split between pieces of the file', async () => {
    const name = 'नेहा गुप्ता';
    const bytes = await pack([
      ['_rels/.rels', rootRels],
      [
        'xl/workbook.xml',
        workbook(1)
          .replace(/<(\/?)(workbook|sheets|sheet)\b/g, '<$1x:$2')
          .replace('xmlns=', 'xmlns:x='),
      ],
      ['xl/_rels/workbook.xml.rels', workbookRels(['worksheets/sheet1.xml'])],
      [
        'xl/worksheets/sheet1.xml',
        `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
        <x:row><x:c r="B1" t="inlineStr"><x:is><x:t>${name.repeat(200)}</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
      ],
    ]);
    // Stored, so the pieces cut the sheet's text between a character's bytes.
    expect(await rowsOf(bytes, 7)).toEqual([[null, name.repeat(200)]]);
  });

  it('refuses what is not a workbook', async () => {
    const refuse = (bytes: Buffer) => expect(rowsOf(bytes)).rejects.toThrow();
    await refuse(Buffer.from('lead_id\n9001\n'));
    await refuse(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    await refuse(await pack([['hello.txt', 'hello']]));
    // A workbook that names a sheet it does not hold.
    await refuse(
      await pack([
        ['_rels/.rels', rootRels],
        ['xl/workbook.xml', workbook(1)],
        ['xl/_rels/workbook.xml.rels', workbookRels(['worksheets/sheet1.xml'])],
      ]),
    );
    // A shared string that is not there, and a column beyond Excel's last.
    const base: [string, string][] = [
      ['_rels/.rels', rootRels],
      ['xl/workbook.xml', workbook(1)],
      ['xl/_rels/workbook.xml.rels', workbookRels(['worksheets/sheet1.xml'])],
    ];
    await refuse(await pack([...base, ['xl/worksheets/sheet1.xml', sheet('<row><c r="A1" t="s"><v>4</v></c></row>')]]));
    await refuse(await pack([...base, ['xl/worksheets/sheet1.xml', sheet('<row><c r="ZZZZ1"><v>1</v></c></row>')]]));
  });

  it('numbers columns as Excel does', () => {
    expect([columnOf('A1'), columnOf('Z9'), columnOf('AA10'), columnOf('XFD1'), columnOf(undefined), columnOf('12')]).toEqual([
      0, 25, 26, 16_383, -1, -1,
    ]);
  });
});
