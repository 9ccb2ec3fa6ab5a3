import { describe, expect, it } from 'vitest';
import { facesLine, mondayOf } from './catalog.ts';

describe('faces de uma linha reservada', () => {
  it('telas em torres listam torres; os outros tipos, faces', () => {
    expect(facesLine('torre', [{ name: 'Torre A' }, { name: 'Torre B' }])).toBe('Torres: Torre A, Torre B');
    expect(facesLine('outdoor', [{ name: 'Face principal' }])).toBe('Faces: Face principal');
    expect(facesLine('painel_led', [{ name: 'Norte' }, { name: 'Sul' }])).toBe('Faces: Norte, Sul');
  });
});

describe('segunda-feira da semana', () => {
  it('de qualquer dia, a segunda-feira da sua semana (domingo fecha a semana anterior)', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});
