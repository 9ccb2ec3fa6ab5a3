import { describe, expect, it } from 'vitest';
import { turnBatcher } from '../src/lib/turn-batch.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('escritas juntadas por volta do laço de eventos', () => {
  it('o que chega na mesma volta vai num só flush; na volta seguinte, noutro; por chave', async () => {
    const flushed: Array<[string, number[]]> = [];
    const add = turnBatcher(async (key: { name: string }, items: number[]) => {
      flushed.push([key.name, [...items]]);
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    const first = [add(a, [1]), add(a, [2, 3]), add(b, [9]), add(a, [])];
    expect(flushed).toEqual([]);
    await Promise.all(first);
    expect(flushed).toEqual([
      ['a', [1, 2, 3]],
      ['b', [9]],
    ]);
    await nextTurn();
    await add(a, [4]);
    expect(flushed.at(-1)).toEqual(['a', [4]]);
    expect(flushed).toHaveLength(3);
  });

  it('uma falha do flush chega a todos os que esperavam por ele, e a volta seguinte começa de novo', async () => {
    let fail = true;
    const seen: number[][] = [];
    const add = turnBatcher(async (_key: object, items: number[]) => {
      seen.push(items);
      if (fail) throw new Error('banco fora do ar');
    });
    const key = {};
    const results = await Promise.allSettled([add(key, [1]), add(key, [2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(add(key, [3])).resolves.toBeUndefined();
    expect(seen).toEqual([[1, 2], [3]]);
  });
});
