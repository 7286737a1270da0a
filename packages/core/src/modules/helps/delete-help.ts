import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { HelpEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';

/** Deletes a help article (super admin). */
export async function deleteHelp(ctx: AppContext, o: { helpId: number }) {
  const result = await platformData(ctx.ds).of(HelpEntity).delete({ id: o.helpId });
  if (!result.affected) throw new AppError('ERR_NOT_FOUND');
  return { message: 'Help deleted' };
}
