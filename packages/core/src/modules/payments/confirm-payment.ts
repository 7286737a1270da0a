import {
  advanceDueDate,
  AppError,
  calendarDay,
  isSubscriptionExpired,
  RECURRENCES,
  type Recurrence,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, InvoiceEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import type { WebhookRequest } from './payment-provider.js';
import { parseInvoiceReference, paymentProviderOf } from './payment-provider-of.js';

interface CompanyRow {
  id: number;
  dueDate: string | null;
  recurrence: string;
  status: boolean;
  timezone: string;
}

/**
 * The payment webhook: a notification whose signature holds names a charge; the charge is read
 * back from the provider (the notification itself proves nothing about money), and only an
 * approved charge whose reference, id and amount match an unpaid invoice pays it. Paying is one
 * transaction: the invoice turns paid once (a replay finds it paid and changes nothing), the
 * company's due date moves on by its recurrence, and a company billing switched off for
 * being overdue is switched back on (a super admin's suspension stays).
 */
export async function confirmPayment(
  ctx: AppContext,
  req: WebhookRequest,
): Promise<{ received: boolean; paid: boolean }> {
  const provider = paymentProviderOf(ctx);
  const chargeId = provider.verifyWebhook(req);
  if (!chargeId) throw new AppError('ERR_INVALID_SIGNATURE');

  let charge;
  try {
    charge = await provider.getCharge(chargeId);
  } catch {
    // Not answered now: a 5xx makes the provider deliver the notification again later.
    ctx.logger.warn({ chargeId }, 'payment webhook: the provider did not answer the charge');
    throw new AppError('ERR_PAYMENT_PROVIDER');
  }
  if (!charge || charge.status !== 'approved') return { received: true, paid: false };
  const ref = parseInvoiceReference(charge.reference);
  if (!ref) {
    ctx.logger.warn({ chargeId }, 'payment webhook: an approved charge names no invoice of ours');
    return { received: true, paid: false };
  }

  const paid = await platformData(ctx.ds).transaction(async (tx) => {
    // `status: 'open'` in the where: of a replay or concurrent deliveries, one pays it.
    const updated = await tx
      .tenant(ref.companyId)
      .of(InvoiceEntity)
      .update(
        { id: ref.invoiceId, status: 'open', txId: charge.id, value: charge.amount },
        { status: 'paid', paidAt: new Date() },
      );
    if (!updated) return null;
    const [company] = await tx.query<CompanyRow>(
      `SELECT id, "dueDate"::text AS "dueDate", recurrence, status, timezone
         FROM companies WHERE id = $1 FOR UPDATE`,
      [ref.companyId],
    );
    if (!company) return null;
    const recurrence: Recurrence = (RECURRENCES as readonly string[]).includes(company.recurrence)
      ? (company.recurrence as Recurrence)
      : 'MENSAL';
    const today = calendarDay(new Date(), company.timezone);
    const dueDate = advanceDueDate(company.dueDate ?? today, recurrence);
    const reactivate = !company.status && isSubscriptionExpired(company.dueDate, today);
    await tx
      .of(CompanyEntity)
      .update({ id: company.id }, reactivate ? { dueDate, status: true } : { dueDate });
    return { invoiceId: ref.invoiceId, dueDate };
  }, ref.companyId);

  if (!paid) {
    ctx.logger.info(
      { chargeId, companyId: ref.companyId, invoiceId: ref.invoiceId },
      'payment webhook: nothing to pay (already paid, or the charge does not match the invoice)',
    );
    return { received: true, paid: false };
  }
  ctx.logger.info(
    { companyId: ref.companyId, invoiceId: paid.invoiceId, dueDate: paid.dueDate },
    'invoice paid',
  );
  ctx.events.publish('invoice.paid', { companyId: ref.companyId, ...paid });
  ctx.events.publish('company.updated', { companyId: ref.companyId });
  return { received: true, paid: true };
}
