import { expect, test } from 'vitest';
import { layerForTile } from '@meet/shared';
import { peerInfo } from '../../test/peer-info';
import { firstView, fitGrid, type FirstViewInput } from './first-view';

const laptop: FirstViewInput['window'] = { width: 1280, height: 720, devicePixelRatio: 1 };
const grid: FirstViewInput = { viewMode: 'grid', lockedId: null, window: laptop };
const me = peerInfo(1);
const camera = (id: number) => peerInfo(id, { feeds: { camera: 100 + id } });

test('grid: every other member of the first page, at the layer of the tile the stage will draw', () => {
  const others = [camera(2), camera(3)];
  const view = firstView(others, me, grid);
  // Three tiles in the stage left of the 80 px toolbar and inside the 16 px padding.
  const { tileWidth } = fitGrid(3, 1280 - 32, 720 - 96);
  const layer = layerForTile(tileWidth, (tileWidth * 9) / 16);
  expect(view).toEqual([
    { peerId: '2', source: 'camera', layer },
    { peerId: '3', source: 'camera', layer },
  ]);
  // Two people: the other fills the stage (me in a corner), so even a laptop takes the high layer.
  expect(firstView([camera(2)], me, grid)[0]!.layer).toBe(2);
  const big = { ...grid, window: { width: 2560, height: 1440, devicePixelRatio: 1 } };
  expect(firstView([camera(2)], me, big)[0]!.layer).toBe(2);
});

test('grid: only the first page (nine tiles, me among them), never my own video', () => {
  const others = Array.from({ length: 14 }, (_, i) => camera(i + 2));
  const view = firstView(others, me, grid);
  expect(view).toHaveLength(8);
  expect(view.map((v) => v.peerId)).not.toContain('1');
  // Nine tiles of one size (3 × 3 of about 360 px here: the middle layer).
  const { tileWidth } = fitGrid(9, 1280 - 32, 720 - 96);
  expect(new Set(view.map((v) => v.layer))).toEqual(new Set([layerForTile(tileWidth, 0)]));
  expect(view[0]!.layer).toBe(1);
});

test('a share puts the shared screen in the main window at the high layer, cameras in the strip', () => {
  const sharer = peerInfo(3, { feeds: { camera: 103, screen: 203 } });
  const view = firstView([camera(2), sharer], me, grid);
  expect(view).toContainEqual({ peerId: '3', source: 'screen', layer: 2 });
  expect(view).toContainEqual({ peerId: '2', source: 'camera', layer: 0 });
  expect(view).toContainEqual({ peerId: '3', source: 'camera', layer: 0 });
});

test('float view: the pinned member in the main window, the rest in the strip', () => {
  const view = firstView([camera(2), camera(3)], me, { ...grid, viewMode: 'float', lockedId: '3' });
  expect(view).toContainEqual({ peerId: '3', source: 'camera', layer: 2 });
  expect(view).toContainEqual({ peerId: '2', source: 'camera', layer: 0 });
  expect(view).toHaveLength(2);
});

test('float view without a pin or a share: the first other member in the main window, never me', () => {
  const view = firstView([camera(2), camera(3)], me, { ...grid, viewMode: 'float' });
  expect(view.find((v) => v.peerId === '2')?.layer).toBe(2);
  expect(view.find((v) => v.peerId === '3')?.layer).toBe(0);
});
