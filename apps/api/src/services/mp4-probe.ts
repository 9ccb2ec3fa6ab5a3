import { open, type FileHandle } from 'node:fs/promises';
import { mediaMessages } from '@urbana/shared';
import { AppError } from '../lib/errors.ts';

export interface Mp4Info {
  durationMs: number;
  width: number;
  height: number;
}

export class Mp4Error extends Error {
  constructor(readonly reason: 'corrompido' | 'sem_video' | 'complexo_demais') {
    super(reason);
  }
}

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

/**
 * How many boxes the probe looks at in one file, over every level it walks. A progressive MP4 takes
 * a few dozen; a fragmented one about seven per fragment and per track, so a 15 s spot cut at every
 * frame (30 fps, video and audio) is some 7,000. A file of 480,000 empty boxes took 17 s to refuse
 * (issue #39); past this cap it is refused after 80 KB.
 */
export const MAX_BOXES = 10_000;

/** One buffered read covers this much: a run of small boxes costs one read per 64 KiB, not one per box. */
const WINDOW_BYTES = 64 * 1024;

const corrupt = () => new Mp4Error('corrompido');

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** Counts the boxes visited in the whole file, against MAX_BOXES. */
class BoxBudget {
  private left = MAX_BOXES;
  take() {
    if (--this.left < 0) throw new Mp4Error('complexo_demais');
  }
}

/**
 * The file seen through one reusable buffer of WINDOW_BYTES. A read outside the buffer refills it
 * from there: walking the top level, then the moofs, in file order reads no byte more than about
 * twice, whatever the layout.
 */
class FileWindow {
  private readonly buffer = Buffer.alloc(WINDOW_BYTES);
  private from = 0;
  private to = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  private async readExactly(target: Buffer, offset: number) {
    const { bytesRead } = await this.handle.read(target, 0, target.length, offset);
    // Short only if the file shrank under us: nothing trustworthy to read then.
    if (bytesRead !== target.length) throw corrupt();
    return target;
  }

  /** Bytes [offset, offset + length), valid until the next call (they may be the shared buffer). */
  async peek(offset: number, length: number): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > this.size) throw corrupt();
    if (offset < this.from || offset + length > this.to) {
      if (length > WINDOW_BYTES) return this.readExactly(Buffer.alloc(length), offset);
      const n = Math.min(WINDOW_BYTES, this.size - offset);
      await this.readExactly(this.buffer.subarray(0, n), offset);
      this.from = offset;
      this.to = offset + n;
    }
    return this.buffer.subarray(offset - this.from, offset - this.from + length);
  }

  /** Bytes [offset, offset + length) in a buffer of their own. */
  async copy(offset: number, length: number): Promise<Buffer> {
    const bytes = await this.peek(offset, length);
    return length > WINDOW_BYTES ? bytes : Buffer.from(bytes);
  }
}

/**
 * The box whose header starts `header` (at least 8 bytes, 16 when there are), at `start` in its
 * parent, with `room` bytes left before the parent's end: it must fit there, header included.
 */
function boxAt(header: Buffer, start: number, room: number): Box {
  if (room < 8 || header.length < 8) throw corrupt();
  const type = header.toString('latin1', 4, 8);
  const small = header.readUInt32BE(0);
  if (small === 0) return { type, start, headerSize: 8, size: room };
  if (small !== 1) {
    if (small < 8 || small > room) throw corrupt();
    return { type, start, headerSize: 8, size: small };
  }
  if (room < 16 || header.length < 16) throw corrupt();
  // Compared as a bigint: a 64-bit size past 2^53 would round to something that seems to fit.
  const large = header.readBigUInt64BE(8);
  if (large < 16n || large > BigInt(room)) throw corrupt();
  return { type, start, headerSize: 16, size: Number(large) };
}

