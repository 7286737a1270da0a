/** Longest DNS-1123 label. */
export const DNS_LABEL_MAX = 63;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Why `name` is not a DNS-1123 label (what Kubernetes accepts as the name of most objects), or
 * nothing when it is one.
 */
export function dnsLabelProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > DNS_LABEL_MAX)
    return `it is ${name.length} characters long (at most ${DNS_LABEL_MAX})`;
  if (/[A-Z]/.test(name)) return 'it has upper-case letters';
  if (/[^-a-z0-9]/.test(name))
    return 'it has characters other than lower-case letters, digits and "-"';
  if (!DNS_LABEL.test(name)) return 'it must start and end with a letter or a digit';
  return undefined;
}

/** A DNS-1123 label made from any name: "Padaria São João" → "padaria-sao-joao". */
export function toDnsLabel(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, DNS_LABEL_MAX)
    .replace(/^-+|-+$/g, '');
}
