import { ApiError, type CallInput, type CallOutput } from '@atendo/api-client';
import { useCallback } from 'react';
import { config } from '@/lib/config';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** Opens a ticket: a `useRouteMutation('ticketsCreate')`. */
type CreateTicket = (input: CallInput<'ticketsCreate'>) => Promise<CallOutput<'ticketsCreate'>>;

/**
 * Opens a ticket for the contact and answers the uuid to show: the new ticket, or the
 * contact's active ticket when it is already mine (ERR_OTHER_OPEN_TICKET held by me). A ticket
 * held by someone else is the caller's error to show.
 */
async function openTicketWith(
  create: CreateTicket,
  contact: { id: number; whatsappId: number | null },
  userId: number,
): Promise<string> {
  try {
    const ticket = await create({
      body: {
        contactId: contact.id,
        status: 'open',
        userId,
        ...(contact.whatsappId ? { whatsappId: contact.whatsappId } : {}),
      },
    });
    return ticket.uuid;
  } catch (err) {
    const data =
      err instanceof ApiError ? (err.body.data as { uuid?: string; userId?: number }) : undefined;
    if (
      err instanceof ApiError &&
      err.code === 'ERR_OTHER_OPEN_TICKET' &&
      data?.uuid &&
      data.userId === userId
    )
      return data.uuid;
    throw err;
  }
}

/** openTicketFor through a ticketsCreate mutation (docs/development.md#data-layer). */
export function useOpenTicketFor() {
  const { mutateAsync } = useRouteMutation('ticketsCreate');
  return useCallback(
    (contact: { id: number; whatsappId: number | null }, userId: number) =>
      openTicketWith(mutateAsync, contact, userId),
    [mutateAsync],
  );
}

/** Downloads the company's contacts as xlsx (masked like the list under LGPD). */
export async function downloadContactsExport(): Promise<void> {
  const get = () => {
    const token = readStorage(STORAGE_KEYS.token);
    return fetch(`${config.apiUrl}/contacts/export`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  };
  let res = await get();
  // An expired access token: one refresh through the cookie, as the api client does.
  if (res.status === 403 && (await api.refresh())) res = await get();
  if (!res.ok)
    throw new ApiError(res.status, await res.json().catch(() => ({ error: 'ERR_INTERNAL' })));
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'contatos.xlsx';
  link.click();
  URL.revokeObjectURL(url);
}
