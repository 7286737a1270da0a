import type { ChatMessageView } from '@atendo/domain';
import { format } from 'date-fns';
import { api } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { fetchPrivateMedia } from './media';

/** PDF export constants (docs/product/tickets.md#limits-and-constants). */
export const PDF_MESSAGES_PER_CHUNK = 30;
export const PDF_JPEG_QUALITY = 0.8;
export const PDF_SCALE = 2;
export const PDF_MAX_WIDTH = 1200;

/** Every message of the ticket, oldest first (all pages). */
async function loadAllMessages(ticketUuid: string) {
  const pages = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call('messagesIndex', {
      params: { ticketId: ticketUuid },
      query: { pageNumber },
    });
    pages.push(page);
    if (!page.hasMore) break;
  }
  return { ticket: pages[0]!.ticket, messages: pages.reverse().flatMap((p) => p.messages) };
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** One message drawn as plain DOM (audio becomes the 'Mensagem de Áudio' placeholder). */
async function messageNode(message: ChatMessageView, contactName: string): Promise<HTMLElement> {
  const row = document.createElement('div');
  row.style.cssText = `display:flex;justify-content:${message.fromMe ? 'flex-end' : 'flex-start'};margin:6px 0;`;
  const bubble = document.createElement('div');
  bubble.style.cssText = `max-width:70%;padding:8px 12px;border-radius:8px;font:14px sans-serif;white-space:pre-wrap;word-break:break-word;background:${
    message.isPrivate ? '#fef3c7' : message.fromMe ? '#dcfce7' : '#f1f5f9'
  };color:#0f172a;`;
  const who = document.createElement('div');
  who.style.cssText = 'font-weight:600;font-size:12px;margin-bottom:4px;';
  who.textContent = message.fromMe ? i18n.t('tickets.chat.you') : contactName;
  bubble.appendChild(who);
  if (message.isDeleted) {
    bubble.appendChild(document.createTextNode(i18n.t('tickets.chat.deletedOwn')));
  } else if (message.mediaType === 'audio') {
    bubble.appendChild(document.createTextNode(i18n.t('tickets.chat.audioPlaceholder')));
  } else if (
    (message.mediaType === 'image' || message.mediaType === 'sticker') &&
    message.mediaUrl
  ) {
    try {
      const img = document.createElement('img');
      img.src = await blobToDataUrl(await fetchPrivateMedia(message.mediaUrl));
      img.style.cssText = 'max-width:320px;max-height:320px;display:block;';
      bubble.appendChild(img);
    } catch {
      bubble.appendChild(document.createTextNode(i18n.t('tickets.chat.image')));
    }
    if (message.body) bubble.appendChild(document.createTextNode(message.body));
  } else {
    bubble.appendChild(document.createTextNode(message.body ?? ''));
  }
  const time = document.createElement('div');
  time.style.cssText = 'font-size:10px;color:#64748b;text-align:right;margin-top:4px;';
  time.textContent = format(new Date(message.createdAt), 'dd/MM/yyyy HH:mm');
  bubble.appendChild(time);
  row.appendChild(bubble);
  return row;
}

/**
 * Exports the conversation to ticket-{id}.pdf: A4 portrait, the messages drawn 30 at a time
 * (html2canvas at scale 2, at most 1200 px wide, jpeg 0.8), each chunk split over as many
 * pages as it needs. Errors are only logged (docs/product/errors.md#error-catalogue).
 */
export async function exportTicketPdf(ticketUuid: string): Promise<void> {
  try {
    const [{ jsPDF }, { default: html2canvas }] = await Promise.all([
      import('jspdf'),
      import('html2canvas'),
    ]);
    const { ticket, messages } = await loadAllMessages(ticketUuid);
    const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
    const pageWidth = pdf.internal.pageSize.getWidth();
    const pageHeight = pdf.internal.pageSize.getHeight();
    const margin = 10;
    const contactName = ticket.contact?.name ?? '';
    const host = document.createElement('div');
    host.style.cssText = `position:fixed;left:-10000px;top:0;width:${PDF_MAX_WIDTH}px;background:#fff;padding:16px;`;
    document.body.appendChild(host);
    try {
      let first = true;
      for (let i = 0; i < Math.max(messages.length, 1); i += PDF_MESSAGES_PER_CHUNK) {
        host.replaceChildren();
        if (i === 0) {
          const title = document.createElement('h1');
          title.style.cssText = 'font:bold 20px sans-serif;margin:0 0 12px;';
          title.textContent = `${i18n.t('tickets.chat.pdfTitle', { id: ticket.id })} — ${contactName}`;
          host.appendChild(title);
        }
        for (const message of messages.slice(i, i + PDF_MESSAGES_PER_CHUNK))
          host.appendChild(await messageNode(message, contactName));
        const canvas = await html2canvas(host, { scale: PDF_SCALE, backgroundColor: '#ffffff' });
        const imgWidth = pageWidth - margin * 2;
        const imgHeight = (canvas.height * imgWidth) / canvas.width;
        const data = canvas.toDataURL('image/jpeg', PDF_JPEG_QUALITY);
        // a tall chunk runs over several pages: the same image, shifted up one page each time
        for (let offset = 0; offset < imgHeight; offset += pageHeight - margin * 2) {
          if (!first) pdf.addPage();
          first = false;
          pdf.addImage(data, 'JPEG', margin, margin - offset, imgWidth, imgHeight);
        }
      }
      pdf.save(`ticket-${ticket.id}.pdf`);
    } finally {
      host.remove();
    }
  } catch (err) {
    console.error('PDF export failed', err);
  }
}
