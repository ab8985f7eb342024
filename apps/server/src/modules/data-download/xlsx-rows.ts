import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/** A cell of an xlsx row as read: text, number, true/false, a date (t="d") or empty. */
export type XlsxCell = string | number | boolean | Date | null;

/** Excel's last column is XFD (16,384); a reference beyond it is not a sheet's. */
const MAX_COLUMNS = 16_384;
/** The shared strings are held in memory while the sheet is read: a part larger than this is refused. */
const MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;
/** Workbook, relationship and content parts are read whole; none of a real workbook's comes near this. */
const MAX_SMALL_PART_BYTES = 4 * 1024 * 1024;

const openZip = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/**
 * The first sheet's rows of an xlsx, one array per row, streamed.
 *
 * The archive is read through its central directory, so its parts are read in
 * the order they are needed (relationships, workbook, shared strings, then the
 * sheet) whatever order they were stored in. exceljs's streaming reader reads
 * them in stored order in one pass and, when a sheet is stored before the
 * workbook part (as exceljs itself writes them), sometimes ends the pass before
 * it has seen the workbook and fails on a good file (exceljs issue 3064).
 *
 * "The first sheet" is the first in the workbook's own order, the one a
 * spreadsheet program opens on. Cells keep what they show: shared and inline
 * strings (rich text joined), a formula's cached result, numbers as numbers
 * (dates stored as numbers stay numbers, as styles are not read), booleans,
 * and an error as its text (#N/A). Cells are placed by their reference, so an
 * empty cell between two others is null.
 */
export async function* readXlsxRows(source: Readable): AsyncGenerator<XlsxCell[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of source as AsyncIterable<Buffer>) chunks.push(chunk);
  const zip = await openZip(Buffer.concat(chunks), { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  try {
    const entries = await entriesOf(zip);
    const part = (name: string) => entries.get(name);
    const workbookPath = officeDocumentPath(await xmlText(zip, part('_rels/.rels'), false));
    const workbookXml = await xmlText(zip, part(workbookPath), true);
    const sheetPath = firstSheetPath(workbookPath, workbookXml!, await xmlText(zip, part(relsPathOf(workbookPath)), true));
    const sheet = part(sheetPath);
    if (!sheet) throw new Error(`no part ${sheetPath}`);
    const stringsEntry = part(path.join(path.dirname(workbookPath), 'sharedStrings.xml'));
    if (stringsEntry && stringsEntry.uncompressedSize > MAX_SHARED_STRINGS_BYTES) throw new Error('shared strings too large');
    const strings = stringsEntry ? sharedStrings(await readEntry(zip, stringsEntry)) : [];
    yield* sheetRows(await openEntry(zip, sheet), strings);
  } finally {
    zip.close();
  }
}

/** Every entry of the archive by its name (folders included, which no part is named after). */
function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return promisify<yauzl.Entry, Readable>(zip.openReadStream.bind(zip))(entry);
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await openEntry(zip, entry)) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A small part's text; undefined when it is absent and not `required`. */
async function xmlText(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, required: true): Promise<string>;
async function xmlText(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, required: false): Promise<string | undefined>;
async function xmlText(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, required: boolean): Promise<string | undefined> {
  if (!entry) {
    if (required) throw new Error('a workbook part is missing');
    return undefined;
  }
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) throw new Error(`${entry.fileName} too large`);
  return (await readEntry(zip, entry)).toString('utf8');
}

/** An element's name without its namespace prefix (<x:row> is a row). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Calls `onTag` for every opening tag of a whole document. */
function eachTag(xml: string, onTag: (tag: SaxesTagPlain) => void): void {
  const parser = new SaxesParser();
  parser.on('opentag', onTag);
  parser.write(xml).close();
}

/** The relationship targets of a .rels part, by id, for relationships whose type ends with `typeSuffix`. */
function relationships(xml: string | undefined, typeSuffix?: string): Map<string, string> {
  const found = new Map<string, string>();
  if (xml === undefined) return found;
  eachTag(xml, (tag) => {
    if (localName(tag.name) !== 'Relationship') return;
    const { Id: id, Target: target, Type: type } = tag.attributes as Record<string, string | undefined>;
    if (id && target && (!typeSuffix || type?.endsWith(typeSuffix))) found.set(id, target);
  });
  return found;
}

/** A target is relative to the folder of the part whose relationships name it, or absolute from the root. */
const resolveTarget = (fromPart: string, target: string) =>
  target.startsWith('/') ? target.slice(1) : path.normalize(path.join(path.dirname(fromPart), target));

const relsPathOf = (part: string) => path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

/** The workbook part the package's relationships name (xl/workbook.xml in every file seen). */
function officeDocumentPath(rootRels: string | undefined): string {
  const [target] = relationships(rootRels, '/officeDocument').values();
  return target ? resolveTarget('', target) : 'xl/workbook.xml';
}

