/**
 * Photos with EXIF written by hand, as a phone writes it (issue #43 item 4): GPS latitude and
 * longitude in degrees, minutes and seconds, and DateTimeOriginal with its offset, in a TIFF block
 * of either byte order inside a JPEG's APP1 segment.
 */
export interface ExifInput {
  lat: number;
  lon: number;
  /** "AAAA:MM:DD HH:MM:SS", as EXIF writes it. */
  takenAt: string;
  offset?: string;
  bigEndian?: boolean;
}

function dms(value: number): Array<[number, number]> {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 10_000);
  return [
    [d, 1],
    [m, 1],
    [s, 10_000],
  ];
}

export function exifBlock(input: ExifInput): Buffer {
  const big = input.bigEndian ?? false;
  const buf = Buffer.alloc(256);
  const u16 = (o: number, v: number) => (big ? buf.writeUInt16BE(v, o) : buf.writeUInt16LE(v, o));
  const u32 = (o: number, v: number) => (big ? buf.writeUInt32BE(v, o) : buf.writeUInt32LE(v, o));
  buf.write(big ? 'MM' : 'II', 0, 'latin1');
  u16(2, 42);
  u32(4, 8);
  const entry = (at: number, tag: number, type: number, count: number, value: number | string) => {
    u16(at, tag);
    u16(at + 2, type);
    u32(at + 4, count);
    if (typeof value === 'string') buf.write(value, at + 8, 'latin1');
    else u32(at + 8, value);
  };
  const [exifAt, gpsAt, data] = [38, 68, 122];
  // IFD0: the pointers to the Exif and GPS IFDs.
  u16(8, 2);
  entry(10, 0x8769, 4, 1, exifAt);
  entry(22, 0x8825, 4, 1, gpsAt);
  // Exif IFD: DateTimeOriginal and OffsetTimeOriginal.
  const offset = input.offset ?? '-03:00';
  u16(exifAt, 2);
  entry(exifAt + 2, 0x9003, 2, 20, data);
  entry(exifAt + 14, 0x9011, 2, 7, data + 20);
  buf.write(`${input.takenAt}\0`, data, 'latin1');
  buf.write(`${offset}\0`, data + 20, 'latin1');
  // GPS IFD.
  u16(gpsAt, 4);
  entry(gpsAt + 2, 1, 2, 2, input.lat < 0 ? 'S\0' : 'N\0');
  entry(gpsAt + 14, 2, 5, 3, data + 28);
  entry(gpsAt + 26, 3, 2, 2, input.lon < 0 ? 'W\0' : 'E\0');
  entry(gpsAt + 38, 4, 5, 3, data + 52);
  [...dms(input.lat), ...dms(input.lon)].forEach(([num, den], i) => {
    u32(data + 28 + i * 8, num);
    u32(data + 32 + i * 8, den);
  });
  return buf.subarray(0, data + 76);
}

/** The JPEG with an APP1 "Exif" segment right after its start marker. */
export function withExif(jpeg: Buffer, tiff: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
}
