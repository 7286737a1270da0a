import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from '@atendo/domain';

/** At most this many data rows and columns are read from one file. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_COLUMNS = 200;

type Cell = string | null;

/** A cell as text: numbers without exponent, dates as ISO days, formulas by their result. */
function cellText(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number')
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return (
      value.richText
        .map((r) => r.text)
        .join('')
        .trim() || null
    );
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return null;
}

/** The first sheet's rows as text cells, empty rows dropped. */
function sheetRows(sheet: ExcelJS.Worksheet | undefined): Cell[][] {
  const rows: Cell[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    const width = Math.min(row.cellCount, MAX_IMPORT_COLUMNS);
    for (let i = 1; i <= width; i++) cells.push(cellText(row.getCell(i).value));
    if (cells.some((c) => c !== null)) rows.push(cells);
  });
  return rows;
}

/** The separator of a text table: the most frequent of `;`, tab and `,` in its first line. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', '\t', ','].map((d) => [d, first.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

const isZip = (b: Buffer) => b.length > 4 && b.readUInt32BE(0) === 0x504b0304;
/** Legacy binary Excel (OLE2 compound file). */
const isOle = (b: Buffer) => b.length > 8 && b.readUInt32BE(0) === 0xd0cf11e0;

/**
 * Reads an uploaded spreadsheet into a header row and data rows, by its content (never its
 * name): an xlsx workbook (first sheet), or UTF-8 text (csv or txt, separated by commas,
 * semicolons or tabs). Anything else, legacy binary .xls included, is ERR_INVALID_FILE
 * ('Arquivo inválido!'); such a file saved again as .xlsx or .csv imports.
 */
export async function readContactsFile(
  file: Buffer | undefined,
  fileName = 'contacts',
): Promise<{ fileName: string; columns: string[]; rows: Cell[][] }> {
  if (!file?.length) throw new AppError('ERR_INVALID_FILE');
  // Loaded on first use: the spreadsheet library is large and most processes never need it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    if (isZip(file)) {
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
    } else {
      if (isOle(file)) throw new Error('legacy xls');
      const text = new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
      if (text.includes('\u0000')) throw new Error('binary');
      await workbook.csv.read(Readable.from([text]), {
        // Cells stay text: a number such as 0800… or 5511… must not become a float.
        map: (v: unknown) => v,
        parserOptions: { delimiter: delimiterOf(text), relaxColumnCount: true },
      } as never);
    }
  } catch {
    throw new AppError('ERR_INVALID_FILE');
  }
  const [header, ...rows] = sheetRows(workbook.worksheets[0]);
  if (!header) throw new AppError('ERR_INVALID_FILE');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'file', message: `At most ${MAX_IMPORT_ROWS} rows` }],
    });
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => header[i] ?? `Coluna ${i + 1}`);
  return {
    fileName,
    columns,
    rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null)),
  };
}
