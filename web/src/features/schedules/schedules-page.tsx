import type { ScheduleView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { addMinutes, format } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Calendar, Views, type EventProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AddButton, ListSearch } from '@/components/list-page';
import { useDeniedRedirect } from '@/components/plan-gate';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCompany } from '@/features/shell/use-company';
import { api } from '@/lib/api';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { notify } from '@/lib/toast';
import { useUrlSearch } from '@/lib/use-url-search';
import {
  CALENDAR_FORMATS,
  CALENDAR_LOCALES,
  cultureOf,
  localizer,
  visibleWindow,
} from './calendar-locale';
import './calendar.css';
import { useSchedulesInWindow } from './queries';
import { scheduleSocketBinding } from './realtime';
import { ScheduleModal } from './schedule-modal';

const BINDINGS = [scheduleSocketBinding] as const;
/** A send time has no length; its event is drawn this long in the week and day grids. */
const EVENT_DRAWN_MINUTES = 30;
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];
/** The week and day grids open scrolled to the start of a working day. */
const SCROLL_TO = new Date(1970, 0, 1, 8, 0);

interface ScheduleEvent {
  id: number;
  title: string;
  /** The send time in the language's short form (14:30). */
  time: string;
  start: Date;
  end: Date;
  schedule: ScheduleView;
}

/** One schedule on the calendar: the contact's name and a delete icon. */
function EventContent({
  event,
  onDelete,
  withTime = false,
}: EventProps<ScheduleEvent> & {
  onDelete: (schedule: ScheduleView) => void;
  /** The month grid has no time label of its own. */
  withTime?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center justify-between gap-1">
      <span className="truncate">
        {withTime ? <span className="mr-1 text-xs opacity-80">{event.time}</span> : null}
        {event.schedule.contact?.name ?? t('schedules.noContact')}
      </span>
      <button
        type="button"
        className="shrink-0 rounded p-0.5 hover:bg-black/20"
        aria-label={t('schedules.deleteEvent')}
        onClick={(e) => {
          e.stopPropagation();
          onDelete(event.schedule);
        }}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        <Trash2 className="size-3.5" aria-hidden />
      </button>
    </span>
  );
}

/** The contact of `?contactId=`, read to preset a new schedule (null until read, or absent). */
function usePresetContact(contactId: number | null) {
  return useQuery({
    queryKey: ['contacts', 'detail', contactId ?? 0] as const,
    queryFn: ({ signal }) => api.call('contactsShow', { params: { id: contactId! }, signal }),
    enabled: contactId !== null,
    select: (c) => ({ id: c.id, name: c.name }),
  });
}

/**
 * /schedules (docs/product/schedules.md Schedules page): a calendar of the scheduled messages at their send times
 * (month, week, day and agenda, labels in the user's language), a search box and an add button.
 * Double-click edits; the event's icon deletes after a confirmation. `?contactId=` opens a new
 * schedule for that contact (the ticket and contact screens link here). Needs useSchedules.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const deleteSchedule = useRouteMutation('schedulesDelete');
  const { plan, loaded } = useCompany();
  const planAllows = !!plan.useSchedules;
  useSocketCache(BINDINGS);
  const culture = cultureOf(i18n.language);
  const locale = CALENDAR_LOCALES[culture];
  const [search, setSearch, searchParam] = useUrlSearch();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const [editing, setEditing] = useState<{ open: boolean; id: number | null }>({
    open: false,
    id: null,
  });
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);

  const presetId = Number(params.get('contactId')) || null;
  const preset = usePresetContact(planAllows ? presetId : null);
  // A contact's link opens the add dialog once; closing it must not bring it back.
  const presetOpened = useRef<number | null>(null);
  useEffect(() => {
    if (!presetId) presetOpened.current = null;
    if (!presetId || !preset.data || presetOpened.current === presetId) return;
    presetOpened.current = presetId;
    setEditing({ open: true, id: null });
  }, [presetId, preset.data]);

  useDeniedRedirect(loaded, planAllows);

  const window = useMemo(() => visibleWindow(view, date, culture), [view, date, culture]);
  const list = useSchedulesInWindow(searchParam, window, loaded && planAllows);
  const events = useMemo<ScheduleEvent[]>(
    () =>
      (list.data?.schedules ?? []).map((schedule) => {
        const start = new Date(schedule.sendAt);
        const name = schedule.contact?.name ?? t('schedules.noContact');
        const time = format(start, 'p', { locale });
        const status = t(`schedules.status.${schedule.status}` as 'schedules.status.PENDENTE', {
          defaultValue: schedule.status,
        });
        return {
          id: schedule.id,
          title: t('schedules.eventTitle', { time, name, status }),
          time,
          start,
          end: addMinutes(start, EVENT_DRAWN_MINUTES),
          schedule,
        };
      }),
    [list.data, t, locale],
  );

  const messages = useMemo(
    () => ({
      ...t('schedules.calendar', { returnObjects: true }),
      showMore: (count: number) => t('schedules.calendar.showMore', { count }),
    }),
    [t],
  );
  const components = useMemo(
    () => ({
      event: (props: EventProps<ScheduleEvent>) => (
        <EventContent {...props} onDelete={setDeleting} />
      ),
      month: {
        event: (props: EventProps<ScheduleEvent>) => (
          <EventContent {...props} onDelete={setDeleting} withTime />
        ),
      },
    }),
    [],
  );
  const eventClass = useCallback(
    (event: ScheduleEvent) => ({
      className:
        event.schedule.status === 'ERRO'
          ? 'schedule-error'
          : event.schedule.status === 'ENVIADA'
            ? 'schedule-sent'
            : undefined,
    }),
    [],
  );

  const closeEditor = () => {
    setEditing((e) => ({ ...e, open: false }));
    if (params.has('contactId'))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('contactId');
          return next;
        },
        { replace: true },
      );
  };

  const remove = async (schedule: ScheduleView) => {
    try {
      await deleteSchedule.mutateAsync({ params: { id: schedule.id } });
      notify.success(t('schedules.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  if (!loaded) return <PageLoader />;
  if (!planAllows) return null;

  return (
    <div className="flex h-full flex-col">
      <PageHeader title={t('schedules.title')}>
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t('schedules.search')} value={search} onChange={setSearch} />
          <AddButton
            label={t('schedules.add')}
            onClick={() => setEditing({ open: true, id: null })}
          />
        </div>
      </PageHeader>
      <div
        className="schedules-calendar min-h-[600px] flex-1"
        aria-busy={list.isFetching}
        aria-label={t('schedules.title')}
        role="region"
      >
        <Calendar<ScheduleEvent>
          localizer={localizer}
          culture={culture}
          messages={messages}
          formats={CALENDAR_FORMATS}
          events={events}
          views={VIEWS}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          showAllEvents
          scrollToTime={SCROLL_TO}
          popup={false}
          onDoubleClickEvent={(event) => setEditing({ open: true, id: event.id })}
          eventPropGetter={eventClass}
          components={components}
          style={{ height: '100%', minHeight: 600 }}
        />
      </div>
      <ScheduleModal
        open={editing.open}
        scheduleId={editing.id}
        presetContact={editing.id === null && presetId ? (preset.data ?? null) : null}
        onClose={closeEditor}
      />
      <ConfirmDialog
        confirmLabel={t('schedules.confirm')}
        cancelLabel={t('schedules.cancel')}
        destructive
        open={!!deleting}
        title={t('schedules.confirmDeleteTitle', {
          name: deleting?.contact?.name ?? t('schedules.noContact'),
        })}
        description={t('schedules.confirmDelete')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