/** The part of the workbook's first sheet, through its relationship id. */
function firstSheetPath(workbookPath: string, workbookXml: string, workbookRels: string): string {
  let firstId: string | undefined;
  eachTag(workbookXml, (tag) => {
    if (firstId !== undefined || localName(tag.name) !== 'sheet') return;
    const id = Object.entries(tag.attributes).find(([name]) => localName(name) === 'id' && name !== 'sheetId');
    firstId = typeof id?.[1] === 'string' ? id[1] : '';
  });
  const target = firstId ? relationships(workbookRels).get(firstId) : undefined;
  if (!target) throw new Error('the workbook names no sheet');
  return resolveTarget(workbookPath, target);
}

/**
 * The shared strings, in order. An item's text is its <t> elements joined
 * (plain or in rich-text runs); phonetic guides (<rPh>) are not part of it.
 */
function sharedStrings(xml: Buffer): string[] {
  const strings: string[] = [];
  const parser = new SaxesParser();
  let text: string | null = null;
  let inText = false;
  let phonetic = 0;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') text = '';
    else if (name === 'rPh') phonetic += 1;
    else if (name === 't' && phonetic === 0) inText = true;
  });
  parser.on('text', (t) => {
    if (inText && text !== null) text += t;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      strings.push(text ?? '');
      text = null;
    } else if (name === 'rPh') phonetic -= 1;
    else if (name === 't') inText = false;
  });
  parser.write(xml.toString('utf8')).close();
  return strings;
}

/** The column of a cell reference, from 0 (A1 → 0, AB7 → 27); -1 when it has none. */
export function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  if (i === 0) return -1;
  if (column > MAX_COLUMNS) throw new Error(`column of ${reference} is beyond the last one`);
  return column - 1;
}

/** A cell's value from its type attribute and the text of its <v> (or inline <is>). */
function cellValue(type: string | undefined, value: string | null, inline: string | null, strings: string[]): XlsxCell {
  switch (type) {
    case 's': {
      if (value === null) return null;
      const text = strings[Number(value)];
      if (text === undefined) throw new Error(`no shared string ${value}`);
      return text;
    }
    case 'inlineStr':
      return inline ?? value ?? null;
    case 'str':
    case 'e':
      return value;
    case 'b':
      return value === null ? null : value === '1' || value === 'true';
    case 'd':
      return value === null ? null : new Date(value);
    default: {
      if (value === null || value.trim() === '') return null;
      const n = Number(value);
      if (Number.isNaN(n)) throw new Error(`a number cell holds ${value}`);
      return n;
    }
  }
}

/**
 * The rows of a sheet part as its bytes arrive: each chunk is parsed, and the
 * rows it completed are handed on before the next chunk is read.
 */
async function* sheetRows(sheet: Readable, strings: string[]): AsyncGenerator<XlsxCell[]> {
  const parser = new SaxesParser();
  const done: XlsxCell[][] = [];
  let row: XlsxCell[] | null = null;
  let cell: { column: number; type: string | undefined } | null = null;
  // The text of the cell's <v>, and of its inline string's <t> elements (rich runs joined).
  let value: string | null = null;
  let inline: string | null = null;
  let reading: 'v' | 't' | null = null;
  let phonetic = 0;

  parser.on('opentag', (tag) => {
    switch (localName(tag.name)) {
      case 'row':
        row = [];
        break;
      case 'c': {
        if (!row) break;
        const attributes = tag.attributes as Record<string, string | undefined>;
        const column = columnOf(attributes.r);
        cell = { column: column >= 0 ? column : row.length, type: attributes.t };
        value = null;
        inline = null;
        break;
      }
      case 'v':
        if (cell) {
          reading = 'v';
          value = '';
        }
        break;
      case 'rPh':
        phonetic += 1;
        break;
      case 't':
        if (cell && phonetic === 0) {
          reading = 't';
          inline ??= '';
        }
        break;
    }
  });
  parser.on('text', (text) => {
    if (reading === 'v') value += text;
    else if (reading === 't') inline += text;
  });
  parser.on('closetag', (tag) => {
    switch (localName(tag.name)) {
      case 'v':
      case 't':
        reading = null;
        break;
      case 'rPh':
        phonetic -= 1;
        break;
      case 'c':
        if (row && cell) {
          const v = cellValue(cell.type, value, inline, strings);
          // Cells before this one that the sheet left out are empty.
          while (row.length < cell.column) row.push(null);
          row[cell.column] = v;
        }
        cell = null;
        break;
      case 'row':
        if (row) done.push(row);
        row = null;
        break;
    }
  });

  // Decoded as a stream, so a character split between two chunks is whole.
  sheet.setEncoding('utf8');
  for await (const chunk of sheet as AsyncIterable<string>) {
    parser.write(chunk);
    yield* done.splice(0);
  }
  parser.close();
  yield* done.splice(0);
}
