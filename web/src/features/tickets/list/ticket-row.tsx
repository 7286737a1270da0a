import type { TicketView } from '@atendo/domain';
import { format, isToday } from 'date-fns';
import { Check, MoreVertical, X } from 'lucide-react';
import { ContextMenu as ContextMenuPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { channelColor, CONTACT_NAME_MAX, cut, LAST_MESSAGE_MAX } from './text';
import { textColorOn } from '@/lib/color';

/** One entry of a row's menu. */
export interface RowMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
}

/** What a row may show and do, decided by the list for the viewer. */
export interface RowOptions {
  selected: boolean;
  /** Owner tag (admins only). */
  showOwner: boolean;
  /** Accept/close buttons of a pending row (admins or showDashboard users). */
  showPendingButtons: boolean;
  menu: RowMenuItem[];
  onOpen: () => void;
  onAccept: () => void;
  onClose: () => void;
}

const when = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return isToday(date) ? format(date, 'HH:mm') : format(date, 'dd/MM/yyyy');
};

const itemClass =
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground';

/** A ticket of the list (docs/product/tickets.md#the-tickets-screen "Ticket row"), with its context menu. */
export function TicketRow({ ticket, options }: { ticket: TicketView; options: RowOptions }) {
  const { t } = useTranslation();
  const name = cut(ticket.contact?.name, CONTACT_NAME_MAX);
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const [firstTag, ...otherTags] = ticket.tags;
  const pending = ticket.status === 'pending';
  return (
    <ContextMenuPrimitive.Root>
      <ContextMenuPrimitive.Trigger asChild>
        <div
          role="listitem"
          aria-label={name}
          aria-current={options.selected ? 'true' : undefined}
          data-ticket-id={ticket.id}
          onClick={options.onOpen}
          className={cn(
            'flex cursor-pointer gap-3 border-b border-l-4 px-3 py-2 hover:bg-accent/60',
            options.selected && 'bg-accent',
          )}
          style={{ borderLeftColor: channelColor(ticket.channel) }}
        >
          <Avatar className="mt-1 size-10">
            {picture && <AvatarImage src={picture} alt="" />}
            <AvatarFallback>
              {(ticket.contact?.name ?? '?').slice(0, 1).toUpperCase()}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <div className="flex items-start gap-2">
              <span
                className={cn(
                  'flex-1 truncate text-sm',
                  ticket.unreadMessages > 0 && 'font-semibold',
                )}
                data-testid="contact-name"
                title={ticket.contact?.name}
              >
                {name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {when(ticket.updatedAt)}
              </span>
            </div>
            <div className="flex items-center gap-2">
              <span
                className="flex-1 truncate text-xs text-muted-foreground"
                data-testid="last-message"
              >
                {cut(ticket.lastMessage, LAST_MESSAGE_MAX)}
              </span>
              {ticket.unreadMessages > 0 && (
                <span
                  className="rounded-full bg-green-600 px-1.5 text-xs font-semibold text-white"
                  aria-label={t('tickets.list.row.unread', { count: ticket.unreadMessages })}
                >
                  {ticket.unreadMessages}
                </span>
              )}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-1 text-[11px]">
              {ticket.whatsapp && (
                <span className="rounded border px-1 text-muted-foreground">
                  {ticket.whatsapp.name}
                </span>
              )}
              <span
                className="rounded px-1"
                style={{
                  backgroundColor: ticket.queue?.color ?? '#7c7c7c',
                  color: textColorOn(ticket.queue?.color ?? '#7c7c7c'),
                }}
              >
                {ticket.queue?.name ?? t('tickets.list.row.noQueue')}
              </span>
              {options.showOwner && ticket.user && (
                <span
                  className="rounded px-1"
                  data-testid="owner"
                  style={{
                    backgroundColor: ticket.user.color ?? '#000000',
                    color: textColorOn(ticket.user.color ?? '#000000'),
                  }}
                >
                  {ticket.user.name}
                </span>
              )}
              {firstTag && (
                <span
                  className="rounded px-1"
                  style={{
                    backgroundColor: firstTag.color ?? '#7c7c7c',
                    color: textColorOn(firstTag.color ?? '#7c7c7c'),
                  }}
                >
                  {firstTag.name}
                </span>
              )}
              {otherTags.length > 0 && (
                <span className="text-muted-foreground">+{otherTags.length}</span>
              )}
            </div>
          </div>
          <div className="flex flex-col items-end gap-1" onClick={(e) => e.stopPropagation()}>
            <RowMenuButton items={options.menu} label={t('tickets.list.row.menu')} />
            {pending && options.showPendingButtons && (
              <div className="flex gap-1">
                <Button
                  size="icon"
                  variant="outline"
                  className="size-7 text-green-700"
                  aria-label={t('tickets.list.row.accept')}
                  title={t('tickets.list.row.accept')}
                  onClick={options.onAccept}
                >
                  <Check />
                </Button>
                <Button
                  size="icon"
                  variant="outline"
                  className="size-7 text-red-700"
                  aria-label={t('tickets.list.row.close')}
                  title={t('tickets.list.row.close')}
                  onClick={options.onClose}
                >
                  <X />
                </Button>
              </div>
            )}
          </div>
        </div>
      </ContextMenuPrimitive.Trigger>
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content className="z-50 min-w-[10rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          {options.menu.map((item) => (
            <ContextMenuPrimitive.Item
              key={item.key}
              className={itemClass}
              onSelect={item.onSelect}
            >
              {item.label}
            </ContextMenuPrimitive.Item>
          ))}
        </ContextMenuPrimitive.Content>
      </ContextMenuPrimitive.Portal>
    </ContextMenuPrimitive.Root>
  );
}

/** The same menu behind a button, for keyboards and touch screens. */
function RowMenuButton({ items, label }: { items: RowMenuItem[]; label: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" className="size-7" aria-label={label} title={label}>
          <MoreVertical />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item) => (
          <DropdownMenuItem key={item.key} onSelect={item.onSelect}>
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
