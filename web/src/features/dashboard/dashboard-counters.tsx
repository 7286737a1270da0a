import type { DashboardAttendant, DashboardCounters as Counters } from '@atendo/domain';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatMinutes, formatPercent } from './format';

/** One figure of a section, labelled for assistive technology and tests. */
function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: string }) {
  return (
    <div className="rounded-lg border p-4" role="group" aria-label={label}>
      <div className="text-sm text-muted-foreground">{label}</div>
      <div className={cn('mt-1 text-2xl font-semibold', tone)}>{value}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">{children}</div>
    </section>
  );
}

/** Which sections a tab shows: indicators (with services and ratings) or NPS. */
export type CounterSections = 'all' | 'indicators' | 'nps';

/** The dashboard's sections: Indicadores, NPS, Atendimentos and the rating index. */
export function DashboardCounters({
  counters: c,
  sections = 'all',
}: {
  counters: Counters;
  sections?: CounterSections;
}) {
  const { t } = useTranslation();
  const indicators = sections !== 'nps';
  const nps = sections !== 'indicators';
  return (
    <div className="space-y-6">
      {indicators && (
        <Section title={t('dashboard.indicators')}>
          <Figure label={t('dashboard.supportHappening')} value={c.supportHappening} />
          <Figure label={t('dashboard.supportPending')} value={c.supportPending} />
          <Figure label={t('dashboard.supportFinished')} value={c.supportFinished} />
          <Figure label={t('dashboard.supportGroups')} value={c.supportGroups} />
          <Figure label={t('dashboard.leads')} value={c.leads} />
          <Figure label={t('dashboard.tickets')} value={c.tickets} />
        </Section>
      )}
      {nps && (
        <Section title={t('dashboard.nps')}>
          <Figure
            label={t('dashboard.npsScore')}
            value={Math.round(c.npsScore * 10) / 10}
            tone={
              c.npsScore >= 50 ? 'text-green-600' : c.npsScore < 0 ? 'text-destructive' : undefined
            }
          />
          <Figure
            label={t('dashboard.npsPromoters')}
            value={`${formatPercent(c.npsPromotersPerc)} (${c.npsPromotersCount})`}
          />
          <Figure
            label={t('dashboard.npsPassives')}
            value={`${formatPercent(c.npsPassivePerc)} (${c.npsPassiveCount})`}
          />
          <Figure
            label={t('dashboard.npsDetractors')}
            value={`${formatPercent(c.npsDetractorsPerc)} (${c.npsDetractorsCount})`}
          />
        </Section>
      )}
      {indicators && (
        <Section title={t('dashboard.services')}>
          <Figure label={t('dashboard.activeTickets')} value={c.activeTickets} />
          <Figure label={t('dashboard.passiveTickets')} value={c.passiveTickets} />
          <Figure label={t('dashboard.avgWaitTime')} value={formatMinutes(c.avgWaitTime)} />
          <Figure label={t('dashboard.avgSupportTime')} value={formatMinutes(c.avgSupportTime)} />
        </Section>
      )}
      {indicators && (
        <Section title={t('dashboard.ratingIndex')}>
          <Figure label={t('dashboard.withRating')} value={c.withRating} />
          <Figure label={t('dashboard.withoutRating')} value={c.withoutRating} />
          <Figure label={t('dashboard.waitRating')} value={c.waitRating} />
          <Figure label={t('dashboard.percRating')} value={formatPercent(c.percRating)} />
        </Section>
      )}
    </div>
  );
}

/** The Atendentes table: rating, tickets, average times and presence of every user. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle className="text-lg">{t('dashboard.attendants')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table aria-label={t('dashboard.attendants')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('dashboard.attendant.name')}</TableHead>
              <TableHead>{t('dashboard.attendant.rating')}</TableHead>
              <TableHead>{t('dashboard.attendant.tickets')}</TableHead>
              <TableHead>{t('dashboard.avgWaitTime')}</TableHead>
              <TableHead>{t('dashboard.avgSupportTime')}</TableHead>
              <TableHead>{t('dashboard.attendant.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {attendants.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.name}</TableCell>
                <TableCell>
                  <span className="inline-flex items-center gap-1">
                    <Star className="size-4 text-yellow-500" aria-hidden />
                    {a.rating} ({a.countRating})
                  </span>
                </TableCell>
                <TableCell>{a.tickets}</TableCell>
                <TableCell>{formatMinutes(a.avgWaitTime)}</TableCell>
                <TableCell>{formatMinutes(a.avgSupportTime)}</TableCell>
                <TableCell>
                  <span
                    className={cn(
                      'inline-flex items-center gap-1',
                      a.online ? 'text-green-600' : 'text-muted-foreground',
                    )}
                  >
                    <span
                      className={cn(
                        'size-2 rounded-full',
                        a.online ? 'bg-green-500' : 'bg-gray-400',
                      )}
                    />
                    {a.online ? t('dashboard.attendant.online') : t('dashboard.attendant.offline')}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
