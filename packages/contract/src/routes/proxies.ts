import { idParams, messageView, proxySchema, proxyView, updateProxySchema } from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/** The company's outbound proxies (settings page, proxy tab); passwords never leave the api. */
export const proxiesRoutes = {
  proxiesIndex: route({
    method: 'GET',
    path: '/proxy',
    access: 'admin',
    tag: 'proxies',
    summary: "The company's proxies (passwords never returned: hasPassword)",
    response: z.array(proxyView),
  }),
  proxiesCreate: route({
    method: 'POST',
    path: '/proxy',
    access: 'admin',
    tag: 'proxies',
    summary: 'Add a proxy (the password is stored encrypted)',
    body: proxySchema,
    status: 201,
    response: proxyView,
  }),
  proxiesUpdate: route({
    method: 'PUT',
    path: '/proxy/:id',
    access: 'admin',
    tag: 'proxies',
    summary: 'Update a proxy; without a password the stored one is kept',
    params: idParams,
    body: updateProxySchema,
    response: proxyView,
  }),
  proxiesDelete: route({
    method: 'DELETE',
    path: '/proxy/:id',
    access: 'admin',
    tag: 'proxies',
    summary: 'Delete a proxy',
    params: idParams,
    response: messageView,
  }),
} as const;
