import {
  checkoutDataSchema,
  customPlanPrice,
  CUSTOM_PLAN_MAX_CONNECTIONS,
  CUSTOM_PLAN_MAX_USERS,
  CUSTOM_PLAN_MIN_CONNECTIONS,
  CUSTOM_PLAN_MIN_USERS,
  formatBRL,
  maskDocument,
  type InvoiceView,
  type SubscriptionView,
} from '@atendo/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Copy, Loader2 } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCompanyPlan } from '@/features/companies/queries';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { authKeys } from '@/lib/auth/keys';
import { toastError } from '@/lib/errors';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent } from '@/lib/realtime/socket';
import { notify } from '@/lib/toast';
import { formatDueDate } from '@/lib/subscription';
import { translateValidation } from '@/lib/validation';
import { invoiceKeys } from './queries';

/** How long the success message shows before the user is sent home (docs/product/companies-plans-billing.md#subscription-states Checkout). */
export const CHECKOUT_SUCCESS_REDIRECT_MS = 4000;
/** How long the copy button says "Copiado!" (docs/product/companies-plans-billing.md). */
const COPIED_RESET_MS = 1000;

type DataForm = z.input<typeof checkoutDataSchema>;
type DataValues = z.output<typeof checkoutDataSchema>;
type Step = 'data' | 'plan' | 'review' | 'pix';
const STEPS = ['data', 'plan', 'review'] as const;

/** The quantities the customer picked on Personalizar (null keeps the invoice as issued). */
interface Custom {
  users: number;
  connections: number;
}

const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;

/**
 * The checkout (docs/product/companies-plans-billing.md Checkout dialog): Dados (name and CPF/CNPJ), Personalizar (the plan
 * card, optionally custom users and connections priced by the domain's rule), Revisar (summary
 * and PAGAR, back allowed), then the Pix screen. The server prices the charge itself; the price
 * shown here is the same function's. When `company-{id}-payment` says CONCLUIDA for this
 * invoice, the new due date shows and the user is sent home after 4 s.
 */
