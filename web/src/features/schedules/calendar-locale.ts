import {
  addDays,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { enUS, es, ptBR, tr, type Locale } from 'date-fns/locale';
import { dateFnsLocalizer, type Formats, type View } from 'react-big-calendar';

/** date-fns locales of the console's languages (the calendar's culture is the language code). */
export const CALENDAR_LOCALES: Record<string, Locale> = { 'pt-BR': ptBR, en: enUS, es, tr };

/** The culture the calendar uses for `language` (Portuguese for anything unknown). */
export const cultureOf = (language: string | undefined) =>
  language && language in CALENDAR_LOCALES ? language : 'pt-BR';

export const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: CALENDAR_LOCALES,
});

/** Days the agenda view lists from its date (react-big-calendar's default length). */
export const AGENDA_DAYS = 30;

const localeOf = (culture: string | undefined) => CALENDAR_LOCALES[cultureOf(culture)];

/**
 * A schedule has a send time, not a duration: its event is drawn with some height in the week
 * and day grids, but every label shows the send time alone ('p' is the language's short time:
 * 14:30 in Portuguese and Spanish, 2:30 PM in English).
 */
export const CALENDAR_FORMATS: Formats = {
  timeGutterFormat: 'p',
  eventTimeRangeFormat: ({ start }, culture) => format(start, 'p', { locale: localeOf(culture) }),
  agendaTimeFormat: 'p',
  agendaTimeRangeFormat: ({ start }, culture) => format(start, 'p', { locale: localeOf(culture) }),
  agendaDateFormat: 'EEE dd/MM',
  dayFormat: 'EEE dd/MM',
  dayHeaderFormat: 'EEEE, PPP',
  monthHeaderFormat: 'MMMM yyyy',
  dayRangeHeaderFormat: ({ start, end }, culture) =>
    `${format(start, 'P', { locale: localeOf(culture) })} – ${format(end, 'P', { locale: localeOf(culture) })}`,
  agendaHeaderFormat: ({ start, end }, culture) =>
    `${format(start, 'P', { locale: localeOf(culture) })} – ${format(end, 'P', { locale: localeOf(culture) })}`,
};

/**
 * The window of send times `view` shows around `date`, as the api's [dateFrom, dateTo): the
 * month grid's whole weeks, the week, the day, or the agenda's days.
 */
export function visibleWindow(view: View, date: Date, culture: string) {
  const locale = localeOf(culture);
  switch (view) {
    case 'day':
      return { dateFrom: startOfDay(date), dateTo: addDays(startOfDay(date), 1) };
    case 'week':
    case 'work_week':
      return {
        dateFrom: startOfWeek(date, { locale }),
        dateTo: addDays(startOfWeek(date, { locale }), 7),
      };
    case 'agenda':
      return { dateFrom: startOfDay(date), dateTo: addDays(startOfDay(date), AGENDA_DAYS + 1) };
    case 'month':
    default:
      return {
        dateFrom: startOfWeek(startOfMonth(date), { locale }),
        dateTo: startOfDay(addDays(endOfWeek(endOfMonth(date), { locale }), 1)),
      };
  }
}
