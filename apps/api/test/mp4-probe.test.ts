import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BOXES, Mp4Error, probeMp4 } from '../src/services/mp4-probe.ts';
import {
  box,
  fragmentedMp4,
  ftypBox,
  fullBox,
  mp4,
  mp4WithFreeBoxes,
  mvhdBox,
  videoTrak,
} from './media-files.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'urbana-mp4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function probe(bytes: Buffer) {
  const file = path.join(dir, `${++n}.mp4`);
  writeFileSync(file, bytes);
  return probeMp4(file).finally(() => rmSync(file, { force: true }));
}

async function reasonOf(bytes: Buffer): Promise<string> {
  try {
    await probe(bytes);
  } catch (error) {
    if (error instanceof Mp4Error) return error.reason;
    throw error;
  }
  return 'lido';
}

const picture = { width: 1080, height: 1920, seconds: 10 };
const mdat = box('mdat', Buffer.alloc(512, 1));

/** A box with a 64-bit size (size field 1, then the real size): `declared` when given, else its own. */
function largeBox(type: string, body: Buffer, declared?: bigint): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(declared ?? BigInt(16 + body.length), 8);
  return Buffer.concat([header, body]);
}

/** A header with this declared 32-bit size, whatever follows it. */
function header(type: string, size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt32BE(size, 0);
  bytes.write(type, 4, 'latin1');
  return bytes;
}

/** The fragmented file's ftyp and moov (mvex, trex for track 1) followed by this moof and an mdat. */
function withMoof(moof: Buffer): Buffer {
  const whole = fragmentedMp4({ ...picture, fragments: 1 });
  const firstMoof = whole.indexOf('moof', 0, 'latin1') - 4;
  return Buffer.concat([whole.subarray(0, firstMoof), moof, mdat]);
}

/** A trun (flags 0x100: per-sample durations) claiming `count` samples and holding `held`. */
function trun(count: number, held: number, flags = 0x100): Buffer {
  const body = Buffer.alloc(4 + 4 * held);
  body.writeUInt32BE(count, 0);
  for (let i = 0; i < held; i++) body.writeUInt32BE(3000, 4 + 4 * i);
  const built = fullBox('trun', 0, body);
  built.writeUInt32BE(flags, 8);
  return built;
}

/** A tfhd of track 1, with a default sample duration (flag 0x8) when given. */
function trackOne(defaultDuration?: number): Buffer {
  const body = Buffer.alloc(defaultDuration === undefined ? 4 : 8);
  body.writeUInt32BE(1, 0);
  if (defaultDuration !== undefined) body.writeUInt32BE(defaultDuration, 4);
  const built = fullBox('tfhd', 0, body);
  if (defaultDuration !== undefined) built.writeUInt32BE(0x8, 8);
  return built;
}

describe('leitura de MP4: arquivos íntegros', () => {
  it('um MP4 comum: duração e tamanho da faixa de vídeo', async () => {
    expect(await probe(mp4({ width: 1080, height: 1920, seconds: 15 }))).toEqual({
      durationMs: 15_000,
      width: 1080,
      height: 1920,
    });
  });

  it('um MP4 fragmentado em 300 partes ainda é lido inteiro', async () => {
    expect(await probe(fragmentedMp4({ ...picture, fragments: 300, mdatBytes: 64 }))).toEqual({
      durationMs: 10_000,
      width: 1080,
      height: 1920,
    });
  });

  it('caixas com tamanho de 64 bits (mdat e moof) são lidas', async () => {
    const moov = box('moov', mvhdBox(12), videoTrak(picture));
    const big = Buffer.concat([ftypBox(), moov, largeBox('mdat', Buffer.alloc(300, 1))]);
    expect(await probe(big)).toMatchObject({ durationMs: 12_000 });
    const moof = largeBox('moof', box('traf', trackOne(), trun(2, 2)));
    expect(await probe(withMoof(moof))).toMatchObject({ durationMs: 67 });
  });

  it('um trun sem durações por amostra usa a do tfhd, sem contar amostra por amostra', async () => {
    // 0xffffffff samples of tfhd's default duration (1 tick at 90 kHz): a product, not 4 billion steps.
    const moof = box('moof', box('traf', trackOne(1), trun(0xffffffff, 0, 0)));
    expect(await probe(withMoof(moof))).toMatchObject({
      durationMs: Math.round((0xffffffff / 90_000) * 1000),
    });
  });
});

