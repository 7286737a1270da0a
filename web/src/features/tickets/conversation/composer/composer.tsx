import type { ChatMessageView, TicketView } from '@atendo/domain';
import {
  CalendarClock,
  Camera,
  Contact,
  Lock,
  MapPin,
  Mic,
  Paperclip,
  PenLine,
  Plus,
  SendHorizontal,
  Smile,
  Trash2,
  X,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useCompanyPlan } from '@/features/companies/queries';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { lazyNamed } from '@/lib/lazy';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCompanySettings, useQuickMessages } from '../queries';
import { applyMessage } from '../realtime';
import { CameraDialog } from './camera-dialog';
import { SendContactDialog, SendLocationDialog } from './card-dialogs';
import { MediaPreviewDialog } from './media-preview-dialog';
import { useSendMessage, type SendOptions } from './send';
import { audioFormatFor, useAudioRecorder } from './use-audio-recorder';

const EmojiPicker = lazy(() => import('emoji-picker-react'));
// The schedule form (and its calendar locale) loads when the agent first schedules a message.
const ScheduleModal = lazyNamed(
  () => import('@/features/schedules/schedule-modal'),
  'ScheduleModal',
);

/** Where the signature toggle is kept (docs/product/overview.md#console-routes-and-shell "Stored locally"). */
export const SIGN_MESSAGE_KEY = 'sendSignMessage';
/** Quick-reply previews are cut here (docs/product/tickets.md#limits-and-constants). */
export const QUICK_REPLY_PREVIEW = 90;

