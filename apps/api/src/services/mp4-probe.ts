import { open } from 'node:fs/promises';

export interface Mp4Info {
  durationMs: number;
  width: number;
  height: number;
}

export class Mp4Error extends Error {
  constructor(readonly reason: 'corrompido' | 'sem_video') {
    super(reason);
  }
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** The boxes inside buffer[from, to): every box must end inside its parent. */
function childBoxes(buffer: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (to - offset < 8) throw new Mp4Error('corrompido');
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let headerSize = 8;
    if (size === 1) {
      if (to - offset < 16) throw new Mp4Error('corrompido');
      size = Number(buffer.readBigUInt64BE(offset + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < headerSize || offset + size > to) throw new Mp4Error('corrompido');
    boxes.push({ type, start: offset, headerSize, size });
    offset += size;
  }
  return boxes;
}

const body = (box: Box) => box.start + box.headerSize;

/**
 * Reads an MP4's duration and picture size from its boxes (ISO/IEC 14496-12): the top level must be
 * complete (ftyp, moov and mdat present and no box cut short, which is what a truncated upload looks
 * like), mvhd gives the duration and the video track's tkhd the size.
 */
export async function probeMp4(filePath: string): Promise<Mp4Info> {
  const handle = await open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    const top: Box[] = [];
    let offset = 0;
    while (offset < fileSize) {
      if (fileSize - offset < 8) throw new Mp4Error('corrompido');
      await handle.read(header, 0, 16, offset);
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = fileSize - offset;
      }
      if (size < headerSize || offset + size > fileSize) throw new Mp4Error('corrompido');
      top.push({ type, start: offset, headerSize, size });
      offset += size;
    }
    if (top[0]?.type !== 'ftyp') throw new Mp4Error('corrompido');
    const moov = top.find((b) => b.type === 'moov');
    if (!moov || !top.some((b) => b.type === 'mdat')) throw new Mp4Error('corrompido');
    if (moov.size > MAX_MOOV_BYTES) throw new Mp4Error('corrompido');

    const buffer = Buffer.alloc(moov.size);
    await handle.read(buffer, 0, moov.size, moov.start);
    const local = { ...moov, start: 0 };
    const children = childBoxes(buffer, body(local), moov.size);

    const mvhd = children.find((b) => b.type === 'mvhd');
    if (!mvhd) throw new Mp4Error('corrompido');
    const m = body(mvhd);
    const version = buffer.readUInt8(m);
    const timescale = buffer.readUInt32BE(m + (version === 1 ? 20 : 12));
    const duration = version === 1 ? Number(buffer.readBigUInt64BE(m + 24)) : buffer.readUInt32BE(m + 16);
    if (!timescale) throw new Mp4Error('corrompido');

    for (const trak of children.filter((b) => b.type === 'trak')) {
      const inTrak = childBoxes(buffer, body(trak), trak.start + trak.size);
      const mdia = inTrak.find((b) => b.type === 'mdia');
      const tkhd = inTrak.find((b) => b.type === 'tkhd');
      if (!mdia || !tkhd) continue;
      const hdlr = childBoxes(buffer, body(mdia), mdia.start + mdia.size).find((b) => b.type === 'hdlr');
      if (!hdlr || buffer.toString('latin1', body(hdlr) + 8, body(hdlr) + 12) !== 'vide') continue;
      const t = body(tkhd);
      const sizeAt = t + (buffer.readUInt8(t) === 1 ? 88 : 76);
      if (sizeAt + 8 > tkhd.start + tkhd.size) throw new Mp4Error('corrompido');
      const width = buffer.readUInt32BE(sizeAt) >>> 16;
      const height = buffer.readUInt32BE(sizeAt + 4) >>> 16;
      if (!width || !height) throw new Mp4Error('corrompido');
      return { durationMs: Math.round((duration / timescale) * 1000), width, height };
    }
    throw new Mp4Error('sem_video');
  } finally {
    await handle.close();
  }
}
