// exceljs (a devDependency: the server writes the file itself) reads each file back, a reader
// that shares nothing with the writer.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { XLSX_MEDIA_TYPE } from '@meet/shared';
import { contentDisposition } from '../src/lib/content-disposition.js';
import { exportFileName, sheetName } from '../src/polls/export.js';
import { columnName, xlsx } from '../src/polls/export-xlsx.js';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let host: string;
const voters: string[] = [];
const voterNames = ['Ann Lee', 'Bob 张三', 'A very long meeting name xx'];
beforeAll(async () => {
  t = await build();
  host = await registerUser(t, 'export-host@example.com');
  for (let i = 0; i < voterNames.length; i++) {
    const res = await t.post('/api/user/visitorLogin', {
      uuid: `export-voter-${i}-00000`,
      visitors: true,
    });
    voters.push(res.json().payload.token);
  }
});
afterAll(() => t.close());

async function join(token: string, conferenceId: string, name: string) {
  const res = await t.post(
    '/api/conference/joinConference',
    { conferenceId, deviceId: 'dev-1', userConferenceName: name, voiceLanguage: 'en' },
    token,
    { remoteAddress: randomIp() },
  );
  expect(res.json().code).toBe(0);
}

const lunchPoll = (title: string, anonymous: 0 | 1) => ({
  title,
  anonymous,
  questions: [
    {
      title: 'Where: pizza/salad?',
      type: 0,
      options: [{ optionDesc: 'Pizza' }, { optionDesc: 'Salad' }],
    },
    {
      title: 'Which days?',
      type: 1,
      options: [{ optionDesc: 'Mon' }, { optionDesc: 'Tue' }, { optionDesc: 'Wed' }],
    },
  ],
});

/** A meeting with a two-question poll everyone answered, then ended by the host. */
async function votedPoll(title: string, anonymous: 0 | 1) {
  const created = await t.post('/api/conference/createConference', { topic: 'Export' }, host);
  const { conferenceId, conferenceUri } = created.json().payload;
  await join(host, conferenceId, 'Host');
  for (const [i, token] of voters.entries()) await join(token, conferenceId, voterNames[i]!);
  const res = await t.post(
    '/api/vote/create',
    { conferenceUri, voteList: JSON.stringify(lunchPoll(title, anonymous)) },
    host,
  );
  const voteId: number = res.json().payload.voteId;
  await t.post('/api/vote/launch', { voteId }, host);
  const ballots = [
    [1, [1, 2]],
    [1, [2]],
    [2, [2, 3]],
  ] as const;
  for (const [i, [where, days]] of ballots.entries()) {
    const voted = await t.post(
      '/api/vote/participate',
      {
        conferenceUri,
        voteId,
        nickname: voterNames[i],
        questions: JSON.stringify([
          { questionId: 1, select: [where] },
          { questionId: 2, select: days },
        ]),
      },
      voters[i],
    );
    expect(voted.json().code).toBe(0);
  }
  await t.post('/api/vote/stop', { voteId }, host);
  return { voteId, conferenceId, conferenceUri };
}

async function download(voteId: number, token = host, language = 'en') {
  return t.post('/api/vote/export', { voteId, language }, token);
}

