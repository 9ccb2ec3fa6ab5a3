// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { installArrayBufferDetached } from './array-buffer-detached.ts';

describe('ArrayBuffer.prototype.detached', () => {
  installArrayBufferDetached();
  const detached = (buffer: ArrayBuffer) => (buffer as ArrayBuffer & { detached: boolean }).detached;

  it('um buffer entregue a outro dono está desligado; um vazio ou cheio, não', () => {
    const given = new ArrayBuffer(8);
    structuredClone(given, { transfer: [given] });
    expect(detached(given)).toBe(true);
    expect(detached(new ArrayBuffer(0))).toBe(false);
    expect(detached(new Uint8Array([1, 2, 3]).buffer)).toBe(false);
  });
});
