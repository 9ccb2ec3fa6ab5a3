import { open, type FileHandle } from 'node:fs/promises';

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

/** Version and flags of a full box, and where its fields start. */
function fullBoxAt(buffer: Buffer, box: Box) {
  const at = body(box);
  return { version: buffer.readUInt8(at), flags: buffer.readUInt32BE(at) & 0xffffff, at: at + 4 };
}

/** The end of a track's samples in one moof, in the track's timescale (0 when it has none of them). */
function fragmentEnd(moof: Buffer, trackId: number, defaultDuration: number): number {
  let end = 0;
  for (const traf of childBoxes(moof, 8, moof.length).filter((b) => b.type === 'traf')) {
    const inTraf = childBoxes(moof, body(traf), traf.start + traf.size);
    const tfhd = inTraf.find((b) => b.type === 'tfhd');
    if (!tfhd) throw new Mp4Error('corrompido');
    const head = fullBoxAt(moof, tfhd);
    if (moof.readUInt32BE(head.at) !== trackId) continue;
    // tfhd: track_ID, then base-data-offset (0x1, 8 bytes), sample-description-index (0x2), default duration (0x8).
    const durationAt = head.at + 4 + (head.flags & 0x1 ? 8 : 0) + (head.flags & 0x2 ? 4 : 0);
    const sampleDuration = head.flags & 0x8 ? moof.readUInt32BE(durationAt) : defaultDuration;
    const tfdt = inTraf.find((b) => b.type === 'tfdt');
    let time = 0;
    if (tfdt) {
      const t = fullBoxAt(moof, tfdt);
      time = t.version === 1 ? Number(moof.readBigUInt64BE(t.at)) : moof.readUInt32BE(t.at);
    }
    for (const trun of inTraf.filter((b) => b.type === 'trun')) {
      const run = fullBoxAt(moof, trun);
      const count = moof.readUInt32BE(run.at);
      let at = run.at + 4 + (run.flags & 0x1 ? 4 : 0) + (run.flags & 0x4 ? 4 : 0);
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => run.flags & f).length * 4;
      if (at + count * perSample > trun.start + trun.size) throw new Mp4Error('corrompido');
      for (let i = 0; i < count; i++, at += perSample)
        time += run.flags & 0x100 ? moof.readUInt32BE(at) : sampleDuration;
    }
    end = Math.max(end, time);
  }
  return end;
}

/**
 * The duration of a fragmented MP4's video track: mvex's mehd when the writer gave it, otherwise the
 * end of the track's last samples over every moof (tfdt's start plus trun's durations, or trex's
 * default), in the track's own timescale (mdhd).
 */
async function fragmentedDurationMs(
  handle: FileHandle,
  top: Box[],
  moov: Buffer,
  track: { children: Box[]; trak: Box; mdia: Box; tkhd: Box },
): Promise<number> {
  const mvhd = fullBoxAt(
    moov,
    track.children.find((b) => b.type === 'mvhd')!,
  );
  const movieScale = moov.readUInt32BE(mvhd.at + (mvhd.version === 1 ? 16 : 8));
  const mvex = track.children.find((b) => b.type === 'mvex')!;
  const inMvex = childBoxes(moov, body(mvex), mvex.start + mvex.size);
  const mehd = inMvex.find((b) => b.type === 'mehd');
  if (mehd) {
    const m = fullBoxAt(moov, mehd);
    const length = m.version === 1 ? Number(moov.readBigUInt64BE(m.at)) : moov.readUInt32BE(m.at);
    if (length > 0) return Math.round((length / movieScale) * 1000);
  }
  const tkhd = fullBoxAt(moov, track.tkhd);
  const trackId = moov.readUInt32BE(tkhd.at + (tkhd.version === 1 ? 16 : 8));
  const mdhdBox = childBoxes(moov, body(track.mdia), track.mdia.start + track.mdia.size).find(
    (b) => b.type === 'mdhd',
  );
  if (!mdhdBox) throw new Mp4Error('corrompido');
  const mdhd = fullBoxAt(moov, mdhdBox);
  const trackScale = moov.readUInt32BE(mdhd.at + (mdhd.version === 1 ? 16 : 8));
  if (!trackScale) throw new Mp4Error('corrompido');
  const trex = inMvex
    .filter((b) => b.type === 'trex')
    .map((b) => fullBoxAt(moov, b))
    .find((t) => moov.readUInt32BE(t.at) === trackId);
  const defaultDuration = trex ? moov.readUInt32BE(trex.at + 8) : 0;
  let end = 0;
  for (const moof of top.filter((b) => b.type === 'moof')) {
    if (moof.size > MAX_MOOV_BYTES) throw new Mp4Error('corrompido');
    const bytes = Buffer.alloc(moof.size);
    await handle.read(bytes, 0, moof.size, moof.start);
    end = Math.max(end, fragmentEnd(bytes, trackId, defaultDuration));
  }
  return Math.round((end / trackScale) * 1000);
}

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
      // A fragmented file (a browser's recorder writes one) leaves mvhd at 0: its times are in its moofs.
      const durationMs =
        duration === 0 && children.some((b) => b.type === 'mvex')
          ? await fragmentedDurationMs(handle, top, buffer, { children, trak, mdia, tkhd })
          : Math.round((duration / timescale) * 1000);
      return { durationMs, width, height };
    }
    throw new Mp4Error('sem_video');
  } finally {
    await handle.close();
  }
}