export function CheckoutDialog({
  invoice,
  onClose,
}: {
  invoice: InvoiceView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!invoice} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md" closeLabel={t('checkout.close')}>
        <DialogHeader>
          <DialogTitle>{t('checkout.title')}</DialogTitle>
          <DialogDescription>{invoice?.detail ?? ''}</DialogDescription>
        </DialogHeader>
        {invoice ? <Checkout key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Checkout({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const plan = useCompanyPlan(me.companyId);
  const [step, setStep] = useState<Step>('data');
  const [payer, setPayer] = useState<DataValues | null>(null);
  const [custom, setCustom] = useState<Custom | null>(null);
  const [pix, setPix] = useState<SubscriptionView | null>(null);
  const subscribe = useRouteMutation('subscriptionCreate');

  const form = useForm<DataForm, unknown, DataValues>({
    resolver: zodResolver(checkoutDataSchema),
    defaultValues: { firstName: me.company?.name ?? '', zipcode: '' },
  });
  const { errors } = form.formState;
  const documentField = form.register('zipcode');

  const users = custom?.users ?? invoice.users;
  const connections = custom?.connections ?? invoice.connections;
  const total = custom ? customPlanPrice(custom.users, custom.connections) : invoice.value;

  async function pay() {
    if (!payer) return;
    try {
      const answer = await subscribe.mutateAsync({
        body: {
          invoiceId: invoice.id,
          firstName: payer.firstName,
          zipcode: payer.zipcode,
          ...(custom ? { users: custom.users, connections: custom.connections } : {}),
        },
      });
      setPix(answer);
      notify.success(t('checkout.created'), 'checkout');
      setStep('pix');
    } catch (err) {
      toastError(err);
    }
  }

  if (step === 'pix' && pix) return <PixScreen pix={pix} invoice={invoice} onClose={onClose} />;

  const index = STEPS.indexOf(step as (typeof STEPS)[number]);
  return (
    <div className="grid gap-4">
      <ol className="grid grid-cols-3 gap-2 text-center text-xs" aria-label={t('checkout.title')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={
              i <= index
                ? 'border-primary text-foreground border-b-2 pb-1 font-semibold'
                : 'text-muted-foreground border-b pb-1'
            }
          >
            {t(`checkout.steps.${s}`)}
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {t('checkout.stepOf', { step: index + 1, total: STEPS.length })}
      </p>

      {step === 'data' ? (
        <form
          className="grid gap-4"
          noValidate
          aria-label={t('checkout.steps.data')}
          onSubmit={form.handleSubmit((values) => {
            setPayer(values);
            setStep('plan');
          })}
        >
          <Field
            id="checkout-name"
            label={t('checkout.fullName')}
            error={translateValidation(errors.firstName?.message)}
          >
            <Input
              id="checkout-name"
              autoComplete="name"
              aria-invalid={!!errors.firstName}
              {...form.register('firstName')}
            />
          </Field>
          <Field
            id="checkout-document"
            label={t('checkout.document')}
            error={translateValidation(errors.zipcode?.message)}
          >
            <Input
              id="checkout-document"
              inputMode="numeric"
              aria-invalid={!!errors.zipcode}
              {...documentField}
              onChange={(event) => {
                event.target.value = maskDocument(event.target.value);
                void documentField.onChange(event);
              }}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('checkout.close')}
            </Button>
            <Button type="submit">{t('checkout.next')}</Button>
          </div>
        </form>
      ) : null}

      {step === 'plan' ? (
        <div className="grid gap-4">
          <section
            aria-label={t('checkout.currentPlan')}
            className="border-primary grid gap-2 rounded-lg border-2 p-4"
          >
            <p className="text-muted-foreground text-xs uppercase">{t('checkout.currentPlan')}</p>
            <p className="text-lg font-semibold">
              {t('checkout.planTitle', { name: plan.data?.name ?? '' })}
            </p>
            <p className="text-2xl font-bold">
              {t('checkout.perMonth', { value: formatBRL(total) })}
            </p>
            <p className="text-sm">
              {t('checkout.users')}: {users} · {t('checkout.connections')}: {connections}
            </p>
          </section>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={!!custom}
              onChange={(e) =>
                setCustom(
                  e.target.checked
                    ? {
                        users: clamp(invoice.users, CUSTOM_PLAN_MIN_USERS, CUSTOM_PLAN_MAX_USERS),
                        connections: clamp(
                          invoice.connections,
                          CUSTOM_PLAN_MIN_CONNECTIONS,
                          CUSTOM_PLAN_MAX_CONNECTIONS,
                        ),
                      }
                    : null,
                )
              }
            />
            {t('checkout.customize')}
          </label>
          {custom ? (
            <div className="grid gap-3">
              <p className="text-muted-foreground text-xs">{t('checkout.customHint')}</p>
              <div className="grid grid-cols-2 gap-3">
                <QuantityField
                  id="checkout-users"
                  label={t('checkout.users')}
                  min={CUSTOM_PLAN_MIN_USERS}
                  max={CUSTOM_PLAN_MAX_USERS}
                  value={custom.users}
                  onChange={(users) => setCustom({ ...custom, users })}
                />
                <QuantityField
                  id="checkout-connections"
                  label={t('checkout.connections')}
                  min={CUSTOM_PLAN_MIN_CONNECTIONS}
                  max={CUSTOM_PLAN_MAX_CONNECTIONS}
                  value={custom.connections}
                  onChange={(connections) => setCustom({ ...custom, connections })}
                />
              </div>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setStep('data')}>
              {t('checkout.back')}
            </Button>
            <Button type="button" onClick={() => setStep('review')}>
              {t('checkout.next')}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'review' && payer ? (
        <div className="grid gap-4">
          <dl
            aria-label={t('checkout.steps.review')}
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm"
          >
            <dt className="text-muted-foreground">{t('checkout.payer')}</dt>
            <dd>
              {payer.firstName} · {maskDocument(payer.zipcode)}
            </dd>
            <dt className="text-muted-foreground">{t('checkout.invoice')}</dt>
            <dd>{invoice.detail ?? `#${invoice.id}`}</dd>
            <dt className="text-muted-foreground">{t('checkout.dueDate')}</dt>
            <dd>{formatDueDate(invoice.dueDate)}</dd>
            <dt className="text-muted-foreground">{t('checkout.users')}</dt>
            <dd>{users}</dd>
            <dt className="text-muted-foreground">{t('checkout.connections')}</dt>
            <dd>{connections}</dd>
            <dt className="text-muted-foreground">{t('checkout.total')}</dt>
            <dd className="font-semibold">{formatBRL(total)}</dd>
          </dl>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setStep('plan')}>
              {t('checkout.back')}
            </Button>
            <Button type="button" disabled={subscribe.isPending} onClick={() => void pay()}>
              {subscribe.isPending ? <Loader2 className="animate-spin" /> : null}
              {subscribe.isPending ? t('checkout.paying') : t('checkout.pay')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A quantity of the custom plan: typed freely, priced at once when within the bounds, and put
 * back within them when the field is left (so clearing it to type "5" does not read as 3).
 */
function QuantityField({
  id,
  label,
  min,
  max,
  value,
  onChange,
}: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isInteger(n) && n >= min && n <= max) onChange(n);
        }}
        onBlur={() => {
          const n = clamp(Number(text || min), min, max);
          setText(String(n));
          onChange(n);
        }}
      />
    </Field>
  );
}

/** The Pix screen: QR code, copy-paste code, the amount, and the wait for the payment event. */
function PixScreen({
  pix,
  invoice,
  onClose,
}: {
  pix: SubscriptionView;
  invoice: InvoiceView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const socket = useSocket();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const [paidUntil, setPaidUntil] = useState<string | null>(null);

  useEffect(() => {
    if (!socket) return;
    return onCompanyEvent(socket, me.companyId, 'payment', (payload) => {
      if (payload.action !== 'CONCLUIDA' || payload.invoice.id !== invoice.id) return;
      setPaidUntil(payload.company.dueDate);
      void client.invalidateQueries({ queryKey: invoiceKeys.all });
      void client.invalidateQueries({ queryKey: authKeys.me });
    });
  }, [socket, me.companyId, invoice.id, client]);

  useEffect(() => {
    if (paidUntil === null) return;
    const timer = setTimeout(() => {
      onClose();
      navigate('/');
    }, CHECKOUT_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paidUntil, navigate, onClose]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (paidUntil !== null)
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
        <CheckCircle2 className="size-12 text-green-600" aria-hidden />
        <p className="font-semibold">{t('checkout.success', { date: formatDueDate(paidUntil) })}</p>
      </div>
    );

  const code = pix.qrcode.qrcode;
  return (
    <div className="grid justify-items-center gap-4">
      <p className="font-semibold">{t('checkout.pixTitle')}</p>
      <p className="text-muted-foreground text-center text-sm">{t('checkout.pixHint')}</p>
      <div className="rounded-md bg-white p-3" aria-label={t('checkout.pixTitle')} role="img">
        <QRCodeSVG value={code} size={200} />
      </div>
      <p className="text-xl font-bold">{formatBRL(pix.valor.original)}</p>
      <div className="grid w-full gap-2">
        <label htmlFor="pix-code" className="text-sm font-medium">
          {t('checkout.pixCode')}
        </label>
        <div className="flex gap-2">
          <Input id="pix-code" readOnly value={code} onFocus={(e) => e.target.select()} />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(code).catch(() => undefined);
              setCopied(true);
            }}
          >
            <Copy />
            {copied ? t('checkout.copied') : t('checkout.copy')}
          </Button>
        </div>
      </div>
      <p className="text-muted-foreground flex items-center gap-2 text-sm" aria-live="polite">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t('checkout.waiting')}
      </p>
      <Button type="button" variant="outline" onClick={onClose}>
        {t('checkout.close')}
      </Button>
    </div>
  );
}
