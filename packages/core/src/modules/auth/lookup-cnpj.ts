import { AppError, type CnpjLookupView } from '@atendo/domain';
import type { AppContext } from '../../context.js';

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * Looks a CNPJ up in a ReceitaWS-protocol service so the signup form can fill the company
 * data. Unknown CNPJ: ERR_CNPJ_NOT_FOUND; service down, slow or malformed: ERR_CNPJ_LOOKUP_FAILED.
 */
export async function lookupCnpj(ctx: AppContext, o: { cnpj: string }): Promise<CnpjLookupView> {
  let res: Response;
  try {
    res = await fetch(`${ctx.config.CNPJ_LOOKUP_URL.replace(/\/$/, '')}/${o.cnpj}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(ctx.config.CNPJ_LOOKUP_TIMEOUT_MS),
    });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message }, 'CNPJ lookup unreachable');
    throw new AppError('ERR_CNPJ_LOOKUP_FAILED');
  }
  if (res.status === 404) throw new AppError('ERR_CNPJ_NOT_FOUND');
  if (!res.ok) throw new AppError('ERR_CNPJ_LOOKUP_FAILED');
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!data) throw new AppError('ERR_CNPJ_LOOKUP_FAILED');
  if (data.status === 'ERROR') throw new AppError('ERR_CNPJ_NOT_FOUND');
  return {
    nome: text(data.nome),
    fantasia: text(data.fantasia),
    email: text(data.email),
    telefone: text(data.telefone),
    logradouro: text(data.logradouro),
    numero: text(data.numero),
    complemento: text(data.complemento),
    bairro: text(data.bairro),
    municipio: text(data.municipio),
    uf: text(data.uf),
    cep: text(data.cep),
  };
}
