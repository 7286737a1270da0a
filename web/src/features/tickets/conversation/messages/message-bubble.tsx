import { MESSAGE_EDIT_WINDOW_MS, type ChatMessageView } from '@atendo/domain';
import { format } from 'date-fns';
import {
  Ban,
  Check,
  CheckCheck,
  ChevronDown,
  CircleCheckBig,
  Clock,
  Forward,
  Lock,
  MapPin,
  Phone,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import {
  canTranscribe,
  MessageTranscript,
  TranscribeMenuItem,
} from '@/features/transcription/message-transcript';
import { FormattedText, parseLocation, parseVCard } from './format';
import { AudioMessage, DocumentMessage, ImageMessage, VideoMessage } from './media-content';
import { formatPhoneNumber } from '@/lib/phone';

/** The acknowledgement icon of an own message (docs/product/tickets.md#status-transitions: 0 clock … 5 done). */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const label =
    ack <= 0
      ? t('tickets.chat.ack.pending')
      : ack === 1
        ? t('tickets.chat.ack.sent')
        : ack === 2
          ? t('tickets.chat.ack.delivered')
          : ack <= 4
            ? t('tickets.chat.ack.read')
            : t('tickets.chat.ack.done');
  const props = { 'aria-label': label, role: 'img', className: 'size-3.5' } as const;
  if (ack <= 0) return <Clock {...props} />;
  if (ack === 1) return <Check {...props} />;
  if (ack === 2) return <CheckCheck {...props} />;
  if (ack <= 4) return <CheckCheck {...props} className="size-3.5 text-sky-500" />;
  return <CircleCheckBig {...props} className="size-3.5 text-emerald-600" />;
}

/** Whether an own message may still be edited (15 minutes, docs/product/tickets.md#limits-and-constants). */
export function canEditMessage(message: ChatMessageView, now = Date.now()): boolean {
  return (
    message.fromMe &&
    !message.isDeleted &&
    !message.mediaUrl &&
    now - new Date(message.createdAt).getTime() <= MESSAGE_EDIT_WINDOW_MS
  );
}

export interface MessageActions {
  onReply(message: ChatMessageView): void;
  onEdit(message: ChatMessageView): void;
  onDelete(message: ChatMessageView): void;
  onForward(message: ChatMessageView): void;
}

function QuotedMessage({ quoted }: { quoted: NonNullable<ChatMessageView['quotedMsg']> }) {
  const { t } = useTranslation();
  const who = quoted.fromMe ? t('tickets.chat.you') : (quoted.contact?.name ?? '');
  const text = quoted.isDeleted
    ? t('tickets.chat.deletedOwn')
    : quoted.body || (quoted.mediaType ? t('tickets.chat.media') : '');
  return (
    <div className="mb-1 rounded border-l-4 border-emerald-500 bg-black/5 px-2 py-1 text-xs dark:bg-white/10">
      <div className="font-semibold">{who}</div>
      <div className="line-clamp-3 whitespace-pre-wrap">{text}</div>
    </div>
  );
}

function MessageContent({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation();
  const body = message.body ?? '';
  const url = message.mediaUrl;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return url ? (
        <>
          <ImageMessage url={url} alt={body || t('tickets.chat.image')} />
          {body && <Caption text={body} />}
        </>
      ) : null;
    case 'video':
      return url ? (
        <>
          <VideoMessage url={url} />
          {body && <Caption text={body} />}
        </>
      ) : null;
    case 'audio':
      return url ? <AudioMessage url={url} /> : null;
    case 'application':
    case 'document':
      return url ? <DocumentMessage url={url} body={body} /> : <FormattedText text={body} />;
    case 'contactMessage': {
      const card = parseVCard(message.vCard || body);
      return (
        <div className="flex items-center gap-2 rounded border p-2" data-kind="contact-card">
          <UserRound className="size-8 shrink-0" />
          <div>
            <div className="font-medium">{card.name}</div>
            <div className="text-xs">{formatPhoneNumber(card.number)}</div>
          </div>
        </div>
      );
    }
    case 'locationMessage': {
      const spot = parseLocation(body);
      const href = spot
        ? `https://maps.google.com/maps?q=${spot.lat},${spot.lng}`
        : /https?:\/\/\S+/.exec(body)?.[0];
      return (
        <a
          className="flex items-center gap-2 rounded border p-2 underline-offset-2 hover:underline"
          href={href}
          target="_blank"
          rel="noreferrer"
          data-kind="location-card"
        >
          <MapPin className="size-6 shrink-0" />
          <span>{t('tickets.chat.location')}</span>
        </a>
      );
    }
    case 'reactionMessage':
      return (
        <span>
          {t('tickets.chat.reacted')} <span className="text-xl">{body}</span>
        </span>
      );
    case 'call_log':
      return (
        <span className="flex items-center gap-2">
          <Phone className="size-4 text-red-500" />
          {body || t('tickets.chat.callLog')}
        </span>
      );
    default:
      if (url) return <DocumentMessage url={url} body={body} />;
      return <FormattedText text={body} />;
  }
}

