/** A private message's text: the sender's name and 'Mensagem Privada', then the note (spec 1 §9). */
export function privateNote(senderName: string, text: string): string {
  return `*${senderName} - Mensagem Privada:*\n${text}`;
}

/** A signed message's text: the sender's name, then the message (spec 1 §9, assinar). */
export function signed(senderName: string, text: string): string {
  return `*${senderName}:*\n${text}`;
}
