import type { ModuleHttp } from '../../http/define-routes.js';
import { avatarUpload } from './avatar-upload.js';
import { setRefreshCookie } from '../auth/refresh-cookie.js';
import { createUser } from '@atendo/core/modules/users/create-user.js';
import { deleteUser } from '@atendo/core/modules/users/delete-user.js';
import { listAllUsers } from '@atendo/core/modules/users/list-all-users.js';
import { listUsers } from '@atendo/core/modules/users/list-users.js';
import { setUserProfileImage } from '@atendo/core/modules/users/set-user-profile-image.js';
import { updateTicketsManagerWidth } from '@atendo/core/modules/users/update-tickets-manager-width.js';
import { updateUser } from '@atendo/core/modules/users/update-user.js';
import { toUserView } from '@atendo/core/modules/users/user-view.js';
import { loadUser } from '@atendo/core/modules/users/users-of.js';

export const usersHttp: ModuleHttp = (ctx) => ({
  handlers: {
    usersIndex: async ({ auth, query }) => listUsers(ctx, { auth, ...query }),
    usersList: async ({ auth, query }) => listAllUsers(ctx, { auth, companyId: query.companyId }),
    usersShow: async ({ auth, params }) => toUserView(await loadUser(ctx, auth, params.id)),
    usersCreate: async ({ auth, body }) => createUser(ctx, { auth, input: body }),
    usersUpdate: async ({ auth, params, body, req, res }) => {
      const { user, signIn } = await updateUser(ctx, {
        auth,
        userId: params.id,
        input: body,
        userAgent: req.get('user-agent'),
        ip: req.ip,
      });
      // Own password change: the sign-in goes on under a fresh refresh cookie.
      if (signIn) {
        res.setHeader('Cache-Control', 'no-store');
        setRefreshCookie(
          res,
          signIn.refreshToken,
          ctx.config.REFRESH_TOKEN_TTL_DAYS,
          ctx.config.NODE_ENV === 'production',
        );
      }
      return user;
    },
    usersDelete: async ({ auth, params }) => deleteUser(ctx, { auth, userId: params.id }),
    usersMediaUpload: async ({ auth, params, req }) =>
      setUserProfileImage(ctx, { auth, userId: params.id, file: req.file?.buffer }),
    usersToggleWidth: async ({ auth, params, body }) =>
      updateTicketsManagerWidth(ctx, {
        auth,
        userId: params.id,
        width: body.defaultTicketsManagerWidth,
      }),
  },
  before: {
    usersMediaUpload: [avatarUpload(ctx)],
  },
});
