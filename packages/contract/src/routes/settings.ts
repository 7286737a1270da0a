import {
  companySettingOneView,
  companySettingsView,
  companySettingUpdateSchema,
  idParams,
  settingColumnQuery,
  settingKeyParams,
  settingView,
  updateSettingSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/** Company settings, and the few public ones the login and signup pages read. */
export const settingsRoutes = {
  publicSetting: route({
    method: 'GET',
    path: '/public-settings/:key',
    access: 'public',
    tag: 'settings',
    summary: 'A public setting value (null when absent)',
    params: settingKeyParams,
    response: z.string().nullable(),
  }),
  settingsIndex: route({
    method: 'GET',
    path: '/settings',
    access: 'user',
    tag: 'settings',
    summary: "The company's settings",
    response: z.array(settingView),
  }),
  settingsShow: route({
    method: 'GET',
    path: '/setting/:key',
    access: 'user',
    tag: 'settings',
    summary: 'One setting',
    params: settingKeyParams,
    response: settingView,
  }),
  settingsUpdate: route({
    method: 'PUT',
    path: '/settings/:key',
    access: 'admin',
    tag: 'settings',
    summary: 'Update one setting',
    params: settingKeyParams,
    body: updateSettingSchema,
    response: settingView,
  }),
  companySettingsShow: route({
    method: 'GET',
    path: '/companySettings/:id',
    access: 'user',
    tag: 'settings',
    summary: "A company's settings as one object keyed by setting",
    params: idParams,
    response: companySettingsView,
  }),
  companySettingOne: route({
    method: 'GET',
    path: '/companySettingOne',
    access: 'user',
    tag: 'settings',
    summary: 'One company setting by column, as { column: value }',
    query: settingColumnQuery,
    response: companySettingOneView,
  }),
  companySettingsUpdate: route({
    method: 'PUT',
    path: '/companySettings',
    access: 'admin',
    tag: 'settings',
    summary: 'Update one company setting (column/data)',
    body: companySettingUpdateSchema,
    response: settingView,
  }),
} as const;
