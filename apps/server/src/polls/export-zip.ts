/**
 * A ZIP archive of a few small in-memory files (the parts of an .xlsx), with Node's own zlib:
 * deflate and CRC-32. Only what OOXML needs (APPNOTE 6.3: stored names, no ZIP64 — the parts
 * of a poll's workbook are kilobytes), so no package is needed to write one.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Version 2.0: deflate. */
const VERSION = 20;
const DEFLATE = 8;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const LIMIT = 0xffffffff;

/** MS-DOS date and time (local fields, two-second steps) of `date` in UTC. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export function zip(entries: readonly ZipEntry[], modified: Date): Buffer {
  const stamp = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    if (entry.data.length >= LIMIT || offset >= LIMIT) throw new Error('zip: entry too large');

    // The fields the local header (from byte 4) and the central one (from byte 6) share.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(VERSION, at);
      header.writeUInt16LE(UTF8_NAMES, at + 2);
      header.writeUInt16LE(DEFLATE, at + 4);
      header.writeUInt16LE(stamp.time, at + 6);
      header.writeUInt16LE(stamp.date, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(entry.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    fields(local, 4);
    // Extra field: none.

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(VERSION, 4);
    fields(central, 6);
    // Extra field, comment, disk number, internal and external attributes: none.
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
