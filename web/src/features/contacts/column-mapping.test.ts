import { describe, expect, it } from 'vitest';
import {
  assignColumn,
  EMPTY_MAPPING,
  guessMapping,
  mappingProblems,
  targetOf,
} from './column-mapping';

describe('column mapping', () => {
  it('guesses targets from the header row', () => {
    expect(guessMapping(['Nome', 'Telefone', 'E-mail', 'Etiquetas'])).toEqual({
      name: 0,
      number: 1,
      email: 2,
      tags: 3,
    });
    expect(guessMapping(['x', 'y'])).toEqual(EMPTY_MAPPING);
  });

  it('maps a column to one target only', () => {
    let m = assignColumn(EMPTY_MAPPING, 0, 'name');
    m = assignColumn(m, 0, 'number');
    expect(m).toEqual({ ...EMPTY_MAPPING, number: 0 });
    expect(targetOf(m, 0)).toBe('number');
    m = assignColumn(m, 0, null);
    expect(targetOf(m, 0)).toBeNull();
  });

  it('needs name and number', () => {
    expect(mappingProblems(EMPTY_MAPPING)).toEqual(['nameRequired', 'numberRequired']);
    expect(mappingProblems({ ...EMPTY_MAPPING, name: 0, number: 1 })).toEqual([]);
  });
});
