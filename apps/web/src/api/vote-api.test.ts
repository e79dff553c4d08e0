import { afterEach, describe, expect, test, vi } from 'vitest';
import { emptyPollForm } from '@meet/shared';
import '../i18n/i18n';
import { ApiError } from './client';
import { filenameFromDisposition, voteApi } from './vote-api';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the export file name', () => {
  test.each([
    [`attachment; filename="_.xlsx"; filename*=UTF-8''%E5%8D%88%E9%A5%AD.xlsx`, '午饭.xlsx'],
    ['attachment; filename="Lunch poll.xlsx"', 'Lunch poll.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    [`attachment; filename="ok.xlsx"; filename*=UTF-8''%E5%ZZ`, 'ok.xlsx'],
    [null, null],
  ])('%s → %s', (header, name) => expect(filenameFromDisposition(header)).toBe(name));
});

function reply(body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('the vote calls', () => {
  test('create sends the poll as a JSON string, participate the answers', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      reply({ code: 0, msg: '', payload: null }),
    );
    vi.stubGlobal('fetch', fetch);
    await voteApi.create('uri-1', emptyPollForm());
    await voteApi.participate('uri-1', 7, 'Me', [{ questionId: 1, select: [2] }]);
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse(init.body as string));
    expect(JSON.parse(bodies[0].voteList)).toEqual({
      title: '',
      anonymous: 0,
      questions: [
        {
          questionId: 1,
          title: '',
          type: 0,
          options: [
            { optionId: 1, optionDesc: '' },
            { optionId: 2, optionDesc: '' },
          ],
        },
      ],
    });
    expect(bodies[1]).toMatchObject({ conferenceUri: 'uri-1', voteId: 7, nickname: 'Me' });
    expect(JSON.parse(bodies[1].questions)).toEqual([{ questionId: 1, select: [2] }]);
  });

  test('export saves the xlsx under its title through a blob link', async () => {
    const xlsx = new Response('PK', {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="_.xlsx"; filename*=UTF-8''%E5%8D%88%E9%A5%AD.xlsx`,
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => xlsx),
    );
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await expect(voteApi.export(7, { silent: true })).resolves.toBe('午饭.xlsx');
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('午饭.xlsx');
  });

  test('a refused export throws the server message and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply({ code: 4050, msg: 'The poll no longer exists', payload: null })),
    );
    const error = await voteApi.export(7, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 4050, message: 'The poll no longer exists' });
  });
});