function readSign(): boolean {
  try {
    return localStorage.getItem(SIGN_MESSAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Writes and sends: text (Enter sends, Shift+Enter breaks the line), emoji, files with
 * captions, camera photo, contact card, location, quick replies ('/'), voice recording,
 * private notes, the signature toggle and scheduling a message to the contact (when the plan
 * has schedules).
 */
export function Composer({
  ticket,
  quoted,
  onClearQuoted,
}: {
  ticket: TicketView;
  quoted: ChatMessageView | null;
  onClearQuoted(): void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const client = useQueryClient();
  const settings = useCompanySettings(user.companyId);
  const quickMessages = useQuickMessages(user.companyId, user.id);
  const plan = useCompanyPlan(user.companyId);
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [sign, setSign] = useState(readSign);
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [dialog, setDialog] = useState<'camera' | 'contact' | 'location' | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  // The schedule dialog stays mounted once opened, so closing it plays its exit.
  const [schedule, setSchedule] = useState({ mounted: false, open: false });
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const recorder = useAudioRecorder(audioFormatFor(ticket.channel));
  const { sendJson, sendMedia } = useSendMessage(ticket.uuid);

  const signAllowed = settings.data?.sendSignMessage !== 'disabled';
  const canWrite = ticket.status === 'open' || ticket.status === 'group';
  const options = (): SendOptions => ({
    isPrivate,
    sendSignMessage: signAllowed && sign && !isPrivate,
    quotedMsgId: quoted?.id ?? null,
  });

  const suggestions = useMemo(() => {
    if (!text.startsWith('/')) return [];
    const typed = text.slice(1).toLowerCase();
    return (quickMessages.data ?? []).filter((q) => q.shortcode.toLowerCase().includes(typed));
  }, [text, quickMessages.data]);

  const toggleSign = () => {
    const next = !sign;
    setSign(next);
    try {
      localStorage.setItem(SIGN_MESSAGE_KEY, String(next));
    } catch {
      // storage unavailable: the choice holds for this page view
    }
  };

  /** Shows what the api answers at once (the socket's copy of it merges by id). */
  const remember = (answer: unknown) => {
    const sent = (answer as { messages?: ChatMessageView[] } | null)?.messages;
    if (Array.isArray(sent))
      for (const message of sent) applyMessage(client, ticket.uuid, 'create', message);
  };

  const run = async (work: () => Promise<unknown>) => {
    setSending(true);
    try {
      remember(await work());
      onClearQuoted();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  const sendText = async () => {
    const body = text;
    if (!body.trim() || sending) return;
    if (await run(() => sendJson({ body: body.trim() }, options()))) setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void sendText();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = textArea.current;
    const at = el?.selectionStart ?? text.length;
    setText((old) => old.slice(0, at) + emoji + old.slice(at));
    setEmojiOpen(false);
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      notify.error(t('tickets.chat.micError'));
    }
  };
  const sendRecording = async () => {
    let file: File | null;
    try {
      file = await recorder.stop(); // an MP3 of the recording (an M4A off WhatsApp)
    } catch (err) {
      toastError(err); // the browser could not decode its own recording
      return;
    }
    if (!file) return; // under MIN_AUDIO_BYTES: discarded
    await run(() => sendMedia([{ file, name: file.name }], options()));
  };

  const sendFiles = async (items: { file: File; caption: string }[]) => {
    const ok = await run(async () => {
      for (const item of items)
        remember(
          await sendMedia(
            [{ file: item.file, name: item.file.name, caption: item.caption }],
            options(),
          ),
        );
    });
    if (ok) setFiles([]);
  };

  return (
    <div className="bg-background border-t">
      {ticket.channel !== 'whatsapp' && (
        <p className="bg-amber-50 px-4 py-1 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t('tickets.chat.window24h')}
        </p>
      )}
      {quoted && (
        <div className="flex items-start gap-2 px-4 pt-2">
          <div className="flex-1 rounded border-l-4 border-emerald-500 bg-black/5 px-2 py-1 text-xs dark:bg-white/10">
            <div className="font-semibold">
              {quoted.fromMe ? t('tickets.chat.you') : quoted.contact?.name}
            </div>
            <div className="line-clamp-2">{quoted.body || t('tickets.chat.media')}</div>
          </div>
          <Button
            size="icon"
            variant="ghost"
            onClick={onClearQuoted}
            aria-label={t('tickets.chat.cancelReply')}
          >
            <X />
          </Button>
        </div>
      )}
      {suggestions.length > 0 && (
        <ul
          className="mx-4 mt-2 max-h-48 overflow-y-auto rounded border"
          aria-label={t('tickets.chat.quickReplies')}
        >
          {suggestions.map((q) => (
            <li key={q.id}>
              <button
                type="button"
                className="hover:bg-accent w-full px-2 py-1 text-left text-sm"
                onClick={() => {
                  setText(q.message ?? '');
                  textArea.current?.focus();
                }}
              >
                <span className="font-medium">/{q.shortcode}</span>
                {' - '}
                {cut(q.message ?? '', QUICK_REPLY_PREVIEW)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* Below `md` the actions take a row of their own, so the text keeps the full width. */}
      <div className="flex flex-wrap items-end gap-1 p-2">
        <div className="flex items-center gap-1 max-md:basis-full" data-testid="composer-actions">
          <Popover open={emojiOpen} onOpenChange={setEmojiOpen}>
            <PopoverTrigger asChild>
              <Button
                size="icon"
                variant="ghost"
                disabled={!canWrite}
                aria-label={t('tickets.chat.emoji')}
              >
                <Smile />
              </Button>
            </PopoverTrigger>
            <PopoverContent className="w-auto p-0" align="start">
              <Suspense fallback={null}>
                <EmojiPicker onEmojiClick={(e) => insertEmoji(e.emoji)} lazyLoadEmojis />
              </Suspense>
            </PopoverContent>
          </Popover>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                size="icon"
                variant="ghost"
                disabled={!canWrite}
                aria-label={t('tickets.chat.attach')}
              >
                <Plus />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem onSelect={() => fileInput.current?.click()}>
                <Paperclip /> {t('tickets.chat.attachFile')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDialog('camera')}>
                <Camera /> {t('tickets.chat.camera')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDialog('contact')}>
                <Contact /> {t('tickets.chat.sendContact')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDialog('location')}>
                <MapPin /> {t('tickets.chat.sendLocation')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="composer-file"
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <Button
            size="icon"
            variant={isPrivate ? 'secondary' : 'ghost'}
            aria-pressed={isPrivate}
            aria-label={t('tickets.chat.privateToggle')}
            title={t('tickets.chat.privateToggle')}
            disabled={!canWrite}
            onClick={() => setIsPrivate((v) => !v)}
            className={cn(isPrivate && 'text-amber-600')}
          >
            <Lock />
          </Button>
          {signAllowed && (
            <Button
              size="icon"
              variant={sign ? 'secondary' : 'ghost'}
              aria-pressed={sign}
              aria-label={t('tickets.chat.signToggle')}
              title={t('tickets.chat.signToggle')}
              disabled={!canWrite}
              onClick={toggleSign}
            >
              <PenLine />
            </Button>
          )}
          {plan.data?.useSchedules && (
            <Button
              size="icon"
              variant="ghost"
              aria-label={t('tickets.chat.schedule')}
              title={t('tickets.chat.schedule')}
              disabled={!canWrite}
              onClick={() => setSchedule({ mounted: true, open: true })}
            >
              <CalendarClock />
            </Button>
          )}
        </div>
        {recorder.recording ? (
          <div className="flex flex-1 items-center justify-end gap-2">
            <span className="flex items-center gap-2 text-sm text-red-600">
              <span className="size-2 animate-pulse rounded-full bg-red-600" />
              {t('tickets.chat.recording')}
            </span>
            <Button
              size="icon"
              variant="ghost"
              onClick={recorder.cancel}
              aria-label={t('tickets.chat.cancelRecording')}
            >
              <Trash2 />
            </Button>
            <Button
              size="icon"
              onClick={() => void sendRecording()}
              aria-label={t('tickets.chat.sendRecording')}
            >
              <SendHorizontal />
            </Button>
          </div>
        ) : (
          <>
            <textarea
              ref={textArea}
              rows={1}
              value={text}
              disabled={!canWrite}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={
                canWrite
                  ? isPrivate
                    ? t('tickets.chat.placeholderPrivate')
                    : t('tickets.chat.placeholder')
                  : t('tickets.chat.placeholderClosed')
              }
              aria-label={t('tickets.chat.messageInput')}
              className={cn(
                'border-input bg-background max-h-40 min-h-9 min-w-0 flex-1 resize-none rounded-md border px-3 py-2 text-sm',
                isPrivate && 'bg-amber-50 dark:bg-amber-950',
              )}
            />
            {text.trim() ? (
              <Button
                size="icon"
                disabled={sending}
                onClick={() => void sendText()}
                aria-label={t('tickets.chat.send')}
              >
                <SendHorizontal />
              </Button>
            ) : (
              <Button
                size="icon"
                variant="ghost"
                disabled={!canWrite || sending}
                onClick={() => void startRecording()}
                aria-label={t('tickets.chat.record')}
              >
                <Mic />
              </Button>
            )}
          </>
        )}
      </div>
      <MediaPreviewDialog files={files} onCancel={() => setFiles([])} onSend={sendFiles} />
      <CameraDialog
        open={dialog === 'camera'}
        onOpenChange={(open) => setDialog(open ? 'camera' : null)}
        onCapture={(file) => setFiles([file])}
      />
      <SendContactDialog
        open={dialog === 'contact'}
        onOpenChange={(open) => setDialog(open ? 'contact' : null)}
        onSend={async (vCard) => {
          await run(() => sendJson({ vCard }, options()));
        }}
      />
      <SendLocationDialog
        open={dialog === 'location'}
        onOpenChange={(open) => setDialog(open ? 'location' : null)}
        onSend={async (location) => {
          await run(() => sendJson({ location }, options()));
        }}
      />
      {schedule.mounted && (
        <Suspense fallback={null}>
          <ScheduleModal
            open={schedule.open}
            scheduleId={null}
            presetContact={
              ticket.contact ? { id: ticket.contact.id, name: ticket.contact.name } : null
            }
            presetWhatsappId={ticket.whatsappId}
            landOnSchedules={false}
            onClose={() => setSchedule({ mounted: true, open: false })}
          />
        </Suspense>
      )}
    </div>
  );
}
