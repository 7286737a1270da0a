import type { ReportTicket } from '@atendo/domain';
import { format } from 'date-fns';

/** The export's column titles and cell texts, in the user's language. */
export interface ReportSheetTexts {
  sheetName: string;
  headers: {
    id: string;
    whatsapp: string;
    contact: string;
    user: string;
    queue: string;
    status: string;
    lastMessage: string;
    dateOpen: string;
    dateClose: string;
    supportTime: string;
    nps: string;
  };
  status: (status: string) => string;
}

const when = (iso: string | null) => (iso ? format(new Date(iso), 'dd/MM/yyyy HH:mm') : '');

/**
 * The report as an .xlsx workbook: one header row and one row per ticket with the full texts
 * (the table's 20-character cut is for the screen only). exceljs is loaded on demand so the
 * console's first load does not carry it.
 */
export async function buildReportWorkbook(
  rows: ReportTicket[],
  texts: ReportSheetTexts,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.sheetName.slice(0, 31));
  const h = texts.headers;
  sheet.columns = [
    { header: h.id, key: 'id', width: 8 },
    { header: h.whatsapp, key: 'whatsapp', width: 18 },
    { header: h.contact, key: 'contact', width: 28 },
    { header: h.user, key: 'user', width: 20 },
    { header: h.queue, key: 'queue', width: 18 },
    { header: h.status, key: 'status', width: 12 },
    { header: h.lastMessage, key: 'lastMessage', width: 40 },
    { header: h.dateOpen, key: 'dateOpen', width: 17 },
    { header: h.dateClose, key: 'dateClose', width: 17 },
    { header: h.supportTime, key: 'supportTime', width: 14 },
    { header: h.nps, key: 'nps', width: 6 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow({
      id: row.id,
      whatsapp: row.whatsappName ?? '',
      contact: row.contactName ?? '',
      user: row.userName ?? '',
      queue: row.queueName ?? '',
      status: texts.status(row.status),
      lastMessage: row.lastMessage ?? '',
      dateOpen: when(row.createdAt),
      dateClose: when(row.closedAt),
      supportTime: row.supportTime,
      nps: row.NPS ?? '',
    });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Hands a file to the browser's download. */
export function saveFile(data: ArrayBuffer, fileName: string): void {
  const blob = new Blob([data], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
