import { describe, expect, test } from 'vitest';
import type { PeerInfo } from '@meet/shared';
import { planSubscriptions } from './subscription-plan';
import { peerInfo } from '../test/peer-info';

const peer = (peerId: string, feeds: PeerInfo['feeds'], mids: PeerInfo['mids']) =>
  peerInfo(peerId, { displayName: peerId, voiceLanguage: '', feeds, mids });

const peers = new Map([
  ['1', peer('1', { camera: 11 }, { camera: { audio: '0', video: '1' } })],
  [
    '2',
    peer(
      '2',
      { camera: 21, screen: 22 },
      { camera: { audio: '0', video: '1' }, screen: { video: '0', audio: '1' } },
    ),
  ],
  ['3', peer('3', {}, {})],
]);

describe('planSubscriptions', () => {
  test('everyone is heard, including screen audio; no video without a visible tile', () => {
    expect([...planSubscriptions(peers, []).keys()].sort()).toEqual(['11/0', '21/0', '22/1']);
  });

  test('visible tiles add their video at their layer; off-screen ones do not', () => {
    const plan = planSubscriptions(peers, [
      { peerId: '2', source: 'screen', layer: 2 },
      { peerId: '1', source: 'camera', layer: 0 },
      { peerId: '3', source: 'camera', layer: 1 },
    ]);
    expect(plan.get('22/0')).toEqual({ stream: { feed: 22, mid: '0' }, layer: 2 });
    expect(plan.get('11/1')).toEqual({ stream: { feed: 11, mid: '1' }, layer: 0 });
    expect(plan.has('21/1')).toBe(false);
    expect(plan.size).toBe(5);
  });
});
