import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { eventBinding } from '@/lib/realtime/socket-cache';

/** Cache keys of the invoices feature. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  pages: () => [...invoiceKeys.all, 'page'] as const,
  page: (searchParam: string, pageNumber: number) =>
    [...invoiceKeys.pages(), searchParam, pageNumber] as const,
};

/** Rows the api sends per page of `GET /invoices` (fixed on the server). */
export const INVOICES_PAGE_SIZE = 20;

/** One page of the company's invoices, as the api pages and searches them. */
export function useInvoicesPage(searchParam: string, pageNumber: number) {
  return useQuery({
    queryKey: invoiceKeys.page(searchParam, pageNumber),
    queryFn: ({ signal }) =>
      api.call('invoicesIndex', { query: { searchParam, pageNumber }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `company-{id}-payment`: an invoice was paid, so the invoices pages are read again. */
export const invoicesPaymentSocketBinding = eventBinding({
  entity: 'payment',
  recordField: 'payment',
  strategy: 'invalidate',
  invalidate: [invoiceKeys.all],
});
