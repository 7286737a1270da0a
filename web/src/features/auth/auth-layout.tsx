import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useBranding } from '@/features/whitelabel/branding-provider';

/**
 * The centred card of the public pages, with the light/dark toggle in the corner, the
 * platform's logo (else its name) above, and its login or signup image beside it on wide
 * screens when the platform set one.
 */
export function AuthLayout({
  title,
  description,
  image,
  children,
}: {
  title: string;
  description: string;
  /** The platform's whitelabel image of this page (loginEnterImage, loginRegisterImage). */
  image?: string | null;
  children: ReactNode;
}) {
  const { appName, logoUrl } = useBranding();
  return (
    <main className="relative flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <ThemeToggle className="absolute top-4 right-4" />
      <div className={image ? 'flex w-full max-w-4xl items-stretch gap-8' : 'contents'}>
        {image ? (
          <div className="hidden flex-1 items-center justify-center md:flex">
            <img src={image} alt="" className="max-h-[32rem] w-full rounded-lg object-contain" />
          </div>
        ) : null}
        <div className="w-full max-w-md">
          {logoUrl ? (
            <img src={logoUrl} alt={appName} className="mx-auto mb-4 max-h-16 object-contain" />
          ) : (
            <p className="mb-4 text-center text-2xl font-bold tracking-tight text-primary">
              {appName}
            </p>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            <CardContent>{children}</CardContent>
          </Card>
        </div>
      </div>
    </main>
  );
}
