import {
  cnpjLookupView,
  cnpjParams,
  loginResponse,
  loginSchema,
  messageView,
  signupSchema,
  signupView,
  userView,
} from '@atendo/domain';
import { route } from '../define.js';

/** Session (docs/product/users-and-auth.md#routes, docs/product/users-and-auth.md#routes) and signup. */
export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tag: 'auth',
    summary: 'Log in with email and password',
    body: loginSchema,
    response: loginResponse,
  }),
  refreshToken: route({
    method: 'POST',
    path: '/auth/refresh_token',
    access: 'refresh',
    tag: 'auth',
    summary: 'Rotate the refresh cookie and issue a new access token',
    response: loginResponse,
  }),
  logout: route({
    method: 'DELETE',
    path: '/auth/logout',
    access: 'user',
    tag: 'auth',
    summary: 'Log out and revoke the refresh token',
    response: messageView,
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    access: 'user',
    tag: 'auth',
    summary: 'The logged-in user',
    response: userView,
  }),
  signup: route({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    tag: 'auth',
    summary: 'Register a company and its first admin',
    body: signupSchema,
    status: 201,
    response: signupView,
  }),
  consultaCnpj: route({
    method: 'GET',
    path: '/auth/consulta-cnpj/:cnpj',
    access: 'public',
    tag: 'auth',
    summary: 'Company data of a CNPJ, to fill the signup form',
    params: cnpjParams,
    response: cnpjLookupView,
  }),
} as const;
