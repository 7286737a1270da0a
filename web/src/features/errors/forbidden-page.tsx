import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** The 403 page: 'Oops! Acesso Negado!' with Voltar back to /tickets. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-16 text-center">
      <ShieldX className="size-16 text-destructive" aria-hidden />
      <h1 className="text-3xl font-bold">{t('errors.forbidden')}</h1>
      <p className="text-muted-foreground">{t('errors.forbiddenHint')}</p>
      <Button asChild>
        <Link to="/tickets">{t('common.back')}</Link>
      </Button>
    </div>
  );
}
