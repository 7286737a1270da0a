/** Empty inputs count as missing, so the shared schema answers 'Obrigatório' rather than 'Muito curto!'. */
export const emptyToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);
