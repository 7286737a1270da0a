import { Languages, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { config } from '@/lib/config';
import { changeLanguage, LANGUAGES, type Language } from '@/lib/i18n';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The avatar URL: absolute as given, else a file the api serves under /public. */
function avatarUrl(profileImage: string | null | undefined, companyId: number): string | undefined {
  if (!profileImage) return undefined;
  if (/^https?:\/\//.test(profileImage)) return profileImage;
  return `${config.apiUrl}/public/company${companyId}/user/${profileImage}`;
}

/** The avatar menu: profile, language and logout. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="rounded-full"
            aria-label={t('shell.userMenu')}
          >
            <Avatar>
              <AvatarImage src={avatarUrl(user.profileImage, user.companyId)} alt="" />
              <AvatarFallback>{initials(user.name)}</AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="grid">
            <span className="truncate">{user.name}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
            <UserRound /> {t('shell.profile')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
            <Languages className="size-3.5" /> {t('shell.language')}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={i18n.language}
            onValueChange={(lng) => changeLanguage(lng as Language)}
          >
            {LANGUAGES.map((lng) => (
              <DropdownMenuRadioItem key={lng} value={lng}>
                {t(`languages.${lng}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void logout()}>
            <LogOut /> {t('shell.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={profileOpen} onOpenChange={setProfileOpen}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogHeader>
            <DialogTitle>{t('shell.profile')}</DialogTitle>
            <DialogDescription>{t('shell.profileHint')}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('signup.name')}</dt>
            <dd>{user.name}</dd>
            <dt className="text-muted-foreground">{t('login.email')}</dt>
            <dd>{user.email}</dd>
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
