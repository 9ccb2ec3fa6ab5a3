import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors.ts';

describe('fieldErrors', () => {
  it('a primeira mensagem de cada campo; o resto sem campo vai para root', () => {
    const schema = z
      .object({ title: z.string().min(3, 'Curto demais.').max(5, 'Longo demais.'), n: z.number() })
      .refine(() => false, 'Inválido.');
    const result = schema.safeParse({ title: 'a', n: 'x' });
    expect(result.success).toBe(false);
    const errors = fieldErrors<'title' | 'n'>(result.error!.issues);
    expect(errors.title).toBe('Curto demais.');
    expect(errors.n).toBeTypeOf('string');
    expect(
      fieldErrors(
        z
          .string()
          .refine(() => false, 'Inválido.')
          .safeParse('x').error!.issues,
      ),
    ).toEqual({
      root: 'Inválido.',
    });
  });
});
