import { describe, expect, test } from 'vitest';
import { peerInfo } from '../../test/peer-info';
import { createRoomStore } from '../room-core/room-store';
import { recordingScene } from './recording-scene';

function room(count: number) {
  const store = createRoomStore();
  store.dispatch({ type: 'me', me: peerInfo(1, { displayName: 'Me' }) });
  store.dispatch({
    type: 'peers',
    peers: Array.from({ length: count - 1 }, (_, i) =>
      peerInfo(i + 2, { displayName: `Member ${i + 2}` }),
    ),
  });
  return store;
}

describe('what a local recording draws', () => {
  test.each([
    [1, 1],
    [4, 4],
    [12, 9],
  ])('the grid with %i members shows %i tiles, me first', (count, tiles) => {
    const scene = recordingScene(room(count).getState());
    expect(scene.layout).toBe('grid');
    expect(scene.tiles).toHaveLength(tiles);
    expect(scene.tiles[0]).toEqual({ peerId: '1', source: 'camera', name: 'Me' });
  });

  test('the float view: the main window first, then at most 5 side tiles', () => {
    const store = room(8);
    store.dispatch({ type: 'viewMode', mode: 'float' });
    const scene = recordingScene(store.getState());
    expect(scene.layout).toBe('speech');
    expect(scene.tiles).toHaveLength(6);
    expect(new Set(scene.tiles.map((t) => t.peerId)).size).toBe(6);
  });
});
