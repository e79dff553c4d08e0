import { describe, expect, test } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { hostApi } from './host-api';

describe('host calls', () => {
  const { fetchMock, body } = stubFetch();

  test('a command about members carries setContent as JSON with a comma-joined code_list', async () => {
    await hostApi.commandFor('uri-1', 'conf_mute', '2', [7, 8]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/conference/set');
    expect(body().conferenceUri).toBe('uri-1');
    expect(JSON.parse(body().setContent as string)).toEqual({
      room: 'uri-1',
      ext: { ext_type: 'conf_mute', ext_value: '2', code_list: '7,8' },
    });
  });

  test('a command about everyone has scope all', async () => {
    await hostApi.commandFor('uri-1', 'hand_up', '1', 'all');
    expect(JSON.parse(body().setContent as string).ext).toEqual({
      ext_type: 'hand_up',
      ext_value: '1',
      scope: 'all',
    });
  });
});
