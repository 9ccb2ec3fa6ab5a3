import { describe, expect, it } from 'vitest';
import { planMapSvg } from '../src/services/plans/plan-map.ts';

/** Each numbered marker's centre in the drawing (its group's translate). */
function centres(svg: string) {
  return [...svg.matchAll(/<g class="marcador" transform="translate\(([-\d.]+) ([-\d.]+)\)">/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

describe('mapa do plano: marcadores que não se escondem (issue #40 item 10)', () => {
  it('faces no mesmo lugar ou a poucos metros ficam lado a lado, dentro da imagem, com a linha até o ponto real', () => {
    const points = [
      { latitude: -15.7939, longitude: -47.8828, label: '1' },
      { latitude: -15.7939, longitude: -47.8828, label: '2' },
      { latitude: -15.79391, longitude: -47.88281, label: '3' },
      { latitude: -15.75, longitude: -47.9, label: '4' },
    ];
    const svg = planMapSvg(points);
    const at = centres(svg);
    expect(at).toHaveLength(4);
    for (let i = 0; i < at.length; i++) {
      expect(at[i]!.x).toBeGreaterThanOrEqual(26);
      expect(at[i]!.x).toBeLessThanOrEqual(1000 - 26);
      expect(at[i]!.y).toBeGreaterThanOrEqual(26);
      expect(at[i]!.y).toBeLessThanOrEqual(560 - 26);
      for (let j = i + 1; j < at.length; j++) {
        const d = Math.hypot(at[i]!.x - at[j]!.x, at[i]!.y - at[j]!.y);
        // Two circles of radius 26 with their white ring (5) do not overlap.
        expect(d, `${i + 1} e ${j + 1}`).toBeGreaterThanOrEqual(2 * 26 + 4);
      }
    }
    // A moved marker keeps a line to where the face really is.
    expect(svg).toMatch(/<line class="guia"/);
    // Every label is drawn once.
    for (const label of ['1', '2', '3', '4']) expect(svg).toContain(`>${label}</text>`);
  });

  it('marcadores afastados ficam onde estão, sem linha', () => {
    const svg = planMapSvg([
      { latitude: -15.7939, longitude: -47.8828, label: '1' },
      { latitude: -15.75, longitude: -47.9, label: '2' },
    ]);
    expect(centres(svg)).toHaveLength(2);
    expect(svg).not.toMatch(/<line class="guia"/);
  });
});
