/** The open ticket's conversation (minimal placeholder, replaced by the full view). */
export function Conversation({ ticketUuid }: { ticketUuid: string }) {
  return <div data-ticket-uuid={ticketUuid} className="flex h-full flex-col" />;
}
