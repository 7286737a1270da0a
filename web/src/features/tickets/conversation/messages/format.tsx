import { Fragment, type ReactNode } from 'react';

/**
 * WhatsApp text marks: *bold*, _italic_, ~strike~ and ```mono```. A mark only counts when it
 * opens and closes on the same line around non-blank text, as WhatsApp itself reads it.
 */
const MARKS: { re: RegExp; wrap: (inner: ReactNode, key: number) => ReactNode }[] = [
  { re: /```([^`\n]+)```/, wrap: (c, k) => <code key={k}>{c}</code> },
  { re: /\*(\S(?:[^*\n]*\S)?)\*/, wrap: (c, k) => <strong key={k}>{c}</strong> },
  { re: /_(\S(?:[^_\n]*\S)?)_/, wrap: (c, k) => <em key={k}>{c}</em> },
  { re: /~(\S(?:[^~\n]*\S)?)~/, wrap: (c, k) => <s key={k}>{c}</s> },
];

let keySeq = 0;

function formatPart(text: string, depth: number): ReactNode[] {
  if (!text) return [];
  if (depth >= MARKS.length) return [text];
  const { re, wrap } = MARKS[depth]!;
  const out: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const m = re.exec(rest);
    if (!m) break;
    out.push(...formatPart(rest.slice(0, m.index), depth + 1));
    out.push(wrap(formatPart(m[1]!, depth + 1), keySeq++));
    rest = rest.slice(m.index + m[0].length);
  }
  out.push(...formatPart(rest, depth + 1));
  return out;
}

/** The message text with its WhatsApp marks rendered and its line breaks kept. */
export function FormattedText({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {formatPart(line, 0)}
          {i < lines.length - 1 && <br />}
        </Fragment>
      ))}
    </>
  );
}

/** A vCard's display name and first number. */
export function parseVCard(vcard: string): { name: string; number: string } {
  const name = /^FN[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() ?? '';
  const waid = /waid=(\d+)/.exec(vcard)?.[1];
  return { name, number: waid ?? tel.replace(/\D/g, '') };
}

/** Latitude and longitude of a location message body ("lat,lng" or a maps link). */
export function parseLocation(body: string | null): { lat: number; lng: number } | null {
  if (!body) return null;
  const m = /(-?\d{1,2}(?:\.\d+)?)\s*[,|]\s*(-?\d{1,3}(?:\.\d+)?)/.exec(body);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
