import fs from 'node:fs/promises';
import path from 'node:path';
import type { Contact } from '@whiskeysockets/baileys';

/** One person of the phone's contacts, as the api imports them. */
export interface BookEntry {
  /** Digits of the phone number. */
  number: string;
  /** The name saved on the phone, else the one the person set (push name), else none. */
  name: string | null;
}

/** At most this many people are kept (a phone's address book is far smaller). */
const MAX_ENTRIES = 100_000;

const numberOf = (jid: string | undefined): string | null => {
  const m = /^(\d{5,20})(?::\d+)?@s\.whatsapp\.net$/.exec(jid ?? '');
  return m ? m[1]! : null;
};

/**
 * The contacts WhatsApp tells this session about (`contacts.upsert`, `contacts.update` and the
 * history sync's `contacts`): Baileys keeps no store of them, so "import the phone's contacts"
 * reads this book. It is kept on disk beside the spool (`contacts.json`, written a second after
 * the last change) because WhatsApp sends the address book once, at the first sync after the
 * QR code, not at every reconnect. Groups, broadcast lists and people known only by their LID
 * (no phone number) are left out: a contact without a number cannot be messaged from the api.
 */
export class ContactBook {
  private readonly entries = new Map<
    string,
    { name?: string; notify?: string; verified?: string }
  >();
  private saveTimer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly file: string | null) {}

  /** Reads the book a previous process kept (a missing or broken file is an empty book). */
  async open(): Promise<void> {
    if (!this.file) return;
    try {
      const rows = JSON.parse(await fs.readFile(this.file, 'utf8')) as [
        string,
        { name?: string; notify?: string; verified?: string },
      ][];
      for (const [number, e] of rows.slice(0, MAX_ENTRIES)) this.entries.set(number, e);
    } catch {
      /* nothing kept yet */
    }
  }

  /** What WhatsApp said of some contacts: new ones added, known ones updated field by field. */
  add(contacts: Partial<Contact>[]): void {
    let changed = false;
    for (const c of contacts) {
      const number = numberOf(c.phoneNumber) ?? numberOf(c.id);
      if (!number) continue;
      const had = this.entries.get(number);
      if (!had && this.entries.size >= MAX_ENTRIES) continue;
      const next = { ...had };
      if (c.name) next.name = c.name;
      if (c.notify) next.notify = c.notify;
      if (c.verifiedName) next.verified = c.verifiedName;
      this.entries.set(number, next);
      changed = true;
    }
    if (changed) this.scheduleSave();
  }

  list(): BookEntry[] {
    return [...this.entries].map(([number, e]) => ({
      number,
      name: e.name ?? e.verified ?? e.notify ?? null,
    }));
  }

  get size(): number {
    return this.entries.size;
  }

  /** Writes what is pending now (shutdown). */
  async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.saving = this.saving.then(() => this.save());
    }
    await this.saving;
  }

  private scheduleSave(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saving = this.saving.then(() => this.save());
    }, 1_000);
    this.saveTimer.unref();
  }

  private async save(): Promise<void> {
    if (!this.file) return;
    try {
      await fs.mkdir(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      await fs.writeFile(tmp, JSON.stringify([...this.entries]));
      await fs.rename(tmp, this.file);
    } catch {
      /* kept in memory; the next change tries again */
    }
  }
}
