/**
 * The few EXIF fields a proof photo needs (issue #43 item 4, decision 107): where (GPS latitude and
 * longitude) and when (DateTimeOriginal, with OffsetTimeOriginal when the camera wrote it) it was
 * taken. Reads the raw EXIF block sharp hands over (`metadata().exif`, "Exif\0\0" + a TIFF header),
 * either byte order; anything malformed reads as unknown, never as an error.
 */
export interface PhotoExif {
  latitude: number | null;
  longitude: number | null;
  /** When the photo was taken; a time without its offset is read as Brasília's (UTC−3). */
  takenAt: Date | null;
}

const TAG = {
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  latRef: 0x0001,
  lat: 0x0002,
  lonRef: 0x0003,
  lon: 0x0004,
} as const;

interface Entry {
  type: number;
  count: number;
  /** Where the value is: inside the entry (4 bytes or less) or at its offset. */
  at: number;
}

const SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

function reader(tiff: Buffer) {
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = (offset: number): Map<number, Entry> => {
    const entries = new Map<number, Entry>();
    if (offset < 8 || offset + 2 > tiff.length) return entries;
    const n = u16(offset);
    for (let i = 0; i < n; i++) {
      const e = offset + 2 + i * 12;
      if (e + 12 > tiff.length) break;
      const type = u16(e + 2);
      const count = u32(e + 4);
      const size = (SIZES[type] ?? 0) * count;
      const at = size <= 4 ? e + 8 : u32(e + 8);
      if (size === 0 || at + size > tiff.length) continue;
      entries.set(u16(e), { type, count, at });
    }
    return entries;
  };
  const ascii = (e: Entry | undefined) =>
    e && e.type === 2 ? tiff.toString('latin1', e.at, e.at + e.count).replace(/\0+$/, '') : null;
  const rationals = (e: Entry | undefined) => {
    if (!e || e.type !== 5) return null;
    return Array.from({ length: e.count }, (_, i) => {
      const den = u32(e.at + i * 8 + 4);
      return den === 0 ? NaN : u32(e.at + i * 8) / den;
    });
  };
  const pointer = (e: Entry | undefined) => (e && e.type === 4 ? u32(e.at) : 0);
  return { little, u16, u32, ifd, ascii, rationals, pointer };
}

function degrees(parts: number[] | null, ref: string | null, negative: string): number | null {
  if (!parts || parts.length < 1 || parts.some((p) => !Number.isFinite(p))) return null;
  const [d = 0, m = 0, s = 0] = parts;
  const value = d + m / 60 + s / 3600;
  return ref?.toUpperCase().startsWith(negative) ? -value : value;
}

function when(text: string | null, offset: string | null): Date | null {
  const m = text && /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m || m[1] === '0000') return null;
  const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : '-03:00';
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const none: PhotoExif = { latitude: null, longitude: null, takenAt: null };

export function readExif(raw: Buffer | undefined): PhotoExif {
  if (!raw || raw.length < 14) return none;
  const tiff = raw.toString('latin1', 0, 6) === 'Exif\0\0' ? raw.subarray(6) : raw;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return none;
  try {
    const r = reader(tiff);
    if (r.u16(2) !== 42) return none;
    const ifd0 = r.ifd(r.u32(4));
    const exif = r.ifd(r.pointer(ifd0.get(TAG.exifIfd)));
    const gps = r.ifd(r.pointer(ifd0.get(TAG.gpsIfd)));
    const latitude = degrees(r.rationals(gps.get(TAG.lat)), r.ascii(gps.get(TAG.latRef)), 'S');
    const longitude = degrees(r.rationals(gps.get(TAG.lon)), r.ascii(gps.get(TAG.lonRef)), 'W');
    const valid =
      latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
    return {
      latitude: valid ? latitude : null,
      longitude: valid ? longitude : null,
      takenAt: when(r.ascii(exif.get(TAG.dateTimeOriginal)), r.ascii(exif.get(TAG.offsetTimeOriginal))),
    };
  } catch {
    return none;
  }
}

/** Metres between two points on the Earth (haversine, mean radius). */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