async function open(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

function rows(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

describe('export', () => {
  test('an .xlsx named after the poll, one sheet per question with counts, percentages and names', async () => {
    const { voteId } = await votedPoll('午餐 "lunch" poll', 0);
    const res = await download(voteId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="__ _lunch_ poll.xlsx"; filename*=UTF-8''${encodeURIComponent('午餐 _lunch_ poll.xlsx')}`,
    );

    const workbook = await open(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '1. Where pizza salad',
      '2. Which days',
    ]);
    const [first, second] = workbook.worksheets;
    expect(rows(first!)).toEqual([
      ['午餐 "lunch" poll'],
      ['Where: pizza/salad?'],
      ['Single choice'],
      ['Participants', 3],
      ['Option', 'Votes', 'Percentage', 'Voters'],
      ['Pizza', 2, 0.667, 'Ann Lee, Bob 张三'],
      ['Salad', 1, 0.333, 'A very long meeting name xx'],
    ]);
    expect(rows(second!)).toEqual([
      ['午餐 "lunch" poll'],
      ['Which days?'],
      ['Multiple choice'],
      ['Participants', 3],
      ['Option', 'Votes', 'Percentage', 'Voters'],
      ['Mon', 1, 0.333, 'Ann Lee'],
      ['Tue', 3, 1, 'Ann Lee, Bob 张三, A very long meeting name xx'],
      ['Wed', 1, 0.333, 'A very long meeting name xx'],
    ]);
    expect(first!.getCell('C6').numFmt).toBe('0.0%');
    // The title stands out, the header row is bold, the rest plain; the columns are sized.
    expect(first!.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(first!.getCell('A2').font).toMatchObject({ bold: true });
    for (const ref of ['A5', 'B5', 'C5', 'D5']) {
      expect(first!.getCell(ref).font).toMatchObject({ bold: true });
    }
    expect(first!.getCell('A6').font?.bold).toBeFalsy();
    expect(first!.columns.map((c) => c.width)).toEqual([40, 10, 12, 60]);
  });

  test('an anonymous poll names no voter anywhere in the file', async () => {
    const { voteId } = await votedPoll('Secret ballot', 1);
    const res = await download(voteId);
    const workbook = await open(res.rawPayload);
    const everything: string[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow({ includeEmpty: true }, (row) =>
        row.eachCell({ includeEmpty: true }, (cell) => everything.push(String(cell.value ?? ''))),
      );
    }
    expect(everything.length).toBeGreaterThan(10);
    for (const name of [...voterNames, 'Host', 'Voters']) {
      expect(everything.some((text) => text.includes(name))).toBe(false);
    }
    expect(rows(workbook.worksheets[0]!)).toEqual([
      ['Secret ballot'],
      ['Where: pizza/salad?'],
      ['Single choice', 'Anonymous poll'],
      ['Participants', 3],
      ['Option', 'Votes', 'Percentage'],
      ['Pizza', 2, 0.667],
      ['Salad', 1, 0.333],
    ]);
  });

  test('headers follow the language of the request', async () => {
    const { voteId } = await votedPoll('Lunch', 0);
    const workbook = await open((await download(voteId, host, 'zh')).rawPayload);
    expect(rows(workbook.worksheets[0]!).slice(2, 5)).toEqual([
      ['单选'],
      ['参与人数', 3],
      ['选项', '票数', '占比', '投票人'],
    ]);
  });

  test('only the host downloads; members get the JSON refusal', async () => {
    const { voteId } = await votedPoll('Lunch', 0);
    const res = await download(voteId, voters[0]);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json()).toMatchObject({ code: -1, msg: 'Only the host can do this' });
  });

  test('a deleted poll answers 4050', async () => {
    const { voteId } = await votedPoll('Lunch', 0);
    await t.post('/api/vote/delete', { voteId }, host);
    expect((await download(voteId)).json()).toMatchObject({ code: 4050 });
  });

  test('from Home after the meeting: the creator still downloads the ended poll', async () => {
    const { voteId, conferenceId } = await votedPoll('After', 0);
    for (const token of [...voters, host]) {
      await t.post('/api/conference/quitConference', { conferenceId }, token);
    }
    const info = await t.post('/api/conference/conferenceInfo', { conferenceId });
    expect(info.json().payload).toMatchObject({ status: 3, hostId: 0 });
    const res = await download(voteId);
    expect(res.statusCode).toBe(200);
    const workbook = await open(res.rawPayload);
    expect(workbook.worksheets).toHaveLength(2);
  });

  test('below 1% the percentage keeps two decimals, as the dialog shows it', async () => {
    const created = await t.post('/api/conference/createConference', { topic: 'Empty' }, host);
    const { conferenceId, conferenceUri } = created.json().payload;
    await join(host, conferenceId, 'Host');
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri, voteList: lunchPoll('Nobody came', 0) },
      host,
    );
    const voteId = res.json().payload.voteId;
    await t.post('/api/vote/launch', { voteId }, host);
    await t.post('/api/vote/stop', { voteId }, host);
    const sheet = (await open((await download(voteId)).rawPayload)).worksheets[0]!;
    expect(rows(sheet).slice(3)).toEqual([
      ['Participants', 0],
      ['Option', 'Votes', 'Percentage', 'Voters'],
      ['Pizza', 0, 0, ''],
      ['Salad', 0, 0, ''],
    ]);
    expect(sheet.getCell('C6').numFmt).toBe('0.00%');
  });
});

describe('the workbook writer', () => {
  test('text XML cannot carry is kept escaped or dropped, and any file reads back', async () => {
    const odd = [
      'a & b <c> "d" \'e\'',
      '  leading and trailing  ',
      'line\nbreak',
      'bell\u0007',
      '😀 emoji',
      '',
    ];
    const file = xlsx(
      [
        { name: 'One & <two>', widths: [20], rows: odd.map((value) => [{ value }]) },
        { name: 'Numbers', widths: [], rows: [[{ value: 0 }, { value: -1.5 }, { value: 1e-7 }]] },
      ],
      new Date('2026-11-28T12:34:56Z'),
    );
    const workbook = await open(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['One & <two>', 'Numbers']);
    expect(rows(workbook.worksheets[0]!).map((r) => r[0] ?? '')).toEqual([
      'a & b <c> "d" \'e\'',
      '  leading and trailing  ',
      'line\nbreak',
      'bell',
      '😀 emoji',
      '',
    ]);
    expect(rows(workbook.worksheets[1]!)).toEqual([[0, -1.5, 1e-7]]);
    expect(workbook.created?.toISOString()).toBe('2026-11-28T12:34:56.000Z');
  });

  test.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, name) => {
    expect(columnName(index)).toBe(name);
  });
});

describe('names', () => {
  test.each([
    ['Lunch', 'Lunch.xlsx'],
    ['a/b\\c?d*e:f|g"h<i>j', 'a_b_c_d_e_f_g_h_i_j.xlsx'],
    ['  ', 'poll.xlsx'],
    ['...hidden', 'hidden.xlsx'],
    ['x'.repeat(150), `${'x'.repeat(100)}.xlsx`],
    [`${'x'.repeat(98)}. more`, `${'x'.repeat(98)}.xlsx`],
    ['Done...', 'Done.xlsx'],
  ])('exportFileName(%j) is %s', (title, name) => {
    expect(exportFileName(title)).toBe(name);
  });

  test.each([
    [0, 'Where?', '1. Where'],
    [1, '[a]:b*c/d\\e', '2. a b c d e'],
    [9, 'x'.repeat(40), `10. ${'x'.repeat(27)}`],
    [0, "it's'", "1. it's"],
  ])('sheetName(%i, %j) is %s', (index, title, name) => {
    expect(sheetName(index, title)).toBe(name);
  });

  test('Content-Disposition carries an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition("投票 (1)'s.xlsx")).toBe(
      `attachment; filename="__ (1)'s.xlsx"; filename*=UTF-8''%E6%8A%95%E7%A5%A8%20%281%29%27s.xlsx`,
    );
    // A plain ASCII name needs no second form.
    expect(contentDisposition('meeting-123456789.ics')).toBe(
      'attachment; filename=meeting-123456789.ics',
    );
  });
});
