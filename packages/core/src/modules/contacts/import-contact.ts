import type { ImportContactInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadContactView } from './contact-view.js';
import { numbersChecker } from './check-number.js';
import { importRow } from './import-row.js';

/** `POST /contactsImport`: one row of the older import dialog; 200 means created. */
export async function importContact(
  ctx: AppContext,
  o: { auth: Principal; input: ImportContactInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const validate = o.input.validateContact === true || o.input.validateContact === 'true';
  const number = String(o.input.number).replace(/[\s()+\-.]/g, '');
  const [checked] = validate && number ? await (await numbersChecker(ctx, db))([number]) : [];
  const id = await importRow(db, o.input, new Map(), checked);
  const view = await loadContactView(db, id);
  ctx.events.publish('contact.created', { companyId: db.companyId, contact: view });
  return view;
}