describe('leitura de MP4: caixas demais', () => {
  it('480.000 caixas minúsculas → recusado sem percorrer o arquivo inteiro', async () => {
    expect(await reasonOf(mp4WithFreeBoxes(480_000))).toBe('complexo_demais');
  });

  it(`fragmentos que somam mais de ${MAX_BOXES} caixas → recusado`, async () => {
    const file = fragmentedMp4({ ...picture, fragments: Math.ceil(MAX_BOXES / 5), mdatBytes: 8 });
    expect(await reasonOf(file)).toBe('complexo_demais');
  });

  it('logo abaixo do limite ainda é lido', async () => {
    expect(await reasonOf(mp4WithFreeBoxes(MAX_BOXES - 20))).toBe('lido');
  });
});

const videoMdia = () => {
  const hdlr = Buffer.alloc(21);
  hdlr.write('vide', 4, 'latin1');
  return box('mdia', fullBox('hdlr', 0, hdlr));
};
const moovOf = (...children: Buffer[]) => Buffer.concat([ftypBox(), box('moov', ...children), mdat]);
const valid = mp4(picture);
const mdatAt = valid.indexOf('mdat', 0, 'latin1') - 4;
const withMdatSize = (size: number) => {
  const copy = Buffer.from(valid);
  copy.writeUInt32BE(size, mdatAt);
  return copy;
};

const malformed: Array<[string, () => Buffer]> = [
  [
    'mvhd curto demais, por último no moov',
    () => moovOf(videoTrak(picture), fullBox('mvhd', 0, Buffer.alloc(8))),
  ],
  [
    'mvhd curto demais, antes da faixa',
    () => moovOf(fullBox('mvhd', 0, Buffer.alloc(8)), videoTrak(picture)),
  ],
  ['mvhd só com o cabeçalho', () => moovOf(videoTrak(picture), box('mvhd'))],
  [
    'mvhd versão 1 com campos de versão 0',
    () => moovOf(fullBox('mvhd', 1, Buffer.alloc(24)), videoTrak(picture)),
  ],
  ['mvhd de versão desconhecida', () => moovOf(fullBox('mvhd', 2, Buffer.alloc(96)), videoTrak(picture))],
  ['mvhd com escala de tempo 0', () => moovOf(fullBox('mvhd', 0, Buffer.alloc(96)), videoTrak(picture))],
  [
    'tkhd só com o cabeçalho, no fim do moov',
    () => moovOf(mvhdBox(10), box('trak', videoMdia(), box('tkhd'))),
  ],
  [
    'hdlr curto demais',
    () => moovOf(mvhdBox(10), box('trak', box('mdia', fullBox('hdlr', 0, Buffer.alloc(2))), box('tkhd'))),
  ],
  ['caixa do topo que passa do fim do arquivo', () => withMdatSize(valid.length - mdatAt + 1000)],
  ['caixa do topo menor que o próprio cabeçalho', () => withMdatSize(4)],
  ['caixa no moov que passa do fim do moov', () => moovOf(mvhdBox(10), header('trak', 5000))],
  [
    'caixa no moov menor que o próprio cabeçalho',
    () => moovOf(mvhdBox(10), header('free', 3), videoTrak(picture)),
  ],
  [
    'tamanho de 64 bits além do fim',
    () =>
      Buffer.concat([
        ftypBox(),
        box('moov', mvhdBox(10), videoTrak(picture)),
        largeBox('mdat', mdat, 1n << 40n),
      ]),
  ],
  [
    'tamanho de 64 bits acima de 2^53',
    () =>
      Buffer.concat([
        ftypBox(),
        box('moov', mvhdBox(10), videoTrak(picture)),
        largeBox('mdat', mdat, 2n ** 64n - 1n),
      ]),
  ],
  [
    'tamanho de 64 bits menor que o cabeçalho',
    () =>
      Buffer.concat([ftypBox(), box('moov', mvhdBox(10), videoTrak(picture)), largeBox('mdat', mdat, 12n)]),
  ],
  [
    'arquivo que acaba no meio de um cabeçalho de 64 bits',
    () => Buffer.concat([valid, header('free', 1).subarray(0, 8), Buffer.alloc(3)]),
  ],
  ['5 bytes soltos no fim', () => Buffer.concat([valid, Buffer.alloc(5)])],
  ['sem ftyp no começo', () => Buffer.concat([box('free'), valid])],
  [
    'moof com tfhd sem o número da faixa',
    () => withMoof(box('moof', box('traf', fullBox('tfhd', 0, Buffer.alloc(0)), trun(1, 1)))),
  ],
  [
    'trun que diz ter mais amostras do que tem',
    () => withMoof(box('moof', box('traf', trackOne(), trun(1000, 3)))),
  ],
  ['traf sem tfhd', () => withMoof(box('moof', box('traf', trun(1, 1))))],
];

