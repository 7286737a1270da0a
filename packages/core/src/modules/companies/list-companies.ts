import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { toCompanyView } from './company-view.js';

/** Every company with its plan (super admin). */
export async function listCompanies(ctx: AppContext) {
  const rows = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ relations: { plan: true }, order: { id: 'ASC' } });
  return rows.map(toCompanyView);
}
