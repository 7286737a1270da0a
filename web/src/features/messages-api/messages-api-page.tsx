import { canSeeAdministration } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useDeniedRedirect } from '@/components/plan-gate';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { useCompany } from '@/features/shell/use-company';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { ApiDocs } from './api-docs';
import { MediaTestForm } from './media-test-form';
import { TextTestForm } from './text-test-form';

/**
 * /messages-api (docs/product/messages-api.md, docs/product/messages-api.md#routes): how integrators send through a connection's token, and two
 * forms that try it against the real endpoint. Needs the plan's useExternalApi (otherwise an
 * error toast and home after a second) and the administration section of the drawer.
 */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const user = permissionUser(useCurrentUser());
  const { plan, loaded } = useCompany();
  const planAllows = !!plan.useExternalApi;

  useDeniedRedirect(loaded, planAllows);

  if (!loaded) return <PageLoader />;
  if (!planAllows) return null;
  if (!canSeeAdministration(user)) return <ForbiddenPage />;

  return (
    <>
      <PageHeader title={t('messagesApi.title')} />
      <p className="mb-6 text-muted-foreground">{t('messagesApi.intro')}</p>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ApiDocs />
        <div className="grid content-start gap-6">
          <TextTestForm />
          <MediaTestForm />
        </div>
      </div>
    </>
  );
}
