/**
 * The smallest SpreadsheetML workbook (ECMA-376 / ISO 29500, what Excel, LibreOffice and Numbers
 * open) for a poll's export: sheets of text and numbers, a bold and a title font, two percentage
 * formats and column widths. Written as XML and zipped here (export-zip.ts), in place of a
 * spreadsheet library (exceljs: 22.8 MB installed, unmaintained).
 */
import { zip } from './export-zip.js';

export type CellStyle = 'normal' | 'bold' | 'title' | 'percent' | 'percentSmall';

export interface Cell {
  value: string | number;
  style?: CellStyle;
}

export interface Sheet {
  /** Already valid for Excel (≤ 31 characters, none of []:*?/\). */
  name: string;
  /** Column widths in characters, from column A. */
  widths: number[];
  rows: Cell[][];
}

/** Index into styles.xml's cellXfs, in its order. */
const STYLE_INDEX: Record<CellStyle, number> = {
  normal: 0,
  bold: 1,
  title: 2,
  percent: 3,
  percentSmall: 4,
};

/** Excel's limit on a cell's text; past it Excel "repairs" the file. */
const CELL_TEXT_MAX = 32767;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 does not allow, even escaped (lone surrogates included).
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A, B, … Z, AA, AB … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="0.0%"/><numFmt numFmtId="165" formatCode="0.00%"/></numFmts>\
<fonts count="3">\
<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>\
</fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="5">\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

/** Text goes once into sharedStrings.xml; cells refer to it by index (what Excel itself writes). */
class SharedStrings {
  private readonly index = new Map<string, number>();
  private uses = 0;

  ref(text: string): number {
    this.uses++;
    const clean = Array.from(text.replace(NOT_XML, '')).slice(0, CELL_TEXT_MAX).join('');
    let i = this.index.get(clean);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(clean, i);
    }
    return i;
  }

  xml(): string {
    const items = [...this.index.keys()]
      .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
      .join('');
    return `${HEAD}<sst xmlns="${MAIN}" count="${this.uses}" uniqueCount="${this.index.size}">${items}</sst>`;
  }
}

function sheetXml(sheet: Sheet, strings: SharedStrings): string {
  const cols = sheet.widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  const rows = sheet.rows
    .map((cells, r) => {
      const xml = cells
        .map(({ value, style = 'normal' }, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          const s = STYLE_INDEX[style] ? ` s="${STYLE_INDEX[style]}"` : '';
          if (typeof value === 'number') {
            if (!Number.isFinite(value)) throw new Error(`xlsx: ${value} in ${ref}`);
            return `<c r="${ref}"${s}><v>${value}</v></c>`;
          }
          return `<c r="${ref}"${s} t="s"><v>${strings.ref(value)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  return `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_RELS}">${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${rows}</sheetData></worksheet>`;
}

/** The .xlsx file of these sheets (at least one), dated `created`. */
export function xlsx(sheets: readonly Sheet[], created: Date): Buffer {
  if (sheets.length === 0) throw new Error('xlsx: a workbook needs a sheet');
  const strings = new SharedStrings();
  const sheetFiles = sheets.map((sheet) => sheetXml(sheet, strings));
  const n = sheets.length;
  const type = (kind: string) => `application/vnd.openxmlformats-officedocument.${kind}+xml`;
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${type('spreadsheetml.sheet.main')}"/>\
${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${type('spreadsheetml.worksheet')}"/>`).join('')}\
<Override PartName="/xl/styles.xml" ContentType="${type('spreadsheetml.styles')}"/>\
<Override PartName="/xl/sharedStrings.xml" ContentType="${type('spreadsheetml.sharedStrings')}"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
</Types>`,
    ],
    [
      '_rels/.rels',
      `${HEAD}<Relationships xmlns="${PKG_RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>\
<Relationship Id="rId2" Type="${PKG_RELS}/metadata/core-properties" Target="docProps/core.xml"/>\
</Relationships>`,
    ],
    [
      'docProps/core.xml',
      `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>\
</cp:coreProperties>`,
    ],
    [
      'xl/workbook.xml',
      `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>\
${sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}\
</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${HEAD}<Relationships xmlns="${PKG_RELS}">\
${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}\
<Relationship Id="rId${n + 1}" Type="${DOC_RELS}/styles" Target="styles.xml"/>\
<Relationship Id="rId${n + 2}" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>\
</Relationships>`,
    ],
    ...sheetFiles.map((xml, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, xml]),
    ['xl/styles.xml', STYLES],
    ['xl/sharedStrings.xml', strings.xml()],
  ];
  return zip(
    parts.map(([name, xml]) => ({ name, data: Buffer.from(xml, 'utf8') })),
    created,
  );
}
