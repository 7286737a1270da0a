import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent } from '@/lib/realtime/socket';
import { useSocketCache } from '@/lib/realtime/use-socket-cache';
import { CampaignArea } from './campaign-area';
import { formatDateTime } from './format';
import { campaignKeys, useCampaign } from './queries';
import { campaignSocketBinding } from './realtime';

const BINDINGS = [campaignSocketBinding] as const;

/** The report is read again this long after a live push says the campaign finished (docs/product/campaigns.md#campaign-status). */
export const FINISHED_REFRESH_MS = 5000;

/**
 * /campaign/:campaignId/report (docs/product/campaigns.md Campaign report): status, delivered of valid contacts
 * with a progress bar, and the cards of the campaign. It follows `company-{id}-campaign` live,
 * is read again while the campaign runs, and once more 5 s after it is pushed as finished.
 */
export function CampaignReportPage() {
  return (
    <CampaignArea adminOnly>
      <CampaignReport />
    </CampaignArea>
  );
}

function useRefreshAfterFinished(campaignId: number) {
  const socket = useSocket();
  const client = useQueryClient();
  const { companyId } = useCurrentUser();
  useEffect(() => {
    if (!socket) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const off = onCompanyEvent(socket, companyId, 'campaign', (payload) => {
      if (payload.action === 'delete') return;
      if (payload.record.id !== campaignId || payload.record.status !== 'FINALIZADA') return;
      timers.push(
        setTimeout(
          () => void client.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) }),
          FINISHED_REFRESH_MS,
        ),
      );
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [socket, client, companyId, campaignId]);
}

function ReportCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-2 py-4" role="group" aria-label={title}>
      <CardHeader className="px-4 text-sm text-muted-foreground">{title}</CardHeader>
      <CardContent className="px-4 text-2xl font-semibold tabular-nums">{children}</CardContent>
    </Card>
  );
}

function CampaignReport() {
  const { t } = useTranslation();
  const campaignId = Number(useParams().campaignId);
  useSocketCache(BINDINGS);
  useRefreshAfterFinished(campaignId);
  const query = useCampaign(Number.isInteger(campaignId) ? campaignId : null, { poll: true });
  const campaign = query.data;

  if (!campaign) return <PageLoader />;
  const { report } = campaign;
  const percent =
    report.validContacts > 0
      ? Math.min(100, Math.round((report.delivered / report.validContacts) * 100))
      : campaign.status === 'FINALIZADA'
        ? 100
        : 0;

  return (
    <div className="flex h-full flex-col gap-6 overflow-auto p-6">
      <PageHeader title={t('campaignReport.title', { name: campaign.name })}>
        <Button variant="outline" asChild>
          <Link to="/campaigns">
            <ArrowLeft />
            {t('campaignReport.back')}
          </Link>
        </Button>
      </PageHeader>
      <section className="grid gap-3" aria-label={t('campaignReport.progressLabel')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-lg font-medium" data-testid="campaign-status" aria-live="polite">
            {t('campaignReport.status', { status: t(`campaigns.statuses.${campaign.status}`) })}
          </p>
          <p className="tabular-nums" data-testid="campaign-progress">
            {t('campaignReport.progress', {
              delivered: report.delivered,
              valid: report.validContacts,
            })}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t('campaignReport.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      </section>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ReportCard title={t('campaignReport.validContacts')}>{report.validContacts}</ReportCard>
        {campaign.confirmation ? (
          <>
            <ReportCard title={t('campaignReport.confirmationRequested')}>
              {report.confirmationRequested}
            </ReportCard>
            <ReportCard title={t('campaignReport.confirmed')}>{report.confirmed}</ReportCard>
          </>
        ) : null}
        <ReportCard title={t('campaignReport.delivered')}>{report.delivered}</ReportCard>
        <ReportCard title={t('campaignReport.connection')}>
          <span className="text-base">{campaign.whatsapp?.name ?? t('campaignReport.none')}</span>
        </ReportCard>
        <ReportCard
          title={campaign.tagList ? t('campaignReport.tagList') : t('campaignReport.contactList')}
        >
          <span className="text-base">
            {campaign.contactList?.name ?? campaign.tagList?.name ?? t('campaignReport.none')}
          </span>
        </ReportCard>
        <ReportCard title={t('campaignReport.scheduledAt')}>
          <span className="text-base">
            {formatDateTime(campaign.scheduledAt) || t('campaignReport.noSchedule')}
          </span>
        </ReportCard>
        <ReportCard title={t('campaignReport.completedAt')}>
          <span className="text-base">
            {formatDateTime(campaign.completedAt) || t('campaignReport.notCompleted')}
          </span>
        </ReportCard>
      </div>
    </div>
  );
}
