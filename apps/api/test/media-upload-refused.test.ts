import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaMessages } from '@urbana/shared';
import { receiveUpload, type MediaDeps } from '../src/services/media.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'urbana-envio-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const deps = { config: { dataDir } } as unknown as MediaDeps;
const limits = { image: 1_000_000, video: 1_000_000, room: 1_000_000, roomMessage: 'sem espaço' };
const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(5000)}</svg>`);

describe('envio recusado', () => {
  it('não deixa arquivo temporário para trás, nem quando a recusa chega antes de o arquivo abrir', async () => {
    // Refused in its first bytes: the temporary file is often still opening at that moment.
    for (let i = 0; i < 500; i += 1) {
      const body = new Readable({ read() {} });
      body.push(svg);
      body.push(null);
      await expect(receiveUpload(deps, body, limits)).rejects.toThrow(mediaMessages.svg);
      expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    }
  });
});