function Caption({ text }: { text: string }) {
  return (
    <div className="mt-1">
      <FormattedText text={text} />
    </div>
  );
}

/**
 * One message: own on the right, the contact's on the left, private notes apart; quoted message,
 * forwarded / edited / deleted marks, time and ack; the menu (reply, edit, delete, forward).
 */
export function MessageBubble({
  message,
  actions,
  selecting,
  selected,
  onToggleSelect,
  isGroup,
}: {
  message: ChatMessageView;
  actions?: MessageActions;
  selecting?: boolean;
  selected?: boolean;
  onToggleSelect?(message: ChatMessageView): void;
  isGroup?: boolean;
}) {
  const { t } = useTranslation();
  const own = message.fromMe;
  let content: ReactNode;
  if (message.isDeleted) {
    content = (
      <span className="text-muted-foreground flex items-center gap-1 italic">
        <Ban className="size-4" />
        {own ? t('tickets.chat.deletedOwn') : t('tickets.chat.deletedByContact')}
      </span>
    );
  } else content = <MessageContent message={message} />;

  return (
    <div
      className={cn('flex gap-2 px-4 py-1', own ? 'justify-end' : 'justify-start')}
      data-message-id={message.id}
    >
      {selecting && (
        <Checkbox
          className="self-center"
          checked={!!selected}
          onChange={() => onToggleSelect?.(message)}
          aria-label={t('tickets.chat.selectMessage')}
        />
      )}
      <div
        className={cn(
          'group relative max-w-[75%] rounded-lg px-3 py-2 text-sm shadow-sm break-words',
          message.isPrivate
            ? 'border border-amber-300 bg-amber-100 text-amber-950 dark:bg-amber-900/40 dark:text-amber-50'
            : own
              ? 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900/50 dark:text-emerald-50'
              : 'bg-card text-card-foreground',
        )}
        data-private={message.isPrivate || undefined}
      >
        {actions && !message.isDeleted && message.mediaType !== 'reactionMessage' && (
          <DropdownMenu>
            <DropdownMenuTrigger
              className="absolute top-1 right-1 rounded opacity-0 group-hover:opacity-100 focus:opacity-100"
              aria-label={t('tickets.chat.messageMenu')}
            >
              <ChevronDown className="size-4" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => actions.onReply(message)}>
                {t('tickets.chat.reply')}
              </DropdownMenuItem>
              {canEditMessage(message) && (
                <DropdownMenuItem onSelect={() => actions.onEdit(message)}>
                  {t('tickets.chat.edit')}
                </DropdownMenuItem>
              )}
              {own && (
                <DropdownMenuItem onSelect={() => actions.onDelete(message)}>
                  {t('tickets.chat.delete')}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => actions.onForward(message)}>
                {t('tickets.chat.forward')}
              </DropdownMenuItem>
              {canTranscribe(message, isGroup) && <TranscribeMenuItem message={message} />}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
        {message.isPrivate && (
          <div className="mb-1 flex items-center gap-1 text-xs font-semibold">
            <Lock className="size-3" />
            {t('tickets.chat.privateMessage')}
          </div>
        )}
        {isGroup && !own && message.contact && (
          <div className="mb-1 text-xs font-semibold text-sky-700">{message.contact.name}</div>
        )}
        {message.isForwarded && (
          <div className="text-muted-foreground mb-1 flex items-center gap-1 text-xs italic">
            <Forward className="size-3" />
            {t('tickets.chat.forwarded')}
          </div>
        )}
        {message.quotedMsg && !message.isDeleted && <QuotedMessage quoted={message.quotedMsg} />}
        <div className={cn(message.isDeleted && !own && 'line-through decoration-1')}>
          {content}
        </div>
        {canTranscribe(message, isGroup) && <MessageTranscript messageId={message.id} />}
        <div className="text-muted-foreground mt-1 flex items-center justify-end gap-1 text-[11px]">
          {message.isEdited && !message.isDeleted && <span>{t('tickets.chat.edited')}</span>}
          <time dateTime={new Date(message.createdAt).toISOString()}>
            {format(new Date(message.createdAt), 'HH:mm')}
          </time>
          {own && <AckIcon ack={message.ack} />}
        </div>
      </div>
    </div>
  );
}
