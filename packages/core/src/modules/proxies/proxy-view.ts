import { AppError, proxyView, type ProxyView } from '@atendo/domain';
import { ProxyEntity, type Proxy } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** A proxy as the api answers it: never the password, only whether one is stored. */
export function toProxyView(p: Proxy): ProxyView {
  return proxyView.parse({ ...p, hasPassword: !!p.password });
}

/** One proxy of the company; another company's or a missing one is ERR_NOT_FOUND. */
export async function loadProxy(db: TenantData, id: number): Promise<Proxy> {
  const row = await db.of(ProxyEntity).findOne({ where: { id } });
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}
