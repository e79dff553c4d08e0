/**
 * The host's download of a poll: an .xlsx named after the poll's title with one sheet per
 * question (options, counts, percentages and, unless the poll is anonymous, who chose what).
 */
import { formatMessage, type ErrorKey, type Language, type PollDetail } from '@meet/shared';
import { xlsx, type Cell, type CellStyle, type Sheet } from './export-xlsx.js';

/** Characters Excel refuses in sheet names. */
const SHEET_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;
/** Characters no file system likes, plus control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const FILE_FORBIDDEN = /[/\\?%*:|"<>\u0000-\u001f\u007f]/g;
const FILE_STEM_MAX = 100;

/** "1. What for lunch" — numbered, so sheets stay unique even when titles repeat or get cut. */
export function sheetName(index: number, title: string): string {
  const clean = title.replace(SHEET_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
  const name = Array.from(`${index + 1}. ${clean}`)
    .slice(0, SHEET_NAME_MAX)
    .join('');
  return name.replace(/'+$/, '').trim();
}

export function exportFileName(title: string): string {
  const stem = Array.from(title.replace(FILE_FORBIDDEN, '_').trim())
    .slice(0, FILE_STEM_MAX)
    .join('')
    .replace(/^\.+/, '')
    .replace(/[.\s]+$/, '');
  return `${stem || 'poll'}.xlsx`;
}

/** The workbook of a poll seen by its host (so with every count). */
export async function pollWorkbook(poll: PollDetail, language: Language): Promise<Buffer> {
  const t = (key: ErrorKey) => formatMessage(key, language);
  const anonymous = poll.anonymous === 1;
  const cell = (value: string | number, style?: CellStyle): Cell => ({ value, style });
  const bold = (...values: (string | number)[]) => values.map((v) => cell(v, 'bold'));

  const sheets = poll.questions.map((question, index): Sheet => {
    const kind = question.type === 1 ? t('pollExportMultiple') : t('pollExportSingle');
    const header = bold(t('pollExportOption'), t('pollExportVotes'), t('pollExportPercent'));
    const rows: Cell[][] = [
      [cell(poll.title, 'title')],
      [cell(question.title, 'bold')],
      anonymous ? [cell(kind), cell(t('pollExportAnonymous'))] : [cell(kind)],
      [cell(t('pollExportParticipants')), cell(poll.votesNumbers)],
      anonymous ? header : [...header, ...bold(t('pollExportVoters'))],
    ];
    for (const option of question.options) {
      const tenths = option.percent ?? 0;
      rows.push([
        cell(option.optionDesc),
        cell(option.votesNumber ?? 0),
        // The spec's display rule: one decimal, two below 1%.
        cell(tenths / 1000, tenths < 10 ? 'percentSmall' : 'percent'),
        ...(anonymous ? [] : [cell(option.members.join(', '))]),
      ]);
    }
    return {
      name: sheetName(index, question.title),
      widths: anonymous ? [40, 10, 12] : [40, 10, 12, 60],
      rows,
    };
  });
  return xlsx(sheets, new Date(poll.createTime));
}