const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf']);

/** A box as a tree: containers hold their children, other boxes their body. */
type Tree = { type: string; body: Buffer } | { type: string; children: Tree[] };

function treeOf(file: Buffer, from = 0, to = file.length): Tree[] {
  const boxes: Tree[] = [];
  for (let at = from; at < to; at += file.readUInt32BE(at)) {
    const type = file.toString('latin1', at + 4, at + 8);
    const end = at + file.readUInt32BE(at);
    boxes.push(
      containers.has(type)
        ? { type, children: treeOf(file, at + 8, end) }
        : { type, body: file.subarray(at + 8, end) },
    );
  }
  return boxes;
}

const bytesOf = (trees: Tree[]): Buffer =>
  Buffer.concat(trees.map((t) => box(t.type, 'body' in t ? t.body : bytesOf(t.children))));

/** Every box of the trees, depth first, with the list that holds it. */
const allBoxes = (trees: Tree[]): Array<{ tree: Tree; list: Tree[] }> =>
  trees.flatMap((tree) => [{ tree, list: trees }, ...('children' in tree ? allBoxes(tree.children) : [])]);

describe('leitura de MP4: arquivos malformados', () => {
  it.each(malformed)('%s → corrompido', async (_label, make) => {
    expect(await reasonOf(make())).toBe('corrompido');
  });

  const files = [
    mp4({ ...picture, mdatBytes: 16 }),
    fragmentedMp4({ ...picture, fragments: 3, mdatBytes: 16 }),
  ];
  const answers = ['lido', 'corrompido', 'sem_video', 'complexo_demais'];

  it('bytes trocados ou cortados em qualquer ponto: lido ou recusado como MP4, nunca outro erro', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (original, changes, cut) => {
          const bytes = Buffer.from(original);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          const file = cut === undefined ? bytes : bytes.subarray(0, cut % bytes.length);
          expect(answers).toContain(await reasonOf(file));
        },
      ),
      { numRuns: 300, seed: 20260439 },
    );
  });

  it('caixas encurtadas ou movidas, com os tamanhos dos pais acertados: lido ou recusado como MP4', async () => {
    // Consistent sizes all the way up, so that a field read past a box's end lands past its parent's.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 3 }),
        async (file, changes) => {
          const trees = treeOf(file);
          for (const [pick, length, toEnd] of changes) {
            const boxes = allBoxes(trees);
            const { tree, list } = boxes[pick % boxes.length]!;
            if ('body' in tree) tree.body = tree.body.subarray(0, length % (tree.body.length + 1));
            if (toEnd) list.push(...list.splice(list.indexOf(tree), 1));
          }
          expect(answers).toContain(await reasonOf(bytesOf(trees)));
        },
      ),
      { numRuns: 300, seed: 20260439 },
    );
  });
});
