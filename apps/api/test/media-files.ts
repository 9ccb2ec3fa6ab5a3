import sharp from 'sharp';

/** Test files built from scratch: real PNG/JPEG bytes and a structurally valid MP4. */

export async function png(width: number, height: number, noise = false): Promise<Buffer> {
  if (noise) {
    const raw = Buffer.alloc(width * height * 3);
    let seed = 12345;
    for (let i = 0; i < raw.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      raw[i] = seed >>> 24;
    }
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata (camera, GPS-like comment) that the upload must strip. */
export async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Make: 'CameraTeste', Model: 'Modelo X', ImageDescription: 'GPS -15.79 -47.88' } })
    .jpeg()
    .toBuffer();
}

/** An ISO BMFF box: 32-bit size, type, body. */
export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export function fullBox(type: string, version: number, payload: Buffer): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt8(version, 0);
  return box(type, vf, payload);
}

export const ftypBox = () =>
  box('ftyp', Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2avc1mp41', 'latin1'));

/** A version 0 mvhd of this length, in milliseconds. */
export function mvhdBox(seconds: number): Buffer {
  const timescale = 1000;
  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(timescale, 8);
  mvhd.writeUInt32BE(Math.round(seconds * timescale), 12);
  mvhd.writeUInt32BE(0x00010000, 16);
  return fullBox('mvhd', 0, mvhd);
}

/** A video trak: tkhd with the picture size, mdia with hdlr "vide". */
export function videoTrak(o: { width: number; height: number; seconds: number }): Buffer {
  const tkhd = Buffer.alloc(80);
  tkhd.writeUInt32BE(1, 8);
  tkhd.writeUInt32BE(Math.round(o.seconds * 1000), 16);
  tkhd.writeUInt32BE(o.width << 16, 72);
  tkhd.writeUInt32BE(o.height << 16, 76);
  const hdlr = Buffer.alloc(21);
  hdlr.write('vide', 4, 'latin1');
  return box('trak', fullBox('tkhd', 0, tkhd), box('mdia', fullBox('hdlr', 0, hdlr)));
}

/** An MP4 with ftyp, moov (mvhd, one video trak with tkhd and hdlr "vide") and mdat. */
export function mp4(o: { width: number; height: number; seconds: number; mdatBytes?: number }): Buffer {
  const moov = box('moov', mvhdBox(o.seconds), videoTrak(o));
  const mdat = box('mdat', Buffer.alloc(o.mdatBytes ?? 4096, 1));
  return Buffer.concat([ftypBox(), moov, mdat]);
}

/** A valid MP4 with `count` empty free boxes (8 bytes each) between its ftyp and its moov. */
export function mp4WithFreeBoxes(count: number): Buffer {
  const free = Buffer.alloc(8 * count);
  for (let at = 0; at < free.length; at += 8) {
    free.writeUInt32BE(8, at);
    free.write('free', at + 4, 'latin1');
  }
  const valid = mp4({ width: 1080, height: 1920, seconds: 10 });
  const ftypEnd = valid.readUInt32BE(0);
  return Buffer.concat([valid.subarray(0, ftypEnd), free, valid.subarray(ftypEnd)]);
}

/**
 * A fragmented MP4, as a browser's recorder writes it: the moov says nothing of the duration (mvhd 0,
 * mvex with its trex) and each moof carries its samples' times (tfdt and trun), here `fragments` (two
 * unless told) of equal length, in a track timescale (mdhd) other than the movie's.
 */
export function fragmentedMp4(o: {
  width: number;
  height: number;
  seconds: number;
  fragments?: number;
  mdatBytes?: number;
}): Buffer {
  const trackScale = 90_000;
  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(1000, 8);
  const tkhd = Buffer.alloc(80);
  tkhd.writeUInt32BE(1, 8);
  tkhd.writeUInt32BE(o.width << 16, 72);
  tkhd.writeUInt32BE(o.height << 16, 76);
  const mdhd = Buffer.alloc(20);
  mdhd.writeUInt32BE(trackScale, 8);
  const hdlr = Buffer.alloc(21);
  hdlr.write('vide', 4, 'latin1');
  const trex = Buffer.alloc(20);
  trex.writeUInt32BE(1, 0);
  trex.writeUInt32BE(1, 4);
  const moov = box(
    'moov',
    fullBox('mvhd', 0, mvhd),
    box('trak', fullBox('tkhd', 0, tkhd), box('mdia', fullBox('mdhd', 0, mdhd), fullBox('hdlr', 0, hdlr))),
    box('mvex', fullBox('trex', 0, trex)),
  );
  const fragments = o.fragments ?? 2;
  const each = Math.round((o.seconds * trackScale) / fragments);
  const fragment = (sequence: number, base: number) => {
    const mfhd = Buffer.alloc(4);
    mfhd.writeUInt32BE(sequence, 0);
    const tfhd = Buffer.alloc(4);
    tfhd.writeUInt32BE(1, 0);
    const tfdt = Buffer.alloc(8);
    tfdt.writeBigUInt64BE(BigInt(base), 0);
    // trun with sample durations (flag 0x100): three samples that add up to the fragment's length.
    const trun = Buffer.alloc(4 + 4 * 3);
    trun.writeUInt32BE(3, 0);
    const third = Math.floor(each / 3);
    [third, third, each - 2 * third].forEach((d, i) => trun.writeUInt32BE(d, 4 + 4 * i));
    const trunBox = fullBox('trun', 0, trun);
    trunBox.writeUInt32BE(0x000100, 8);
    const tfhdBox = fullBox('tfhd', 0, tfhd);
    tfhdBox.writeUInt32BE(0x020000, 8);
    return Buffer.concat([
      box('moof', fullBox('mfhd', 0, mfhd), box('traf', tfhdBox, fullBox('tfdt', 1, tfdt), trunBox)),
      box('mdat', Buffer.alloc(o.mdatBytes ?? 2048, sequence)),
    ]);
  };
  const ftyp = box(
    'ftyp',
    Buffer.from('iso5', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('iso5iso6mp41', 'latin1'),
  );
  const moofs = Array.from({ length: fragments }, (_, i) => fragment(i + 1, i * each));
  return Buffer.concat([ftyp, moov, ...moofs]);
}
