import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from './errors.ts';
import { checkZipBytes, type ZipBounds } from './zip-entries.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
/**
 * An .xlsx is a zip that ExcelJS unpacks whole in memory: its directory is checked first. 10,000 rows of eight
 * columns unpack to about 4 MB; the ratio bound (DATA_LIMITS.zipMaxRatio) applies as to any archive.
 */
const XLSX_BOUNDS: ZipBounds = { maxEntries: 1000, maxUnpackedBytes: 64 * 1024 * 1024 };

/** A file the import refuses: `import_file_wrong` with the reason in the details. */
export function importFileWrong(reason: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError('import_file_wrong', {}, { reason, ...extra });
}

/** Decodes a data URL or plain base64 text. */
export function decodeUpload(content: string): Buffer {
  const prefix = DATA_URL_PREFIX.exec(content);
  const payload = (prefix ? content.slice(prefix[0].length) : content).replace(/\s+/g, '');
  if (!BASE64.test(payload)) throw importFileWrong('not_base64');
  return Buffer.from(payload, 'base64');
}

/** A sheet as text cells: the header row and the data rows, with each data row's line number in the file. */
export interface SheetRows {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return String(value);
}

/**
 * Reads the first sheet of a .csv or .xlsx file, checked by its bytes as well as its name. Old binary .xls
 * files are refused (`import_file_wrong`, reason `xls`): reading them needs SheetJS, whose npm release has
 * unfixed advisories for untrusted files. An .xlsx that would unpack too much is `zip_too_large`.
 */
export async function readSheet(fileName: string, bytes: Buffer, maxRows: number): Promise<SheetRows> {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'xls' || startsWith(bytes, OLE_MAGIC)) throw importFileWrong('xls');
  let table: { line: number; cells: string[] }[] = [];
  if (extension === 'xlsx') {
    if (!startsWith(bytes, ZIP_MAGIC)) throw importFileWrong('type');
    await checkZipBytes(bytes, XLSX_BOUNDS).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'zip_too_large' ? error : importFileWrong('unreadable');
    });
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw importFileWrong('unreadable');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw importFileWrong('empty');
    if (sheet.actualRowCount > maxRows + 1) throw importFileWrong('too_many_rows', { max: maxRows });
    sheet.eachRow({ includeEmpty: false }, (row, line) => {
      const values = row.values as ExcelJS.CellValue[];
      table.push({ line, cells: values.slice(1).map((v) => cellText(v).trim()) });
    });
  } else if (extension === 'csv') {
    if (startsWith(bytes, ZIP_MAGIC)) throw importFileWrong('type');
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
    table = parsed.data
      .map((cells, index) => ({ line: index + 1, cells: cells.map((c) => String(c ?? '').trim()) }))
      .filter((row) => row.cells.some((c) => c !== ''));
  } else {
    throw importFileWrong('type');
  }
  const [header, ...rows] = table;
  if (!header) throw importFileWrong('empty');
  if (rows.length > maxRows) throw importFileWrong('too_many_rows', { max: maxRows });
  return { header: header.cells.map((c) => c.toLowerCase()), rows };
}

/** An xlsx file of one sheet: a header row, then the rows. */
export async function writeSheet(
  fileName: string,
  sheetName: string,
  header: string[],
  rows: (string | number | null)[][],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { file_name: fileName, mime: XLSX_MIME, content_base64: buffer.toString('base64') };
}
