import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme-provider';
import { TOAST_DURATION_MS } from '@/lib/toast';

/** The toast outlet: top-centre, 3 s by default (errors set their own 2 s). */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton={false}
    />
  );
}
