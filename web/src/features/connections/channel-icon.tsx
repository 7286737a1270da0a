import { Facebook, Instagram, MessageCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<string, { icon: LucideIcon; color: string }> = {
  whatsapp: { icon: MessageCircle, color: '#25D366' },
  whatsappapi: { icon: MessageCircle, color: '#128C7E' },
  facebook: { icon: Facebook, color: '#1877F2' },
  instagram: { icon: Instagram, color: '#E4405F' },
};

const KNOWN = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;

/** A connection's channel as its brand-coloured icon, named for screen readers (unless beside its name). */
export function ChannelIcon({
  channel,
  decorative = false,
}: {
  channel: string;
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  const { icon: Icon, color } = ICONS[channel] ?? ICONS.whatsapp!;
  const label = (KNOWN as readonly string[]).includes(channel)
    ? t(`connections.channels.${channel as (typeof KNOWN)[number]}`)
    : channel;
  if (decorative) return <Icon className="size-4" style={{ color }} aria-hidden />;
  return (
    <span className="inline-flex" title={label}>
      <Icon className="size-5" style={{ color }} aria-label={label} role="img" />
    </span>
  );
}
