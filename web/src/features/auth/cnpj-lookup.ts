import type { CnpjLookupView, SignupInput } from '@atendo/domain';

/** What a CNPJ lookup may carry (GET /auth/consulta-cnpj/{digits}); blank fields are skipped. */
export type CnpjData = Partial<Record<keyof CnpjLookupView, string | null>>;

type Filled = Partial<
  Pick<SignupInput, 'companyName' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zipcode'>
>;

/** The signup fields a CNPJ lookup fills (only those it has a value for). */
export function signupFieldsFromCnpj(data: CnpjData): Filled {
  const filled: Filled = {};
  const companyName = (data.fantasia || data.nome || '').trim();
  if (companyName) filled.companyName = companyName.slice(0, 50);
  if (data.email?.trim()) filled.email = data.email.trim().toLowerCase();
  if (data.telefone?.trim()) filled.phone = data.telefone.trim();
  const address = [data.logradouro, data.numero, data.complemento, data.bairro]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  if (address) filled.address = address;
  if (data.municipio?.trim()) filled.city = data.municipio.trim();
  if (data.uf?.trim()) filled.state = data.uf.trim();
  if (data.cep?.trim()) filled.zipcode = data.cep.trim();
  return filled;
}
