import type { TicketsDayView, TicketsUsersView } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const COLOR = 'var(--color-primary, #2563eb)';

/** Bars of the tickets each user took in the period. */
export function TicketsPerUserChart({ data }: { data: TicketsUsersView['data'] }) {
  const { t } = useTranslation();
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle className="text-lg">{t('dashboard.chartUsers')}</CardTitle>
      </CardHeader>
      <CardContent className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="nome" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="quantidade" name={t('dashboard.tickets')} fill={COLOR} radius={4} />
          </BarChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

/** The tickets of each day of the period, or of each hour when it is one day. */
export function TicketsPerDayChart({ series }: { series: TicketsDayView }) {
  const { t } = useTranslation();
  const points = series.data.map((p) => ({
    label: 'horario' in p ? `${p.horario}:00` : p.data,
    total: p.total,
  }));
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle className="text-lg">
          {t('dashboard.chartDays')} ({series.count})
        </CardTitle>
      </CardHeader>
      <CardContent className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Line
              type="monotone"
              dataKey="total"
              name={t('dashboard.tickets')}
              stroke={COLOR}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}
