/** A private message's text: the sender's name and 'Mensagem Privada', then the note (docs/product/messages.md#limits). */
export function privateNote(senderName: string, text: string): string {
  return `*${senderName} - Mensagem Privada:*\n${text}`;
}

/** A signed message's text: the sender's name, then the message (docs/product/messages.md#limits, assinar). */
export function signed(senderName: string, text: string): string {
  return `*${senderName}:*\n${text}`;
}
