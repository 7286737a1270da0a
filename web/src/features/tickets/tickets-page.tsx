import { useTranslation } from 'react-i18next';
import { ComingLater } from '@/components/coming-later';
import { PageHeader } from '@/components/page-header';

/** /tickets and /tickets/:ticketId: the ticket list and the conversation. */
export function TicketsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tickets.title')} />
      <ComingLater text={t('tickets.hint')} />
    </>
  );
}
