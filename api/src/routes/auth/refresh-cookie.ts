import type { Request, Response } from 'express';

/** The refresh token cookie (httpOnly; only sent to the auth routes). */
export const REFRESH_COOKIE = 'jrt';

export function setRefreshCookie(
  res: Response,
  token: string,
  days: number,
  secure: boolean,
): void {
  res.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/auth',
    maxAge: days * 24 * 60 * 60 * 1000,
  });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/auth' });
}

export function readRefreshCookie(req: Request): string | undefined {
  const v = (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}
