import { CalendarX2, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { isAdministrator } from '@atendo/domain';
import { InvoicesTable } from '@/features/invoices/invoices-page';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { formatDueDate, isSubscriptionExpired } from '@/lib/subscription';

/**
 * /financeiro-aberto: where an expired subscription lands after login, the token still set.
 * An admin sees the company's invoices under the notice and can pay one there.
 */
export function FinanceiroAbertoPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const dueDate = user.company?.dueDate ?? readStorage(STORAGE_KEYS.companyDueDate);
  const expired = isSubscriptionExpired(dueDate);
  const date = formatDueDate(dueDate);
  const admin = isAdministrator(permissionUser(user));

  return (
    <main className="relative flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <ThemeToggle className="absolute top-4 right-4" />
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CalendarX2 className="size-10 text-destructive" aria-hidden />
          <CardTitle>{t('errors.financeiroTitle')}</CardTitle>
          <CardDescription>{user.company?.name}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p role="alert" className="font-medium">
            {date ? t('session.expired', { date }) : t('errors.financeiroNoDate')}
          </p>
          <p className="text-sm text-muted-foreground">
            {t(admin ? 'errors.financeiroHintAdmin' : 'errors.financeiroHintUser')}
          </p>
        </CardContent>
        <CardFooter className="justify-between gap-2">
          {expired ? (
            <span />
          ) : (
            <Button variant="outline" asChild>
              <Link to="/tickets">{t('common.back')}</Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => void logout()}>
            <LogOut /> {t('shell.logout')}
          </Button>
        </CardFooter>
      </Card>
      {admin ? (
        <section className="flex w-full max-w-5xl flex-col rounded-lg border bg-background p-6">
          <InvoicesTable title={t('invoices.title')} />
        </section>
      ) : null}
    </main>
  );
}
