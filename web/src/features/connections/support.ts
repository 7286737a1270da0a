/**
 * The support chat the connections page's "call support" opens (docs/product/connections.md#screens): a WhatsApp link
 * to the number configured at build time (VITE_SUPPORT_NUMBER, digits); none hides the button.
 */
export function supportChatUrl(
  number: string | undefined = import.meta.env.VITE_SUPPORT_NUMBER as string | undefined,
): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
}
