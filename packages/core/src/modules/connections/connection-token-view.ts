import { isAdministrator, type PermissionUser, type WhatsappView } from '@atendo/domain';

/**
 * A connection's API token sends messages as the company: only administrators see it (the
 * connection modal is theirs). Everyone else gets the view without it.
 */
export function withoutToken(view: WhatsappView): WhatsappView {
  const { token: _token, ...rest } = view;
  return rest;
}

/** The view of a connection as `caller` may see it. */
export function connectionViewFor(caller: PermissionUser, view: WhatsappView): WhatsappView {
  return isAdministrator(caller) ? view : withoutToken(view);
}
