import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { config } from '@/lib/config';

/** Up to two initials of a name, for an avatar without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The avatar URL: absolute as given, else the file the api serves under /public. */
export function avatarUrl(
  profileImage: string | null | undefined,
  companyId: number,
): string | undefined {
  if (!profileImage) return undefined;
  if (/^(https?:|blob:|data:)/.test(profileImage)) return profileImage;
  return `${config.apiUrl}/public/company${companyId}/user/${profileImage}`;
}

/** A user's round picture, or their initials. */
export function UserAvatar({
  user,
  className,
}: {
  user: { name: string; profileImage?: string | null; companyId: number };
  className?: string;
}) {
  return (
    <Avatar className={className}>
      <AvatarImage src={avatarUrl(user.profileImage, user.companyId)} alt="" />
      <AvatarFallback>{initials(user.name)}</AvatarFallback>
    </Avatar>
  );
}