/** The boxes inside buffer[from, to): every box must end inside its parent. */
function childBoxes(buffer: Buffer, from: number, to: number, budget: BoxBudget): Box[] {
  if (to > buffer.length) throw corrupt();
  const boxes: Box[] = [];
  for (let offset = from; offset < to;) {
    budget.take();
    const box = boxAt(buffer.subarray(offset, Math.min(offset + 16, to)), offset, to - offset);
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

const inside = (buffer: Buffer, box: Box, budget: BoxBudget) =>
  childBoxes(buffer, box.start + box.headerSize, box.start + box.size, budget);

/**
 * A full box's version and flags, and readers of its fields that check each one ends inside the box.
 * `at` picks a field's offset by version, `time` also its width (32 bits in version 0, 64 in version 1).
 */
function fullBoxAt(buffer: Buffer, box: Box) {
  const end = box.start + box.size;
  const at = box.start + box.headerSize;
  if (at + 4 > end) throw corrupt();
  const version = buffer.readUInt8(at);
  const flags = buffer.readUInt32BE(at) & 0xffffff;
  const field = (offset: number, bytes: number) => {
    if (at + 4 + offset + bytes > end) throw corrupt();
    return at + 4 + offset;
  };
  const u32 = (offset: number) => buffer.readUInt32BE(field(offset, 4));
  const u64 = (offset: number) => Number(buffer.readBigUInt64BE(field(offset, 8)));
  const pick = (v0: number, v1: number) => {
    // Only versions 0 and 1 are defined: any other says nothing about where its fields are.
    if (version > 1) throw corrupt();
    return version === 1 ? v1 : v0;
  };
  const time = (v0: number, v1: number) => (version === 1 ? u64(pick(v0, v1)) : u32(pick(v0, v1)));
  return { flags, field, u32, at: pick, time };
}

/** The end of a track's samples in one moof, in the track's timescale (0 when it has none of them). */
function fragmentEnd(moof: Buffer, trackId: number, defaultDuration: number, budget: BoxBudget): number {
  let end = 0;
  const local = boxAt(moof, 0, moof.length);
  for (const traf of inside(moof, local, budget).filter((b) => b.type === 'traf')) {
    const inTraf = inside(moof, traf, budget);
    const tfhdBox = inTraf.find((b) => b.type === 'tfhd');
    if (!tfhdBox) throw corrupt();
    const tfhd = fullBoxAt(moof, tfhdBox);
    if (tfhd.u32(0) !== trackId) continue;
    // tfhd: track_ID, then base-data-offset (0x1, 8 bytes), sample-description-index (0x2), default duration (0x8).
    const durationAt = 4 + (tfhd.flags & 0x1 ? 8 : 0) + (tfhd.flags & 0x2 ? 4 : 0);
    const sampleDuration = tfhd.flags & 0x8 ? tfhd.u32(durationAt) : defaultDuration;
    const tfdtBox = inTraf.find((b) => b.type === 'tfdt');
    let time = tfdtBox ? fullBoxAt(moof, tfdtBox).time(0, 0) : 0;
    for (const trunBox of inTraf.filter((b) => b.type === 'trun')) {
      const trun = fullBoxAt(moof, trunBox);
      const count = trun.u32(0);
      const first = 4 + (trun.flags & 0x1 ? 4 : 0) + (trun.flags & 0x4 ? 4 : 0);
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => trun.flags & f).length * 4;
      trun.field(first, count * perSample);
      // Without per-sample durations the count is only a number: multiplied, not walked 4 billion times.
      if (!(trun.flags & 0x100)) time += count * sampleDuration;
      else for (let i = 0; i < count; i++) time += trun.u32(first + i * perSample);
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
  file: FileWindow,
  budget: BoxBudget,
  top: Box[],
  moov: Buffer,
  track: { children: Box[]; movieScale: number; mdia: Box; tkhd: Box },
): Promise<number> {
  const mvex = track.children.find((b) => b.type === 'mvex')!;
  const inMvex = inside(moov, mvex, budget);
  const mehd = inMvex.find((b) => b.type === 'mehd');
  if (mehd) {
    const length = fullBoxAt(moov, mehd).time(0, 0);
    if (length > 0) return Math.round((length / track.movieScale) * 1000);
  }
  const tkhd = fullBoxAt(moov, track.tkhd);
  const trackId = tkhd.u32(tkhd.at(8, 16));
  const mdhdBox = inside(moov, track.mdia, budget).find((b) => b.type === 'mdhd');
  if (!mdhdBox) throw corrupt();
  const mdhd = fullBoxAt(moov, mdhdBox);
  const trackScale = mdhd.u32(mdhd.at(8, 16));
  if (!trackScale) throw corrupt();
  const trex = inMvex
    .filter((b) => b.type === 'trex')
    .map((b) => fullBoxAt(moov, b))
    .find((t) => t.u32(0) === trackId);
  const defaultDuration = trex ? trex.u32(8) : 0;
  let end = 0;
  for (const moof of top.filter((b) => b.type === 'moof')) {
    if (moof.size > MAX_MOOV_BYTES) throw corrupt();
    const bytes = await file.peek(moof.start, moof.size);
    end = Math.max(end, fragmentEnd(bytes, trackId, defaultDuration, budget));
  }
  return Math.round((end / trackScale) * 1000);
}

/** The file's top-level boxes, read through the window. */
async function topLevel(file: FileWindow, budget: BoxBudget): Promise<Box[]> {
  const top: Box[] = [];
  for (let offset = 0; offset < file.size;) {
    budget.take();
    const room = file.size - offset;
    const box = boxAt(await file.peek(offset, Math.min(16, room)), offset, room);
    if (top.length === 0 && box.type !== 'ftyp') throw corrupt();
    top.push(box);
    offset += box.size;
  }
  return top;
}

/** The picture size of a video trak, with its tkhd and mdia; undefined for any other track. */
function videoTrack(moov: Buffer, trak: Box, budget: BoxBudget) {
  const inTrak = inside(moov, trak, budget);
  const mdia = inTrak.find((b) => b.type === 'mdia');
  const tkhd = inTrak.find((b) => b.type === 'tkhd');
  if (!mdia || !tkhd) return undefined;
  const hdlr = inside(moov, mdia, budget).find((b) => b.type === 'hdlr');
  if (!hdlr) return undefined;
  const handler = fullBoxAt(moov, hdlr).field(4, 4);
  if (moov.toString('latin1', handler, handler + 4) !== 'vide') return undefined;
  const header = fullBoxAt(moov, tkhd);
  // tkhd: the matrix, then width and height in 16.16 fixed point.
  const sizeAt = header.at(72, 84);
  const width = header.u32(sizeAt) >>> 16;
  const height = header.u32(sizeAt + 4) >>> 16;
  if (!width || !height) throw corrupt();
  return { width, height, mdia, tkhd };
}

/**
 * Reads an MP4's duration and picture size from its boxes (ISO/IEC 14496-12): the top level must be
 * complete (ftyp first, moov and mdat present and no box cut short, which is what a truncated upload
 * looks like), mvhd gives the duration and the video track's tkhd the size. Every read is checked
 * against the box it belongs to, and the walk stops after MAX_BOXES boxes.
 */
export async function probeMp4(filePath: string): Promise<Mp4Info> {
  const handle = await open(filePath, 'r');
  try {
    const file = new FileWindow(handle, (await handle.stat()).size);
    const budget = new BoxBudget();
    const top = await topLevel(file, budget);
    const moovBox = top.find((b) => b.type === 'moov');
    if (!moovBox || !top.some((b) => b.type === 'mdat')) throw corrupt();
    if (moovBox.size > MAX_MOOV_BYTES) throw corrupt();
    const moov = await file.copy(moovBox.start, moovBox.size);
    const children = inside(moov, { ...moovBox, start: 0 }, budget);

    const mvhdBox = children.find((b) => b.type === 'mvhd');
    if (!mvhdBox) throw corrupt();
    const mvhd = fullBoxAt(moov, mvhdBox);
    const movieScale = mvhd.u32(mvhd.at(8, 16));
    const duration = mvhd.time(12, 20);
    if (!movieScale) throw corrupt();

    for (const trak of children.filter((b) => b.type === 'trak')) {
      const video = videoTrack(moov, trak, budget);
      if (!video) continue;
      // A fragmented file (a browser's recorder writes one) leaves mvhd at 0: its times are in its moofs.
      const durationMs =
        duration === 0 && children.some((b) => b.type === 'mvex')
          ? await fragmentedDurationMs(file, budget, top, moov, { children, movieScale, ...video })
          : Math.round((duration / movieScale) * 1000);
      return { durationMs, width: video.width, height: video.height };
    }
    throw new Mp4Error('sem_video');
  } finally {
    await handle.close();
  }
}

const refusals: Record<Mp4Error['reason'], string> = {
  corrompido: mediaMessages.brokenVideo,
  sem_video: mediaMessages.noVideoTrack,
  complexo_demais: mediaMessages.videoTooComplex,
};

/** probeMp4 for an upload: a file it cannot read is refused with 422 and why, never a 500. */
export async function probeUploadedMp4(filePath: string): Promise<Mp4Info> {
  try {
    return await probeMp4(filePath);
  } catch (error) {
    if (error instanceof Mp4Error) throw new AppError(422, refusals[error.reason]);
    // A read the probe failed to bound is still a malformed file, not a fault of the server.
    if (error instanceof RangeError) throw new AppError(422, mediaMessages.brokenVideo);
    throw error;
  }
}
