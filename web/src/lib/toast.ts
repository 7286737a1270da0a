import { toast } from 'sonner';

/** How long toasts stay (docs/product/tickets.md#the-tickets-screen: 3 s, errors 2 s). */
export const TOAST_DURATION_MS = 3000;
export const ERROR_TOAST_DURATION_MS = 2000;

/** The console's notifications: top-centre toasts, errors shorter, one toast per id. */
export const notify = {
  success: (message: string, id?: string) =>
    toast.success(message, { id, duration: TOAST_DURATION_MS }),
  info: (message: string, id?: string) => toast.info(message, { id, duration: TOAST_DURATION_MS }),
  warning: (message: string, id?: string) =>
    toast.warning(message, { id, duration: TOAST_DURATION_MS }),
  error: (message: string, id?: string) =>
    toast.error(message, { id, duration: ERROR_TOAST_DURATION_MS }),
};
