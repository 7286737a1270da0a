import { Languages, LogOut, UserRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
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
import { avatarUrl, initials } from '@/features/users/avatar';
import { useAuth, useCurrentUser } from '@/lib/auth/auth-provider';
import { toastError } from '@/lib/errors';
import { lazyNamed } from '@/lib/lazy';
import { changeLanguage, LANGUAGES, type Language } from '@/lib/i18n';

// The profile form (and the form libraries) load when the profile is first opened.
const ProfileDialog = lazyNamed(() => import('@/features/profile/profile-dialog'), 'ProfileDialog');

/** The avatar menu: profile, language and logout. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [profileOpen, setProfileOpen] = useState(false);
  // Stays mounted once opened, so closing plays the dialog's exit like any other.
  const [profileMounted, setProfileMounted] = useState(false);

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
            <Avatar aria-hidden>
              <AvatarImage src={avatarUrl(user.profileImage, user.companyId)} alt="" />
              {/* The initials picture the user; drawn by CSS, they are not the button's text,
                  whose name is the menu's (WCAG 2.5.3, label in name). */}
              <AvatarFallback
                data-initials={initials(user.name)}
                className="before:content-[attr(data-initials)]"
              />
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="grid">
            <span className="truncate">{user.name}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setProfileMounted(true);
              setProfileOpen(true);
            }}
          >
            <UserRound /> {t('shell.profile')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="flex items-center gap-2 text-xs text-muted-foreground">
            <Languages className="size-3.5" /> {t('shell.language')}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={i18n.language}
            onValueChange={(lng) => void changeLanguage(lng as Language).catch(toastError)}
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
      {profileMounted && (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
